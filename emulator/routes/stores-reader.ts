/**
 * Wix Stores catalog V1 reader, under `/stores-reader/v1/`. Needs a visitor or member token.
 * Owners also see hidden products and collections. On a V3 site every call answers 428
 * `CATALOG_V3_SITE_CALLING_CATALOG_V1_API` (stores-v3.ts).
 */
import { z } from 'zod';
import { ops } from '../../core/urls.ts';
import type { Caller } from '../domain/auth.ts';
import {
  COLLECTION_FILTER_FIELDS,
  COLLECTION_SORT_FIELDS,
  getProductRecord,
  loadCollections,
  loadProducts,
  PRODUCT_FILTER_FIELDS,
  PRODUCT_SORT_FIELDS,
  siteUrl,
  toWireCollection,
  toWireProduct,
} from '../domain/catalog.ts';
import type { ProductRecord } from '../domain/catalog.ts';
import { applyFilter, applySort, filterAndSort, offsetPage } from '../domain/query.ts';
import { notFound } from '../errors.ts';
import type { RequestContext, RouteModule } from '../router.ts';
import { paramsObject, validate } from '../validate.ts';
import { requireCatalog } from './stores-v3.ts';

export const MAX_PAGE = 100;

/** V1 query: filter and sort are JSON strings (objects are accepted too). */
const querySchema = z
  .object({
    filter: z.union([z.string().max(10_000), z.record(z.string(), z.unknown())]).optional(),
    sort: z.union([z.string().max(2_000), z.array(z.unknown())]).optional(),
    paging: z
      .object({
        limit: z.number().int().min(1).max(MAX_PAGE).optional(),
        offset: z.number().int().min(0).optional(),
      })
      .optional(),
  })
  .optional();

const productQuerySchema = z.object({
  query: querySchema,
  includeVariants: z.boolean().optional(),
});

const collectionQuerySchema = z.object({ query: querySchema });

/**
 * `queryProducts` of the official SDK (`@wix/auto_sdk_stores_products`): `GET /stores-reader/v1/products/query-
 * platformized` with the request as `.r` (base64url JSON; dotted keys also read), its long-query fallback `POST` of
 * the same path. The platform query language: filter an object, sort `[{fieldName, order}]`, offset paging.
 */
const platformizedSchema = z.object({
  query: z
    .object({
      ...filterAndSort,
      paging: z
        .object({
          limit: z.coerce.number().int().min(1).max(MAX_PAGE).optional(),
          offset: z.coerce.number().int().min(0).optional(),
        })
        .optional(),
    })
    .optional(),
  includeVariants: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
});

/**
 * Hidden products and collections are the site's own business: only an admin identity (the site's backend, with a
 * client_credentials token or its API key) reads them. A member's role gives no such power
 * (docs/spec/wire-protocol.md §11.5: visitor and member tokens act as shoppers).
 */
const isOwner = (who: Caller) => who.kind === 'admin';

function visibleProducts(products: ProductRecord[], who: Caller): ProductRecord[] {
  return isOwner(who) ? products : products.filter((p) => p.visible);
}

export const storesReaderRoutes: RouteModule = (router) => {
  router.operation(ops.queryProducts, (ctx) => {
    const who = ctx.caller();
    requireCatalog(ctx, 'v1');
    const req = validate(productQuerySchema, ctx.body);
    const q = req.query ?? {};
    let items = visibleProducts(loadProducts(ctx.db), who);
    items = applyFilter(items, q.filter, PRODUCT_FILTER_FIELDS);
    items = applySort(items, q.sort, PRODUCT_SORT_FIELDS);
    const { items: page, offset } = offsetPage(items, q.paging, MAX_PAGE);
    const urls = { baseUrl: ctx.baseUrl, siteUrl: siteUrl(ctx.db) };
    return {
      json: {
        products: page.map((p) => toWireProduct(p, urls, req.includeVariants ?? false)),
        metadata: { items: page.length, offset },
        totalResults: items.length,
      },
    };
  });

  const queryPlatformized = (ctx: RequestContext, input: unknown) => {
    const who = ctx.caller();
    requireCatalog(ctx, 'v1');
    const req = validate(platformizedSchema, input);
    const q = req.query ?? {};
    let items = visibleProducts(loadProducts(ctx.db), who);
    items = applyFilter(items, q.filter, PRODUCT_FILTER_FIELDS, 'query.filter');
    items = applySort(items, q.sort, PRODUCT_SORT_FIELDS, 'query.sort');
    const { items: page, offset } = offsetPage(items, q.paging, MAX_PAGE);
    const urls = { baseUrl: ctx.baseUrl, siteUrl: siteUrl(ctx.db) };
    return {
      json: {
        products: page.map((p) => toWireProduct(p, urls, req.includeVariants ?? false)),
        metadata: { count: page.length, offset, total: items.length, tooManyToCount: false },
      },
    };
  };
  router.get('/stores-reader/v1/products/query-platformized', (ctx) => queryPlatformized(ctx, paramsObject(ctx.query)));
  router.post('/stores-reader/v1/products/query-platformized', (ctx) => queryPlatformized(ctx, ctx.body));

  router.operation(ops.getProduct, (ctx) => {
    const who = ctx.caller();
    requireCatalog(ctx, 'v1');
    const id = ctx.params['id'] ?? '';
    const product = getProductRecord(ctx.db, id);
    if (!product || (!product.visible && !isOwner(who)))
      throw notFound(`Product ${id} not found`, 'PRODUCT_NOT_FOUND', { productId: id });
    return { json: { product: toWireProduct(product, { baseUrl: ctx.baseUrl, siteUrl: siteUrl(ctx.db) }, true) } };
  });

  router.operation(ops.queryCollections, (ctx) => {
    const who = ctx.caller();
    requireCatalog(ctx, 'v1');
    const req = validate(collectionQuerySchema, ctx.body);
    const q = req.query ?? {};
    const products = visibleProducts(loadProducts(ctx.db), who);
    let items = loadCollections(ctx.db).filter((c) => c.visible || isOwner(who));
    items = applyFilter(items, q.filter, COLLECTION_FILTER_FIELDS);
    items = applySort(items, q.sort, COLLECTION_SORT_FIELDS);
    const { items: page, offset } = offsetPage(items, q.paging, MAX_PAGE);
    return {
      json: {
        collections: page.map((c) => toWireCollection(c, products, ctx.baseUrl)),
        metadata: { items: page.length, offset },
        totalResults: items.length,
      },
    };
  });

  const getCollection = (by: 'id' | 'slug') => (ctx: RequestContext) => {
    const who = ctx.caller();
    requireCatalog(ctx, 'v1');
    const key = ctx.params[by] ?? '';
    const c = loadCollections(ctx.db).find((x) => x[by] === key && (x.visible || isOwner(who)));
    if (!c) throw notFound(`Collection ${key} not found`, 'COLLECTION_NOT_FOUND', { [by]: key });
    return { json: { collection: toWireCollection(c, visibleProducts(loadProducts(ctx.db), who), ctx.baseUrl) } };
  };
  router.get('/stores-reader/v1/collections/slug/:slug', getCollection('slug'));
  router.get('/stores-reader/v1/collections/:id', getCollection('id'));
};
