import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { useState } from 'react';
import { createI18n } from '../core/i18n/index.ts';
import type { Order } from '../core/api/orders.ts';
import { TabList, TabPanel, tabAfter } from './tabs.tsx';
import { LazyPart, useLazyPart } from './lazy-part.tsx';
import { createPaged } from './paged.ts';
import { More } from './more.tsx';
import { Confirm } from './confirm.tsx';
import { ErrorLine, Failure } from './states.tsx';
import { Empty, ErrorState } from './part-states.tsx';
import { money, statusWords } from './words.ts';
import { OrderView, type OrderWords } from './order-view.tsx';
import { addressLines } from './address.ts';
import { total } from '../widgets/admin/orders/words.ts';

const i18n = createI18n('en-US');
let host!: HTMLDivElement;
const mount = async (node: preact.ComponentChild) => {
  host = document.createElement('div');
  document.body.append(host);
  await act(() => render(node, host));
  return host;
};
const flush = () => act(() => new Promise<void>((r) => setTimeout(r, 0)));
const buttons = () => [...host.querySelectorAll('button')];
afterEach(() => {
  if (!host) return;
  render(null, host);
  host.remove();
});

describe('tabs', () => {
  const keys = ['a', 'b', 'c'] as const;
  it('arrows step and wrap, Home and End go to the ends, right to left mirrors the arrows', () => {
    expect(tabAfter(keys, 'a', 'ArrowRight', false)).toBe('b');
    expect(tabAfter(keys, 'a', 'ArrowLeft', false)).toBe('c');
    expect(tabAfter(keys, 'a', 'ArrowRight', true)).toBe('c');
    expect(tabAfter(keys, 'c', 'ArrowLeft', true)).toBe('a');
    expect(tabAfter(keys, 'b', 'Home', false)).toBe('a');
    expect(tabAfter(keys, 'a', 'End', false)).toBe('c');
    expect(tabAfter(keys, 'a', 'Enter', false)).toBeUndefined();
  });

  it('one tab stop; a key picks and focuses the next tab; the panel is named by the current tab', async () => {
    function Shell() {
      const [k, setK] = useState<(typeof keys)[number]>('a');
      return (
        <>
          <TabList
            ids="x"
            label="Sections"
            keys={keys}
            current={k}
            name={(s) => s.toUpperCase()}
            pick={setK}
            host={host}
          />
          <TabPanel ids="x" current={k}>
            {k}
          </TabPanel>
        </>
      );
    }
    await mount(<Shell />);
    const list = host.querySelector('[role=tablist]')!;
    expect(list.getAttribute('aria-label')).toBe('Sections');
    expect(buttons().map((b) => b.tabIndex)).toEqual([0, -1, -1]);
    await act(() => void list.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true })));
    const tabs = buttons();
    expect(tabs[2]!.getAttribute('aria-selected')).toBe('true');
    expect(host.ownerDocument.activeElement).toBe(tabs[2]);
    const panel = host.querySelector('[role=tabpanel]')!;
    expect(panel.getAttribute('aria-labelledby')).toBe('xtc');
    expect(panel.textContent).toBe('c');
    await act(() => tabs[1]!.click());
    expect(panel.textContent).toBe('b');
  });

  it('without a current tab the panel is a plain box', async () => {
    await mount(<TabPanel ids="y">z</TabPanel>);
    expect(host.querySelector('.panel')!.hasAttribute('role')).toBe(false);
  });
});

describe('lazy part', () => {
  it('bones, then the failure with a retry that loads again, then the part', async () => {
    let calls = 0;
    const load = vi.fn(() => (++calls === 1 ? Promise.reject(new Error('x')) : Promise.resolve('loaded')));
    function Part() {
      const s = useLazyPart('k', load, () => ({ error: () => 'It failed.' }));
      return (
        <LazyPart state={s} retryLabel="Try again" bones={3}>
          {(v) => <p class="v">{v}</p>}
        </LazyPart>
      );
    }
    await mount(<Part />);
    await flush();
    expect(host.querySelector('[role=alert]')!.textContent).toBe('It failed. Try again');
    await act(() => buttons()[0]!.click());
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    expect(host.querySelector('.v')!.textContent).toBe('loaded');
  });

  it('shows bones while loading; a part already there shows at once; a disabled part never loads', async () => {
    const never = vi.fn(() => new Promise<string>(() => {}));
    function Part({ enabled }: { enabled: boolean }) {
      const s = useLazyPart('k', never, () => ({ error: String }), { enabled });
      return (
        <LazyPart state={s} retryLabel="r" bones={3}>
          {(v) => v}
        </LazyPart>
      );
    }
    await mount(<Part enabled={false} />);
    expect(never).not.toHaveBeenCalled();
    expect(host.querySelectorAll('.bones .skeleton')).toHaveLength(3);
    render(null, host);
    function Ready() {
      const s = useLazyPart('k', never, () => ({ error: String }), { ready: () => 'here' });
      return (
        <LazyPart state={s} retryLabel="r">
          {(v) => v}
        </LazyPart>
      );
    }
    await mount(<Ready />);
    expect(host.textContent).toBe('here');
    expect(never).not.toHaveBeenCalled();
  });
});

describe('paged list', () => {
  it('loads, adds the next page without repeats, ignores a second "more" while one loads, keeps the list on a failed page', async () => {
    const pages: Record<string, { items: { id: string }[]; next?: string }> = {
      first: { items: [{ id: '1' }, { id: '2' }], next: 'p2' },
      p2: { items: [{ id: '2' }, { id: '3' }], next: 'p3' },
    };
    const read = vi.fn(async (c?: string) => {
      const p = pages[c ?? 'first'];
      if (!p) throw new Error('gone');
      return p;
    });
    const list = createPaged(read, { id: (x) => x.id, words: () => 'failed' });
    await list.load();
    expect(list.$list.get()).toMatchObject({ status: 'ready', next: 'p2' });
    const a = list.more();
    const b = list.more();
    await Promise.all([a, b]);
    expect(read).toHaveBeenCalledTimes(2);
    expect(list.$list.get().items.map((x) => x.id)).toEqual(['1', '2', '3']);
    await list.more();
    expect(list.$list.get()).toMatchObject({ status: 'ready', error: 'failed', more: false });
    expect(list.$list.get().items).toHaveLength(3);
    list.update((xs) => xs.slice(1));
    expect(list.$list.get().items.map((x) => x.id)).toEqual(['2', '3']);
  });

  it('a failed first page is an error; a later load wins over an earlier one', async () => {
    let resolveFirst: (p: { items: string[] }) => void = () => {};
    const read = vi
      .fn()
      .mockImplementationOnce(() => new Promise((r) => (resolveFirst = r)))
      .mockImplementationOnce(async () => ({ items: ['new'] }))
      .mockImplementationOnce(async () => {
        throw new Error('x');
      });
    const list = createPaged<string>(read, { id: String, words: () => 'no' });
    const first = list.load();
    await list.load();
    resolveFirst({ items: ['old'] });
    await first;
    expect(list.$list.get().items).toEqual(['new']);
    await list.load();
    expect(list.$list.get()).toMatchObject({ status: 'error', error: 'no' });
  });

  it('a page’s other fields are kept beside the items, as the last page said them; "more" waits for a first page under way', async () => {
    let first: (p: { items: string[]; next: string; flag: boolean }) => void = () => {};
    const read = vi
      .fn()
      .mockImplementationOnce(async () => ({ items: ['a'], next: 'p2', flag: true }))
      .mockImplementationOnce(() => new Promise((r) => (first = r)))
      .mockImplementationOnce(async () => ({ items: ['c'], flag: false }));
    const list = createPaged<string, { flag?: boolean }>(read, { id: String, words: () => 'no' });
    await list.load();
    expect(list.$list.get()).toMatchObject({ status: 'ready', items: ['a'], next: 'p2', flag: true });
    // the first page again, under way: the old cursor is not followed
    const again = list.load();
    await list.more();
    expect(read).toHaveBeenCalledTimes(2);
    first({ items: ['b'], next: 'p3', flag: true });
    await again;
    await list.more();
    expect(read).toHaveBeenLastCalledWith('p3');
    expect(list.$list.get()).toMatchObject({ status: 'ready', items: ['b', 'c'], next: undefined, flag: false });
  });
});

describe('more, confirm, states', () => {
  it('"more" shows only with a next page, says it is busy and does nothing then', async () => {
    const onMore = vi.fn();
    await mount(<More next={false} label="Show more" onMore={onMore} />);
    expect(buttons()).toHaveLength(0);
    await act(() => render(<More next busy label="Show more" busyLabel="Loading…" onMore={onMore} />, host));
    expect(buttons()[0]!.textContent).toBe('Loading…');
    expect(buttons()[0]!.getAttribute('aria-busy')).toBe('true');
    buttons()[0]!.click();
    expect(onMore).not.toHaveBeenCalled();
    await act(() => render(<More next label="Show more" onMore={onMore} />, host));
    buttons()[0]!.click();
    expect(onMore).toHaveBeenCalledOnce();
  });

  it('confirm: a form named by its question; confirming gets the form, keeping closes it', async () => {
    const onConfirm = vi.fn();
    const onKeep = vi.fn();
    await mount(
      <Confirm
        id="c"
        question="Cancel it?"
        hint="Nothing is charged."
        confirm="Yes"
        busyLabel="Sending…"
        keep="No"
        error="Refused."
        onConfirm={onConfirm}
        onKeep={onKeep}
      >
        <textarea name="reason" />
      </Confirm>,
    );
    const form = host.querySelector('form')!;
    expect(form.getAttribute('aria-labelledby')).toBe('cq');
    expect(host.querySelector('#cq')!.textContent).toBe('Cancel it?');
    expect(host.querySelector('[role=alert]')!.textContent).toBe('Refused.');
    await act(() => buttons()[0]!.click());
    expect(onConfirm).toHaveBeenCalledWith(form);
    buttons()[1]!.click();
    expect(onKeep).toHaveBeenCalledOnce();
    await act(() =>
      render(
        <Confirm
          id="c"
          question="q"
          confirm="Yes"
          busy
          busyLabel="Sending…"
          keep="No"
          onConfirm={onConfirm}
          onKeep={onKeep}
        />,
        host,
      ),
    );
    expect(buttons()[0]!.textContent).toBe('Sending…');
    await act(() => buttons()[0]!.click());
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('confirm: with `focus`, the question takes focus when it shows (once: a re-render leaves focus where it is); without, focus stays', async () => {
    const step = (focus: boolean, question = 'Delete it?', busy = false) => (
      <div>
        <button type="button">Ask</button>
        <Confirm
          id="f"
          question={question}
          confirm="Yes"
          keep="No"
          danger={false}
          busy={busy}
          focus={focus}
          onConfirm={() => {}}
          onKeep={() => {}}
        />
      </div>
    );
    const asker = () => host.querySelector('button')!;
    await mount(step(false));
    expect(host.querySelector('#fq')!.hasAttribute('tabindex')).toBe(false);
    expect(document.activeElement).not.toBe(host.querySelector('#fq'));
    await act(() => render(<button type="button">Ask</button>, host));
    asker().focus();
    await act(() => render(step(true), host));
    const q = host.querySelector<HTMLParagraphElement>('#fq')!;
    expect(q.tabIndex).toBe(-1);
    expect(document.activeElement).toBe(q);
    asker().focus();
    await act(() => render(step(true, 'Delete them?', true), host));
    expect(document.activeElement).toBe(asker());
    // busy without a label of its own: the button keeps saying what it does
    expect(buttons()[1]!.textContent).toBe('Yes');
    expect(buttons()[1]!.getAttribute('aria-busy')).toBe('true');
  });

  it('failure, error state, error line and empty state', async () => {
    const retry = vi.fn();
    await mount(
      <>
        <Failure error="Offline." retry={retry} label="Try again" />
        <ErrorState error="Down." retry={retry} label="Retry" />
        <ErrorLine error={false} />
        <ErrorLine error="Bad." id="e" />
        <Empty part="empty">Nothing yet</Empty>
      </>,
    );
    expect([...host.querySelectorAll('[role=alert]')].map((x) => x.textContent)).toEqual([
      'Offline. Try again',
      'Down.Retry',
      'Bad.',
    ]);
    buttons().forEach((b) => b.click());
    expect(retry).toHaveBeenCalledTimes(2);
    expect(host.querySelector('[part=empty]')!.textContent).toBe('Nothing yet');
  });
});

const m = (amount: string) => ({ amount });
const order = {
  id: 'o',
  number: '7',
  currency: 'EUR',
  status: 'CANCELED',
  paymentStatus: 'PAID',
  fulfillmentStatus: 'NOT_FULFILLED',
  lineItems: [
    {
      id: 'l1',
      quantity: 2,
      productName: { original: 'Mug' },
      price: m('10.00'),
      totalPriceBeforeTax: m('20.00'),
      image: { url: 'https://img.test/mug.jpg' },
      descriptionLines: [{ name: { original: 'Color' }, colorInfo: { original: 'Navy' } }],
    },
    { id: 'l2', quantity: 1, productName: { original: 'Spoon' }, price: m('3.00'), image: { url: 'javascript:x' } },
  ],
  appliedDiscounts: [{ coupon: { code: 'SAVE' } }],
  priceSummary: { subtotal: m('23.00'), discount: m('2.00'), shipping: m('5.00'), tax: m('1.00'), total: m('27.00') },
  shippingInfo: {
    logistics: {
      shippingDestination: {
        address: { addressLine1: '1 Rue', city: 'Paris', postalCode: '75001', country: 'FR' },
        contactDetails: { firstName: 'Ada', lastName: 'B' },
      },
    },
  },
  billingInfo: {
    address: { addressLine: '2 Main St', city: 'Portland', subdivision: 'US-OR', postalCode: '97201', country: 'US' },
  },
} as unknown as Order;
const words: OrderWords = {
  qty: (n) => `Qty ${n}`,
  option: (name, value) => `${name} = ${value}`,
  subtotal: 'Subtotal',
  discount: 'Discount',
  shipping: 'Shipping',
  tax: 'Tax',
  tip: 'Tip',
  total: 'Total',
  shipTo: 'Ship to',
  billTo: 'Bill to',
};

describe('order view and words', () => {
  it('lines with thumbnails (http(s) only) and line totals, every total, both addresses', async () => {
    await mount(<OrderView order={order} i18n={i18n} words={words} more={<section class="extra" />} />);
    const lines = [...host.querySelectorAll('[part=lines] li')];
    expect(lines.map((l) => l.querySelector('.amt')!.textContent)).toEqual(['€20.00', '€3.00']);
    // an option with its value in the app's words ("Couleur\u202f: Marine" in French)
    expect(lines[0]!.textContent).toContain('Color = Navy');
    expect(lines[0]!.querySelector('img')!.getAttribute('src')).toBe('https://img.test/mug.jpg');
    expect(lines[1]!.querySelector('img')).toBeNull();
    const rows = [...host.querySelectorAll('[part=totals] .row')].map((r) => r.textContent);
    expect(rows).toEqual(['Subtotal€23.00', 'Shipping€5.00', 'Tax€1.00', 'Discount (SAVE)−€2.00', 'Total€27.00']);
    const addresses = [...host.querySelectorAll('.addr')].map((a) => [...a.children].map((s) => s.textContent));
    expect(addresses[0]).toEqual(['Ada B', '1 Rue', '75001 Paris', 'France']);
    expect(addresses[1]).toEqual(['2 Main St', 'Portland, OR 97201', 'United States']);
    expect(host.querySelector('.cols .extra')).not.toBeNull();
  });

  it('a tip added at checkout is a row of its own in the app’s words; another fee by the name the platform gives it', async () => {
    const tipped = {
      ...order,
      additionalFees: [
        { code: 'TIP', name: 'Tip', price: m('3.45') },
        { code: 'HANDLING_FEE', name: '<b>Handling</b>', price: m('1.00') },
        { code: 'X', name: 'Nothing', price: m('0.00') },
      ],
    } as unknown as Order;
    await mount(<OrderView order={tipped} i18n={i18n} words={{ ...words, tip: 'Pourboire' }} />);
    const rows = [...host.querySelectorAll('[part=totals] .row')].map((r) => r.textContent);
    expect(rows).toEqual([
      'Subtotal€23.00',
      'Shipping€5.00',
      'Tax€1.00',
      'Pourboire€3.45',
      '<b>Handling</b>€1.00',
      'Discount (SAVE)−€2.00',
      'Total€27.00',
    ]);
    expect(host.querySelector('[part=totals] b')).toBeNull();
  });

  it('every value is isolated for bidi: a line’s name, details, quantity and amount, each total, each address line', async () => {
    await mount(<OrderView order={order} i18n={i18n} words={words} />);
    const values = [
      ...host.querySelectorAll('[part=lines] p'),
      ...host.querySelectorAll('[part=totals] dd'),
      ...host.querySelectorAll('.addr > span'),
    ];
    expect(values.length).toBe(2 * 4 - 1 + 5 + 7);
    // the whole value inside one <bdi> (its own direction), the element around it keeps the page's alignment
    for (const v of values) {
      expect(v.children.length, v.textContent!).toBe(1);
      expect(v.firstElementChild!.tagName, v.textContent!).toBe('BDI');
      expect(v.firstElementChild!.textContent).toBe(v.textContent);
    }
  });

  it('money is written for the page’s locale and the order’s currency, never as the platform formatted it; status words only for known keys', () => {
    expect(money(i18n, { amount: '5', formattedAmount: '5 $' }, 'USD')).toBe('$5.00');
    expect(money(i18n, { amount: '5' }, 'USD')).toBe('$5.00');
    // one French page: the account's money (this) and the console's order total write the same string
    const fr = createI18n('fr-FR');
    const o = { ...order, currency: 'USD', priceSummary: { total: { amount: '126.36', formattedAmount: '$126.36' } } };
    const account = money(fr, o.priceSummary.total, o.currency);
    expect(account.replace(/[\u00a0\u202f]/g, ' ')).toBe('126,36 $US');
    expect(total(fr, o as Order)).toBe(account);
    expect(money(i18n, undefined)).toBe('');
    const known = { 'st.CANCELED': 1, 'pay.PAID': 1, 'x.st.CANCELED': 1, 'x.pay.PAID': 1 };
    const say = (k: string) => `<${k}>`;
    expect(statusWords(say, order, known, { canceledAlone: true })).toEqual(['<st.CANCELED>']);
    expect(statusWords(say, order, known, { prefix: 'x.' })).toEqual(['<x.st.CANCELED>', '<x.pay.PAID>']);
    expect(addressLines(i18n, undefined)).toEqual([]);
  });
});
