/**
 * Two emulators in one process share nothing (issue 14): no module-level state. What one changes (a cart, a
 * fault, a rate-limit counter, a mailbox, a redirect intent, a sales source) leaves the other untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES_APP_ID } from './domain/catalog.ts';
import { ALGORITHMS } from './domain/recommendations.ts';
import { registerRedirectIntent } from './routes/redirects.ts';
import { DEMO_CLIENT_ID, seedIds } from './seed.ts';
import type { RunningEmulator } from './server.ts';
import { api, startTestEmulator, visitorTokens } from '../tests/helpers/emulator.ts';

const LANTERN = seedIds.products['camp-lantern']!;
const anonymousTokensPerAddress = { max: 3, windowMs: 60_000 };
let a: RunningEmulator;
let b: RunningEmulator;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  [a, b] = await Promise.all([
    startTestEmulator({ throttle: { anonymousTokensPerAddress } }),
    startTestEmulator({ throttle: { anonymousTokensPerAddress } }),
  ]);
  tokenA = (await visitorTokens(a)).access;
  tokenB = (await visitorTokens(b)).access;
});
afterAll(() => Promise.all([a.close(), b.close()]));

const countRows = (emu: RunningEmulator, table: string) =>
  emu.db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM ${table}`).get()!.n;

describe('two emulators in one process', () => {
  it('start from the same seed, each in its own database and app state', () => {
    expect(a.db).not.toBe(b.db);
    expect(countRows(a, 'reviews')).toBeGreaterThan(0);
    expect(countRows(b, 'reviews')).toBe(countRows(a, 'reviews'));
    expect(a.app.faults).not.toBe(b.app.faults);
    expect(a.app.rateLimiter).not.toBe(b.app.rateLimiter);
    expect(a.app.redirectIntents).not.toBe(b.app.redirectIntents);
    expect(a.app.salesSources).not.toBe(b.app.salesSources);
  });

  it('a cart', async () => {
    const lineItems = [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: LANTERN }, quantity: 2 }];
    expect((await api(a, '/ecom/v1/carts/current/add-to-cart', { token: tokenA, body: { lineItems } })).status).toBe(
      200,
    );
    expect(countRows(a, 'cart_lines')).toBe(1);
    expect(countRows(b, 'cart_lines')).toBe(0);
    expect((await api(b, '/ecom/v1/carts/current', { token: tokenB })).json.cart.lineItems).toEqual([]);
  });

  it('a mailbox', async () => {
    const body = {
      email: 'member@fernwood.example',
      redirect: { url: 'http://127.0.0.1:5173/', clientId: DEMO_CLIENT_ID },
    };
    expect((await api(a, '/_api/iam/recovery/v1/send-email', { token: tokenA, body })).status).toBe(200);
    expect((await api(a, '/_dev/mailbox')).json.messages).toHaveLength(1);
    expect((await api(b, '/_dev/mailbox')).json.messages).toEqual([]);
  });

  it('an injected fault', async () => {
    const path = '/stores-reader/v1/products/query';
    expect((await api(a, '/_dev/faults', { body: { path, status: 503 } })).status).toBe(200);
    expect((await api(a, path, { token: tokenA, body: {} })).status).toBe(503);
    expect((await api(b, path, { token: tokenB, body: {} })).status).toBe(200);
    expect((await api(b, '/_dev/faults')).json.faults).toEqual([]);
  });

  it('a registered redirect intent', async () => {
    registerRedirectIntent(a.app, 'isolationProbe', (ctx) => ({ fullUrl: `${ctx.baseUrl}/probe` }));
    const body = { isolationProbe: {} };
    const onA = await api(a, '/_api/redirects-api/v1/redirect-session', { token: tokenA, body });
    expect(onA.status).toBe(200);
    expect(onA.json.redirectSession.fullUrl).toBe(`${a.url}/probe`);
    const onB = await api(b, '/_api/redirects-api/v1/redirect-session', { token: tokenB, body });
    expect(onB.status).toBe(400);
    expect(onB.json.details.validationError.fieldViolations[0].description).not.toContain('isolationProbe');
  });

  it('a sales source', async () => {
    a.app.salesSources.push(() => [{ orderId: 'o1', productId: LANTERN, quantity: 3 }]);
    const body = { algorithms: [{ id: ALGORITHMS.find((x) => x.key === 'best-sellers')!.id, appId: STORES_APP_ID }] };
    const ids = async (emu: RunningEmulator, token: string) =>
      (await api(emu, '/v1/recommendations/get', { token, body })).json.recommendation.items.map(
        (i: { catalogItemId: string }) => i.catalogItemId,
      );
    expect(await ids(a, tokenA)).toEqual([LANTERN]);
    expect(await ids(b, tokenB)).toEqual([]);
  });

  it('a rate-limit counter', async () => {
    // one anonymous token each so far (beforeAll); a uses up its limit
    expect((await api(a, '/oauth2/token', { body: { clientId: DEMO_CLIENT_ID, grantType: 'anonymous' } })).status).toBe(
      200,
    );
    expect((await api(a, '/oauth2/token', { body: { clientId: DEMO_CLIENT_ID, grantType: 'anonymous' } })).status).toBe(
      200,
    );
    expect((await api(a, '/oauth2/token', { body: { clientId: DEMO_CLIENT_ID, grantType: 'anonymous' } })).status).toBe(
      429,
    );
    expect((await api(b, '/oauth2/token', { body: { clientId: DEMO_CLIENT_ID, grantType: 'anonymous' } })).status).toBe(
      200,
    );
  });
});
