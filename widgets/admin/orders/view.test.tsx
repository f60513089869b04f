import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, mountWidget } from '../../../tests/helpers/mount.ts';
import { fakeFetch, json, type Call } from '../../../tests/helpers/fake-fetch.ts';
import type { Member } from '../../../core/api/members.ts';
import { filtersFrom, filtersInto, NO_FILTERS, searchBody } from './model.ts';

// the console's chunks, imported once before the tests (a first import is slow on a busy machine; the waits are 1 s)
beforeAll(async () => {
  await Promise.all([
    import('../console.tsx'),
    import('../reviews/view.tsx'),
    import('../abandoned/view.tsx'),
    import('./view.tsx'),
    import('./list/view.tsx'),
    import('./detail/view.tsx'),
  ]);
});

const B = 'https://shop.test/api/inlay';
const XSS = '<img src=x onerror="window.__xss=1">';
const order = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `o-${n}`,
  number: String(1000 + n),
  createdDate: '2026-03-0' + n + 'T10:00:00.000Z',
  status: 'APPROVED',
  paymentStatus: 'PAID',
  fulfillmentStatus: 'NOT_FULFILLED',
  currency: 'USD',
  buyerInfo: { email: `buyer${n}@example.com` },
  billingInfo: { contactDetails: { firstName: 'Ann', lastName: `Archer ${n}` } },
  lineItems: [
    { id: `l-${n}`, quantity: 2, productName: { original: 'Beeswax Taper Candles' }, price: { amount: '9.00' } },
  ],
  priceSummary: { total: { amount: `${18 + n}.00` } },
  ...extra,
});
let orders: ReturnType<typeof order>[] = [];
let reply: (call: Call) => Response | Promise<Response> | undefined;
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  const custom = reply(call);
  if (custom) return custom;
  if (call.url === `${B}/v1/me`) return json(200, { kind: 'member', owner: true });
  if (call.url === `${B}/v1/admin/orders/search`) {
    const b = call.body as { cursor?: string };
    return b.cursor
      ? json(200, { orders: [order(3)], count: 3 })
      : json(200, {
          orders,
          count: orders.length === 2 ? 3 : orders.length,
          next: orders.length === 2 ? 'sealed-1' : null,
        });
  }
  if (call.url === `${B}/v1/admin/orders/summary`)
    return json(200, { count: 12, revenue: '345.60', average: '28.80', currency: 'USD' });
  if (call.url === `${B}/v1/admin/orders/o-1`) return json(200, { order: current, fulfillments: [] });
  const note = /\/v1\/admin\/orders\/o-1\/notes(?:\/([^/]+))?$/.exec(call.url);
  if (note) {
    const acts = current.activities;
    const m = (call.body as { message?: string } | undefined)?.message;
    if (call.method === 'POST')
      acts.push({ id: `n${acts.length}`, type: 'MERCHANT_COMMENT', merchantComment: { message: m! } });
    else if (call.method === 'PATCH') acts.find((a) => a.id === note[1])!.merchantComment = { message: m! };
    else current.activities = acts.filter((a) => a.id !== note[1]);
    return json(200, { order: current });
  }
  if (call.url.endsWith('/v1/admin/orders/o-1/status') || call.url.endsWith('/v1/admin/orders/o-1/cancel')) {
    current = { ...current, status: (call.body as { status?: string }).status ?? 'CANCELED' };
    return json(200, { order: current });
  }
  return json(500, { message: 'unexpected' });
});
const detailOf = (extra: Record<string, unknown> = {}) => ({
  ...order(1),
  shippingInfo: {
    logistics: {
      shippingDestination: { address: { addressLine1: '1 Elm St', city: 'Springfield', country: 'US' } },
    },
  },
  activities: [
    { id: 'a1', type: 'ORDER_PLACED', createdDate: '2026-03-01T10:00:00.000Z' },
    {
      id: 'a2',
      type: 'MERCHANT_COMMENT',
      createdDate: '2026-03-02T10:00:00.000Z',
      merchantComment: { message: XSS },
    },
    { id: 'a3', type: 'SOMETHING_NEW' },
  ] as { id: string; type: string; createdDate?: string; merchantComment?: { message: string } }[],
  ...extra,
});
let current = detailOf();
const sent = (part: string) => net.calls.filter((c) => c.url.includes(part));
const reads = () => net.calls.filter((c) => c.url === `${B}/v1/admin/orders/o-1`).length;
/** The first mount loads the section's chunks (slow under the test's transform). */
const slow = { timeout: 5000 };
const refusal = () =>
  json(403, { message: 'Only the site owner can do this', details: { applicationError: { code: 'NOT_OWNER' } } });

beforeEach(() => {
  document.body.replaceChildren();
  sessionStorage.clear();
  history.replaceState(null, '', '/admin?keep=1');
  net.calls.length = 0;
  reply = () => undefined;
  current = detailOf();
  orders = [
    order(1, { billingInfo: { contactDetails: { firstName: XSS } } }),
    order(2, { paymentStatus: 'NOT_PAID', status: 'PENDING' }),
  ];
  const member = { id: `owner-${Math.random()}`, loginEmail: 'owner@example.com', contact: {} } as Member;
  $session.set({ status: 'member', role: 'member', member });
});

async function mount(attributes: Record<string, string> = {}) {
  const { el, $, $$ } = await mountWidget('inlay-admin', attributes, net.fetch, { companion: B });
  const text = () => el.shadowRoot!.textContent ?? '';
  const button = (name: RegExp) => $$<HTMLButtonElement>('button').find((b) => name.test(b.textContent ?? ''));
  const field = <E extends HTMLElement>(name: string) => $<E>(`[part=filters] [name=${name}]`)!;
  const type = (name: string, value: string) => {
    const f = field<HTMLInputElement | HTMLSelectElement>(name);
    f.value = value;
    f.dispatchEvent(new Event(f.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
  };
  return { el, $, $$, text, button, field, type };
}

describe('filters in the page’s URL', () => {
  it('reads back only values the form can hold; writes only non-defaults, keeping the page’s own parameters', () => {
    const f = filtersFrom(
      'https://shop.test/admin?admin-status=CANCELED&admin-payment=__proto__&admin-from=2026-02-30x&admin-to=2026-03-31&admin-q=%20ann%20&admin-sort=total:ASC&x=1',
    );
    expect(f).toEqual({ ...NO_FILTERS, status: 'CANCELED', to: '2026-03-31', text: 'ann', sort: 'total:ASC' });
    const href = filtersInto('https://shop.test/admin?x=1&admin-payment=PAID', {
      ...NO_FILTERS,
      fulfillment: 'FULFILLED',
    });
    expect(href).toBe('https://shop.test/admin?x=1&admin-fulfillment=FULFILLED');
    const body = searchBody({ ...NO_FILTERS, from: '2026-03-01', to: '2026-03-01', text: ' #1001 ' });
    expect(body.text).toBe('#1001');
    expect(Date.parse(body.to!) - Date.parse(body.from!)).toBe(86_400_000 - 1);
    expect(body.sort).toEqual({ field: 'createdDate', order: 'DESC' });
    expect(body).not.toHaveProperty('status');
  });
});

describe('<inlay-admin> orders', () => {
  it('opens on orders in a real tablist; each row says number, date, buyer, total and statuses in words, as text', async () => {
    const { $, $$, text, button } = await mount();
    await vi.waitFor(() => expect($$('[part=order]')).toHaveLength(2), slow);
    const tabs = $$<HTMLButtonElement>('[role=tab]');
    expect(tabs.map((t) => [t.textContent, t.getAttribute('aria-selected')])).toEqual([
      ['Orders', 'true'],
      ['Reviews', 'false'],
      ['Abandoned checkouts', 'false'],
      ['Members', 'false'],
      ['Media', 'false'],
      ['Settings', 'false'],
    ]);
    expect($('[role=tabpanel]')!.getAttribute('aria-labelledby')).toBe(tabs[0]!.id);
    const rows = $$('[part=order]').map((r) => r.textContent);
    expect(rows[0]).toContain('Order #1001');
    expect(rows[0]).toContain(XSS);
    expect(rows[0]).toContain('buyer1@example.com');
    expect(rows[0]).toContain('$19.00');
    expect(rows[0]).toContain('Paid');
    expect(rows[0]).toContain('Not fulfilled');
    expect(rows[1]).toContain('Pending');
    expect(rows[1]).toContain('Not paid');
    expect(text()).not.toMatch(/NOT_PAID|NOT_FULFILLED|APPROVED/);
    expect($$('img')).toHaveLength(0);
    expect((window as { __xss?: number }).__xss).toBeUndefined();
    expect(text()).toContain('3 orders found');
    // the summary over the last 30 days
    await vi.waitFor(() => expect($('[part=summary]')!.textContent).toContain('$345.60'));
    expect($('[part=summary]')!.textContent).toContain('$28.80');
    const s = sent('/admin/orders/summary')[0]!.body as { from: string; to: string };
    expect(Math.round((Date.parse(s.to) - Date.parse(s.from)) / 86_400_000)).toBe(30);
    expect(sent('/admin/orders/search')[0]!.body).toEqual({ sort: { field: 'createdDate', order: 'DESC' }, limit: 25 });
    // Show more: only the sealed cursor and the limit
    button(/Show more/)!.click();
    await vi.waitFor(() => expect($$('[part=order]')).toHaveLength(3));
    expect(sent('/admin/orders/search')[1]!.body).toEqual({ cursor: 'sealed-1', limit: 25 });
    expect(button(/Show more/)).toBeUndefined();
    // arrow keys move between sections
    tabs[0]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    await vi.waitFor(() => expect(sent('/reviews/pending')).toHaveLength(1));
    expect($$('[role=tab]')[1]!.getAttribute('aria-selected')).toBe('true');
  });

  it('filters from the URL are searched and shown; new ones go into the URL (replaceState), other parameters kept', async () => {
    history.replaceState(null, '', '/admin?keep=1&admin-payment=PAID&admin-q=ann&admin-sort=total:DESC');
    const push = vi.spyOn(history, 'pushState');
    const { $, field, type, button } = await mount();
    await vi.waitFor(() => expect(sent('/admin/orders/search')).toHaveLength(1));
    expect(sent('/admin/orders/search')[0]!.body).toEqual({
      paymentStatus: ['PAID'],
      text: 'ann',
      sort: { field: 'total', order: 'DESC' },
      limit: 25,
    });
    await vi.waitFor(() => expect($('[part=filters]')).not.toBeNull());
    expect(field<HTMLInputElement>('text').value).toBe('ann');
    expect(field<HTMLSelectElement>('payment').value).toBe('PAID');
    // each applies as it changes (no Search button)
    type('fulfillment', 'FULFILLED');
    await vi.waitFor(() => expect(sent('/admin/orders/search')).toHaveLength(2));
    type('from', '2026-03-01');
    await vi.waitFor(() => expect(sent('/admin/orders/search')).toHaveLength(3));
    expect(button(/^Search$/)).toBeUndefined();
    const b = sent('/admin/orders/search')[2]!.body as Record<string, unknown>;
    expect(b).toMatchObject({ paymentStatus: ['PAID'], fulfillmentStatus: ['FULFILLED'], text: 'ann' });
    expect(Date.parse(b.from as string)).toBe(new Date(2026, 2, 1).getTime());
    const q = new URL(location.href).searchParams;
    expect(q.get('keep')).toBe('1');
    expect(q.get('admin-fulfillment')).toBe('FULFILLED');
    expect(q.get('admin-from')).toBe('2026-03-01');
    expect(push).not.toHaveBeenCalled();
    // clear all (beside the chips): back to every order, the URL's admin parameters gone
    button(/^Clear all$/)!.click();
    await vi.waitFor(() => expect(sent('/admin/orders/search')).toHaveLength(4));
    expect(sent('/admin/orders/search')[3]!.body).toEqual({ sort: { field: 'total', order: 'DESC' }, limit: 25 });
    type('sort', 'createdDate:DESC');
    await vi.waitFor(() => expect(sent('/admin/orders/search')).toHaveLength(5));
    expect(location.search).toBe('?keep=1');
    expect(field<HTMLInputElement>('text').value).toBe('');
    push.mockRestore();
  });

  it('an end date before the start is refused in words and nothing is sent', async () => {
    const { $, type } = await mount();
    await vi.waitFor(() => expect($('[part=filters]')).not.toBeNull());
    await vi.waitFor(() => expect(sent('/admin/orders/search')).toHaveLength(1));
    type('from', '2026-03-10');
    await vi.waitFor(() => expect(sent('/admin/orders/search')).toHaveLength(2));
    type('to', '2026-03-01');
    await vi.waitFor(() => expect($('[role=alert]')?.textContent).toContain('before the start date'));
    await new Promise((r) => setTimeout(r, 50));
    expect(sent('/admin/orders/search')).toHaveLength(2);
    expect($<HTMLInputElement>('[part=filters] [name=to]')!.value).toBe('2026-03-01');
  });

  it('a failed search says why, keeps what was typed, and tries again; no match says so', async () => {
    let fail = true;
    reply = (call) => (call.url.endsWith('/admin/orders/search') && fail ? refusal() : undefined);
    const { $, field, type, button, text } = await mount();
    await vi.waitFor(() => expect($('[role=alert]')).not.toBeNull());
    type('text', 'zed@example.com');
    await vi.waitFor(() => expect(sent('/admin/orders/search')).toHaveLength(2));
    await vi.waitFor(() => expect(button(/Try again/)).toBeDefined());
    expect(field<HTMLInputElement>('text').value).toBe('zed@example.com');
    fail = false;
    orders = [];
    button(/Try again/)!.click();
    await vi.waitFor(() => expect($('[part=empty]')).not.toBeNull());
    expect(text()).toContain('No orders match these filters.');
    expect((sent('/admin/orders/search')[2]!.body as { text: string }).text).toBe('zed@example.com');
  });

  it('a dense table: column headers, a row per order that opens it on a click; badges in words with a tone; an authorization is "Authorized"', async () => {
    orders = [
      order(1, { paymentStatus: 'PENDING', balanceSummary: { authorized: { amount: '19.00' } } }),
      order(2, { paymentStatus: 'PENDING', balanceSummary: { authorized: { amount: '0' } } }),
      order(3, {
        status: 'CANCELED',
        paymentStatus: 'FULLY_REFUNDED',
        fulfillmentStatus: 'PARTIALLY_FULFILLED',
        lineItems: [
          { id: 'l-a', quantity: 2, productName: { original: 'Mug' }, price: { amount: '9.00' } },
          { id: 'l-b', quantity: 3, productName: { original: 'Cup' }, price: { amount: '4.00' } },
        ],
      }),
    ];
    const { $, $$ } = await mount();
    await vi.waitFor(() => expect($$('[part=order]')).toHaveLength(3), slow);
    const table = $<HTMLTableElement>('table[part=orders]')!;
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Order',
      'Date',
      'Customer',
      'Total',
      'Payment',
      'Fulfilment',
      'Items',
      'Tags',
    ]);
    expect(table.querySelectorAll('tbody tr')).toHaveLength(3);
    const badges = (n: number) =>
      [...$$('[part=order]')[n]!.querySelectorAll('.badge')].map((b) => [b.textContent, b.className]);
    expect(badges(0)).toEqual([
      ['Authorized', 'badge tn-wait'],
      ['Not fulfilled', 'badge tn-wait'],
    ]);
    expect(badges(1)[0]).toEqual(['Payment pending', 'badge tn-wait']);
    expect(badges(2)).toEqual([
      ['Canceled', 'badge tn-bad'],
      ['Refunded', 'badge tn-none'],
      ['Partly fulfilled', 'badge tn-part'],
    ]);
    const cell = (n: number, c: string) => $$('[part=order]')[n]!.querySelector<HTMLElement>(c)!;
    expect(cell(0, '.c-items').textContent).toBe('2 items');
    expect(cell(2, '.c-items').textContent).toBe('5 items');
    // ticking a row does not open it; a click anywhere else on it does
    cell(1, 'input').click();
    await vi.waitFor(() => expect($('[part=count]')).not.toBeNull());
    expect($('[part=detail]')).toBeNull();
    cell(0, '.c-cust').click();
    await vi.waitFor(() => expect($('[part=detail]')).not.toBeNull(), slow);
    expect(location.search).toBe('?keep=1&admin-order=o-1');
  });

  it('filters apply as they change: the text once typing pauses (one search), a stale answer never replaces a newer one', async () => {
    let late: (() => void) | undefined;
    reply = (call) => {
      const b = call.body as { text?: string };
      if (!call.url.endsWith('/admin/orders/search')) return undefined;
      if (b.text === 'ann')
        return new Promise<Response>((r) => (late = () => r(json(200, { orders: [order(1)], count: 1 }))));
      if (b.text === 'bob') return json(200, { orders: [order(2), order(3)], count: 2 });
      return undefined;
    };
    const { $$, type, field } = await mount();
    await vi.waitFor(() => expect($$('[part=order]')).toHaveLength(2), slow);
    type('text', 'a');
    type('text', 'an');
    type('text', 'ann');
    await vi.waitFor(() => expect(sent('/admin/orders/search')).toHaveLength(2));
    expect(sent('/admin/orders/search')[1]!.body).toMatchObject({ text: 'ann' });
    type('text', 'bob');
    await vi.waitFor(() => expect(sent('/admin/orders/search')).toHaveLength(3));
    const numbers = () => $$('[part=order] .c-num button').map((b) => b.textContent);
    await vi.waitFor(() => expect(numbers()).toEqual(['Order #1002', 'Order #1003']));
    // the answer to "ann" arrives last: it is not shown
    late!();
    await new Promise((r) => setTimeout(r, 50));
    expect(numbers()).toEqual(['Order #1002', 'Order #1003']);
    expect(field<HTMLInputElement>('text').value).toBe('bob');
    expect(new URL(location.href).searchParams.get('admin-q')).toBe('bob');
    expect(sent('/admin/orders/search')).toHaveLength(3);
  });

  it('the filters in use are removable chips ("Payment: Paid ×"); the less used behind "More filters"; Clear all', async () => {
    history.replaceState(
      null,
      '',
      '/admin?keep=1&admin-payment=PAID&admin-fulfillment=PARTIALLY_FULFILLED&admin-q=ann&admin-tag=vip',
    );
    const { $, $$, button, field } = await mount();
    const chips = () => $$<HTMLButtonElement>('[part=chip]');
    const plain = (s: string | null) => (s ?? '').replace(/[\u2068\u2069]/g, '');
    await vi.waitFor(() => expect(chips()).toHaveLength(4), slow);
    await vi.waitFor(() => expect(sent('/admin/orders/search')).toHaveLength(1));
    expect(chips().map((c) => plain(c.querySelector('bdi')!.textContent))).toEqual([
      'Payment: Paid',
      'Fulfilment: Partly fulfilled',
      'Search: “ann”',
      'Tag: vip',
    ]);
    // its name for a screen reader says what it does (the × is not read)
    expect(plain(chips()[0]!.textContent)).toBe('Remove filter Payment: Paid ×');
    expect(chips()[0]!.querySelector('[aria-hidden=true]')!.textContent).toBe('×');
    expect(sent('/admin/orders/search')[0]!.body).toMatchObject({
      paymentStatus: ['PAID'],
      fulfillmentStatus: ['PARTIALLY_FULFILLED'],
      text: 'ann',
      tag: 'vip',
    });
    // the less used filters: behind a disclosure
    const more = button(/More filters/)!;
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(field('tag').closest('[hidden]')).not.toBeNull();
    more.click();
    await vi.waitFor(() => expect(field('tag').closest('[hidden]')).toBeNull());
    expect(more.getAttribute('aria-expanded')).toBe('true');
    // a chip removes its filter (the field follows, the URL too)
    chips()[0]!.click();
    await vi.waitFor(() => expect(sent('/admin/orders/search')).toHaveLength(2));
    const b = sent('/admin/orders/search')[1]!.body as Record<string, unknown>;
    expect(b).not.toHaveProperty('paymentStatus');
    expect(b).toMatchObject({ fulfillmentStatus: ['PARTIALLY_FULFILLED'], text: 'ann', tag: 'vip' });
    expect(field<HTMLSelectElement>('payment').value).toBe('');
    expect(new URL(location.href).searchParams.has('admin-payment')).toBe(false);
    await vi.waitFor(() => expect(chips()).toHaveLength(3));
    chips()[1]!.click(); // the text
    await vi.waitFor(() => expect(field<HTMLInputElement>('text').value).toBe(''));
    button(/^Clear all$/)!.click();
    await vi.waitFor(() => expect(sent('/admin/orders/search')).toHaveLength(4));
    expect(sent('/admin/orders/search')[3]!.body).toEqual({ sort: { field: 'createdDate', order: 'DESC' }, limit: 25 });
    expect(location.search).toBe('?keep=1');
    await vi.waitFor(() => expect($('[part=chips]')).toBeNull());
  });

  it('saved views set their filters and are kept in the URL: a reload and Back restore the view', async () => {
    const { $$, el } = await mount();
    await vi.waitFor(() => expect($$('[part=order]')).toHaveLength(2), slow);
    const pressed = () =>
      $$<HTMLButtonElement>('[part=views] button')
        .filter((b) => b.getAttribute('aria-pressed') === 'true')
        .map((b) => b.textContent);
    expect(pressed()).toEqual(['All']);
    $$<HTMLButtonElement>('[part=views] button')[1]!.click();
    await vi.waitFor(() => expect(sent('/admin/orders/search')).toHaveLength(2));
    expect(sent('/admin/orders/search')[1]!.body).toMatchObject({
      status: ['APPROVED'],
      fulfillmentStatus: ['NOT_FULFILLED'],
    });
    expect(location.search).toBe('?keep=1&admin-status=APPROVED&admin-fulfillment=NOT_FULFILLED');
    await vi.waitFor(() => expect(pressed()).toEqual(['Unfulfilled']));
    // Unpaid: its filters replace the Unfulfilled ones
    $$<HTMLButtonElement>('[part=views] button')[2]!.click();
    await vi.waitFor(() => expect(sent('/admin/orders/search')).toHaveLength(3));
    const b = sent('/admin/orders/search')[2]!.body as Record<string, unknown>;
    expect(b).toMatchObject({ paymentStatus: ['NOT_PAID'] });
    expect(b).not.toHaveProperty('status');
    expect(b).not.toHaveProperty('fulfillmentStatus');
    await vi.waitFor(() => expect(pressed()).toEqual(['Unpaid']));
    // Back to the Unfulfilled URL: the view follows
    history.replaceState(null, '', '/admin?keep=1&admin-status=APPROVED&admin-fulfillment=NOT_FULFILLED');
    dispatchEvent(new PopStateEvent('popstate'));
    await vi.waitFor(() => expect(pressed()).toEqual(['Unfulfilled']));
    await vi.waitFor(() => expect(sent('/admin/orders/search')).toHaveLength(4));
    // a reload: the view from the URL
    el.remove();
    net.calls.length = 0;
    const again = await mount();
    await vi.waitFor(() => expect(sent('/admin/orders/search')).toHaveLength(1), slow);
    expect(sent('/admin/orders/search')[0]!.body).toMatchObject({
      status: ['APPROVED'],
      fulfillmentStatus: ['NOT_FULFILLED'],
    });
    await vi.waitFor(() =>
      expect(
        again
          .$$<HTMLButtonElement>('[part=views] button')
          .filter((x) => x.getAttribute('aria-pressed') === 'true')
          .map((x) => x.textContent),
      ).toEqual(['Unfulfilled']),
    );
  });

  it('a summary without a currency (no order, or several currencies) shows no amount rather than a bare number', async () => {
    reply = (call) =>
      call.url.endsWith('/admin/orders/summary')
        ? json(200, { count: 0, revenue: '0', average: '0', currency: null })
        : undefined;
    const { $ } = await mount();
    await vi.waitFor(() => expect($('[part=summary]')!.textContent).toContain('—'));
    expect($('[part=summary]')!.textContent).not.toMatch(/Revenue\s*0/);
  });

  it('a failed summary says why and tries again; another period asks again', async () => {
    let fail = true;
    reply = (call) => (call.url.endsWith('/admin/orders/summary') && fail ? refusal() : undefined);
    const { $ } = await mount();
    await vi.waitFor(() => expect($('[part=summary] [role=alert]')).not.toBeNull());
    fail = false;
    $<HTMLButtonElement>('[part=summary] button')!.click();
    await vi.waitFor(() => expect($('[part=summary]')!.textContent).toContain('$345.60'));
    const period = $<HTMLSelectElement>('[part=summary] select')!;
    period.value = '7';
    period.dispatchEvent(new Event('change', { bubbles: true }));
    await vi.waitFor(() => expect(sent('/admin/orders/summary')).toHaveLength(3));
    const s = sent('/admin/orders/summary')[2]!.body as { from: string; to: string };
    expect(Math.round((Date.parse(s.to) - Date.parse(s.from)) / 86_400_000)).toBe(7);
  });

  it('an order’s detail: lines, buyer, address and the timeline in words (notes as text); back to the list', async () => {
    const { $, $$, button } = await mount();
    await vi.waitFor(() => expect($$('[part=order]')).toHaveLength(2));
    button(/Order #1001/)!.click();
    await vi.waitFor(() => expect($('[part=timeline]')?.textContent).toContain('Order placed'));
    const d = $('[part=detail]')!.textContent!;
    expect(d).toContain('Beeswax Taper Candles');
    expect(d).toContain('× 2');
    expect(d).toContain('Shipping address1 Elm StSpringfieldUnited States');
    expect(d).toContain('CustomerAnn Archer 1buyer1@example.com');
    const tl = $('[part=timeline]')!.textContent!;
    expect(tl).toContain('Note');
    expect(tl).toContain(XSS);
    expect(tl).toContain('Order updated');
    expect(tl).not.toContain('SOMETHING_NEW');
    expect($$('img')).toHaveLength(0);
    expect(reads()).toBe(1); // the order (its payments are the panel's own read)
    button(/All orders/)!.click();
    await vi.waitFor(() => expect($$('[part=order]')).toHaveLength(2));
  });

  it('the detail in two columns (lines and money; customer, addresses, tags, notes); refunded units on the lines, paid, refunded and net; the refund in the timeline with its amount', async () => {
    reply = (call) =>
      call.url === `${B}/v1/admin/orders/o-1`
        ? json(200, {
            order: {
              ...current,
              buyerInfo: { email: 'buyer1@example.com', memberId: 'm-1' },
              shippingInfo: { ...(current as { shippingInfo?: object }).shippingInfo, title: 'Express shipping' },
              priceSummary: {
                subtotal: { amount: '18.00' },
                shipping: { amount: '1.00' },
                tax: { amount: '0.00' },
                total: { amount: '19.00' },
              },
              taxSummary: { calculationDetails: { taxRegion: 'Oregon' } },
              balanceSummary: { paid: { amount: '19.00' }, refunded: { amount: '9.10' } },
              activities: [
                { id: 'a-r', type: 'ORDER_REFUNDED', orderRefunded: { amount: { amount: '9.10' }, reason: 'Damaged' } },
              ],
            },
            fulfillments: [],
            refundedLines: [{ lineItemId: 'l-1', quantity: 1 }],
          })
        : undefined;
    const { $, $$, button } = await mount();
    await vi.waitFor(() => expect($$('[part=order]')).toHaveLength(2));
    button(/Order #1001/)!.click();
    await vi.waitFor(() => expect($('[part=timeline]')?.textContent).toContain('Refunded'));
    // the main column holds the lines and money, the side one the customer
    expect($('[part=columns] > [part=main] [part=items]')).not.toBeNull();
    expect($('[part=columns] > [part=side] [part=customer]')!.textContent).toBe(
      'CustomerAnn Archer 1buyer1@example.comMember of the site',
    );
    expect($('[part=side] [part=notes]')).not.toBeNull();
    expect($('[part=items] [part=lines]')!.textContent).toContain('× 2 · 1 of 2 refunded');
    expect([...$$('[part=items] [part=totals] .row')].map((r) => r.textContent)).toEqual([
      'Subtotal$18.00',
      'Shipping (Express shipping)$1.00',
      'Tax (Oregon)$0.00',
      'Total$19.00',
      'Paid$19.00',
      'Refunded−$9.10',
      'Net$9.90',
    ]);
    expect($('[part=timeline]')!.textContent).toContain('Refunded $9.10');
    expect($('[part=timeline]')!.textContent).toContain('Damaged');
  });

  it('the open order is in the page’s URL, a history entry each way; Back and Forward follow it; a link opens it', async () => {
    const { $, $$, button, el } = await mount();
    await vi.waitFor(() => expect($$('[part=order]')).toHaveLength(2), slow);
    const entries = history.length;
    button(/Order #1001/)!.click();
    await vi.waitFor(() => expect($('[part=timeline]')?.textContent).toContain('Order placed'), slow);
    expect(location.search).toBe('?keep=1&admin-order=o-1');
    expect(history.length).toBe(entries + 1);
    // Back (the URL as it was, then popstate): the list, nothing written
    history.replaceState(null, '', '/admin?keep=1');
    dispatchEvent(new PopStateEvent('popstate'));
    await vi.waitFor(() => expect($$('[part=order]')).toHaveLength(2), slow);
    expect($('[part=detail]')).toBeNull();
    // Forward: the order again
    history.replaceState(null, '', '/admin?keep=1&admin-order=o-1');
    dispatchEvent(new PopStateEvent('popstate'));
    await vi.waitFor(() => expect($('[part=detail]')).not.toBeNull(), slow);
    expect(history.length).toBe(entries + 1);
    // its own "All orders" is a new entry without the order
    button(/All orders/)!.click();
    await vi.waitFor(() => expect($$('[part=order]')).toHaveLength(2), slow);
    expect(location.search).toBe('?keep=1');
    expect(history.length).toBe(entries + 2);
    // a section is an entry too; Back to the orders
    $$<HTMLButtonElement>('[role=tab]')[2]!.click();
    expect(location.search).toBe('?keep=1&admin-section=abandoned');
    history.replaceState(null, '', '/admin?keep=1');
    dispatchEvent(new PopStateEvent('popstate'));
    await vi.waitFor(() => expect($$('[role=tab]')[0]!.getAttribute('aria-selected')).toBe('true'), slow);
    el.remove();
    // a link naming an order: the console opens on it
    history.replaceState(null, '', '/admin?admin-order=o-1');
    const linked = await mount();
    await vi.waitFor(() => expect(linked.$('[part=timeline]')?.textContent).toContain('Order placed'), slow);
    expect(linked.$$('[role=tab]')[0]!.getAttribute('aria-selected')).toBe('true');
  });

  it('an order’s detail is the member’s order view: each line’s total (never its unit price), subtotal, discount, shipping, tax, total, both addresses', async () => {
    current = detailOf({
      lineItems: [
        {
          id: 'l-1',
          quantity: 2,
          productName: { original: 'Beeswax Taper Candles' },
          price: { amount: '9.00' },
          totalPriceBeforeTax: { amount: '18.00' },
          image: { url: 'https://img.test/candles.jpg' },
        },
        {
          id: 'l-9',
          quantity: 3,
          productName: { original: 'Wick Trimmer' },
          price: { amount: '2.50' },
          totalPriceBeforeTax: { amount: '7.50' },
          image: { url: 'javascript:alert(1)' },
        },
      ],
      priceSummary: {
        subtotal: { amount: '25.50' },
        discount: { amount: '3.00' },
        shipping: { amount: '5.00' },
        tax: { amount: '2.04' },
        total: { amount: '29.54' },
      },
      appliedDiscounts: [{ coupon: { code: 'SPRING' } }],
      billingInfo: {
        address: { addressLine1: '2 Oak Ave', city: 'Shelbyville', country: 'US' },
        contactDetails: { firstName: 'Ann', lastName: 'Archer' },
      },
    });
    const { $, $$, button } = await mount();
    await vi.waitFor(() => expect($$('[part=order]')).toHaveLength(2), slow);
    button(/Order #1001/)!.click();
    await vi.waitFor(() => expect($$('[part=lines] li')).toHaveLength(2), slow);
    const [candles, trimmer] = $$('[part=lines] li').map((l) => l.textContent!);
    expect(candles).toContain('× 2');
    expect(candles).toContain('$18.00');
    expect(candles).not.toContain('$9.00');
    expect(trimmer).toContain('$7.50');
    expect(trimmer).not.toContain('$2.50');
    // a thumbnail only from an http(s) address
    expect($$<HTMLImageElement>('[part=lines] img').map((i) => i.getAttribute('src'))).toEqual([
      'https://img.test/candles.jpg',
    ]);
    const totals = $$('[part=totals] > div').map((r) => r.textContent);
    expect(totals).toEqual(['Subtotal$25.50', 'Shipping$5.00', 'Tax$2.04', 'Discount (SPRING)−$3.00', 'Total$29.54']);
    const d = $('[part=detail]')!.textContent!;
    expect(d).toContain('Shipping address1 Elm StSpringfieldUnited States');
    expect(d).toContain('Billing addressAnn Archer2 Oak AveShelbyvilleUnited States');
  });

  async function openOne(extra: Record<string, unknown> = {}) {
    current = detailOf(extra);
    const m = await mount();
    await vi.waitFor(() => expect(m.$$('[part=order]')).toHaveLength(2), slow);
    m.button(/Order #1001/)!.click();
    await vi.waitFor(() => expect(m.$('[part=timeline]')?.textContent).toContain('Order placed'));
    const area = (form: Element) => form.querySelector('textarea')!;
    const write = (form: Element, text: string) => {
      area(form).value = text;
      area(form).dispatchEvent(new Event('input', { bubbles: true }));
    };
    return { ...m, area, write };
  }

  it('a note whose answer was lost is checked by reading the order again, never sent twice; a refused one keeps its text', async () => {
    let lose = true;
    let refuse = false;
    reply = (call) => {
      if (!call.url.endsWith('/o-1/notes')) return undefined;
      if (refuse) return refusal();
      if (!lose) return undefined;
      lose = false;
      current.activities.push({ id: 'n9', type: 'MERCHANT_COMMENT', merchantComment: { message: 'Gift wrap it' } });
      return json(503, { message: 'down' });
    };
    const { $, $$, area, write, button } = await openOne();
    const form = $('[part=note-form]')!;
    write(form, '  Gift wrap it ');
    button(/^Add note$/)!.click();
    await vi.waitFor(() => expect($$('[part=note]')).toHaveLength(2));
    expect(sent('/o-1/notes')).toHaveLength(1);
    expect(sent('/o-1/notes')[0]!.body).toEqual({ message: 'Gift wrap it' });
    await vi.waitFor(() => expect(area($('[part=note-form]')!).value).toBe(''));
    expect($('[part=detail] [role=status]')!.textContent).toBe('Note added.');
    // refused: said in words, the text stays for another try
    refuse = true;
    write($('[part=note-form]')!, 'Call the buyer');
    button(/^Add note$/)!.click();
    await vi.waitFor(() => expect($('[part=detail] [role=alert]')).not.toBeNull());
    expect(area($('[part=note-form]')!).value).toBe('Call the buyer');
    expect(sent('/o-1/notes')).toHaveLength(2);
  });

  it('edit a note in place; delete one only after a confirmation', async () => {
    const { $, $$, write, button } = await openOne();
    const first = () => $$('[part=note]')[0]!;
    (first().querySelector('.link') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(first().querySelector('textarea')).not.toBeNull());
    expect(first().querySelector('textarea')!.value).toBe(XSS);
    write(first(), 'Ship with the next batch');
    button(/^Save note$/)!.click();
    await vi.waitFor(() => expect(first().textContent).toContain('Ship with the next batch'));
    expect(sent('/o-1/notes/a2')[0]).toMatchObject({ method: 'PATCH', body: { message: 'Ship with the next batch' } });
    button(/^Delete/)!.click();
    await vi.waitFor(() => expect($('[part=confirm]')?.textContent).toContain('Delete this note?'));
    // the question takes focus
    await vi.waitFor(() =>
      expect(($('[part=confirm]')!.getRootNode() as ShadowRoot).activeElement).toBe($('[part=confirm] p')),
    );
    expect(sent('/o-1/notes/a2')).toHaveLength(1);
    button(/Yes, delete/)!.click();
    await vi.waitFor(() => expect($$('[part=note]')).toHaveLength(0));
    expect(sent('/o-1/notes/a2')[1]!.method).toBe('DELETE');
  });

  it('a pending order: approve after a confirmation naming it; a refusal is said in words and the order read again', async () => {
    let refuse = true;
    reply = (call) =>
      call.url.endsWith('/o-1/status') && refuse
        ? json(428, {
            message: 'already',
            details: { applicationError: { code: 'STATUS_ALREADY_SET', description: 'x' } },
          })
        : undefined;
    const { $, button } = await openOne({ status: 'PENDING' });
    button(/^Approve order$/)!.click();
    await vi.waitFor(() => expect($('[part=confirm]')?.textContent).toContain('Approve order #1001?'));
    // the question takes focus
    await vi.waitFor(() =>
      expect(($('[part=confirm]')!.getRootNode() as ShadowRoot).activeElement).toBe($('[part=confirm] p')),
    );
    expect(sent('/o-1/status')).toEqual([]);
    const before = reads();
    button(/Yes, go ahead/)!.click();
    await vi.waitFor(() =>
      expect($('[part=detail] [role=alert]')?.textContent).toBe('The order already has this status.'),
    );
    await vi.waitFor(() => expect(reads()).toBe(before + 1));
    refuse = false;
    button(/Yes, go ahead/)!.click();
    await vi.waitFor(() => expect($('[part=confirm]')).toBeNull());
    expect(sent('/o-1/status').map((c) => c.body)).toEqual([{ status: 'APPROVED' }, { status: 'APPROVED' }]);
    expect($('[part=detail] [role=status]')!.textContent).toBe('Order approved.');
    expect(button(/^Approve order$/)).toBeUndefined();
  });

  it('cancel: the confirmation says who is emailed and what goes back in stock; the body is what it said', async () => {
    const { $, button } = await openOne();
    button(/^Cancel order$/)!.click();
    await vi.waitFor(() => expect($('[part=cancel]')).not.toBeNull());
    const summary = () => $('[part=cancel-summary]')!.textContent;
    expect(summary()).toBe(
      'buyer1@example.com will get an email that the order is canceled. 2 items go back in stock.',
    );
    const [email, restock] = [...$('[part=cancel]')!.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
    const area = $<HTMLTextAreaElement>('[part=cancel] textarea')!;
    area.value = 'Sorry, out of wax.';
    area.dispatchEvent(new Event('input', { bubbles: true }));
    await vi.waitFor(() => expect(summary()).toContain('with your message'));
    restock!.click();
    await vi.waitFor(() => expect(summary()).toContain('Stock won’t change.'));
    expect(sent('/o-1/cancel')).toEqual([]);
    button(/Yes, cancel order/)!.focus();
    button(/Yes, cancel order/)!.click();
    await vi.waitFor(() => expect($('[part=cancel]')).toBeNull());
    expect(sent('/o-1/cancel')[0]!.body).toEqual({ sendEmail: true, restock: false, message: 'Sorry, out of wax.' });
    expect($('[part=detail]')!.textContent).toContain('Canceled');
    expect(button(/^Cancel order$/)).toBeUndefined();
    // the question gone, focus is on the order's heading, not lost to the page
    expect(($('[part=detail]')!.getRootNode() as ShadowRoot).activeElement?.tagName).toBe('H3');
    // the list shows it too
    button(/All orders/)!.click();
    await vi.waitFor(() => expect($('[part=order]')?.textContent).toContain('Canceled'));
    void email;
  });

  it('cancel after a refund put the items back: it says they are back already and does not offer it again', async () => {
    const line = (restockQuantity: number) => [
      {
        id: 'l-1',
        quantity: 2,
        restockQuantity,
        productName: { original: 'Beeswax Taper Candles' },
        price: { amount: '9.00' },
      },
    ];
    const { $, button } = await openOne({ lineItems: line(1) });
    button(/^Cancel order$/)!.click();
    await vi.waitFor(() => expect($('[part=cancel]')).not.toBeNull());
    expect($('[part=cancel-summary]')!.textContent).toContain('1 item goes back in stock.');
    $('[part=cancel] .btn:not(.primary)')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    document.body.replaceChildren();
    history.replaceState(null, '', '/admin?keep=1'); // (the open order is in the URL: this page opens on the list)
    const again = await openOne({ lineItems: line(2) });
    again.button(/^Cancel order$/)!.click();
    await vi.waitFor(() => expect(again.$('[part=cancel]')).not.toBeNull());
    expect(again.$('[part=cancel-summary]')!.textContent).toContain('The items are already back in stock.');
    // only the email's box: nothing to put back
    expect(again.$('[part=cancel]')!.querySelectorAll('input[type=checkbox]')).toHaveLength(1);
    again.button(/Yes, cancel order/)!.click();
    await vi.waitFor(() => expect(sent('/o-1/cancel')).toHaveLength(1));
    expect(sent('/o-1/cancel')[0]!.body).toEqual({ sendEmail: true, restock: false });
  });

  it('cancel without the email sends no message (even one typed before the email was unticked)', async () => {
    const { $, button } = await openOne();
    button(/^Cancel order$/)!.click();
    await vi.waitFor(() => expect($('[part=cancel]')).not.toBeNull());
    const area = $<HTMLTextAreaElement>('[part=cancel] textarea')!;
    area.value = 'Typed, then changed my mind.';
    area.dispatchEvent(new Event('input', { bubbles: true }));
    $<HTMLInputElement>('[part=cancel] input[type=checkbox]')!.click();
    await vi.waitFor(() => expect($('[part=cancel-summary]')!.textContent).toContain('No email will be sent.'));
    expect($('[part=cancel] textarea')).toBeNull();
    button(/Yes, cancel order/)!.click();
    await vi.waitFor(() => expect(sent('/o-1/cancel')).toHaveLength(1));
    expect(sent('/o-1/cancel')[0]!.body).toEqual({ sendEmail: false, restock: true });
  });
});
