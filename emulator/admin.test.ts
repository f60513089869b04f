/**
 * The admin identity (docs/spec/wire-protocol.md §11.6): the `client_credentials` grant with the OAuth client's secret,
 * and the site's API key with `wix-site-id`. Both are `identity.kind === 'admin'` to the routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES_APP_ID } from './domain/catalog.ts';
import { SITE_ID, setClientSecret, upsertClient } from './domain/auth.ts';
import { BASE as STOCK } from './routes/back-in-stock.ts';
import { GENERATE_UPLOAD_URL } from './routes/site-media.ts';
import { seedIds } from './seed.ts';
import {
  adminToken,
  api,
  DEMO_CLIENT_ID,
  memberTokens,
  placeOrder,
  startTestEmulator,
  visitorTokens,
} from '../tests/helpers/emulator.ts';
import type { RunningEmulator } from './server.ts';

const KEY = 'admin-key-'.repeat(3);
const SECRET = 'the-demo-client-secret';
let emu: RunningEmulator;
let clock = Date.parse('2026-11-23T10:00:00Z');

beforeAll(async () => {
  emu = await startTestEmulator({ apiKey: KEY, clientSecret: SECRET, now: () => clock });
  upsertClient(
    emu.db,
    { id: 'other-client', name: 'Another headless client', allowedOrigins: [] },
    new Date(clock).toISOString(),
  );
  setClientSecret(emu.db, 'other-client', 'the-other-client-secret');
});
afterAll(() => emu.close());

const grant = (body: Record<string, unknown>) => api(emu, '/oauth2/token', { body });

describe('client_credentials grant', () => {
  it('issues an admin access token for the client id and its secret (snake_case, as documented), no refresh token', async () => {
    expect(emu.clientSecret).toBe(SECRET);
    const r = await grant({ grant_type: 'client_credentials', client_id: DEMO_CLIENT_ID, client_secret: SECRET });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 14400 });
    expect(r.headers.get('cache-control')).toBe('no-store');
    // the SDK's AppStrategy form (with instance_id), and form-urlencoded, work too
    const app = await grant({
      grant_type: 'client_credentials',
      client_id: DEMO_CLIENT_ID,
      client_secret: SECRET,
      instance_id: 'any',
    });
    expect(app.status).toBe(200);
    const form = await api(emu, '/oauth2/token', {
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: DEMO_CLIENT_ID,
        client_secret: SECRET,
      }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(200);
  });

  it('refuses a wrong secret, an unknown client and another client’s secret alike: 401 INVALID_CLIENT', async () => {
    for (const [clientId, secret] of [
      [DEMO_CLIENT_ID, 'not-the-secret'],
      [DEMO_CLIENT_ID, 'the-other-client-secret'], // another client's secret
      ['other-client', SECRET],
      ['no-such-client', SECRET],
    ]) {
      const r = await grant({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret });
      expect([r.status, r.json.details.applicationError.code], `${clientId} ${secret}`).toEqual([
        401,
        'INVALID_CLIENT',
      ]);
      expect(r.json.message).toBe('Invalid client id or client secret');
      expect(r.headers.get('x-wix-request-id')).toBeTruthy();
    }
    // the other client with its own secret is fine
    expect(
      (
        await grant({
          grant_type: 'client_credentials',
          client_id: 'other-client',
          client_secret: 'the-other-client-secret',
        })
      ).status,
    ).toBe(200);
  });

  it('needs the secret (400 REQUIRED_FIELD) and refuses a client that has none', async () => {
    const r = await grant({ grant_type: 'client_credentials', client_id: DEMO_CLIENT_ID });
    expect(r.status).toBe(400);
    expect(r.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'clientSecret',
      violatedRule: 'REQUIRED_FIELD',
    });
    upsertClient(emu.db, { id: 'secretless', name: 'No secret', allowedOrigins: [] }, new Date(clock).toISOString());
    expect(
      (await grant({ grant_type: 'client_credentials', client_id: 'secretless', client_secret: 'x' })).status,
    ).toBe(401);
  });

  it('the admin token expires like an access token (4 h)', async () => {
    const token = await adminToken(emu);
    const orderId = await placeOrder(emu, [{ productId: seedIds.products['beeswax-taper-candles']!, quantity: 1 }]);
    expect((await api(emu, `/ecom/v1/orders/${orderId}`, { token })).status).toBe(200);
    clock += 14_400_000;
    try {
      const r = await api(emu, `/ecom/v1/orders/${orderId}`, { token });
      expect([r.status, r.json.details.applicationError.code]).toEqual([401, 'UNAUTHENTICATED']);
    } finally {
      clock -= 14_400_000;
    }
  });
});

describe('admin identity at the routes', () => {
  it('orders: an admin token reads any order, as the API key does; visitor and member tokens are refused (403)', async () => {
    const orderId = await placeOrder(emu, [{ productId: seedIds.products['beeswax-taper-candles']!, quantity: 1 }]);
    const byToken = await api(emu, `/ecom/v1/orders/${orderId}`, { token: await adminToken(emu) });
    expect(byToken.status).toBe(200);
    expect(byToken.json.order).toMatchObject({ id: orderId });
    const byKey = await api(emu, `/ecom/v1/orders/${orderId}`, {
      headers: { authorization: KEY, 'wix-site-id': SITE_ID },
    });
    expect(byKey.json).toEqual(byToken.json);
    for (const token of [
      (await visitorTokens(emu)).access,
      (await memberTokens(emu)).access,
      (await memberTokens(emu, 'owner')).access,
    ]) {
      const r = await api(emu, `/ecom/v1/orders/${orderId}`, { token });
      expect([r.status, r.json.details.applicationError.code]).toEqual([403, 'PERMISSION_DENIED']);
    }
    expect((await api(emu, `/ecom/v1/orders/${orderId}`)).status).toBe(401);
  });

  it('calls made for a visitor or member refuse an admin identity (403): it has no cart or profile', async () => {
    const token = await adminToken(emu);
    for (const path of ['/ecom/v1/carts/current', '/members/v1/members/my']) {
      const r = await api(emu, path, { token });
      expect([r.status, r.json.details.applicationError.code], path).toEqual([403, 'PERMISSION_DENIED']);
    }
  });

  it('upload URLs, back-in-stock reads and deletes, review moderation and replies take an admin token', async () => {
    const token = await adminToken(emu);
    const upload = await api(emu, GENERATE_UPLOAD_URL, {
      token,
      body: { mimeType: 'image/png', fileName: 'a.png', sizeInBytes: '1234' },
    });
    expect(upload.status).toBe(200);
    expect(upload.json.uploadUrl).toMatch(/^http:\/\//);

    const visitor = (await visitorTokens(emu)).access;
    const made = await api(emu, STOCK, {
      token: visitor,
      body: {
        request: {
          catalogReference: { appId: STORES_APP_ID, catalogItemId: seedIds.products['waxed-canvas-rucksack']! },
          email: 'admin-test@example.com',
        },
        itemDetails: { name: 'Waxed Canvas Rucksack', price: '148.00' },
      },
    });
    expect(made.status).toBe(200);
    const id = made.json.request.id as string;
    expect((await api(emu, `${STOCK}/${id}`, { token })).json.request).toMatchObject({ id });
    const query = await api(emu, `${STOCK}/query`, {
      token,
      body: { query: { filter: { email: 'admin-test@example.com' } } },
    });
    expect(query.json.requests.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await api(emu, `${STOCK}/${id}`, { token, method: 'DELETE' })).status).toBe(200);
    expect((await api(emu, `${STOCK}/${id}`, { token })).status).toBe(404);

    const reviews = await api(emu, '/reviews/v1/reviews/query', {
      token,
      body: { query: { cursorPaging: { limit: 1 } } },
    });
    const reviewId = reviews.json.reviews[0].id as string;
    const moderated = await api(emu, `/reviews/v1/reviews/${reviewId}/moderate`, {
      token,
      method: 'PATCH',
      body: { status: 'REJECTED' },
    });
    expect(moderated.json.review.moderation.moderationStatus).toBe('REJECTED');
    const replied = await api(emu, `/reviews/v1/reviews/${reviewId}/reply`, {
      token,
      method: 'PATCH',
      body: { message: 'Thanks!' },
    });
    expect(replied.json.review.reply.message).toBe('Thanks!');
    await api(emu, `/reviews/v1/reviews/${reviewId}/moderate`, {
      token,
      method: 'PATCH',
      body: { status: 'APPROVED' },
    });
  });
});
