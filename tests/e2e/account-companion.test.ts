/**
 * The member order routes of the site companion as the running stack serves them (issue 21): mounted on the demo's
 * origin, in front of the emulator, two members who each bought something see only their own orders, and neither
 * can open, page into or cancel the other's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIds } from '../../emulator/seed.ts';
import { memberTokens, placeOrderAs } from '../helpers/emulator.ts';
import { startStack, type Stack } from '../helpers/stack.ts';

const TAPERS = seedIds.products['beeswax-taper-candles']!;

let stack: Stack;
let ada: string;
let owen: string;
const adaOrders: string[] = [];
let owenOrder: string;

beforeAll(async () => {
  stack = await startStack();
  ada = (await memberTokens(stack.emulator, 'member')).access;
  owen = (await memberTokens(stack.emulator, 'owner')).access;
  for (const quantity of [1, 2])
    adaOrders.push(await placeOrderAs(stack.emulator, ada, [{ productId: TAPERS, quantity }], {}, stack.demo));
  owenOrder = await placeOrderAs(stack.emulator, owen, [{ productId: TAPERS, quantity: 3 }], {}, stack.demo);
});
afterAll(() => stack?.close());

const call = async (path: string, token: string, body?: unknown) => {
  const r = await fetch(`${stack.companion.url}/v1/my/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: r.status, body: (await r.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
};
const ids = (r: { body: { orders: { id: string }[] } }) => r.body.orders.map((o) => o.id);

describe('member orders through the running companion', () => {
  it('each member sees only their own orders, newest first', async () => {
    expect(ids(await call('orders', ada, {}))).toEqual([adaOrders[1], adaOrders[0]]);
    expect(ids(await call('orders', owen, {}))).toEqual([owenOrder]);
  });

  it('neither opens, pages into nor cancels the other’s orders', async () => {
    expect((await call(`orders/${owenOrder}`, ada)).status).toBe(404);
    expect((await call(`orders/${adaOrders[0]}`, owen)).status).toBe(404);
    expect((await call(`orders/${adaOrders[0]}/cancel`, owen, {})).status).toBe(404);
    const page = await call('orders', ada, { limit: 1 });
    expect(ids(page)).toEqual([adaOrders[1]]);
    const stolen = await call('orders', owen, { cursor: page.body.next });
    expect([stolen.status, stolen.body.details.applicationError.code]).toEqual([400, 'INVALID_CURSOR']);
    expect(ids(await call('orders', ada, { cursor: page.body.next }))).toEqual([adaOrders[0]]);
    const own = await call(`orders/${adaOrders[0]}`, ada);
    expect(own).toMatchObject({ status: 200, body: { order: { id: adaOrders[0] }, fulfillments: [] } });
  });
});
