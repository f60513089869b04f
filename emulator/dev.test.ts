import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STORES_APP_ID } from './domain/catalog.ts';
import { sendMail } from './domain/mail.ts';
import { seedIds, seedVariantId } from './seed.ts';
import { startEmulator, type RunningEmulator } from './server.ts';
import { api, rawRequest, startTestEmulator, visitorTokens } from '../tests/helpers/emulator.ts';

describe('/_dev/mailbox', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator();
  });
  afterAll(() => emu.close());
  afterEach(async () => {
    await api(emu, '/_dev/mailbox', { method: 'DELETE' });
  });

  it('lists sent mail newest first, filtered by recipient (case-insensitive)', async () => {
    sendMail(
      emu.db,
      { to: 'maya@example.com', subject: 'Your code', text: 'Code: 123456', code: '123456' },
      Date.UTC(2025, 0, 1),
    );
    sendMail(
      emu.db,
      {
        to: 'theo@example.com',
        subject: 'Back in stock',
        text: 'The mug is back',
        link: 'http://127.0.0.1:5173/p/mug',
      },
      Date.UTC(2025, 0, 2),
    );
    sendMail(
      emu.db,
      { to: 'Maya@Example.com', subject: 'Reset your password', text: 'Reset link inside', link: 'http://x/reset' },
      Date.UTC(2025, 0, 3),
    );

    const maya = await api(emu, '/_dev/mailbox?to=maya%40example.com');
    expect(maya.status).toBe(200);
    expect(maya.json.messages).toEqual([
      {
        to: 'Maya@Example.com',
        subject: 'Reset your password',
        text: 'Reset link inside',
        link: 'http://x/reset',
        createdDate: '2025-01-03T00:00:00.000Z',
      },
      {
        to: 'maya@example.com',
        subject: 'Your code',
        text: 'Code: 123456',
        code: '123456',
        createdDate: '2025-01-01T00:00:00.000Z',
      },
    ]);
    const all = await api(emu, '/_dev/mailbox');
    expect(all.json.messages.map((m: { subject: string }) => m.subject)).toEqual([
      'Reset your password',
      'Back in stock',
      'Your code',
    ]);
  });

  it('clears with DELETE and needs no token', async () => {
    sendMail(emu.db, { to: 'a@example.com', subject: 's', text: 't' });
    const del = await api(emu, '/_dev/mailbox', { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(del.json).toEqual({});
    expect((await api(emu, '/_dev/mailbox')).json.messages).toEqual([]);
  });
});

describe('/_dev/faults', () => {
  let emu: RunningEmulator;
  let token: string;
  const QUERY = '/stores-reader/v1/products/query';
  const addFault = (body: unknown) => api(emu, '/_dev/faults', { body });

  beforeAll(async () => {
    emu = await startTestEmulator();
    token = (await visitorTokens(emu)).access;
  });
  afterAll(() => emu.close());
  afterEach(async () => {
    await api(emu, '/_dev/faults', { method: 'DELETE' });
  });

  it('injects a status in the platform error format, with CORS and a request id', async () => {
    const f = await addFault({ path: QUERY, status: 503 });
    expect(f.status).toBe(200);
    expect(f.json.fault).toMatchObject({ id: expect.any(String), path: QUERY, status: 503, hits: 0 });
    const r = await api(emu, QUERY, { body: {}, token, headers: { Origin: 'http://127.0.0.1:5173' } });
    expect(r.status).toBe(503);
    expect(r.json).toMatchObject({
      message: 'Injected fault',
      details: { applicationError: { code: 'INJECTED_FAULT' } },
    });
    expect(r.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(r.headers.get('x-wix-request-id')).toBeTruthy();
  });

  it('affects only `times` requests, then removes itself', async () => {
    await addFault({ path: QUERY, status: 500, times: 2 });
    expect((await api(emu, QUERY, { body: {}, token })).status).toBe(500);
    expect((await api(emu, QUERY, { body: {}, token })).status).toBe(500);
    expect((await api(emu, QUERY, { body: {}, token })).status).toBe(200);
    expect((await api(emu, '/_dev/faults')).json.faults).toEqual([]);
  });

  it('matches by method and by prefix', async () => {
    await addFault({ path: '/stores-reader/*', method: 'get', status: 429 });
    expect((await api(emu, QUERY, { body: {}, token })).status).toBe(200);
    const g = await api(emu, '/stores-reader/v1/products/whatever', { token });
    expect(g.status).toBe(429);
    const listed = (await api(emu, '/_dev/faults')).json.faults;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ method: 'GET', hits: 1 });
  });

  it('delays a response', async () => {
    await addFault({ path: QUERY, delayMs: 300 });
    const t0 = Date.now();
    const r = await api(emu, QUERY, { body: {}, token });
    expect(r.status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(280);
  });

  it('answers 200 with malformed JSON', async () => {
    await addFault({ path: QUERY, malformed: true });
    const r = await api(emu, QUERY, { body: {}, token });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(() => JSON.parse(r.text)).toThrow();
  });

  it('drops the connection', async () => {
    await addFault({ path: QUERY, drop: true, times: 1 });
    await expect(
      fetch(`${emu.url}${QUERY}`, { method: 'POST', headers: { Authorization: token }, body: '{}' }),
    ).rejects.toThrow();
    expect((await api(emu, QUERY, { body: {}, token })).status).toBe(200);
  });

  it('dropAfter commits the write, then loses the answer', async () => {
    const CART = '/ecom/v1/carts/current';
    await addFault({ path: `${CART}/add-to-cart`, dropAfter: true, times: 1 });
    const mug = seedIds.products['enamel-camp-mug']!;
    const item = {
      catalogReference: {
        appId: STORES_APP_ID,
        catalogItemId: mug,
        options: { variantId: seedVariantId('enamel-camp-mug', { Color: 'Forest' }) },
      },
      quantity: 1,
    };
    const lost = fetch(`${emu.url}${CART}/add-to-cart`, {
      method: 'POST',
      headers: { Authorization: token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ lineItems: [item] }),
    });
    await expect(lost.then((r) => r.text())).rejects.toThrow();
    const cart = await api(emu, CART, { token });
    expect(cart.status).toBe(200);
    expect(cart.json.cart.lineItems).toHaveLength(1);
  });

  it('does not touch preflights unless asked, nor /_dev paths', async () => {
    expect((await addFault({ path: '/*', status: 500 })).status).toBe(200);
    const pre = await api(emu, QUERY, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:5173', 'Access-Control-Request-Method': 'POST' },
    });
    expect(pre.status).toBe(200);
    expect((await api(emu, '/_dev/mailbox')).status).toBe(200);
    expect((await api(emu, '/oauth2/token', { body: {} })).status).toBe(500);
  });

  it('deletes one fault by id, 404 for an unknown id', async () => {
    const a = (await addFault({ path: '/a', status: 500 })).json.fault.id;
    const b = (await addFault({ path: '/b', status: 500 })).json.fault.id;
    expect((await api(emu, `/_dev/faults/${a}`, { method: 'DELETE' })).status).toBe(200);
    expect((await api(emu, '/_dev/faults')).json.faults.map((f: { id: string }) => f.id)).toEqual([b]);
    expect((await api(emu, `/_dev/faults/${a}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('validates the fault body', async () => {
    const none = await addFault({ path: QUERY });
    expect(none.status).toBe(400);
    expect(none.json.details.validationError.fieldViolations[0].violatedRule).toBe('REQUIRED_ONE_OF_FIELD');
    const both = await addFault({ path: QUERY, status: 500, drop: true });
    expect(both.json.details.validationError.fieldViolations[0].violatedRule).toBe('ONE_OF_ALIGNMENT');
    const bad = await addFault({ path: 'no-slash', status: 200, method: 'FETCH', times: 0 });
    const rules = Object.fromEntries(
      bad.json.details.validationError.fieldViolations.map((v: { field: string; violatedRule: string }) => [
        v.field,
        v.violatedRule,
      ]),
    );
    expect(rules).toEqual({ path: 'FORMAT', status: 'MIN', method: 'INVALID_ENUM_VALUE', times: 'MIN' });
  });
});

describe('dev helpers are locked down', () => {
  const QUERY = '/stores-reader/v1/products/query';
  const FAULT = JSON.stringify({ path: QUERY, status: 503 });
  /** A refusal in the platform format, with the request id of the answer. */
  const refused = (
    r: { status: number; headers: Record<string, string | string[] | undefined>; body: string },
    status: number,
    code: string,
  ) => {
    expect(r.status).toBe(status);
    const json = JSON.parse(r.body);
    expect(json.details.applicationError.code).toBe(code);
    expect(r.headers['x-wix-request-id']).toEqual(expect.any(String));
    expect(json.details.applicationError.data.requestId).toBe(r.headers['x-wix-request-id']);
  };

  it('off unless asked (startEmulator default): /_dev/* answer 404 like any unknown path, and no fault applies', async () => {
    const emu = await startEmulator({ port: 0, db: ':memory:' });
    try {
      for (const [method, path, body] of [
        ['GET', '/_dev/mailbox', undefined],
        ['DELETE', '/_dev/mailbox', undefined],
        ['GET', '/_dev/faults', undefined],
        ['POST', '/_dev/faults', FAULT],
        ['DELETE', '/_dev/faults/fault-1', undefined],
      ] as const) {
        const r = await rawRequest(emu.url, path, {
          method,
          ...(body ? { body, headers: { 'Content-Type': 'application/json' } } : {}),
        });
        refused(r, 404, 'NOT_FOUND');
      }
      // a fault put in by other means is not applied either
      emu.app.faults.add({ path: QUERY, status: 503 }, Date.now());
      const token = (await visitorTokens(emu)).access;
      expect((await api(emu, QUERY, { body: {}, token })).status).toBe(200);
      expect((await api(emu, '/')).text).not.toContain('href="/_dev/mailbox"');
    } finally {
      await emu.close();
    }
  });

  describe('in dev mode', () => {
    let emu: RunningEmulator;
    beforeAll(async () => {
      emu = await startTestEmulator();
    });
    afterAll(() => emu.close());
    afterEach(() => emu.app.faults.clear());

    it('a Host that is not local gets 403 (DNS rebinding: a page on a name pointed at 127.0.0.1); local names pass', async () => {
      sendMail(emu.db, {
        to: 'maya@example.com',
        subject: 'Reset your password',
        text: 'Reset link inside',
        link: 'http://x/reset',
      });
      for (const host of [
        'evil.example',
        `evil.example:${emu.port}`,
        'localhost.evil.example',
        `127.0.0.1.nip.io:${emu.port}`,
        '127.0.0.2',
        '[::2]:80',
        '0.0.0.0',
        `${emu.port}`,
      ]) {
        refused(await rawRequest(emu.url, '/_dev/mailbox', { headers: { Host: host } }), 403, 'HOST_NOT_ALLOWED');
        refused(
          await rawRequest(emu.url, '/_dev/faults', {
            method: 'POST',
            headers: { Host: host, 'Content-Type': 'application/json' },
            body: FAULT,
          }),
          403,
          'HOST_NOT_ALLOWED',
        );
        refused(
          await rawRequest(emu.url, '/_dev/faults', { method: 'DELETE', headers: { Host: host } }),
          403,
          'HOST_NOT_ALLOWED',
        );
      }
      expect(emu.app.faults.list()).toEqual([]);
      for (const host of [`127.0.0.1:${emu.port}`, '127.0.0.1', 'localhost', `LocalHost:${emu.port}`, '[::1]:8787']) {
        const r = await rawRequest(emu.url, '/_dev/mailbox', { headers: { Host: host } });
        expect(r.status).toBe(200);
        expect(JSON.parse(r.body).messages).toHaveLength(1);
      }
      // the API itself does not care about the Host
      expect(
        (
          await rawRequest(emu.url, '/oauth2/token', {
            method: 'POST',
            headers: { Host: 'shop.example', 'Content-Type': 'application/json' },
            body: JSON.stringify({ clientId: 'demo-client', grantType: 'anonymous' }),
          })
        ).status,
      ).toBe(200);
    });

    it('a body must be application/json (a cross-site page can send text/plain or a form without a preflight): else 415, nothing changes', async () => {
      // (node's client sends a DELETE body unframed unless told its length)
      const post = (headers: Record<string, string>, body = FAULT, method = 'POST', path = '/_dev/faults') =>
        rawRequest(emu.url, path, {
          method,
          headers: method === 'POST' ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
          body,
        });
      refused(await post({ 'Content-Type': 'text/plain' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
      refused(
        await post({ 'Content-Type': 'text/plain;charset=UTF-8' }, 'not json at all'),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
      refused(
        await post({ 'Content-Type': 'application/x-www-form-urlencoded' }, 'path=%2Fx&status=503'),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
      refused(await post({ 'Content-Type': 'multipart/form-data; boundary=x' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
      refused(await post({ 'Content-Type': 'application/json-patch+json' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
      refused(await post({}), 415, 'UNSUPPORTED_MEDIA_TYPE'); // no type (chunked body)
      expect(emu.app.faults.list()).toEqual([]);
      const ok = await post({ 'Content-Type': 'Application/JSON; charset=utf-8' });
      expect(ok.status).toBe(200);
      const { id } = JSON.parse(ok.body).fault;
      refused(await post({ 'Content-Type': 'text/plain' }, '{}', 'DELETE'), 415, 'UNSUPPORTED_MEDIA_TYPE');
      refused(
        await post({ 'Content-Type': 'text/plain' }, '{}', 'DELETE', `/_dev/faults/${id}`),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
      refused(
        await post({ 'Content-Type': 'text/plain' }, '{}', 'DELETE', '/_dev/mailbox'),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
      expect(emu.app.faults.list().map((f) => f.id)).toEqual([id]);
      // bodiless calls need no type; a JSON body that does not parse is still 400 MALFORMED_JSON
      expect((await rawRequest(emu.url, `/_dev/faults/${id}`, { method: 'DELETE' })).status).toBe(200);
      refused(await post({ 'Content-Type': 'application/json' }, '{"path":'), 400, 'MALFORMED_JSON');
      // the same body rules as every route: a prototype-named key is refused, not stripped and accepted
      const proto = await post(
        { 'Content-Type': 'application/json' },
        '{"path":"/x","status":503,"__proto__":{"json":"pwned"}}',
      );
      expect(proto.status).toBe(400);
      expect(JSON.parse(proto.body).details.validationError.fieldViolations[0]).toMatchObject({
        field: '__proto__',
        violatedRule: 'FIELD_NOT_ALLOWED',
      });
      expect(emu.app.faults.list()).toEqual([]);
    });
  });
});
