/**
 * Shipping options change what a checkout computes (issue 40, i40-ship): an option's regions decide whether an address
 * is offered it, its rates (conditions on price, weight, quantity; the lowest that holds) its price, on estimate
 * totals, on the checkout and on the hosted checkout page, which refuses an option the address is not offered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_VARIANT_ID, STORES_APP_ID } from './domain/catalog.ts';
import { offerPrices, optionPrice, regionsOf, type Rate } from './domain/shipping-options.ts';
import { seedIds } from './seed.ts';
import {
  adminToken,
  api,
  CHECKOUT_FORM,
  memberTokens,
  startTestEmulator,
  visitorTokens,
} from '../tests/helpers/emulator.ts';
import type { RunningEmulator } from './server.ts';

const CART = '/ecom/v1/carts/current';
const SHIP = '/ecom/v1/shipping-options';
const US = '5a1e0000-0000-4000-8000-000000000001';
const CANADA = '5a1e0000-0000-4000-8000-000000000002';
const WORLD = '5a1e0000-0000-4000-8000-000000000003';
const STOOL = seedIds.products['folding-camp-stool']!; // $58.00

const rate = (amount: string, ...conditions: Rate['conditions']): Rate => ({
  amount,
  conditions,
  multiplyByQuantity: false,
});

describe('rates and regions (hand-computed)', () => {
  const cart = { priceCents: 8400, quantity: 2, weight: 3 };
  it('the lowest rate whose conditions all hold; none holds: not offered', () => {
    expect(
      optionPrice([rate('9.99'), rate('4.5', { type: 'BY_TOTAL_WEIGHT', operator: 'LTE', value: '3' })], cart),
    ).toBe(450);
    expect(optionPrice([rate('4', { type: 'BY_TOTAL_QUANTITY', operator: 'GT', value: '2' })], cart)).toBeUndefined();
    expect(optionPrice([rate('0', { type: 'BY_TOTAL_PRICE', operator: 'GTE', value: '84' })], cart)).toBe(0);
    expect(
      optionPrice([rate('0', { type: 'BY_TOTAL_PRICE', operator: 'GT', value: '84.000001' })], cart),
    ).toBeUndefined();
    expect(optionPrice([{ ...rate('2.25'), multiplyByQuantity: true }], cart)).toBe(450);
  });
  it('an address is in the regions that name it, else in the rest of the world', () => {
    const regions = [
      { id: 'us', name: 'US', destinations: [{ countryCode: 'US', subdivisions: [] }] },
      { id: 'west', name: 'West', destinations: [{ countryCode: 'US', subdivisions: ['CA', 'OR'] }] },
      { id: 'world', name: 'World', destinations: [] },
    ];
    expect([...regionsOf(regions, { country: 'US', subdivision: 'US-CA' })]).toEqual(['us', 'west']);
    expect([...regionsOf(regions, { country: 'US', subdivision: 'NY' })]).toEqual(['us']);
    expect([...regionsOf(regions, { country: 'FR' })]).toEqual(['world']);
    expect(offerPrices([{ code: 'a', carrierId: '', title: '', deliveryTime: '', rates: [rate('1')] }], 0, [])).toEqual(
      [expect.objectContaining({ cents: 100 })],
    );
  });
});

describe('shipping options over HTTP: what the checkout offers', () => {
  let emu: RunningEmulator;
  let admin: string;
  beforeAll(async () => {
    emu = await startTestEmulator();
    admin = await adminToken(emu);
  });
  afterAll(() => emu.close());

  const cartOf = async (quantity: number) => {
    const { access } = await visitorTokens(emu);
    const lineItems = [
      {
        catalogReference: { appId: STORES_APP_ID, catalogItemId: STOOL, options: { variantId: DEFAULT_VARIANT_ID } },
        quantity,
      },
    ];
    expect((await api(emu, `${CART}/add-to-cart`, { token: access, body: { lineItems } })).status).toBe(200);
    return access;
  };
  const estimate = async (token: string, address: Record<string, string>, code?: string) =>
    (
      await api(emu, `${CART}/estimate-totals`, {
        token,
        body: { shippingAddress: address, ...(code ? { selectedShippingOption: { code } } : {}) },
      })
    ).json;
  const offered = (est: {
    shippingInfo: {
      carrierServiceOptions: { shippingOptions: { title: string; cost: { price: { amount: string } } }[] }[];
    };
  }) => est.shippingInfo.carrierServiceOptions[0]!.shippingOptions.map((o) => `${o.title} ${o.cost.price.amount}`);

  it('an option created for Canada is offered to a Canadian address at its rate, never to a US one; editing its rate changes the checkout', async () => {
    const token = await cartOf(1);
    const before = await estimate(token, { country: 'CA', subdivision: 'CA-QC' });
    expect(offered(before)).toEqual(['Standard shipping 6.95', 'Express shipping 19.95']);

    const created = await api(emu, SHIP, {
      token: admin,
      body: {
        shippingOption: {
          title: 'Canada Post',
          deliveryRegionIds: [CANADA],
          estimatedDeliveryTime: '4–8 business days',
          rates: [rate('14.00'), rate('9.50', { type: 'BY_TOTAL_QUANTITY', operator: 'LTE', value: '1' })],
        },
      },
    });
    expect(created.status).toBe(200);
    const id = created.json.shippingOption.id as string;
    const code = id; // a new option's checkout code is its id

    const ca = await estimate(token, { country: 'CA', subdivision: 'CA-QC' }, code);
    expect(offered(ca)).toContain('Canada Post 9.50');
    expect(ca.shippingInfo.selectedCarrierServiceOption).toMatchObject({ code, title: 'Canada Post' });
    expect(ca.priceSummary.shipping.amount).toBe('9.50');
    expect(offered(await estimate(token, { country: 'US', subdivision: 'US-NY' }))).not.toContain('Canada Post 9.50');

    // two stools: the quantity condition no longer holds, the other rate does
    const two = await cartOf(2);
    expect((await estimate(two, { country: 'CA' }, code)).priceSummary.shipping.amount).toBe('14.00');

    // the owner raises the rate: the same cart is asked the new price
    const upd = await api(emu, `${SHIP}/${id}`, {
      method: 'PATCH',
      token: admin,
      body: { shippingOption: { id, revision: '1', rates: [rate('11.25')] }, fieldMask: { paths: ['rates'] } },
    });
    expect(upd.status).toBe(200);
    expect((await estimate(token, { country: 'CA' }, code)).priceSummary.shipping.amount).toBe('11.25');
  });

  it('a region taken off an option: the address is no longer offered it; the rest of the world gets the International region', async () => {
    const token = await cartOf(1);
    const list = await api(emu, `${SHIP}/query`, {
      token: admin,
      body: { query: { filter: { estimatedDeliveryTime: '1–2 business days' } } },
    });
    const express = list.json.shippingOptions[0];
    expect(express.deliveryRegionIds).toEqual([US, CANADA, WORLD]);
    const rm = await api(emu, `${SHIP}/${express.id}/remove-delivery-region`, {
      token: admin,
      body: { deliveryRegionId: WORLD, revision: express.revision },
    });
    expect(rm.status).toBe(200);
    expect(offered(await estimate(token, { country: 'FR' }))).toEqual(['Standard shipping 6.95']);
    expect(offered(await estimate(token, { country: 'US', subdivision: 'US-OR' }))).toEqual([
      'Standard shipping 6.95',
      'Express shipping 19.95',
    ]);

    // the hosted checkout refuses express to France, and places it to Oregon at its price
    const created = await api(emu, `${CART}/create-checkout`, { token, body: { channelType: 'WEB' } });
    const rs = await api(emu, '/_api/redirects-api/v1/redirect-session', {
      token,
      body: {
        ecomCheckout: { checkoutId: created.json.checkoutId },
        callbacks: { thankYouPageUrl: 'http://127.0.0.1:5173/ty' },
      },
    });
    const url = new URL(rs.json.redirectSession.fullUrl);
    const page = await (await fetch(url)).text();
    // the page lists both, each with the places it covers (its script shows those of the address chosen)
    expect(page).toMatch(/value="express" data-cents="1995" data-where="US CA"/);
    const post = (fields: Record<string, string>) =>
      fetch(`${url.origin}/_hosted/checkout${url.search}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url.origin },
        body: new URLSearchParams({ ...CHECKOUT_FORM, ...fields }).toString(),
      });
    const fr = await post({ country: 'FR', subdivision: '', shipping: 'express' });
    expect(fr.status).toBe(400);
    expect(await fr.text()).toContain('Choose a shipping option');
    const or = await post({ shipping: 'express' });
    expect(or.status).toBe(302);
    const orderId = new URL(or.headers.get('location')!).searchParams.get('orderId')!;
    const order = await api(emu, `/ecom/v1/orders/${orderId}`, { method: 'GET', token: admin });
    expect(order.json.order.shippingInfo).toMatchObject({
      title: 'Express shipping',
      cost: { price: { amount: '19.95' } },
    });
  });

  it('a visitor and a member are refused every shipping call (403)', async () => {
    const visitor = (await visitorTokens(emu)).access;
    const member = (await memberTokens(emu, 'member')).access;
    for (const token of [visitor, member]) {
      const r = await api(emu, SHIP, {
        token,
        body: { shippingOption: { title: 'x', deliveryRegionIds: [US], rates: [rate('1')] } },
      });
      expect(r.status).toBe(403);
      expect((await api(emu, '/ecom/v1/shipping-label-provider-configurations', { method: 'GET', token })).status).toBe(
        403,
      );
    }
  });
});
