import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testContext } from '../../tests/helpers/context.ts';
import { fakeFetch, json, type Call } from '../../tests/helpers/fake-fetch.ts';
import { STORES_APP_ID } from '../../core/api/products.ts';
import { savedStockKey } from '../../core/stores/stock-saved.ts';
import { buildRequest, createBackInStockModel, maskEmail } from './model.ts';

const PRODUCT = 'p-1';
const product = {
  id: PRODUCT,
  name: 'Enamel Camp Mug',
  slug: 'enamel-camp-mug',
  priceData: { currency: 'USD', price: 18 },
  variants: [
    {
      id: 'navy',
      choices: { Color: 'Navy' },
      stock: { inStock: false },
      variant: { priceData: { currency: 'USD', price: 19.5 } },
    },
  ],
};
const stockRequest = (over: Record<string, unknown> = {}) => ({
  id: 'req-1',
  email: 'ada@example.com',
  status: 'RECEIVED',
  createdDate: new Date().toISOString(),
  catalogReference: { appId: STORES_APP_ID, catalogItemId: PRODUCT, options: { variantId: 'navy' } },
  ...over,
});

let reply: (call: Call) => Response | undefined = () => undefined;
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  if (call.url.includes('/stores-reader/v1/products/')) return json(200, { product });
  return reply(call) ?? json(500, { message: 'unexpected' });
});
const requests = () => net.calls.filter((c) => c.url.includes('/back-in-stock-service/'));
const KEY = savedStockKey('c');
const saved = () => JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, { id: string; email: string }>;

beforeEach(() => {
  localStorage.clear();
  net.calls.length = 0;
  reply = () => undefined;
});

/** A model for the mug (a new page each time), its product read, following the sold-out variant. */
async function model(member = false) {
  const emitted: unknown[] = [];
  const m = createBackInStockModel(testContext(net.fetch, { clientId: 'c', sleep: async () => {} }), {
    productId: PRODUCT,
    emit: (_type, detail) => emitted.push(detail) > 0,
  });
  const stop = m.$product.listen(() => {});
  await vi.waitFor(() => expect(m.$product.get().data).toBeDefined());
  m.follow('navy', member, member);
  return { m, emitted, stop };
}

describe('back-in-stock model', () => {
  it('helpers: the masked email and the wire body', () => {
    expect(maskEmail('ada@example.com')).toBe('a…@example.com');
    expect(maskEmail('nope')).toBe('nope');
    expect(buildRequest(product as never, 'navy', 'ada@example.com', 'javascript:alert(1)')).toEqual({
      request: {
        catalogReference: { appId: STORES_APP_ID, catalogItemId: PRODUCT, options: { variantId: 'navy' } },
        email: 'ada@example.com',
      },
      itemDetails: { name: 'Enamel Camp Mug', price: '19.50' },
    });
  });

  it('checks the email first: back to the field with its error, nothing sent; each step counts as the person’s', async () => {
    const { m } = await model();
    expect(m.$ui.get()).toMatchObject({ phase: 'closed', moves: 0 });
    m.open('');
    expect(m.$ui.get()).toMatchObject({ phase: 'open', moves: 1 });
    await m.submit(' not-an-email ');
    expect(m.$ui.get()).toMatchObject({ phase: 'open', email: 'not-an-email', error: 'bis.badEmail', moves: 2 });
    expect(requests()).toEqual([]);
  });

  it('subscribes: saves it in this browser, emits inlay-stock-subscribe once; a second element shows it and checks it still waits', async () => {
    const made = stockRequest();
    reply = (c) => (c.method === 'POST' || c.method === 'GET' ? json(200, { request: made }) : undefined);
    const { m, emitted } = await model();
    m.open('');
    const sending = m.submit('ada@example.com');
    expect(m.$ui.get().phase).toBe('sending');
    await m.submit('ada@example.com'); // one at a time
    await sending;
    expect(requests().filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(m.$ui.get()).toMatchObject({ phase: 'subscribed', subscribedAs: 'ada@example.com', error: undefined });
    expect(emitted).toEqual([{ request: made }]);
    expect(saved()[`${PRODUCT}:navy`]).toMatchObject({ id: 'req-1', email: 'ada@example.com' });

    const again = (await model()).m;
    expect(again.$ui.get()).toMatchObject({ phase: 'subscribed', subscribedAs: 'ada@example.com', moves: 0 });
    await vi.waitFor(() => expect(requests().some((c) => c.method === 'GET' && c.url.endsWith('/req-1'))).toBe(true));
  });

  it('a request made earlier for this email is “already” and announces nothing', async () => {
    reply = () => json(200, { request: stockRequest({ createdDate: '2026-01-01T00:00:00.000Z' }) });
    const { m, emitted } = await model();
    await m.submit('ada@example.com');
    expect(m.$ui.get().phase).toBe('already');
    expect(emitted).toEqual([]);
  });

  it.each([
    [
      json(400, {
        message: 'bad',
        details: {
          validationError: {
            fieldViolations: [{ field: 'request.email', description: 'bad', violatedRule: 'FORMAT' }],
          },
        },
      }),
      'bis.badEmail',
    ],
    [json(428, { message: 'not collecting' }), 'bis.notCollecting'],
    [json(429, { message: 'slow down' }), 'bis.tooMany'],
  ])('a refusal maps to its message and keeps the email (%#)', async (answer, error) => {
    reply = () => answer;
    const { m } = await model();
    await m.submit('ada@example.com');
    expect(m.$ui.get()).toMatchObject({ phase: 'open', email: 'ada@example.com', error });
  });

  it('any other failure keeps its cause for the generic message', async () => {
    reply = () => json(500, { message: 'boom' });
    const { m } = await model();
    await m.submit('ada@example.com');
    expect(m.$ui.get().error).toMatchObject({ cause: expect.objectContaining({ status: 500 }) });
  });

  it('“Don’t notify me”: a failure says so and keeps the state; a request already gone counts as ended', async () => {
    localStorage.setItem(KEY, JSON.stringify({ [`${PRODUCT}:navy`]: { id: 'req-1', email: 'ada@example.com' } }));
    reply = (c) =>
      c.method === 'GET'
        ? json(200, { request: stockRequest() })
        : c.method === 'DELETE'
          ? json(500, { message: 'boom' })
          : undefined;
    const { m } = await model();
    expect(m.$ui.get().phase).toBe('subscribed');
    await m.stop();
    expect(m.$ui.get()).toMatchObject({ phase: 'subscribed', error: 'bis.stopFailed' });
    reply = (c) => (c.method === 'DELETE' ? json(404, { message: 'gone' }) : undefined);
    await m.stop();
    expect(m.$ui.get()).toMatchObject({ phase: 'closed', ended: true, error: undefined });
    expect(saved()).toEqual({});
    m.open('');
    expect(m.$ui.get().ended).toBe(false);
  });

  it('a member: loading until the platform lists their open requests for the item; stop ends them all', async () => {
    reply = (c) =>
      c.method === 'GET'
        ? json(200, { requests: [stockRequest({ id: 'a' }), stockRequest({ id: 'b' })] })
        : c.method === 'DELETE'
          ? json(200, {})
          : undefined;
    const { m } = await model(true);
    expect(m.$ui.get().phase).toBe('loading');
    await vi.waitFor(() => expect(m.$ui.get().phase).toBe('subscribed'));
    await m.stop();
    expect(
      requests()
        .filter((c) => c.method === 'DELETE')
        .map((c) => c.url.split('/').pop()),
    ).toEqual(['a', 'b']);
  });

  it('offline while reading a member’s requests: closed; “Don’t notify me” reads them again before ending them', async () => {
    reply = () => Promise.reject(new TypeError('Failed to fetch')) as never;
    const { m } = await model(true); // (reads retry without waiting here)
    await vi.waitFor(() => expect(m.$ui.get().phase).toBe('closed'));
    reply = (c) =>
      c.method === 'GET'
        ? json(200, { requests: [stockRequest({ id: 'a' })] })
        : c.method === 'DELETE'
          ? json(200, {})
          : undefined;
    await m.stop();
    expect(
      requests()
        .filter((c) => c.method === 'DELETE')
        .map((c) => c.url.split('/').pop()),
    ).toEqual(['a']);
  });
});
