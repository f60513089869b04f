/**
 * Back-in-stock notification requests, under `/back-in-stock-service/v1/back-in-stock-notification-requests`
 * (docs/spec/wire-protocol.md §7, spec "Back-in-stock" calls). Any visitor or member may ask to be told (create).
 * Everything else (get, delete, query, count, report back in stock, mark as sent, start and stop collecting) is for an
 * admin identity only (docs/spec/wire-protocol.md §11.5, §11.6: "requires elevated permissions"; for headless sites
 * "only … Wix app or Wix user identity"): a visitor or member token, whatever the member's role, gets 403 before
 * anything is looked up, so an id never tells whether it exists. The settings too are the admin's: the generated
 * client documents Get Settings with `@permissionId ECOM.READ_BACK_IN_STOCK_NOTIFICATION_SETTINGS` and
 * `@applicableIdentity APP`, so a shopper's page learns that requests are not collected from the create's refusal
 * (428 `REQUEST_COLLECTION_DISABLED`), never beforehand.
 */
import { z } from 'zod';
import { adminOps, ops } from '../../core/urls.ts';
import type { Identity } from '../domain/auth.ts';
import {
  allRequests,
  contactIdForEmail,
  countOpenRequests,
  deleteRequest,
  findOpenRequest,
  getRequest,
  getSettings,
  insertRequest,
  markNotificationSent,
  reportBackInStock,
  reportRequests,
  COLLECTING_APPS,
  setCollecting,
  wireSettings,
  throttled,
  THROTTLE_PER_EMAIL,
  THROTTLE_PER_IP,
  toWireRequest,
  type RequestRow,
} from '../domain/back-in-stock.ts';
import { findVariant, getProductRecord, STORES_APP_ID } from '../domain/catalog.ts';
import { memberById } from '../domain/identity.ts';
import { applyFilter, applySort, cursorPage, cursorQuery, type FieldAccessor } from '../domain/query.ts';
import { badRequestApp, failedPrecondition, invalidField, notFound, tooManyRequests } from '../errors.ts';
import type { RequestContext, RouteModule } from '../router.ts';
import { GUID, httpUrl, paramsObject, parseJsonText, validate } from '../validate.ts';

export const BASE = ops.createStockRequest.path;

const catalogReference = z.object({
  appId: z.string().min(1).max(100),
  catalogItemId: z.string().min(1).max(100),
  options: z
    .object({
      variantId: z.string().max(100).optional(),
      options: z.record(z.string(), z.string().max(200)).optional(),
    })
    .optional(),
});

const createSchema = z.object({
  request: z.object({
    catalogReference,
    email: z.string().trim().max(254).email('must be a valid email address'),
    itemUrl: httpUrl.optional(),
  }),
  itemDetails: z.object({
    name: z.string().trim().min(1).max(200),
    price: z.string().regex(/^\d+(\.\d{1,4})?$/, 'must be a decimal string like "18.00"'),
    image: z
      .object({
        id: z.string().max(200).optional(),
        url: httpUrl,
        height: z.number().int().min(0).optional(),
        width: z.number().int().min(0).optional(),
      })
      .optional(),
  }),
});

const carriedSchema = z.object({
  filter: z.union([z.string().max(10_000), z.record(z.string(), z.unknown())]).optional(),
  sort: z.union([z.string().max(2_000), z.array(z.unknown())]).optional(),
});
const querySchema = z.object({
  query: carriedSchema
    .extend({
      // a cursor carries the filter and sort (docs/spec/wire-protocol.md §11.7)
      cursorPaging: z
        .object({
          limit: z.coerce.number().int().min(1).max(100).optional(),
          cursor: z.string().max(16_000).optional(),
        })
        .optional(),
    })
    .optional(),
});

/** Start and Stop Collecting Requests: `appId` required, `@format GUID` (the generated client's typings). */
const appIdSchema = z.object({ appId: z.string().regex(GUID, 'must be a GUID') });
/** Report Items Back In Stock (the generated client's `ReportItemsBackInStockRequest`): `itemDetails` required. */
const reportSchema = z.object({
  catalogReference: catalogReference.optional(),
  requestIds: z.array(z.string().max(100)).min(1).max(100).optional(),
  itemDetails: z.object({
    name: z.string().trim().min(1).max(200),
    price: z.string().regex(/^\d+(\.\d{1,4})?$/, 'must be a decimal string like "18.00"'),
    image: z
      .object({ id: z.string().max(200).optional(), url: z.string().max(2_000) })
      .passthrough()
      .optional(),
  }),
  extraAutomationTemplateParameters: z.record(z.string().max(100), z.string().max(1_000)).optional(),
});
const countSchema = z.object({ catalogReferences: z.array(catalogReference).min(1).max(100) });

const callerId = (who: Identity) => (who.kind === 'member' ? who.memberId : who.visitorId);

function memberEmail(ctx: RequestContext, who: Identity): { email: string; contactId: string } | undefined {
  if (who.kind !== 'member') return undefined;
  const m = memberById(ctx.db, who.memberId);
  return m && { email: m.email, contactId: m.contact_id };
}

function resolveItem(ctx: RequestContext, ref: z.infer<typeof catalogReference>, field: string) {
  if (ref.appId !== STORES_APP_ID)
    throw badRequestApp('ITEM_APP_ID_NOT_SUPPORTED', `Catalog app ${ref.appId} is not supported`, { appId: ref.appId });
  const product = getProductRecord(ctx.db, ref.catalogItemId);
  if (!product || !product.visible)
    throw notFound(`Product ${ref.catalogItemId} not found`, 'PRODUCT_NOT_FOUND', { catalogItemId: ref.catalogItemId });
  const variant = findVariant(product, ref.options ?? {});
  if (!variant) throw invalidField(`${field}.options`, 'does not name a variant of this product', 'VALIDATION');
  return { product, variant };
}

const FILTER_FIELDS: Record<string, FieldAccessor<RequestRow>> = {
  id: (r) => r.id,
  status: (r) => r.status,
  email: (r) => r.email,
  contactId: (r) => r.contact_id,
  'catalogReference.appId': (r) => r.app_id,
  'catalogReference.catalogItemId': (r) => r.catalog_item_id,
  'catalogReference.options.variantId': (r) => r.variant_id,
  createdDate: (r) => r.created_date,
};

function runQuery(ctx: RequestContext, input: unknown) {
  ctx.requireAdmin();
  const { query = {} } = validate(querySchema, input);
  // after the first page the SDK sends only the cursor, which carries the filter and sort
  // (docs/spec/wire-protocol.md §11.7)
  const carried = cursorQuery(query);
  const { filter, sort } = validate(carriedSchema, carried, 'query');
  let rows = applyFilter(allRequests(ctx.db), filter, FILTER_FIELDS);
  rows = sort
    ? applySort(rows, sort, FILTER_FIELDS)
    : rows.sort((a, b) => b.created_date.localeCompare(a.created_date));
  const page = cursorPage(rows, query.cursorPaging, 50, carried);
  return { json: { requests: page.items.map(toWireRequest), metadata: page.metadata } };
}

export const backInStockRoutes: RouteModule = (router) => {
  router.operation(ops.createStockRequest, (ctx) => {
    const who = ctx.auth();
    const { request, itemDetails } = validate(createSchema, ctx.body);
    const { variant } = resolveItem(ctx, request.catalogReference, 'request.catalogReference');
    const settings = getSettings(ctx.db, request.catalogReference.appId);
    if (!settings.collectingRequests) {
      // the generated client's CreateBackInStockNotificationRequestApplicationErrors
      throw failedPrecondition('This store is not collecting back-in-stock requests', 'REQUEST_COLLECTION_DISABLED', {
        appId: settings.appId,
      });
    }
    const email = request.email.toLowerCase();
    const existing = findOpenRequest(ctx.db, STORES_APP_ID, request.catalogReference.catalogItemId, variant.id, email);
    // the same item and email again: the existing request, as the platform does (no throttle cost)
    if (existing) return { json: { request: toWireRequest(existing) } };
    const now = ctx.now();
    const ip = ctx.req.socket.remoteAddress ?? 'unknown';
    if (
      throttled(ctx.db, `email:${email}`, THROTTLE_PER_EMAIL, now) ||
      throttled(ctx.db, `ip:${ip}`, THROTTLE_PER_IP, now)
    ) {
      throw tooManyRequests('Too many back-in-stock requests; try again later');
    }
    const member = memberEmail(ctx, who);
    const row = insertRequest(
      ctx.db,
      {
        appId: STORES_APP_ID,
        catalogItemId: request.catalogReference.catalogItemId,
        options: request.catalogReference.options ?? {},
        variantId: variant.id,
        email,
        contactId: member && member.email.toLowerCase() === email ? member.contactId : contactIdForEmail(email),
        createdBy: callerId(who),
        itemUrl: request.itemUrl,
        itemName: itemDetails.name,
        itemPrice: itemDetails.price,
        itemImage: itemDetails.image,
      },
      now,
    );
    return { json: { request: toWireRequest(row) } };
  });

  router.fallback(ops.queryStockRequests, (ctx) => runQuery(ctx, ctx.body));
  router.operation(ops.queryStockRequests, (ctx) => runQuery(ctx, paramsObject(ctx.query)));

  router.operation(ops.countStockRequests, (ctx) => {
    // (prototype-named keys are refused while parsing, before the identity: issue 17)
    const raw = paramsObject(ctx.query);
    ctx.requireAdmin();
    // repeated `catalogReferences` params carry JSON objects
    const refs = raw['catalogReferences'];
    const list = (Array.isArray(refs) ? refs : refs === undefined ? [] : [refs]).map((v, i) =>
      typeof v === 'string' ? parseJsonText(v, `catalogReferences[${i}]`, 'each must be a JSON catalog reference') : v,
    );
    const { catalogReferences } = validate(countSchema, { catalogReferences: list });
    return {
      json: {
        countsPerCatalogReference: catalogReferences.map((ref, i) => {
          const { variant } = resolveItem(ctx, ref, `catalogReferences[${i}]`);
          return { catalogReference: ref, count: countOpenRequests(ctx.db, ref.appId, ref.catalogItemId, variant.id) };
        }),
      },
    };
  });

  // Report Items Back In Stock: by `catalogReference` (every request still waiting for the item, or for the variant
  // its options name) or by `requestIds`, never both; the notices carry `itemDetails`; the answer is empty, as the
  // platform's (`ReportItemsBackInStockResponse {}`). Sent through the site, so `autoNotified` is true.
  router.operation(adminOps.reportItemsBackInStock, (ctx) => {
    ctx.requireAdmin();
    const input = validate(reportSchema, ctx.body);
    if (input.catalogReference && input.requestIds)
      throw badRequestApp(
        'REQUEST_CONTAINS_BOTH_CATALOG_REFERENCE_AND_REQUEST_IDS',
        'Give either catalogReference or requestIds, not both',
      );
    if (!input.catalogReference && !input.requestIds)
      throw invalidField('catalogReference', 'catalogReference or requestIds is required', 'VALIDATION');
    if (input.itemDetails.image && !httpUrl.safeParse(input.itemDetails.image.url).success)
      throw badRequestApp('INVALID_ITEM_IMAGE_URL', 'itemDetails.image.url must be an http(s) URL');
    const details = { name: input.itemDetails.name, price: input.itemDetails.price };
    if (input.requestIds) {
      const unknown = input.requestIds.filter((id) => !getRequest(ctx.db, id));
      if (unknown.length)
        throw notFound('Back-in-stock request not found', 'BACK_IN_STOCK_NOTIFICATION_REQUEST_NOT_FOUND', {
          requestIds: unknown,
        });
      reportRequests(ctx.db, input.requestIds, ctx.now(), details);
      return { json: {} };
    }
    const ref = input.catalogReference!;
    const { variant, product } = resolveItem(ctx, ref, 'catalogReference');
    const variantId = ref.options ? variant.id : product.variants.length > 1 ? undefined : variant.id;
    reportBackInStock(ctx.db, ref.catalogItemId, variantId, ctx.now(), true, details);
    return { json: {} };
  });

  const collecting = (ctx: RequestContext, on: boolean) => {
    ctx.requireAdmin();
    const { appId } = validate(appIdSchema, ctx.body);
    if (!COLLECTING_APPS.includes(appId))
      throw badRequestApp('NOT_SUPPORTED_APP_DEF_ID', `Back-in-stock requests are not supported for app ${appId}`, {
        appId,
      });
    setCollecting(ctx.db, appId, on);
    return { json: { settings: wireSettings(ctx.db) } };
  };
  router.operation(adminOps.startCollectingStockRequests, (ctx) => collecting(ctx, true));
  router.operation(adminOps.stopCollectingStockRequests, (ctx) => collecting(ctx, false));
  // The SDK maps GetSettings to PUT /settings (docs/spec/wire-protocol.md §7), with an empty body.
  router.operation(adminOps.getStockSettings, (ctx) => {
    ctx.requireAdmin();
    validate(z.object({}).strict(), ctx.body ?? {});
    return { json: { settings: wireSettings(ctx.db) } };
  });

  router.operation(ops.getStockRequest, (ctx) => {
    ctx.requireAdmin();
    const r = getRequest(ctx.db, ctx.params['id'] ?? '');
    if (!r) throw notFound('Back-in-stock request not found', 'REQUEST_NOT_FOUND');
    return { json: { request: toWireRequest(r) } };
  });

  router.operation(ops.deleteStockRequest, (ctx) => {
    ctx.requireAdmin();
    const r = getRequest(ctx.db, ctx.params['id'] ?? '');
    if (!r) throw notFound('Back-in-stock request not found', 'REQUEST_NOT_FOUND');
    deleteRequest(ctx.db, r.id);
    return { json: {} };
  });

  router.operation(adminOps.markStockRequestSent, (ctx) => {
    ctx.requireAdmin();
    const r = getRequest(ctx.db, ctx.params['id'] ?? '');
    // the generated client's MarkAsNotificationSentApplicationErrors
    if (!r) throw notFound('Back-in-stock request not found', 'BACK_IN_STOCK_NOTIFICATION_REQUEST_NOT_FOUND');
    markNotificationSent(ctx.db, r.id, ctx.now());
    return { json: { request: toWireRequest(getRequest(ctx.db, r.id)!) } };
  });
};
