/**
 * Wire details as the official SDK sends them (docs/spec/wire-protocol.md §11.7–§11.10): every redirect intent of the
 * public request type, int64 fields as strings, cursor-only paging, the back-in-stock query as `GET ?.r=`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES_APP_ID } from './domain/catalog.ts';
import { BASE as STOCK } from './routes/back-in-stock.ts';
import { GENERATE_UPLOAD_URL, MAX_UPLOAD_BYTES } from './routes/site-media.ts';
import { seedIds } from './seed.ts';
import { adminToken, api, startTestEmulator, visitorTokens } from '../tests/helpers/emulator.ts';
import type { RunningEmulator } from './server.ts';

const SITE = 'http://127.0.0.1:5173';
const REDIRECT = '/_api/redirects-api/v1/redirect-session';
let emu: RunningEmulator;
let visitor: string;
let admin: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  visitor = (await visitorTokens(emu)).access;
  admin = await adminToken(emu);
});
afterAll(() => emu.close());

describe('redirect intents of the public API (§11.9)', () => {
  const post = (body: unknown) => api(emu, REDIRECT, { token: visitor, body });

  it('login: {} (syncToWixPages, the visitor-cookie pre-warm) makes a session whose page returns to postFlowUrl', async () => {
    const bare = await post({ login: {} });
    expect(bare.status).toBe(200);
    const url = new URL(bare.json.redirectSession.fullUrl);
    expect(url.pathname).toBe('/_hosted/login');
    expect(bare.json.redirectSession.urlDetails).toEqual({
      endpoint: `${url.origin}/_hosted/login`,
      searchParams: { session: bare.json.redirectSession.id },
    });
    const page = await fetch(url, { redirect: 'manual' });
    expect([page.status, page.headers.get('location')]).toEqual([302, `${SITE}/`]); // no callback: the site
    const back = await post({ login: {}, callbacks: { postFlowUrl: `${SITE}/account` } });
    expect((await fetch(back.json.redirectSession.fullUrl, { redirect: 'manual' })).headers.get('location')).toBe(
      `${SITE}/account`,
    );
    const foreign = await post({ login: {}, callbacks: { postFlowUrl: 'https://evil.example/' } });
    expect([foreign.status, foreign.json.details.validationError.fieldViolations[0].field]).toEqual([
      400,
      'callbacks.postFlowUrl',
    ]);
  });

  it('storesProduct goes to the product page on the site; an unknown slug is 404', async () => {
    const r = await post({ storesProduct: { productSlug: 'enamel-camp-mug' } });
    expect(r.status).toBe(200);
    expect(r.json.redirectSession.fullUrl).toBe(`${SITE}/product-page/enamel-camp-mug`);
    expect((await post({ storesProduct: { productSlug: 'no-such-thing' } })).status).toBe(404);
  });

  it('bookings, events, paid plans and order payment requests are recognised: their ids are not found (404), bad fields 400', async () => {
    for (const [body, code] of [
      [{ bookingsCheckout: { timezone: 'UTC', slotAvailability: { slot: {} } } }, 'SLOT_NOT_FOUND'],
      [{ bookingsBook: { resourceId: 'r1' } }, 'RESOURCE_NOT_FOUND'],
      [{ eventsCheckout: { reservationId: 'r1', eventSlug: 'launch' } }, 'RESERVATION_NOT_FOUND'],
      [{ paidPlansCheckout: { planId: 'p1' } }, 'PLAN_NOT_FOUND'],
      [{ ecomOrderPaymentRequest: { paymentRequestId: 'p1' } }, 'PAYMENT_REQUEST_NOT_FOUND'],
    ] as const) {
      const r = await post(body);
      expect([r.status, r.json.details.applicationError.code], JSON.stringify(body)).toEqual([404, code]);
    }
    const bad = await post({ eventsCheckout: { reservationId: 'r1' } });
    expect([bad.status, bad.json.details.validationError.fieldViolations[0].field]).toEqual([
      400,
      'eventsCheckout.eventSlug',
    ]);
    // still exactly one intent
    expect((await post({ login: {}, storesProduct: { productSlug: 'enamel-camp-mug' } })).status).toBe(400);
  });
});

describe('int64 fields as strings (§11.8)', () => {
  it('generate-upload-url takes sizeInBytes as a decimal string (the SDK type) and as a number', async () => {
    const up = (sizeInBytes: unknown) =>
      api(emu, GENERATE_UPLOAD_URL, { token: admin, body: { mimeType: 'image/png', fileName: 'a.png', sizeInBytes } });
    expect((await up('1234')).status).toBe(200);
    expect((await up(1234)).status).toBe(200);
    const big = await up(String(MAX_UPLOAD_BYTES + 1));
    expect([big.status, big.json.details.validationError.fieldViolations[0]]).toEqual([
      400,
      expect.objectContaining({ field: 'sizeInBytes', violatedRule: 'MAX' }),
    ]);
    for (const bad of ['12a', '0', '-5', '']) {
      const r = await up(bad);
      expect([r.status, r.json.details.validationError.fieldViolations[0].field], bad).toEqual([400, 'sizeInBytes']);
    }
  });
});

describe('cursor-only paging (§11.7): the cursor carries the filter and sort', () => {
  it('reviews: the next page with only {cursorPaging: {cursor, limit}} continues the filtered, sorted query', async () => {
    const query = {
      filter: { namespace: 'stores', 'content.rating': { $gte: 3 } },
      sort: [{ fieldName: 'content.rating', order: 'DESC' }],
    };
    const all = (
      await api(emu, '/reviews/v1/reviews/query', {
        token: visitor,
        body: { query: { ...query, cursorPaging: { limit: 100 } } },
      })
    ).json.reviews;
    expect(all.length).toBeGreaterThan(4);
    const ids: string[] = [];
    let body: unknown = { query: { ...query, cursorPaging: { limit: 2 } } };
    for (let i = 0; i < 50; i++) {
      const page = await api(emu, '/reviews/v1/reviews/query', { token: visitor, body });
      expect(page.status).toBe(200);
      ids.push(...page.json.reviews.map((r: { id: string }) => r.id));
      const next = page.json.metadata.cursors.next;
      if (!next) break;
      body = { query: { cursorPaging: { cursor: next, limit: 2 } } };
    }
    expect(ids).toEqual(all.map((r: { id: string }) => r.id));
    // a cursor this service did not issue
    const forged = await api(emu, '/reviews/v1/reviews/query', {
      token: visitor,
      body: { query: { cursorPaging: { cursor: 'bm9wZQ', limit: 2 } } },
    });
    expect([forged.status, forged.json.details.validationError.fieldViolations[0].field]).toEqual([
      400,
      'query.cursorPaging.cursor',
    ]);
  });

  it('back-in-stock: GET ?.r=<base64url JSON> with the filter as an object (§11.10), then cursor-only pages, GET and POST', async () => {
    const rucksack = seedIds.products['waxed-canvas-rucksack']!;
    const emails = ['a', 'b', 'c', 'd', 'e'].map((x) => `${x}-paging@example.com`);
    for (const email of [...emails, 'other@example.org']) {
      const r = await api(emu, STOCK, {
        token: visitor,
        body: {
          request: { catalogReference: { appId: STORES_APP_ID, catalogItemId: rucksack }, email },
          itemDetails: { name: 'Rucksack', price: '148.00' },
        },
      });
      expect(r.status).toBe(200);
    }
    const r = (o: unknown) => `${STOCK}?.r=${Buffer.from(JSON.stringify(o)).toString('base64url')}`;
    const query = { filter: { email: { $in: emails } }, sort: [{ fieldName: 'email', order: 'DESC' }] };
    const first = await api(emu, r({ query: { ...query, cursorPaging: { limit: 2 } } }), { token: admin });
    expect(first.status).toBe(200);
    const seen = first.json.requests.map((x: { email: string }) => x.email);
    const second = await api(
      emu,
      r({ query: { cursorPaging: { cursor: first.json.metadata.cursors.next, limit: 2 } } }),
      { token: admin },
    );
    seen.push(...second.json.requests.map((x: { email: string }) => x.email));
    const third = await api(emu, `${STOCK}/query`, {
      token: admin,
      body: { query: { cursorPaging: { cursor: second.json.metadata.cursors.next, limit: 2 } } },
    });
    seen.push(...third.json.requests.map((x: { email: string }) => x.email));
    expect(seen).toEqual([...emails].reverse());
    expect(third.json.metadata.cursors.next).toBeNull();
  });
});

describe('products as the SDK queries them (@wix/auto_sdk_stores_products queryProducts)', () => {
  it('GET /stores-reader/v1/products/query-platformized?.r= and its POST fallback: object filter, sort, offset paging', async () => {
    const P = '/stores-reader/v1/products/query-platformized';
    const ids = [
      seedIds.products['enamel-camp-mug']!,
      seedIds.products['waxed-canvas-rucksack']!,
      seedIds.products['folding-camp-stool']!,
    ];
    const request = {
      query: {
        filter: { id: { $in: ids } },
        sort: [{ fieldName: 'name', order: 'DESC' }],
        paging: { limit: 2, offset: 1 },
      },
    };
    const get = await api(emu, `${P}?.r=${Buffer.from(JSON.stringify(request)).toString('base64url')}`, {
      token: visitor,
    });
    expect(get.status).toBe(200);
    expect(get.json.metadata).toEqual({ count: 2, offset: 1, total: 3, tooManyToCount: false });
    const post = await api(emu, P, { token: visitor, body: request });
    expect(post.json).toEqual(get.json);
    const names = get.json.products.map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort().reverse());
    const bad = await api(emu, P, { token: visitor, body: { query: { filter: { nope: 1 } } } });
    expect([bad.status, bad.json.details.validationError.fieldViolations[0].field]).toEqual([400, 'query.filter']);
  });
});
