import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STORES_APP_ID } from './catalog.ts';
import { sendMail } from './mail.ts';
import { seedIds, seedVariantId } from './seed.ts';
import type { RunningEmulator } from './server.ts';
import { api, startTestEmulator, visitorTokens } from './test-helpers.ts';

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
    sendMail(emu.db, { to: 'maya@example.com', subject: 'Your code', text: 'Code: 123456', code: '123456' }, Date.UTC(2025, 0, 1));
    sendMail(emu.db, { to: 'theo@example.com', subject: 'Back in stock', text: 'The mug is back', link: 'http://127.0.0.1:5173/p/mug' }, Date.UTC(2025, 0, 2));
    sendMail(emu.db, { to: 'Maya@Example.com', subject: 'Reset your password', text: 'Reset link inside', link: 'http://x/reset' }, Date.UTC(2025, 0, 3));

    const maya = await api(emu, '/_dev/mailbox?to=maya%40example.com');
    expect(maya.status).toBe(200);
    expect(maya.json.messages).toEqual([
      { to: 'Maya@Example.com', subject: 'Reset your password', text: 'Reset link inside', link: 'http://x/reset', createdDate: '2025-01-03T00:00:00.000Z' },
      { to: 'maya@example.com', subject: 'Your code', text: 'Code: 123456', code: '123456', createdDate: '2025-01-01T00:00:00.000Z' },
    ]);
    const all = await api(emu, '/_dev/mailbox');
    expect(all.json.messages.map((m: { subject: string }) => m.subject)).toEqual(['Reset your password', 'Back in stock', 'Your code']);
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
    expect(r.json).toMatchObject({ message: 'Injected fault', details: { applicationError: { code: 'INJECTED_FAULT' } } });
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
    await expect(fetch(`${emu.url}${QUERY}`, { method: 'POST', headers: { Authorization: token }, body: '{}' })).rejects.toThrow();
    expect((await api(emu, QUERY, { body: {}, token })).status).toBe(200);
  });

  it('dropAfter commits the write, then loses the answer', async () => {
    const CART = '/ecom/v1/carts/current';
    await addFault({ path: `${CART}/add-to-cart`, dropAfter: true, times: 1 });
    const mug = seedIds.products['enamel-camp-mug']!;
    const item = { catalogReference: { appId: STORES_APP_ID, catalogItemId: mug, options: { variantId: seedVariantId('enamel-camp-mug', { Color: 'Forest' }) } }, quantity: 1 };
    const lost = fetch(`${emu.url}${CART}/add-to-cart`, { method: 'POST', headers: { Authorization: token, 'Content-Type': 'application/json' }, body: JSON.stringify({ lineItems: [item] }) });
    await expect(lost.then((r) => r.text())).rejects.toThrow();
    const cart = await api(emu, CART, { token });
    expect(cart.status).toBe(200);
    expect(cart.json.cart.lineItems).toHaveLength(1);
  });

  it('does not touch preflights unless asked, nor /_dev paths', async () => {
    expect((await addFault({ path: '/*', status: 500 })).status).toBe(200);
    const pre = await api(emu, QUERY, { method: 'OPTIONS', headers: { Origin: 'http://127.0.0.1:5173', 'Access-Control-Request-Method': 'POST' } });
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
    const rules = Object.fromEntries(bad.json.details.validationError.fieldViolations.map((v: { field: string; violatedRule: string }) => [v.field, v.violatedRule]));
    expect(rules).toEqual({ path: 'FORMAT', status: 'MIN', method: 'INVALID_ENUM_VALUE', times: 'MIN' });
  });
});
