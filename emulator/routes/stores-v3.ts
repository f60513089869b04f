/**
 * Wix Stores catalog V3 (`/stores/v3/`): the catalog version (`GET /stores/v3/provision/version`, every site answers
 * it) and the product reads a storefront makes, Get Product and Query Products (`POST`, and `GET ?.r=` as the official
 * SDK sends it). A site is on one catalog: on a V1 site the V3 product reads answer 428
 * `CATALOG_V1_SITE_CALLING_CATALOG_V3_API`, as the platform does (docs/wire.md "Catalog V1 and V3"). A V3 site groups
 * its products in categories (`POST /categories/v1/categories/query`, the Categories API, which "works exclusively with
 * Catalog V3"), where a V1 site has collections.
 */
import { z } from 'zod';
import { ops } from '../../core/urls.ts';
import {
  ALL_PRODUCTS_COLLECTION_ID,
  COLLECTION_FILTER_FIELDS,
  COLLECTION_SORT_FIELDS,
  getProductRecord,
  loadCollections,
  loadProducts,
  toWireCategory,
  PRODUCT_V3_FILTER_FIELDS,
  PRODUCT_V3_SORT_FIELDS,
  siteUrl,
  toWireProductV3,
  type CatalogVersion,
} from '../domain/catalog.ts';
import { applyFilter, applySort, cursorPage, cursorQuery, filterAndSort } from '../domain/query.ts';

const MAX_PAGE = 100;
import { failedPrecondition, notFound } from '../errors.ts';
import type { RequestContext, RouteModule } from '../router.ts';
import { paramsObject, validate } from '../validate.ts';

/** 428 unless the site is on `catalog`, with the platform's application error code for the other one. */
export function requireCatalog(ctx: RequestContext, catalog: CatalogVersion): void {
  if (ctx.app.catalog === catalog) return;
  const [site, called] = catalog === 'v3' ? ['V1', 'V3'] : ['V3', 'V1'];
  throw failedPrecondition(
    `This site is on Stores Catalog ${site}: use the Catalog ${site} API`,
    `CATALOG_${site}_SITE_CALLING_CATALOG_${called}_API`,
  );
}

const fieldsSchema = z.array(z.string().max(64)).max(100).optional();
/** `fields` in a query string: repeated keys, or one value. */
const fieldsParam = (q: URLSearchParams) => {
  const all = q.getAll('fields');
  return all.length ? all : undefined;
};

const querySchema = z.object({
  query: z
    .object({
      ...filterAndSort,
      cursorPaging: z
        .object({
          limit: z.coerce.number().int().min(1).max(MAX_PAGE).optional(),
          cursor: z.string().max(4_000).nullable().optional(),
        })
        .optional(),
    })
    .optional(),
  fields: fieldsSchema,
});

const categoryQuerySchema = z.object({
  query: z
    .object({
      ...filterAndSort,
      cursorPaging: z
        .object({
          limit: z.coerce.number().int().min(1).max(1_000).optional(),
          cursor: z.string().max(4_000).nullable().optional(),
        })
        .optional(),
    })
    .optional(),
  // "All API requests require a treeReference object. For Wix Stores, always use appNamespace: "@wix/stores""
  treeReference: z.object({
    appNamespace: z.literal('@wix/stores'),
    treeKey: z.string().max(100).nullable().optional(),
  }),
  returnNonVisibleCategories: z.boolean().optional(),
  fields: fieldsSchema,
});

/** Hidden products: an admin identity reads them, no member role does (as the V1 reader). */
const isOwner = (ctx: RequestContext) => {
  const who = ctx.caller();
  return who.kind === 'admin';
};

export const storesV3Routes: RouteModule = (router) => {
  router.operation(ops.catalogVersion, (ctx) => {
    ctx.caller();
    return { json: { catalogVersion: ctx.app.catalog === 'v3' ? 'V3_CATALOG' : 'V1_CATALOG' } };
  });

  const query = (ctx: RequestContext, input: unknown) => {
    const owner = isOwner(ctx);
    requireCatalog(ctx, 'v3');
    const req = validate(querySchema, input);
    const q = req.query ?? {};
    const { filter, sort } = cursorQuery(q);
    let items = loadProducts(ctx.db).filter((p) => p.visible || owner);
    items = applyFilter(items, filter, PRODUCT_V3_FILTER_FIELDS, 'query.filter');
    items = applySort(items, sort, PRODUCT_V3_SORT_FIELDS, 'query.sort');
    const page = cursorPage(items, q.cursorPaging, MAX_PAGE, { filter, sort });
    const urls = { baseUrl: ctx.baseUrl, siteUrl: siteUrl(ctx.db) };
    const fields = new Set(req.fields);
    return {
      json: {
        products: page.items.map((p) => toWireProductV3(p, urls, fields, false)),
        pagingMetadata: page.metadata,
      },
    };
  };
  router.operation(ops.queryProductsV3, (ctx) => query(ctx, ctx.body));

  // Query Categories: visible ones for everyone; `returnNonVisibleCategories` only for an admin identity
  router.post('/categories/v1/categories/query', (ctx) => {
    const owner = isOwner(ctx);
    requireCatalog(ctx, 'v3');
    const req = validate(categoryQuerySchema, ctx.body);
    const q = req.query ?? {};
    const { filter, sort } = cursorQuery(q);
    const hidden = owner && req.returnNonVisibleCategories === true;
    let items = loadCollections(ctx.db).filter((c) => c.id !== ALL_PRODUCTS_COLLECTION_ID && (c.visible || hidden));
    items = applyFilter(items, filter, COLLECTION_FILTER_FIELDS, 'query.filter');
    items = applySort(items, sort, COLLECTION_SORT_FIELDS, 'query.sort');
    const page = cursorPage(items, q.cursorPaging, MAX_PAGE, { filter, sort });
    const products = loadProducts(ctx.db).filter((p) => p.visible || owner);
    const fields = new Set(req.fields);
    return {
      json: {
        categories: page.items.map((c) => toWireCategory(c, products, fields)),
        pagingMetadata: page.metadata,
      },
    };
  });
  // before `{id}`: the official SDK's queryProducts: GET with the request as `.r` (its POST fallback is the operation above)
  router.get('/stores/v3/products/query', (ctx) => query(ctx, paramsObject(ctx.query)));

  router.operation(ops.getProductV3, (ctx) => {
    const owner = isOwner(ctx);
    requireCatalog(ctx, 'v3');
    const fields = new Set(validate(fieldsSchema, fieldsParam(ctx.query), 'fields'));
    const id = ctx.params['id'] ?? '';
    const product = getProductRecord(ctx.db, id);
    if (!product || (!product.visible && !owner))
      throw notFound(`Product ${id} not found`, 'PRODUCT_NOT_FOUND', { productId: id });
    const urls = { baseUrl: ctx.baseUrl, siteUrl: siteUrl(ctx.db) };
    return { json: { product: toWireProductV3(product, urls, fields, true) } };
  });
};
