/**
 * Issue 38, against a real emulator: the owner's notes go through AddActivities; editing and deleting a note use the
 * platform's internal calls, isolated (a refusal is 403 `NOT_AVAILABLE_HERE` for that action only); a member's
 * cancellation request (a merchant comment and a private tag) is found by the console's "requested" search, declined
 * (the member's account then says so, and may not ask again) or answered by a cancel (the tag goes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderAs } from '../tests/helpers/emulator.ts';
import { harness, post, seedIds, type Harness } from './test-helpers.ts';

const TAPERS = seedIds.products['beeswax-taper-candles']!;

let h: Harness;
let owner: string;
let member: string;
let visitor: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const code = (r: { body_: any }) => r.body_?.details?.applicationError?.code;
const detail = async (id: string) => (await h.call(`/v1/admin/orders/${id}`, { token: owner })).body_;
/** The platform refuses these calls to the site (the emulator's switch, emulator/refusals.ts). */
const refuse = (operations: string[]) => {
  h.emu.app.refusedOperations.clear();
  for (const name of operations) h.emu.app.refusedOperations.add(name);
};
const ask = (id: string, reason?: string) =>
  h.call(`/v1/my/orders/${id}/cancel`, post(reason ? { reason } : {}, member));
const decline = (id: string, body: unknown = {}, token = owner) =>
  h.call(`/v1/admin/orders/${id}/cancel-request/decline`, post(body, token));
const requested = (body: unknown = {}) =>
  h.call('/v1/admin/orders/search', post({ requested: true, ...(body as object) }, owner));
const tagged = (o: { tags?: { privateTags?: { tagIds?: string[] } } }) =>
  (o.tags?.privateTags?.tagIds ?? []).includes('cancellation-requested');
const memberTypes = async (id: string) =>
  (await h.call(`/v1/my/orders/${id}`, { token: member })).body_.order.activities.map((a: { type: string }) => a.type);

beforeAll(async () => {
  h = await harness();
  [owner, member, visitor] = await Promise.all([h.owner(), h.member(), h.visitor()]);
});
afterAll(() => h.close());

describe('notes', () => {
  it('added through AddActivities; edit and delete refused by the platform → 403 NOT_AVAILABLE_HERE for that action, the rest works', async () => {
    const id = await placeOrderAs(h.emu, member, [{ productId: TAPERS, quantity: 1 }]);
    const added = await h.call(`/v1/admin/orders/${id}/notes`, post({ message: 'Gift wrap' }, owner));
    expect(added.status).toBe(200);
    const note = added.body_.activityId as string;
    expect(added.body_.order.activities.find((a: { id: string }) => a.id === note)).toMatchObject({
      type: 'MERCHANT_COMMENT',
      merchantComment: { message: 'Gift wrap' },
    });

    refuse(['updateOrderActivity', 'deleteOrderActivity']);
    try {
      const edit = await h.call(`/v1/admin/orders/${id}/notes/${note}`, post({ message: 'no' }, owner, 'PATCH'));
      expect([edit.status, code(edit)]).toEqual([403, 'NOT_AVAILABLE_HERE']);
      expect(edit.body_.details.applicationError.data.action).toBe('editNote');
      const del = await h.call(`/v1/admin/orders/${id}/notes/${note}`, { method: 'DELETE', token: owner });
      expect([del.status, code(del), del.body_.details.applicationError.data.action]).toEqual([
        403,
        'NOT_AVAILABLE_HERE',
        'deleteNote',
      ]);
      // the order's other reads and writes still answer
      const d = await detail(id);
      expect(d.order.activities.find((a: { id: string }) => a.id === note).merchantComment.message).toBe('Gift wrap');
      expect((await h.call(`/v1/admin/orders/${id}/notes`, post({ message: 'second' }, owner))).status).toBe(200);
      expect(h.seen.logs.some((l) => l.includes('refused edit note (403): editNote'))).toBe(true);
    } finally {
      refuse([]);
    }
    // a refusal that is the platform's answer about the note itself is still relayed as it is
    const gone = await h.call(`/v1/admin/orders/${id}/notes/00000000-0000-4000-8000-000000000000`, {
      method: 'DELETE',
      token: owner,
    });
    expect([gone.status, code(gone)]).toEqual([404, 'ACTIVITY_NOT_FOUND']);
  });
});

describe('cancellation requests, the owner’s side', () => {
  it('found by the "requested" search (tag or comment), newest first; other orders and canceled ones left out', async () => {
    const plain = await placeOrderAs(h.emu, member, [{ productId: TAPERS, quantity: 1 }]);
    const first = await placeOrderAs(h.emu, member, [{ productId: TAPERS, quantity: 2 }]);
    const second = await placeOrderAs(h.emu, member, [{ productId: TAPERS, quantity: 3 }]);
    expect((await ask(first, 'too slow')).body_.outcome).toBe('REQUESTED');
    expect((await ask(second)).body_.outcome).toBe('REQUESTED');
    const r = await requested();
    expect(r.status).toBe(200);
    const ids = r.body_.orders.map((o: { id: string }) => o.id);
    expect(ids.slice(0, 2)).toEqual([second, first]);
    expect(ids).not.toContain(plain);
    expect(r.body_).not.toHaveProperty('next');
    expect(r.body_.count).toBe(ids.length);
    // with another filter beside it (an order number)
    const n = (await detail(first)).order.number;
    expect((await requested({ text: String(n) })).body_.orders.map((o: { id: string }) => o.id)).toEqual([first]);
    // a cursor never goes with it
    expect((await requested({ cursor: 'x' })).status).toBe(400);
    // its reason is on the order for the console
    expect(
      (await detail(first)).order.activities.some(
        (a: { merchantComment?: { message: string } }) =>
          a.merchantComment?.message === 'Cancellation requested by the buyer: too slow',
      ),
    ).toBe(true);
  });

  it('decline: a comment records it, the tag goes, the member is told and may not ask again; a replay changes nothing', async () => {
    const id = await placeOrderAs(h.emu, member, [{ productId: TAPERS, quantity: 1 }]);
    expect([(await decline(id)).status, code(await decline(id))]).toEqual([409, 'NO_CANCEL_REQUEST']);
    await ask(id, 'changed my mind');
    expect(tagged((await detail(id)).order)).toBe(true);
    const r = await decline(id, { note: 'already packed' });
    expect(r.status).toBe(200);
    expect(tagged(r.body_.order)).toBe(false);
    const comments = () =>
      detail(id).then((d) =>
        d.order.activities
          .filter((a: { type: string }) => a.type === 'MERCHANT_COMMENT')
          .map((a: { merchantComment: { message: string } }) => a.merchantComment.message),
      );
    expect(await comments()).toEqual([
      'Cancellation requested by the buyer: changed my mind',
      'Cancellation request declined by the shop: already packed',
    ]);
    expect((await decline(id)).status).toBe(200); // replay: nothing added
    expect(await comments()).toHaveLength(2);
    // the member's account: requested, then declined (no words of the owner's note)
    expect(await memberTypes(id)).toEqual(expect.arrayContaining(['CANCELLATION_REQUESTED', 'CANCELLATION_DECLINED']));
    const mine = await h.call(`/v1/my/orders/${id}`, { token: member });
    expect(JSON.stringify(mine.body_)).not.toContain('already packed');
    const again = await ask(id, 'please');
    expect([again.status, code(again), again.body_.details.applicationError.data.reason]).toEqual([
      409,
      'CANNOT_CANCEL',
      'DECLINED',
    ]);
    expect((await requested()).body_.orders.map((o: { id: string }) => o.id)).not.toContain(id);
  });

  it('approve is the cancel: the order canceled, the tag gone, out of the "requested" view; the member sees it canceled', async () => {
    const id = await placeOrderAs(h.emu, member, [{ productId: TAPERS, quantity: 1 }]);
    await ask(id, 'duplicate order');
    const r = await h.call(`/v1/admin/orders/${id}/cancel`, post({ sendEmail: true, restock: true }, owner));
    expect(r.status).toBe(200);
    expect(r.body_.order.status).toBe('CANCELED');
    expect(tagged(r.body_.order)).toBe(false);
    expect((await requested()).body_.orders.map((o: { id: string }) => o.id)).not.toContain(id);
    const mine = (await h.call(`/v1/my/orders/${id}`, { token: member })).body_.order;
    expect(mine.status).toBe('CANCELED');
    const declined = await decline(id);
    expect([declined.status, code(declined)]).toEqual([409, 'NO_CANCEL_REQUEST']);
  });

  it('decline is the owner’s only (403 before the body), its body strict, its id checked', async () => {
    const id = await placeOrderAs(h.emu, member, [{ productId: TAPERS, quantity: 1 }]);
    await ask(id);
    for (const token of [visitor, member]) {
      const r = await h.call(`/v1/admin/orders/${id}/cancel-request/decline`, {
        method: 'POST',
        token,
        body: '{not json',
        headers: { 'Content-Type': 'application/json' },
      });
      expect([r.status, code(r)]).toEqual([403, 'NOT_OWNER']);
    }
    expect((await decline(id, { note: 'x'.repeat(1001) })).status).toBe(400);
    expect((await decline(id, { reason: 'x' })).status).toBe(400);
    expect((await decline('..%2Fsearch')).status).toBe(400);
    expect(tagged((await detail(id)).order)).toBe(true); // nothing changed
  });
});
