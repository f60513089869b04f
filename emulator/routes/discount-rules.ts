/**
 * Discount rules (`@wix/auto_sdk_ecom_discount-rules`; issue 40; docs/wire.md "i40-disc"): create, get, update (with
 * the current `revision`), delete, query (cursor paging). The site's admin identity only (a visitor or member token →
 * 403). The model, its validation words (the client's types: `name` 1–50, `percentage` 0.1–100, decimal strings with
 * at most 4 decimals, `fixedAmount` > 0, `and`/`or` 2–5 triggers, ≤ 50 scopes, exactly one discount) and what the
 * emulator prices: domain/discount-rules.ts.
 */
import { z } from 'zod';
import { adminOps } from '../../core/urls.ts';
import { STORES_APP_ID } from '../domain/catalog.ts';
import {
  allDiscountRules,
  createDiscountRule,
  deleteDiscountRule,
  discountRuleById,
  ruleStatus,
  ruleUsage,
  updateDiscountRule,
  type DiscountRuleRecord,
  type RuleDiscount,
  type RuleInput,
  type RuleScope,
  type RuleTrigger,
} from '../domain/discount-rules.ts';
import { applyFilter, applySort, cursorAlone, cursorPage, cursorQuery, type FieldAccessor } from '../domain/query.ts';
import { badRequest, conflict, invalidField, notFound, type FieldViolation } from '../errors.ts';
import type { RequestContext, RouteModule } from '../router.ts';
import { GUID, oneLine, validate } from '../validate.ts';

/** The REST wire's rule (the SDK renames `id` and the dates, and turns the dates into `Date`s). */
export function toWireRule(r: DiscountRuleRecord, nowMs: number, usage: ReadonlyMap<string, number>) {
  return {
    id: r.id,
    revision: String(r.revision),
    createdDate: r.createdDate,
    updatedDate: r.updatedDate,
    active: r.active,
    name: r.name,
    ...(r.trigger ? { trigger: r.trigger } : {}),
    activeTimeInfo: { ...(r.start ? { start: r.start } : {}), ...(r.end ? { end: r.end } : {}) },
    discounts: { values: [r.discount] },
    status: ruleStatus(r, nowMs),
    usageCount: usage.get(r.id) ?? 0,
  };
}

const DECIMAL = /^\d{1,16}(\.\d{1,4})?$/;
/** A decimal string as the types bound it (`@decimalValue options {gt|gte: 0, lte: 1e15, maxScale: 4}`). */
const decimal = (positive: boolean) =>
  z.string().superRefine((s, c) => {
    const scale = s.split('.')[1]?.length ?? 0;
    if (!/^\d+(\.\d+)?$/.test(s)) c.addIssue({ code: 'custom', message: 'must be a decimal number, like "12.50"' });
    else if (scale > 4) c.addIssue({ code: 'custom', message: 'must have at most 4 decimal places' });
    else if (!DECIMAL.test(s) || Number(s) > 1e15)
      c.addIssue({ code: 'custom', message: 'must be at most 1000000000000000' });
    else if (positive && Number(s) <= 0) c.addIssue({ code: 'custom', message: 'must be greater than 0' });
  });

const guid = z.string().regex(GUID, 'must be a GUID');
const scopeSchema = z.strictObject({
  id: z.string().min(1).max(100),
  type: z.enum(['CATALOG_ITEM', 'CUSTOM_FILTER']),
  catalogItemFilter: z
    .strictObject({
      catalogAppId: guid,
      catalogItemIds: z.array(z.string().min(1).max(36)).max(50).optional(),
    })
    .optional(),
  customFilter: z
    .strictObject({ appId: guid.optional(), params: z.record(z.string(), z.unknown()).nullish() })
    .optional(),
});
const scopes = z.array(scopeSchema).max(50);

type TriggerIn = {
  triggerType?: string;
  and?: { triggers?: TriggerIn[] };
  or?: { triggers?: TriggerIn[] };
  subtotalRange?: { scopes?: z.infer<typeof scopeSchema>[]; from?: string | null; to?: string | null };
  itemQuantityRange?: { scopes?: z.infer<typeof scopeSchema>[]; from?: number | null; to?: number | null };
  customTrigger?: unknown;
  customerEligibility?: unknown;
};
const triggerSchema: z.ZodType<TriggerIn> = z.lazy(() =>
  z.strictObject({
    triggerType: z.string().max(50).optional(),
    and: z.strictObject({ triggers: z.array(triggerSchema).min(2).max(5) }).optional(),
    or: z.strictObject({ triggers: z.array(triggerSchema).min(2).max(5) }).optional(),
    subtotalRange: z
      .strictObject({ scopes: scopes.optional(), from: decimal(false).nullish(), to: decimal(false).nullish() })
      .optional(),
    itemQuantityRange: z
      .strictObject({
        scopes: scopes.optional(),
        from: z.number().int().min(1).nullish(),
        to: z.number().int().min(1).nullish(),
      })
      .optional(),
    customTrigger: z.unknown().optional(),
    customerEligibility: z.unknown().optional(),
  }),
);

const discountSchema = z.strictObject({
  targetType: z.string().max(50).optional(),
  specificItemsInfo: z.strictObject({ scopes: scopes.min(1) }).optional(),
  discountType: z.string().max(50).optional(),
  percentage: z.number().min(0.1).max(100).optional(),
  fixedAmount: decimal(true).optional(),
  fixedPrice: decimal(false).optional(),
  quantityBased: z.unknown().optional(),
  buyXGetYInfo: z.unknown().optional(),
});

const timestamp = z.iso.datetime({ offset: true, message: 'must be an ISO-8601 date and time' });
const ruleSchema = z.strictObject({
  // read-only fields the SDK may send back: accepted, ignored (`revision` guards an update)
  id: z.string().max(100).nullish(),
  revision: z
    .string()
    .regex(/^\d{1,18}$/, 'must be a revision number')
    .nullish(),
  createdDate: z.unknown().optional(),
  updatedDate: z.unknown().optional(),
  status: z.unknown().optional(),
  usageCount: z.unknown().optional(),
  active: z.boolean().nullish(),
  name: oneLine().trim().min(1).max(50).nullish(),
  trigger: triggerSchema.nullish(),
  activeTimeInfo: z.strictObject({ start: timestamp.nullish(), end: timestamp.nullish() }).nullish(),
  discounts: z.strictObject({ values: z.array(discountSchema).min(1).max(1) }).nullish(),
});
type RuleIn = z.infer<typeof ruleSchema>;

const NOT_SERVED = 'is not supported by the emulator (see docs/wire.md "i40-disc")';

/** A checked scope: the Stores catalog's items, or the products of Stores collections. */
function scopeOf(s: z.infer<typeof scopeSchema>, path: string, bad: FieldViolation[]): RuleScope {
  if (s.type === 'CATALOG_ITEM') {
    if (!s.catalogItemFilter || s.customFilter)
      bad.push({
        field: path,
        description: 'a CATALOG_ITEM scope has a catalogItemFilter',
        violatedRule: 'ONE_OF_ALIGNMENT',
      });
    else if (s.catalogItemFilter.catalogAppId !== STORES_APP_ID)
      bad.push({
        field: `${path}.catalogItemFilter.catalogAppId`,
        description: `only the Stores catalog (${STORES_APP_ID}) ${NOT_SERVED}`,
        violatedRule: 'VALIDATION',
      });
    return {
      id: s.id,
      type: 'CATALOG_ITEM',
      catalogItemFilter: {
        catalogAppId: STORES_APP_ID,
        ...(s.catalogItemFilter?.catalogItemIds?.length ? { catalogItemIds: s.catalogItemFilter.catalogItemIds } : {}),
      },
    };
  }
  const ids = s.customFilter?.params?.['collectionIds'];
  if (!s.customFilter || s.catalogItemFilter)
    bad.push({
      field: path,
      description: 'a CUSTOM_FILTER scope has a customFilter',
      violatedRule: 'ONE_OF_ALIGNMENT',
    });
  else if (
    !Array.isArray(ids) ||
    !ids.length ||
    ids.length > 50 ||
    ids.some((i) => typeof i !== 'string' || !i || i.length > 100)
  )
    bad.push({
      field: `${path}.customFilter.params.collectionIds`,
      description: 'must list 1 to 50 collection ids (the custom filter the emulator serves)',
      violatedRule: 'VALIDATION',
    });
  return {
    id: s.id,
    type: 'CUSTOM_FILTER',
    customFilter: { appId: STORES_APP_ID, params: { collectionIds: (ids as string[] | undefined) ?? [] } },
  };
}

const scopesOf = (list: z.infer<typeof scopeSchema>[] | undefined, path: string, bad: FieldViolation[]) =>
  list?.map((s, i) => scopeOf(s, `${path}[${i}]`, bad));

const TYPE_FIELD = {
  AND: 'and',
  OR: 'or',
  SUBTOTAL_RANGE: 'subtotalRange',
  ITEM_QUANTITY_RANGE: 'itemQuantityRange',
} as const;

function triggerOf(t: TriggerIn, path: string, bad: FieldViolation[], depth = 0): RuleTrigger {
  const type = t.triggerType;
  if (
    type === 'CUSTOM' ||
    type === 'CUSTOMER_ELIGIBILITY' ||
    t.customTrigger !== undefined ||
    t.customerEligibility !== undefined
  ) {
    bad.push({
      field: `${path}.triggerType`,
      description: `${type ?? 'CUSTOM'} ${NOT_SERVED}`,
      violatedRule: 'VALIDATION',
    });
    return { triggerType: 'AND' };
  }
  if (!type || !(type in TYPE_FIELD)) {
    bad.push({
      field: `${path}.triggerType`,
      description: 'must be one of AND, OR, SUBTOTAL_RANGE, ITEM_QUANTITY_RANGE',
      violatedRule: 'INVALID_ENUM_VALUE',
    });
    return { triggerType: 'AND' };
  }
  const field = TYPE_FIELD[type as keyof typeof TYPE_FIELD];
  const present = (['and', 'or', 'subtotalRange', 'itemQuantityRange'] as const).filter((k) => t[k] !== undefined);
  if (present.length !== 1 || present[0] !== field) {
    bad.push({
      field: `${path}.${field}`,
      description: `triggerType ${type} is sent with ${field} only`,
      violatedRule: 'ONE_OF_ALIGNMENT',
    });
    return { triggerType: 'AND' };
  }
  if (type === 'AND' || type === 'OR') {
    if (depth > 0)
      bad.push({
        field: `${path}.triggerType`,
        description: 'and/or chains are one level deep',
        violatedRule: 'VALIDATION',
      });
    const key = type === 'AND' ? 'and' : 'or';
    const list = t[key]?.triggers ?? [];
    return {
      triggerType: type,
      [key]: { triggers: list.map((x, i) => triggerOf(x, `${path}.${key}.triggers[${i}]`, bad, depth + 1)) },
    };
  }
  if (type === 'SUBTOTAL_RANGE') {
    const r = t.subtotalRange!;
    if (r.from == null && r.to == null)
      bad.push({
        field: `${path}.subtotalRange`,
        description: 'needs from, to or both',
        violatedRule: 'REQUIRED_ONE_OF_FIELD',
      });
    if (r.from != null && r.to != null && Number(r.from) > Number(r.to))
      bad.push({
        field: `${path}.subtotalRange.to`,
        description: 'must not be less than from',
        violatedRule: 'VALIDATION',
      });
    const sc = scopesOf(r.scopes, `${path}.subtotalRange.scopes`, bad);
    return {
      triggerType: type,
      subtotalRange: {
        ...(sc?.length ? { scopes: sc } : {}),
        ...(r.from != null ? { from: r.from } : {}),
        ...(r.to != null ? { to: r.to } : {}),
      },
    };
  }
  const r = t.itemQuantityRange!;
  if (r.from == null && r.to == null)
    bad.push({
      field: `${path}.itemQuantityRange`,
      description: 'needs from, to or both',
      violatedRule: 'REQUIRED_ONE_OF_FIELD',
    });
  if (r.from != null && r.to != null && r.from > r.to)
    bad.push({
      field: `${path}.itemQuantityRange.to`,
      description: 'must not be less than from',
      violatedRule: 'VALIDATION',
    });
  const sc = scopesOf(r.scopes, `${path}.itemQuantityRange.scopes`, bad);
  return {
    triggerType: 'ITEM_QUANTITY_RANGE',
    itemQuantityRange: {
      ...(sc?.length ? { scopes: sc } : {}),
      ...(r.from != null ? { from: r.from } : {}),
      ...(r.to != null ? { to: r.to } : {}),
    },
  };
}

const VALUE_FIELD = { PERCENTAGE: 'percentage', FIXED_AMOUNT: 'fixedAmount', FIXED_PRICE: 'fixedPrice' } as const;

function discountOf(d: z.infer<typeof discountSchema>, path: string, bad: FieldViolation[]): RuleDiscount {
  if (d.targetType !== 'SPECIFIC_ITEMS')
    bad.push({
      field: `${path}.targetType`,
      description: d.targetType === 'BUY_X_GET_Y' ? `BUY_X_GET_Y ${NOT_SERVED}` : 'must be SPECIFIC_ITEMS',
      violatedRule: d.targetType === 'BUY_X_GET_Y' ? 'VALIDATION' : 'INVALID_ENUM_VALUE',
    });
  if (!d.specificItemsInfo)
    bad.push({
      field: `${path}.specificItemsInfo.scopes`,
      description: 'is required for SPECIFIC_ITEMS',
      violatedRule: 'REQUIRED_FIELD',
    });
  const type = d.discountType;
  if (type === 'QUANTITY_BASED' || d.quantityBased !== undefined || d.buyXGetYInfo !== undefined)
    bad.push({
      field: `${path}.discountType`,
      description: `QUANTITY_BASED ${NOT_SERVED}`,
      violatedRule: 'VALIDATION',
    });
  else if (!type || !(type in VALUE_FIELD))
    bad.push({
      field: `${path}.discountType`,
      description: 'must be one of PERCENTAGE, FIXED_AMOUNT, FIXED_PRICE',
      violatedRule: 'INVALID_ENUM_VALUE',
    });
  else {
    const field = VALUE_FIELD[type as keyof typeof VALUE_FIELD];
    const present = (['percentage', 'fixedAmount', 'fixedPrice'] as const).filter((k) => d[k] !== undefined);
    if (present.length !== 1 || present[0] !== field)
      bad.push({
        field: `${path}.${field}`,
        description: `discountType ${type} is sent with ${field} only`,
        violatedRule: 'ONE_OF_ALIGNMENT',
      });
  }
  const sc = scopesOf(d.specificItemsInfo?.scopes, `${path}.specificItemsInfo.scopes`, bad) ?? [];
  return {
    targetType: 'SPECIFIC_ITEMS',
    specificItemsInfo: { scopes: sc },
    discountType: (type ?? 'PERCENTAGE') as RuleDiscount['discountType'],
    ...(d.percentage !== undefined ? { percentage: d.percentage } : {}),
    ...(d.fixedAmount !== undefined ? { fixedAmount: d.fixedAmount } : {}),
    ...(d.fixedPrice !== undefined ? { fixedPrice: d.fixedPrice } : {}),
  };
}

/** The rule a create (`base` undefined) or an update (fields not sent kept from `base`) asks for; 400 if invalid. */
function inputOf(r: RuleIn, base: DiscountRuleRecord | undefined): RuleInput {
  const bad: FieldViolation[] = [];
  const P = 'discountRule';
  const name = r.name ?? base?.name;
  if (!name) bad.push({ field: `${P}.name`, description: 'is required', violatedRule: 'REQUIRED_FIELD' });
  const discount = r.discounts ? discountOf(r.discounts.values[0]!, `${P}.discounts.values[0]`, bad) : base?.discount;
  if (!discount)
    bad.push({ field: `${P}.discounts`, description: 'is required (one discount)', violatedRule: 'REQUIRED_FIELD' });
  const trigger =
    r.trigger === undefined
      ? (base?.trigger ?? null)
      : r.trigger === null
        ? null
        : triggerOf(r.trigger, `${P}.trigger`, bad);
  const window =
    r.activeTimeInfo === undefined
      ? { start: base?.start ?? null, end: base?.end ?? null }
      : { start: r.activeTimeInfo?.start ?? null, end: r.activeTimeInfo?.end ?? null };
  const start = window.start && new Date(window.start).toISOString();
  const end = window.end && new Date(window.end).toISOString();
  if (start && end && Date.parse(end) <= Date.parse(start))
    bad.push({ field: `${P}.activeTimeInfo.end`, description: 'must be after start', violatedRule: 'VALIDATION' });
  if (bad.length) throw badRequest(bad);
  return {
    name: name!,
    active: r.active ?? base?.active ?? true,
    start: start || null,
    end: end || null,
    trigger,
    discount: discount!,
  };
}

/** The rule of the path: a GUID (400) of an existing rule (404 DISCOUNT_RULE_NOT_FOUND). */
function ruleOf(ctx: RequestContext): DiscountRuleRecord {
  ctx.requireAdmin();
  const id = ctx.params['discountRuleId'] ?? '';
  if (!GUID.test(id)) throw invalidField('discountRuleId', 'must be a GUID', 'FORMAT');
  const r = discountRuleById(ctx.db, id.toLowerCase());
  if (!r) throw notFound(`Discount rule ${id} not found`, 'DISCOUNT_RULE_NOT_FOUND', { discountRuleId: id });
  return r;
}

const wire = (ctx: RequestContext, r: DiscountRuleRecord) => toWireRule(r, ctx.now(), ruleUsage(ctx.db));

const FIELDS: Record<string, FieldAccessor<DiscountRuleRecord>> = {
  id: (r) => r.id,
  name: (r) => r.name,
  active: (r) => r.active,
  revision: (r) => String(r.revision),
  createdDate: (r) => r.createdDate,
  updatedDate: (r) => r.updatedDate,
  'activeTimeInfo.start': (r) => r.start,
  'activeTimeInfo.end': (r) => r.end,
};

const querySchema = z.object({
  query: z
    .strictObject({
      filter: z.union([z.string().max(10_000), z.record(z.string(), z.unknown())]).nullish(),
      sort: z.union([z.string().max(2_000), z.array(z.unknown()).max(5)]).nullish(),
      cursorPaging: z
        .strictObject({
          limit: z.coerce.number().int().min(0).max(100).nullish(),
          cursor: z.string().max(16_000).nullish(),
        })
        .optional(),
      paging: z.unknown().optional(),
    })
    .optional(),
});

export const discountRulesRoutes: RouteModule = (router) => {
  router.operation(adminOps.createDiscountRule, (ctx) => {
    ctx.requireAdmin();
    const { discountRule } = validate(z.object({ discountRule: ruleSchema }), ctx.body);
    const created = createDiscountRule(ctx.db, inputOf(discountRule, undefined), ctx.now());
    return { json: { discountRule: wire(ctx, created) } };
  });

  router.operation(adminOps.getDiscountRule, (ctx) => ({ json: { discountRule: wire(ctx, ruleOf(ctx)) } }));

  // Update: the fields sent replace the rule's (a trigger of null removes it); `revision` is required and must be
  // the current one (409 REVISION_MISMATCH otherwise, nothing changed).
  router.operation(adminOps.updateDiscountRule, (ctx) => {
    const current = ruleOf(ctx);
    const { discountRule } = validate(z.object({ discountRule: ruleSchema, mask: z.unknown().optional() }), ctx.body);
    if (discountRule.id != null && discountRule.id.toLowerCase() !== current.id)
      throw invalidField('discountRule.id', 'must be the discount rule id of the path');
    if (discountRule.revision == null)
      throw invalidField('discountRule.revision', 'is required: the revision the rule was read at', 'REQUIRED_FIELD');
    const input = inputOf(discountRule, current);
    if (!updateDiscountRule(ctx.db, current.id, Number(discountRule.revision), input, ctx.now()))
      throw conflict('The discount rule changed since it was read: read it again', 'REVISION_MISMATCH', {
        revision: discountRule.revision,
        currentRevision: String(current.revision),
      });
    return { json: { discountRule: wire(ctx, discountRuleById(ctx.db, current.id)!) } };
  });

  router.operation(adminOps.deleteDiscountRule, (ctx) => {
    const r = ruleOf(ctx);
    deleteDiscountRule(ctx.db, r.id);
    return { json: {} };
  });

  // Query: cursor paging (limit ≤ 100, default 50; the docs: "offset paging will fail"), filter and sort on the
  // documented fields; oldest first unless sorted.
  router.operation(adminOps.queryDiscountRules, (ctx) => {
    ctx.requireAdmin();
    const { query = {} } = validate(querySchema, ctx.body);
    if (query.paging !== undefined)
      throw invalidField('query.paging', 'discount rules are paged with cursorPaging', 'FIELD_NOT_ALLOWED');
    const q = {
      ...query,
      filter: query.filter ?? undefined,
      sort: query.sort ?? undefined,
      cursorPaging: {
        ...(query.cursorPaging?.limit != null ? { limit: query.cursorPaging.limit } : {}),
        cursor: query.cursorPaging?.cursor ?? null,
      },
    };
    cursorAlone(q);
    const carried = cursorQuery(q);
    let rows = applyFilter(allDiscountRules(ctx.db), carried.filter, FIELDS);
    if (carried.sort !== undefined) rows = applySort(rows, carried.sort, FIELDS);
    const page = cursorPage(rows, q.cursorPaging, 50, carried);
    const usage = ruleUsage(ctx.db);
    return {
      json: {
        discountRules: page.items.map((r) => toWireRule(r, ctx.now(), usage)),
        pagingMetadata: page.metadata,
      },
    };
  });
};
