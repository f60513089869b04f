import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { InlayApiError } from './errors.ts';
import { createHttp, retryDelay, toQueryString, type HttpDeps } from './http.ts';
import { fakeFetch, json, type Handler } from '../tests/helpers/fake-fetch.ts';

const schema = z.object({ ok: z.boolean() });
const OK: Handler = () => json(200, { ok: true });

function setup(handler: Handler, deps: Partial<HttpDeps> = {}) {
  const net = fakeFetch(handler);
  const sleeps: number[] = [];
  let n = 0;
  const getAccessToken = vi.fn(async () => `token-${n}`);
  const renewAfter401 = vi.fn(async () => void n++);
  const http = createHttp({
    config: { apiBase: 'https://api.test' },
    getAccessToken,
    renewAfter401,
    fetch: net.fetch,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
    ...deps,
  });
  return { http, calls: net.calls, sleeps, getAccessToken, renewAfter401 };
}

const caught = (p: Promise<unknown>) =>
  p.then(
    () => expect.unreachable('should have failed'),
    (e: unknown) => e as InlayApiError,
  );

afterEach(() => vi.useRealTimers());

describe('http request basics', () => {
  it('sends the raw token and no Content-Type without a body', async () => {
    const { http, calls } = setup(OK);
    await expect(
      http.request({ path: '/members/v1/members/my', query: { fieldsets: ['FULL'] }, schema, kind: 'read' }),
    ).resolves.toEqual({ ok: true });
    expect(calls[0]).toMatchObject({
      url: 'https://api.test/members/v1/members/my?fieldsets=FULL',
      method: 'GET',
      body: undefined,
    });
    expect(calls[0]!.headers).toEqual({ authorization: 'token-0' });
  });

  it('sends JSON with Content-Type when there is a body', async () => {
    const { http, calls } = setup(OK);
    await http.request({ method: 'POST', path: '/x', body: { a: 1 }, schema, kind: 'write' });
    expect(calls[0]!.headers).toEqual({ authorization: 'token-0', 'content-type': 'application/json' });
    expect(calls[0]!.body).toEqual({ a: 1 });
  });

  it('leaves out Authorization with auth: false', async () => {
    const { http, calls, getAccessToken } = setup(OK);
    await http.request({ path: '/x', schema, kind: 'read', auth: false });
    expect(calls[0]!.headers).toEqual({});
    expect(getAccessToken).not.toHaveBeenCalled();
  });

  it('treats any status but 200 as an error', async () => {
    const { http } = setup(() => json(201, { ok: true }));
    const e = await caught(http.request({ method: 'POST', path: '/x', body: {}, schema, kind: 'write' }));
    expect(e).toMatchObject({ kind: 'http', status: 201 });
  });

  it('builds the error from the platform body and the request id header', async () => {
    const { http } = setup(() =>
      json(
        400,
        {
          message: 'INVALID_ARGUMENT',
          details: {
            validationError: { fieldViolations: [{ field: 'email', description: 'bad', violatedRule: 'FORMAT' }] },
          },
        },
        { headers: { 'x-wix-request-id': 'abc-123' } },
      ),
    );
    const e = await caught(http.request({ method: 'POST', path: '/x', body: {}, schema, kind: 'write' }));
    expect(e).toBeInstanceOf(InlayApiError);
    expect(e).toMatchObject({
      kind: 'http',
      status: 400,
      message: 'INVALID_ARGUMENT',
      requestId: 'abc-123',
      applicationError: { code: '400' },
      fieldViolations: [{ field: 'email', description: 'bad', violatedRule: 'FORMAT' }],
    });
  });

  it('parses every answer with the schema', async () => {
    const { http, calls } = setup(() => json(200, { ok: 'yes' }, { headers: { 'x-wix-request-id': 'r' } }));
    const e = await caught(http.request({ path: '/x', schema, kind: 'read' }));
    expect(e).toMatchObject({ kind: 'parse', status: 200, requestId: 'r' });
    expect(e.message).toContain('ok');
    expect(calls).toHaveLength(1); // not retried
  });

  it('a 200 that is not JSON is a parse error', async () => {
    const { http } = setup(() => new Response('<html>', { status: 200 }));
    expect(await caught(http.request({ path: '/x', schema, kind: 'read' }))).toMatchObject({ kind: 'parse' });
  });
});

describe('query strings and the POST fallback', () => {
  it('flattens nested objects to dotted keys and repeats arrays', () => {
    expect(
      toQueryString({
        query: { filter: { status: 'RECEIVED' }, cursorPaging: { limit: 10 } },
        fieldsets: ['A', 'B'],
        skip: undefined,
        no: null,
        t: true,
      }),
    ).toBe('query.filter.status=RECEIVED&query.cursorPaging.limit=10&fieldsets=A&fieldsets=B&t=true');
  });

  const query = (n: number) => ({ q: 'x'.repeat(n - 2) }); // "q=" + n-2 chars = n characters

  it('keeps a GET whose query string is exactly 4000 characters', async () => {
    const { http, calls } = setup(OK);
    await http.request({ path: '/bis', fallbackPath: '/bis/query', query: query(4000), schema, kind: 'read' });
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url).toBe(`https://api.test/bis?q=${'x'.repeat(3998)}`);
  });

  it('uses the POST fallback with the JSON payload past 4000 characters', async () => {
    const { http, calls } = setup(OK);
    await http.request({ path: '/bis', fallbackPath: '/bis/query', query: query(4001), schema, kind: 'read' });
    expect(calls[0]).toMatchObject({ method: 'POST', url: 'https://api.test/bis/query', body: query(4001) });
    expect(calls[0]!.headers['content-type']).toBe('application/json');
  });
});

describe('retries', () => {
  it('retries a read exactly 3 times with delays 1000, 2000, 4000 (±20%)', async () => {
    const { http, calls, sleeps } = setup(() => json(503, { message: 'unavailable' }));
    const e = await caught(http.request({ path: '/x', schema, kind: 'read' }));
    expect(e).toMatchObject({ kind: 'http', status: 503 });
    expect(calls).toHaveLength(4);
    expect(sleeps).toEqual([1000, 2000, 4000]);
  });

  it('pins the jitter bounds with the injected random', async () => {
    const low = setup(() => json(500, {}), { random: () => 0 });
    await caught(low.http.request({ path: '/x', schema, kind: 'read' }));
    expect(low.sleeps).toEqual([800, 1600, 3200]);
    const high = setup(() => json(500, {}), { random: () => 0.999999 });
    await caught(high.http.request({ path: '/x', schema, kind: 'read' }));
    expect(high.sleeps).toEqual([1200, 2400, 4800]);
  });

  it('caps the delay at 30000 ms', () => {
    expect(retryDelay(4, () => 0.5)).toBe(16000);
    expect(retryDelay(5, () => 0.5)).toBe(30000);
    expect(retryDelay(5, () => 0.999999)).toBe(30000);
    expect(retryDelay(5, () => 0)).toBe(24000);
    expect(retryDelay(20, () => 0.999999)).toBe(30000);
  });

  it('recovers when a retry succeeds', async () => {
    const { http, calls } = setup((_, i) => (i < 2 ? json(429, {}) : json(200, { ok: true })));
    await expect(http.request({ path: '/x', schema, kind: 'read' })).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(3);
  });

  it('retries reads on network errors and reports status 0', async () => {
    const { http, calls } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await caught(http.request({ path: '/x', schema, kind: 'read' }))).toMatchObject({
      kind: 'network',
      status: 0,
    });
    expect(calls).toHaveLength(4);
  });

  it.each([400, 403, 404, 409, 428])('never retries a %s', async (status) => {
    const { http, calls, sleeps } = setup(() => json(status, { message: 'no' }));
    expect(await caught(http.request({ path: '/x', schema, kind: 'read' }))).toMatchObject({ status });
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it.each([
    ['a 503', () => json(503, {})],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('never retries a write after %s', async (_, handler) => {
    const { http, calls, sleeps } = setup(handler as Handler);
    await caught(http.request({ method: 'POST', path: '/x', body: {}, schema, kind: 'write' }));
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('without a kind, a GET reads (retried) and any other method writes (never retried)', async () => {
    const get = setup(() => json(503, {}));
    await caught(get.http.request({ path: '/x', schema }));
    expect(get.calls).toHaveLength(4);
    for (const method of ['POST', 'PATCH', 'DELETE'] as const) {
      const write = setup(() => json(503, {}));
      await caught(write.http.request({ method, path: '/x', body: {}, schema }));
      expect(write.calls, method).toHaveLength(1);
    }
    const postRead = setup(() => json(503, {}));
    await caught(postRead.http.request({ method: 'POST', path: '/x/query', body: {}, schema, kind: 'read' }));
    expect(postRead.calls).toHaveLength(4);
  });

  it('times out (kind timeout, status 0) and retries reads after a timeout', async () => {
    const hang: Handler = (call) =>
      new Promise((_, reject) =>
        call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    const w = setup(hang);
    expect(
      await caught(w.http.request({ method: 'POST', path: '/x', body: {}, schema, kind: 'write', timeoutMs: 5 })),
    ).toMatchObject({
      kind: 'timeout',
      status: 0,
    });
    expect(w.calls).toHaveLength(1);
    const r = setup(hang);
    expect(await caught(r.http.request({ path: '/x', schema, kind: 'read', timeoutMs: 5 }))).toMatchObject({
      kind: 'timeout',
    });
    expect(r.calls).toHaveLength(4);
  });

  it('defaults the timeout to 15000 ms', async () => {
    vi.useFakeTimers();
    const { http } = setup(
      (call) => new Promise((_, reject) => call.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const p = caught(http.request({ method: 'DELETE', path: '/x', schema, kind: 'write' }));
    await vi.advanceTimersByTimeAsync(14999);
    let settled = false;
    void p.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await p).toMatchObject({ kind: 'timeout' });
  });

  it('stops retrying when the signal aborts', async () => {
    const ctrl = new AbortController();
    const { http, calls } = setup(() => json(503, {}), {
      sleep: async () => ctrl.abort(),
    });
    const e = await http.request({ path: '/x', schema, kind: 'read', signal: ctrl.signal }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(DOMException);
    expect((e as DOMException).name).toBe('AbortError');
    expect(calls).toHaveLength(1);
  });

  it('the default sleep waits the delay and rejects on abort', async () => {
    vi.useFakeTimers();
    const ctrl = new AbortController();
    const { http, calls } = setup(() => json(503, {}), { sleep: undefined });
    const p = http.request({ path: '/x', schema, kind: 'read', signal: ctrl.signal }).catch((x: unknown) => x);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    ctrl.abort();
    expect(((await p) as Error).name).toBe('AbortError');
    expect(calls).toHaveLength(2);
  });

  it('an abort during the fetch rejects with AbortError, not a network error', async () => {
    const ctrl = new AbortController();
    const { http } = setup((call) => {
      ctrl.abort();
      return call.signal?.aborted ? Promise.reject(new DOMException('aborted', 'AbortError')) : json(200, { ok: true });
    });
    const e = await http.request({ path: '/x', schema, kind: 'read', signal: ctrl.signal }).catch((x: unknown) => x);
    expect((e as Error).name).toBe('AbortError');
  });
});

describe('401: renew once and replay once', () => {
  it.each(['read', 'write'] as const)('a %s is replayed with the renewed token', async (kind) => {
    const { http, calls, renewAfter401 } = setup((call) =>
      call.headers.authorization === 'token-0' ? json(401, {}) : json(200, { ok: true }),
    );
    await expect(http.request({ method: 'POST', path: '/x', body: {}, schema, kind })).resolves.toEqual({ ok: true });
    expect(renewAfter401).toHaveBeenCalledTimes(1);
    expect(renewAfter401).toHaveBeenCalledWith('token-0');
    expect(calls.map((c) => c.headers.authorization)).toEqual(['token-0', 'token-1']);
  });

  it.each(['read', 'write'] as const)('a %s gives up after the second 401', async (kind) => {
    const { http, calls, renewAfter401, sleeps } = setup(() => json(401, { message: 'expired' }));
    expect(await caught(http.request({ method: 'POST', path: '/x', body: {}, schema, kind }))).toMatchObject({
      status: 401,
    });
    expect(renewAfter401).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
    expect(sleeps).toEqual([]);
  });

  it('is not replayed when the renewal ended the session (a member’s request is not sent again as a visitor)', async () => {
    const { http, calls } = setup(() => json(401, { message: 'revoked' }), { renewAfter401: async () => false });
    expect(await caught(http.request({ path: '/members/me', schema, kind: 'read' }))).toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
  });

  it('does not renew for unauthenticated calls', async () => {
    const { http, renewAfter401 } = setup(() => json(401, {}));
    await caught(http.request({ path: '/x', schema, kind: 'read', auth: false }));
    expect(renewAfter401).not.toHaveBeenCalled();
  });
});

describe('tokens stay with the platform', () => {
  it('never sends the Authorization header to an absolute URL on another origin', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    const http = createHttp({
      config: { apiBase: 'https://api.test' },
      getAccessToken: async () => 'secret',
      renewAfter401: async () => 'secret2',
      fetch,
    });
    await http.request({
      method: 'PUT',
      path: 'https://uploads.elsewhere.test/u/1',
      body: new Blob(['x'], { type: 'image/png' }),
      schema: z.object({}),
      kind: 'write',
    });
    await http.request({ method: 'GET', path: 'https://api.test/x', schema: z.object({}), kind: 'read' });
    expect(calls[0]!.headers.authorization).toBeUndefined();
    expect(calls[0]!.headers['content-type']).toBe('image/png');
    expect(calls[1]!.headers.authorization).toBe('secret');
  });
});

describe('CORS preflights: one per URL per page', () => {
  /** A fake platform whose answers wait until released, logging when each request starts. */
  function held() {
    const started: string[] = [];
    const release: (() => void)[] = [];
    const handler: Handler = (call) => {
      started.push(`${call.method} ${call.url}`);
      return new Promise((r) => release.push(() => r(json(200, { ok: true }))));
    };
    return { started, release, handler };
  }
  const tick = () => new Promise((r) => setTimeout(r, 5));

  it('a request to another origin’s URL whose first request is on its way waits for its answer, then requests go together', async () => {
    const h = held();
    const { http } = setup(h.handler, { pageOrigin: 'https://shop.test' });
    const q = (path: string) => http.request({ method: 'POST', path, body: { a: 1 }, schema, kind: 'read' });
    const first = [q('/reviews/query'), q('/reviews/query'), q('/other'), q('/reviews/query')];
    await tick();
    // the first to each URL goes at once; the two others to the same URL wait for its answer
    expect(h.started).toEqual(['POST https://api.test/reviews/query', 'POST https://api.test/other']);
    h.release.shift()!();
    await tick();
    expect(h.started).toHaveLength(4);
    h.release.splice(0).forEach((r) => r());
    await Promise.all(first);
    // answered once: its preflight is cached, nothing waits any more
    const later = [q('/reviews/query'), q('/reviews/query')];
    await tick();
    expect(h.started).toHaveLength(6);
    h.release.splice(0).forEach((r) => r());
    await Promise.all(later);
  });

  it('a first request that failed leaves the next one first; the page’s own origin, no page (a server), reads without a token and writes never wait', async () => {
    const h = held();
    for (const pageOrigin of ['https://api.test', undefined]) {
      h.started.length = 0;
      const same = setup(h.handler, { pageOrigin }).http;
      const r = [1, 2].map(() => same.request({ method: 'POST', path: '/x', body: {}, schema, kind: 'read' }));
      await tick();
      expect(h.started).toHaveLength(2); // the page's own origin, or no page (a server): no preflight to wait for
      h.release.splice(0).forEach((f) => f());
      await Promise.all(r);
    }

    h.started.length = 0;
    const other = setup(h.handler, { pageOrigin: 'https://shop.test' }).http;
    const plain = [1, 2].map(() => other.request({ path: '/y', schema, kind: 'read', auth: false }));
    await tick();
    expect(h.started).toHaveLength(2); // no token, no Authorization header: no preflight for it
    h.release.splice(0).forEach((f) => f());
    await Promise.all(plain);

    const writes = [1, 2].map(() => other.request({ method: 'POST', path: '/w', body: {}, schema }));
    await tick();
    expect(h.started).toHaveLength(4); // writes never wait
    h.release.splice(0).forEach((f) => f());
    await Promise.all(writes);

    let fail = true;
    const failing = setup((call, i) => (fail ? Promise.reject(new TypeError('offline')) : h.handler(call, i)), {
      sleep: () => new Promise(() => {}), // the failed read's retry never comes
      pageOrigin: 'https://shop.test',
    }).http;
    h.started.length = 0;
    void failing.request({ path: '/z', schema, kind: 'read' }).catch(() => undefined);
    await tick();
    fail = false;
    const next = [1, 2].map(() => failing.request({ path: '/z', schema, kind: 'read' }));
    await tick();
    expect(h.started).toEqual(['GET https://api.test/z']);
    h.release.splice(0).forEach((f) => f());
    await tick();
    expect(h.started).toHaveLength(2);
    h.release.splice(0).forEach((f) => f());
    await Promise.all(next);
  });

  it('waits 1 s at most for a first request that has not answered', async () => {
    vi.useFakeTimers();
    const h = held();
    const { http } = setup(h.handler, { pageOrigin: 'https://shop.test' });
    const reads = [1, 2].map(() => http.request({ path: '/slow', schema, kind: 'read' }));
    await vi.advanceTimersByTimeAsync(999);
    expect(h.started).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.started).toHaveLength(2);
    h.release.splice(0).forEach((f) => f());
    await Promise.all(reads);
  });
});
