/**
 * The companion inside a real Workers runtime: companion/worker.ts bundled (esbuild) and run in Miniflare (workerd)
 * against a real emulator over HTTP, not only in Node: who am I, a captcha solved and spent on a visitor review, and a
 * back-in-stock request's handle round trip.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { solveChallenge } from 'altcha-lib';
import { fileURLToPath } from 'node:url';
import { STORES_APP_ID } from '../emulator/domain/catalog.ts';
import { startTestEmulator, visitorTokens, memberTokens } from '../tests/helpers/emulator.ts';
import type { RunningEmulator } from '../emulator/server.ts';
import { DEMO_CLIENT_ID, DEMO_LOGINS, MUG, RUCKSACK } from './test-helpers.ts';

let emu: RunningEmulator;
let mf: Miniflare;
let script: string;
const BASE = 'http://shop.test/api/inlay';

beforeAll(async () => {
  emu = await startTestEmulator();
  const out = await build({
    entryPoints: [fileURLToPath(new URL('./worker.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'browser'],
    write: false,
    logLevel: 'silent',
  });
  script = out.outputFiles[0]!.text;
  mf = new Miniflare({
    modules: true,
    script,
    compatibilityDate: '2026-04-01',
    bindings: {
      INLAY_CLIENT_ID: DEMO_CLIENT_ID,
      INLAY_CLIENT_SECRET: emu.clientSecret,
      INLAY_API_BASE: emu.url,
      INLAY_OWNERS: DEMO_LOGINS.owner.email,
      INLAY_BASE_PATH: '/api/inlay',
    },
  });
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
  const bindings = {
    INLAY_CLIENT_ID: DEMO_CLIENT_ID,
    INLAY_CLIENT_SECRET: emu.clientSecret,
    INLAY_API_BASE: emu.url,
    INLAY_OWNERS: DEMO_LOGINS.owner.email,
    INLAY_BASE_PATH: '/api/inlay',
  };
  const pair = (shared: boolean) =>
    new Miniflare({
      workers: [
        {
          name: 'a',
          modules: true,
          script,
          compatibilityDate: '2026-04-01',
          bindings,
          ...(shared ? { durableObjects: { INLAY_COUNTERS: 'InlayCounters' } } : {}),
        },
        {
          name: 'b',
          modules: true,
          script,
          compatibilityDate: '2026-04-01',
          bindings,
          ...(shared ? { durableObjects: { INLAY_COUNTERS: { className: 'InlayCounters', scriptName: 'a' } } } : {}),
        },
      ],
    });
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
    const ch = (await (await w.fetch(`${BASE}/v1/challenge`)).json()) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
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
