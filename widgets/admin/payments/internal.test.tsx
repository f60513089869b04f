/**
 * The payments panel when the platform refuses an internal call to the site (docs/wire.md "Payments: public and
 * internal calls"): refundability not read (`unavailable.refundability`), and a change answered 403
 * `NOT_AVAILABLE_HERE`. Only the action that needs the call is degraded, with words saying where to do it instead;
 * the rest of the panel works, and what was typed stays.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, mountWidget } from '../../../tests/helpers/mount.ts';
import { fakeFetch, json, type Call } from '../../../tests/helpers/fake-fetch.ts';
import type { Member } from '../../../core/api/members.ts';
import { paymentsStrings as en } from './strings.ts';
import { fr } from './strings.fr.ts';

beforeAll(async () => {
  await Promise.all([
    import('../console.tsx'),
    import('../orders/view.tsx'),
    import('../orders/detail/view.tsx'),
    import('./view.tsx'),
    import('./forms.tsx'),
  ]);
});

const B = 'https://shop.test/api/inlay';
const price = (amount: string) => ({ amount, formattedAmount: `$${amount}` });
const order = {
  id: 'o-1',
  number: '1001',
  createdDate: '2026-03-01T10:00:00.000Z',
  status: 'APPROVED',
  paymentStatus: 'PARTIALLY_PAID',
  fulfillmentStatus: 'NOT_FULFILLED',
  currency: 'USD',
  buyerInfo: { email: 'ann@example.com' },
  lineItems: [{ id: 'l-1', quantity: 2, productName: { original: 'Candles' }, price: { amount: '20.00' } }],
  priceSummary: { total: { amount: '60.00' } },
  activities: [{ id: 'a1', type: 'ORDER_PLACED' }],
};
const card = (id: string, status: string, amount: string, extra: Record<string, unknown> = {}) => ({
  id,
  status,
  amount: price(amount),
  regularPaymentDetails: {
    offlinePayment: false,
    creditCardDetails: { lastFourDigits: id === 'p-1' ? '4242' : '1000', brand: 'Visa' },
    ...extra,
  },
});
const authorized = () => card('p-2', 'AUTHORIZED', '20.00', { authorizationDetails: { captures: [] } });
const viewOf = (over: Record<string, unknown> = {}) => ({
  order: {
    id: 'o-1',
    number: '1001',
    status: 'APPROVED',
    paymentStatus: 'PARTIALLY_PAID',
    currency: 'USD',
    buyerEmail: 'ann@example.com',
    priceSummary: { total: price('60.00') },
    balanceSummary: { balance: price('20.00'), paid: price('40.00'), refunded: price('0.00') },
    lineItems: [{ id: 'l-1', name: 'Candles', quantity: 2, price: price('20.00'), refundedQuantity: 0 }],
  },
  payments: [card('p-1', 'APPROVED', '40.00'), authorized()],
  refunds: [],
  refundabilities: [],
  collectability: { status: 'COLLECTABLE', amount: price('20.00') },
  revision: 'rev-1',
  unavailable: { refundability: 'REFUSED' },
  ...over,
});

let view: ReturnType<typeof viewOf>;
let reply: (call: Call) => Response | undefined;
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  const custom = reply(call);
  if (custom) return custom;
  if (call.url === `${B}/v1/me`) return json(200, { kind: 'member', owner: true });
  if (call.url === `${B}/v1/admin/orders/search`) return json(200, { orders: [order], count: 1, next: null });
  if (call.url === `${B}/v1/admin/orders/summary`)
    return json(200, { count: 1, revenue: '60.00', average: '60.00', currency: 'USD' });
  if (call.url === `${B}/v1/admin/orders/o-1`) return json(200, { order, fulfillments: [] });
  if (call.url === `${B}/v1/admin/orders/o-1/payments`) return json(200, view);
  return json(500, { message: 'unexpected' });
});
const sent = (part: string) => net.calls.filter((c) => c.url.endsWith(part) && c.method === 'POST');
const reads = () => net.calls.filter((c) => c.url.endsWith('/o-1/payments')).length;
const slow = { timeout: 5000 };
const settle = () => new Promise((r) => setTimeout(r, 0));
const notHere = (action: string) =>
  json(403, {
    message: 'no',
    details: { applicationError: { code: 'NOT_AVAILABLE_HERE', description: 'no', data: { action } } },
  });

beforeEach(() => {
  document.body.replaceChildren();
  sessionStorage.clear();
  history.replaceState(null, '', '/admin');
  net.calls.length = 0;
  reply = () => undefined;
  view = viewOf();
  const member = { id: `owner-${Math.random()}`, loginEmail: 'owner@example.com', contact: {} } as Member;
  $session.set({ status: 'member', role: 'member', member });
});

async function openPanel() {
  const { el, $, $$ } = await mountWidget('inlay-admin', {}, net.fetch, { companion: B });
  const button = (name: RegExp, within: ParentNode = el.shadowRoot!) =>
    [...within.querySelectorAll<HTMLButtonElement>('button')].find((b) => name.test(b.textContent ?? ''));
  await vi.waitFor(() => expect(button(/Order #1001/)).toBeDefined(), slow);
  button(/Order #1001/)!.click();
  await vi.waitFor(() => expect($('[part=payments] [part=balance]')).not.toBeNull(), slow);
  const panel = () => $('[part=payments]')!;
  const field = (form: string, label: RegExp) =>
    [...panel().querySelectorAll(`[part=${form}] label`)]
      .find((l) => label.test(l.textContent ?? ''))!
      .querySelector<HTMLInputElement>('input,textarea,select')!;
  const ask = () => panel().querySelector('[part=ask]')?.textContent ?? '';
  return { $$, button, panel, field, ask };
}

describe('the payments panel without refundability (an internal call the platform refused)', () => {
  it('payments, balance, collect, capture and void all there; no refund offered, the dashboard said instead; capture goes through', async () => {
    const { $$, button, panel, ask } = await openPanel();
    const rows = $$('[part=payment]');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Visa ending in 4242'),
      expect.stringContaining('Authorized, not captured'),
    ]);
    expect(panel().querySelector('[part=balance]')!.textContent).toBe(
      'Total$60.00Paid$40.00Refunded$0.00Left to pay$20.00',
    );
    expect(rows[0]!.querySelector('[part=refund-reason]')!.textContent).toBe(
      'Refunds for this payment are made in your site’s dashboard.',
    );
    // what each row offers: nothing to refund here; capture and void of the authorization
    expect(rows.map((r) => [...r.querySelectorAll('button')].map((b) => b.textContent))).toEqual([
      [],
      ['Capture', 'Void'],
    ]);
    expect(button(/^Mark as paid$/)).toBeDefined();
    expect(button(/^Record a payment$/)).toBeDefined();
    // capture is a public call: it works as ever
    button(/^Capture$/)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=capture-form]')).not.toBeNull());
    button(/Continue/, panel())!.click();
    await vi.waitFor(() => expect(ask()).toContain('Capture $20.00 from Visa ending in 1000?'));
    reply = (call) => {
      if (!call.url.endsWith('/o-1/capture')) return undefined;
      view = viewOf({
        payments: [card('p-1', 'APPROVED', '40.00'), card('p-2', 'APPROVED', '20.00')],
        collectability: { status: 'NONCOLLECTABLE_ORDER_IS_PAID' },
        revision: 'rev-2',
      });
      return json(200, view);
    };
    button(/Yes, capture/, panel())!.click();
    await vi.waitFor(() => expect($$('[part=refund-reason]')).toHaveLength(2));
    expect(sent('/capture')).toHaveLength(1);
    expect($$('[part=refund-reason]').map((r) => r.textContent)).toEqual([
      'Refunds for this payment are made in your site’s dashboard.',
      'Refunds for this payment are made in your site’s dashboard.',
    ]);
    expect(panel().querySelector('[part=pay-error]')).toBeNull();
  });

  it('refundability failed this time: the dashboard said, and a read again that brings the refund back', async () => {
    view = viewOf({ unavailable: { refundability: 'FAILED' } });
    const { $$, button, panel } = await openPanel();
    expect($$('[part=refund-reason]').map((r) => r.textContent)).toEqual([
      'Refunds for this payment are made in your site’s dashboard. Read again',
    ]);
    view = viewOf({
      unavailable: undefined,
      refundabilities: [{ paymentId: 'p-1', refundabilityStatus: 'REFUNDABLE' }],
    });
    button(/^Read again$/, panel())!.click();
    await vi.waitFor(() => expect(button(/^Refund$/)).toBeDefined());
    expect($$('[part=refund-reason]')).toHaveLength(0);
  });
});

describe('a change the platform refuses to the site (403 NOT_AVAILABLE_HERE)', () => {
  it('mark as paid: its own words (the dashboard), the form keeps the method typed, nothing else read or changed', async () => {
    const { button, panel, field, ask } = await openPanel();
    button(/^Mark as paid$/)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=mark-paid]')).not.toBeNull());
    const select = field('mark-paid', /How it was paid/) as unknown as HTMLSelectElement;
    select.value = 'custom';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await settle();
    await vi.waitFor(() => expect(field('mark-paid', /Payment method name/)).toBeDefined());
    const name = field('mark-paid', /Payment method name/);
    name.value = 'Venmo';
    name.dispatchEvent(new Event('input', { bubbles: true }));
    await settle();
    button(/Continue/, panel())!.click();
    await vi.waitFor(() => expect(ask()).toContain('received by Venmo'));
    const before = reads();
    reply = (call) => (call.url.endsWith('/o-1/mark-as-paid') ? notHere('markAsPaid') : undefined);
    button(/Yes, mark as paid/, panel())!.click();
    await vi.waitFor(() =>
      expect(panel().querySelector('[part=pay-error]')?.textContent).toBe(
        '“Mark as paid” isn’t available here: use your site’s dashboard.',
      ),
    );
    expect(sent('/mark-as-paid')).toHaveLength(1);
    expect(field('mark-paid', /Payment method name/).value).toBe('Venmo');
    expect(reads()).toBe(before);
    // the rest of the panel still offers what it did
    expect(button(/^Capture$/)!.disabled).toBe(false);
  });

  it('a refund (refundability read, trigger refund refused): the dashboard words; what was typed stays', async () => {
    view = viewOf({
      unavailable: undefined,
      refundabilities: [{ paymentId: 'p-1', refundabilityStatus: 'REFUNDABLE' }],
    });
    const { button, panel, field, ask } = await openPanel();
    button(/^Refund$/)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=refund-form]')).not.toBeNull());
    button(/Select everything/, panel())!.click();
    await settle();
    const reason = field('refund-form', /Details/);
    reason.value = 'Chipped';
    reason.dispatchEvent(new Event('input', { bubbles: true }));
    await settle();
    button(/Continue/, panel())!.click();
    await vi.waitFor(() => expect(ask()).toContain('Refund $40.00 to Visa ending in 4242?'));
    reply = (call) => (call.url.endsWith('/o-1/refund') ? notHere('refund') : undefined);
    button(/Yes, refund/, panel())!.click();
    await vi.waitFor(() =>
      expect(panel().querySelector('[part=pay-error]')?.textContent).toBe(
        'Refunds for this payment are made in your site’s dashboard.',
      ),
    );
    expect(field('refund-form', /Details/).value).toBe('Chipped');
  });

  it('a refund when refundability could not be read at the time (409 REFUNDABILITY_UNAVAILABLE): the dashboard words, the payments read again', async () => {
    view = viewOf({
      unavailable: undefined,
      refundabilities: [{ paymentId: 'p-1', refundabilityStatus: 'REFUNDABLE' }],
    });
    const { button, panel, ask } = await openPanel();
    button(/^Refund$/)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=refund-form]')).not.toBeNull());
    button(/Select everything/, panel())!.click();
    await settle();
    button(/Continue/, panel())!.click();
    await vi.waitFor(() => expect(ask()).toContain('Refund $40.00'));
    const before = reads();
    reply = (call) =>
      call.url.endsWith('/o-1/refund')
        ? json(409, {
            message: 'no',
            details: { applicationError: { code: 'REFUNDABILITY_UNAVAILABLE', description: 'no' } },
          })
        : undefined;
    button(/Yes, refund/, panel())!.click();
    await vi.waitFor(() =>
      expect(panel().querySelector('[part=pay-error]')?.textContent).toBe(
        'Refunds for this payment are made in your site’s dashboard.',
      ),
    );
    expect(reads()).toBeGreaterThan(before);
  });

  it('a manual payment: its own words', async () => {
    const { button, panel, field, ask } = await openPanel();
    button(/^Record a payment$/)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=manual-payment]')).not.toBeNull());
    const amount = field('manual-payment', /Amount/);
    amount.value = '5';
    amount.dispatchEvent(new Event('input', { bubbles: true }));
    await settle();
    button(/Continue/, panel())!.click();
    await vi.waitFor(() => expect(ask()).toContain('Record a payment of $5.00'));
    reply = (call) => (call.url.endsWith('/o-1/manual-payment') ? notHere('manualPayment') : undefined);
    button(/Yes, record/, panel())!.click();
    await vi.waitFor(() =>
      expect(panel().querySelector('[part=pay-error]')?.textContent).toBe(
        '“Record a payment” isn’t available here: use your site’s dashboard.',
      ),
    );
    expect(field('manual-payment', /Amount/).value).toBe('5');
  });

  it('every new word is in French too', () => {
    const keys = Object.keys(en).filter((k) => k === 'ap.here' || k.startsWith('ap.here.'));
    expect(keys).toHaveLength(2);
    for (const k of keys) {
      const f = fr[k as keyof typeof fr];
      expect(f, k).toMatch(/tableau de bord/);
      expect(f, k).not.toBe(en[k as keyof typeof en]);
    }
  });
});
