/**
 * The conformance suite's boundary (not a test file): an in-process emulator, and the global `fetch` replaced so the
 * platform's hosts (`www.wixapis.com`, `edge.wixapis.com`, where the official SDK sends everything) go to it; the
 * request (method, headers, body) is passed on untouched, everything else goes out as it came.
 *
 * Each file says which platform calls (core/ops, core/ops/admin.ts) its cases exercise: `covers('getOrder')` (a case
 * got an answer 2xx for it) and `refuses('getOrder')` (a case saw it refused, 403). `coverageCase()` at the end of
 * the file checks each claim against what really went over the boundary, and tests/conformance/coverage.test.ts reads
 * the claims of every file: an operation of the table that no file claims fails there.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { EmulatorOptions, RunningEmulator } from '../../emulator/server.ts';
import { startTestEmulator } from '../helpers/emulator.ts';
import { ALL_OPS, type OpName } from './calls.ts';

export const PLATFORM_HOSTS = new Set(['www.wixapis.com', 'edge.wixapis.com']);
export const API_KEY = 'conformance-api-key-0123456789';

export { ALL_OPS, type OpName } from './calls.ts';

/** One request that went over the boundary and its answer. */
export interface Exchange {
  method: string;
  path: string;
  /** The query string as sent (`?…`, or ''). */
  search: string;
  status: number;
  location: string | null;
  /** The request's JSON body as sent (undefined for none, or one that is not JSON). */
  body?: unknown;
}

const paramCount = (path: string) => (path.match(/\{\w+\}/g) ?? []).length;
const patterns = new Map<string, RegExp>();
/** A path's pattern, compiled once (the coverage case matches every exchange against every operation). */
const pattern = (path: string) => {
  let p = patterns.get(path);
  if (!p) {
    p = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+')}$`);
    patterns.set(path, p);
  }
  return p;
};

/**
 * The operation a request was for: among those whose method and path (or POST fallback path) match, the most
 * specific (fewest path parameters), so `GET /members/v1/members/my` is `myMember`, not a `{id}` read.
 */
export function operationOf(method: string, path: string): string | undefined {
  let best: [string, number] | undefined;
  for (const [name, op] of Object.entries(ALL_OPS)) {
    const hit =
      (op.method === method && pattern(op.path).test(path)) ||
      (op.fallbackPath !== undefined && method === 'POST' && pattern(op.fallbackPath).test(path));
    if (hit && (!best || paramCount(op.path) < best[1])) best = [name, paramCount(op.path)];
  }
  return best?.[0];
}

export interface Boundary {
  /** The running emulator (after the file's first beforeAll). */
  readonly emu: RunningEmulator;
  /** Every request sent to a platform host, as `METHOD /path` (query left out), in order. */
  readonly sent: string[];
  /** The same, with the answer's status (and `Location`). */
  readonly exchanges: Exchange[];
  /** `fetch` of a platform path as a raw client would send it (through the boundary, so it is recorded too). */
  platformFetch(path: string, init?: RequestInit): Promise<Response>;
  /** Claim: a case of this file got a 2xx answer for each of these operations (literal names); returns them. */
  covers<N extends OpName>(...names: N[]): N[];
  /** Claim: a case of this file saw each of these operations refused (403; literal names); returns them. */
  refuses<N extends OpName>(...names: N[]): N[];
  /** The file's last case: every claim is backed by what went over the boundary. */
  coverageCase(): void;
}

/**
 * Start an emulator for the file (beforeAll) and put the boundary in place; `redirect: 'manual'` hands a 3xx answer
 * to the SDK as it is instead of following it.
 */
export function platformBoundary(options: EmulatorOptions & { redirect?: RequestRedirect } = {}): Boundary {
  const { redirect, ...emulatorOptions } = options;
  const realFetch = globalThis.fetch;
  let emu: RunningEmulator | undefined;
  const sent: string[] = [];
  const exchanges: Exchange[] = [];
  const covered = new Set<OpName>();
  const refused = new Set<OpName>();

  const boundaryFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (!PLATFORM_HOSTS.has(url.hostname) || !emu) return realFetch(request);
    sent.push(`${request.method} ${url.pathname}`);
    const text = request.body ? await request.clone().text() : '';
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    const target = new Request(new URL(`${url.pathname}${url.search}`, emu.url), request);
    const res = await realFetch(target, redirect ? { redirect } : undefined);
    exchanges.push({
      method: request.method,
      path: url.pathname,
      search: url.search,
      status: res.status,
      location: res.headers.get('location'),
      body,
    });
    return res;
  };

  beforeAll(async () => {
    emu = await startTestEmulator({ apiKey: API_KEY, ...emulatorOptions });
    vi.stubGlobal('fetch', boundaryFetch);
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await emu?.close();
  });

  const answered = (name: string, ok: (status: number) => boolean) =>
    exchanges.some((e) => ok(e.status) && operationOf(e.method, e.path) === name);

  return {
    get emu() {
      if (!emu) throw new Error('the emulator starts in beforeAll');
      return emu;
    },
    sent,
    exchanges,
    platformFetch: (path, init) => boundaryFetch(`https://www.wixapis.com${path}`, init),
    covers: (...names) => (names.forEach((n) => covered.add(n)), names),
    refuses: (...names) => (names.forEach((n) => refused.add(n)), names),
    coverageCase() {
      it('coverage: every call this file claims went over the boundary (covers: 2xx, refuses: 403)', () => {
        const log = exchanges.map((e) => `${e.status} ${e.method} ${e.path}`).join('\n');
        const unknown = [...covered, ...refused].filter((n) => !(n in ALL_OPS));
        expect(unknown, 'claims of operations that are not in the table').toEqual([]);
        const notAnswered = [...covered].filter((n) => !answered(n, (s) => s >= 200 && s < 400));
        expect(notAnswered, `claimed covered, no 2xx/3xx answer seen:\n${log}`).toEqual([]);
        const notRefused = [...refused].filter((n) => !answered(n, (s) => s === 403));
        expect(notRefused, `claimed refused, no 403 seen:\n${log}`).toEqual([]);
      });
    },
  };
}
