/**
 * Tax groups, tax regions and their rates (issue 40, i40-tax): what the owner sets changes the tax a checkout
 * computes, and the checkout names the region; the platform's validation words; owner only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES_APP_ID } from './domain/catalog.ts';
import { DEFAULT_TAX_GROUP_ID, MANUAL_TAX_APP_ID, setProductTaxGroup } from './domain/taxes.ts';
import { seedIds } from './seed.ts';
import type { RunningEmulator } from './server.ts';
import { adminToken, api, memberTokens, startTestEmulator, visitorTokens } from '../tests/helpers/emulator.ts';

const STOOL = seedIds.products['folding-camp-stool']!; // $58.00
const TAPERS = seedIds.products['beeswax-taper-candles']!;
const REDIRECT = '/_api/redirects-api/v1/redirect-session';
const NY = { country: 'US', subdivision: 'US-NY' };

let emu: RunningEmulator;
let admin: string;
beforeAll(async () => {
  emu = await startTestEmulator();
  admin = await adminToken(emu);
});
afterAll(() => emu.close());

const as = (token: string) => ({
  post: (path: string, body: unknown) => api(emu, path, { token, body }),
  patch: (path: string, body: unknown) => api(emu, path, { token, method: 'PATCH', body }),
  del: (path: string) => api(emu, path, { token, method: 'DELETE' }),
  get: (path: string) => api(emu, path, { token }),
});

/** A visitor's cart of `lines`, its estimate to `address`, and its hosted checkout page's tax line and total. */
async function checkoutOf(lines: { productId: string; quantity: number }[], address: Record<string, string>) {
  const { access } = await visitorTokens(emu);
  await api(emu, '/ecom/v1/carts/current/add-to-cart', {
    token: access,
    body: {
      lineItems: lines.map((l) => ({
        catalogReference: { appId: STORES_APP_ID, catalogItemId: l.productId },
        quantity: l.quantity,
      })),
    },
  });
  const est = await api(emu, '/ecom/v1/carts/current/estimate-totals', {
    token: access,
    body: { shippingAddress: address },
  });
  const { checkoutId } = (
    await api(emu, '/ecom/v1/carts/current/create-checkout', {
      token: access,
      body: { channelType: 'WEB', shippingAddress: address },
    })
  ).json as { checkoutId: string };
  const rs = await api(emu, REDIRECT, {
    token: access,
    body: { ecomCheckout: { checkoutId }, callbacks: { thankYouPageUrl: 'http://127.0.0.1:5173/thank-you' } },
  });
  const html = await (await fetch(rs.json.redirectSession.fullUrl as string)).text();
  const cell = (id: string) => new RegExp(`id="${id}">([^<]*)<`).exec(html)?.[1];
  return {
    summary: est.json.priceSummary as Record<string, { amount: string }>,
    taxSummary: est.json.taxSummary as { calculationDetails: { taxRegion: string; taxRate: string } },
    page: { region: cell('sum-tax-region'), tax: cell('sum-tax')?.replace(/<[^>]*>/g, ''), html },
  };
}
const plain = (s: string | undefined) => (s ?? '').replace(/<span class="cur">[^<]*<\/span>/g, '');

describe('tax regions and groups change what a checkout computes', () => {
  it('a region with its own rate: the estimate and the hosted checkout tax at it and name the region', async () => {
    const owner = as(admin);
    // before: no region covers New York; the fallback rate (8 %) named after the address
    const before = await checkoutOf([{ productId: STOOL, quantity: 1 }], NY);
    expect(before.summary['tax']!.amount).toBe('4.64');
    expect(before.taxSummary.calculationDetails.taxRegion).toBe('New York');

    const created = await owner.post('/billing/v1/tax-regions', {
      taxRegion: { country: 'US', subdivision: 'NY', appId: MANUAL_TAX_APP_ID },
    });
    expect(created.status).toBe(200);
    expect(created.json.taxRegion).toMatchObject({
      country: 'US',
      subdivision: 'NY',
      appId: MANUAL_TAX_APP_ID,
      taxIncludedInPrice: false,
      revision: '1',
    });
    const region = created.json.taxRegion.id as string;
    // a region without a rate charges none (the platform's manual rates: a rate per group and region)
    expect((await checkoutOf([{ productId: STOOL, quantity: 1 }], NY)).summary['tax']!.amount).toBe('0.00');

    const rate = await owner.post('/billing/v1/manual-tax-mappings', {
      manualTaxMapping: { taxGroupId: DEFAULT_TAX_GROUP_ID, taxRegionId: region, taxRate: '0.04875' },
    });
    expect(rate.status).toBe(200);
    expect(rate.json.manualTaxMapping).toMatchObject({ taxRate: '0.04875', taxRegionId: region });
    const after = await checkoutOf([{ productId: STOOL, quantity: 1 }], NY);
    // 4.875 % of 58.00 = 2.8275 → 2.83; 58.00 + 6.95 + 2.83
    expect(after.summary).toMatchObject({ tax: { amount: '2.83' }, total: { amount: '67.78' } });
    expect(after.taxSummary.calculationDetails).toMatchObject({ taxRegion: 'New York', taxRate: '0.04875' });
    expect(after.page.region).toBe('New York');
    expect(plain(after.page.tax)).toBe('$2.83');
    expect(after.page.html).not.toContain('Default');

    // the owner changes the rate: the next checkout taxes at the new one
    const changed = await owner.patch(`/billing/v1/manual-tax-mappings/${rate.json.manualTaxMapping.id}`, {
      manualTaxMapping: { taxRate: '0.1', revision: '1' },
    });
    expect(changed.json.manualTaxMapping).toMatchObject({ taxRate: '0.1', revision: '2' });
    expect((await checkoutOf([{ productId: STOOL, quantity: 1 }], NY)).summary['tax']!.amount).toBe('5.80');

    // prices that include the tax: the tax is the part of the price that is tax, the total does not grow
    const included = await owner.patch(`/billing/v1/tax-regions/${region}`, {
      taxRegion: { taxIncludedInPrice: true, revision: '1' },
    });
    expect(included.json.taxRegion).toMatchObject({ taxIncludedInPrice: true, revision: '2' });
    const inc = await checkoutOf([{ productId: STOOL, quantity: 1 }], NY);
    // 58.00 × 0.1 / 1.1 = 5.2727 → 5.27; total 58.00 + 6.95
    expect(inc.summary).toMatchObject({ tax: { amount: '5.27' }, total: { amount: '64.95' } });
    expect(plain(inc.page.tax)).toBe('$5.27');

    // the region deleted: its rates go with it, the fallback applies again
    expect((await owner.del(`/billing/v1/tax-regions/${region}`)).status).toBe(200);
    expect((await owner.get(`/billing/v1/tax-regions/${region}`)).status).toBe(404);
    expect((await checkoutOf([{ productId: STOOL, quantity: 1 }], NY)).summary['tax']!.amount).toBe('4.64');
  });

  it("a product's tax group: its rate in the region, else the default group's; a cart of two groups", async () => {
    const owner = as(admin);
    const group = await owner.post('/billing/v1/tax-groups', { taxGroup: { name: 'Candles' } });
    expect(group.status).toBe(200);
    const groupId = group.json.taxGroup.id as string;
    const ca = (
      await owner.post('/billing/v1/tax-regions/query', { query: { filter: { country: 'US', subdivision: 'CA' } } })
    ).json.taxRegions[0].id as string;
    // California: 7.25 % for the default group (migrated from the old table); candles at 2 %
    await owner.post('/billing/v1/manual-tax-mappings', {
      manualTaxMapping: { taxGroupId: groupId, taxRegionId: ca, taxRate: '0.02' },
    });
    const CAL = { country: 'US', subdivision: 'CA' };
    const lines = [
      { productId: STOOL, quantity: 1 },
      { productId: TAPERS, quantity: 2 },
    ];
    const mixed = await checkoutOf(lines, CAL);
    const tapers = Math.round(Number(mixed.summary['subtotal']!.amount) * 100) - 5800;
    const allDefault = Math.round(((5800 + tapers) * 725) / 10000); // half up, exact
    expect(Math.round(Number(mixed.summary['tax']!.amount) * 100)).toBe(allDefault);

    setProductTaxGroup(emu.db, TAPERS, groupId);
    try {
      const split = await checkoutOf(lines, CAL);
      expect(Math.round(Number(split.summary['tax']!.amount) * 100)).toBe(
        Math.round((5800 * 725) / 10000) + Math.round((tapers * 2) / 100),
      );
      expect(split.page.region).toBe('California');
      // a region where the group has no rate of its own: the default group's (Oregon: none)
      const or = await checkoutOf(lines, { country: 'US', subdivision: 'OR' });
      expect(or.summary['tax']!.amount).toBe('0.00');
      // the group deleted: its products are in the default group again
      expect((await owner.del(`/billing/v1/tax-groups/${groupId}`)).status).toBe(200);
      expect(Math.round(Number((await checkoutOf(lines, CAL)).summary['tax']!.amount) * 100)).toBe(allDefault);
    } finally {
      setProductTaxGroup(emu.db, TAPERS, null);
    }
  });
});

describe('the platform model and its validation words', () => {
  it('migrated regions, the default group, queries', async () => {
    const owner = as(admin);
    const regions = (await owner.post('/billing/v1/tax-regions/query', { query: {} })).json.taxRegions as {
      country: string;
      subdivision: string;
      appId: string;
    }[];
    expect(regions.map((r) => `${r.country}-${r.subdivision}`)).toEqual(
      expect.arrayContaining(['CA-', 'GB-', 'US-CA', 'US-OR']),
    );
    expect(regions.every((r) => r.appId === MANUAL_TAX_APP_ID)).toBe(true);
    expect(regions.some((r) => r.country === '*')).toBe(false);
    const defaults = await owner.get('/billing/v1/tax-groups/default-tax-groups');
    expect(defaults.json.taxGroups).toEqual([expect.objectContaining({ id: DEFAULT_TAX_GROUP_ID, name: 'Products' })]);
    const page = await owner.post('/billing/v1/tax-groups/query', { query: { paging: { limit: 1 } } });
    expect(page.json.taxGroups).toHaveLength(1);
  });

  it('refuses what the platform refuses, in its words', async () => {
    const owner = as(admin);
    const region = (body: Record<string, unknown>) =>
      owner.post('/billing/v1/tax-regions', { taxRegion: { appId: MANUAL_TAX_APP_ID, ...body } });
    const code = (r: Awaited<ReturnType<typeof api>>) => r.json?.details?.applicationError?.code;
    const field = (r: Awaited<ReturnType<typeof api>>) => r.json?.details?.validationError?.fieldViolations?.[0];

    const dup = await region({ country: 'US', subdivision: 'CA' });
    expect([dup.status, code(dup)]).toEqual([409, 'ALREADY_EXISTS']);
    const name = await region({ country: 'US', subdivision: 'Georgia' });
    expect([name.status, code(name)]).toEqual([400, 'INVALID_SUBDIVISION_FORMAT']);
    const unsupported = await region({ country: 'JP', subdivision: '13' });
    expect([unsupported.status, code(unsupported)]).toEqual([400, 'SUBDIVISIONS_NOT_SUPPORTED_FOR_COUNTRY']);
    const calc = await region({ country: 'JP', appId: '00000000-0000-4000-8000-000000000000' });
    expect([calc.status, code(calc)]).toEqual([400, 'CALCULATOR_ID_NOT_FOUND']);
    expect(field(await region({ country: 'Japan' }))).toMatchObject({ field: 'taxRegion.country' });
    expect(field(await region({ country: 'KP' }))).toMatchObject({ field: 'taxRegion.country' });
    expect(field(await region({}))).toMatchObject({ field: 'taxRegion.country', violatedRule: 'REQUIRED_FIELD' });

    const jp = await region({ country: 'JP', subdivision: '*' });
    expect(jp.json.taxRegion).toMatchObject({ country: 'JP', subdivision: '' });
    const stale = await owner.patch(`/billing/v1/tax-regions/${jp.json.taxRegion.id}`, {
      taxRegion: { taxIncludedInPrice: true, revision: '7' },
    });
    expect([stale.status, code(stale)]).toEqual([409, 'REVISION_MISMATCH']);

    const sys = await owner.patch(`/billing/v1/tax-groups/${DEFAULT_TAX_GROUP_ID}`, {
      taxGroup: { name: 'Mine', revision: '1' },
    });
    expect([sys.status, code(sys)]).toEqual([400, 'ILLEGAL_UPDATE_ON_SYSTEM_DEFINED_TAX_GROUP']);
    expect(field(await owner.post('/billing/v1/tax-groups', { taxGroup: { name: '' } }))).toMatchObject({
      field: 'taxGroup.name',
    });

    const rate = (taxRate: string, taxRegionId = jp.json.taxRegion.id) =>
      owner.post('/billing/v1/manual-tax-mappings', {
        manualTaxMapping: { taxGroupId: DEFAULT_TAX_GROUP_ID, taxRegionId, taxRate },
      });
    expect(field(await rate('8%'))).toMatchObject({ field: 'manualTaxMapping.taxRate', violatedRule: 'FORMAT' });
    expect(field(await rate('1.5'))).toMatchObject({ field: 'manualTaxMapping.taxRate' });
    expect(code(await rate('0.1', '00000000-0000-4000-8000-000000000000'))).toBe('TAX_REGION_ID_NOT_FOUND');
    expect((await rate('0.1')).status).toBe(200);
    expect(code(await rate('0.2'))).toBe('MANUAL_TAX_MAPPING_ALREADY_EXISTS');
  });

  it('a visitor and a member are refused every call', async () => {
    const visitor = (await visitorTokens(emu)).access;
    const member = (await memberTokens(emu)).access;
    for (const token of [visitor, member]) {
      const who = as(token);
      for (const r of [
        await who.post('/billing/v1/tax-regions/query', { query: {} }),
        await who.post('/billing/v1/tax-groups', { taxGroup: { name: 'x' } }),
        await who.get('/billing/v1/tax-groups/default-tax-groups'),
        await who.post('/billing/v1/manual-tax-mappings/query', { query: {} }),
      ])
        expect(r.status).toBe(403);
    }
  });
});
