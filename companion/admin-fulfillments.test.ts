/**
 * The owner console's fulfilment routes (issue 40, i40-ful; companion/admin-fulfillments.ts) through the companion,
 * against a real emulator (SQLite): only the owner gets anything; lines shipped with tracking, the buyer emailed or
 * not; tracking edited and removed; a shipment deleted; mark as shipped for many orders, one result each; a change
 * sent again (a replay, a double click, a retry after a lost answer) never ships twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fulfilmentRevision } from '../core/api/admin-fulfillments.ts';
import { api, placeOrderAs, visitorTokens } from '../tests/helpers/emulator.ts';
import { HOLD_MS, LOST_HOLD_MS } from './admin-fulfillments.ts';
import { harness, post, seedIds, type Harness } from './test-helpers.ts';

const TAPERS = seedIds.products['beeswax-taper-candles']!;
const STOOL = seedIds.products['folding-camp-stool']!;

let h: Harness;
let owner: string;
let member: string;
let visitor: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const code = (r: { body_: any }) => r.body_?.details?.applicationError?.code;
const detail = async (id: string, hh = h, token = owner) =>
  (await hh.call(`/v1/admin/orders/${id}`, { token })).body_ as {
    order: { fulfillmentStatus: string; lineItems: { id: string }[]; activities: { type: string }[] };
    fulfillments: {
      id: string;
      lineItems: { id: string; quantity: number }[];
      trackingInfo?: Record<string, string>;
    }[];
  };
async function newOrder(hh = h, email = 'parcel@example.com') {
  const id = await placeOrderAs(
    hh.emu,
    (await visitorTokens(hh.emu)).access,
    [
      { productId: TAPERS, quantity: 2 },
      { productId: STOOL, quantity: 1 },
    ],
    { email },
  );
  const [tapers, stool] = (await detail(id, hh, hh === h ? owner : await hh.owner())).order.lineItems.map((l) => l.id);
  return { id, tapers: tapers!, stool: stool! };
}
const fulfil = (id: string, body: unknown, token = owner, hh = h) =>
  hh.call(`/v1/admin/orders/${id}/fulfillments`, post(body, token));
const edit = (id: string, fid: string, body: unknown, token = owner) =>
  h.call(`/v1/admin/orders/${id}/fulfillments/${fid}`, { ...post(body, token), method: 'PATCH' });
const remove = (id: string, fid: string, token = owner) =>
  h.call(`/v1/admin/orders/${id}/fulfillments/${fid}`, { method: 'DELETE', token });
const shipped = (body: unknown, token = owner) => h.call('/v1/admin/orders/mark-shipped', post(body, token));
const mail = async (to: string) => (await api(h.emu, `/_dev/mailbox?to=${encodeURIComponent(to)}`)).json;

beforeAll(async () => {
  h = await harness();
  [owner, member, visitor] = await Promise.all([h.owner(), h.member(), h.visitor()]);
});
afterAll(() => h.close());

describe('owner only', () => {
  it('a visitor or a member gets 403 NOT_OWNER on every route, before the body is read; no token 401; nothing shipped', async () => {
    const o = await newOrder();
    const routes: [string, string][] = [
      ['POST', `/v1/admin/orders/${o.id}/fulfillments`],
      ['PATCH', `/v1/admin/orders/${o.id}/fulfillments/x`],
      ['DELETE', `/v1/admin/orders/${o.id}/fulfillments/x`],
      ['POST', '/v1/admin/orders/mark-shipped'],
    ];
    for (const [method, path] of routes) {
      for (const token of [visitor, member]) {
        const r = await h.call(path, {
          method,
          token,
          ...(method === 'DELETE' ? {} : { body: '{not json', headers: { 'Content-Type': 'application/json' } }),
        });
        expect([r.status, code(r)], `${method} ${path}`).toEqual([403, 'NOT_OWNER']);
      }
      const anon = await h.call(path, { ...(method === 'DELETE' ? {} : post({})), method });
      expect(anon.status, `${method} ${path}`).toBe(401);
    }
    expect((await detail(o.id)).fulfillments).toEqual([]);
  });
});

describe('one order', () => {
  it('some lines with tracking, the buyer emailed; then the rest; edit the tracking; delete brings the status back', async () => {
    const o = await newOrder(h, 'first-parcel@example.com');
    const r = await fulfil(o.id, {
      revision: fulfilmentRevision([]),
      lines: [{ lineItemId: o.tapers, quantity: 1 }],
      tracking: { carrier: 'Parcel Bike', number: 'PB-1', link: 'https://parcel.example/t/PB-1' },
      notify: true,
    });
    expect(r.status).toBe(200);
    expect(r.body_.email).toBe('SENT');
    expect(r.body_.order.fulfillmentStatus).toBe('PARTIALLY_FULFILLED');
    expect(r.body_.fulfillments[0]).toMatchObject({
      lineItems: [{ id: o.tapers, quantity: 1 }],
      trackingInfo: {
        shippingProvider: 'Parcel Bike',
        trackingNumber: 'PB-1',
        trackingLink: 'https://parcel.example/t/PB-1',
      },
    });
    const sent = await mail('first-parcel@example.com');
    expect((sent.messages ?? sent)[0].text).toContain('https://parcel.example/t/PB-1');

    // the rest, with all that is left (no quantity), not emailed
    const before =
      (await mail('first-parcel@example.com')).length ?? (await mail('first-parcel@example.com')).messages.length;
    const rest = await fulfil(o.id, {
      revision: fulfilmentRevision(r.body_.fulfillments),
      lines: [{ lineItemId: o.tapers }, { lineItemId: o.stool }],
      tracking: { carrier: 'ups', number: '1Z5' },
      notify: false,
    });
    expect(rest.status).toBe(200);
    expect(rest.body_.email).toBeUndefined();
    expect(rest.body_.order.fulfillmentStatus).toBe('FULFILLED');
    expect(rest.body_.fulfillments[1].trackingInfo.trackingLink).toBe('https://www.ups.com/track?tracknum=1Z5');
    const after = await mail('first-parcel@example.com');
    expect(after.length ?? after.messages.length).toBe(before);

    const fid = rest.body_.fulfillments[1].id as string;
    const e = await edit(o.id, fid, {
      revision: fulfilmentRevision(rest.body_.fulfillments),
      tracking: { carrier: 'Local courier', number: 'LC-9', link: 'https://courier.example/LC-9' },
    });
    expect(e.status).toBe(200);
    expect(e.body_.fulfillments[1].trackingInfo).toEqual({
      shippingProvider: 'Local courier',
      trackingNumber: 'LC-9',
      trackingLink: 'https://courier.example/LC-9',
    });
    expect(e.body_.order.activities.map((a: { type: string }) => a.type)).toEqual(
      expect.arrayContaining(['TRACKING_NUMBER_EDITED', 'TRACKING_LINK_WAS_SET', 'SHIPPING_CONFIRMATION_EMAIL_SENT']),
    );
    // emptied: the link goes
    const cleared = await edit(o.id, fid, {
      revision: fulfilmentRevision(e.body_.fulfillments),
      tracking: { link: '' },
    });
    expect(cleared.body_.fulfillments[1].trackingInfo).toEqual({
      shippingProvider: 'Local courier',
      trackingNumber: 'LC-9',
    });

    const d = await remove(o.id, fid);
    expect(d.status).toBe(200);
    expect(d.body_.order.fulfillmentStatus).toBe('PARTIALLY_FULFILLED');
    expect(d.body_.fulfillments).toHaveLength(1);
    const again = await remove(o.id, fid);
    expect([again.status, code(again)]).toEqual([404, 'FULFILLMENT_NOT_FOUND']);
  });

  it('the same change sent twice ships once (409 FULFILLMENTS_CHANGED); the platform’s refusals relayed; bad bodies 400', async () => {
    const o = await newOrder();
    const body = { revision: fulfilmentRevision([]), lines: [{ lineItemId: o.tapers, quantity: 1 }], notify: false };
    expect((await fulfil(o.id, body)).status).toBe(200);
    const replay = await fulfil(o.id, body);
    expect([replay.status, code(replay)]).toEqual([409, 'FULFILLMENTS_CHANGED']);
    expect((await detail(o.id)).fulfillments).toHaveLength(1);

    const now = fulfilmentRevision((await detail(o.id)).fulfillments);
    const over = await fulfil(o.id, { revision: now, lines: [{ lineItemId: o.tapers, quantity: 5 }], notify: false });
    expect(over.status).toBe(400);
    expect(JSON.stringify(over.body_)).toContain('what is left to fulfill');
    const unknownLine = await fulfil(o.id, { revision: now, lines: [{ lineItemId: 'nope' }], notify: false });
    expect(unknownLine.status).toBe(400);
    for (const bad of [
      { revision: now, lines: [], notify: false },
      { revision: now, lines: [{ lineItemId: o.stool }], notify: false, tracking: { link: 'javascript:alert(1)' } },
      { revision: now, lines: [{ lineItemId: o.stool }, { lineItemId: o.stool }], notify: false },
      { revision: now, lines: [{ lineItemId: o.stool }], notify: false, extra: 1 },
      { lines: [{ lineItemId: o.stool }], notify: false },
    ])
      expect((await fulfil(o.id, bad)).status, JSON.stringify(bad)).toBe(400);
    expect((await detail(o.id)).fulfillments).toHaveLength(1);
    const canceled = await newOrder();
    await h.call(`/v1/admin/orders/${canceled.id}/cancel`, post({ sendEmail: false, restock: false }, owner));
    const refused = await fulfil(canceled.id, {
      revision: fulfilmentRevision([]),
      lines: [{ lineItemId: canceled.stool }],
      notify: false,
    });
    expect([refused.status, code(refused)]).toEqual([428, 'ORDER_CANCELED']);
  });
});

describe('mark as shipped', () => {
  it('everything left of each order, one result per order; sent again ships nothing more (already)', async () => {
    const a = await newOrder();
    const b = await newOrder();
    const made = await fulfil(a.id, {
      revision: fulfilmentRevision([]),
      lines: [{ lineItemId: a.tapers, quantity: 1 }],
      notify: false,
    });
    expect(made.status).toBe(200);
    const canceled = await newOrder();
    await h.call(`/v1/admin/orders/${canceled.id}/cancel`, post({ sendEmail: false, restock: false }, owner));
    const r = await shipped({ orderIds: [a.id, b.id, canceled.id, 'no-such-order'], notify: false });
    expect(r.status).toBe(200);
    expect(
      r.body_.results.map((x: { orderId: string; ok: boolean; error?: { code: string } }) => [
        x.orderId,
        x.ok,
        x.error?.code,
      ]),
    ).toEqual([
      [a.id, true, undefined],
      [b.id, true, undefined],
      [canceled.id, false, 'ORDER_CANCELED'],
      ['no-such-order', false, 'ORDER_NOT_FOUND'],
    ]);
    expect([r.body_.succeeded, r.body_.failed]).toEqual([2, 2]);
    const da = await detail(a.id);
    expect(da.order.fulfillmentStatus).toBe('FULFILLED');
    expect(da.fulfillments.map((f) => f.lineItems)).toEqual([
      [{ id: a.tapers, quantity: 1 }],
      [
        { id: a.tapers, quantity: 1 },
        { id: a.stool, quantity: 1 },
      ],
    ]);
    const again = await shipped({ orderIds: [a.id, b.id], notify: false });
    expect(again.body_.results.map((x: { ok: boolean; already?: boolean }) => [x.ok, x.already])).toEqual([
      [true, true],
      [true, true],
    ]);
    expect((await detail(b.id)).fulfillments).toHaveLength(1);
    expect((await shipped({ orderIds: [a.id, a.id], notify: false })).status).toBe(400);
    expect((await shipped({ orderIds: [], notify: false })).status).toBe(400);
  });
});

describe('a lost answer from the platform', () => {
  let lossy: Harness;
  let token: string;
  let mode: 'none' | 'after' | 'before' = 'none';
  let skew = 0;
  beforeAll(async () => {
    lossy = await harness({
      deps: {
        now: () => Date.now() + skew,
        fetch: async (input, init) => {
          const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          if (mode !== 'none' && /create-fulfillment|create-fulfillments/.test(url)) {
            if (mode === 'before') throw new TypeError('fetch failed');
            await fetch(input, init);
            throw new TypeError('fetch failed');
          }
          return fetch(input, init);
        },
      },
    });
    token = await lossy.owner();
  });
  afterAll(() => lossy.close());

  it('the shipment landed: 502, held a while, then the same change is refused (FULFILLMENTS_CHANGED): one shipment', async () => {
    const o = await newOrder(lossy);
    const body = { revision: fulfilmentRevision([]), lines: [{ lineItemId: o.tapers, quantity: 1 }], notify: false };
    mode = 'after';
    const r = await fulfil(o.id, body, token, lossy);
    mode = 'none';
    expect(r.status).toBe(502);
    const soon = await fulfil(o.id, body, token, lossy);
    expect([soon.status, code(soon)]).toEqual([409, 'CHANGE_IN_PROGRESS']);
    skew += LOST_HOLD_MS + 1000;
    const later = await fulfil(o.id, body, token, lossy);
    expect([later.status, code(later)]).toEqual([409, 'FULFILLMENTS_CHANGED']);
    expect((await detail(o.id, lossy, token)).fulfillments).toHaveLength(1);
  });

  it('mark as shipped whose answer was lost: sent again, nothing more is shipped', async () => {
    const o = await newOrder(lossy);
    mode = 'after';
    expect(
      (await lossy.call('/v1/admin/orders/mark-shipped', post({ orderIds: [o.id], notify: false }, token))).status,
    ).toBe(502);
    mode = 'none';
    skew += HOLD_MS + 1000;
    const again = await lossy.call('/v1/admin/orders/mark-shipped', post({ orderIds: [o.id], notify: false }, token));
    expect(again.body_.results[0]).toMatchObject({ ok: true, already: true });
    expect((await detail(o.id, lossy, token)).fulfillments).toHaveLength(1);
  });

  it('the email refused by the platform: the shipment stays, email NOT_AVAILABLE_HERE', async () => {
    const o = await newOrder(lossy);
    lossy.emu.app.refusedOperations.add('sendShippingConfirmationEmail');
    const r = await fulfil(
      o.id,
      { revision: fulfilmentRevision([]), lines: [{ lineItemId: o.stool }], notify: true },
      token,
      lossy,
    );
    lossy.emu.app.refusedOperations.delete('sendShippingConfirmationEmail');
    expect(r.status).toBe(200);
    expect(r.body_.email).toBe('NOT_AVAILABLE_HERE');
    expect(r.body_.fulfillments).toHaveLength(1);
  });
});
