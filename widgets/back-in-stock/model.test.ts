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
  m.follow('navy', member, false);
  return { m, emitted, stop };
}

/** Every back-in-stock call is the create (POST to the collection): never a GET, DELETE or query (admin only). */
const onlyCreates = () =>
  expect(requests().map((c) => `${c.method} ${new URL(c.url).pathname.split('/').pop()}`)).toEqual(
    requests().map(() => 'POST back-in-stock-notification-requests'),
  );

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

  it('subscribes: saves it in this browser, emits inlay-stock-subscribe once; a second element shows it without asking the platform', async () => {
    const made = stockRequest();
    reply = (c) => (c.method === 'POST' ? json(200, { request: made }) : undefined);
    const { m, emitted } = await model();
    m.open('');
    const sending = m.submit('ada@example.com');
    expect(m.$ui.get().phase).toBe('sending');
    await m.submit('ada@example.com'); // one at a time
    await sending;
    expect(requests()).toHaveLength(1);
    expect(m.$ui.get()).toMatchObject({ phase: 'subscribed', subscribedAs: 'ada@example.com', error: undefined });
    expect(emitted).toEqual([{ request: made }]);
    expect(saved()).toEqual({ [`${PRODUCT}:navy`]: { id: 'req-1', email: 'ada@example.com' } });

    const again = (await model()).m;
    expect(again.$ui.get()).toMatchObject({ phase: 'subscribed', subscribedAs: 'ada@example.com', moves: 0 });
    await new Promise((r) => setTimeout(r, 20));
    expect(requests()).toHaveLength(1);
    onlyCreates();
  });

  it('the saved state is per item: another variant or product shows the form; each client id keeps its own', async () => {
    localStorage.setItem(KEY, JSON.stringify({ [`${PRODUCT}:navy`]: { id: 'req-1', email: 'ada@example.com' } }));
    const { m } = await model();
    expect(m.$ui.get().phase).toBe('subscribed');
    m.follow('forest', false, false);
    expect(m.$ui.get().phase).toBe('closed');
    m.follow(undefined, false, false);
    expect(m.$ui.get().phase).toBe('closed');
    m.follow('navy', false, false);
    expect(m.$ui.get().phase).toBe('subscribed');
    const other = createBackInStockModel(testContext(net.fetch, { clientId: 'other', sleep: async () => {} }), {
      productId: PRODUCT,
      emit: () => true,
    });
    other.follow('navy', false, false);
    expect(other.$ui.get().phase).toBe('closed');
    // garbage or an older version's half-made entry (no id) counts as nothing
    localStorage.setItem(KEY, JSON.stringify({ [`${PRODUCT}:navy`]: { id: '', email: 'ada@example.com' } }));
    m.follow('navy', false, false);
    expect(m.$ui.get().phase).toBe('closed');
    localStorage.setItem(KEY, '{not json');
    m.follow('navy', false, false);
    expect(m.$ui.get().phase).toBe('closed');
    expect(requests()).toEqual([]);
  });

  it('a member’s request shows while a member is signed in, not after a sign-out; a visitor’s shows to both', async () => {
    reply = () => json(200, { request: stockRequest({ email: 'maya@fernwood.example' }) });
    const { m } = await model(true);
    await m.submit('maya@fernwood.example');
    expect(saved()[`${PRODUCT}:navy`]).toEqual({ id: 'req-1', email: 'maya@fernwood.example', member: true });
    m.follow('navy', false, false); // signed out
    expect(m.$ui.get().phase).toBe('closed');
    m.follow('navy', true, false); // signed in again
    expect(m.$ui.get()).toMatchObject({ phase: 'subscribed', subscribedAs: 'maya@fernwood.example' });
    localStorage.setItem(KEY, JSON.stringify({ [`${PRODUCT}:navy`]: { id: 'v', email: 'bo@example.com' } }));
    m.follow('navy', true, false);
    expect(m.$ui.get()).toMatchObject({ phase: 'subscribed', subscribedAs: 'bo@example.com' });
    onlyCreates();
  });

  it('back in stock: the notice has gone out, so the saved state is dropped and the person may ask again later', async () => {
    localStorage.setItem(KEY, JSON.stringify({ [`${PRODUCT}:navy`]: { id: 'req-1', email: 'ada@example.com' } }));
    const { m } = await model();
    expect(m.$ui.get().phase).toBe('subscribed');
    m.follow('navy', false, true);
    expect(m.$ui.get().phase).toBe('closed');
    expect(saved()).toEqual({});
  });

  it('a request made earlier for this email is “already” and announces nothing', async () => {
    reply = () => json(200, { request: stockRequest({ createdDate: '2026-01-01T00:00:00.000Z' }) });
    const { m, emitted } = await model();
    await m.submit('ada@example.com');
    expect(m.$ui.get().phase).toBe('already');
    expect(emitted).toEqual([]);
    expect(saved()[`${PRODUCT}:navy`]).toMatchObject({ id: 'req-1' });
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
  ])('a refusal maps to its message and keeps the email, nothing saved (%#)', async (answer, error) => {
    reply = () => answer;
    const { m } = await model();
    await m.submit('ada@example.com');
    expect(m.$ui.get()).toMatchObject({ phase: 'open', email: 'ada@example.com', error });
    expect(saved()).toEqual({});
  });

  it('any other failure (a server error, offline) keeps the email and its cause for the generic message', async () => {
    reply = () => json(500, { message: 'boom' });
    const { m } = await model();
    await m.submit('ada@example.com');
    expect(m.$ui.get()).toMatchObject({
      phase: 'open',
      email: 'ada@example.com',
      error: { cause: expect.objectContaining({ status: 500 }) },
    });
    reply = () => Promise.reject(new TypeError('Failed to fetch')) as never;
    await m.submit(' ada@example.com ');
    expect(m.$ui.get()).toMatchObject({ phase: 'open', email: 'ada@example.com', error: { cause: expect.anything() } });
    expect(saved()).toEqual({});
    onlyCreates();
  });

  it('a variant switch while sending saves the request under the item it was made for', async () => {
    let answer!: (r: Response) => void;
    reply = () => new Promise<Response>((r) => (answer = r)) as never;
    const { m } = await model();
    const sending = m.submit('ada@example.com');
    await vi.waitFor(() => expect(requests()).toHaveLength(1));
    m.follow('forest', false, false);
    answer(json(200, { request: stockRequest() }));
    await sending;
    expect(Object.keys(saved())).toEqual([`${PRODUCT}:navy`]);
  });
});

describe('back-in-stock model with a site companion', () => {
  const B = 'https://shop.test/api/inlay';
  const via = () => net.calls.filter((c) => c.url.startsWith(`${B}/`));
  async function withCompanion(member = false) {
    const m = createBackInStockModel(testContext(net.fetch, { clientId: 'c', sleep: async () => {}, companion: B }), {
      productId: PRODUCT,
      emit: () => true,
    });
    const stop = m.$product.listen(() => {});
    await vi.waitFor(() => expect(m.$product.get().data).toBeDefined());
    m.follow('navy', member, false);
    return { m, stop };
  }

  it('creates through the companion, keeps its handle here; a reload reads the status with it; stop deletes it and says so', async () => {
    let status = 'RECEIVED';
    reply = (c) =>
      c.url === `${B}/v1/stock-requests` && c.method === 'POST'
        ? json(200, { request: stockRequest(), handle: 'h.signed' })
        : c.url === `${B}/v1/stock-requests/h.signed` && c.method === 'GET'
          ? json(200, { request: stockRequest({ status }) })
          : c.url === `${B}/v1/stock-requests/h.signed` && c.method === 'DELETE'
            ? json(200, {})
            : undefined;
    const { m } = await withCompanion();
    await m.submit('ada@example.com');
    expect(m.$ui.get()).toMatchObject({ phase: 'subscribed', stoppable: true, status: 'RECEIVED' });
    expect(via()[0]).toMatchObject({
      method: 'POST',
      credentials: 'omit',
      headers: { Authorization: 'a' },
      body: buildRequest(product as never, 'navy', 'ada@example.com', location.href),
    });
    // nothing to the platform's back-in-stock service itself
    expect(requests()).toEqual([]);
    expect(saved()[`${PRODUCT}:navy`]).toEqual({ id: 'req-1', email: 'ada@example.com', handle: 'h.signed' });

    status = 'NOTIFICATION_SENT';
    const again = (await withCompanion()).m;
    await vi.waitFor(() => expect(again.$ui.get()).toMatchObject({ phase: 'subscribed', status: 'NOTIFICATION_SENT' }));
    expect(via().map((c) => c.method)).toEqual(['POST', 'GET']);

    await again.stop();
    expect(via().map((c) => c.method)).toEqual(['POST', 'GET', 'DELETE']);
    expect(again.$ui.get()).toMatchObject({ phase: 'stopped', stoppable: false });
    expect(saved()).toEqual({});
  });

  it('a handle the companion no longer knows (404) is forgotten here: the form is offered again', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({ [`${PRODUCT}:navy`]: { id: 'r', email: 'ada@example.com', handle: 'gone' } }),
    );
    reply = (c) =>
      c.url === `${B}/v1/stock-requests/gone`
        ? json(404, { message: 'no', details: { applicationError: { code: 'NOT_FOUND' } } })
        : undefined;
    const { m } = await withCompanion();
    expect(m.$ui.get().phase).toBe('subscribed');
    await vi.waitFor(() => expect(m.$ui.get().phase).toBe('closed'));
    expect(saved()).toEqual({});
  });

  it('a status read that fails keeps the device’s record; a stop that fails says why and keeps it; 429 in words', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({ [`${PRODUCT}:navy`]: { id: 'r', email: 'ada@example.com', handle: 'h' } }),
    );
    reply = (c) =>
      c.url === `${B}/v1/stock-requests/h`
        ? c.method === 'GET'
          ? json(502, { message: 'platform failed' })
          : json(429, { message: 'slow' }, { headers: { 'retry-after': '30' } })
        : undefined;
    const { m } = await withCompanion();
    await vi.waitFor(() => expect(via().filter((c) => c.method === 'GET').length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 20));
    expect(m.$ui.get()).toMatchObject({ phase: 'subscribed', stoppable: true });
    await m.stop();
    expect(m.$ui.get()).toMatchObject({ phase: 'subscribed', error: 'bis.tooMany' });
    reply = (c) => (c.method === 'DELETE' ? Promise.reject(new TypeError('Failed to fetch')) : undefined) as never;
    await m.stop();
    expect(m.$ui.get()).toMatchObject({
      phase: 'subscribed',
      error: { cause: expect.objectContaining({ kind: 'network' }) },
    });
    expect(saved()[`${PRODUCT}:navy`]).toMatchObject({ handle: 'h' });
    // already gone on the companion: counts as stopped
    reply = (c) =>
      c.method === 'DELETE'
        ? json(404, { message: 'no', details: { applicationError: { code: 'NOT_FOUND' } } })
        : undefined;
    await m.stop();
    expect(m.$ui.get().phase).toBe('stopped');
    expect(saved()).toEqual({});
  });

  it('a request made without a companion (no handle) cannot be stopped from here', async () => {
    localStorage.setItem(KEY, JSON.stringify({ [`${PRODUCT}:navy`]: { id: 'r', email: 'ada@example.com' } }));
    const { m } = await withCompanion();
    expect(m.$ui.get()).toMatchObject({ phase: 'subscribed', stoppable: false });
    await m.stop();
    expect(via()).toEqual([]);
  });

  it('a create the companion refuses (429, 5xx) keeps the email and says so; nothing saved', async () => {
    reply = (c) => (c.url === `${B}/v1/stock-requests` ? json(429, { message: 'slow' }) : undefined);
    const { m } = await withCompanion();
    await m.submit('ada@example.com');
    expect(m.$ui.get()).toMatchObject({ phase: 'open', email: 'ada@example.com', error: 'bis.tooMany' });
    reply = (c) => (c.url === `${B}/v1/stock-requests` ? json(502, { message: 'x' }) : undefined);
    await m.submit('ada@example.com');
    expect(m.$ui.get()).toMatchObject({ phase: 'open', error: { cause: expect.objectContaining({ status: 502 }) } });
    expect(saved()).toEqual({});
  });
});
