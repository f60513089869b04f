/**
 * The counter store's compare-and-swap, which holds an order while its money changes (companion/admin-payments.ts):
 * in memory, and in the Workers Durable Object (run in Miniflare, two Workers sharing it) where two instances of the
 * companion race two refunds of one order with different reasons: exactly one is made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Miniflare } from 'miniflare';
import { MemoryCounterStore } from './counters.ts';
import { TEST_CARDS } from '../emulator/routes/checkout.ts';
import { memberTokens, placeOrderAs, startTestEmulator, visitorTokens } from '../tests/helpers/emulator.ts';
import type { RunningEmulator } from '../emulator/server.ts';
import { bundleWorker, seedIds, workerBindings, workerPair } from './test-helpers.ts';

describe('MemoryCounterStore.swap', () => {
  it('moves only from the value it expects; null is nothing or an expired value; ttl bounds a value', async () => {
    let now = 1_000;
    const s = new MemoryCounterStore({ now: () => now });
    expect(await s.swap('k', 'a', 'b', 1000)).toBe(false); // holds nothing, not 'a'
    expect(await s.swap('k', null, 'a', 1000)).toBe(true);
    expect(await s.swap('k', null, 'x', 1000)).toBe(false); // taken
    expect(await s.swap('k', 'b', 'x', 1000)).toBe(false);
    expect(await s.swap('k', 'a', 'b', 1000)).toBe(true);
    expect(await s.swap('k', 'b', null, 0)).toBe(true); // let go
    expect(await s.swap('k', null, 'c', 500)).toBe(true);
    now += 501; // expired: as if nothing
    expect(await s.swap('k', 'c', 'd', 500)).toBe(false);
    expect(await s.swap('k', null, 'd', 500)).toBe(true);
    expect(await s.swap('other', null, 'd', 500)).toBe(true); // keys are apart
  });

  it('of many swaps from nothing at once, one wins', async () => {
    const s = new MemoryCounterStore();
    const won = await Promise.all(Array.from({ length: 20 }, (_, i) => s.swap('k', null, `v${i}`, 1000)));
    expect(won.filter(Boolean)).toHaveLength(1);
  });
});

describe('on Workers: the Durable Object holds the order for every instance', () => {
  let emu: RunningEmulator;
  let mf: Miniflare;
  const BASE = 'http://shop.test/api/inlay';

  beforeAll(async () => {
    emu = await startTestEmulator();
    const script = await bundleWorker();
    const bindings = workerBindings(emu);
    mf = workerPair(script, bindings);
    await mf.ready;
  }, 120_000);
  afterAll(async () => {
    await mf?.dispose();
    await emu?.close();
  });

  it('two refunds of one order from one revision, one on each instance, different reasons: one is made', async () => {
    const owner = (await memberTokens(emu, 'owner')).access;
    const call = async (worker: 'a' | 'b', path: string, body?: unknown) => {
      const w = (await mf.getWorker(worker)) as unknown as { fetch: typeof fetch };
      const res = await w.fetch(`${BASE}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { Authorization: owner, 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.11' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, json: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    for (let round = 0; round < 3; round++) {
      const id = await placeOrderAs(
        emu,
        (await visitorTokens(emu)).access,
        [{ productId: seedIds.products['beeswax-taper-candles']!, quantity: 2 }],
        { cardNumber: TEST_CARDS.ok },
      );
      const v = (await call('a', `/v1/admin/orders/${id}/payments`)).json;
      const body = (reason: string) => ({ revision: v.revision, paymentId: v.payments[0].id, amount: '3.00', reason });
      const [x, y] = await Promise.all([
        call('a', `/v1/admin/orders/${id}/refund`, body('Staff A')),
        call('b', `/v1/admin/orders/${id}/refund`, body('Staff B')),
      ]);
      expect([x.status, y.status].sort(), `round ${round}`).toEqual([200, 409]);
      const after = (await call('b', `/v1/admin/orders/${id}/payments`)).json;
      expect(after.refunds).toHaveLength(1);
      expect(after.order.balanceSummary.refunded.amount).toBe('3.00');
    }
  }, 120_000);
});
