import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTotals, type Coupon, type DiscountRule, type ShippingOption } from './domain/commerce.ts';
import { DEFAULT_VARIANT_ID, STORES_APP_ID } from './domain/catalog.ts';
import { seedIds, seedVariantId } from './seed.ts';
import {
  adminToken,
  CHECKOUT_FORM,
  api,
  memberTokens,
  payCheckout,
  placeOrder,
  startTestEmulator,
  visitorTokens,
} from '../tests/helpers/emulator.ts';
import { SITE_ID, issueAuthorizationCode, pkceChallenge } from './domain/auth.ts';
import type { RunningEmulator } from './server.ts';

/** The hosted checkout form posted as the page itself posts it (same origin). */
const postHosted = (url: URL, fields: Record<string, string>) =>
  fetch(`${url.origin}/_hosted/checkout${url.search}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url.origin },
    body: new URLSearchParams(fields).toString(),
  });

const CART = '/ecom/v1/carts/current';
const P = seedIds.products;
const FOREST = seedVariantId('enamel-camp-mug', { Color: 'Forest' });
const NAVY = seedVariantId('enamel-camp-mug', { Color: 'Navy' });
const MOSS = seedVariantId('merino-wool-blanket', { Color: 'Moss' });
const TAPERS = P['beeswax-taper-candles']!; // stock not tracked: any quantity can be bought
const item = (productId: string, variantId: string, quantity: number) => ({
  catalogReference: { appId: STORES_APP_ID, catalogItemId: productId, options: { variantId } },
  quantity,
});

describe('computeTotals (hand-computed)', () => {
  const rule: DiscountRule = {
    id: 'r',
    name: '15% over $150',
    fromCents: 15000,
    toCents: null,
    discountType: 'PERCENTAGE',
    value: 1500,
  };
  const pct: Coupon = {
    id: 'c',
    code: 'WELCOME10',
    name: '10%',
    discountType: 'PERCENTAGE',
    value: 1000,
    startsDate: null,
    expiresDate: null,
  };
  const fixed: Coupon = { ...pct, code: 'FERN5', discountType: 'FIXED_AMOUNT', value: 500 };
  const options: ShippingOption[] = [
    {
      code: 'standard',
      carrierId: 'x',
      title: 'Standard',
      deliveryTime: '',
      rates: [
        { amount: '6.95', conditions: [], multiplyByQuantity: false },
        {
          amount: '0',
          conditions: [{ type: 'BY_TOTAL_PRICE', operator: 'GTE', value: '75' }],
          multiplyByQuantity: false,
        },
      ],
    },
    {
      code: 'express',
      carrierId: 'x',
      title: 'Express',
      deliveryTime: '',
      rates: [{ amount: '19.95', conditions: [], multiplyByQuantity: false }],
    },
  ];

  it('below the rule: 2 × $18 with WELCOME10 at 8 %: 36.00 − 3.60 + 6.95 shipping + 2.59 tax = 41.94', () => {
    const t = computeTotals({
      lines: [{ id: 'a', unitCents: 1800, quantity: 2 }],
      rules: [rule],
      coupon: pct,
      options,
      taxRateBp: 800,
    });
    expect(t).toMatchObject({ subtotal: 3600, discount: 360, shipping: 695, taxable: 3240, tax: 259, total: 4194 });
    expect(t.discounts.map((d) => d.kind)).toEqual(['coupon']);
  });

  it('rule + fixed coupon, free standard shipping, 7.25 %: 187.00 − 28.05 − 5.00 = 153.95; tax 11.16; total 165.11', () => {
    const lines = [
      { id: 'a', unitCents: 12900, quantity: 1 },
      { id: 'b', unitCents: 5800, quantity: 1 },
    ];
    const t = computeTotals({ lines, rules: [rule], coupon: fixed, options, taxRateBp: 725 });
    expect(t).toMatchObject({ subtotal: 18700, discount: 3305, shipping: 0, tax: 1116, total: 16511 });
    expect(t.discounts).toEqual([
      expect.objectContaining({ kind: 'rule', amount: 2805 }),
      expect.objectContaining({ kind: 'coupon', amount: 500 }),
    ]);
    const express = computeTotals({
      lines,
      rules: [rule],
      coupon: fixed,
      options,
      selectedCode: 'express',
      taxRateBp: 725,
    });
    expect(express).toMatchObject({ shipping: 1995, total: 18506 });
  });

  it('a fixed coupon never makes the total negative; an empty cart has no shipping', () => {
    const t = computeTotals({
      lines: [{ id: 'a', unitCents: 300, quantity: 1 }],
      rules: [],
      coupon: fixed,
      options,
      taxRateBp: 800,
    });
    expect(t).toMatchObject({ subtotal: 300, discount: 300, taxable: 0, tax: 0, shipping: 695, total: 695 });
    expect(computeTotals({ lines: [], rules: [rule], coupon: pct, options, taxRateBp: 800 })).toMatchObject({
      subtotal: 0,
      discount: 0,
      shipping: 0,
      total: 0,
    });
  });

  it('the rule starts exactly at its threshold (inclusive)', () => {
    const t = computeTotals({
      lines: [{ id: 'a', unitCents: 15000, quantity: 1 }],
      rules: [rule],
      options,
      taxRateBp: 0,
    });
    expect(t).toMatchObject({ discount: 2250, shipping: 0, total: 12750 });
  });
});

describe('current cart routes', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator();
  });
  afterAll(() => emu.close());

  it('no cart yet: changes answer 404 OWNED_CART_NOT_FOUND, GET gives an empty cart; add fills it (money as decimal strings)', async () => {
    const { access } = await visitorTokens(emu);
    const none = await api(emu, `${CART}/remove-coupon`, { token: access, body: {} });
    expect(none.status).toBe(404);
    expect(none.json.details.applicationError.code).toBe('OWNED_CART_NOT_FOUND');
    const empty = await api(emu, CART, { token: access });
    expect(empty.json.cart).toMatchObject({
      lineItems: [],
      subtotal: { amount: '0.00', formattedAmount: '$0.00' },
      revision: '1',
    });
    const r = await api(emu, `${CART}/add-to-cart`, {
      token: access,
      body: { lineItems: [item(P['enamel-camp-mug']!, FOREST, 2)] },
    });
    expect(r.status).toBe(200);
    const line = r.json.cart.lineItems[0];
    expect(line).toMatchObject({
      quantity: 2,
      productName: { original: 'Enamel Camp Mug' },
      price: {
        amount: '18.00',
        convertedAmount: '18.00',
        formattedAmount: '$18.00',
        formattedConvertedAmount: '$18.00',
      },
      lineItemPrice: { amount: '36.00' },
      descriptionLines: [
        expect.objectContaining({
          name: { original: 'Color', translated: 'Color' },
          colorInfo: expect.objectContaining({ original: 'Forest' }),
        }),
      ],
      availability: { status: 'AVAILABLE', quantityAvailable: 24 },
      catalogReference: { appId: STORES_APP_ID, catalogItemId: P['enamel-camp-mug'], options: { variantId: FOREST } },
    });
    expect(line.image.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\//);
    expect(r.json.cart).toMatchObject({ subtotal: { amount: '36.00' }, currency: 'USD', revision: '2' });
    // the same variant again merges into the line
    const again = await api(emu, `${CART}/add-to-cart`, {
      token: access,
      body: { lineItems: [item(P['enamel-camp-mug']!, FOREST, 1)] },
    });
    expect(again.json.cart.lineItems).toHaveLength(1);
    expect(again.json.cart.lineItems[0].quantity).toBe(3);
  });

  it('bad input answers in the platform format', async () => {
    const { access } = await visitorTokens(emu);
    const add = (body: unknown) => api(emu, `${CART}/add-to-cart`, { token: access, body });
    const unknown = await add({ lineItems: [item('nope', DEFAULT_VARIANT_ID, 1)] });
    expect(unknown.status).toBe(400);
    expect(unknown.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'lineItems[0].catalogReference.catalogItemId',
    });
    for (const q of [0, 10000]) {
      const r = await add({ lineItems: [item(P['enamel-camp-mug']!, FOREST, q)] });
      expect(r.status).toBe(400);
      expect(r.json.details.validationError.fieldViolations[0]).toMatchObject({
        field: 'lineItems[0].quantity',
        violatedRule: q ? 'MAX' : 'MIN',
      });
    }
    expect(
      (await add({ lineItems: [item(P['enamel-camp-mug']!, 'not-a-variant', 1)] })).json.details.validationError
        .fieldViolations[0].field,
    ).toBe('lineItems[0].catalogReference.options');
    // the same variant twice in one request counts as one line: 5000 + 5000 passes 9999
    const twice = await add({
      lineItems: [item(P['enamel-camp-mug']!, FOREST, 5000), item(P['enamel-camp-mug']!, FOREST, 5000)],
    });
    expect(twice.status).toBe(400);
    expect(twice.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'lineItems[1].quantity',
      violatedRule: 'MAX',
      data: { threshold: 4999 },
    });
    expect((await api(emu, CART, { token: access })).json.cart.lineItems).toEqual([]);

    const other = await visitorTokens(emu);
    const theirs = await api(emu, `${CART}/add-to-cart`, {
      token: other.access,
      body: { lineItems: [item(P['camp-lantern']!, DEFAULT_VARIANT_ID, 1)] },
    });
    const foreignId = theirs.json.cart.lineItems[0].id;
    await add({ lineItems: [item(P['enamel-camp-mug']!, FOREST, 1)] });
    const upd = await api(emu, `${CART}/update-line-items-quantity`, {
      token: access,
      body: { lineItems: [{ id: foreignId, quantity: 2 }] },
    });
    expect(upd.status).toBe(400);
    expect(upd.json.details.validationError.fieldViolations[0].field).toBe('lineItems[0].id');
    const rm = await api(emu, `${CART}/remove-line-items`, { token: access, body: { lineItemIds: [foreignId] } });
    expect(rm.status).toBe(400);

    const bad = await api(emu, CART, { method: 'PATCH', token: access, body: { couponCode: 'NOPE' } });
    expect(bad.status).toBe(400);
    expect(bad.json.details.applicationError.code).toBe('COUPON_DOES_NOT_EXIST');
    const expired = await api(emu, CART, { method: 'PATCH', token: access, body: { couponCode: 'summer24' } });
    expect(expired.json.details.applicationError.code).toBe('COUPON_IS_EXPIRED');
    expect((await api(emu, CART, { token: access })).json.cart.appliedDiscounts).toEqual([]);
  });

  it('estimate-totals: rule + coupon + region tax + shipping options, as hand-computed; calculation errors for stock', async () => {
    const { access } = await visitorTokens(emu);
    const add = await api(emu, `${CART}/add-to-cart`, {
      token: access,
      body: {
        lineItems: [item(P['merino-wool-blanket']!, MOSS, 1), item(P['folding-camp-stool']!, DEFAULT_VARIANT_ID, 1)],
      },
    });
    expect(add.json.cart.subtotal.amount).toBe('187.00');
    const coupon = await api(emu, CART, { method: 'PATCH', token: access, body: { couponCode: 'fern5' } });
    expect(coupon.json.cart.appliedDiscounts[0]).toMatchObject({
      coupon: { code: 'FERN5', amount: { amount: '5.00' } },
    });
    const est = await api(emu, `${CART}/estimate-totals`, {
      token: access,
      body: { shippingAddress: { country: 'US', subdivision: 'US-CA' } },
    });
    expect(est.status).toBe(200);
    expect(est.json.priceSummary).toMatchObject({
      subtotal: { amount: '187.00' },
      discount: { amount: '33.05' },
      shipping: { amount: '0.00' },
      tax: { amount: '11.16' },
      total: { amount: '165.11', formattedAmount: '$165.11' },
    });
    expect(est.json.appliedDiscounts).toHaveLength(2);
    expect(est.json.calculationErrors).toBeUndefined();
    const express = await api(emu, `${CART}/estimate-totals`, {
      token: access,
      body: { shippingAddress: { country: 'US', subdivision: 'CA' }, selectedShippingOption: { code: 'express' } },
    });
    expect(express.json.priceSummary.total.amount).toBe('185.06');
    const gb = await api(emu, `${CART}/estimate-totals`, {
      token: access,
      body: { shippingAddress: { country: 'GB' } },
    });
    // an option the store does not offer is refused rather than priced as another one
    for (const path of ['estimate-totals', 'create-checkout']) {
      const teleport = await api(emu, `${CART}/${path}`, {
        token: access,
        body: { selectedShippingOption: { code: 'teleport' } },
      });
      expect(teleport.status).toBe(400);
      expect(teleport.json.details.validationError.fieldViolations[0]).toMatchObject({
        field: 'selectedShippingOption.code',
        violatedRule: 'VALIDATION',
      });
    }
    expect(gb.json.priceSummary.tax.amount).toBe('30.79'); // 20 % of 153.95

    await api(emu, `${CART}/remove-coupon`, { token: access, body: {} });
    const mug = await api(emu, `${CART}/add-to-cart`, {
      token: access,
      body: { lineItems: [item(P['enamel-camp-mug']!, NAVY, 1), item(P['camp-lantern']!, DEFAULT_VARIANT_ID, 5)] },
    });
    const statuses = mug.json.cart.lineItems.map((l: { availability: { status: string } }) => l.availability.status);
    expect(statuses).toEqual(['AVAILABLE', 'AVAILABLE', 'NOT_AVAILABLE', 'PARTIALLY_AVAILABLE']);
    const errs = await api(emu, `${CART}/estimate-totals`, { token: access, body: {} });
    expect(errs.json.calculationErrors.orderValidationErrors.map((e: { code: string }) => e.code)).toEqual([
      'ITEM_OUT_OF_STOCK',
      'INSUFFICIENT_INVENTORY',
    ]);
    const checkout = await api(emu, `${CART}/create-checkout`, { token: access, body: { channelType: 'WEB' } });
    expect(checkout.status).toBe(400);
    expect(checkout.json.details.applicationError.code).toBe('ITEMS_NOT_AVAILABLE');
  });

  it('concurrent adds (two widgets, two tabs: same token, parallel requests) end with the summed quantity', async () => {
    const { access } = await visitorTokens(emu);
    await Promise.all(
      Array.from({ length: 8 }, () =>
        api(emu, `${CART}/add-to-cart`, {
          token: access,
          body: { lineItems: [item(P['enamel-camp-mug']!, FOREST, 1)] },
        }),
      ),
    );
    const cart = (await api(emu, CART, { token: access })).json.cart;
    expect(cart.lineItems).toHaveLength(1);
    expect(cart.lineItems[0].quantity).toBe(8);
    expect(cart.revision).toBe('9');
  });

  it('a visitor cart merges into the member cart once after sign-in', async () => {
    const visitor = await visitorTokens(emu);
    await api(emu, `${CART}/add-to-cart`, {
      token: visitor.access,
      body: { lineItems: [item(P['enamel-camp-mug']!, FOREST, 2)] },
    });
    const memberVisitorId = emu.db
      .prepare<[], { visitor_id: string }>(
        'SELECT visitor_id FROM oauth_tokens WHERE visitor_id IS NOT NULL ORDER BY rowid DESC LIMIT 1',
      )
      .get()!.visitor_id;
    // the member already has a line of the same mug
    const plain = await memberTokens(emu, 'member');
    await api(emu, `${CART}/add-to-cart`, {
      token: plain.access,
      body: { lineItems: [item(P['enamel-camp-mug']!, FOREST, 1)] },
    });
    const VERIFIER = 'abcdefghijklmnopqrstuvwxyz0123456789-._~XYZ';
    const code = issueAuthorizationCode(
      emu.db,
      {
        clientId: 'demo-client',
        memberId: seedIds.members.member,
        codeChallenge: pkceChallenge(VERIFIER),
        visitorId: memberVisitorId,
      },
      emu.app.now(),
    );
    const tok = await api(emu, '/oauth2/token', {
      body: { clientId: 'demo-client', grantType: 'authorization_code', code, codeVerifier: VERIFIER },
    });
    const member = tok.json.access_token as string;
    const merged = (await api(emu, CART, { token: member })).json.cart;
    expect(merged.buyerInfo).toEqual({ memberId: seedIds.members.member });
    expect(merged.lineItems[0].quantity).toBe(3);
    expect((await api(emu, CART, { token: member })).json.cart.lineItems[0].quantity).toBe(3); // once
    expect((await api(emu, CART, { token: visitor.access })).json.cart.lineItems).toEqual([]); // a new, empty one
    await api(emu, CART, { method: 'DELETE', token: member });
  });

  it('checkout: create-checkout → ecomCheckout redirect session → hosted page → order PAID, stock down, cart gone, thank-you URL', async () => {
    const { access } = await visitorTokens(emu);
    await api(emu, `${CART}/add-to-cart`, {
      token: access,
      body: { lineItems: [item(P['enamel-camp-mug']!, FOREST, 2)] },
    });
    await api(emu, CART, { method: 'PATCH', token: access, body: { couponCode: 'WELCOME10' } });
    const { checkoutId } = (await api(emu, `${CART}/create-checkout`, { token: access, body: { channelType: 'WEB' } }))
      .json;
    expect(checkoutId).toEqual(expect.any(String));
    const thankYou = 'http://127.0.0.1:5173/thank-you';
    const foreign = await api(emu, '/_api/redirects-api/v1/redirect-session', {
      token: access,
      body: { ecomCheckout: { checkoutId }, callbacks: { thankYouPageUrl: 'https://evil.example/x' } },
    });
    expect(foreign.status).toBe(400);
    const rs = await api(emu, '/_api/redirects-api/v1/redirect-session', {
      token: access,
      body: {
        ecomCheckout: { checkoutId },
        callbacks: {
          postFlowUrl: 'http://127.0.0.1:5173/',
          thankYouPageUrl: thankYou,
          cartPageUrl: 'http://127.0.0.1:5173/',
        },
      },
    });
    expect(rs.status).toBe(200);
    const url = new URL(rs.json.redirectSession.fullUrl);
    const page = await fetch(url);
    const html = await page.text();
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' http://127.0.0.1:5173");
    expect(html).toContain('<script src="/_hosted/checkout.js" defer>');
    expect(html).not.toMatch(/<script>(?!<)/);
    expect(html).toContain('$41.94'); // 36 − 3.60 + 6.95 + 8 % of 32.40
    // the address and option given to create-checkout fill the hosted form
    const { checkoutId: withAddress } = (
      await api(emu, `${CART}/create-checkout`, {
        token: access,
        body: {
          email: 'bo@example.com',
          shippingAddress: {
            country: 'us',
            subdivision: 'US-OR',
            city: 'Portland',
            postalCode: '97201',
            addressLine1: '1 Pine St',
          },
          selectedShippingOption: { code: 'express' },
        },
      })
    ).json;
    const rs2 = await api(emu, '/_api/redirects-api/v1/redirect-session', {
      token: access,
      body: { ecomCheckout: { checkoutId: withAddress } },
    });
    const prefilled = await (await fetch(rs2.json.redirectSession.fullUrl)).text();
    for (const v of ['value="bo@example.com"', 'value="1 Pine St"', 'value="Portland"', 'value="97201"', 'value="OR"'])
      expect(prefilled).toContain(v);
    expect(prefilled).toMatch(/value="express"[^>]*checked/);

    const post = (fields: Record<string, string>) => postHosted(url, fields);
    const good = {
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      addressLine: '12 Elm St',
      city: 'Portland',
      subdivision: 'OR',
      postalCode: '97201',
      country: 'US',
      shipping: 'standard',
      cardNumber: '4242 4242 4242 4242',
      cardExpiry: '12/39',
      cardCvc: '123',
    };
    // a page on another site cannot submit the card form for the shopper (no Origin and no Referer: refused too)
    for (const origin of ['http://evil.example', undefined]) {
      const r = await fetch(`${url.origin}/_hosted/checkout${url.search}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
        body: new URLSearchParams(good).toString(),
      });
      expect(r.status).toBe(403);
      expect(await r.text()).toContain('This form was sent from another site');
    }
    const invalid = await post({ ...good, email: 'ada@', cardCvc: '' });
    expect(invalid.status).toBe(400);
    const invalidHtml = await invalid.text();
    expect(invalidHtml).toContain('Enter a valid email address');
    expect(invalidHtml).toContain('value="ada@"');
    expect((await post({ ...good, cardNumber: '4000 0000 0000 0002' })).status).toBe(402);

    const before = (
      await api(emu, `/stores-reader/v1/products/${P['enamel-camp-mug']}`, { token: access })
    ).json.product.variants.find((v: { id: string }) => v.id === FOREST).stock.quantity;
    const done = await post(good);
    expect(done.status).toBe(302);
    const loc = new URL(done.headers.get('location')!);
    expect(`${loc.origin}${loc.pathname}`).toBe(thankYou);
    const orderId = loc.searchParams.get('orderId')!;
    const order = (await api(emu, `/ecom/v1/orders/${orderId}`, { token: await adminToken(emu) })).json.order;
    expect(order).toMatchObject({ paymentStatus: 'PAID', priceSummary: { total: { amount: '39.35' } } }); // OR: no tax → 32.40 + 6.95 + 0
    expect(order.activities.map((a: { type: string }) => a.type)).toEqual(['ORDER_PLACED', 'ORDER_PAID']);
    const after = (
      await api(emu, `/stores-reader/v1/products/${P['enamel-camp-mug']}`, { token: access })
    ).json.product.variants.find((v: { id: string }) => v.id === FOREST).stock.quantity;
    expect(after).toBe(before - 2);
    // reloading the hosted page or submitting again after paying lands on the same order, no second charge
    const reload = await fetch(url, { redirect: 'manual' });
    expect(reload.status).toBe(302);
    expect(new URL(reload.headers.get('location')!).searchParams.get('orderId')).toBe(orderId);
    const again = await post(good);
    expect(again.status).toBe(302);
    expect(new URL(again.headers.get('location')!).searchParams.get('orderId')).toBe(orderId);
    expect(
      (
        await api(emu, `/stores-reader/v1/products/${P['enamel-camp-mug']}`, { token: access })
      ).json.product.variants.find((v: { id: string }) => v.id === FOREST).stock.quantity,
    ).toBe(before - 2);
    expect((await api(emu, `/ecom/v1/checkouts/${checkoutId}`, { token: access })).json.checkout).toMatchObject({
      completed: true,
      orderId,
    });
    expect((await api(emu, CART, { token: access })).json.cart).toMatchObject({ lineItems: [], revision: '1' }); // a new one
    // orders are admin-only (docs/spec/wire-protocol.md §11.5): neither the buyer's token nor anyone else's reads it
    const other = await visitorTokens(emu);
    for (const token of [access, other.access])
      expect((await api(emu, `/ecom/v1/orders/${orderId}`, { token })).status).toBe(403);
    // the checkout: its own visitor and the site's backend read it; another visitor and the OWNER member role do not
    const owner = (await memberTokens(emu, 'owner')).access;
    for (const token of [other.access, owner])
      expect((await api(emu, `/ecom/v1/checkouts/${checkoutId}`, { token })).status).toBe(404);
    expect((await api(emu, `/ecom/v1/checkouts/${checkoutId}`, { token: await adminToken(emu) })).status).toBe(200);
  });
  it('a line break or another control character in any address text: create-checkout and estimate-totals → 400, the hosted form refuses it', async () => {
    const { access } = await visitorTokens(emu);
    await api(emu, `${CART}/add-to-cart`, {
      token: access,
      body: { lineItems: [item(TAPERS, DEFAULT_VARIANT_ID, 1)] },
    });
    const bad: [string, string][] = [
      ['addressLine1', '1 Pine St\r\nBcc: x@example.com'],
      ['addressLine', '1 Pine\nSt'],
      ['city', 'Port\u0000land'],
      ['postalCode', '97201\r'],
      ['subdivision', 'US-OR\n'],
    ];
    for (const [key, value] of bad) {
      for (const [path, set] of [
        ['create-checkout', 'shippingAddress'],
        ['create-checkout', 'billingAddress'],
        ['estimate-totals', 'shippingAddress'],
      ] as const) {
        const r = await api(emu, `${CART}/${path}`, {
          token: access,
          body: { [set]: { country: 'US', [key]: value } },
        });
        expect(r.status, `${path} ${set}.${key}`).toBe(400);
        expect(r.json.details.validationError.fieldViolations).toEqual([
          expect.objectContaining({ field: `${set}.${key}`, violatedRule: 'FORMAT' }),
        ]);
      }
    }
    const { checkoutId } = (await api(emu, `${CART}/create-checkout`, { token: access, body: {} })).json;
    const rs = await api(emu, '/_api/redirects-api/v1/redirect-session', {
      token: access,
      body: { ecomCheckout: { checkoutId }, callbacks: { thankYouPageUrl: 'http://127.0.0.1:5173/thank-you' } },
    });
    const url = new URL(rs.json.redirectSession.fullUrl);
    const good: Record<string, string> = { ...CHECKOUT_FORM, email: 'ada@example.com', firstName: 'Ada' };
    const post = (fields: Record<string, string>) => postHosted(url, fields);
    for (const [key, value] of [
      ['addressLine', '12 Elm St\r\nApt 4'],
      ['city', 'Port\nland'],
      ['firstName', 'Ada\u0000'],
      ['lastName', 'Love\rlace'],
    ]) {
      const r = await post({ ...good, [key!]: value! });
      expect(r.status, key).toBe(400);
      expect(await r.text(), key).toContain('without line breaks');
    }
    expect((await api(emu, `/ecom/v1/checkouts/${checkoutId}`, { token: access })).json.checkout.completed).toBe(false);
    expect((await post(good)).status).toBe(302);
  });

  it('paying removes exactly the lines the checkout held: a line added after it stays, a raised quantity keeps the difference, the cart stays', async () => {
    const { access } = await visitorTokens(emu);
    const add = (...lineItems: unknown[]) => api(emu, `${CART}/add-to-cart`, { token: access, body: { lineItems } });
    await add(item(P['enamel-camp-mug']!, FOREST, 2), item(TAPERS, DEFAULT_VARIANT_ID, 1));
    const { checkoutId } = (await api(emu, `${CART}/create-checkout`, { token: access, body: {} })).json;
    // meanwhile, in another tab: one more mug (same line) and a stool (a new line)
    await add(item(P['enamel-camp-mug']!, FOREST, 1), item(P['folding-camp-stool']!, DEFAULT_VARIANT_ID, 1));
    const before = (await api(emu, CART, { token: access })).json.cart;
    const orderId = await payCheckout(emu, access, checkoutId);
    const order = (await api(emu, `/ecom/v1/orders/${orderId}`, { token: await adminToken(emu) })).json.order;
    expect(
      order.lineItems.map((l: { productName: { original: string }; quantity: number }) => [
        l.productName.original,
        l.quantity,
      ]),
    ).toEqual([
      ['Enamel Camp Mug', 2],
      ['Beeswax Taper Candles (Pair)', 1],
    ]);
    const after = (await api(emu, CART, { token: access })).json.cart;
    expect(after.id).toBe(before.id);
    expect(
      after.lineItems.map((l: { catalogReference: { catalogItemId: string }; quantity: number }) => [
        l.catalogReference.catalogItemId,
        l.quantity,
      ]),
    ).toEqual([
      [P['enamel-camp-mug'], 1],
      [P['folding-camp-stool'], 1],
    ]);
    expect(Number(after.revision)).toBe(Number(before.revision) + 1); // other tabs see a change and refetch
    expect(after.checkoutId).toBeUndefined();
    // removed after the checkout and added again (another line): stays whole
    const { checkoutId: second } = (await api(emu, `${CART}/create-checkout`, { token: access, body: {} })).json;
    const stoolLine = after.lineItems[1].id;
    await api(emu, `${CART}/remove-line-items`, { token: access, body: { lineItemIds: [stoolLine] } });
    await add(item(P['folding-camp-stool']!, DEFAULT_VARIANT_ID, 1));
    await payCheckout(emu, access, second);
    const last = (await api(emu, CART, { token: access })).json.cart;
    expect(last.id).toBe(before.id);
    expect(
      last.lineItems.map((l: { catalogReference: { catalogItemId: string }; quantity: number }) => [
        l.catalogReference.catalogItemId,
        l.quantity,
      ]),
    ).toEqual([[P['folding-camp-stool'], 1]]);
  });

  it('several checkouts of one cart can each be paid (each is its own purchase); the cart loses at most what it still holds', async () => {
    const { access } = await visitorTokens(emu);
    await api(emu, `${CART}/add-to-cart`, {
      token: access,
      body: { lineItems: [item(TAPERS, DEFAULT_VARIANT_ID, 2)] },
    });
    const first = (await api(emu, `${CART}/create-checkout`, { token: access, body: {} })).json.checkoutId;
    const second = (await api(emu, `${CART}/create-checkout`, { token: access, body: {} })).json.checkoutId;
    await api(emu, `${CART}/add-to-cart`, {
      token: access,
      body: { lineItems: [item(P['folding-camp-stool']!, DEFAULT_VARIANT_ID, 1)] },
    });
    await payCheckout(emu, access, first);
    const afterFirst = (await api(emu, CART, { token: access })).json.cart;
    expect(
      afterFirst.lineItems.map((l: { catalogReference: { catalogItemId: string }; quantity: number }) => [
        l.catalogReference.catalogItemId,
        l.quantity,
      ]),
    ).toEqual([[P['folding-camp-stool'], 1]]);
    // the second checkout is a purchase of its own (its page shows what it charges): it is paid, and takes nothing
    // more from the cart, whose tapers are already gone
    const order = (
      await api(emu, `/ecom/v1/orders/${await payCheckout(emu, access, second)}`, { token: await adminToken(emu) })
    ).json.order;
    expect(order.lineItems).toEqual([expect.objectContaining({ quantity: 2 })]);
    const afterSecond = (await api(emu, CART, { token: access })).json.cart;
    expect(afterSecond.lineItems).toEqual(afterFirst.lineItems);
    expect(afterSecond.revision).toBe(afterFirst.revision);
  });
});

describe('orders read with the site’s API key (docs/spec/wire-protocol.md §11.6)', () => {
  const KEY = 'k'.repeat(24);
  let keyed: RunningEmulator;
  let keyless: RunningEmulator;
  beforeAll(async () => {
    [keyed, keyless] = await Promise.all([startTestEmulator({ apiKey: KEY }), startTestEmulator()]);
  });
  afterAll(async () => {
    await Promise.all([keyed.close(), keyless.close()]);
  });
  const admin = (key: string, site = SITE_ID) => ({ headers: { authorization: key, 'wix-site-id': site } });

  it('the key with the site id reads any order (its number); a wrong key, another site, or no key configured: 401', async () => {
    const orderId = await placeOrder(keyed, [{ productId: TAPERS, quantity: 1 }]);
    const r = await api(keyed, `/ecom/v1/orders/${orderId}`, admin(KEY));
    expect(r.status).toBe(200);
    expect(r.json.order).toMatchObject({ id: orderId, number: expect.stringMatching(/^\d+$/) });
    expect((await api(keyed, '/ecom/v1/orders/no-such-order', admin(KEY))).status).toBe(404);
    for (const [emu, key, site] of [
      [keyed, 'wrong-key-wrong-key', SITE_ID],
      [keyed, KEY, 'another-site'],
      [keyed, '', SITE_ID],
      [keyless, KEY, SITE_ID],
    ] as const) {
      const refused = await api(emu, `/ecom/v1/orders/${orderId}`, admin(key, site));
      expect([refused.status, refused.json.details.applicationError.code], `${key} ${site}`).toEqual([
        401,
        'UNAUTHENTICATED',
      ]);
    }
    // the key is no token: without wix-site-id it is refused like any unknown token
    expect((await api(keyed, `/ecom/v1/orders/${orderId}`, { token: KEY })).status).toBe(401);
    // a browser cannot send it: wix-site-id is not an allowed CORS request header
    const preflight = await fetch(`${keyed.url}/ecom/v1/orders/${orderId}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,wix-site-id',
      },
    });
    expect(preflight.headers.get('access-control-allow-headers') ?? '').not.toMatch(/wix-site-id/i);
  });
});
