/**
 * Which platform reads are public: the same answer for every visitor and member, so the site companion may read them
 * once as a visitor, cache them and answer them for anyone (`POST {companion}/v1/public/reads`, docs/companion.md).
 * One table for both sides: the browser sends there only what `isPublicRead` accepts, the companion refuses (403, per
 * read) anything it rejects. Kept small (it ships in a browser chunk): a whitelist of the product page's start reads,
 * each with the exact shape the core's builders send (core/api/products.ts, products-v3.ts, reviews.ts,
 * recommendations.ts): the catalog (version, product by id, products queries), published reviews and their counts
 * (no private flag, no moderation or author filter, no cursor), the recommendation algorithms and a recommendation.
 * Never carts, checkouts, orders, members, back-in-stock requests, tokens or any write.
 */

/** At most this many reads in one batch (`POST {companion}/v1/public/reads`). */
export const PUBLIC_READS_MAX = 32;
/** A batch's body: at most this many bytes. */
export const PUBLIC_READS_BYTES = 64 * 1024;

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A plain object whose own keys are all in `keys` (a `__proto__` or unknown key refuses it). */
const only = (v: unknown, keys: string[]): v is Obj => isObj(v) && Object.keys(v).every((k) => keys.includes(k));
const str = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 200;
const prim = (v: unknown) => str(v) || typeof v === 'number' || typeof v === 'boolean';
const arrayOf = (v: unknown, each: (x: unknown) => boolean) => Array.isArray(v) && v.length <= 100 && v.every(each);

/** Catalog V3 `fields` a visitor's product reads use (core/api/products-v3.ts). */
const V3_FIELDS = ['URL', 'CURRENCY', 'MIN_PRICE_VARIANT'];
const v3Fields = (v: unknown) => arrayOf(v, (f) => V3_FIELDS.includes(f as string));

/** A published reviews' filter: the item, a rating, photos; an operator object holds primitives or a list of them. */
const REVIEW_FILTER = ['namespace', 'entityId', 'content.rating', 'content.media'];
const OPERATORS = ['$eq', '$in', '$hasSome', '$isEmpty', '$gt', '$gte', '$lt', '$lte'];
const reviewFilter = (f: unknown) =>
  only(f, REVIEW_FILTER) &&
  Object.values(f).every(
    (v) =>
      prim(v) ||
      (only(v, OPERATORS) && Object.values(v).every((x) => prim(x) || arrayOf(x, prim)) && Object.keys(v).length > 0),
  );
const REVIEW_SORT = ['createdDate', 'content.rating'];
const reviewSort = (s: unknown) =>
  s === undefined ||
  arrayOf(
    s,
    (x) =>
      only(x, ['fieldName', 'order']) &&
      REVIEW_SORT.includes(x.fieldName as string) &&
      ['ASC', 'DESC'].includes(x.order as string),
  );
const limit = (v: unknown) => v === undefined || (typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 100);

/** Catalog V1 products query (core/api/products.ts `queryProductsByIds`): no hidden or merchant data. */
const v1Query = (b: unknown) =>
  only(b, ['query', 'includeVariants']) &&
  (b.includeVariants === undefined || typeof b.includeVariants === 'boolean') &&
  only(b.query, ['filter', 'sort', 'paging']) &&
  (b.query.filter === undefined || typeof b.query.filter === 'string') &&
  (b.query.sort === undefined || typeof b.query.sort === 'string') &&
  (b.query.paging === undefined || (only(b.query.paging, ['limit', 'offset']) && limit(b.query.paging.limit)));

/** Catalog V3 products query (core/api/products-v3.ts `queryProductsV3`). */
const v3Query = (b: unknown) =>
  only(b, ['query', 'fields']) &&
  (b.fields === undefined || v3Fields(b.fields)) &&
  only(b.query, ['filter', 'cursorPaging']) &&
  (b.query.filter === undefined || isObj(b.query.filter)) &&
  (b.query.cursorPaging === undefined || (only(b.query.cursorPaging, ['limit']) && limit(b.query.cursorPaging.limit)));

/** Published reviews (core/api/reviews.ts `queryReviews` first pages): no `returnPrivateReviews`, no cursor. */
const reviewsQuery = (b: unknown) =>
  only(b, ['query']) &&
  only(b.query, ['filter', 'sort', 'cursorPaging']) &&
  (b.query.filter === undefined || reviewFilter(b.query.filter)) &&
  reviewSort(b.query.sort) &&
  (b.query.cursorPaging === undefined || (only(b.query.cursorPaging, ['limit']) && limit(b.query.cursorPaging.limit)));

/** Counts of published reviews (core/api/reviews.ts `countReviews`): no `includePrivateReviews`. */
const reviewsCount = (b: unknown) => only(b, ['filter']) && (b.filter === undefined || reviewFilter(b.filter));

/** A recommendation (core/api/recommendations.ts `getRecommendation`). */
const recommendation = (b: unknown) =>
  only(b, ['algorithms', 'items', 'minimumRecommendedItems']) &&
  arrayOf(b.algorithms, (a) => only(a, ['id', 'appId']) && str(a.id) && str(a.appId)) &&
  (b.items === undefined ||
    arrayOf(b.items, (i) => only(i, ['appId', 'catalogItemId']) && str(i.appId) && str(i.catalogItemId))) &&
  (b.minimumRecommendedItems === undefined || limit(b.minimumRecommendedItems));

const RECS = '(?:/ecom)?/v1/recommendations';
/** `METHOD path-pattern` → the body's check (a GET takes none). */
const POSTS: [RegExp, (b: unknown) => boolean][] = [
  [/^\/stores-reader\/v1\/products\/query$/, v1Query],
  [/^\/stores\/v3\/products\/query$/, v3Query],
  [/^\/reviews\/v1\/reviews\/query$/, reviewsQuery],
  [/^\/reviews\/v1\/reviews\/count$/, reviewsCount],
  [new RegExp(`^${RECS}/get$`), recommendation],
];
/** An id in a path: one URL-encoded segment (encodeURIComponent's output). */
const ID = "[A-Za-z0-9._~%!$&'()*+,;=:@-]{1,200}";
const GETS = [
  /^\/stores\/v3\/provision\/version$/,
  new RegExp(`^${RECS}/algorithms$`),
  new RegExp(`^/stores-reader/v1/products/${ID}$`),
  new RegExp(`^/stores/v3/products/${ID}$`),
];

/**
 * A path the companion may append to the platform's base: starts with one `/`; no `//` (so no scheme or host), no
 * dot segment, no `#` or backslash, printable ASCII only (no space or control character), nothing encoded that a URL
 * parser or a proxy would turn into one of those.
 */
export const safePath = (path: string): boolean =>
  path.length <= 2000 && path[0] === '/' && !/\/\/|\.\.|\/\.(?:\/|\?|$)|[^!-~]|[#\\]|%(?:2e|2f|5c|00|23)/i.test(path);

/** The answer is the same for every visitor and member: the companion may read it as a visitor and cache it. */
export function isPublicRead(method: string, path: string, body: unknown): boolean {
  if (!safePath(path)) return false;
  const q = path.indexOf('?');
  const pathname = q < 0 ? path : path.slice(0, q);
  const search = q < 0 ? '' : path.slice(q + 1);
  if (method === 'POST') {
    if (search) return false;
    const hit = POSTS.find(([re]) => re.test(pathname));
    return !!hit && hit[1](body);
  }
  if (method !== 'GET' || body !== undefined || !GETS.some((re) => re.test(pathname))) return false;
  if (!search) return true;
  // only a V3 product by id takes a query: `fields=…` repeated (core/api/products-v3.ts)
  if (!pathname.startsWith('/stores/v3/products/')) return false;
  const params = new URLSearchParams(search);
  return [...params.keys()].every((k) => k === 'fields') && v3Fields(params.getAll('fields'));
}
