/**
 * Shipping options (`@wix/auto_sdk_ecom_shipping-options`: Create, Get, Update, Delete, Query, Add and Remove
 * Delivery Region), the delivery profiles' regions they serve (Query Delivery Profiles) and the shipping label
 * provider's configuration (List, Update: Inlay's choice, the spec giving its base path only). Admin-only like every
 * eCommerce management call: a visitor or member token is 403. docs/wire.md "i40-ship".
 */
import { z } from 'zod';
import { adminOps } from '../../core/urls.ts';
import {
  CONDITION_TYPES,
  deleteOption,
  deliveryRegions,
  createOption,
  labelConfigurations,
  LABEL_SERVICES,
  MARKUP_TYPES,
  OPERATORS,
  PACKAGE_TYPES,
  setOptionRegion,
  storedOption,
  storedOptions,
  updateLabelConfiguration,
  updateOption,
  wireOption,
  type StoredOption,
} from '../domain/shipping-options.ts';
import { applyFilter, applySort, cursorPage, cursorQuery, filterAndSort, type FieldAccessor } from '../domain/query.ts';
import { invalidField, notFound } from '../errors.ts';
import type { RequestContext, RouteModule } from '../router.ts';
import { GUID, paramsObject, validate } from '../validate.ts';

const DEFAULT_PROFILE_ID = '5a1e0000-0000-4000-8000-000000000100';

/** `@decimalValue options { gte:0, lte:999999999, maxScale:N }` */
const decimal = (scale: number) =>
  z
    .string()
    .regex(
      new RegExp(`^\\d{1,9}(\\.\\d{1,${scale}})?$`),
      `must be a decimal number from 0 to 999999999 with at most ${scale} decimals`,
    );

const condition = z.object({
  type: z.enum(CONDITION_TYPES),
  value: decimal(6),
  operator: z.enum(OPERATORS),
});
const rate = z.object({
  amount: decimal(3),
  conditions: z.array(condition).max(10).default([]),
  multiplyByQuantity: z.boolean().nullish(),
});
const title = z.string().trim().min(1).max(1000);
const deliveryTime = z.string().max(500).nullish();
const readonly = {
  id: z.string().max(100).nullish(),
  revision: z.string().max(20).nullish(),
  createdDate: z.string().max(40).nullish(),
  updatedDate: z.string().max(40).nullish(),
  extendedFields: z.object({ namespaces: z.record(z.string(), z.record(z.string(), z.unknown())) }).nullish(),
};

const createSchema = z.object({
  shippingOption: z.object({
    ...readonly,
    deliveryRegionId: z.string().regex(GUID, 'must be a GUID').optional(),
    deliveryRegionIds: z.array(z.string().regex(GUID, 'must be a GUID')).max(50).optional(),
    title,
    estimatedDeliveryTime: deliveryTime,
    rates: z.array(rate).min(1).max(50),
  }),
});
const updateSchema = z.object({
  shippingOption: z.object({
    ...readonly,
    deliveryRegionId: z.string().max(100).optional(),
    deliveryRegionIds: z.array(z.string().max(100)).max(50).optional(),
    title: title.optional(),
    estimatedDeliveryTime: deliveryTime,
    rates: z.array(rate).min(1).max(50).optional(),
  }),
  fieldMask: z.union([z.string().max(500), z.object({ paths: z.array(z.string().max(100)).max(20) })]).optional(),
});
const regionSchema = z.object({
  deliveryRegionId: z.string().regex(GUID, 'must be a GUID'),
  revision: z.string().max(20).nullish(),
});
const cursorPaging = z
  .object({ limit: z.number().int().min(1).max(100).nullish(), cursor: z.string().max(16_000).nullish() })
  .optional();
const querySchema = z.object({
  query: z.object({ ...filterAndSort, cursorPaging }).default({}),
});
/** A GET's `.r` query arrives with numbers as numbers; dotted keys arrive as strings. */
const queryFromParams = (ctx: RequestContext) => {
  const raw = paramsObject(ctx.query) as { query?: { cursorPaging?: { limit?: unknown } } };
  const limit = raw.query?.cursorPaging?.limit;
  if (typeof limit === 'string' && /^\d+$/.test(limit)) raw.query!.cursorPaging!.limit = Number(limit);
  return raw;
};

const address = z.object({
  country: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code'),
  subdivision: z.string().max(10).optional(),
  city: z.string().trim().min(1).max(100),
  postalCode: z.string().trim().min(1).max(20),
  addressLine1: z.string().trim().min(1).max(200),
  addressLine2: z.string().max(200).optional(),
});
const labelSchema = z.object({
  configuration: z.object({
    id: z.string().max(100).nullish(),
    revision: z.string().max(20),
    shipFromAddress: address.optional(),
    defaultPackage: z
      .object({
        type: z.enum(PACKAGE_TYPES),
        dimensions: z.object({ length: decimal(2), width: decimal(2), height: decimal(2) }).optional(),
      })
      .optional(),
    services: z.array(z.enum(LABEL_SERVICES)).max(LABEL_SERVICES.length).optional(),
    markup: z.object({ type: z.enum(MARKUP_TYPES), value: decimal(2) }).optional(),
  }),
});

/** The platform's filterable fields (id, delivery region ids, estimated delivery time, dates). */
const FIELDS: Record<string, FieldAccessor<StoredOption>> = {
  id: (o) => o.id,
  deliveryRegionId: (o) => o.regionIds,
  deliveryRegionIds: (o) => o.regionIds,
  estimatedDeliveryTime: (o) => o.estimatedDeliveryTime,
  createdDate: (o) => o.createdDate,
  updatedDate: (o) => o.updatedDate,
};

const rates = (list: z.infer<typeof rate>[]) =>
  list.map((r) => ({ amount: r.amount, conditions: r.conditions, multiplyByQuantity: r.multiplyByQuantity ?? false }));

function param(ctx: RequestContext, name: string): string {
  const id = ctx.params[name] ?? '';
  if (!GUID.test(id))
    throw notFound(`Shipping option ${id.slice(0, 100)} not found`, 'SHIPPING_OPTION_NOT_FOUND', {
      id: id.slice(0, 100),
    });
  return id;
}

export const shippingOptionsRoutes: RouteModule = (router) => {
  router.operation(adminOps.createShippingOption, (ctx) => {
    ctx.requireAdmin();
    const { shippingOption: o } = validate(createSchema, ctx.body);
    const regionIds = o.deliveryRegionIds ?? (o.deliveryRegionId ? [o.deliveryRegionId] : []);
    if (!regionIds.length) throw invalidField('shippingOption.deliveryRegionIds', 'is required', 'REQUIRED_FIELD');
    const created = createOption(
      ctx.db,
      {
        title: o.title,
        ...(o.estimatedDeliveryTime != null ? { estimatedDeliveryTime: o.estimatedDeliveryTime } : {}),
        regionIds,
        rates: rates(o.rates),
      },
      ctx.now(),
    );
    return { json: { shippingOption: wireOption(created) } };
  });

  router.operation(adminOps.getShippingOption, (ctx) => {
    ctx.requireAdmin();
    const id = param(ctx, 'shippingOptionId');
    const o = storedOption(ctx.db, id);
    if (!o) throw notFound(`Shipping option ${id} not found`, 'SHIPPING_OPTION_NOT_FOUND', { id });
    return { json: { shippingOption: wireOption(o) } };
  });

  router.operation(adminOps.updateShippingOption, (ctx) => {
    ctx.requireAdmin();
    const id = param(ctx, 'id');
    const { shippingOption: o, fieldMask } = validate(updateSchema, ctx.body);
    if (o.id != null && o.id !== id)
      throw invalidField('shippingOption.id', 'must be the id of the path', 'VALIDATION');
    const mask =
      fieldMask === undefined ? undefined : typeof fieldMask === 'string' ? fieldMask.split(',') : fieldMask.paths;
    const wants = (f: string) => (mask ? mask.map((m) => m.trim()).includes(f) : true);
    if (mask?.some((m) => /^deliveryRegionIds?$/.test(m.trim())) || o.deliveryRegionIds || o.deliveryRegionId)
      throw invalidField(
        'shippingOption.deliveryRegionIds',
        'is immutable: use Add Delivery Region and Remove Delivery Region',
        'VALIDATION',
      );
    const updated = updateOption(
      ctx.db,
      id,
      o.revision,
      {
        ...(wants('title') && o.title !== undefined ? { title: o.title } : {}),
        ...(wants('estimatedDeliveryTime') && o.estimatedDeliveryTime !== undefined
          ? { estimatedDeliveryTime: o.estimatedDeliveryTime }
          : {}),
        ...(wants('rates') && o.rates !== undefined ? { rates: rates(o.rates) } : {}),
      },
      ctx.now(),
    );
    return { json: { shippingOption: wireOption(updated) } };
  });

  router.operation(adminOps.deleteShippingOption, (ctx) => {
    ctx.requireAdmin();
    deleteOption(ctx.db, param(ctx, 'shippingOptionId'));
    return { json: {} };
  });

  const runQuery = (ctx: RequestContext, input: unknown) => {
    ctx.requireAdmin();
    const { query } = validate(querySchema, input);
    const carried = cursorQuery(query);
    let rows = applyFilter(storedOptions(ctx.db), carried.filter, FIELDS);
    if (carried.sort) rows = applySort(rows, carried.sort, FIELDS);
    const page = cursorPage(
      rows,
      query.cursorPaging
        ? {
            ...(query.cursorPaging.limit != null ? { limit: query.cursorPaging.limit } : {}),
            cursor: query.cursorPaging.cursor ?? null,
          }
        : undefined,
      50,
      carried,
    );
    return { json: { shippingOptions: page.items.map(wireOption), pagingMetadata: page.metadata } };
  };
  router.operation(adminOps.queryShippingOptions, (ctx) => runQuery(ctx, queryFromParams(ctx)));
  router.fallback(adminOps.queryShippingOptions, (ctx) => runQuery(ctx, ctx.body));

  for (const [op, add] of [
    [adminOps.addShippingOptionRegion, true],
    [adminOps.removeShippingOptionRegion, false],
  ] as const) {
    router.operation(op, (ctx) => {
      ctx.requireAdmin();
      const id = param(ctx, 'shippingOptionId');
      const body = validate(regionSchema, ctx.body);
      return {
        json: {
          shippingOption: wireOption(setOptionRegion(ctx.db, id, body.deliveryRegionId, body.revision, add, ctx.now())),
        },
      };
    });
  }

  // the site's one delivery profile (the default the platform makes with the store), with its regions
  router.operation(adminOps.queryDeliveryProfiles, (ctx) => {
    ctx.requireAdmin();
    validate(querySchema, ctx.body ?? {});
    return {
      json: {
        deliveryProfiles: [
          {
            id: DEFAULT_PROFILE_ID,
            name: 'Default profile',
            default: true,
            deliveryRegions: deliveryRegions(ctx.db).map((r) => ({
              id: r.id,
              name: r.name,
              active: true,
              destinations: r.destinations,
            })),
          },
        ],
        pagingMetadata: { count: 1, cursors: {}, hasNext: false },
      },
    };
  });

  router.operation(adminOps.listShippingLabelConfigurations, (ctx) => {
    ctx.requireAdmin();
    return { json: { configurations: labelConfigurations(ctx.db) } };
  });

  router.operation(adminOps.updateShippingLabelConfiguration, (ctx) => {
    ctx.requireAdmin();
    const id = ctx.params['id'] ?? '';
    const { configuration: c } = validate(labelSchema, ctx.body);
    const { id: _id, revision, ...patch } = c;
    const data = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined && v !== null));
    return { json: { configuration: updateLabelConfiguration(ctx.db, id, revision, data, ctx.now()) } };
  });
};
