/**
 * The public reads (`POST /v1/public/reads`, companion/public.ts) against a real emulator: each read kind answers
 * what the platform answers a visitor directly; member, admin and write reads are refused in their slot and never
 * reach the platform; the browser's token is never used; the cache serves fresh, stale-while-revalidate and past its
 * window with a fake clock; bad batches are 400 in the platform's format.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogVersion, getProduct, queryProductsByIds } from '../core/api/products.ts';
import { getProductV3, queryProductsV3 } from '../core/api/products-v3.ts';
import { countReviews, queryReviews } from '../core/api/reviews.ts';
import { fetchAlgorithms, getRecommendation, type AvailableAlgorithm } from '../core/api/recommendations.ts';
import { api, visitorTokens } from '../tests/helpers/emulator.ts';
import { wireOf } from '../tests/helpers/wire-of.ts';
import { readConfig } from './config.ts';
import type { Limits } from './context.ts';
import { DEMO_CLIENT_ID, harness, MUG, RUCKSACK, seedIds, type Harness } from './test-helpers.ts';

interface Read {
  method: string;
  path: string;
  body?: unknown;
}

const MINUTE = 60_000;
let h: Harness;
let clock = Date.parse('2026-06-01T12:00:00Z');
/** Every request the companion made to the platform: method, path, the Authorization it sent. */
let sent: { method: string; path: string; auth: string | null }[] = [];
/** Paths whose next platform answers (`times`, default one) are replaced: a status or a network failure. */
const breaks = new Map<string, { as: number | 'network'; times: number }>();
const breakNext = {
  set: (path: string, as: number | 'network', times = 1) => void breaks.set(path, { as, times }),
  clear: () => breaks.clear(),
};
/** Held platform answers: the fetch waits for the gate to open. */
let gate: Promise<void> | undefined;
/** Held platform answers of one path. */
const held = new Map<string, Promise<void>>();

const platformReads = () => sent.filter((s) => !s.path.startsWith('/oauth2/'));

const recording: typeof fetch = async (input, init) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const path = url.pathname + url.search;
  sent.push({ method: init?.method ?? 'GET', path, auth: new Headers(init?.headers).get('authorization') });
  if (gate && !path.startsWith('/oauth2/')) await gate;
  await held.get(path);
  const broken = breaks.get(path);
  if (broken) {
    if (--broken.times === 0) breaks.delete(path);
    if (broken.as === 'network') throw new TypeError('fetch failed');
    return new Response(JSON.stringify({ message: 'down', details: { applicationError: { code: 'X' } } }), {
      status: broken.as,
    });
  }
  return fetch(input, init);
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const batch = (reads: Read[], init: RequestInit & { token?: string } = {}): Promise<Response & { body_: any }> =>
  h.call('/v1/public/reads', { method: 'POST', body: JSON.stringify({ reads }), ...init });
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const code = (body: any) => body?.details?.applicationError?.code;

/** What the platform answers a fresh visitor for `r`, directly (on `emu`, default the harness's). */
async function direct(r: Read, emu = h.emu): Promise<{ status: number; body: unknown }> {
  const token = (await visitorTokens(emu)).access;
  const res = await api(emu, r.path, { method: r.method, token, ...(r.body === undefined ? {} : { body: r.body }) });
  return { status: res.status, body: res.json };
}
/** An answer without the platform's request id (each request has its own). */
const sansId = (a: unknown) => JSON.parse(JSON.stringify(a).replace(/"requestId":"[^"]*"/g, '"requestId":"-"'));

let mugReviews: Read;
/** The companion's limits, read on every request: a test may lower one while it runs. */
const limits: Partial<Limits> = { perIp: [100_000, MINUTE], perVisitor: [100_000, MINUTE] };
beforeAll(async () => {
  h = await harness({
    deps: {
      fetch: recording,
      now: () => clock,
      limits,
    },
    env: { INLAY_PUBLIC_MAX_AGE: '60', INLAY_PUBLIC_STALE: '600' },
  });
  mugReviews = await wireOf((http) =>
    queryReviews(http, { filter: { namespace: 'stores', entityId: MUG }, sort: 'newest', limit: 5 }),
  );
});
afterAll(() => h.close());
beforeEach(() => {
  sent = [];
  breakNext.clear();
  gate = undefined;
  held.clear();
  // a day on each test: nothing one test kept is fresh or stale for the next
  clock += 24 * 60 * MINUTE;
});

describe('each public read answers what the platform answers a visitor', () => {
  it('the catalog, reviews, counts, the algorithms and a recommendation, in order, deep-equal', async () => {
    const algorithms = (await direct(await wireOf((x) => fetchAlgorithms(x)))).body as {
      availableAlgorithms: AvailableAlgorithm[];
    };
    const reads = await Promise.all([
      wireOf((x) => catalogVersion(x)),
      wireOf((x) => getProduct(x, MUG)),
      wireOf((x) => queryProductsByIds(x, [MUG, RUCKSACK])),
      wireOf((x) => countReviews(x, { namespace: 'stores', entityId: MUG, 'content.rating': 5 })),
      Promise.resolve(mugReviews),
      wireOf((x) => fetchAlgorithms(x)),
      wireOf((x) => getRecommendation({ http: x }, algorithms.availableAlgorithms, [MUG], 3)),
    ]);
    const r = await batch(reads);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const expected = [];
    for (const read of reads) expected.push(await direct(read));
    expect(r.body_.answers).toEqual(expected);
    // every read kind answered 200 with data (not an agreement of two errors)
    expect(r.body_.answers.map((a: { status: number }) => a.status)).toEqual(reads.map(() => 200));
    expect(r.body_.answers[1].body.product.id).toBe(MUG);
    // read as the companion's own visitor: one anonymous grant, then that token on every read
    const token = sent.find((s) => s.path === '/oauth2/token');
    expect(token).toBeDefined();
    expect(new Set(platformReads().map((s) => s.auth)).size).toBe(1);
  });

  it('a batch is gzip-compressed when the page accepts it (its pages of reviews are tens of KB of JSON)', async () => {
    const reads = [mugReviews, await wireOf((x) => queryProductsByIds(x, [MUG, RUCKSACK]))];
    const body = JSON.stringify({ reads });
    const plain = await batch(reads);
    const res = await h.companion.fetch(
      new Request('http://companion.test/v1/public/reads', {
        method: 'POST',
        body,
        headers: { 'Accept-Encoding': 'gzip' },
      }),
      { ip: '203.0.113.7' },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    const bytes = Buffer.from(await res.arrayBuffer());
    const text = gunzipSync(bytes).toString('utf8');
    expect(JSON.parse(text)).toEqual(plain.body_);
    expect(bytes.length).toBeLessThan(text.length / 2);
    // a page that accepts no encoding reads it as it is
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('a V3 site: the V3 product and products query', async () => {
    const v3 = await harness({ emulator: { catalog: 'v3' } });
    try {
      const reads = [
        await wireOf((x) => catalogVersion(x)),
        await wireOf((x) => getProductV3(x, MUG)),
        await wireOf((x) => queryProductsV3(x, [MUG, RUCKSACK])),
      ];
      const r = await v3.call('/v1/public/reads', { method: 'POST', body: JSON.stringify({ reads }) });
      const expected = [];
      for (const read of reads) expected.push(await direct(read, v3.emu));
      expect(r.body_.answers).toEqual(expected);
      expect(r.body_.answers.map((a: { status: number }) => a.status)).toEqual([200, 200, 200]);
      expect(r.body_.answers[1].body.product.id).toBe(MUG);
    } finally {
      await v3.close();
    }
  });

  it('a platform refusal is that read’s status and body; the others answer', async () => {
    const missing = { method: 'GET', path: '/stores-reader/v1/products/no-such-product' };
    const r = await batch([missing, mugReviews]);
    expect(sansId(r.body_.answers[0])).toEqual(sansId(await direct(missing)));
    expect(r.body_.answers[0].status).toBe(404);
    expect(r.body_.answers[1].status).toBe(200);
  });
});

describe('also: what the page will ask after a recommendation', () => {
  it('the carousel’s products query and its cards’ summaries, exactly as the core builds them, with their answers', async () => {
    const algorithms = (await direct(await wireOf((x) => fetchAlgorithms(x)))).body as {
      availableAlgorithms: AvailableAlgorithm[];
    };
    const limit = 3;
    // a carousel of 3 on the mug's page, nothing in the cart: 3 + the mug itself
    const rec = await wireOf((x) => getRecommendation({ http: x }, algorithms.availableAlgorithms, [MUG], limit + 1));
    const r = await batch([rec]);
    expect(r.body_.answers[0].status).toBe(200);
    const ids = (r.body_.answers[0].body.recommendation.items as { catalogItemId: string }[])
      .map((i) => i.catalogItemId)
      .filter((id) => id !== MUG)
      .slice(0, limit);
    expect(ids.length).toBeGreaterThan(1);
    const expected = [
      await wireOf((x) => queryProductsByIds(x, ids)),
      await wireOf((x) => queryReviews(x, { filter: { namespace: 'stores', entityId: { $in: ids } }, limit: 100 })),
    ];
    const also = r.body_.also as (Read & { status: number; answer: unknown })[];
    expect(also.map(({ method, path, body }) => ({ method, path, body }))).toEqual(expected);
    for (const [i, a] of also.entries())
      expect({ status: a.status, body: a.answer }).toEqual(await direct(expected[i]!));

    // a batch that holds one of them already gets only the other; a later batch finds them kept
    sent = [];
    const again = await batch([rec, expected[0]!]);
    expect(again.body_.also.map((a: Read) => a.path)).toEqual([expected[1]!.path]);
    expect(platformReads()).toEqual([]);
  });

  it('an also not there within 1.5 s is left out; its reads go on and are kept for the page’s own request', async () => {
    const algorithms = (await direct(await wireOf((x) => fetchAlgorithms(x)))).body as {
      availableAlgorithms: AvailableAlgorithm[];
    };
    const rec = await wireOf((x) => getRecommendation({ http: x }, algorithms.availableAlgorithms, [MUG], 4));
    let open!: () => void;
    held.set('/stores-reader/v1/products/query', new Promise((done) => (open = done)));
    const started = Date.now();
    const r = await batch([rec]);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(r.body_.answers[0].status).toBe(200);
    expect(r.body_).not.toHaveProperty('also');
    const ids = (r.body_.answers[0].body.recommendation.items as { catalogItemId: string }[])
      .map((i) => i.catalogItemId)
      .filter((id) => id !== MUG)
      .slice(0, 3);
    open();
    held.clear();
    sent = [];
    const own = await batch([await wireOf((x) => queryProductsByIds(x, ids))]);
    expect(own.body_.answers[0].status).toBe(200);
    expect(platformReads()).toEqual([]); // the anticipated read's answer (kept, or still coming: shared)
  });

  it('one recommended item: one query of its reviews, as the core reads one item’s summary; a failed recommendation: no also', async () => {
    const algorithms = (await direct(await wireOf((x) => fetchAlgorithms(x)))).body as {
      availableAlgorithms: AvailableAlgorithm[];
    };
    const one = await wireOf((x) => getRecommendation({ http: x }, algorithms.availableAlgorithms, [MUG], 2));
    const r = await batch([one]);
    const id = (r.body_.answers[0].body.recommendation.items as { catalogItemId: string }[])
      .map((i) => i.catalogItemId)
      .find((x) => x !== MUG)!;
    expect(r.body_.also.map(({ method, path, body }: Read) => ({ method, path, body }))).toEqual([
      await wireOf((x) => queryProductsByIds(x, [id])),
      await wireOf((x) => queryReviews(x, { filter: { namespace: 'stores', entityId: { $in: [id] } }, limit: 100 })),
    ]);
    breakNext.set('/v1/recommendations/get', 503);
    const failed = await batch([{ ...one, body: { ...(one.body as object), minimumRecommendedItems: 5 } }]);
    expect(failed.body_.answers[0].status).toBe(503);
    expect(failed.body_).not.toHaveProperty('also');
  });
});

describe('only public reads', () => {
  const refused: Read[] = [
    { method: 'GET', path: '/ecom/v1/carts/current' },
    { method: 'POST', path: '/ecom/v1/orders/query', body: { query: {} } },
    { method: 'GET', path: '/members/v1/members/my' },
    {
      method: 'POST',
      path: '/reviews/v1/reviews/query',
      body: { query: { filter: { entityId: MUG, 'moderation.moderationStatus': 'IN_MODERATION' } } },
    },
    {
      method: 'POST',
      path: '/reviews/v1/reviews/query',
      body: { query: { filter: { entityId: MUG } }, returnPrivateReviews: true },
    },
    { method: 'GET', path: '/back-in-stock-service/v1/back-in-stock-notification-requests' },
    { method: 'POST', path: '/back-in-stock-service/v1/back-in-stock-notification-requests/query', body: {} },
    {
      method: 'POST',
      path: '/reviews/v1/reviews',
      body: { review: { namespace: 'stores', entityId: MUG, content: { rating: 5 } } },
    },
    { method: 'POST', path: '/ecom/v1/carts/current/add-to-cart', body: { lineItems: [] } },
    { method: 'POST', path: '/oauth2/token', body: { grantType: 'anonymous' } },
  ];

  it('member, admin and write reads are 403 NOT_PUBLIC in their slot and never reach the platform', async () => {
    const r = await batch([...refused, mugReviews]);
    expect(r.status).toBe(200);
    const answers = r.body_.answers as { status: number; body: unknown }[];
    expect(answers.slice(0, -1).map((a) => [a.status, code(a.body)])).toEqual(refused.map(() => [403, 'NOT_PUBLIC']));
    expect(answers.at(-1)!.status).toBe(200);
    expect(platformReads().map((s) => s.path)).toEqual([mugReviews.path]);
  });

  it('the browser’s token is never used: a member’s answer is the visitor’s, a member-only read still refused', async () => {
    const member = await h.member();
    const r = await batch([mugReviews, { method: 'GET', path: '/members/v1/members/my' }], { token: member });
    expect(r.body_.answers[0]).toEqual(await direct(mugReviews));
    expect([r.body_.answers[1].status, code(r.body_.answers[1].body)]).toEqual([403, 'NOT_PUBLIC']);
    expect(sent.filter((s) => s.auth === member)).toEqual([]);
    // nor even looked at (no token-info, no member lookup)
    expect(sent.map((s) => s.path).filter((p) => /token-info|members/.test(p))).toEqual([]);
  });
});

describe('the cache: fresh, stale while revalidating, past its window (a fake clock)', () => {
  const product = { method: 'GET', path: `/stores-reader/v1/products/${seedIds.products['camp-lantern']!}` };
  const rename = (name: string) =>
    h.emu.db.prepare('UPDATE products SET name = ? WHERE id = ?').run(name, seedIds.products['camp-lantern']!);
  const nameIn = (r: { body_: { answers: { body: { product: { name: string } } }[] } }) =>
    r.body_.answers[0]!.body.product.name;

  it('fresh: no platform read; stale: served at once and renewed once in the background; too old: read first', async () => {
    rename('Lantern A');
    expect(nameIn(await batch([product]))).toBe('Lantern A');
    expect(platformReads()).toHaveLength(1);

    rename('Lantern B');
    clock += 59_000; // still fresh (60 s)
    expect(nameIn(await batch([product]))).toBe('Lantern A');
    expect(platformReads()).toHaveLength(1);

    clock += 2_000; // stale: the old answer at once, one renewal behind it
    let open!: () => void;
    gate = new Promise((done) => (open = done));
    const stale = await batch([product, product]);
    expect([nameIn(stale), stale.body_.answers[1].body.product.name]).toEqual(['Lantern A', 'Lantern A']);
    // a second stale answer while the renewal runs starts no other
    expect(nameIn(await batch([product]))).toBe('Lantern A');
    expect(platformReads()).toHaveLength(2);
    gate = undefined;
    open();
    await expect.poll(async () => nameIn(await batch([product])), { timeout: 10_000 }).toBe('Lantern B');
    expect(platformReads()).toHaveLength(2);

    rename('Lantern C');
    clock += 60_000 + 600_000; // past fresh + stale: read before answering
    expect(nameIn(await batch([product]))).toBe('Lantern C');
    expect(platformReads()).toHaveLength(3);
  });

  it('a 5xx or a network failure is that slot’s alone and is not kept', async () => {
    breakNext.set(product.path, 503);
    const r = await batch([product, mugReviews]);
    expect(r.body_.answers[0]).toEqual({
      status: 503,
      body: { message: 'down', details: { applicationError: { code: 'X' } } },
    });
    expect(r.body_.answers[1].status).toBe(200);
    breakNext.set(product.path, 'network');
    const n = await batch([product]);
    expect([n.body_.answers[0].status, code(n.body_.answers[0].body)]).toEqual([502, 'PLATFORM_UNAVAILABLE']);
    expect((await batch([product])).body_.answers[0].status).toBe(200);
    expect(platformReads().filter((s) => s.path === product.path)).toHaveLength(3);
  });

  it('concurrent misses of one read share one platform request', async () => {
    let open!: () => void;
    gate = new Promise((done) => (open = done));
    const both = Promise.all([batch([product, product]), batch([product])]);
    await expect.poll(() => platformReads().length, { timeout: 10_000 }).toBe(1);
    gate = undefined;
    open();
    const [a, b] = await both;
    expect([...a.body_.answers, ...b.body_.answers].map((x: { status: number }) => x.status)).toEqual([200, 200, 200]);
    expect(platformReads()).toHaveLength(1);
  });

  it('bodies that differ only in key order are one read', async () => {
    const b = mugReviews.body as { query: Record<string, unknown> };
    const reordered = { ...mugReviews, body: { query: Object.fromEntries(Object.entries(b.query).reverse()) } };
    await batch([mugReviews]);
    await batch([reordered]);
    expect(platformReads()).toHaveLength(1);
  });
});

describe('costs', () => {
  it('reads the cache cannot answer are limited per address (429 in their slot); kept answers are not', async () => {
    const product = (slug: string) => ({
      method: 'GET',
      path: `/stores-reader/v1/products/${seedIds.products[slug]!}`,
    });
    await batch([mugReviews]); // kept: one platform read of this address's
    limits.publicReads = [3, MINUTE];
    try {
      const r = await batch([product('camp-lantern'), product('enamel-camp-mug'), product('waxed-canvas-rucksack')]);
      const answers = r.body_.answers as { status: number; body: unknown }[];
      expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
      expect(code(answers[2]!.body)).toBe('RESOURCE_EXHAUSTED');
      expect((await batch([mugReviews])).body_.answers[0].status).toBe(200);
      // another address has its own
      const other = await h.call('/v1/public/reads', {
        method: 'POST',
        body: JSON.stringify({ reads: [product('waxed-canvas-rucksack')] }),
        ip: '198.51.100.4',
      });
      expect(other.body_.answers[0].status).toBe(200);
    } finally {
      delete limits.publicReads;
    }
  });
});

describe('the companion’s visitor', () => {
  const grants = () => sent.filter((s) => s.path === '/oauth2/token').length;

  it('one anonymous grant serves many reads; a 401 gets a new one and the read is sent again, once', async () => {
    const product = { method: 'GET', path: `/stores-reader/v1/products/${MUG}` };
    await batch([mugReviews]);
    expect(grants()).toBe(1);
    breakNext.set(product.path, 401);
    const r = await batch([product]);
    expect(r.body_.answers[0].status).toBe(200);
    expect(grants()).toBe(2);
    const [refused, replayed] = platformReads().filter((s) => s.path === product.path);
    expect(replayed!.auth).not.toBe(refused!.auth);
    // refused again after a new grant: the companion's setup, a 502 (never a 401 a page would take for its own)
    const other = `/stores-reader/v1/products/${RUCKSACK}`;
    breakNext.set(other, 401, 2);
    const twice = await batch([{ method: 'GET', path: other }]);
    expect([twice.body_.answers[0].status, code(twice.body_.answers[0].body)]).toEqual([502, 'PLATFORM_UNAVAILABLE']);
    expect(grants()).toBe(3);
  });

  it('its token is renewed a minute before it expires', async () => {
    const ttl = (await api(h.emu, '/oauth2/token', { body: { clientId: DEMO_CLIENT_ID, grantType: 'anonymous' } })).json
      .expires_in as number;
    const start = clock;
    await batch([mugReviews]);
    expect(grants()).toBe(1);
    clock = start + ttl * 1000 - 61_000; // (the kept answer is long gone: read again)
    await batch([mugReviews]);
    expect(grants()).toBe(1);
    clock = start + ttl * 1000 - 59_000;
    await batch([{ method: 'GET', path: `/stores-reader/v1/products/${MUG}` }]); // (not the one kept 2 s ago)
    expect(grants()).toBe(2);
    expect(platformReads()).toHaveLength(3);
  });
});

describe('the batch is checked as a whole: 400 in the platform’s format', () => {
  const violation = (r: { body_: unknown }) =>
    (r.body_ as { details?: { validationError?: { fieldViolations?: unknown[] } } }).details?.validationError
      ?.fieldViolations?.[0];

  it('JSON as text/plain or without a content type is read; another type is 415', async () => {
    expect((await batch([mugReviews])).status).toBe(200); // a string body: text/plain
    const untyped = await h.call('/v1/public/reads', {
      method: 'POST',
      body: new TextEncoder().encode(JSON.stringify({ reads: [mugReviews] })),
    });
    expect(untyped.status).toBe(200);
    const form = await batch([mugReviews], { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
  });

  it('not JSON, too large, 33 reads, prototype keys, deep nesting, bad methods and paths', async () => {
    const bad: [string, RequestInit][] = [
      ['not JSON', { body: '{"reads": [' }],
      ['too large', { body: JSON.stringify({ reads: [{ method: 'GET', path: '/x', pad: 'x'.repeat(70_000) }] }) }],
      ['33 reads', { body: JSON.stringify({ reads: Array.from({ length: 33 }, () => mugReviews) }) }],
      ['__proto__', { body: '{"reads":[],"__proto__":{"x":1}}' }],
      [
        'a read’s __proto__',
        { body: `{"reads":[{"method":"POST","path":"${mugReviews.path}","body":{"__proto__":{}}}]}` },
      ],
      [
        'deep',
        {
          body: JSON.stringify({
            reads: [{ method: 'POST', path: mugReviews.path, body: JSON.parse('['.repeat(20) + ']'.repeat(20)) }],
          }),
        },
      ],
      [
        '..',
        {
          body: JSON.stringify({
            reads: [{ method: 'GET', path: '/stores-reader/v1/products/../../ecom/v1/carts/current' }],
          }),
        },
      ],
      [
        '//x',
        { body: JSON.stringify({ reads: [{ method: 'GET', path: '//evil.test/stores/v3/provision/version' }] }) },
      ],
      ['scheme', { body: JSON.stringify({ reads: [{ method: 'GET', path: 'https://evil.test/x' }] }) }],
      ['#', { body: JSON.stringify({ reads: [{ method: 'GET', path: '/stores/v3/provision/version#x' }] }) }],
      ['PUT', { body: JSON.stringify({ reads: [{ method: 'PUT', path: '/stores/v3/provision/version' }] }) }],
      [
        'a GET with a body',
        { body: JSON.stringify({ reads: [{ method: 'GET', path: '/stores/v3/provision/version', body: {} }] }) },
      ],
      ['no reads', { body: JSON.stringify({}) }],
      ['an array', { body: JSON.stringify([mugReviews]) }],
      ['another key', { body: JSON.stringify({ reads: [], token: 'x' }) }],
    ];
    for (const [what, init] of bad) {
      const r = await h.call('/v1/public/reads', { method: 'POST', ...init });
      expect([what, r.status], JSON.stringify(r.body_)).toEqual([what, 400]);
      expect(r.body_.message, what).toEqual(expect.any(String));
      expect(violation(r) ?? code(r.body_), what).toBeDefined();
    }
    expect(platformReads()).toEqual([]);
  });
});

describe('without a client id (an API key alone)', () => {
  it('public reads are 503 PUBLIC_READS_OFF: the companion has no visitor to read as', async () => {
    const k = await harness({ apiKey: true });
    try {
      const r = await k.call('/v1/public/reads', { method: 'POST', body: JSON.stringify({ reads: [mugReviews] }) });
      expect([r.status, code(r.body_)]).toEqual([503, 'PUBLIC_READS_OFF']);
    } finally {
      await k.close();
    }
  });
});

describe('configuration', () => {
  const env = { INLAY_CLIENT_ID: DEMO_CLIENT_ID, INLAY_CLIENT_SECRET: 'a-secret-of-16-chars+' };
  it('fresh 60 s and stale a day by default; whole seconds otherwise, or it does not start', () => {
    expect(readConfig(env).publicCache).toEqual({ maxAgeMs: 60_000, staleMs: 86_400_000 });
    expect(readConfig({ ...env, INLAY_PUBLIC_MAX_AGE: '0', INLAY_PUBLIC_STALE: '30' }).publicCache).toEqual({
      maxAgeMs: 0,
      staleMs: 30_000,
    });
    for (const [k, v] of [
      ['INLAY_PUBLIC_MAX_AGE', '1m'],
      ['INLAY_PUBLIC_STALE', '-1'],
      ['INLAY_PUBLIC_STALE', '1.5'],
    ] as const)
      expect(() => readConfig({ ...env, [k]: v }), `${k}=${v}`).toThrow(new RegExp(`${k} must be a whole number`));
  });
});
