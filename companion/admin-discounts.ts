/**
 * The owner console's discount rules (issue 40, i40-disc; docs/companion.md "Owner console: discount rules"): list,
 * read, create, update, delete, and a preview of what the store's rules take off a sample cart. Every route is the
 * owner's (403 `NOT_OWNER` for anyone else, before the body is read) and calls the platform as the admin identity
 * (`@wix/auto_sdk_ecom_discount-rules`: Query, Get, Create, Update, Delete Discount Rule; docs/wire.md "i40-disc").
 *
 * The console's form ({@link RuleForm}: a type and value, all items / some products / some collections, no trigger /
 * a minimum subtotal / a minimum quantity, a window, on or off) becomes the platform's model here: one discount
 * (`SPECIFIC_ITEMS` with the scope), the trigger on the same scope. A rule made elsewhere in a shape the form cannot
 * hold (an and/or trigger, a maximum, several scopes) is listed with `editable: false`.
 *
 * A lost answer never makes a rule twice: create refuses a name a rule already has (409 `ALREADY_EXISTS` with its
 * id), so the console's retry finds the rule it made; update carries the revision the form was read at (the
 * platform's 409 `REVISION_MISMATCH` when it moved on).
 *
 * The preview is the platform's own pricing, as a shopper gets it: a new anonymous visitor (its own grant, so two
 * previews never share a cart) adds the sample lines to its cart and asks Estimate Totals
 * (`calculatedLineItems[].pricesBreakdown.totalDiscount` per line, `appliedDiscounts` naming the rules); its cart is
 * deleted after. It prices the rules as saved (live ones only): the console saves first.
 */
import { Hono } from 'hono';
import { z as zm } from 'zod/mini';
import { adminOps, ops, route } from '../core/urls.ts';
import { STORES_APP_ID } from '../core/constants.ts';
import type { Rule, RuleForm } from '../core/api/admin-discounts.ts';
import type { Env, Kit } from './context.ts';
import { CompanionError, notFound } from './errors.ts';
import { bodyOf, serve, wire } from './wire.ts';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const str = zm.optional(zm.nullable(zm.string()));
const scope = zm.looseObject({
  type: zm.optional(zm.string()),
  catalogItemFilter: zm.optional(zm.looseObject({ catalogItemIds: zm.optional(zm.array(zm.string())) })),
  customFilter: zm.optional(zm.looseObject({ params: zm.optional(zm.nullable(zm.looseObject({}))) })),
});
type Scope = zm.infer<typeof scope>;
const range = zm.looseObject({
  scopes: zm.optional(zm.array(scope)),
  from: zm.optional(zm.nullable(zm.union([zm.string(), zm.number()]))),
  to: zm.optional(zm.nullable(zm.union([zm.string(), zm.number()]))),
});
const platformRule = zm.looseObject({
  id: zm.string(),
  revision: zm.string(),
  name: zm.string(),
  active: zm.optional(zm.nullable(zm.boolean())),
  status: zm.optional(zm.string()),
  usageCount: zm.optional(zm.number()),
  activeTimeInfo: zm.optional(zm.nullable(zm.looseObject({ start: str, end: str }))),
  trigger: zm.optional(
    zm.nullable(
      zm.looseObject({
        triggerType: zm.optional(zm.string()),
        subtotalRange: zm.optional(range),
        itemQuantityRange: zm.optional(range),
      }),
    ),
  ),
  discounts: zm.optional(
    zm.looseObject({
      values: zm.optional(
        zm.array(
          zm.looseObject({
            discountType: zm.optional(zm.string()),
            percentage: zm.optional(zm.number()),
            fixedAmount: zm.optional(zm.string()),
            fixedPrice: zm.optional(zm.string()),
            specificItemsInfo: zm.optional(zm.looseObject({ scopes: zm.optional(zm.array(scope)) })),
          }),
        ),
      ),
    }),
  ),
});
type PlatformRule = zm.infer<typeof platformRule>;
const oneRule = zm.looseObject({ discountRule: platformRule });
const ruleList = zm.looseObject({
  discountRules: zm.optional(zm.array(platformRule)),
  pagingMetadata: zm.optional(
    zm.looseObject({ cursors: zm.optional(zm.looseObject({ next: zm.optional(zm.nullable(zm.string())) })) }),
  ),
});

/** The form's scope as the platform's: every Stores item, some products, some collections. */
function scopeOf(form: Pick<RuleForm, 'appliesTo' | 'ids'>) {
  if (form.appliesTo === 'COLLECTIONS')
    return {
      id: 'collections',
      type: 'CUSTOM_FILTER',
      customFilter: { appId: STORES_APP_ID, params: { collectionIds: form.ids } },
    };
  return {
    id: form.appliesTo === 'PRODUCTS' ? 'products' : 'all-items',
    type: 'CATALOG_ITEM',
    catalogItemFilter: {
      catalogAppId: STORES_APP_ID,
      ...(form.appliesTo === 'PRODUCTS' ? { catalogItemIds: form.ids } : {}),
    },
  };
}

/** The platform's rule for the form (the whole rule: an update replaces every field the form holds). */
export function platformRuleOf(form: RuleForm) {
  const s = scopeOf(form);
  const value =
    form.type === 'PERCENTAGE'
      ? { percentage: Number(form.value) }
      : form.type === 'FIXED_AMOUNT'
        ? { fixedAmount: form.value }
        : { fixedPrice: form.value };
  const trigger =
    form.trigger === 'SUBTOTAL'
      ? { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { scopes: [s], from: form.min ?? '0' } }
      : form.trigger === 'QUANTITY'
        ? { triggerType: 'ITEM_QUANTITY_RANGE', itemQuantityRange: { scopes: [s], from: Number(form.min ?? '1') } }
        : null;
  return {
    name: form.name,
    active: form.active,
    trigger,
    activeTimeInfo: { start: form.start ?? null, end: form.end ?? null },
    discounts: {
      values: [{ targetType: 'SPECIFIC_ITEMS', specificItemsInfo: { scopes: [s] }, discountType: form.type, ...value }],
    },
  };
}

const sameScopes = (a: Scope[] | undefined, b: Scope[] | undefined) =>
  JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

/** The console's rule for the platform's (`editable: false` when the form cannot hold it). */
export function consoleRuleOf(r: PlatformRule): Rule {
  const d = r.discounts?.values?.[0];
  const scopes = d?.specificItemsInfo?.scopes ?? [];
  const s = scopes[0];
  const collections = s?.customFilter?.params?.['collectionIds'];
  const products = s?.catalogItemFilter?.catalogItemIds;
  const appliesTo = s?.type === 'CUSTOM_FILTER' ? 'COLLECTIONS' : products?.length ? 'PRODUCTS' : 'ALL';
  const ids =
    appliesTo === 'COLLECTIONS' ? (Array.isArray(collections) ? collections.map(String) : []) : (products ?? []);
  const t = r.trigger;
  const sub = t?.triggerType === 'SUBTOTAL_RANGE' ? t.subtotalRange : undefined;
  const qty = t?.triggerType === 'ITEM_QUANTITY_RANGE' ? t.itemQuantityRange : undefined;
  const held = sub ?? qty;
  const editable =
    scopes.length === 1 &&
    (!t || ((!!sub || !!qty) && held?.to == null && (!held?.scopes?.length || sameScopes(held.scopes, scopes)))) &&
    ['PERCENTAGE', 'FIXED_AMOUNT', 'FIXED_PRICE'].includes(d?.discountType ?? '');
  const value = d?.discountType === 'PERCENTAGE' ? String(d.percentage ?? '') : (d?.fixedAmount ?? d?.fixedPrice ?? '');
  return {
    id: r.id,
    revision: r.revision,
    name: r.name,
    active: r.active ?? true,
    status: r.status ?? 'LIVE',
    usageCount: r.usageCount ?? 0,
    ...(r.activeTimeInfo?.start ? { start: r.activeTimeInfo.start } : {}),
    ...(r.activeTimeInfo?.end ? { end: r.activeTimeInfo.end } : {}),
    type: d?.discountType ?? '',
    value,
    appliesTo,
    ids,
    trigger: sub ? 'SUBTOTAL' : qty ? 'QUANTITY' : t ? 'OTHER' : 'NONE',
    ...(held?.from != null ? { min: String(held.from) } : {}),
    editable,
  };
}

const previewCart = zm.looseObject({
  cart: zm.looseObject({
    lineItems: zm.array(
      zm.looseObject({
        id: zm.string(),
        quantity: zm.number(),
        catalogReference: zm.looseObject({ catalogItemId: zm.string() }),
        productName: zm.optional(zm.looseObject({ original: zm.optional(zm.string()) })),
      }),
    ),
  }),
});
const money = zm.looseObject({ amount: zm.string() });
const estimate = zm.looseObject({
  calculatedLineItems: zm.array(
    zm.looseObject({
      lineItemId: zm.string(),
      pricesBreakdown: zm.looseObject({ lineItemPrice: money, totalDiscount: zm.optional(money) }),
    }),
  ),
  priceSummary: zm.looseObject({ subtotal: money, discount: money }),
  appliedDiscounts: zm.optional(
    zm.array(
      zm.looseObject({
        lineItemIds: zm.optional(zm.array(zm.string())),
        discountRule: zm.optional(
          zm.looseObject({ name: zm.optional(zm.looseObject({ original: zm.optional(zm.string()) })) }),
        ),
      }),
    ),
  ),
  currency: zm.optional(zm.string()),
});
const token = zm.looseObject({ access_token: zm.string() });

const cents = (s: string) => Math.round(Number(s) * 100);
const dec = (c: number) => (c / 100).toFixed(2);

export function adminDiscountsApp(kit: Kit): Hono<Env> {
  const { asAdmin } = kit;
  const app = new Hono<Env>();
  const owner = [kit.guard.owner];

  async function load(id: string | undefined): Promise<PlatformRule> {
    if (!id || !GUID.test(id)) throw notFound('No such discount rule');
    try {
      return (
        await asAdmin('get discount rule', {
          ...route(adminOps.getDiscountRule, { discountRuleId: id }),
          kind: 'read',
          schema: oneRule,
        })
      ).discountRule;
    } catch (e) {
      if (e instanceof CompanionError && e.status === 404) throw notFound('No such discount rule');
      throw e;
    }
  }

  const byName = async (name: string) =>
    (
      await asAdmin('query discount rules', {
        ...adminOps.queryDiscountRules,
        kind: 'read',
        body: { query: { filter: { name: { $eq: name } }, cursorPaging: { limit: 1 } } },
        schema: ruleList,
      })
    ).discountRules?.[0];

  serve(app, wire['POST /admin/discount-rules/query'], owner, async (c) => {
    const { cursor } = bodyOf(c, wire['POST /admin/discount-rules/query']);
    const page = await asAdmin('query discount rules', {
      ...adminOps.queryDiscountRules,
      kind: 'read',
      body: { query: cursor ? { cursorPaging: { cursor, limit: 50 } } : { cursorPaging: { limit: 50 } } },
      schema: ruleList,
    });
    const next = page.pagingMetadata?.cursors?.next;
    return c.json({ rules: (page.discountRules ?? []).map(consoleRuleOf), ...(next ? { next } : {}) }, 200);
  });

  serve(app, wire['GET /admin/discount-rules/{id}'], owner, async (c) =>
    c.json({ rule: consoleRuleOf(await load(c.req.param('id'))) }, 200),
  );

  serve(app, wire['POST /admin/discount-rules'], owner, async (c) => {
    const form = bodyOf(c, wire['POST /admin/discount-rules']);
    const same = await byName(form.name);
    if (same)
      throw new CompanionError(409, 'ALREADY_EXISTS', 'A discount rule with this name already exists.', {
        data: { id: same.id },
      });
    const r = await asAdmin('create discount rule', {
      ...adminOps.createDiscountRule,
      body: { discountRule: platformRuleOf(form) },
      schema: oneRule,
    });
    return c.json({ rule: consoleRuleOf(r.discountRule) }, 200);
  });

  serve(app, wire['PATCH /admin/discount-rules/{id}'], owner, async (c) => {
    const { revision, ...form } = bodyOf(c, wire['PATCH /admin/discount-rules/{id}']);
    const id = c.req.param('id') ?? '';
    if (!GUID.test(id)) throw notFound('No such discount rule');
    const same = await byName(form.name);
    if (same && same.id !== id)
      throw new CompanionError(409, 'ALREADY_EXISTS', 'A discount rule with this name already exists.', {
        data: { id: same.id },
      });
    const r = await asAdmin('update discount rule', {
      ...route(adminOps.updateDiscountRule, { discountRuleId: id }),
      body: { discountRule: { id, revision, ...platformRuleOf(form) } },
      schema: oneRule,
    });
    return c.json({ rule: consoleRuleOf(r.discountRule) }, 200);
  });

  serve(app, wire['DELETE /admin/discount-rules/{id}'], owner, async (c) => {
    const id = c.req.param('id') ?? '';
    if (!GUID.test(id)) throw notFound('No such discount rule');
    try {
      await asAdmin('delete discount rule', {
        ...route(adminOps.deleteDiscountRule, { discountRuleId: id }),
        schema: zm.looseObject({}),
      });
    } catch (e) {
      // deleted already (a retry after a lost answer): done
      if (!(e instanceof CompanionError && e.status === 404)) throw e;
    }
    return c.json({}, 200);
  });

  serve(app, wire['POST /admin/discount-rules/preview'], owner, async (c) => {
    const { lines } = bodyOf(c, wire['POST /admin/discount-rules/preview']);
    const clientId = kit.cfg.clientId;
    if (!clientId)
      throw new CompanionError(501, 'NO_CLIENT_ID', 'The preview needs the site’s client id (INLAY_CLIENT_ID).');
    const what = 'discount preview';
    try {
      const anon = kit.platform.as('');
      const t = await anon.request({
        ...ops.token,
        auth: false,
        body: { clientId, grantType: 'anonymous' },
        schema: token,
      });
      const shopper = kit.platform.as(t.access_token);
      const lineItems = lines.map((l) => ({
        catalogReference: {
          appId: STORES_APP_ID,
          catalogItemId: l.productId,
          ...(l.variantId ? { options: { variantId: l.variantId } } : {}),
        },
        quantity: l.quantity,
      }));
      const cart = await shopper.request({ ...ops.addToCart, body: { lineItems }, schema: previewCart });
      try {
        const e = await shopper.request({ ...ops.estimateTotals, kind: 'read', body: {}, schema: estimate });
        const byLine = new Map(e.calculatedLineItems.map((l) => [l.lineItemId, l.pricesBreakdown]));
        const names = (lineId: string) =>
          (e.appliedDiscounts ?? [])
            .filter((d) => d.discountRule && d.lineItemIds?.includes(lineId))
            .map((d) => d.discountRule?.name?.original ?? '');
        const sub = cents(e.priceSummary.subtotal.amount);
        const off = cents(e.priceSummary.discount.amount);
        return c.json(
          {
            lines: cart.cart.lineItems.map((l) => {
              const p = byLine.get(l.id);
              return {
                productId: l.catalogReference.catalogItemId,
                name: l.productName?.original ?? '',
                quantity: l.quantity,
                total: p?.lineItemPrice.amount ?? '0.00',
                discount: p?.totalDiscount?.amount ?? '0.00',
                rules: names(l.id),
              };
            }),
            subtotal: dec(sub),
            discount: dec(off),
            after: dec(sub - off),
            currency: e.currency ?? 'USD',
          },
          200,
        );
      } finally {
        await shopper.request({ ...ops.deleteCart, schema: zm.unknown() }).catch(() => undefined);
      }
    } catch (e) {
      if (e instanceof CompanionError) throw e;
      kit.relay(e, what);
    }
  });

  return app;
}
