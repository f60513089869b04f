import { describe, expect, it, vi } from 'vitest';
import { registry } from './registry.ts';
import { mountWidget } from '../tests/helpers/mount.ts';

/**
 * One contract for every registered widget (instantsearch's tests/common idea): it registers once, renders into
 * an open shadow root with the shared stylesheets, exposes parts, survives being defined twice, unmounts on
 * disconnect and leaks no globals. The network is faked at the fetch boundary: every call fails (503), so this
 * also checks that a widget renders something sensible when the platform is down.
 */
const flush = (ms = 0) => new Promise((r) => setTimeout(r, ms));

const down = vi.fn(
  async () =>
    new Response(JSON.stringify({ message: 'unavailable' }), {
      status: 503,
      headers: { 'content-type': 'application/json' },
    }),
);

describe.each(Object.keys(registry))('<%s> contract', (tag) => {
  it('registers once when its chunk is imported, and importing again is harmless', async () => {
    const before = new Set(Object.getOwnPropertyNames(window));
    await registry[tag]![0]();
    const ctor = customElements.get(tag);
    expect(ctor).toBeDefined();
    await registry[tag]![0]();
    expect(customElements.get(tag)).toBe(ctor);
    const added = Object.getOwnPropertyNames(window).filter((k) => !before.has(k));
    expect(added).toEqual([]);
  });

  it('renders into an open shadow root with adopted styles and named parts, and unmounts on disconnect', async () => {
    await registry[tag]![0]();
    const errors = vi.spyOn(console, 'error');
    const { el } = await mountWidget(tag, { 'product-id': '11111111-1111-4111-8111-111111111111' }, down, {
      clientId: 'demo-client',
    });
    await flush(20);
    const root = el.shadowRoot!;
    expect(root).not.toBeNull();
    expect(root.adoptedStyleSheets.length).toBeGreaterThanOrEqual(2);
    expect(root.querySelector('[part]')).not.toBeNull();
    expect(errors.mock.calls.filter((c) => String(c[0]).includes('failed to render'))).toEqual([]);
    errors.mockRestore();
    el.remove();
    await flush();
    expect(root.childElementCount).toBe(0);
  });
});
