/**
 * Conformance of discount rules (issue 40, i40-disc): the platform's generated client
 * `@wix/auto_sdk_ecom_discount-rules`, unmodified, against an in-process emulator (the boundary of sdk.test.ts). As an
 * admin: create (the SDK's date and float transforms both ways), get, update with the revision (a stale one refused),
 * query (filter, sort, cursor paging), delete; the validation words of the client's types; a visitor and a member
 * refused.
 */
import { describe, expect, it } from 'vitest';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import * as rules from '@wix/auto_sdk_ecom_discount-rules';
import { SITE_ID } from '../../emulator/domain/auth.ts';
import { STORES_APP_ID } from '../../emulator/domain/catalog.ts';
import { seedIds } from '../../emulator/seed.ts';
import { DEMO_CLIENT_ID, memberTokens } from '../helpers/emulator.ts';
import { API_KEY, platformBoundary } from './boundary.ts';

const platform = platformBoundary();
const { covers, refuses } = platform;
const admin = () => createClient({ auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: SITE_ID }), modules: { rules } });
const MUG = seedIds.products['enamel-camp-mug']!;

const scope = (ids?: string[]) => ({
  id: 'mugs',
  type: 'CATALOG_ITEM' as const,
  catalogItemFilter: { catalogAppId: STORES_APP_ID, ...(ids ? { catalogItemIds: ids } : {}) },
});

/** The SDK's error as the caller sees it: status and the platform's details. */
async function failure(p: Promise<unknown>) {
  const err = (await p.then(
    () => undefined,
    (e: unknown) => e,
  )) as {
    details?: {
      validationError?: { fieldViolations?: { field: string; description: string }[] };
      applicationError?: { code: string };
    };
  } & Error;
  expect(err, 'the call should have failed').toBeInstanceOf(Error);
  return err;
}

describe('discount rules (admin)', () => {
  it('create, get, update with the revision, query, delete: the SDK runs unmodified', async () => {
    const { rules: api } = admin();
    const start = new Date('2026-01-01T00:00:00.000Z');
    const created = await api.createDiscountRule({
      name: '20% off mugs from 2',
      trigger: { triggerType: 'ITEM_QUANTITY_RANGE', itemQuantityRange: { scopes: [scope([MUG])], from: 2 } },
      activeTimeInfo: { start },
      discounts: {
        values: [
          {
            targetType: 'SPECIFIC_ITEMS',
            specificItemsInfo: { scopes: [scope([MUG])] },
            discountType: 'PERCENTAGE',
            percentage: 20,
          },
        ],
      },
    });
    expect(created).toMatchObject({ name: '20% off mugs from 2', active: true, revision: '1', usageCount: 0 });
    expect(created._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created._createdDate).toBeInstanceOf(Date); // the SDK read the wire's timestamps
    expect(created.activeTimeInfo?.start).toEqual(start);
    expect(created.discounts?.values?.[0]?.percentage).toBe(20);
    expect(['LIVE', 'PENDING']).toContain(created.status);

    const got = await api.getDiscountRule(created._id!);
    expect(got).toEqual(created);

    const updated = await api.updateDiscountRule(created._id!, {
      revision: created.revision,
      name: '25% off mugs from 2',
      discounts: {
        values: [
          {
            targetType: 'SPECIFIC_ITEMS',
            specificItemsInfo: { scopes: [scope([MUG])] },
            discountType: 'PERCENTAGE',
            percentage: 25,
          },
        ],
      },
    });
    expect(updated).toMatchObject({ name: '25% off mugs from 2', revision: '2' });
    expect(updated.trigger).toEqual(created.trigger); // not sent: kept

    const stale = await failure(api.updateDiscountRule(created._id!, { revision: '1', active: false }));
    expect(stale.details?.applicationError?.code).toBe('REVISION_MISMATCH');
    expect((await api.getDiscountRule(created._id!)).active).toBe(true);

    const found = await api.queryDiscountRules().eq('name', '25% off mugs from 2').find();
    expect(found.items.map((r) => r._id)).toEqual([created._id]);
    const all = await api.queryDiscountRules().ascending('name').limit(1).find();
    expect(all.items).toHaveLength(1);
    expect(all.hasNext()).toBe(true); // the seeded rule and this one
    const next = await all.next();
    expect(next.items).toHaveLength(1);
    expect(next.items[0]!._id).not.toBe(all.items[0]!._id);

    await api.deleteDiscountRule(created._id!);
    const gone = await failure(api.getDiscountRule(created._id!));
    expect(gone.details?.applicationError?.code).toBe('DISCOUNT_RULE_NOT_FOUND');
  });

  it('the migrated rule reads in the platform model: 15 % off every Stores item from a $150 subtotal', async () => {
    const { items } = await admin().rules.queryDiscountRules().eq('name', '15% off orders of $150 or more').find();
    expect(items[0]).toMatchObject({
      active: true,
      status: 'LIVE',
      trigger: { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '150.00' } },
      discounts: {
        values: [
          {
            targetType: 'SPECIFIC_ITEMS',
            discountType: 'PERCENTAGE',
            percentage: 15,
            specificItemsInfo: {
              scopes: [{ type: 'CATALOG_ITEM', catalogItemFilter: { catalogAppId: STORES_APP_ID } }],
            },
          },
        ],
      },
    });
  });

  it('validation in the types’ words: name length, percentage bounds, decimal scale, one discount, window order', async () => {
    const { rules: api } = admin();
    const base = {
      name: 'ok',
      discounts: {
        values: [
          {
            targetType: 'SPECIFIC_ITEMS' as const,
            specificItemsInfo: { scopes: [scope()] },
            discountType: 'PERCENTAGE' as const,
            percentage: 10,
          },
        ],
      },
    };
    const fields = async (rule: Parameters<typeof api.createDiscountRule>[0]) =>
      (await failure(api.createDiscountRule(rule))).details?.validationError?.fieldViolations?.map((v) => v.field);
    expect(await fields({ ...base, name: 'x'.repeat(51) })).toEqual(['discountRule.name']);
    expect(
      await fields({ ...base, discounts: { values: [{ ...base.discounts.values[0]!, percentage: 0.05 }] } }),
    ).toEqual(['discountRule.discounts.values[0].percentage']);
    expect(
      await fields({
        ...base,
        discounts: {
          values: [
            {
              targetType: 'SPECIFIC_ITEMS',
              specificItemsInfo: { scopes: [scope()] },
              discountType: 'FIXED_AMOUNT',
              fixedAmount: '1.23456',
            },
          ],
        },
      }),
    ).toEqual(['discountRule.discounts.values[0].fixedAmount']);
    expect(
      await fields({ ...base, discounts: { values: [base.discounts.values[0]!, base.discounts.values[0]!] } }),
    ).toEqual(['discountRule.discounts.values']);
    expect(
      await fields({
        ...base,
        activeTimeInfo: { start: new Date('2026-03-02T00:00:00Z'), end: new Date('2026-03-01T00:00:00Z') },
      }),
    ).toEqual(['discountRule.activeTimeInfo.end']);
    expect(
      await fields({ ...base, trigger: { triggerType: 'SUBTOTAL_RANGE', itemQuantityRange: { from: 2 } } }),
    ).toEqual(['discountRule.trigger.subtotalRange']);
    const { items } = await api.queryDiscountRules().eq('name', 'ok').find();
    expect(items).toEqual([]); // nothing was created
  });

  it('a visitor and a member are refused (403)', async () => {
    const visitor = createClient({ auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID }), modules: { rules } });
    const v = await failure(visitor.rules.queryDiscountRules().find());
    expect(v.message).toMatch(/403|PERMISSION_DENIED|denied/i);
    const access = (await memberTokens(platform.emu, 'member')).access;
    const res = await platform.platformFetch('/ecom/v1/discount-rules', {
      method: 'POST',
      headers: { authorization: access, 'content-type': 'application/json' },
      body: JSON.stringify({ discountRule: { name: 'x' } }),
    });
    expect(res.status).toBe(403);
  });
});

describe('coverage', () => {
  covers('createDiscountRule', 'getDiscountRule', 'updateDiscountRule', 'deleteDiscountRule', 'queryDiscountRules');
  refuses('queryDiscountRules', 'createDiscountRule');
  platform.coverageCase();
});
