/**
 * The owner console's shipping settings through the companion, against a real emulator (SQLite): only the owner reads
 * and changes them (a visitor and a member get 403 from every route, before the body is read); a create sent again
 * after a lost answer is refused rather than made twice; an update at an old revision changes nothing; the label
 * provider's routes stand apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, post, type Harness } from './test-helpers.ts';

const BASE = '/v1/admin/shipping';
const US = '5a1e0000-0000-4000-8000-000000000001';
const CANADA = '5a1e0000-0000-4000-8000-000000000002';
const SOME = '5a1e0000-0000-4000-8000-000000000101';

let h: Harness;
let owner: string;
const code = (r: { body_: any }) => r.body_?.details?.applicationError?.code; // eslint-disable-line @typescript-eslint/no-explicit-any
const option = { title: 'Courier', regionIds: [US], rates: [{ amount: '8.00', conditions: [] }] };

beforeAll(async () => {
  h = await harness();
  owner = await h.owner();
});
afterAll(() => h.close());

describe('who', () => {
  it('a visitor and a member get 403 NOT_OWNER from every route, before the body is read; no token 401', async () => {
    const [visitor, member] = [await h.visitor(), await h.member()];
    for (const token of [visitor, member]) {
      const calls = [
        h.call(BASE, { token }),
        h.call(`${BASE}/options`, post(option, token)),
        h.call(`${BASE}/options`, {
          method: 'POST',
          body: 'not json',
          headers: { 'Content-Type': 'text/plain' },
          token,
        }),
        h.call(`${BASE}/options/${SOME}`, post({ revision: '1', title: 'x' }, token, 'PATCH')),
        h.call(`${BASE}/options/${SOME}`, { method: 'DELETE', token }),
        h.call(`${BASE}/label`, { token }),
        h.call(`${BASE}/label/${SOME}`, post({ revision: '1', __proto__: 1 }, token, 'PATCH')),
      ];
      for (const r of await Promise.all(calls)) expect([r.status, code(r)]).toEqual([403, 'NOT_OWNER']);
    }
    expect((await h.call(BASE)).status).toBe(401);
    const after = await h.call(BASE, { token: owner });
    expect(after.body_.options.map((o: { title: string }) => o.title)).not.toContain('Courier');
  });
});

describe('the owner', () => {
  it('lists options and regions; creates once (a resend after a lost answer is TITLE_TAKEN); updates at its revision; deletes', async () => {
    const list = await h.call(BASE, { token: owner });
    expect(list.status).toBe(200);
    expect(list.body_.regions.map((r: { name: string }) => r.name)).toEqual([
      'United States',
      'Canada',
      'International',
    ]);
    const made = await h.call(`${BASE}/options`, post(option, owner));
    expect(made.status).toBe(200);
    const id = made.body_.option.id as string;
    const again = await h.call(`${BASE}/options`, post({ ...option, title: ' courier ' }, owner));
    expect([again.status, code(again)]).toEqual([409, 'TITLE_TAKEN']);
    expect(again.body_.details.applicationError.data.id).toBe(id);

    const upd = await h.call(
      `${BASE}/options/${id}`,
      post({ revision: '1', rates: [{ amount: '9.50', conditions: [] }], regionIds: [CANADA] }, owner, 'PATCH'),
    );
    expect(upd.status).toBe(200);
    expect(upd.body_.option).toMatchObject({ deliveryRegionIds: [CANADA], rates: [{ amount: '9.50' }] });
    // the same change sent again (its answer lost): the revision moved on, nothing changes twice
    const stale = await h.call(`${BASE}/options/${id}`, post({ revision: '1', title: 'Twice' }, owner, 'PATCH'));
    expect([stale.status, code(stale)]).toEqual([409, 'REVISION_MISMATCH']);

    const bad = await h.call(
      `${BASE}/options/${id}`,
      post({ revision: '3', rates: [{ amount: '1.005', conditions: [] }] }, owner, 'PATCH'),
    );
    expect(bad.status).toBe(400);

    expect((await h.call(`${BASE}/options/${id}`, { method: 'DELETE', token: owner })).body_).toEqual({
      deleted: true,
    });
    expect((await h.call(`${BASE}/options/${id}`, { method: 'DELETE', token: owner })).status).toBe(404);
  });

  it('the label provider: read and changed at its revision; a bad package is refused with its field', async () => {
    const r = await h.call(`${BASE}/label`, { token: owner });
    expect(r.status).toBe(200);
    const c = r.body_.configuration;
    expect(c.shipFromAddress.city).toBe('Portland');
    const upd = await h.call(
      `${BASE}/label/${c.id}`,
      post({ revision: c.revision, markup: { type: 'PERCENTAGE', value: '10' } }, owner, 'PATCH'),
    );
    expect(upd.body_.configuration.markup).toEqual({ type: 'PERCENTAGE', value: '10' });
    const custom = await h.call(
      `${BASE}/label/${c.id}`,
      post({ revision: upd.body_.configuration.revision, defaultPackage: { type: 'CUSTOM' } }, owner, 'PATCH'),
    );
    expect(custom.status).toBe(400);
  });
});
