/**
 * The switch that makes the emulated platform refuse its internal methods (refusals.ts): set at start or through
 * `/_dev/refused-operations`; a refused operation answers 403 `PERMISSION_DENIED` and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIds } from './seed.ts';
import { startEmulator, type RunningEmulator } from './server.ts';
import { adminToken, api, placeOrderAs, startTestEmulator, visitorTokens } from '../tests/helpers/emulator.ts';
import { OPERATION_NAMES, RefusedOperations } from './refusals.ts';

const TAPERS = seedIds.products['beeswax-taper-candles']!;

describe('refused operations', () => {
  let emu: RunningEmulator;
  let admin: string;
  let orderId: string;
  beforeAll(async () => {
    emu = await startTestEmulator({ refuseOperations: ['deleteOrderActivity'] });
    admin = await adminToken(emu);
    orderId = await placeOrderAs(emu, (await visitorTokens(emu)).access, [{ productId: TAPERS, quantity: 1 }], {
      email: 'refusals@example.com',
    });
  });
  afterAll(() => emu.close());

  const note = async (message: string) =>
    (
      await api(emu, `/ecom/v1/orders/${orderId}/activities/add`, {
        token: admin,
        body: { orderActivities: [{ activityType: 'MERCHANT_COMMENT', merchantComment: { message } }] },
      })
    ).json.activityIds[0] as string;
  const comments = async () =>
    (await api(emu, `/ecom/v1/orders/${orderId}`, { token: admin })).json.order.activities.filter(
      (a: { type: string }) => a.type === 'MERCHANT_COMMENT',
    ) as { id: string; merchantComment: { message: string } }[];
  const edit = (activityId: string, message: string) =>
    api(emu, `/ecom/v1/orders/${orderId}/activities/${activityId}`, {
      method: 'PATCH',
      token: admin,
      body: { activity: { merchantComment: { message } } },
    });
  const remove = (activityId: string) =>
    api(emu, `/ecom/v1/orders/${orderId}/activities/${activityId}`, { method: 'DELETE', token: admin });

  it('refuses what the start named, changes the set at run time, refuses before anything changes', async () => {
    const id = await note('kept');
    expect((await api(emu, '/_dev/refused-operations')).json.operations).toEqual(['deleteOrderActivity']);
    const refused = await remove(id);
    expect([refused.status, refused.json.details.applicationError.code]).toEqual([403, 'PERMISSION_DENIED']);
    expect(refused.json.message).toMatch(/deleteOrderActivity is an internal method/);
    expect((await comments()).map((c) => c.id)).toContain(id);
    // its neighbours still answer
    expect((await edit(id, 'kept, edited')).status).toBe(200);

    const set = await api(emu, '/_dev/refused-operations', {
      method: 'PUT',
      body: { operations: ['updateOrderActivity', 'triggerRefund'] },
    });
    expect(set.json.operations).toEqual(['triggerRefund', 'updateOrderActivity']);
    const editRefused = await edit(id, 'not saved');
    expect(editRefused.status).toBe(403);
    expect((await comments()).find((c) => c.id === id)?.merchantComment.message).toBe('kept, edited');
    expect((await remove(id)).status).toBe(200);

    await api(emu, '/_dev/refused-operations', { method: 'DELETE' });
    expect((await api(emu, '/_dev/refused-operations')).json.operations).toEqual([]);
    const again = await note('again');
    expect((await edit(again, 'again, edited')).status).toBe(200);
  });

  it('refuses a name that is not an operation of the table (nothing changes), and non-JSON bodies', async () => {
    await api(emu, '/_dev/refused-operations', { method: 'PUT', body: { operations: ['triggerRefund'] } });
    const typo = await api(emu, '/_dev/refused-operations', {
      method: 'PUT',
      body: { operations: ['triggerRefunds'] },
    });
    expect(typo.status).toBe(400);
    expect(typo.json.details.validationError.fieldViolations[0].field).toBe('operations[0]');
    expect((await api(emu, '/_dev/refused-operations', { method: 'PUT', body: { operations: 'x' } })).status).toBe(400);
    expect((await api(emu, '/_dev/refused-operations', { method: 'PUT', body: { names: [] } })).status).toBe(400);
    const text = await api(emu, '/_dev/refused-operations', {
      method: 'PUT',
      body: JSON.stringify({ operations: [] }),
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect((await api(emu, '/_dev/refused-operations')).json.operations).toEqual(['triggerRefund']);
    await api(emu, '/_dev/refused-operations', { method: 'DELETE' });
  });

  it('knows the table: a typo at start throws; without dev mode the helper is an unknown path', async () => {
    expect(OPERATION_NAMES).toEqual(
      expect.arrayContaining(['addOrderActivities', 'updateOrderActivity', 'deleteOrderActivity', 'getRefundability']),
    );
    expect(() => new RefusedOperations(['nope'])).toThrow(/nope/);
    const prod = await startEmulator({ port: 0, db: ':memory:', refuseOperations: ['updateOrderActivity'] });
    try {
      expect((await api(prod, '/_dev/refused-operations')).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
