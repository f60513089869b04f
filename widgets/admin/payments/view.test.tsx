import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, mountWidget } from '../../../tests/helpers/mount.ts';
import { fakeFetch, json, type Call } from '../../../tests/helpers/fake-fetch.ts';
import type { Member } from '../../../core/api/members.ts';
import { addLanguage, createI18n } from '../../../core/i18n/index.ts';
import { render } from 'preact';
import { CollectForm } from './forms.tsx';
import { fr as formsFr } from './forms-strings.fr.ts';
import { InlayApiError } from '../../../core/errors.ts';
import { createPaymentsModel } from './model.ts';
import { paymentsStrings } from './strings.ts';
import { fr } from './strings.fr.ts';

// the console's chunks, imported once before the tests (a first import is slow on a busy machine)
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
const XSS = '<img src=x onerror="window.__xss=1">';
const price = (amount: string) => ({ amount, formattedAmount: `$${amount}` });
const order = {
  id: 'o-1',
  number: '1001',
  createdDate: '2026-03-01T10:00:00.000Z',
  status: 'APPROVED',
  paymentStatus: 'PAID',
  fulfillmentStatus: 'NOT_FULFILLED',
  currency: 'USD',
  buyerInfo: { email: 'ann@example.com' },
  lineItems: [
    { id: 'l-1', quantity: 2, productName: { original: 'Beeswax Taper Candles' }, price: { amount: '9.00' } },
    { id: 'l-2', quantity: 1, productName: { original: 'Camp Stool' }, price: { amount: '20.00' } },
  ],
  priceSummary: { total: { amount: '43.00' } },
  activities: [{ id: 'a1', type: 'ORDER_PLACED' }],
};
const card = (id: string, status: string, amount: string, extra: Record<string, unknown> = {}) => ({
  id,
  status,
  createdDate: '2026-03-01T10:00:00.000Z',
  amount: price(amount),
  regularPaymentDetails: {
    offlinePayment: false,
    paymentMethod: 'CreditCard',
    creditCardDetails: { lastFourDigits: '4242', brand: 'Visa' },
    ...extra,
  },
});
type View = {
  order: Record<string, unknown> & { paymentStatus: string };
  payments: Record<string, unknown>[];
  refunds: Record<string, unknown>[];
  refundabilities: Record<string, string>[];
  collectability: { status: string; amount?: { amount: string } };
  revision: string;
};
const viewOf = (over: Partial<View> = {}): View => ({
  order: {
    id: 'o-1',
    number: '1001',
    status: 'APPROVED',
    paymentStatus: 'PAID',
    currency: 'USD',
    buyerEmail: 'ann@example.com',
    priceSummary: { total: price('43.00') },
    balanceSummary: { balance: price('0.00'), paid: price('43.00'), refunded: price('0.00') },
    lineItems: [
      { id: 'l-1', name: 'Beeswax Taper Candles', quantity: 2, price: price('9.00'), refundedQuantity: 0 },
      { id: 'l-2', name: 'Camp Stool', quantity: 1, price: price('20.00'), refundedQuantity: 0 },
    ],
  },
  payments: [card('p-1', 'APPROVED', '43.00')],
  refunds: [],
  refundabilities: [{ paymentId: 'p-1', refundabilityStatus: 'REFUNDABLE' }],
  collectability: { status: 'NONCOLLECTABLE_ORDER_IS_PAID', amount: price('0.00') },
  revision: 'rev-1',
  ...over,
});

let view = viewOf();
let orderStatus = 'APPROVED';
let reply: (call: Call) => Response | Promise<Response> | undefined;
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  const custom = reply(call);
  if (custom) return custom;
  if (call.url === `${B}/v1/me`) return json(200, { kind: 'member', owner: true });
  if (call.url === `${B}/v1/admin/orders/search`) return json(200, { orders: [order], count: 1, next: null });
  if (call.url === `${B}/v1/admin/orders/summary`)
    return json(200, { count: 1, revenue: '43.00', average: '43.00', currency: 'USD' });
  if (call.url === `${B}/v1/admin/orders/o-1`)
    return json(200, {
      order: { ...order, status: orderStatus, paymentStatus: view.order.paymentStatus },
      fulfillments: [],
    });
  if (call.url === `${B}/v1/admin/orders/o-1/payments`) return json(200, view);
  return json(500, { message: 'unexpected' });
});
const sent = (part: string) => net.calls.filter((c) => c.url.endsWith(part) && c.method === 'POST');
const reads = () => net.calls.filter((c) => c.url.endsWith('/o-1/payments')).length;
const orderReads = () => net.calls.filter((c) => c.url === `${B}/v1/admin/orders/o-1`).length;
const slow = { timeout: 5000 };
const settle = () => new Promise((r) => setTimeout(r, 0));
const refused = (status: number, code: string, data?: unknown) =>
  json(status, { message: 'no', details: { applicationError: { code, description: 'no', data } } });

beforeEach(() => {
  document.body.replaceChildren();
  sessionStorage.clear();
  history.replaceState(null, '', '/admin');
  net.calls.length = 0;
  reply = () => undefined;
  view = viewOf();
  orderStatus = 'APPROVED';
  const member = { id: `owner-${Math.random()}`, loginEmail: 'owner@example.com', contact: {} } as Member;
  $session.set({ status: 'member', role: 'member', member });
});

/** The console on the order's detail, its payments panel shown. */
async function openPanel() {
  const { el, $, $$ } = await mountWidget('inlay-admin', {}, net.fetch, { companion: B });
  const button = (name: RegExp, within = el.shadowRoot!) =>
    [...within.querySelectorAll<HTMLButtonElement>('button')].find((b) => name.test(b.textContent ?? ''));
  await vi.waitFor(() => expect(button(/Order #1001/)).toBeDefined(), slow);
  button(/Order #1001/)!.click();
  await vi.waitFor(() => expect($('[part=payments] [part=balance]')).not.toBeNull(), slow);
  const panel = () => $('[part=payments]')!;
  const input = (form: string, label: RegExp) =>
    [...panel().querySelectorAll(`[part=${form}] label`)]
      .find((l) => label.test(l.textContent ?? ''))!
      .querySelector<HTMLInputElement>('input,textarea,select')!;
  // each a separate event, as a person's are: the render it causes is done before the next
  const type = async (el: HTMLInputElement, value: string) => {
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
    await settle();
  };
  const tick = async (el: HTMLInputElement) => {
    el.click();
    await settle();
  };
  const ask = () => panel().querySelector('[part=ask]')?.textContent ?? '';
  /** A control named by its aria-label (a line's stepper and its buttons). */
  const named = <E extends HTMLElement = HTMLInputElement>(label: RegExp) =>
    [...panel().querySelectorAll<E>('[aria-label]')].find((x) => label.test(x.getAttribute('aria-label') ?? ''))!;
  const summary = () =>
    [...panel().querySelectorAll('[part=refund-summary] .row')].map((r) => r.textContent ?? '').join(' | ');
  return { el, $, $$, button, panel, input, type, tick, ask, named, summary };
}

describe('the payments panel', () => {
  it('says each payment, refund and what is left in words; each reason a payment can’t be refunded or captured', async () => {
    view = viewOf({
      order: { ...viewOf().order, paymentStatus: 'PARTIALLY_REFUNDED' },
      payments: [
        card('p-1', 'PARTIALLY_REFUNDED', '23.00'),
        card('p-2', 'AUTHORIZED', '20.00', {
          authorizationDetails: {
            captures: [],
            scheduledAction: { actionType: 'VOID', executionDate: '2026-03-08T10:00:00.000Z' },
          },
        }),
        card('p-3', 'VOIDED', '5.00', { authorizationDetails: { captures: [], void: { reason: 'SCHEDULED' } } }),
        {
          ...card('p-4', 'APPROVED', '4.00'),
          regularPaymentDetails: {
            offlinePayment: true,
            paymentMethodName: { userDefinedName: { custom: XSS } },
          },
        },
      ],
      refunds: [
        {
          id: 'r-1',
          createdDate: '2026-03-02T10:00:00.000Z',
          transactions: [{ paymentId: 'p-1', amount: price('9.00'), refundStatus: 'SUCCEEDED' }],
          details: { reason: XSS },
        },
        {
          id: 'r-2',
          transactions: [{ paymentId: 'p-1', amount: price('2.00'), refundStatus: 'FAILED' }],
        },
      ],
      refundabilities: [
        { paymentId: 'p-1', refundabilityStatus: 'REFUNDABLE' },
        { paymentId: 'p-2', refundabilityStatus: 'NOT_REFUNDABLE', nonRefundableReason: 'NOT_PAID' },
        { paymentId: 'p-3', refundabilityStatus: 'NOT_REFUNDABLE', nonRefundableReason: 'SOMETHING_NEW' },
        { paymentId: 'p-4', refundabilityStatus: 'MANUAL', manuallyRefundableReason: 'OFFLINE' },
      ],
    });
    const { panel, $$, button } = await openPanel();
    const rows = $$('[part=payment]');
    expect(rows).toHaveLength(4);
    const [p1, p2, p3, p4] = rows.map((r) => r.textContent!);
    expect(p1).toContain('Visa ending in 4242');
    expect(p1).toContain('$23.00');
    expect(p1).toContain('Partly refunded');
    expect(p2).toContain('Authorized, not captured');
    expect(p2).toMatch(/Authorization expires Mar \d+, 2026/);
    // (captured or voided first: no refund reason beside Capture and Void)
    expect(p2).not.toContain('Can’t be refunded');
    expect(p3).toContain('The authorization expired and the funds were released.');
    expect(p3).toContain('Can’t be refunded.');
    expect(p4).toContain(XSS);
    expect(p4).toContain('Paid outside the site, so it’s refunded outside the site too');
    // what each offers: p-1 a refund; p-2 capture and void; p-3 nothing; p-4 only a refund made elsewhere
    const offers = rows.map((r) => [...r.querySelectorAll('button')].map((b) => b.textContent));
    expect(offers).toEqual([['Refund'], ['Capture', 'Void'], [], ['Record a refund made elsewhere']]);
    const refunds = $$('[part=refund]').map((r) => r.textContent!);
    expect(refunds[0]).toContain('$9.00');
    expect(refunds[0]).toContain('Refunded');
    expect(refunds[0]).toContain(`Reason: ${XSS}`);
    expect(refunds[1]).toContain('Refund failed: the payment provider refused it');
    expect(panel().querySelector('[part=balance]')!.textContent).toMatch(/Total\$43\.00Paid\$43\.00/);
    // nothing to collect, but not because it is all paid: the rest is authorized
    expect(panel().querySelector('[part=collect-reason]')!.textContent).toBe(
      'Nothing more to collect: what is left is authorized or on its way.',
    );
    expect(button(/Mark as paid/)).toBeUndefined();
    expect(panel().textContent).not.toMatch(/NOT_PAID|AUTHORIZED|REFUNDABLE|SCHEDULED|SUCCEEDED/);
    expect(panel().querySelectorAll('img')).toHaveLength(0);
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('right to left values keep their order: amounts, a method the owner named, a refund’s reason, the question and the choices each in their own run', async () => {
    view = viewOf({
      payments: [
        card('p-1', 'APPROVED', '43.00'),
        {
          ...card('p-2', 'APPROVED', '4.00'),
          regularPaymentDetails: {
            offlinePayment: true,
            paymentMethodName: { userDefinedName: { custom: 'מזומן 2' } },
          },
        },
      ],
      refunds: [
        {
          id: 'r-1',
          createdDate: '2026-03-02T10:00:00.000Z',
          transactions: [{ paymentId: 'p-1', amount: price('9.00'), refundStatus: 'SUCCEEDED' }],
          details: { reason: 'שבור 3' },
        },
      ],
    });
    const { panel, $$, button, tick, named, ask } = await openPanel();
    // the figures: each amount in its own run
    expect([...panel().querySelectorAll('[part=balance] dd > bdi')].map((b) => b.textContent)).toEqual([
      '$43.00',
      '$43.00',
      '$0.00',
      '$0.00',
    ]);
    // a payment: its method (a Hebrew name with a number) and its amount, each isolated
    const p2 = $$('[part=payment]')[1]!;
    expect([...p2.querySelectorAll('.pm-head > bdi')].map((b) => b.textContent)).toEqual(['מזומן 2', '$4.00']);
    // a refund: its amount and date isolated; its reason's sentence isolated, the Hebrew inside it too
    const r1 = $$('[part=refund]')[0]!;
    expect(r1.querySelector('.pm-head > bdi')!.textContent).toBe('$9.00');
    expect(r1.querySelector('.note > bdi')!.textContent).toBe('Reason: \u2068שבור 3\u2069');
    // a form: its choices and the question, each one isolated sentence
    button(/^Refund$/)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=refund-form]')).not.toBeNull());
    const form = panel().querySelector('[part=refund-form]')!;
    // a line: its name, price and what is left of it in one run; its stepper named for it
    await vi.waitFor(() => expect(form.querySelector('[part=refund-line] > bdi')).not.toBeNull());
    expect(form.querySelector('[part=refund-line] > bdi')!.textContent).toBe(
      'Beeswax Taper Candles · $9.00 each, 2 not refunded',
    );
    expect(named(/^Beeswax Taper Candles: quantity to refund \(up to 2\)$/)).toBeDefined();
    await tick(named(/^One more: Beeswax/));
    // the summary's amounts, each in its own run
    expect([...form.querySelectorAll('[part=refund-summary] dd > bdi')].map((b) => b.textContent)).toEqual([
      '$9.00',
      '$0.00',
      '$0.00',
      '$9.00',
    ]);
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(ask()).not.toBe(''));
    expect(panel().querySelector('[part=ask] > bdi')!.textContent).toBe(ask());
  });

  it('an order edited down after it was paid: the platform’s negative balance is said “To refund”, with the amount', async () => {
    view = viewOf({
      order: {
        ...viewOf().order,
        priceSummary: { total: price('34.00') },
        balanceSummary: { balance: price('-9.00'), paid: price('43.00'), refunded: price('0.00') },
      },
    });
    const { panel } = await openPanel();
    const figures = [...panel().querySelectorAll('[part=balance] div')].map((d) => d.textContent);
    expect(figures).toEqual(['Total$34.00', 'Paid$43.00', 'Refunded$0.00', 'To refund$9.00']);
    expect(panel().querySelector('[part=balance]')!.textContent).not.toContain('Left to pay');
  });

  it('a refund by items: checked before it asks, the question names the amount, the email and the stock; sent once with the revision; the order read again', async () => {
    const { panel, button, input, type, tick, ask, named } = await openPanel();
    button(/^Refund$/)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=refund-form]')).not.toBeNull());
    const form = panel().querySelector('[part=refund-form]')!;
    // nothing chosen: refused in words, nothing asked or sent
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() =>
      expect(form.querySelector('[role=alert]')?.textContent).toBe(
        'Choose items or shipping to refund, or type an amount.',
      ),
    );
    // more than is left of a line: the stepper holds at what is left
    await type(named(/^Beeswax.*up to 2/), '3');
    expect(named(/^Beeswax.*up to 2/).value).toBe('2');
    expect(named<HTMLButtonElement>(/^One more: Beeswax/).disabled).toBe(true);
    await tick(named(/^One fewer: Beeswax/));
    expect(named(/^Beeswax.*up to 2/).value).toBe('1');
    await tick(input('refund-form', /back in stock/));
    await type(input('refund-form', /Message/), 'Sorry!');
    const why = input('refund-form', /^Reason/) as unknown as HTMLSelectElement;
    why.value = 'DAMAGED';
    why.dispatchEvent(new Event('change', { bubbles: true }));
    await type(input('refund-form', /Details/), 'Broken in transit');
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(ask()).not.toBe(''));
    expect(ask()).toBe(
      'Refund $9.00 to Visa ending in 4242? ann@example.com will get an email about it, with your message. 1 item goes back in stock.',
    );
    expect(sent('/refund')).toHaveLength(0);
    const readsBefore = orderReads();
    let answer!: () => void;
    reply = (call) => {
      if (!call.url.endsWith('/o-1/refund')) return undefined;
      view = viewOf({
        order: { ...viewOf().order, paymentStatus: 'PARTIALLY_REFUNDED' },
        refunds: [
          { id: 'r-9', transactions: [{ paymentId: 'p-1', amount: price('9.00'), refundStatus: 'SUCCEEDED' }] },
        ],
        revision: 'rev-2',
      });
      return new Promise((r) => (answer = () => r(json(200, { ...view, refundId: 'r-9', failed: false }))));
    };
    const yes = button(/Yes, refund \$9\.00/, panel() as unknown as ShadowRoot)!;
    yes.click();
    await vi.waitFor(() => expect(sent('/refund')).toHaveLength(1));
    // busy: a second click sends nothing
    expect(yes.disabled).toBe(true);
    yes.click();
    answer();
    await vi.waitFor(() => expect(panel().querySelector('[part=refund]')?.textContent).toContain('$9.00'));
    expect(sent('/refund')).toHaveLength(1);
    expect(sent('/refund')[0]!.body).toEqual({
      revision: 'rev-1',
      paymentId: 'p-1',
      // no amount: the platform gives back what the lines come to (the summary's total)
      lineItems: [{ lineItemId: 'l-1', quantity: 1 }],
      reason: 'Damaged — Broken in transit',
      restock: { type: 'SOME_ITEMS', items: [{ lineItemId: 'l-1', quantity: 1 }] },
      sendEmail: true,
      customMessage: 'Sorry!',
    });
    expect(panel().querySelector('form')).toBeNull();
    expect(panel().querySelector('[role=status]')!.textContent).toBe('Refund made.');
    // the order is read again: its payment status follows
    await vi.waitFor(() => expect(orderReads()).toBe(readsBefore + 1));
    await vi.waitFor(() =>
      expect(document.querySelector('inlay-admin')!.shadowRoot!.textContent).toContain('Partly refunded'),
    );
  });

  it('the refund summary follows the steppers and the shipping live (the lines’ discount and tax as the order charged them); the amount follows it until typed, capped at what is left; the reason chosen from a list plus details', async () => {
    // 2 × 9.00 + 20.00 = 38.00, 3.80 off, tax 2.74, shipping 6.95: 43.89. Discount shared 1.80 / 2.00; tax over what
    // is left (16.20 / 18.00): 1.2979 / 1.4421 → 1.29 / 1.44 and the cent left to the larger remainder → 1.30 / 1.44
    view = viewOf({
      order: {
        ...viewOf().order,
        priceSummary: {
          subtotal: price('38.00'),
          discount: price('3.80'),
          tax: price('2.74'),
          shipping: price('6.95'),
          total: price('43.89'),
        },
      },
      payments: [card('p-1', 'APPROVED', '43.89')],
    });
    const { panel, button, input, type, tick, ask, named, summary } = await openPanel();
    button(/^Refund$/)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=refund-form]')).not.toBeNull());
    const total = () => panel().querySelector('[part=refund-total]')!.textContent;
    const amount = () => input('refund-form', /^Amount/);
    expect([total(), amount().value]).toEqual(['$0.00', '']);
    // one candle: 9.00 − 0.90 + 0.65 (half of its 1.30 tax)
    await tick(named(/^One more: Beeswax/));
    expect(summary()).toBe('Items subtotal$9.00 | Discount−$0.90 | Tax$0.65 | Shipping$0.00 | Refund total$8.75');
    expect([total(), amount().value]).toEqual(['$8.75', '8.75']);
    // the second: the rest of the line, to the cent (9.00 − 0.90 + 0.65)
    await tick(named(/^One more: Beeswax/));
    expect(total()).toBe('$17.50');
    await tick(named(/^One fewer: Beeswax/));
    // some of the shipping: up to what is not refunded yet
    await tick(input('refund-form', /Refund shipping \(up to \$6\.95\)/));
    expect([total(), input('refund-form', /Shipping to refund/).value]).toEqual(['$15.70', '6.95']);
    await type(input('refund-form', /Shipping to refund/), '7.00');
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() =>
      expect(panel().querySelector('[part=refund-form] [role=alert]')?.textContent).toBe(
        'Enter a shipping amount more than 0 and at most $6.95.',
      ),
    );
    await type(input('refund-form', /Shipping to refund/), '2');
    expect([total(), amount().value]).toEqual(['$10.75', '10.75']);
    // the amount typed: said to differ; more than is left of the payment refused before it asks
    await type(amount(), '50');
    expect(panel().querySelector('[part=amount-own]')!.textContent).toContain(
      'Differs from the summary’s total ($10.75).',
    );
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() =>
      expect(panel().querySelector('[part=refund-form] [role=alert]')?.textContent).toBe(
        'Enter an amount like 12.50, more than 0 and at most $43.89.',
      ),
    );
    button(/Use the summary’s total/, panel() as unknown as ShadowRoot)!.click();
    await settle();
    expect(amount().value).toBe('10.75');
    const why = input('refund-form', /^Reason/) as unknown as HTMLSelectElement;
    expect([...why.options].map((o) => o.text)).toEqual([
      'No reason given',
      'Returned',
      'Damaged',
      'Customer changed their mind',
      'Other',
    ]);
    why.value = 'RETURNED';
    why.dispatchEvent(new Event('change', { bubbles: true }));
    await settle();
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(ask()).toContain('Refund $10.75 to Visa ending in 4242?'));
    reply = (call) =>
      call.url.endsWith('/o-1/refund') ? json(200, { ...view, refundId: 'r-1', failed: false }) : undefined;
    button(/Yes, refund \$10\.75/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(sent('/refund')).toHaveLength(1));
    // the lines and the shipping, no amount: the platform computes the same 10.75 from them
    expect(sent('/refund')[0]!.body).toEqual({
      revision: 'rev-1',
      paymentId: 'p-1',
      lineItems: [{ lineItemId: 'l-1', quantity: 1 }],
      shippingAmount: '2.00',
      reason: 'Returned',
      restock: { type: 'NO_ITEMS' },
      sendEmail: true,
    });
  });

  it('shipping refunded before is not offered again; a line refunded before offers only its rest', async () => {
    view = viewOf({
      order: {
        ...viewOf().order,
        priceSummary: { subtotal: price('38.00'), shipping: price('5.00'), total: price('43.00') },
        lineItems: (viewOf().order['lineItems'] as Record<string, unknown>[]).map((l, i) =>
          i === 0 ? { ...l, refundedQuantity: 1 } : l,
        ),
      },
      refunds: [
        {
          id: 'r-1',
          transactions: [{ paymentId: 'p-1', amount: price('12.00'), refundStatus: 'SUCCEEDED' }],
          details: { lineItems: [{ lineItemId: 'l-1', quantity: 1 }], shipping: { amount: price('3.00') } },
        },
        {
          id: 'r-2',
          transactions: [{ paymentId: 'p-1', amount: price('2.00'), refundStatus: 'FAILED' }],
          details: { shipping: { amount: price('2.00') } },
        },
      ],
    });
    const { panel, button, input, named } = await openPanel();
    button(/^Refund$/)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=refund-form]')).not.toBeNull());
    expect(named(/^Beeswax.*up to 1\)$/)).toBeDefined();
    // 5.00 − 3.00 (the failed refund gave none back)
    expect(input('refund-form', /Refund shipping/)).toBeDefined();
    expect(panel().querySelector('[part=refund-form]')!.textContent).toContain('Refund shipping (up to $2.00)');
  });

  it('a unit comes back in stock once: what a cancel or an earlier refund put back is not offered or sent again', async () => {
    const [l1, l2] = viewOf().order['lineItems'] as Record<string, unknown>[];
    const lines = (a: number, b: number) => [
      { ...l1, restockedQuantity: a },
      { ...l2, restockedQuantity: b },
    ];
    view = viewOf({ order: { ...viewOf().order, lineItems: lines(1, 1) } });
    const { panel, button, input, tick, ask } = await openPanel();
    button(/^Refund$/)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=refund-form]')).not.toBeNull());
    button(/Select everything/, panel() as unknown as ShadowRoot)!.click();
    await settle();
    await tick(input('refund-form', /back in stock/));
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(ask()).not.toBe(''));
    // of 3 units, 2 are back already: one goes back
    expect(ask()).toContain('1 item goes back in stock.');
    button(/Yes, refund/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(sent('/refund')).toHaveLength(1));
    expect((sent('/refund')[0]!.body as { restock: unknown }).restock).toEqual({
      type: 'SOME_ITEMS',
      items: [{ lineItemId: 'l-1', quantity: 1 }],
    });
  });

  it('every unit back in stock already: the refund form says so and has no box to put them back', async () => {
    view = viewOf({
      order: {
        ...viewOf().order,
        lineItems: (viewOf().order['lineItems'] as Record<string, unknown>[]).map((l) => ({
          ...l,
          restockedQuantity: 2,
        })),
      },
    });
    const { panel, button, ask } = await openPanel();
    button(/^Refund$/)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=refund-form]')).not.toBeNull());
    button(/Select everything/, panel() as unknown as ShadowRoot)!.click();
    await settle();
    expect(panel().querySelector('[part=restocked]')!.textContent).toBe('The order’s items are already back in stock.');
    expect(panel().querySelector('[part=refund-form]')!.textContent).not.toContain('Put the refunded items back');
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(ask()).toContain('Stock won’t change.'));
    button(/Yes, refund/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(sent('/refund')).toHaveLength(1));
    expect((sent('/refund')[0]!.body as { restock: unknown }).restock).toEqual({ type: 'NO_ITEMS' });
  });

  it('409 PAYMENTS_CHANGED: the view is read again and shown, saying so, before anything is offered; what was typed stays; the retry carries the new revision', async () => {
    const { panel, button, input, type, tick, ask } = await openPanel();
    button(/^Refund$/)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=refund-form]')).not.toBeNull());
    await vi.waitFor(() => expect(input('refund-form', /Amount \(USD\)/)).toBeDefined());
    await type(input('refund-form', /Amount/), '50');
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() =>
      expect(panel().querySelector('[part=refund-form] [role=alert]')?.textContent).toBe(
        'Enter an amount like 12.50, more than 0 and at most $43.00.',
      ),
    );
    await type(input('refund-form', /Amount/), '5.50');
    await tick(input('refund-form', /Email the buyer/));
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(ask()).toBe('Refund $5.50 to Visa ending in 4242? No email will be sent.'));
    let first = true;
    reply = (call) => {
      if (!call.url.endsWith('/o-1/refund')) return undefined;
      if (first) {
        first = false;
        view = viewOf({ revision: 'rev-2', order: { ...viewOf().order, paymentStatus: 'PARTIALLY_REFUNDED' } });
        return refused(409, 'PAYMENTS_CHANGED', { revision: 'rev-2' });
      }
      return json(200, { ...view, refundId: 'r-1', failed: false });
    };
    const before = reads();
    button(/Yes, refund \$5\.50/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=pay-error]')).not.toBeNull());
    expect(panel().querySelector('[part=pay-error]')!.textContent).toContain('changed since you looked');
    expect(reads()).toBe(before + 1);
    // back at the first step, what was typed kept; nothing asked until it is confirmed again
    expect(ask()).toBe('');
    expect(input('refund-form', /Amount/).value).toBe('5.50');
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(ask()).not.toBe(''));
    button(/Yes, refund/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(sent('/refund')).toHaveLength(2));
    expect(sent('/refund').map((c) => (c.body as { revision: string }).revision)).toEqual(['rev-1', 'rev-2']);
    expect(sent('/refund')[1]!.body).toMatchObject({ amount: '5.50', sendEmail: false, restock: { type: 'NO_ITEMS' } });
  });

  it('a lost answer (5xx): the form gives way to the payments read again, saying the change may or may not have landed; a refund the provider refused is said plainly', async () => {
    const { panel, button, ask, input, type } = await openPanel();
    button(/^Refund$/)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=refund-form]')).not.toBeNull());
    await type(input('refund-form', /Amount/), '43.00');
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(ask()).toContain('Refund $43.00 to Visa ending in 4242?'));
    expect(ask()).toContain('ann@example.com will get an email about it.');
    // an amount without items: nothing about stock
    expect(ask()).not.toContain('stock');
    let n = 0;
    reply = (call) => {
      if (!call.url.endsWith('/o-1/refund')) return undefined;
      if (n++ === 0) return json(502, { message: 'down' });
      view = viewOf({
        refunds: [{ id: 'r-2', transactions: [{ paymentId: 'p-1', amount: price('43.00'), refundStatus: 'FAILED' }] }],
        revision: 'rev-3',
      });
      return json(200, { ...view, refundId: 'r-2', failed: true });
    };
    const before = reads();
    button(/Yes, refund/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=pay-error]')?.textContent).toContain('No answer came'));
    expect(reads()).toBe(before + 1);
    expect(sent('/refund')).toHaveLength(1);
    // the form is gone: nothing typed is one click from being sent again
    expect(panel().querySelector('[part=refund-form]')).toBeNull();
    expect(button(/Continue|Yes, refund/, panel() as unknown as ShadowRoot)).toBeUndefined();
    button(/^Refund$/)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=refund-form]')).not.toBeNull());
    await type(input('refund-form', /Amount/), '43.00');
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(ask()).not.toBe(''));
    button(/Yes, refund/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() =>
      expect(panel().querySelector('[part=pay-error]')?.textContent).toBe(
        'The payment provider refused the refund: nothing was refunded. The order is unchanged.',
      ),
    );
    expect(panel().querySelector('[part=refund-status]')!.textContent).toContain('Refund failed');
    expect(panel().querySelector('[part=refund-form]')).not.toBeNull(); // the form stays
  });

  it('ANSWER_LOST and CHANGE_IN_PROGRESS: the order as the companion found it takes the form’s place, without another read', async () => {
    for (const [c, words] of [
      ['ANSWER_LOST', 'it was most likely made'],
      ['CHANGE_IN_PROGRESS', 'Another change to these payments is under way'],
    ] as const) {
      view = viewOf();
      const { panel, button, ask, input, type, el } = await openPanel();
      button(/^Refund$/)!.click();
      await vi.waitFor(() => expect(panel().querySelector('[part=refund-form]')).not.toBeNull());
      await type(input('refund-form', /Amount/), '43.00');
      button(/Continue/, panel() as unknown as ShadowRoot)!.click();
      await vi.waitFor(() => expect(ask()).not.toBe(''));
      const now = viewOf({
        order: { ...viewOf().order, paymentStatus: 'FULLY_REFUNDED' },
        refunds: [
          { id: 'r-9', transactions: [{ paymentId: 'p-1', amount: price('43.00'), refundStatus: 'SUCCEEDED' }] },
        ],
        refundabilities: [
          { paymentId: 'p-1', refundabilityStatus: 'NOT_REFUNDABLE', nonRefundableReason: 'ALREADY_REFUNDED' },
        ],
        revision: 'rev-9',
      });
      reply = (call) =>
        call.url.endsWith('/o-1/refund') ? refused(409, c, { revision: 'rev-9', view: now }) : undefined;
      const before = reads();
      button(/Yes, refund/, panel() as unknown as ShadowRoot)!.click();
      await vi.waitFor(() => expect(panel().querySelector('[part=pay-error]')?.textContent).toContain(words));
      expect(reads(), c).toBe(before);
      expect(panel().querySelector('[part=refund-form]')).toBeNull();
      expect(panel().querySelector('[part=refund]')!.textContent).toContain('$43.00');
      expect(button(/^Refund$/)).toBeUndefined(); // nothing left to refund, as the companion found it
      el.remove();
      history.replaceState(null, '', '/admin'); // (the open order is in the URL: the next page opens on the list)
      net.calls.length = 0;
      reply = () => undefined;
    }
  });

  it('a lost answer and the read after it fails too: nothing is offered until the payments are read again', async () => {
    const { panel, button, ask, input, type } = await openPanel();
    button(/^Refund$/)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=refund-form]')).not.toBeNull());
    await type(input('refund-form', /Amount/), '43.00');
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(ask()).not.toBe(''));
    let down = true;
    // (the read refused outright: a read that times out is retried for seconds first)
    reply = (call) =>
      call.url.endsWith('/o-1/refund')
        ? json(503, { message: 'down' })
        : down && call.url.endsWith('/o-1/payments')
          ? json(400, { message: 'refused' })
          : undefined;
    button(/Yes, refund/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=pay-stale]')).not.toBeNull(), slow);
    expect(panel().querySelector('[part=refund-form]')).toBeNull();
    expect(button(/^Refund$/)!.disabled).toBe(true);
    down = false;
    button(/Read again/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=pay-stale]')).toBeNull(), slow);
    expect(button(/^Refund$/)!.disabled).toBe(false);
    expect(sent('/refund')).toHaveLength(1);
  });

  it('capture an amount and void, each after a question; a refusal’s reason is worded', async () => {
    view = viewOf({
      order: { ...viewOf().order, paymentStatus: 'PENDING' },
      payments: [card('p-2', 'AUTHORIZED', '43.00', { authorizationDetails: { captures: [] } })],
      refundabilities: [{ paymentId: 'p-2', refundabilityStatus: 'NOT_REFUNDABLE', nonRefundableReason: 'NOT_PAID' }],
    });
    const { panel, button, input, type, tick, ask } = await openPanel();
    button(/^Capture$/)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=capture-form]')).not.toBeNull());
    await tick(input('capture-form', /An amount/));
    await vi.waitFor(() => expect(input('capture-form', /Amount/)).toBeDefined());
    await type(input('capture-form', /Amount/), '40');
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() =>
      expect(ask()).toBe(
        'Capture $40.00 from Visa ending in 4242? The rest of the authorization is released. No email will be sent.',
      ),
    );
    reply = (call) =>
      call.url.endsWith('/o-1/capture') ? refused(409, 'AUTHORIZATION_UNAVAILABLE', { reason: 'EXPIRED' }) : undefined;
    button(/Yes, capture \$40\.00/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() =>
      expect(panel().querySelector('[part=pay-error]')?.textContent).toBe(
        'The authorization expired and the funds were released.',
      ),
    );
    expect(sent('/capture')[0]!.body).toEqual({ revision: 'rev-1', payments: [{ paymentId: 'p-2', amount: '40.00' }] });
    button(/^Void$/)!.click();
    await vi.waitFor(() => expect(ask()).toContain('Void the authorization of $43.00 on Visa ending in 4242?'));
    reply = (call) => {
      if (!call.url.endsWith('/o-1/void')) return undefined;
      view = viewOf({
        order: { ...viewOf().order, paymentStatus: 'NOT_PAID' },
        payments: [
          card('p-2', 'VOIDED', '43.00', { authorizationDetails: { captures: [], void: { reason: 'MANUAL' } } }),
        ],
        collectability: { status: 'COLLECTABLE', amount: price('43.00') },
        revision: 'rev-5',
      });
      return json(200, view);
    };
    button(/Yes, void it/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() =>
      expect(panel().querySelector('[part=capture-reason]')?.textContent).toBe('The authorization was voided.'),
    );
    expect(sent('/void')[0]!.body).toEqual({ revision: 'rev-1', paymentIds: ['p-2'] });
    expect(button(/Mark as paid/)).toBeDefined();
  });

  it('mark as paid by a method of the owner’s words; a manual payment above what is left is refused before it asks', async () => {
    view = viewOf({
      order: { ...viewOf().order, paymentStatus: 'NOT_PAID' },
      payments: [],
      refundabilities: [],
      collectability: { status: 'COLLECTABLE', amount: price('43.00') },
    });
    const { panel, button, input, type, ask } = await openPanel();
    expect(panel().textContent).toContain('No payments yet.');
    button(/Record a payment/)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=manual-payment]')).not.toBeNull());
    await type(input('manual-payment', /Amount/), '43.01');
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=manual-payment] [role=alert]')).not.toBeNull());
    expect(ask()).toBe('');
    await type(input('manual-payment', /Amount/), '10');
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() =>
      expect(ask()).toBe('Record a payment of $10.00 by Cash on order #1001? No email will be sent.'),
    );
    button(/Back/, panel() as unknown as ShadowRoot)!.click();
    await settle();
    button(/Close/, panel() as unknown as ShadowRoot)!.click();
    button(/Mark as paid/)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=mark-paid]')).not.toBeNull());
    const select = input('mark-paid', /How it was paid/) as unknown as HTMLSelectElement;
    select.value = 'custom';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await settle();
    await vi.waitFor(() => expect(input('mark-paid', /Payment method name/)).toBeDefined());
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() =>
      expect(panel().querySelector('[part=mark-paid] [role=alert]')?.textContent).toBe('Name the payment method.'),
    );
    await type(input('mark-paid', /Payment method name/), ' Venmo ');
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() =>
      expect(ask()).toBe('Mark order #1001 as paid: $43.00 received by Venmo? No email will be sent.'),
    );
    reply = (call) =>
      call.url.endsWith('/o-1/mark-as-paid') ? refused(409, 'CHANGE_IN_PROGRESS', { revision: 'rev-1' }) : undefined;
    button(/Yes, mark as paid/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() =>
      expect(panel().querySelector('[part=pay-error]')?.textContent).toContain('Another change to these payments'),
    );
    expect(sent('/mark-as-paid')[0]!.body).toEqual({ revision: 'rev-1', method: { custom: 'Venmo' } });
    expect(sent('/manual-payment')).toHaveLength(0);
  });

  it('amounts follow the currency’s decimals: none in JPY, three in KWD; more is refused in words before it asks; a decimal comma is a point; what is sent is what was asked', async () => {
    const yen = (amount: string) => ({ amount, formattedAmount: `¥${amount}` });
    view = viewOf({
      order: {
        ...viewOf().order,
        currency: 'JPY',
        paymentStatus: 'NOT_PAID',
        priceSummary: { total: yen('5000') },
        balanceSummary: { balance: yen('5000'), paid: yen('0'), refunded: yen('0') },
      },
      payments: [],
      refundabilities: [],
      collectability: { status: 'COLLECTABLE', amount: yen('5000') },
    });
    const { panel, button, input, type, ask } = await openPanel();
    expect(panel().querySelector('[part=balance]')!.textContent).toContain('¥5,000');
    button(/Record a payment/)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=manual-payment]')).not.toBeNull());
    const alert = () => panel().querySelector('[part=manual-payment] [role=alert]')?.textContent;
    await type(input('manual-payment', /Amount \(JPY\)/), '1000.50');
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(alert()).toBe('This currency’s amounts have no decimals.'));
    expect(ask()).toBe('');
    await type(input('manual-payment', /Amount/), '5001');
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(alert()).toBe('Enter an amount like 12, more than 0 and at most ¥5,000.'));
    await type(input('manual-payment', /Amount/), '1000');
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() =>
      expect(ask()).toBe('Record a payment of ¥1,000 by Cash on order #1001? No email will be sent.'),
    );
    reply = (call) => (call.url.endsWith('/o-1/manual-payment') ? json(200, view) : undefined);
    button(/Yes, record ¥1,000/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(sent('/manual-payment')).toHaveLength(1));
    expect(sent('/manual-payment')[0]!.body).toEqual({
      revision: 'rev-1',
      amount: '1000',
      method: { predefined: 'CASH' },
    });
  });

  it('KWD: three decimals asked and sent; a fourth refused; "12,345" is 12.345', async () => {
    const kd = (amount: string) => ({ amount, formattedAmount: `KWD ${amount}` });
    view = viewOf({
      order: {
        ...viewOf().order,
        currency: 'KWD',
        paymentStatus: 'PENDING',
        priceSummary: { total: kd('20.000') },
        balanceSummary: { balance: kd('20.000'), paid: kd('0.000'), refunded: kd('0.000') },
      },
      payments: [card('p-2', 'AUTHORIZED', '20.000', { authorizationDetails: { captures: [] } })],
      refundabilities: [{ paymentId: 'p-2', refundabilityStatus: 'NOT_REFUNDABLE', nonRefundableReason: 'NOT_PAID' }],
    });
    const { panel, button, input, type, tick, ask } = await openPanel();
    button(/^Capture$/)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=capture-form]')).not.toBeNull());
    expect(panel().querySelector('[part=capture-form]')!.textContent).toMatch(/All of it: KWD\s20\.000/);
    await tick(input('capture-form', /An amount/));
    await vi.waitFor(() => expect(input('capture-form', /Amount \(KWD\)/)).toBeDefined());
    await type(input('capture-form', /Amount/), '12.3456');
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() =>
      expect(panel().querySelector('[part=capture-form] [role=alert]')?.textContent).toBe(
        'This currency’s amounts have at most 3 decimals.',
      ),
    );
    await type(input('capture-form', /Amount/), '12,345');
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(ask()).toMatch(/^Capture KWD\s12\.345 from Visa ending in 4242\?/));
    reply = (call) => (call.url.endsWith('/o-1/capture') ? json(200, view) : undefined);
    button(/Yes, capture KWD\s12\.345/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(sent('/capture')).toHaveLength(1));
    expect(sent('/capture')[0]!.body).toEqual({
      revision: 'rev-1',
      payments: [{ paymentId: 'p-2', amount: '12.345' }],
    });
  });

  it('the question is frozen: the view read again under it (the order’s status moved) brings back the first step saying so; what is sent then carries the new revision and figures', async () => {
    orderStatus = 'PENDING';
    const { panel, button, ask, $, input, type } = await openPanel();
    button(/^Refund$/)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=refund-form]')).not.toBeNull());
    await type(input('refund-form', /Amount/), '43.00');
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(ask()).toContain('Refund $43.00 to Visa ending in 4242?'));
    // meanwhile: $13.00 refunded elsewhere (rev-2), and the owner approves the order: the panel reads the view again
    view = viewOf({
      refunds: [{ id: 'r-5', transactions: [{ paymentId: 'p-1', amount: price('13.00'), refundStatus: 'SUCCEEDED' }] }],
      revision: 'rev-2',
    });
    reply = (call) => {
      if (!call.url.endsWith('/o-1/status')) return undefined;
      orderStatus = 'APPROVED';
      return json(200, { order: { ...order, status: 'APPROVED' } });
    };
    const before = reads();
    button(/^Approve order$/)!.click();
    await vi.waitFor(() => expect(button(/^Yes, go ahead$/)).toBeDefined());
    button(/^Yes, go ahead$/)!.click();
    await vi.waitFor(() => expect(reads()).toBe(before + 1));
    await vi.waitFor(() =>
      expect(panel().querySelector('[part=refund-form] [role=alert]')?.textContent).toBe(
        'The payments changed since you looked. Here they are now: check them before trying again.',
      ),
    );
    expect(ask()).toBe('');
    expect(sent('/refund')).toHaveLength(0);
    expect(panel().querySelector('[part=refund-form]')!.textContent).toContain('At most $30.00.');
    expect($('[part=detail]')).not.toBeNull();
    // what was typed is kept, and now more than is left: refused before it asks
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() =>
      expect(panel().querySelector('[part=refund-form] [role=alert]')?.textContent).toBe(
        'Enter an amount like 12.50, more than 0 and at most $30.00.',
      ),
    );
    await type(input('refund-form', /Amount/), '30');
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(ask()).toContain('Refund $30.00 to Visa ending in 4242?'));
    reply = (call) =>
      call.url.endsWith('/o-1/refund') ? json(200, { ...view, refundId: 'r-6', failed: false }) : undefined;
    button(/Yes, refund \$30\.00/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(sent('/refund')).toHaveLength(1));
    expect(sent('/refund')[0]!.body).toMatchObject({ revision: 'rev-2', amount: '30.00' });
  });

  it('no buyer email on the order: no box to email, the question says no email is sent, none is asked for', async () => {
    view = viewOf({ order: { ...viewOf().order, buyerEmail: undefined } });
    const { panel, button, ask } = await openPanel();
    button(/^Refund$/)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=refund-form]')).not.toBeNull());
    const form = panel().querySelector('[part=refund-form]')!;
    expect(form.textContent).not.toContain('Email the buyer');
    expect(form.querySelector('textarea')).toBeNull();
    expect(form.querySelector('[part=no-buyer-email]')!.textContent).toBe(
      'The order has no buyer email: no email is sent.',
    );
    button(/Select everything/, panel() as unknown as ShadowRoot)!.click();
    await settle();
    button(/Continue/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() =>
      expect(ask()).toBe('Refund $38.00 to Visa ending in 4242? No email will be sent. Stock won’t change.'),
    );
    reply = (call) =>
      call.url.endsWith('/o-1/refund') ? json(200, { ...view, refundId: 'r-1', failed: false }) : undefined;
    button(/Yes, refund/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(sent('/refund')).toHaveLength(1));
    expect(sent('/refund')[0]!.body).toMatchObject({ sendEmail: false });
    expect(sent('/refund')[0]!.body).not.toHaveProperty('customMessage');
  });

  it('each payment’s buttons name their payment (aria-describedby); a form closed gives focus back to its button, or to the heading when the button is gone', async () => {
    view = viewOf({
      payments: [
        card('p-1', 'APPROVED', '23.00'),
        card('p-2', 'AUTHORIZED', '20.00', { authorizationDetails: { captures: [] } }),
      ],
      refundabilities: [
        { paymentId: 'p-1', refundabilityStatus: 'REFUNDABLE' },
        { paymentId: 'p-2', refundabilityStatus: 'NOT_REFUNDABLE', nonRefundableReason: 'NOT_PAID' },
      ],
    });
    view.payments[1]!['regularPaymentDetails'] = {
      ...(view.payments[1]!['regularPaymentDetails'] as object),
      creditCardDetails: { lastFourDigits: '1111', brand: 'Amex' },
    };
    const { el, panel, button } = await openPanel();
    const root = el.shadowRoot!;
    const described = (b: HTMLButtonElement) => root.getElementById(b.getAttribute('aria-describedby')!)?.textContent;
    const [p1, p2] = [...panel().querySelectorAll('[part=payment]')];
    const refund = p1!.querySelector('button')!;
    const [capture, voidIt] = [...p2!.querySelectorAll('button')];
    expect(described(refund)).toBe('Visa ending in 4242');
    expect(described(capture!)).toBe('Amex ending in 1111');
    expect(described(voidIt!)).toBe('Amex ending in 1111');
    refund.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=refund-form]')).not.toBeNull());
    button(/^Close$/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=refund-form]')).toBeNull());
    await vi.waitFor(() => expect(root.activeElement).toBe(refund));
    voidIt!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=void-form]')).not.toBeNull());
    reply = (call) => {
      if (!call.url.endsWith('/o-1/void')) return undefined;
      view = { ...view, payments: [view.payments[0]!, { ...view.payments[1]!, status: 'VOIDED' }], revision: 'rev-2' };
      return json(200, view);
    };
    button(/Yes, void it/, panel() as unknown as ShadowRoot)!.click();
    await vi.waitFor(() => expect(panel().querySelector('[part=void-form]')).toBeNull());
    // the void button is gone with the authorization: the panel's heading has the focus
    await vi.waitFor(() => expect(root.activeElement).toBe(panel().querySelector('h4')));
  });

  it('a failed read says why and tries again', async () => {
    let fail = true;
    reply = (call) => (call.url.endsWith('/o-1/payments') && fail ? refused(403, 'NOT_OWNER') : undefined);
    const { el, $, button } = await mountWidget('inlay-admin', {}, net.fetch, { companion: B }).then((m) => ({
      ...m,
      button: (name: RegExp) =>
        [...m.el.shadowRoot!.querySelectorAll<HTMLButtonElement>('button')].find((b) => name.test(b.textContent ?? '')),
    }));
    await vi.waitFor(() => expect(button(/Order #1001/)).toBeDefined(), slow);
    button(/Order #1001/)!.click();
    await vi.waitFor(() => expect($('[part=payments] [role=alert]')).not.toBeNull(), slow);
    expect($('[part=payments] [part=balance]')).toBeNull();
    fail = false;
    [...$('[part=payments]')!.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!.click();
    await vi.waitFor(() => expect($('[part=payments] [part=balance]')).not.toBeNull());
    expect(el.shadowRoot!.textContent).toContain('Visa ending in 4242');
  });
});

describe('the payments model', () => {
  it('a read started before a change does not overwrite the view the change returned', async () => {
    const answers: ((r: unknown) => void)[] = [];
    const http = { request: () => new Promise((r) => answers.push(r)) };
    const m = createPaymentsModel({ http: () => http as never, i18n: () => createI18n('en'), orderId: 'o-1' });
    const first = m.load();
    answers.shift()!(viewOf());
    await first;
    const slowRead = m.load(); // started before the refund: it will answer with the view before it
    const refund = m.refund('rev-1', { paymentId: 'p-1' });
    expect(answers).toHaveLength(2);
    const [read, change] = answers;
    change!(viewOf({ revision: 'rev-2' }));
    expect(await refund).toBe(true);
    read!(viewOf({ revision: 'rev-1' }));
    await slowRead;
    expect(m.$ui.get().view!.revision).toBe('rev-2');
  });

  it('the amount hint says the example as the language writes it, with the currency’s decimals', async () => {
    addLanguage('fr', { ...formsFr });
    const host = document.createElement('div');
    document.body.append(host);
    const at = (lang: string, cur: string, digits: number) => {
      const i18n = createI18n(lang);
      render(
        <CollectForm
          i18n={i18n}
          v={viewOf({ collectability: { status: 'COLLECTABLE', amount: price('43.00') } }) as never}
          model={{} as never}
          busy={false}
          cur={cur}
          digits={digits}
          money={(n) => i18n.money(n / 10 ** digits, cur)}
          onClose={() => undefined}
          mark={false}
          number="1001"
        />,
        host,
      );
    };
    const hint = async () => {
      host.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
      await vi.waitFor(() => expect(host.querySelector('[role=alert]')).not.toBeNull());
      return host.querySelector('[role=alert]')!.textContent;
    };
    at('fr', 'EUR', 2);
    expect(await hint()).toMatch(/^Saisissez un montant comme 12,50, supérieur à 0 et d’au plus 43,00\s€\.$/);
    render(null, host);
    at('en', 'USD', 2);
    expect(await hint()).toBe('Enter an amount like 12.50, more than 0 and at most $43.00.');
    render(null, host);
  });

  it('words every refusal reason the spec has, in English and in French; a prototype-named reason is not a key', async () => {
    const reasons = [
      'ALREADY_REFUNDED',
      'PROVIDER_IS_DOWN',
      'INTERNAL_ERROR',
      'NOT_PAID',
      'ACCESS_DENIED',
      'ZERO_PRICE',
      'DISABLED_BY_PROVIDER',
      'PENDING_REFUND',
      'FORBIDDEN',
      'TRANSACTION_NOT_FOUND',
      'ORDER_IS_PENDING',
      'ORDER_IS_REJECTED',
      'PARTIALLY_PAID',
      'DEPOSIT_ONLINE_ITEM',
    ];
    const manual = ['OFFLINE', 'EXPIRED', 'NOT_SUPPORTED', 'REQUIRES_CARD_READER'];
    const unavailable = [
      'EXPIRED',
      'NOT_SUPPORTED',
      'NOT_FOUND',
      'OFFLINE',
      'REQUIRES_CARD_READER',
      'VOIDED',
      'CAPTURED',
    ];
    const keys = [
      ...reasons.map((r) => `ap.no.${r}`),
      ...manual.map((r) => `ap.manual.${r}`),
      ...unavailable.map((r) => `ap.un.${r}`),
    ];
    for (const k of keys) {
      expect(paymentsStrings, k).toHaveProperty([k]);
      expect(fr[k as keyof typeof fr], k).toBeTruthy();
      expect(fr[k as keyof typeof fr], k).not.toBe(paymentsStrings[k as keyof typeof paymentsStrings]);
    }
    // the model words a refusal from its code and reason
    let answer = () => json(200, {});
    const http = {
      request: async () => {
        const r = answer();
        const body = await r.json();
        if (r.status !== 200)
          throw new InlayApiError({
            kind: 'http',
            status: r.status,
            message: 'no',
            applicationError: body.details.applicationError,
          });
        return body;
      },
    };
    const m = createPaymentsModel({
      http: () => http as never,
      i18n: () => createI18n('en'),
      orderId: 'o-1',
    });
    answer = () => json(200, viewOf());
    await m.load();
    const tryRefund = async (reason: string, status = 'NOT_REFUNDABLE') => {
      let first = true;
      answer = () =>
        first
          ? ((first = false), refused(409, 'REFUND_NOT_AVAILABLE', { refundabilityStatus: status, reason }))
          : json(200, viewOf());
      expect(await m.refund('rev-1', { paymentId: 'p-1' })).toBe(false);
      return m.$ui.get().failed?.text;
    };
    expect(await tryRefund('PENDING_REFUND')).toBe(paymentsStrings['ap.no.PENDING_REFUND']);
    expect(await tryRefund('EXPIRED', 'MANUAL')).toBe(paymentsStrings['ap.manual.EXPIRED']);
    expect(await tryRefund('__proto__')).toBe(paymentsStrings['ap.no.other']);
    expect(await tryRefund('constructor')).toBe(paymentsStrings['ap.no.other']);
  });
});
