/**
 * Discount rules change what the cart and the checkout compute (issue 40, i40-disc; docs/wire.md "i40-disc"): only
 * the lines in the discount's scopes, the trigger judged on its scopes' lines, the active window against the
 * emulator's clock, one rule per line (the best for the buyer); the hosted checkout names the rule and the order
 * records it (the rule's usage count). Plus the pure pricing (domain/discount-rules.ts), hand-computed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES_APP_ID } from './domain/catalog.ts';
import { lineDiscount, ruleDiscounts, type DiscountRuleRecord } from './domain/discount-rules.ts';
import { seedIds, seedVariantId } from './seed.ts';
import { adminToken, api, payCheckout, startTestEmulator, visitorTokens } from '../tests/helpers/emulator.ts';
import type { RunningEmulator } from './server.ts';

const P = seedIds.products;
const TAPERS = P['beeswax-taper-candles']!; // $22, Candles & Light, not tracked
const MUG = P['enamel-camp-mug']!; // $18, Kitchen and Outdoor
const FOREST = seedVariantId('enamel-camp-mug', { Color: 'Forest' });
const RULES = '/ecom/v1/discount-rules';
const CART = '/ecom/v1/carts/current';

const products = (ids: string[]) => ({
  id: 'p',
  type: 'CATALOG_ITEM',
  catalogItemFilter: { catalogAppId: STORES_APP_ID, catalogItemIds: ids },
});
const collections = (ids: string[]) => ({
  id: 'c',
  type: 'CUSTOM_FILTER',
  customFilter: { appId: STORES_APP_ID, params: { collectionIds: ids } },
});
const discount = (scope: object, d: Record<string, unknown>) => ({
  values: [{ targetType: 'SPECIFIC_ITEMS', specificItemsInfo: { scopes: [scope] }, ...d }],
});

describe('rule pricing (hand-computed)', () => {
  const rule = (id: string, d: DiscountRuleRecord['discount'], trigger: DiscountRuleRecord['trigger'] = null) =>
    ({ id, name: id, active: true, revision: 1, start: null, end: null, trigger, discount: d }) as DiscountRuleRecord;
  const all = { id: 'a', type: 'CATALOG_ITEM' as const, catalogItemFilter: { catalogAppId: STORES_APP_ID } };
  const pct = (p: number) => ({
    targetType: 'SPECIFIC_ITEMS' as const,
    specificItemsInfo: { scopes: [all] },
    discountType: 'PERCENTAGE' as const,
    percentage: p,
  });

  it('percentage of the line half-up, fixed amount per unit capped at the price, fixed price never raises', () => {
    expect(lineDiscount(pct(15), { unitCents: 1999, quantity: 1 })).toBe(300); // 299.85
    expect(lineDiscount(pct(12.5), { unitCents: 1800, quantity: 3 })).toBe(675);
    const fixed = { ...pct(0), discountType: 'FIXED_AMOUNT' as const, fixedAmount: '5' };
    expect(lineDiscount(fixed, { unitCents: 1800, quantity: 2 })).toBe(1000);
    expect(lineDiscount(fixed, { unitCents: 300, quantity: 2 })).toBe(600);
    const price = { ...pct(0), discountType: 'FIXED_PRICE' as const, fixedPrice: '15.00' };
    expect(lineDiscount(price, { unitCents: 1800, quantity: 2 })).toBe(600);
    expect(lineDiscount(price, { unitCents: 1200, quantity: 2 })).toBe(0);
  });

  it('several rules: each line takes the best one; a subtotal trigger counts only its scopes’ lines (inclusive)', () => {
    const lines = [
      { id: 'mug', unitCents: 1800, quantity: 2, productId: 'M', collectionIds: ['k'] },
      { id: 'taper', unitCents: 2200, quantity: 1, productId: 'T', collectionIds: ['c'] },
    ];
    const tenAll = rule('ten', pct(10));
    const mugFive = rule('mugFive', {
      targetType: 'SPECIFIC_ITEMS',
      specificItemsInfo: {
        scopes: [
          { id: 'm', type: 'CATALOG_ITEM', catalogItemFilter: { catalogAppId: STORES_APP_ID, catalogItemIds: ['M'] } },
        ],
      },
      discountType: 'FIXED_AMOUNT',
      fixedAmount: '5',
    });
    expect(ruleDiscounts(lines, [tenAll, mugFive], STORES_APP_ID)).toEqual([
      { id: 'ten', name: 'ten', amount: 220, lines: [{ id: 'taper', amount: 220 }] },
      { id: 'mugFive', name: 'mugFive', amount: 1000, lines: [{ id: 'mug', amount: 1000 }] },
    ]);
    const candles = { id: 'c', type: 'CUSTOM_FILTER' as const, customFilter: { params: { collectionIds: ['c'] } } };
    const from = (f: string) =>
      rule('over', pct(10), { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { scopes: [candles], from: f } });
    expect(ruleDiscounts(lines, [from('22.00')], STORES_APP_ID)).toHaveLength(1); // 22.00 ≥ 22.00
    expect(ruleDiscounts(lines, [from('22.01')], STORES_APP_ID)).toEqual([]); // the mugs' $36 do not count
  });
});

describe('discount rules in the cart and the checkout', () => {
  let emu: RunningEmulator;
  let clock = Date.parse('2026-06-15T12:00:00.000Z');
  let admin: string;
  beforeAll(async () => {
    emu = await startTestEmulator({ now: () => clock });
    admin = await adminToken(emu);
  });
  afterAll(() => emu.close());

  const create = async (rule: Record<string, unknown>) => {
    const r = await api(emu, RULES, { token: admin, body: { discountRule: rule } });
    expect(r.status, r.text).toBe(200);
    return r.json.discountRule as { id: string; status: string; usageCount: number };
  };
  const estimate = async (token: string) => {
    const r = await api(emu, `${CART}/estimate-totals`, { token, body: {} });
    expect(r.status, r.text).toBe(200);
    return r.json as {
      priceSummary: { subtotal: { amount: string }; discount: { amount: string }; total: { amount: string } };
      appliedDiscounts: {
        discountType: string;
        lineItemIds?: string[];
        discountRule?: { name: { original: string }; amount: { amount: string } };
      }[];
    };
  };
  const rulesOf = (e: Awaited<ReturnType<typeof estimate>>) =>
    e.appliedDiscounts
      .filter((d) => d.discountRule)
      .map((d) => [d.discountRule!.name.original, d.discountRule!.amount.amount]);

  it('scoped lines only, the trigger on its lines, the window on the emulator clock; the hosted checkout and the order name the rule', async () => {
    const candles = await create({
      name: 'Candles: 10% off 2 or more',
      trigger: {
        triggerType: 'ITEM_QUANTITY_RANGE',
        itemQuantityRange: { scopes: [collections([seedIds.collections['candles-light']!])], from: 2 },
      },
      discounts: discount(collections([seedIds.collections['candles-light']!]), {
        discountType: 'PERCENTAGE',
        percentage: 10,
      }),
    });
    const mugs = await create({
      name: 'Mug week: $5 off',
      activeTimeInfo: { start: new Date(clock + 60_000).toISOString(), end: new Date(clock + 3_600_000).toISOString() },
      discounts: discount(products([MUG]), { discountType: 'FIXED_AMOUNT', fixedAmount: '5' }),
    });
    expect(mugs.status).toBe('PENDING');

    const { access } = await visitorTokens(emu);
    const add = (productId: string, quantity: number, variantId?: string) =>
      api(emu, `${CART}/add-to-cart`, {
        token: access,
        body: {
          lineItems: [
            {
              catalogReference: {
                appId: STORES_APP_ID,
                catalogItemId: productId,
                ...(variantId ? { options: { variantId } } : {}),
              },
              quantity,
            },
          ],
        },
      });
    await add(TAPERS, 1);
    await add(MUG, 1, FOREST);
    // one candle: the trigger (2 candles or more) does not hold, though the cart has 2 items; the mug rule is pending
    let e = await estimate(access);
    expect(e.priceSummary).toMatchObject({ subtotal: { amount: '40.00' }, discount: { amount: '0.00' } });
    expect(rulesOf(e)).toEqual([]);

    await add(TAPERS, 1);
    e = await estimate(access);
    // 10 % of the candles' 44.00 only; the mug's 18.00 untouched
    expect(rulesOf(e)).toEqual([['Candles: 10% off 2 or more', '4.40']]);
    expect(e.priceSummary.discount.amount).toBe('4.40');
    const cart = (await api(emu, CART, { token: access })).json.cart as {
      lineItems: { id: string; catalogReference: { catalogItemId: string } }[];
    };
    const taperLine = cart.lineItems.find((l) => l.catalogReference.catalogItemId === TAPERS)!.id;
    expect(e.appliedDiscounts.find((d) => d.discountRule)).toMatchObject({
      discountType: 'SPECIFIC_ITEMS',
      lineItemIds: [taperLine],
    });

    clock += 120_000; // the mug rule's window opens
    e = await estimate(access);
    expect(rulesOf(e)).toEqual([
      ['Candles: 10% off 2 or more', '4.40'],
      ['Mug week: $5 off', '5.00'],
    ]);
    expect(e.priceSummary).toMatchObject({ subtotal: { amount: '62.00' }, discount: { amount: '9.40' } });

    // the hosted checkout shows each rule by name with its amount, and the order records them
    const co = await api(emu, `${CART}/create-checkout`, { token: access, body: { channelType: 'WEB' } });
    const checkoutId = co.json.checkoutId as string;
    const rs = await api(emu, '/_api/redirects-api/v1/redirect-session', {
      token: access,
      body: { ecomCheckout: { checkoutId }, callbacks: { thankYouPageUrl: 'http://127.0.0.1:5173/thank-you' } },
    });
    const html = await (await fetch(rs.json.redirectSession.fullUrl as string)).text();
    expect(html).toContain(
      '<tr><th scope="row"><bdi>Candles: 10% off 2 or more</bdi></th><td><bdi>−$4.40</bdi></td></tr>',
    );
    expect(html).toContain('<tr><th scope="row"><bdi>Mug week: $5 off</bdi></th><td><bdi>−$5.00</bdi></td></tr>');
    const orderId = await payCheckout(emu, access, checkoutId);
    const order = JSON.parse(
      emu.db.prepare<[string], { data: string }>('SELECT data FROM orders WHERE id = ?').get(orderId)!.data,
    );
    expect(order.priceSummary.discount.amount).toBe('9.40');
    const used = await api(emu, `${RULES}/${candles.id}`, { token: admin });
    expect(used.json.discountRule).toMatchObject({ usageCount: 1, status: 'LIVE' });

    clock += 3_600_000; // the mug rule's window has closed
    const later = (await visitorTokens(emu)).access;
    await api(emu, `${CART}/add-to-cart`, {
      token: later,
      body: {
        lineItems: [
          {
            catalogReference: { appId: STORES_APP_ID, catalogItemId: MUG, options: { variantId: FOREST } },
            quantity: 1,
          },
        ],
      },
    });
    expect(rulesOf(await estimate(later))).toEqual([]);
    expect((await api(emu, `${RULES}/${mugs.id}`, { token: admin })).json.discountRule.status).toBe('EXPIRED');

    // switched off: no longer applied, even inside its window
    const rule = (await api(emu, `${RULES}/${candles.id}`, { token: admin })).json.discountRule;
    const off = await api(emu, `${RULES}/${candles.id}`, {
      method: 'PATCH',
      token: admin,
      body: { discountRule: { id: candles.id, revision: rule.revision, active: false } },
    });
    expect(off.status, off.text).toBe(200);
    await api(emu, `${CART}/add-to-cart`, {
      token: later,
      body: { lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: TAPERS }, quantity: 3 }] },
    });
    expect(rulesOf(await estimate(later))).toEqual([]);
  });

  it('bad input answers in the platform format and changes nothing; a forged id is 404', async () => {
    const before = (await api(emu, `${RULES}/query`, { token: admin, body: {} })).json.discountRules.length;
    const bad = await api(emu, RULES, {
      token: admin,
      body: {
        discountRule: { name: 'x', discounts: discount(products([MUG]), { discountType: 'BOGUS', percentage: 5 }) },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'discountRule.discounts.values[0].discountType',
      violatedRule: 'INVALID_ENUM_VALUE',
    });
    const custom = await api(emu, RULES, {
      token: admin,
      body: {
        discountRule: {
          name: 'x',
          trigger: { triggerType: 'CUSTOM', customTrigger: { id: 'a' } },
          discounts: discount(products([MUG]), { discountType: 'PERCENTAGE', percentage: 5 }),
        },
      },
    });
    expect(custom.status).toBe(400);
    const proto = await api(emu, RULES, {
      token: admin,
      body: JSON.parse('{"discountRule":{"__proto__":{"x":1},"name":"x"}}'),
    });
    expect(proto.status).toBe(400);
    expect((await api(emu, `${RULES}/query`, { token: admin, body: {} })).json.discountRules.length).toBe(before);
    const forged = await api(emu, `${RULES}/00000000-0000-4000-8000-000000000000`, { token: admin });
    expect(forged.status).toBe(404);
    expect((await api(emu, `${RULES}/not-a-guid`, { token: admin })).status).toBe(400);
  });
});
