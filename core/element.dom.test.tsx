import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { defineElement, setPageContext, type WidgetProps } from './element.ts';

let n = 0;
const uniqueTag = () => `inlay-test-${++n}`;
const flush = () => new Promise((r) => setTimeout(r, 0));

interface DemoProps {
  productId?: string;
  limit?: number;
  open?: boolean;
  options?: { a: number };
}

const mounted = vi.fn();
const cleanup = vi.fn();
function Demo({ productId, limit, open, options, emit }: DemoProps & WidgetProps) {
  useEffect(() => {
    mounted();
    return cleanup;
  }, []);
  return (
    <button
      type="button"
      part="button"
      data-open={String(Boolean(open))}
      onClick={() => emit('inlay-error', { code: 'X', message: productId ?? '' })}
    >
      {productId ?? 'none'}|{typeof limit === 'number' ? limit + 1 : 'nolimit'}|{options?.a ?? 'noopt'}
    </button>
  );
}

function define(tag = uniqueTag()) {
  defineElement<DemoProps>({
    tag,
    component: Demo,
    props: { productId: 'string', limit: 'number', open: 'boolean', options: 'json' },
    styles: ':host{display:inline-block}',
  });
  return tag;
}

const shadowButton = (el: Element) => el.shadowRoot!.querySelector('button')!;

afterEach(async () => {
  document.body.replaceChildren();
  // a test's last mount runs its effects after the next paint (Preact: a frame, at most 100 ms): let them run here,
  // not in the next test
  await new Promise((r) => setTimeout(r, 120));
  setPageContext(undefined); // no configuration error either
});

describe('defineElement', () => {
  it('renders into an open shadow root and maps kebab-case attributes to typed props', async () => {
    const tag = define();
    const el = document.createElement(tag);
    el.setAttribute('product-id', 'p1');
    el.setAttribute('limit', '4');
    el.setAttribute('options', '{"a":7}');
    document.body.append(el);
    await flush();
    expect(el.shadowRoot).not.toBeNull();
    expect(shadowButton(el).textContent).toBe('p1|5|7');
    el.setAttribute('product-id', 'p2');
    await flush();
    expect(shadowButton(el).textContent).toBe('p2|5|7');
    el.removeAttribute('product-id');
    await flush();
    expect(shadowButton(el).textContent).toBe('none|5|7');
  });

  it('treats booleans as present/absent, both ways, and reflects the property', async () => {
    const tag = define();
    const el = document.createElement(tag) as HTMLElement & { open: boolean; productId?: string };
    el.setAttribute('open', ''); // `<x open>`: present means true, whatever the value
    document.body.append(el);
    await flush();
    expect(shadowButton(el).dataset.open).toBe('true');
    el.removeAttribute('open');
    await flush();
    expect(shadowButton(el).dataset.open).toBe('false');
    el.open = true;
    await flush();
    expect(el.hasAttribute('open')).toBe(true);
    expect(shadowButton(el).dataset.open).toBe('true');
    el.productId = 'via-prop';
    await flush();
    expect(el.getAttribute('product-id')).toBe('via-prop');
  });

  it('dispatches typed events that bubble and cross the shadow boundary', async () => {
    const tag = define();
    const el = document.createElement(tag);
    el.setAttribute('product-id', 'p9');
    document.body.append(el);
    await flush();
    const seen = vi.fn();
    document.addEventListener('inlay-error', (e) => seen(e.detail, e.composed, e.bubbles, e.target));
    shadowButton(el).click();
    expect(seen).toHaveBeenCalledWith({ code: 'X', message: 'p9' }, true, true, el);
  });

  it('shares one stylesheet among instances and adopts it with the base sheet', async () => {
    const tag = define();
    const a = document.createElement(tag);
    const b = document.createElement(tag);
    document.body.append(a, b);
    await flush();
    const sa = a.shadowRoot!.adoptedStyleSheets;
    expect(sa.length).toBe(2);
    expect(sa[0]).toBe(b.shadowRoot!.adoptedStyleSheets[0]);
    expect(sa[1]).toBe(b.shadowRoot!.adoptedStyleSheets[1]);
  });

  it('unmounts on disconnect (effects clean up) and renders again when re-attached', async () => {
    const tag = define();
    const el = document.createElement(tag);
    mounted.mockClear();
    document.body.append(el);
    await vi.waitFor(() => expect(mounted).toHaveBeenCalled()); // effects run after paint
    cleanup.mockClear();
    el.remove();
    await flush();
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(el.shadowRoot!.querySelector('button')).toBeNull();
    document.body.append(el);
    await flush();
    expect(shadowButton(el)).not.toBeNull();
  });

  it('a move to another parent keeps the mounted view (no cleanup, no second mount)', async () => {
    const tag = define();
    const [a, b] = [document.createElement('div'), document.createElement('div')];
    document.body.append(a, b);
    const el = document.createElement(tag);
    el.setAttribute('product-id', 'p1');
    mounted.mockClear();
    a.append(el);
    await vi.waitFor(() => expect(mounted).toHaveBeenCalled());
    const button = shadowButton(el);
    mounted.mockClear();
    cleanup.mockClear();
    b.append(el);
    await flush();
    expect([mounted.mock.calls.length, cleanup.mock.calls.length]).toEqual([0, 0]);
    expect(shadowButton(el)).toBe(button);
    el.setAttribute('product-id', 'p2');
    await flush();
    expect(button.textContent).toBe('p2|nolimit|noopt');
  });

  it('a second definition of the same tag warns and keeps the first', () => {
    const tag = define();
    const first = customElements.get(tag);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() => define(tag)).not.toThrow();
    expect(customElements.get(tag)).toBe(first);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('already defined'));
    warn.mockRestore();
  });

  it('shows the configuration error instead of the widget when the configuration is invalid', async () => {
    setPageContext(undefined, 'Invalid Inlay configuration: data-client-id is required');
    const tag = define();
    const el = document.createElement(tag);
    document.body.append(el);
    await flush();
    const alert = el.shadowRoot!.querySelector('[role=alert]');
    expect(alert?.textContent).toBe('Invalid Inlay configuration: data-client-id is required');
    expect(el.shadowRoot!.querySelector('button')).toBeNull();
  });

  it('contains a crashing widget: a message in its box and an inlay-error event, nothing thrown at the host', async () => {
    const tag = uniqueTag();
    function Broken(): never {
      throw new Error('boom');
    }
    defineElement({ tag, component: Broken, props: {} });
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen = vi.fn();
    document.addEventListener('inlay-error', (e) => seen(e.detail.code));
    const el = document.createElement(tag);
    expect(() => document.body.append(el)).not.toThrow();
    await flush();
    await flush();
    expect(el.shadowRoot!.querySelector('[role=alert]')?.textContent).toMatch(/could not be shown/);
    expect(seen).toHaveBeenCalledWith('WIDGET_CRASHED');
    err.mockRestore();
  });

  it('renders once, with every attribute, when it enters the document; not for each attribute set before', async () => {
    const tag = uniqueTag();
    const renders: string[] = [];
    function Counted({ productId, limit, open }: DemoProps & WidgetProps) {
      renders.push(`${productId}|${limit}|${open}`);
      return <p>{productId}</p>;
    }
    defineElement<DemoProps>({
      tag,
      component: Counted,
      props: { productId: 'string', limit: 'number', open: 'boolean', options: 'json' },
    });
    // as an upgrade does: the attributes arrive one by one before the element is connected
    const el = document.createElement(tag);
    el.setAttribute('product-id', 'p1');
    el.setAttribute('limit', '3');
    el.toggleAttribute('open', true);
    expect(renders).toEqual([]);
    document.body.append(el);
    await flush();
    expect(renders).toEqual(['p1|3|true']);
    // a later change still renders
    el.setAttribute('limit', '4');
    expect(renders).toEqual(['p1|3|true', 'p1|4|true']);
  });
});
