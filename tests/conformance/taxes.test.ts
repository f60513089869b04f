/**
 * Conformance of taxes (issue 40, i40-tax): the platform's generated clients `@wix/auto_sdk_ecom_tax-groups` and
 * `@wix/auto_sdk_ecom_tax-regions`, unmodified, against an in-process emulator (the boundary of sdk.test.ts), as an
 * admin (ApiKeyStrategy); a visitor and a member refused. The rate of a group in a region (manual tax mappings, whose
 * client is not installed) as raw requests through the same boundary, as its published client sends them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import * as taxGroups from '@wix/auto_sdk_ecom_tax-groups';
import * as taxRegions from '@wix/auto_sdk_ecom_tax-regions';
import { SITE_ID } from '../../emulator/domain/auth.ts';
import { DEFAULT_TAX_GROUP_ID, MANUAL_TAX_APP_ID } from '../../emulator/domain/taxes.ts';
import type { RunningEmulator } from '../../emulator/server.ts';
import { adminToken, DEMO_CLIENT_ID, memberTokens } from '../helpers/emulator.ts';
import { API_KEY, platformBoundary } from './boundary.ts';

const platform = platformBoundary();
const { covers, refuses } = platform;
let emu: RunningEmulator;
beforeAll(() => {
  emu = platform.emu;
});

const adminClient = () =>
  createClient({ auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: SITE_ID }), modules: { taxGroups, taxRegions } });

describe('tax groups and tax regions (admin)', () => {
  it('tax groups: create, get, query (builder), update with its revision, list default, delete', async () => {
    const admin = adminClient();
    const created = await admin.taxGroups.createTaxGroup({ name: 'Books' });
    expect(created).toMatchObject({ name: 'Books', revision: '1' });
    expect(created._createdDate).toBeInstanceOf(Date); // the SDK's timestamp transform read the wire date
    const id = created._id!;
    expect(await admin.taxGroups.getTaxGroup(id)).toMatchObject({ _id: id, name: 'Books' });
    const found = await admin.taxGroups.queryTaxGroups().eq('name', 'Books').find();
    expect(found.items.map((g) => g._id)).toEqual([id]);
    const renamed = await admin.taxGroups.updateTaxGroup(id, { name: 'Books and maps', revision: '1' });
    expect(renamed).toMatchObject({ name: 'Books and maps', revision: '2' });
    const defaults = await admin.taxGroups.listDefaultTaxGroups();
    expect(defaults.taxGroups?.map((g) => g._id)).toEqual([DEFAULT_TAX_GROUP_ID]);
    await expect(
      admin.taxGroups.updateTaxGroup(DEFAULT_TAX_GROUP_ID, { name: 'x', revision: '1' }),
    ).rejects.toMatchObject({ details: { applicationError: { code: 'ILLEGAL_UPDATE_ON_SYSTEM_DEFINED_TAX_GROUP' } } });
    await admin.taxGroups.deleteTaxGroup(id);
    await expect(admin.taxGroups.getTaxGroup(id)).rejects.toMatchObject({ details: { applicationError: {} } });
  });

  it('tax regions: create, bulk create, get, query (builder, cursor pages), update with its revision, delete', async () => {
    const admin = adminClient();
    const ny = await admin.taxRegions.createTaxRegion({ country: 'US', subdivision: 'NY', appId: MANUAL_TAX_APP_ID });
    expect(ny).toMatchObject({ country: 'US', subdivision: 'NY', appId: MANUAL_TAX_APP_ID, taxIncludedInPrice: false });
    await expect(
      admin.taxRegions.createTaxRegion({ country: 'US', subdivision: 'NY', appId: MANUAL_TAX_APP_ID }),
    ).rejects.toMatchObject({ details: { applicationError: { code: 'ALREADY_EXISTS' } } });

    const bulk = await admin.taxRegions.bulkCreateTaxRegion([
      { country: 'DE', appId: MANUAL_TAX_APP_ID, taxIncludedInPrice: true },
      { country: 'US', subdivision: 'Georgia', appId: MANUAL_TAX_APP_ID },
    ]);
    expect(bulk.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    expect(bulk.results?.[0]).toMatchObject({ itemMetadata: { success: true }, item: { country: 'DE' } });
    expect(bulk.results?.[1]).toMatchObject({
      itemMetadata: { success: false, originalIndex: 1, error: { code: 'INVALID_SUBDIVISION_FORMAT' } },
    });

    expect(await admin.taxRegions.getTaxRegion(ny._id!)).toMatchObject({ _id: ny._id, subdivision: 'NY' });
    const us = await admin.taxRegions.queryTaxRegions().eq('country', 'US').limit(2).find();
    expect(us.items).toHaveLength(2);
    expect(us.hasNext()).toBe(true);
    const rest = await us.next();
    expect(rest.items.length).toBeGreaterThan(0);
    expect([...us.items, ...rest.items].every((r) => r.country === 'US')).toBe(true);

    const updated = await admin.taxRegions.updateTaxRegion(ny._id!, { taxIncludedInPrice: true, revision: '1' });
    expect(updated).toMatchObject({ taxIncludedInPrice: true, revision: '2' });
    await admin.taxRegions.deleteTaxRegion(ny._id!);
    await expect(admin.taxRegions.getTaxRegion(ny._id!)).rejects.toBeDefined();
  });

  it('rates (manual tax mappings, raw): create, query, update with its revision, delete', async () => {
    const token = await adminToken(emu);
    const send = async (method: string, path: string, body?: unknown) => {
      const res = await platform.platformFetch(`/billing/v1/manual-tax-mappings${path}`, {
        method,
        headers: { Authorization: token, 'Content-Type': 'application/json' },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, json: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const gb = (await adminClient().taxRegions.queryTaxRegions().eq('country', 'GB').find()).items[0]!;
    const group = await adminClient().taxGroups.createTaxGroup({ name: 'Food' });
    const made = await send('POST', '', {
      manualTaxMapping: { taxGroupId: group._id, taxRegionId: gb._id, taxRate: '0.05', taxName: 'VAT' },
    });
    expect(made.status).toBe(200);
    expect(made.json['manualTaxMapping']).toMatchObject({ taxRate: '0.05', taxName: 'VAT', revision: '1' });
    const id = made.json['manualTaxMapping'].id as string;
    const q = await send('POST', '/query', { query: { filter: { taxRegionId: gb._id } } });
    expect(q.json['manualTaxMappings'].map((m: { id: string }) => m.id)).toContain(id);
    const up = await send('PATCH', `/${id}`, { manualTaxMapping: { id, taxRate: '0', revision: '1' } });
    expect(up.json['manualTaxMapping']).toMatchObject({ taxRate: '0', revision: '2' });
    expect((await send('DELETE', `/${id}`)).status).toBe(200);
  });

  it('a visitor and a member are refused (403)', async () => {
    const visitor = createClient({ auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID }), modules: { taxRegions } });
    await expect(visitor.taxRegions.queryTaxRegions().find()).rejects.toMatchObject({
      details: { applicationError: { code: 'PERMISSION_DENIED' } },
    });
    const { access, refresh } = await memberTokens(emu);
    const member = createClient({
      auth: OAuthStrategy({
        clientId: DEMO_CLIENT_ID,
        tokens: {
          accessToken: { value: access, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
          refreshToken: { value: refresh, role: 'member' as never },
        },
      }),
      modules: { taxGroups },
    });
    await expect(member.taxGroups.createTaxGroup({ name: 'x' })).rejects.toMatchObject({
      details: { applicationError: { code: 'PERMISSION_DENIED' } },
    });
  });
});

describe('coverage', () => {
  covers(
    'listDefaultTaxGroups',
    'createTaxGroup',
    'queryTaxGroups',
    'getTaxGroup',
    'updateTaxGroup',
    'deleteTaxGroup',
    'createTaxRegion',
    'bulkCreateTaxRegion',
    'queryTaxRegions',
    'getTaxRegion',
    'updateTaxRegion',
    'deleteTaxRegion',
    'createManualTaxMapping',
    'queryManualTaxMappings',
    'updateManualTaxMapping',
    'deleteManualTaxMapping',
  );
  refuses('queryTaxRegions', 'createTaxGroup');
  platform.coverageCase();
});
