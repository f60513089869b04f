/**
 * The owner console's taxes through the companion, against a real emulator (SQLite): only the owner reads and
 * changes regions, groups and rates; a region's rate is what the next checkout taxes at; a repeated create (a lost
 * answer) changes nothing twice; the platform's refusals reach the console in its words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fractionOf, percentOf } from '../core/api/admin-taxes.ts';
import { STORES_APP_ID } from '../emulator/domain/catalog.ts';
import { api, visitorTokens } from '../tests/helpers/emulator.ts';
import { harness, post, seedIds, type Harness } from './test-helpers.ts';

let h: Harness;
let owner: string;
const code = (r: { body_: any }) => r.body_?.details?.applicationError?.code; // eslint-disable-line @typescript-eslint/no-explicit-any
const T = '/v1/admin/taxes';
const list = async () => (await h.call(T, { token: owner })).body_;

beforeAll(async () => {
  h = await harness();
  owner = await h.owner();
});
afterAll(() => h.close());

describe('who', () => {
  it('a visitor and a member get 403 NOT_OWNER on every route, before the body is read; no token 401', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const token of [await h.visitor(), await h.member()]) {
      const calls = [
        h.call(T, { token }),
        h.call(
          `${T}/regions`,
          post({ country: 'US', subdivision: 'NY', taxIncludedInPrice: false, percent: '8' }, token),
        ),
        h.call(`${T}/regions/${id}`, post({}, token, 'PATCH')),
        h.call(`${T}/regions/${id}`, { method: 'DELETE', token }),
        h.call(`${T}/rates`, post({ groupId: id, regionId: null, percent: '1' }, token, 'PUT')),
        h.call(`${T}/rates/${id}`, { method: 'DELETE', token }),
        h.call(`${T}/groups`, post({ name: 'x' }, token)),
        h.call(`${T}/groups/${id}`, post({ __proto__: 1 }, token, 'PATCH')),
        h.call(`${T}/groups/${id}`, { method: 'DELETE', token }),
      ];
      for (const r of await Promise.all(calls)) expect([r.status, code(r)]).toEqual([403, 'NOT_OWNER']);
    }
    expect((await h.call(T)).status).toBe(401);
    expect((await list()).regions.some((r: { subdivision: string }) => r.subdivision === 'NY')).toBe(false);
  });
});

describe('the owner', () => {
  it('percentages and the platform’s fractions convert exactly', () => {
    expect(fractionOf('8.875')).toBe('0.08875');
    expect(fractionOf('100')).toBe('1');
    expect(fractionOf('0')).toBe('0');
    expect(fractionOf('7,25')).toBe('0.0725');
    expect(fractionOf('100.5')).toBeUndefined();
    expect(fractionOf('8%')).toBeUndefined();
    expect(percentOf('0.08875')).toBe('8.875');
    expect(percentOf('0.1')).toBe('10');
    expect(percentOf('1')).toBe('100');
    expect(percentOf('0')).toBe('0');
  });

  it('adds a region with its rate; the next checkout taxes at it; a repeat is ALREADY_EXISTS; edit, delete', async () => {
    const before = await list();
    expect(before.groups.find((g: { system: boolean }) => g.system)).toMatchObject({ name: 'Products' });
    const made = await h.call(
      `${T}/regions`,
      post({ country: 'us', subdivision: 'ny', taxIncludedInPrice: false, percent: '8.875' }, owner),
    );
    expect(made.status).toBe(200);
    expect(made.body_.region).toMatchObject({ country: 'US', subdivision: 'NY', taxIncludedInPrice: false });
    expect(made.body_.rate).toMatchObject({ rate: '0.08875', regionId: made.body_.region.id });
    // the lost answer's retry: refused, nothing added
    const again = await h.call(
      `${T}/regions`,
      post({ country: 'US', subdivision: 'NY', taxIncludedInPrice: false, percent: '8.875' }, owner),
    );
    expect([again.status, code(again)]).toEqual([409, 'ALREADY_EXISTS']);
    expect((await list()).regions.filter((r: { subdivision: string }) => r.subdivision === 'NY')).toHaveLength(1);

    // a shopper's estimate to New York: 8.875 % of 58.00 = 5.1475 → 5.15
    const estimate = async () => {
      const { access } = await visitorTokens(h.emu);
      const lineItems = [
        {
          catalogReference: { appId: STORES_APP_ID, catalogItemId: seedIds.products['folding-camp-stool']! },
          quantity: 1,
        },
      ];
      await api(h.emu, '/ecom/v1/carts/current/add-to-cart', { token: access, body: { lineItems } });
      return (
        await api(h.emu, '/ecom/v1/carts/current/estimate-totals', {
          token: access,
          body: { shippingAddress: { country: 'US', subdivision: 'NY' } },
        })
      ).json;
    };
    expect((await estimate()).priceSummary.tax.amount).toBe('5.15');

    // the rate changed (set, not added: twice is the same)
    const defaultGroup = (await list()).groups.find((g: { system: boolean }) => g.system).id;
    for (let i = 0; i < 2; i++) {
      const set = await h.call(
        `${T}/rates`,
        post({ groupId: defaultGroup, regionId: made.body_.region.id, percent: '4' }, owner, 'PUT'),
      );
      expect(set.body_.rate).toMatchObject({ rate: '0.04', revision: '2' });
    }
    const est = await estimate();
    expect(est.priceSummary.tax.amount).toBe('2.32');
    expect(est.taxSummary.calculationDetails.taxRegion).toBe('New York');

    // edit with the revision; a stale one relays the platform's 409
    const edited = await h.call(
      `${T}/regions/${made.body_.region.id}`,
      post({ revision: '1', country: 'US', subdivision: 'NY', taxIncludedInPrice: true }, owner, 'PATCH'),
    );
    expect(edited.body_.region).toMatchObject({ taxIncludedInPrice: true, revision: '2' });
    const stale = await h.call(
      `${T}/regions/${made.body_.region.id}`,
      post({ revision: '1', country: 'US', subdivision: 'NY', taxIncludedInPrice: false }, owner, 'PATCH'),
    );
    expect([stale.status, code(stale)]).toEqual([409, 'REVISION_MISMATCH']);

    // the platform's words reach the console
    const bad = await h.call(
      `${T}/regions`,
      post({ country: 'US', subdivision: 'Georgia', taxIncludedInPrice: false, percent: '4' }, owner),
    );
    expect([bad.status, code(bad)]).toEqual([400, 'INVALID_SUBDIVISION_FORMAT']);
    const pct = await h.call(`${T}/regions`, post({ country: 'JP', taxIncludedInPrice: false, percent: '101' }, owner));
    expect(pct.status).toBe(400);

    const gone = await h.call(`${T}/regions/${made.body_.region.id}`, { method: 'DELETE', token: owner });
    expect(gone.body_).toEqual({ deleted: true });
    const twice = await h.call(`${T}/regions/${made.body_.region.id}`, { method: 'DELETE', token: owner });
    expect(twice.body_).toEqual({ deleted: false });
  });

  it('groups: create (a repeat refused), rename with the revision, a rate in a region, delete', async () => {
    const made = await h.call(`${T}/groups`, post({ name: 'Books' }, owner));
    expect(made.body_.group).toMatchObject({ name: 'Books', revision: '1', system: false });
    const again = await h.call(`${T}/groups`, post({ name: 'books ' }, owner));
    expect([again.status, code(again)]).toEqual([409, 'ALREADY_EXISTS']);
    const renamed = await h.call(
      `${T}/groups/${made.body_.group.id}`,
      post({ name: 'Books and maps', revision: '1' }, owner, 'PATCH'),
    );
    expect(renamed.body_.group).toMatchObject({ name: 'Books and maps', revision: '2' });
    const gb = (await list()).regions.find((r: { country: string }) => r.country === 'GB').id;
    const rate = await h.call(
      `${T}/rates`,
      post({ groupId: made.body_.group.id, regionId: gb, percent: '0' }, owner, 'PUT'),
    );
    expect(rate.body_.rate).toMatchObject({ rate: '0', regionId: gb });
    const sys = (await list()).groups.find((g: { system: boolean }) => g.system);
    const refused = await h.call(
      `${T}/groups/${sys.id}`,
      post({ name: 'Mine', revision: sys.revision }, owner, 'PATCH'),
    );
    expect(code(refused)).toBe('ILLEGAL_UPDATE_ON_SYSTEM_DEFINED_TAX_GROUP');
    expect((await h.call(`${T}/rates/${rate.body_.rate.id}`, { method: 'DELETE', token: owner })).body_.deleted).toBe(
      true,
    );
    expect((await h.call(`${T}/groups/${made.body_.group.id}`, { method: 'DELETE', token: owner })).body_.deleted).toBe(
      true,
    );
  });
});
