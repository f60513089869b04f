import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { conflict, failedPrecondition } from './errors.ts';
import type { RouteModule } from './router.ts';
import type { RunningEmulator } from './server.ts';
import {
  api,
  DEMO_CLIENT_ID,
  memberTokens,
  rawRequest,
  startTestEmulator,
  visitorTokens,
} from '../tests/helpers/emulator.ts';
import { httpUrl, validate } from './validate.ts';

const ALLOWED = 'http://127.0.0.1:5173';

/** Test-only routes, passed through the `routes` option (no backdoor in the shipped server). */
const testRoutes: RouteModule = (router) => {
  router.get('/_test/throw', () => {
    throw new Error('boom: secret-internals');
  });
  router.get('/_test/async-throw', async () => {
    await new Promise((r) => setTimeout(r, 5));
    throw new TypeError('async boom');
  });
  router.get('/_test/owner-only', (ctx) => ({ json: { member: ctx.requireMember('OWNER') } }));
  router.get('/_test/member-only', (ctx) => ({ json: { member: ctx.requireMember() } }));
  router.get('/_test/conflict', () => {
    throw conflict('Already there');
  });
  router.get('/_test/precondition', () => {
    throw failedPrecondition('Not collecting');
  });
  router.post('/_test/validate', (ctx) => ({
    json: validate(
      z.object({
        name: z.string().min(2).max(5),
        kind: z.enum(['A', 'B']),
        email: z.email().optional(),
        lineItems: z.array(z.object({ quantity: z.number().int().min(1).max(10) })).min(1),
      }),
      ctx.body,
    ),
  }));
  router.post('/_test/echo', (ctx) => ({ json: { body: ctx.body } }));
  router.get('/_test/items/:id', (ctx) => ({ json: { id: ctx.params['id'], route: 'param' } }));
  router.get('/_test/items/special', () => ({ json: { route: 'literal' } }));
};

describe('server basics', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator({ routes: [testRoutes] });
  });
  afterAll(() => emu.close());

  it('listens on 127.0.0.1 with a random port', () => {
    expect(emu.url).toBe(`http://127.0.0.1:${emu.port}`);
    expect(emu.port).toBeGreaterThan(0);
  });

  it('sends a unique x-wix-request-id on success and on error', async () => {
    const ok1 = await api(emu, '/_dev/mailbox');
    const ok2 = await api(emu, '/_dev/mailbox');
    const err = await api(emu, '/no/such/path');
    const ids = [ok1, ok2, err].map((r) => r.headers.get('x-wix-request-id'));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
    expect(err.json.details.applicationError.data.requestId).toBe(ids[2]);
  });

  it('answers unknown paths with a 404 platform error', async () => {
    const r = await api(emu, '/no/such/path');
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.json).toMatchObject({
      message: expect.any(String),
      details: { applicationError: { code: 'NOT_FOUND', description: expect.any(String) } },
    });
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const r = await api(emu, '/oauth2/token');
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('POST');
    expect(r.json.details.applicationError.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('prefers literal routes over :params and decodes params', async () => {
    expect((await api(emu, '/_test/items/special')).json).toEqual({ route: 'literal' });
    expect((await api(emu, '/_test/items/a%20b')).json).toEqual({ id: 'a b', route: 'param' });
  });

  it('turns a thrown exception into a 500 platform error, logs it, and keeps serving', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const r = await api(emu, '/_test/throw');
      expect(r.status).toBe(500);
      expect(r.json.details.applicationError.code).toBe('INTERNAL');
      expect(r.text).not.toContain('secret-internals');
      const r2 = await api(emu, '/_test/async-throw');
      expect(r2.status).toBe(500);
      expect(spy).toHaveBeenCalled();
      expect(String(spy.mock.calls[0]?.[0])).toContain('/_test/throw');
    } finally {
      spy.mockRestore();
    }
    expect((await api(emu, '/_dev/mailbox')).status).toBe(200);
  });

  it('renders 409 and 428 application errors', async () => {
    const c = await api(emu, '/_test/conflict');
    expect(c.status).toBe(409);
    expect(c.json.details.applicationError.code).toBe('ALREADY_EXISTS');
    const p = await api(emu, '/_test/precondition');
    expect(p.status).toBe(428);
    expect(p.json).toMatchObject({
      message: 'Not collecting',
      details: { applicationError: { code: 'FAILED_PRECONDITION' } },
    });
  });

  it('gzips JSON answers of 1 KB and more when the request accepts it, like the platform’s front end', async () => {
    const { access } = await visitorTokens(emu);
    const query = (encoding?: string) =>
      rawRequest(emu.url, '/stores-reader/v1/products/query', {
        method: 'POST',
        headers: {
          authorization: access,
          'content-type': 'application/json',
          ...(encoding ? { 'accept-encoding': encoding } : {}),
        },
        body: JSON.stringify({ query: { paging: { limit: 10 } } }),
      });
    const plain = await query();
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const gz = await query('gzip, deflate, br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(String(gz.headers['vary'])).toMatch(/Accept-Encoding/);
    expect(Number(gz.headers['content-length'])).toBe(gz.raw.length);
    expect(gz.raw.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(gunzipSync(gz.raw).toString('utf8'))).toEqual(JSON.parse(plain.body));
    expect((await query('gzip;q=0')).headers['content-encoding']).toBeUndefined();
    // a small answer (and an error) goes as is
    const small = await rawRequest(emu.url, '/no/such/path', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body).details).toBeDefined();
  });

  it('serves an HTML index page', async () => {
    const r = await api(emu, '/');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(r.text).toContain('/_dev/mailbox');
    expect(r.text).toContain('/inlay/loader.js');
    expect(r.text).toContain('Fernwood Supply Co.');
  });

  it('escapes the Host header it echoes', async () => {
    const r = await rawRequest(emu.url, '/', { headers: { Host: '"><script>x</script>' } });
    expect(r.status).toBe(200);
    expect(r.body).not.toContain('<script>');
  });
});

describe('validation errors', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator({ routes: [testRoutes] });
  });
  afterAll(() => emu.close());

  const good = { name: 'abc', kind: 'A', lineItems: [{ quantity: 1 }] };

  it('passes a valid body through', async () => {
    const r = await api(emu, '/_test/validate', { body: good });
    expect(r.status).toBe(200);
    expect(r.json).toEqual(good);
  });

  it('maps zod failures to the spec violation kinds with dotted paths', async () => {
    const r = await api(emu, '/_test/validate', {
      body: {
        name: 'x',
        kind: 'C',
        email: 'nope',
        lineItems: [{ quantity: 1 }, { quantity: 11 }, { quantity: 'two' }],
      },
    });
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/^Invalid request: /);
    const v = r.json.details.validationError.fieldViolations as { field: string; violatedRule: string }[];
    const byField = Object.fromEntries(v.map((x) => [x.field, x.violatedRule]));
    expect(byField).toEqual({
      name: 'MIN_LENGTH',
      kind: 'INVALID_ENUM_VALUE',
      email: 'FORMAT',
      'lineItems[1].quantity': 'MAX',
      'lineItems[2].quantity': 'VALIDATION',
    });
    expect(v.find((x) => x.field === 'lineItems[1].quantity')).toMatchObject({ data: { threshold: 10 } });
  });

  it('reports missing fields as REQUIRED_FIELD and too-small arrays as MIN_SIZE', async () => {
    const r = await api(emu, '/_test/validate', { body: { name: 'abcdef', lineItems: [] } });
    const byField = Object.fromEntries(
      (r.json.details.validationError.fieldViolations as { field: string; violatedRule: string }[]).map((x) => [
        x.field,
        x.violatedRule,
      ]),
    );
    expect(byField).toEqual({ name: 'MAX_LENGTH', kind: 'REQUIRED_FIELD', lineItems: 'MIN_SIZE' });
  });

  it('refuses a body that is not an object', async () => {
    const r = await api(emu, '/_test/validate', { body: '[1,2]' });
    expect(r.status).toBe(400);
    expect(r.json.details.validationError.fieldViolations[0]).toMatchObject({ field: '', violatedRule: 'VALIDATION' });
  });

  it('answers malformed JSON with 400 and a clear message', async () => {
    const r = await api(emu, '/_test/validate', { body: '{"name": "abc",' });
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/^Malformed JSON body/);
    expect(r.json.details.applicationError.code).toBe('MALFORMED_JSON');
  });

  it('answers a body over 1 MB with 413', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) });
    const r = await api(emu, '/_test/validate', { body: big });
    expect(r.status).toBe(413);
    expect(r.json.details.applicationError.code).toBe('PAYLOAD_TOO_LARGE');
    expect((await api(emu, '/_dev/mailbox')).status).toBe(200);
  });
});

describe('hostile input (issue 17)', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator({ routes: [testRoutes] });
  });
  afterAll(() => emu.close());

  const good = { name: 'abc', kind: 'A', lineItems: [{ quantity: 1 }] };
  const isRequestId = (v: unknown) => typeof v === 'string' && /^[0-9a-f-]{36}$/.test(v);
  const fieldViolation = (r: { json: any }) => r.json.details.validationError.fieldViolations[0]; // eslint-disable-line @typescript-eslint/no-explicit-any

  /** Send bytes on a plain socket and read the whole answer (node's http client refuses to send broken requests). */
  const rawSocket = (bytes: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(emu.port, '127.0.0.1', () => socket.end(bytes));
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });
  const parseRaw = (raw: string) => {
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    const [statusLine = '', ...lines] = head.split('\r\n');
    const headers = Object.fromEntries(
      lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    return { status: Number(statusLine.split(' ')[1]), headers, json: JSON.parse(body) };
  };

  it('refuses prototype-named keys at any depth of a JSON body with 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['{"__proto__":{"json":"pwned"},"name":"abc","kind":"A","lineItems":[{"quantity":1}]}', '__proto__'],
      [
        '{"name":"abc","kind":"A","lineItems":[{"quantity":1,"constructor":{"prototype":{"json":"pwned"}}}]}',
        'lineItems[0].constructor',
      ],
      [
        '{"name":"abc","kind":"A","lineItems":[{"quantity":1}],"extra":{"a":[{"prototype":1}]}}',
        'extra.a[0].prototype',
      ],
    ];
    for (const [body, field] of cases) {
      const r = await api(emu, '/_test/validate', { body });
      expect(r.status, body).toBe(400);
      expect(fieldViolation(r), body).toMatchObject({ field, violatedRule: 'FIELD_NOT_ALLOWED' });
      expect(isRequestId(r.headers.get('x-wix-request-id'))).toBe(true);
    }
    expect(({} as Record<string, unknown>)['json']).toBeUndefined();
    // a prototype-named string value is fine: only keys are refused
    expect((await api(emu, '/_test/validate', { body: { ...good, name: 'proto' } })).status).toBe(200);
  });

  it('refuses JSON bodies nested deeper than 32 levels with 400', async () => {
    const nest = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`;
    const deep = await api(emu, '/_test/validate', {
      body: `{"name":"abc","kind":"A","lineItems":[{"quantity":1}],"x":${nest(100_000)}}`,
    });
    expect(deep.status).toBe(400);
    expect(fieldViolation(deep)).toMatchObject({ violatedRule: 'VALIDATION', data: { maxDepth: 32 } });
    expect(fieldViolation(deep).field).toMatch(/^x(\[0\])+$/);
    expect(
      (
        await api(emu, '/_test/validate', {
          body: `{"name":"abc","kind":"A","lineItems":[{"quantity":1}],"x":${nest(31)}}`,
        })
      ).status,
    ).toBe(200);
  });

  it('refuses prototype-named keys in form bodies', async () => {
    for (const form of [
      `__proto__=x&grantType=anonymous&clientId=${DEMO_CLIENT_ID}`,
      `constructor.prototype.json=x&grantType=anonymous&clientId=${DEMO_CLIENT_ID}`,
    ]) {
      const r = await api(emu, '/oauth2/token', {
        body: form,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(r.status, form).toBe(400);
      expect(fieldViolation(r), form).toMatchObject({ violatedRule: 'FIELD_NOT_ALLOWED' });
    }
    expect(({} as Record<string, unknown>)['json']).toBeUndefined();
  });

  it('refuses prototype-named query keys on every route, before auth', async () => {
    for (const path of [
      '/_test/items/x?__proto__.json=1',
      '/stores-reader/v1/products/x?constructor.prototype.json=1',
      '/_test/member-only?a.prototype=1',
    ]) {
      const r = await api(emu, path);
      expect(r.status, path).toBe(400);
      expect(fieldViolation(r), path).toMatchObject({ violatedRule: 'FIELD_NOT_ALLOWED' });
    }
    expect((await api(emu, '/_test/items/x?proto=1&a.b=2')).status).toBe(200);
  });

  it('answers a URL over 16 KB with 414 in the platform format, with the request id', async () => {
    const r = await api(emu, `/_test/items/x?q=${'a'.repeat(70_000)}`);
    expect(r.status).toBe(414);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.json.details.applicationError).toMatchObject({ code: 'URI_TOO_LONG', data: { limit: 16_384 } });
    expect(r.json.details.applicationError.data.requestId).toBe(r.headers.get('x-wix-request-id'));
    expect((await api(emu, `/_test/items/x?q=${'a'.repeat(16_000)}`)).status).toBe(200);
  });

  it('answers what node refuses to parse (huge headers, garbage) with JSON errors too', async () => {
    const huge = await api(emu, `/_test/items/x?q=${'a'.repeat(300_000)}`);
    expect(huge.status).toBe(431);
    expect(huge.json.details.applicationError.code).toBe('REQUEST_HEADER_FIELDS_TOO_LARGE');
    expect(huge.json.details.applicationError.data.requestId).toBe(huge.headers.get('x-wix-request-id'));
    const garbage = parseRaw(await rawSocket('NOT HTTP AT ALL\r\n\r\n'));
    expect(garbage.status).toBe(400);
    expect(garbage.headers['content-type']).toMatch(/^application\/json/);
    expect(garbage.json).toMatchObject({
      message: expect.any(String),
      details: { applicationError: { code: 'MALFORMED_REQUEST' } },
    });
    expect(garbage.json.details.applicationError.data.requestId).toBe(garbage.headers['x-wix-request-id']);
    // node drops a CONNECT nobody listens for: it gets a 405 like any other unsupported method
    const tunnel = parseRaw(await rawSocket('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'));
    expect(tunnel.status).toBe(405);
    expect(tunnel.headers['allow']).toMatch(/GET/);
    expect(tunnel.json.details.applicationError.code).toBe('METHOD_NOT_ALLOWED');
    expect((await api(emu, '/_test/items/x')).status).toBe(200);
  });

  it('answers a 20 MB body with a readable 413 (fetch and node http), not a reset connection', async () => {
    const big = Buffer.alloc(20 * 1024 * 1024, 0x20);
    const viaFetch = await fetch(`${emu.url}/_test/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(viaFetch.status).toBe(413);
    expect(viaFetch.headers.get('connection')).toBe('close');
    const json = (await viaFetch.json()) as {
      details: { applicationError: { code: string; data: { requestId: string } } };
    };
    expect(json.details.applicationError.code).toBe('PAYLOAD_TOO_LARGE');
    expect(isRequestId(json.details.applicationError.data.requestId)).toBe(true);
    const viaHttp = await rawRequest(emu.url, '/_test/validate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(viaHttp.status).toBe(413);
    expect(JSON.parse(viaHttp.body).details.applicationError.code).toBe('PAYLOAD_TOO_LARGE');
    // chunked (no Content-Length): refused as soon as the running count passes the limit
    const chunked = await fetch(`${emu.url}/_test/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await api(emu, '/_test/validate', { body: good })).status).toBe(200);
  });

  it('a UTF-8 BOM before a JSON or form body is skipped (as a WHATWG decoder does); a body that is only a BOM or non-JSON blanks is 400 MALFORMED_JSON, never {}', async () => {
    const bom = '\uFEFF';
    const parsed = await api(emu, '/_test/validate', { body: `${bom}${JSON.stringify(good)}` });
    expect([parsed.status, parsed.json]).toEqual([200, good]);
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify({ a: 1 }))]);
    const viaBytes = await fetch(`${emu.url}/_test/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: bytes,
    });
    expect([viaBytes.status, await viaBytes.json()]).toEqual([200, { body: { a: 1 } }]);
    for (const body of [bom, `${bom} \r\n`, '\u00a0', '\u2028', `${bom}${bom}{}`]) {
      const r = await api(emu, '/_test/echo', { body });
      expect([r.status, r.json.details?.applicationError?.code], JSON.stringify(body)).toEqual([400, 'MALFORMED_JSON']);
    }
    // JSON's own blanks around a body are fine; no body at all is {}
    expect((await api(emu, '/_test/echo', { body: ' \r\n\t{"a":1}\n' })).json).toEqual({ body: { a: 1 } });
    expect((await api(emu, '/_test/echo', { method: 'POST' })).json).toEqual({ body: {} });
    // a form route (the token endpoint takes form bodies): the BOM is not part of the first field's name
    const form = await api(emu, '/oauth2/token', {
      body: `${bom}grantType=anonymous&clientId=${DEMO_CLIENT_ID}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(200);
    expect(form.json.access_token).toEqual(expect.any(String));
  });

  it('a refused body (413) is read to its end before the connection may close: a client that reads only after sending gets the 413, never a reset', async () => {
    const total = 10 * 1024 * 1024;
    const sendAllThenRead = () =>
      new Promise<{ error?: string; answer: string }>((resolve) => {
        const socket = connect(emu.port, '127.0.0.1');
        const chunks: Buffer[] = [];
        let error: string | undefined;
        socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
        socket.on('close', () => resolve({ ...(error ? { error } : {}), answer: Buffer.concat(chunks).toString() }));
        socket.pause(); // reads nothing until the whole body is written, as simple clients do
        socket.once('connect', async () => {
          socket.write(
            `POST /_test/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${total}\r\nConnection: close\r\n\r\n`,
          );
          const piece = Buffer.alloc(64 * 1024, 0x20);
          for (let sent = 0; sent < total && !error; sent += piece.length) {
            if (sent === 2 * piece.length) await new Promise((r) => setTimeout(r, 150)); // the 413 has gone out by now
            if (!socket.write(piece)) await new Promise((r) => socket.once('drain', r));
          }
          await new Promise((r) => setTimeout(r, 150));
          socket.on('data', (c: Buffer) => chunks.push(c));
          socket.resume();
        });
      });
    for (let i = 0; i < 3; i++) {
      const { error, answer } = await sendAllThenRead();
      expect(error, `round ${i}`).toBeUndefined();
      expect(answer, `round ${i}`).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toContain('"code":"PAYLOAD_TOO_LARGE"');
    }
    // and a real 10 MB POST through fetch, again and again, declared or chunked: the 413 in the platform's format
    const big = Buffer.alloc(total, 0x20);
    for (let i = 0; i < 6; i++) {
      const r = await fetch(`${emu.url}/_test/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: i % 2 ? big : new Blob([big]).stream(),
        duplex: 'half',
      } as RequestInit);
      expect(r.status, `fetch ${i}`).toBe(413);
      expect(
        ((await r.json()) as { details: { applicationError: { code: string } } }).details.applicationError.code,
      ).toBe('PAYLOAD_TOO_LARGE');
    }
    expect((await api(emu, '/_test/validate', { body: good })).status).toBe(200);
  });

  it('httpUrl refuses whitespace and control characters (WHATWG URL would silently drop CR/LF/tab)', async () => {
    for (const bad of [
      'http://127.0.0.1:5173/\r\nSet-Cookie: x=1',
      'http://127.0.0.1:5173/a\tb',
      'http://127.0.0.1:5173/a b',
      'http://127.0.0.1:5173/\u0000',
      ' http://127.0.0.1:5173/',
      'http://127.0.0.1:5173/\u2028',
      'http://127.0.0.1:5173/\u202e',
    ]) {
      const parsed = httpUrl.safeParse(bad);
      expect(parsed.success, JSON.stringify(bad)).toBe(false);
    }
    expect(httpUrl.safeParse('http://127.0.0.1:5173/a%20b?x=1#y').success).toBe(true);
    const { access } = await visitorTokens(emu);
    const r = await api(emu, '/_api/redirects-api/v1/redirect-session', {
      token: access,
      body: { logout: { clientId: DEMO_CLIENT_ID }, callbacks: { postFlowUrl: `${ALLOWED}/\r\nSet-Cookie: x=1` } },
    });
    expect(r.status).toBe(400);
    expect(fieldViolation(r)).toMatchObject({ field: 'callbacks.postFlowUrl', violatedRule: 'FORMAT' });
  });
});

describe('roles', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator({ routes: [testRoutes] });
  });
  afterAll(() => emu.close());

  it('requireMember: 401 without a token, 403 for a visitor, 200 for a member', async () => {
    expect((await api(emu, '/_test/member-only')).status).toBe(401);
    const visitor = await visitorTokens(emu);
    const v = await api(emu, '/_test/member-only', { token: visitor.access });
    expect(v.status).toBe(403);
    expect(v.json.details.applicationError.code).toBe('PERMISSION_DENIED');
    const member = await memberTokens(emu, 'member');
    const m = await api(emu, '/_test/member-only', { token: member.access });
    expect(m.status).toBe(200);
    expect(m.json.member).toMatchObject({ kind: 'member', role: 'MEMBER' });
  });

  it("requireMember('OWNER'): 403 for a member, 200 for the owner", async () => {
    const member = await memberTokens(emu, 'member');
    expect((await api(emu, '/_test/owner-only', { token: member.access })).status).toBe(403);
    const owner = await memberTokens(emu, 'owner');
    const o = await api(emu, '/_test/owner-only', { token: owner.access });
    expect(o.status).toBe(200);
    expect(o.json.member.role).toBe('OWNER');
  });
});

describe('CORS', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator({ demoOrigins: [ALLOWED, 'http://localhost:5173'] });
  });
  afterAll(() => emu.close());

  it('answers a preflight from an allowed origin with the full header set', async () => {
    const r = await api(emu, '/stores-reader/v1/products/query', {
      method: 'OPTIONS',
      headers: {
        Origin: ALLOWED,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(r.headers.get('vary')).toBe('Origin');
    expect(r.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(r.headers.get('access-control-allow-headers')).toBe('authorization, content-type, x-wix-bi-gateway');
    expect(r.headers.get('access-control-expose-headers')).toBe('x-wix-request-id, retry-after');
    expect(r.headers.get('access-control-max-age')).toBe('600');
  });

  it('gives no Access-Control-Allow-Origin to an unknown origin', async () => {
    const pre = await api(emu, '/oauth2/token', {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(pre.status).toBe(200);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    const r = await api(emu, '/_dev/mailbox', { headers: { Origin: 'http://evil.example' } });
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('echoes an allowed origin on actual responses, errors included', async () => {
    const r = await api(emu, '/_dev/mailbox', { headers: { Origin: 'http://localhost:5173' } });
    expect(r.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(r.headers.get('access-control-expose-headers')).toBe('x-wix-request-id, retry-after');
    const e = await api(emu, '/stores-reader/v1/products/query', { body: {}, headers: { Origin: ALLOWED } });
    expect(e.status).toBe(401);
    expect(e.headers.get('access-control-allow-origin')).toBe(ALLOWED);
  });

  it('hosted pages and their forms carry no CORS header at all (their own stylesheets and scripts stay public)', async () => {
    // unknown sessions: the pages answer (expired, 404) all the same, with their headers
    const corsHeaders = (r: Response) => [...r.headers.keys()].filter((k) => k.startsWith('access-control-'));
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const origin of [ALLOWED, 'https://evil.example', emu.hostedUrl]) {
      for (const [method, path, headers] of [
        ['POST', '/_hosted/checkout?session=nope', form],
        ['GET', '/_hosted/checkout?session=nope', {}],
        ['POST', '/_hosted/account?session=nope', form],
        ['GET', '/_hosted/account?session=nope', {}],
        ['POST', '/oauth2/authorize?redirectSession=nope', form],
        ['GET', '/oauth2/authorize?redirectSession=nope', {}],
        ['GET', '/_hosted/no-such-page', {}],
        ['OPTIONS', '/_hosted/checkout', { 'access-control-request-method': 'POST' }],
      ] as const) {
        const r = await fetch(`${emu.hostedUrl}${path}`, {
          method,
          redirect: 'manual',
          headers: { origin, ...headers },
          ...(method === 'POST' ? { body: 'email=a%40example.com' } : {}),
        });
        await r.arrayBuffer();
        expect(corsHeaders(r), `${method} ${path} from ${origin}`).toEqual([]);
      }
    }
    // no hosted route asks for public CORS but the pages' static files
    for (const route of emu.routes().filter((r) => r.options.hosted && r.options.cors))
      expect(route.pattern, route.method).toMatch(/^\/_hosted\/[\w-]+\.(css|js)$/);
    const css = emu.routes().find((r) => r.options.hosted && r.pattern.endsWith('.css'));
    if (css) {
      const r = await fetch(`${emu.hostedUrl}${css.pattern}`, { headers: { origin: 'https://evil.example' } });
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('follows the origins of every registered client', async () => {
    emu.db
      .prepare(
        "INSERT INTO oauth_clients (id, name, allowed_origins, created_date) VALUES ('shop-2', 'Shop 2', ?, '2025-01-01')",
      )
      .run(JSON.stringify(['https://shop2.example']));
    const r = await api(emu, '/_dev/mailbox', { headers: { Origin: 'https://shop2.example' } });
    expect(r.headers.get('access-control-allow-origin')).toBe('https://shop2.example');
  });
});

describe('demo origins option', () => {
  it('updates demo-client origins on every start', async () => {
    const emu = await startTestEmulator({ demoOrigins: ['http://127.0.0.1:6000'] });
    try {
      const r = await api(emu, '/_dev/mailbox', { headers: { Origin: 'http://127.0.0.1:6000' } });
      expect(r.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:6000');
      const old = await api(emu, '/_dev/mailbox', { headers: { Origin: ALLOWED } });
      expect(old.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await emu.close();
    }
  });
});

describe('close()', () => {
  it('stops listening and closes the database', async () => {
    const emu = await startTestEmulator();
    await visitorTokens(emu);
    await emu.close();
    expect(emu.db.open).toBe(false);
    await expect(fetch(`${emu.url}/_dev/mailbox`)).rejects.toThrow();
  });
});
