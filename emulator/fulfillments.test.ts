/**
 * The order fulfillments service (issue 40, i40-ful; emulator/domain/fulfillments.ts): the order's status through
 * partial, full and deleted fulfillments, the activities, the platform's errors, update and delete, bulk create, the
 * buyer's shipping confirmation email in the dev mailbox, and every call refused to a visitor and a member.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIds } from './seed.ts';
import {
  adminToken,
  api,
  memberTokens,
  placeOrderAs,
  startTestEmulator,
  visitorTokens,
} from '../tests/helpers/emulator.ts';
import type { RunningEmulator } from './server.ts';

const TAPERS = seedIds.products['beeswax-taper-candles']!;
const STOOL = seedIds.products['folding-camp-stool']!;
const F = '/ecom/v1/fulfillments';

let emu: RunningEmulator;
let admin: string;
beforeAll(async () => {
  emu = await startTestEmulator();
  admin = await adminToken(emu);
});
afterAll(() => emu?.close());

async function newOrder(email = 'ship-me@example.com') {
  const visitor = (await visitorTokens(emu)).access;
  const id = await placeOrderAs(
    emu,
    visitor,
    [
      { productId: TAPERS, quantity: 3 },
      { productId: STOOL, quantity: 1 },
    ],
    { email },
  );
  const order = (await api(emu, `/ecom/v1/orders/${id}`, { token: admin })).json.order;
  const [tapers, stool] = (order.lineItems as { id: string }[]).map((l) => l.id);
  return { id, tapers: tapers!, stool: stool! };
}
const getOrder = async (id: string) => (await api(emu, `/ecom/v1/orders/${id}`, { token: admin })).json.order;
const types = async (id: string) => ((await getOrder(id)).activities as { type: string }[]).map((a) => a.type);
const create = (id: string, fulfillment: unknown, token = admin) =>
  api(emu, `${F}/orders/${id}/create-fulfillment`, { token, body: { fulfillment } });
const update = (id: string, fid: string, fulfillment: unknown, token = admin) =>
  api(emu, `${F}/${fid}/orders/${id}`, {
    method: 'PATCH',
    token,
    body: { orderId: id, fulfillment: { id: fid, ...(fulfillment as object) } },
  });
const remove = (id: string, fid: string, token = admin) =>
  api(emu, `${F}/${fid}/orders/${id}?orderId=${id}&fulfillmentId=${fid}`, { method: 'DELETE', token });

describe('fulfillment status and activities', () => {
  it('partial, then full; deleting brings it back to partial, then not fulfilled (ORDER_NOT_FULFILLED)', async () => {
    const o = await newOrder();
    const a = await create(o.id, { lineItems: [{ id: o.tapers, quantity: 1 }] });
    expect(a.status).toBe(200);
    expect((await getOrder(o.id)).fulfillmentStatus).toBe('PARTIALLY_FULFILLED');
    const b = await create(o.id, { lineItems: [{ id: o.tapers }, { id: o.stool }] });
    expect(b.json.orderWithFulfillments.fulfillments[1].lineItems).toEqual([
      { id: o.tapers, quantity: 2 },
      { id: o.stool, quantity: 1 },
    ]);
    expect((await getOrder(o.id)).fulfillmentStatus).toBe('FULFILLED');
    expect((await types(o.id)).filter((t) => t === 'ORDER_FULFILLED')).toHaveLength(1);

    const gone = await remove(o.id, b.json.fulfillmentId);
    expect(gone.status).toBe(200);
    expect(gone.json.orderWithFulfillments.fulfillments.map((f: { id: string }) => f.id)).toEqual([
      a.json.fulfillmentId,
    ]);
    expect((await getOrder(o.id)).fulfillmentStatus).toBe('PARTIALLY_FULFILLED');
    expect((await types(o.id)).at(-1)).toBe('ORDER_NOT_FULFILLED');
    await remove(o.id, a.json.fulfillmentId);
    expect((await getOrder(o.id)).fulfillmentStatus).toBe('NOT_FULFILLED');
    // what was deleted may be fulfilled again
    expect((await create(o.id, { lineItems: [{ id: o.tapers }, { id: o.stool }] })).status).toBe(200);
    expect((await getOrder(o.id)).fulfillmentStatus).toBe('FULFILLED');
  });

  it('tracking: a known carrier derives its link; a given link is TRACKING_LINK_WAS_SET; edits are TRACKING_NUMBER_EDITED', async () => {
    const o = await newOrder();
    const made = await create(o.id, {
      lineItems: [{ id: o.tapers, quantity: 1 }],
      trackingInfo: { trackingNumber: '7712 3456', shippingProvider: 'fedex' },
    });
    const fid = made.json.fulfillmentId as string;
    expect(made.json.orderWithFulfillments.fulfillments[0].trackingInfo).toEqual({
      trackingNumber: '7712 3456',
      shippingProvider: 'fedex',
      trackingLink: 'https://www.fedex.com/fedextrack/?trknbr=7712%203456',
    });
    expect((await types(o.id)).slice(-1)).toEqual(['TRACKING_NUMBER_ADDED']);

    const edited = await update(o.id, fid, { trackingInfo: { trackingNumber: 'ABC1' } });
    expect(edited.status).toBe(200);
    expect(edited.json.orderWithFulfillments.fulfillments[0].trackingInfo.trackingLink).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=ABC1',
    );
    expect((await types(o.id)).slice(-1)).toEqual(['TRACKING_NUMBER_EDITED']);

    const linked = await update(o.id, fid, {
      trackingInfo: { shippingProvider: 'Parcel Bike', trackingLink: 'https://parcel.example/t/ABC1' },
    });
    expect(linked.json.orderWithFulfillments.fulfillments[0].trackingInfo).toEqual({
      trackingNumber: 'ABC1',
      shippingProvider: 'Parcel Bike',
      trackingLink: 'https://parcel.example/t/ABC1',
    });
    expect((await types(o.id)).slice(-1)).toEqual(['TRACKING_LINK_WAS_SET']);

    // null removes a field; the line items may not change
    const cleared = await update(o.id, fid, { trackingInfo: { trackingLink: null } });
    expect(cleared.json.orderWithFulfillments.fulfillments[0].trackingInfo).toEqual({
      trackingNumber: 'ABC1',
      shippingProvider: 'Parcel Bike',
    });
    const lines = await update(o.id, fid, { lineItems: [{ id: o.tapers, quantity: 2 }] });
    expect([lines.status, lines.json.details.validationError.fieldViolations[0].field]).toEqual([
      400,
      'fulfillment.lineItems',
    ]);
  });
});

describe('the platform errors', () => {
  it('over-fulfilling, an unknown line, a line twice, a duplicate tracking number, a bad link or status, unknown ids', async () => {
    const o = await newOrder();
    const over = await create(o.id, { lineItems: [{ id: o.tapers, quantity: 4 }] });
    expect(over.status).toBe(400);
    expect(over.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'fulfillment.lineItems[0].quantity',
      description: 'must be between 1 and 3 (what is left to fulfill)',
    });
    expect((await create(o.id, { lineItems: [{ id: 'nope' }] })).status).toBe(400);
    expect((await create(o.id, { lineItems: [{ id: o.tapers }, { id: o.tapers }] })).status).toBe(400);
    expect(
      (await create(o.id, { lineItems: [{ id: o.stool }], trackingInfo: { trackingLink: 'ftp://x' } })).status,
    ).toBe(400);
    expect((await create(o.id, { lineItems: [{ id: o.stool }], status: 'Shipped' })).status).toBe(400);
    expect(
      (
        await create(o.id, {
          lineItems: [{ id: o.stool }],
          trackingInfo: { trackingNumber: 'X' },
          customInfo: { fieldsData: {} },
        })
      ).status,
    ).toBe(400);
    const first = await create(o.id, {
      lineItems: [{ id: o.tapers, quantity: 1 }],
      trackingInfo: { trackingNumber: 'DUP' },
    });
    const dup = await create(o.id, {
      lineItems: [{ id: o.tapers, quantity: 1 }],
      trackingInfo: { trackingNumber: 'DUP' },
    });
    expect([dup.status, dup.json.details.applicationError.code]).toEqual([409, 'TRACKING_NUMBER_ALREADY_EXISTS']);
    // nothing of the refused ones was kept
    const listed = (await api(emu, `${F}/orders/${o.id}`, { token: admin })).json.orderWithFulfillments.fulfillments;
    expect(listed.map((f: { id: string }) => f.id)).toEqual([first.json.fulfillmentId]);
    const unknown = await update(o.id, '00000000-0000-4000-8000-000000000000', {
      trackingInfo: { trackingNumber: 'Z' },
    });
    expect([unknown.status, unknown.json.details.applicationError.code]).toEqual([404, 'FULFILLMENT_NOT_FOUND']);
    const elsewhere = await newOrder();
    expect((await remove(elsewhere.id, first.json.fulfillmentId)).status).toBe(404);
    expect(
      (
        await api(emu, `${F}/${first.json.fulfillmentId}/orders/${o.id}?orderId=other`, {
          method: 'DELETE',
          token: admin,
        })
      ).status,
    ).toBe(400);
  });
});

describe('bulk create and the lists', () => {
  it('each order on its own: one refused leaves the other fulfilled; list-by-ids in the order asked', async () => {
    const a = await newOrder();
    const b = await newOrder();
    const r = await api(emu, `${F}/orders/bulk/create-fulfillments`, {
      token: admin,
      body: {
        ordersWithFulfillments: [
          {
            orderId: a.id,
            fulfillments: [
              {
                lineItems: [{ id: a.tapers }, { id: a.stool }],
                trackingInfo: { trackingNumber: 'B1', shippingProvider: 'usps' },
              },
            ],
          },
          { orderId: b.id, fulfillments: [{ lineItems: [{ id: b.tapers, quantity: 5 }] }] },
          { orderId: 'no-such-order', fulfillments: [{ lineItems: [{ id: 'x' }] }] },
        ],
      },
    });
    expect(r.status).toBe(200);
    expect(
      r.json.results.map((x: { itemMetadata: { success: boolean; error?: { code: string } } }) => [
        x.itemMetadata.success,
        x.itemMetadata.error?.code,
      ]),
    ).toEqual([
      [true, undefined],
      [false, 'INVALID_ARGUMENT'],
      [false, 'ORDER_NOT_FOUND'],
    ]);
    expect(r.json.bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 2, undetailedFailures: 0 });
    expect((await getOrder(a.id)).fulfillmentStatus).toBe('FULFILLED');
    expect((await getOrder(b.id)).fulfillmentStatus).toBe('NOT_FULFILLED');
    const many = await api(emu, `${F}/list-by-ids`, { token: admin, body: { orderIds: [b.id, a.id] } });
    expect(
      many.json.ordersWithFulfillments.map((x: { orderId: string; fulfillments: unknown[] }) => [
        x.orderId,
        x.fulfillments.length,
      ]),
    ).toEqual([
      [b.id, 0],
      [a.id, 1],
    ]);
    expect((await api(emu, `${F}/list-by-ids`, { token: admin, body: { orderIds: [] } })).status).toBe(400);
  });
});

describe('the shipping confirmation email', () => {
  it('goes to the buyer with the carrier, number and link, and is recorded; none before a fulfillment', async () => {
    const o = await newOrder('notify-me@example.com');
    const send = () =>
      api(emu, `/ecom/v1/orders/${o.id}/send-buyer-shipping-confirmation-email`, { token: admin, body: {} });
    const early = await send();
    expect([early.status, early.json.details.applicationError.code]).toEqual([428, 'ORDER_NOT_FULFILLED']);
    await create(o.id, {
      lineItems: [{ id: o.stool }],
      trackingInfo: { trackingNumber: 'CP-55', shippingProvider: 'canadaPost' },
    });
    expect((await send()).status).toBe(200);
    const mail = (await api(emu, `/_dev/mailbox?to=${encodeURIComponent('notify-me@example.com')}`)).json;
    const msg = (mail.messages ?? mail)[0];
    expect(msg.subject).toMatch(/has shipped/);
    expect(msg.text).toContain('1 × ');
    expect(msg.text).toContain('Tracking number: CP-55');
    expect(msg.link).toBe('https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=CP-55');
    expect((await types(o.id)).at(-1)).toBe('SHIPPING_CONFIRMATION_EMAIL_SENT');
  });
});

describe('who may call', () => {
  it('a visitor and a member are refused every call (403), and nothing changes', async () => {
    const o = await newOrder();
    const made = await create(o.id, { lineItems: [{ id: o.tapers, quantity: 1 }] });
    const fid = made.json.fulfillmentId as string;
    const visitor = (await visitorTokens(emu)).access;
    const member = (await memberTokens(emu)).access;
    for (const token of [visitor, member]) {
      const calls = [
        await create(o.id, { lineItems: [{ id: o.stool }] }, token),
        await update(o.id, fid, { trackingInfo: { trackingNumber: 'T' } }, token),
        await remove(o.id, fid, token),
        await api(emu, `${F}/list-by-ids`, { token, body: { orderIds: [o.id] } }),
        await api(emu, `${F}/orders/bulk/create-fulfillments`, {
          token,
          body: { ordersWithFulfillments: [{ orderId: o.id, fulfillments: [{ lineItems: [{ id: o.stool }] }] }] },
        }),
        await api(emu, `/ecom/v1/orders/${o.id}/send-buyer-shipping-confirmation-email`, { token, body: {} }),
      ];
      expect(calls.map((c) => c.status)).toEqual([403, 403, 403, 403, 403, 403]);
    }
    const listed = (await api(emu, `${F}/orders/${o.id}`, { token: admin })).json.orderWithFulfillments.fulfillments;
    expect(listed).toHaveLength(1);
    expect(listed[0].trackingInfo).toBeUndefined();
  });
});
