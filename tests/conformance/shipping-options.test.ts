/**
 * Conformance of shipping options (issue 40, i40-ship): the platform's generated client
 * `@wix/auto_sdk_ecom_shipping-options`, unmodified, against an in-process emulator (the same boundary as
 * sdk.test.ts): create, get, update, query (builder and typed), add and remove a delivery region, delete, as an admin;
 * the delivery profiles' regions and the shipping label provider's configuration (no generated client: raw requests
 * through the same boundary); a visitor refused. The checkout then offers what the options define.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import * as shipping from '@wix/auto_sdk_ecom_shipping-options';
import { SITE_ID } from '../../emulator/domain/auth.ts';
import type { RunningEmulator } from '../../emulator/server.ts';
import { DEMO_CLIENT_ID } from '../helpers/emulator.ts';
import { API_KEY, platformBoundary } from './boundary.ts';

const platform = platformBoundary();
const { covers, refuses } = platform;
let emu: RunningEmulator;
beforeAll(() => {
  emu = platform.emu;
});

const US = '5a1e0000-0000-4000-8000-000000000001';
const CANADA = '5a1e0000-0000-4000-8000-000000000002';
const admin = () => createClient({ auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: SITE_ID }), modules: { shipping } });
const raw = (path: string, init: RequestInit = {}) =>
  platform.platformFetch(path, {
    ...init,
    headers: { authorization: API_KEY, 'wix-site-id': SITE_ID, 'content-type': 'application/json' },
  });

describe('shipping options (admin, the generated client)', () => {
  it('create, get, update (revision), query, add and remove a region, delete', async () => {
    const { shipping: s } = admin();
    const created = await s.createShippingOption({
      title: 'Bike courier',
      deliveryRegionIds: [US],
      estimatedDeliveryTime: 'Same day',
      rates: [
        { amount: '12.5', conditions: [{ type: 'BY_TOTAL_WEIGHT', operator: 'LTE', value: '5' }] },
        { amount: '0', conditions: [{ type: 'BY_TOTAL_PRICE', operator: 'GTE', value: '200' }] },
      ],
    });
    expect(created).toMatchObject({ title: 'Bike courier', deliveryRegionIds: [US], revision: '1' });
    expect(created._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created._createdDate).toBeInstanceOf(Date); // the SDK's timestamp transform read the wire date

    const got = await s.getShippingOption(created._id!);
    expect(got.rates).toEqual(created.rates);

    const updated = await s.updateShippingOption(created._id!, { revision: '1', title: 'Bike courier (city)' });
    expect(updated).toMatchObject({ title: 'Bike courier (city)', revision: '2', estimatedDeliveryTime: 'Same day' });
    // a stale revision: 409, and nothing changed
    await expect(s.updateShippingOption(created._id!, { revision: '1', title: 'Stale' })).rejects.toMatchObject({
      details: { applicationError: { code: 'REVISION_MISMATCH' } },
    });

    const page = await s.queryShippingOptions().eq('_id', created._id).find();
    expect(page.items.map((o) => o.title)).toEqual(['Bike courier (city)']);
    const typed = await s.queryShippingOptions({ filter: { estimatedDeliveryTime: 'Same day' } });
    // the typed call answers the response itself (`shippingOptions`), the builder's `items`
    const typedItems = (typed as { shippingOptions?: shipping.ShippingOption[] }).shippingOptions;
    expect(typedItems?.map((o) => o.title)).toEqual(['Bike courier (city)']);

    const added = await s.addDeliveryRegion(created._id!, CANADA, { revision: '2' });
    expect(added.shippingOption?.deliveryRegionIds).toEqual([US, CANADA]);
    const removed = await s.removeDeliveryRegion(created._id!, US, { revision: '3' });
    expect(removed.shippingOption?.deliveryRegionIds).toEqual([CANADA]);

    await s.deleteShippingOption(created._id!);
    await expect(s.getShippingOption(created._id!)).rejects.toMatchObject({
      details: { applicationError: { code: 'SHIPPING_OPTION_NOT_FOUND' } },
    });
  });

  it("the platform's validation words: no rate, a fractional quantity, an unknown region", async () => {
    const { shipping: s } = admin();
    await expect(s.createShippingOption({ title: 'None', deliveryRegionIds: [US], rates: [] })).rejects.toMatchObject({
      details: { validationError: { fieldViolations: [{ field: 'shippingOption.rates' }] } },
    });
    await expect(
      s.createShippingOption({
        title: 'Half',
        deliveryRegionIds: [US],
        rates: [{ amount: '1', conditions: [{ type: 'BY_TOTAL_QUANTITY', operator: 'GT', value: '1.5' }] }],
      }),
    ).rejects.toMatchObject({ details: { applicationError: { code: 'INVALID_QUANTITY_VALUE' } } });
    await expect(
      s.createShippingOption({
        title: 'Nowhere',
        deliveryRegionIds: ['00000000-0000-4000-8000-000000000000'],
        rates: [{ amount: '1' }],
      }),
    ).rejects.toMatchObject({
      details: { validationError: { fieldViolations: [{ field: 'shippingOption.deliveryRegionIds[0]' }] } },
    });
  });

  it('the delivery regions and the label provider configuration (raw: no generated client)', async () => {
    const profiles = (await (await raw('/ecom/v1/delivery-profiles/query', { method: 'POST', body: '{}' })).json()) as {
      deliveryProfiles: { deliveryRegions: { id: string; name: string }[] }[];
    };
    expect(profiles.deliveryProfiles[0]!.deliveryRegions.map((r) => r.name)).toEqual([
      'United States',
      'Canada',
      'International',
    ]);
    const list = (await (await raw('/ecom/v1/shipping-label-provider-configurations')).json()) as {
      configurations: { id: string; revision: string; shipFromAddress: { city: string } }[];
    };
    const c = list.configurations[0]!;
    expect(c.shipFromAddress.city).toBe('Portland');
    const res = await raw(`/ecom/v1/shipping-label-provider-configurations/${c.id}`, {
      method: 'PATCH',
      body: JSON.stringify({
        configuration: {
          revision: c.revision,
          services: ['PRIORITY_MAIL_EXPRESS'],
          markup: { type: 'FIXED', value: '1.50' },
        },
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      configuration: { revision: '2', services: ['PRIORITY_MAIL_EXPRESS'], markup: { type: 'FIXED', value: '1.50' } },
    });
    const bad = await raw(`/ecom/v1/shipping-label-provider-configurations/${c.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ configuration: { revision: '2', defaultPackage: { type: 'BOX' } } }),
    });
    expect(bad.status).toBe(400);
  });

  it('a visitor token is refused (403 PERMISSION_DENIED)', async () => {
    const shopper = createClient({ auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID }), modules: { shipping } });
    await expect(shopper.shipping.getShippingOption(US)).rejects.toMatchObject({
      details: { applicationError: { code: 'PERMISSION_DENIED' } },
    });
    void emu;
  });
});

describe('coverage', () => {
  covers(
    'createShippingOption',
    'getShippingOption',
    'updateShippingOption',
    'deleteShippingOption',
    'queryShippingOptions',
    'addShippingOptionRegion',
    'removeShippingOptionRegion',
    'queryDeliveryProfiles',
    'listShippingLabelConfigurations',
    'updateShippingLabelConfiguration',
  );
  refuses('getShippingOption');
  platform.coverageCase();
});
