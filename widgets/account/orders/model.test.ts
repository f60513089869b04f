import { beforeEach, describe, expect, it } from 'vitest';
import { testContext } from '../../../tests/helpers/context.ts';
import { fakeFetch, json, type Call } from '../../../tests/helpers/fake-fetch.ts';
import { STORES_APP_ID } from '../../../core/api/products.ts';
import { againItems, createOrdersModel, refusedIndexes } from './model.ts';
import { InlayApiError } from '../../../core/errors.ts';
import { addLanguage, createI18n } from '../../../core/i18n/index.ts';
import { printReceipt } from './receipt.ts';
import frPack from '../../languages/fr.ts';
import { orderStrings } from './strings.ts';
import type { Order } from '../../../core/api/orders.ts';

const B = 'https://shop.test/api/inlay';
const money = (amount: string) => ({ amount, formattedAmount: `$${amount}` });
const order = (n: number, over: Partial<Order> = {}): Order => ({
  id: `o-${n}`,
  number: String(10000 + n),
  createdDate: new Date(Date.UTC(2026, 10, n)).toISOString(),
  status: 'APPROVED',
  paymentStatus: 'PAID',
  fulfillmentStatus: 'NOT_FULFILLED',
  currency: 'USD',
  lineItems: [
    {
      id: 'l1',
      quantity: 2,
      productName: { original: 'Enamel Camp Mug' },
      catalogReference: { appId: STORES_APP_ID, catalogItemId: 'mug', options: { variantId: 'navy' } },
      price: money('18.00'),
    },
    {
      id: 'l2',
      quantity: 1,
      productName: { original: 'Wool Throw' },
      catalogReference: { appId: STORES_APP_ID, catalogItemId: 'throw' },
      price: money('80.00'),
    },
  ],
  priceSummary: { total: money('116.00') },
  ...over,
});
const cart = (lines: { id: string; pid: string; status?: string }[]) => ({
  cart: {
    id: 'c1',
    lineItems: lines.map((l) => ({
      id: l.id,
      quantity: 1,
      catalogReference: { appId: STORES_APP_ID, catalogItemId: l.pid },
      price: money('1.00'),
      ...(l.status ? { availability: { status: l.status } } : {}),
    })),
  },
});

let reply: (call: Call) => Response | undefined = () => undefined;
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  return reply(call) ?? json(500, { message: 'unexpected' });
});
const calls = (part: string) => net.calls.filter((c) => c.url.includes(part));

beforeEach(() => {
  net.calls.length = 0;
  reply = () => undefined;
  history.replaceState(null, '', '/account?utm=x');
});

function model(o: { companion?: string | null } = {}) {
  const events: [string, unknown][] = [];
  const companion = o.companion === null ? undefined : (o.companion ?? B);
  const ctx = testContext(net.fetch, { clientId: 'c', sleep: async () => {}, ...(companion ? { companion } : {}) });
  const m = createOrdersModel(ctx, {
    emit: (type, detail) => events.push([type, detail]) > 0,
    page: () => 'https://shop.test/account',
  });
  return { m, events };
}

describe('account orders model', () => {
  it('helpers: an order as cart items; the lines a refused add names', () => {
    expect(againItems(order(1)).map((x) => x.item)).toEqual([
      { productId: 'mug', variantId: 'navy', quantity: 2 },
      { productId: 'throw', quantity: 1 },
    ]);
    const refused = new InlayApiError({
      kind: 'http',
      status: 400,
      message: 'bad',
      fieldViolations: [
        {
          field: 'lineItems[1].catalogReference.catalogItemId',
          description: 'product not found',
          violatedRule: 'VALIDATION',
        },
      ],
    });
    expect(refusedIndexes(refused)).toEqual([1]);
    expect(refusedIndexes(new InlayApiError({ kind: 'http', status: 500, message: 'x' }))).toEqual([]);
  });

  it('pages the orders through the companion with its cursor, newest first, without repeating one', async () => {
    reply = (c) => {
      if (!c.url.startsWith(`${B}/v1/my/orders`)) return undefined;
      const body = c.body as { cursor?: string; limit: number };
      return body.cursor === 'n1'
        ? json(200, { orders: [order(3), order(2)] })
        : json(200, { orders: [order(5), order(4), order(3)], next: 'n1' });
    };
    const { m } = model();
    await m.loadOrders();
    expect(m.$orders.get()).toMatchObject({ status: 'ready', next: 'n1' });
    await m.moreOrders();
    expect(m.$orders.get().orders.map((o) => o.id)).toEqual(['o-5', 'o-4', 'o-3', 'o-2']);
    expect(m.$orders.get().next).toBeUndefined();
    const sent = calls('/v1/my/orders');
    expect(sent.map((c) => [c.method, c.body, c.credentials])).toEqual([
      ['POST', { limit: 10 }, 'omit'],
      ['POST', { limit: 10, cursor: 'n1' }, 'omit'],
    ]);
    expect(sent[0]!.headers['Authorization']).toBe('a');
  });

  it('a failed first page is an error with its message; a failed next page keeps the list', async () => {
    let fail = true;
    reply = (c) =>
      c.url.startsWith(`${B}/v1/my/orders`)
        ? fail
          ? json(400, { message: 'down' })
          : json(200, { orders: [order(2)], next: 'n' })
        : undefined;
    const { m } = model();
    await m.loadOrders();
    expect(m.$orders.get().status).toBe('error');
    expect(m.$orders.get().error).toBeTruthy();
    fail = false;
    await m.loadOrders();
    fail = true;
    await m.moreOrders();
    expect(m.$orders.get()).toMatchObject({ status: 'ready', next: 'n' });
    expect(m.$orders.get().orders).toHaveLength(1);
    expect(m.$orders.get().error).toBeTruthy();
  });

  it('without a companion nothing is asked', async () => {
    const { m } = model({ companion: null });
    expect(m.hasCompanion()).toBe(false);
  });

  it('the open order is in the page’s URL: a history entry each way, a retry none; the URL’s order opens, and its absence closes', async () => {
    reply = (c) =>
      c.url.startsWith(`${B}/v1/my/orders/o-`)
        ? json(200, {
            order: order(Number(c.url.slice(-1))),
            fulfillments: [],
            refundedLines: [{ lineItemId: 'l1', quantity: 1 }],
          })
        : undefined;
    const { m } = model();
    const entries = history.length;
    await m.openOrder('o-1');
    expect(location.search).toBe('?utm=x&account-section=orders&account-order=o-1');
    expect(history.length).toBe(entries + 1);
    expect(m.$detail.get()).toMatchObject({ id: 'o-1', status: 'ready', refunded: { l1: 1 } });
    await m.openOrder('o-1'); // a retry
    expect(history.length).toBe(entries + 1);
    m.closeOrder();
    expect(location.search).toBe('?utm=x&account-section=orders');
    expect(history.length).toBe(entries + 2);
    // Back and Forward (the URL changed under it): it follows, writing nothing
    history.replaceState(null, '', '/account?account-order=o-2');
    m.followUrl();
    expect(m.$detail.get()?.id).toBe('o-2');
    history.replaceState(null, '', '/account');
    m.followUrl();
    expect(m.$detail.get()).toBeUndefined();
    expect(location.search).toBe('');
    expect(history.length).toBe(entries + 2);
  });

  it('an order someone else owns reads as not found', async () => {
    reply = (c) =>
      c.url === `${B}/v1/my/orders/o-9`
        ? json(404, { message: 'x', details: { applicationError: { code: 'NOT_FOUND' } } })
        : undefined;
    const { m, events } = model();
    await m.openOrder('o-9');
    expect(m.$detail.get()).toMatchObject({ status: 'error', error: 'This order wasn’t found in your account.' });
    expect(events).toContainEqual(['inlay-account-navigate', { section: 'orders', orderId: 'o-9' }]);
  });

  it('buys again: a line the platform refuses is named, the rest added; an out-of-stock one is named too', async () => {
    reply = (c) => {
      if (c.url === `${B}/v1/my/orders/o-1`) return json(200, { order: order(1), fulfillments: [] });
      if (c.url.endsWith('/add-to-cart')) {
        const items = (c.body as { lineItems: { catalogReference: { catalogItemId: string } }[] }).lineItems;
        const i = items.findIndex((x) => x.catalogReference.catalogItemId === 'throw');
        if (i >= 0)
          return json(400, {
            message: 'bad',
            details: {
              validationError: {
                fieldViolations: [
                  {
                    field: `lineItems[${i}].catalogReference.catalogItemId`,
                    description: 'product not found',
                    violatedRule: 'VALIDATION',
                  },
                ],
              },
            },
          });
        return json(200, cart([{ id: 'x', pid: 'mug', status: 'AVAILABLE' }]));
      }
      if (c.url.includes('/carts/current')) return json(404, { message: 'no cart' });
      return undefined;
    };
    const { m } = model();
    await m.openOrder('o-1');
    await m.buyAgain(m.$detail.get()!.order!);
    expect(m.$detail.get()!.again).toEqual({ added: ['Enamel Camp Mug'], gone: ['Wool Throw'] });
    expect(calls('/add-to-cart')).toHaveLength(2);

    reply = (c) =>
      c.url.endsWith('/add-to-cart')
        ? json(
            200,
            cart([
              { id: 'x', pid: 'mug', status: 'NOT_AVAILABLE' },
              { id: 'y', pid: 'throw' },
            ]),
          )
        : c.url.includes('/carts/current')
          ? json(404, { message: 'no cart' })
          : undefined;
    await m.buyAgain(m.$detail.get()!.order!);
    expect(m.$detail.get()!.again).toEqual({ added: ['Wool Throw'], gone: ['Enamel Camp Mug'] });
  });

  it('cancel: the outcome replaces the order in the list; a refusal says why in words', async () => {
    const canceled = order(1, { status: 'CANCELED' });
    reply = (c) => {
      if (c.url.startsWith(`${B}/v1/my/orders`) && c.method === 'POST' && !c.url.includes('/cancel'))
        return json(200, { orders: [order(1)] });
      if (c.url === `${B}/v1/my/orders/o-1`) return json(200, { order: order(1) });
      if (c.url === `${B}/v1/my/orders/o-1/cancel`) return json(200, { order: canceled, outcome: 'CANCELED' });
      return undefined;
    };
    const { m } = model();
    await m.loadOrders();
    await m.openOrder('o-1');
    expect(await m.cancel(m.$detail.get()!.order!, '  wrong size  ')).toBe(true);
    expect(calls('/cancel')[0]!.body).toEqual({ reason: 'wrong size' });
    expect(m.$detail.get()).toMatchObject({ cancel: { done: 'CANCELED' }, order: { status: 'CANCELED' } });
    expect(m.$orders.get().orders[0]!.status).toBe('CANCELED');

    reply = (c) =>
      c.url.endsWith('/cancel')
        ? json(409, {
            message: 'no',
            details: { applicationError: { code: 'CANNOT_CANCEL', description: 'x', data: { reason: 'FULFILLED' } } },
          })
        : undefined;
    expect(await m.cancel(order(1), '')).toBe(false);
    expect(calls('/cancel')[1]!.body).toEqual({});
    expect(m.$detail.get()!.cancel!.error).toBe('This order can no longer be canceled: it has shipped.');
  });
});

describe('the printed receipt', () => {
  it('a right-to-left line name beside its quantity: the name isolated, so "× 3" stays after it', () => {
    const doc = document.implementation.createHTMLDocument('');
    const printed: string[] = [];
    const win = { document: doc, focus() {}, print: () => printed.push(doc.title), CSSStyleSheet };
    const open = window.open;
    window.open = (() => win) as unknown as typeof window.open;
    try {
      const i18n = createI18n('en');
      const o = order(1, {
        lineItems: [{ ...order(1).lineItems[0]!, productName: { original: 'ספל 2' }, quantity: 3 }],
      });
      expect(printReceipt(o, [], i18n, i18n.strings(orderStrings))).toBe(true);
    } finally {
      window.open = open;
    }
    expect(printed).toEqual(['Receipt for order #10001']);
    expect(doc.querySelector('td')!.textContent).toBe('\u2068ספל 2\u2069 × 3');
  });

  it("takes the page's direction and writes the tracking line in the page's language (French: a space before the colon)", () => {
    const doc = document.implementation.createHTMLDocument('');
    const win = { document: doc, focus() {}, print() {}, CSSStyleSheet };
    const open = window.open;
    window.open = (() => win) as unknown as typeof window.open;
    document.documentElement.dir = 'rtl';
    try {
      addLanguage('fr', { ...frPack });
      const i18n = createI18n('fr');
      const tracked = [{ id: 'f', trackingInfo: { trackingNumber: 'Z123', shippingProvider: 'UPS' } }];
      expect(printReceipt(order(1), tracked as never, i18n, i18n.strings(orderStrings))).toBe(true);
    } finally {
      window.open = open;
      document.documentElement.dir = '';
    }
    expect(doc.documentElement.dir).toBe('rtl');
    expect([...doc.querySelectorAll('p')].map((p) => p.textContent)).toContain('Suivi\u202f: Z123');
  });
});
