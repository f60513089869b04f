/**
 * The owner console's discount rules through the companion, against a real emulator (SQLite): only the owner lists,
 * reads, creates, updates, deletes and previews; the form becomes the platform's model and back; a retry after a
 * lost answer makes no second rule; a stale revision is refused; the preview is the platform's cart estimate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companionTable } from '../core/api/companion-table.ts';
import type { RuleForm } from '../core/api/admin-discounts.ts';
import { harness, post, seedIds, type Harness } from './test-helpers.ts';
import { seedVariantId } from '../emulator/seed.ts';

const BASE = '/v1/admin/discount-rules';
const TAPERS = seedIds.products['beeswax-taper-candles']!; // $22
const STOOL = seedIds.products['folding-camp-stool']!;
let h: Harness;
let owner: string;
const code = (r: { body_: any }) => r.body_?.details?.applicationError?.code; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  h = await harness();
  owner = await h.owner();
});
afterAll(() => h.close());

const form = (o: Partial<RuleForm> = {}): RuleForm => ({
  name: 'Candles 10%',
  active: true,
  type: 'PERCENTAGE',
  value: '10',
  appliesTo: 'PRODUCTS',
  ids: [TAPERS],
  trigger: 'QUANTITY',
  min: '2',
  ...o,
});

describe('who', () => {
  it('a visitor and a member get 403 NOT_OWNER from every discount-rule route, before the body is read; no token 401', async () => {
    const routes = Object.values(companionTable).filter((r) => r.path.startsWith('/admin/discount-rules'));
    expect(routes.length).toBe(6);
    const [visitor, member] = [await h.visitor(), await h.member()];
    const before = (await h.call(`${BASE}/query`, post({}, owner))).body_.rules.length;
    for (const r of routes) {
      const path = `/v1${r.path.replace('{id}', '7c1d2e00-0000-4000-8000-000000000011')}`;
      const init = (token?: string) =>
        r.method === 'GET' || r.method === 'DELETE'
          ? { method: r.method, token }
          : post({ ...form(), __proto__: 1 }, token, r.method);
      for (const token of [visitor, member]) {
        const res = await h.call(path, init(token));
        expect([r.method, r.path, res.status, code(res)]).toEqual([r.method, r.path, 403, 'NOT_OWNER']);
      }
      expect((await h.call(path, init())).status, r.path).toBe(401);
    }
    // nothing changed: the seeded rule is still there
    expect((await h.call(`${BASE}/query`, post({}, owner))).body_.rules.length).toBe(before);
  });
});

describe('the owner', () => {
  it('lists the migrated rule as the form holds it', async () => {
    const r = await h.call(`${BASE}/query`, post({}, owner));
    expect(r.status).toBe(200);
    const named = (n: string) => r.body_.rules.find((x: { name: string }) => x.name === n);
    // the demo's others: one whose window ended, one switched off (a collection's, from 2 items)
    expect(named('Black Friday: 20% off everything')).toMatchObject({
      status: 'EXPIRED',
      active: true,
      appliesTo: 'ALL',
    });
    expect(named('Winter warmers: 10% off textiles from 2')).toMatchObject({
      active: false,
      appliesTo: 'COLLECTIONS',
      ids: [seedIds.collections['textiles']],
      trigger: 'QUANTITY',
      min: '2',
      editable: true,
    });
    expect(named('15% off orders of $150 or more')).toMatchObject({
      name: '15% off orders of $150 or more',
      type: 'PERCENTAGE',
      value: '15',
      appliesTo: 'ALL',
      trigger: 'SUBTOTAL',
      min: '150.00',
      status: 'LIVE',
      editable: true,
    });
  });

  it('creates (a second create of the same name is 409 with its id), previews, updates with the revision, deletes', async () => {
    const made = await h.call(BASE, post(form(), owner));
    expect(made.status, JSON.stringify(made.body_)).toBe(200);
    const rule = made.body_.rule;
    expect(rule).toMatchObject({
      name: 'Candles 10%',
      appliesTo: 'PRODUCTS',
      ids: [TAPERS],
      trigger: 'QUANTITY',
      min: '2',
      revision: '1',
    });
    const again = await h.call(BASE, post(form(), owner));
    expect([again.status, code(again), again.body_.details.applicationError.data.id]).toEqual([
      409,
      'ALREADY_EXISTS',
      rule.id,
    ]);
    expect(
      (await h.call(`${BASE}/query`, post({}, owner))).body_.rules.filter(
        (r: { name: string }) => r.name === 'Candles 10%',
      ),
    ).toHaveLength(1);

    // the platform's own estimate: 2 tapers 44.00 − 4.40; the stool untouched
    const p = await h.call(
      `${BASE}/preview`,
      post(
        {
          lines: [
            { productId: TAPERS, quantity: 2 },
            { productId: STOOL, quantity: 1 },
          ],
        },
        owner,
      ),
    );
    expect(p.status, JSON.stringify(p.body_)).toBe(200);
    expect(p.body_.lines).toEqual([
      expect.objectContaining({
        productId: TAPERS,
        quantity: 2,
        total: '44.00',
        discount: '4.40',
        rules: ['Candles 10%'],
      }),
      expect.objectContaining({ productId: STOOL, quantity: 1, discount: '0.00', rules: [] }),
    ]);
    expect(p.body_).toMatchObject({ subtotal: '102.00', discount: '4.40', after: '97.60' });
    // a product with options: its variant named
    const mug = await h.call(
      `${BASE}/preview`,
      post(
        {
          lines: [
            {
              productId: seedIds.products['enamel-camp-mug']!,
              variantId: seedVariantId('enamel-camp-mug', { Color: 'Forest' }),
              quantity: 1,
            },
          ],
        },
        owner,
      ),
    );
    expect([mug.status, mug.body_.subtotal]).toEqual([200, '18.00']);
    const one = await h.call(`${BASE}/preview`, post({ lines: [{ productId: TAPERS, quantity: 1 }] }, owner));
    expect(one.body_.discount).toBe('0.00'); // the trigger: 2 or more

    const upd = await h.call(
      `${BASE}/${rule.id}`,
      post({ ...form({ value: '12.5' }), revision: rule.revision }, owner, 'PATCH'),
    );
    expect(upd.status, JSON.stringify(upd.body_)).toBe(200);
    expect(upd.body_.rule).toMatchObject({ value: '12.5', revision: '2' });
    const stale = await h.call(
      `${BASE}/${rule.id}`,
      post({ ...form({ value: '50' }), revision: rule.revision }, owner, 'PATCH'),
    );
    expect([stale.status, code(stale)]).toEqual([409, 'REVISION_MISMATCH']);
    expect((await h.call(`${BASE}/${rule.id}`, { token: owner })).body_.rule.value).toBe('12.5');

    // the platform's validation words reach the owner
    const bad = await h.call(BASE, post(form({ name: 'Too much', value: '150' }), owner));
    expect(bad.status).toBe(400);
    expect(bad.body_.details.validationError.fieldViolations[0].field).toBe(
      'discountRule.discounts.values[0].percentage',
    );

    expect((await h.call(`${BASE}/${rule.id}`, { method: 'DELETE', token: owner })).status).toBe(200);
    // a retry after a lost answer: done, not an error
    expect((await h.call(`${BASE}/${rule.id}`, { method: 'DELETE', token: owner })).status).toBe(200);
    expect((await h.call(`${BASE}/${rule.id}`, { token: owner })).status).toBe(404);
  });

  it('a forged id is 404; an unknown field, a bad amount and a prototype-named key are 400', async () => {
    for (const bad of ['not-a-guid', '..']) {
      const r = await h.call(`${BASE}/${encodeURIComponent(bad)}`, { token: owner });
      expect([r.status, code(r)], bad).toEqual([404, 'NOT_FOUND']);
    }
    expect((await h.call(BASE, post({ ...form(), admin: true }, owner))).status).toBe(400);
    expect((await h.call(BASE, post(form({ value: '1e5' }), owner))).status).toBe(400);
    const proto = { ...post({}, owner), body: JSON.stringify(form()).replace('{', '{"__proto__":{"x":1},') };
    expect((await h.call(BASE, proto)).status).toBe(400);
  });
});
