/**
 * The companion inside a real Workers runtime: companion/worker.ts bundled (esbuild) and run in Miniflare (workerd)
 * against a real emulator over HTTP, not only in Node: who am I, a captcha solved and spent on a visitor review, a
 * back-in-stock request's handle round trip, and where the client address comes from (Cloudflare's header only on
 * a request Cloudflare made, else INLAY_CLIENT_IP_HEADER, else refused), and the public reads kept in the runtime's
 * cache (`caches.default`) and renewed in the background with `waitUntil`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Miniflare } from 'miniflare';
import { solveChallenge } from 'altcha-lib';
import { STORES_APP_ID } from '../emulator/domain/catalog.ts';
import { startTestEmulator, visitorTokens, memberTokens } from '../tests/helpers/emulator.ts';
import type { RunningEmulator } from '../emulator/server.ts';
import { bundleWorker, MUG, RUCKSACK, seedIds, workerBindings, workerPair } from './test-helpers.ts';

let emu: RunningEmulator;
let mf: Miniflare;
let script: string;
const BASE = 'http://shop.test/api/inlay';

beforeAll(async () => {
  emu = await startTestEmulator();
  script = await bundleWorker();
  mf = new Miniflare({ modules: true, script, compatibilityDate: '2026-04-01', bindings: workerBindings(emu) });
  await mf.ready;
}, 120_000);
afterAll(async () => {
  await mf?.dispose();
  await emu?.close();
});

async function call(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { 'CF-Connecting-IP': '203.0.113.9' };
  if (init.token) headers['Authorization'] = init.token;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await mf.dispatchFetch(`${BASE}${path}`, {
    method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: JSON.parse(text) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

it('me: a visitor, and the owner as owner', async () => {
  const v = (await visitorTokens(emu)).access;
  expect((await call('/v1/me', { token: v })).json).toMatchObject({ kind: 'visitor', owner: false });
  const o = (await memberTokens(emu, 'owner')).access;
  expect((await call('/v1/me', { token: o })).json).toMatchObject({ kind: 'member', owner: true });
  expect((await call('/v1/me', { token: 'forged' })).status).toBe(401);
}, 60_000);

it('a challenge solved, then a visitor review; the same solution again is refused', async () => {
  const ch = (await call('/v1/challenge')).json;
  expect(ch).toMatchObject({ algorithm: 'SHA-256', maxnumber: 50_000 });
  const solved = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
  const captcha = btoa(JSON.stringify({ ...ch, maxnumber: undefined, number: solved!.number }));
  const v = (await visitorTokens(emu)).access;
  const body = {
    namespace: 'stores',
    entityId: MUG,
    name: 'Wren',
    email: 'wren@example.com',
    content: { rating: 5, body: 'Lovely mug' },
    captcha,
  };
  const r = await call('/v1/reviews', { token: v, body });
  expect(r.status).toBe(200);
  expect(r.json.review).toMatchObject({ entityId: MUG, author: { authorName: 'Wren' } });
  const replay = await call('/v1/reviews', { token: v, body: { ...body, entityId: RUCKSACK } });
  expect([replay.status, replay.json.details.applicationError.code]).toEqual([400, 'CAPTCHA_INVALID']);
}, 60_000);

it('a back-in-stock request: handle, status, stop, gone', async () => {
  const v = (await visitorTokens(emu)).access;
  const made = await call('/v1/stock-requests', {
    token: v,
    body: {
      request: { catalogReference: { appId: STORES_APP_ID, catalogItemId: RUCKSACK }, email: 'worker@example.com' },
      itemDetails: { name: 'Waxed Canvas Rucksack', price: '148.00' },
    },
  });
  expect(made.status).toBe(200);
  const path = `/v1/stock-requests/${encodeURIComponent(made.json.handle)}`;
  expect((await call(path, { token: v })).json.request.id).toBe(made.json.request.id);
  expect((await call(path, { token: v, method: 'DELETE' })).json).toEqual({});
  expect((await call(path, { token: v })).status).toBe(404);
}, 60_000);

/**
 * Two instances of the companion (two Workers, two isolates) that share the `InlayCounters` Durable Object: a captcha
 * spent on one is refused on the other. Control: two instances without the binding each count in their own memory, so
 * the same replay passes there (which is why a scaled-out deployment needs the shared store).
 */
it('scaled out: a captcha spent on one instance is refused on another sharing the Durable Object store', async () => {
  const bindings = workerBindings(emu);
  const pair = (shared: boolean) => workerPair(script, bindings, shared);
  const review = async (m: Miniflare, worker: 'a' | 'b', entityId: string, captcha: string, token: string) => {
    const w = (await m.getWorker(worker)) as unknown as { fetch: typeof fetch };
    const res = await w.fetch(`${BASE}/v1/reviews`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: token, 'CF-Connecting-IP': '203.0.113.10' },
      body: JSON.stringify({
        namespace: 'stores',
        entityId,
        name: 'Ash',
        email: `ash-${worker}-${entityId}-${Date.now()}@example.com`,
        content: { rating: 4 },
        captcha,
      }),
    });
    return { status: res.status, json: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const solved = async (m: Miniflare) => {
    const w = (await m.getWorker('a')) as unknown as { fetch: typeof fetch };
    const ch = (await (
      await w.fetch(`${BASE}/v1/challenge`, { headers: { 'CF-Connecting-IP': '203.0.113.10' } })
    ).json()) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    const s = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
    return btoa(JSON.stringify({ ...ch, maxnumber: undefined, number: s!.number }));
  };
  for (const shared of [true, false]) {
    const m = pair(shared);
    try {
      await m.ready;
      const captcha = await solved(m);
      const token = (await visitorTokens(emu)).access;
      expect((await review(m, 'a', MUG, captcha, token)).status).toBe(200);
      const replay = await review(m, 'b', RUCKSACK, captcha, (await visitorTokens(emu)).access);
      if (shared) expect([replay.status, replay.json.details.applicationError.code]).toEqual([400, 'CAPTCHA_INVALID']);
      else expect(replay.status).toBe(200); // each isolate's own memory: the replay passes (the control)
    } finally {
      await m.dispose();
    }
  }
}, 120_000);

/**
 * The client address. Miniflare's dispatchFetch gives every request a `cf` object, as Cloudflare's edge does: that is
 * the "on Cloudflare" case. A request without `cf` (as off Cloudflare: here one made by another worker in front and
 * passed through a service binding) has no address the runtime vouches for.
 */
describe('client address', () => {
  const FRONT = `export default { fetch(req, env) {
    return env.COMPANION.fetch(new Request(req.url, { method: req.method, headers: req.headers }));
  } }`;
  const bindings = (extra: Record<string, string> = {}) => ({ ...workerBindings(emu), ...extra });
  const behindFront = (extra: Record<string, string> = {}) =>
    new Miniflare({
      workers: [
        {
          name: 'front',
          modules: true,
          script: FRONT,
          compatibilityDate: '2026-04-01',
          serviceBindings: { COMPANION: 'companion' },
        },
        { name: 'companion', modules: true, script, compatibilityDate: '2026-04-01', bindings: bindings(extra) },
      ],
    });
  const challenge = (m: Miniflare, headers: Record<string, string>) =>
    m.dispatchFetch(`${BASE}/v1/challenge`, { headers }).then(async (r) => ({
      status: r.status,
      json: (await r.json()) as any, // eslint-disable-line @typescript-eslint/no-explicit-any
    }));
  /** 30 challenges a minute per address (DEFAULT_LIMITS.challenges): the 31st from `a` is refused, `b` is not. */
  const countsPer = async (m: Miniflare, header: string, a: string, b: string) => {
    for (let i = 0; i < 30; i++) expect((await challenge(m, { [header]: a })).status).toBe(200);
    expect((await challenge(m, { [header]: a })).status).toBe(429);
    expect((await challenge(m, { [header]: b })).status).toBe(200);
  };

  it('on Cloudflare (a request with cf): CF-Connecting-IP is the address, limits count per address', async () => {
    const m = new Miniflare({ modules: true, script, compatibilityDate: '2026-04-01', bindings: bindings() });
    try {
      await m.ready;
      await countsPer(m, 'CF-Connecting-IP', '203.0.113.30', '203.0.113.31');
    } finally {
      await m.dispose();
    }
  }, 60_000);

  it('off Cloudflare (no cf) and no header configured: refused 500 CLIENT_ADDRESS_UNKNOWN, whatever the client sends', async () => {
    const m = behindFront();
    try {
      await m.ready;
      const tries: Record<string, string>[] = [
        {},
        { 'CF-Connecting-IP': '203.0.113.40' },
        { 'X-Forwarded-For': '203.0.113.40' },
      ];
      for (const headers of tries) {
        const r = await challenge(m, headers);
        expect([r.status, r.json.details.applicationError.code]).toEqual([500, 'CLIENT_ADDRESS_UNKNOWN']);
        expect(r.json.message).toContain('INLAY_CLIENT_IP_HEADER');
      }
    } finally {
      await m.dispose();
    }
  }, 60_000);

  it('off Cloudflare with INLAY_CLIENT_IP_HEADER: that header is the address, limits count per address', async () => {
    const m = behindFront({ INLAY_CLIENT_IP_HEADER: 'x-real-ip' });
    try {
      await m.ready;
      await countsPer(m, 'X-Real-IP', '203.0.113.50', '203.0.113.51');
      const none = await challenge(m, { 'CF-Connecting-IP': '203.0.113.52' });
      expect([none.status, none.json.details.applicationError.code]).toEqual([500, 'CLIENT_ADDRESS_UNKNOWN']);
    } finally {
      await m.dispose();
    }
  }, 60_000);
});

describe('public reads on Workers: the runtime’s cache', () => {
  const lantern = seedIds.products['camp-lantern']!;
  const read = { method: 'GET', path: `/stores-reader/v1/products/${lantern}` };
  const rename = (name: string) => emu.db.prepare('UPDATE products SET name = ? WHERE id = ?').run(name, lantern);
  const batch = async (m: Miniflare) => {
    const res = await m.dispatchFetch(`${BASE}/v1/public/reads`, {
      method: 'POST',
      headers: { 'CF-Connecting-IP': '203.0.113.9' },
      body: JSON.stringify({ reads: [read, { method: 'GET', path: '/members/v1/members/my' }] }),
    });
    expect(res.status).toBe(200);
    const { answers } = (await res.json()) as { answers: { status: number; body: any }[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(answers[1]!.status).toBe(403);
    return answers[0]!.body.product.name as string;
  };
  /** The kept answer's entry in `caches.default` (public-cache.ts `runtimeStore`). */
  const entry = async (m: Miniflare) => {
    const key = `GET ${read.path} `;
    const hash = [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)))]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('');
    const url = `http://shop.test/__inlay/public-cache/${hash}`;
    // (Miniflare's types map CacheStorage oddly; it is the runtime's `caches`, with `default`)
    const caches = (await m.getCaches()) as unknown as { default: Cache };
    return { url, cache: caches.default };
  };

  it('a batch answers; the answer is kept in caches.default and served from it while fresh', async () => {
    rename('Lantern W1');
    expect(await batch(mf)).toBe('Lantern W1');
    const { url, cache } = await entry(mf);
    const kept = await cache.match(url);
    expect(kept?.headers.get('x-inlay-stored-at')).toMatch(/^\d+$/);
    expect(kept?.headers.get('cache-control')).toBe(`max-age=${60 + 86_400}`);
    await kept?.arrayBuffer(); // read to its end (cancelling a Miniflare body rejects inside Miniflare, unhandled)
    rename('Lantern W2');
    expect(await batch(mf)).toBe('Lantern W1'); // fresh: from the cache
    expect(await cache.delete(url)).toBe(true);
    expect(await batch(mf)).toBe('Lantern W2'); // gone from the runtime's cache: read again
  }, 60_000);

  it('stale: answered at once, renewed in the background (waitUntil)', async () => {
    const m = new Miniflare({
      modules: true,
      script,
      compatibilityDate: '2026-04-01',
      bindings: { ...workerBindings(emu), INLAY_PUBLIC_MAX_AGE: '0' },
    });
    try {
      rename('Lantern S1');
      const { url, cache } = await entry(m);
      await cache.delete(url);
      expect(await batch(m)).toBe('Lantern S1');
      rename('Lantern S2');
      // every kept answer is stale at once (max age 0): the old name, while one background read renews it
      expect(await batch(m)).toBe('Lantern S1');
      await expect.poll(() => batch(m), { timeout: 10_000 }).toBe('Lantern S2');
    } finally {
      await m.dispose();
    }
  }, 60_000);
});
