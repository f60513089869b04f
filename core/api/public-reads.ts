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

type Check = (v: unknown) => boolean;
type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Absent, or passing `f`. */
const opt =
  (f: Check): Check =>
  (v) =>
    v === undefined || f(v);
/**
 * A plain object with only `spec`'s keys (a `__proto__` or unknown key refuses it; one left `undefined`, which JSON
 * leaves out, does not count), each passing its check.
 */
const obj =
  (spec: Record<string, Check>): Check =>
  (v) =>
    isObj(v) &&
    Object.keys(v).every((k) => Object.hasOwn(spec, k) || v[k] === undefined) &&
    Object.entries(spec).every(([k, f]) => f(v[k]));
const list =
  (each: Check): Check =>
  (v) =>
    Array.isArray(v) && v.length <= 100 && v.every(each);
const oneOf =
  (values: string[]): Check =>
  (v) =>
    values.includes(v as string);
const str: Check = (v) => typeof v === 'string' && v.length > 0 && v.length <= 200;
const text: Check = (v) => typeof v === 'string';
const prim: Check = (v) => str(v) || typeof v === 'number' || typeof v === 'boolean';
const limit = opt((v) => Number.isInteger(v) && (v as number) > 0 && (v as number) <= 100);
const cursorPaging = opt(obj({ limit }));

/** Catalog V3 `fields` a visitor's product reads use (core/api/products-v3.ts). */
const v3Fields = list(oneOf(['URL', 'CURRENCY', 'MIN_PRICE_VARIANT']));

/**
 * A published reviews' filter: the item, a rating, photos (no moderation status, no author); a value is a primitive
 * or an operator object of primitives or lists of them.
 */
const operand: Check = (x) => prim(x) || list(prim)(x);
const condition = (v: unknown) =>
  prim(v) ||
  (isObj(v) &&
    Object.keys(v).length > 0 &&
    Object.entries(v).every(
      ([op, x]) => ['$eq', '$in', '$hasSome', '$isEmpty', '$gt', '$gte', '$lt', '$lte'].includes(op) && operand(x),
    ));
const reviewFilter = obj({
  namespace: opt(condition),
  entityId: opt(condition),
  'content.rating': opt(condition),
  'content.media': opt(condition),
});

/** Catalog V1 products query (core/api/products.ts `queryProductsByIds`): no hidden or merchant data. */
const v1Query = obj({
  query: obj({ filter: opt(text), sort: opt(text), paging: opt(obj({ limit, offset: opt(Number.isInteger) })) }),
  includeVariants: opt((v) => typeof v === 'boolean'),
});

/** Catalog V3 products query (core/api/products-v3.ts `queryProductsV3`). */
const v3Query = obj({ query: obj({ filter: opt(isObj), cursorPaging }), fields: opt(v3Fields) });

/** Published reviews (core/api/reviews.ts `queryReviews` first pages): no `returnPrivateReviews`, no cursor. */
const reviewsQuery = obj({
  query: obj({
    filter: opt(reviewFilter),
    sort: opt(list(obj({ fieldName: oneOf(['createdDate', 'content.rating']), order: oneOf(['ASC', 'DESC']) }))),
    cursorPaging,
  }),
});

/** Counts of published reviews (core/api/reviews.ts `countReviews`): no `includePrivateReviews`. */
const reviewsCount = obj({ filter: opt(reviewFilter) });

/** A recommendation (core/api/recommendations.ts `getRecommendation`). */
const recommendation = obj({
  algorithms: list(obj({ id: str, appId: str })),
  items: opt(list(obj({ appId: str, catalogItemId: str }))),
  minimumRecommendedItems: limit,
});

const RECS = '(?:/ecom)?/v1/recommendations';
/** `METHOD path-pattern` → the body's check (a GET takes none). */
const POSTS: [RegExp, Check][] = [
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
