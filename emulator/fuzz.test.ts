/**
 * Fuzz test (issue 17): every registered route — with no token, a visitor's and the owner's — gets generated hostile input:
 * JSON bodies with prototype-named keys, deep nesting, huge strings and wrong types; query strings with dotted,
 * repeated and prototype-named keys, `.r` payloads and filter/sort JSON naming Object.prototype members; odd path
 * params. The emulator must never answer 500 nor drop the connection, every error must be in the platform's format,
 * and Object.prototype must stay untouched. Deterministic (fixed seeds), bounded (a few thousand requests).
 */
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { STORES_APP_ID } from './domain/catalog.ts';
import { VIOLATED_RULES } from './errors.ts';
import type { RouteInfo } from './router.ts';
import { seedIds, seedVariantId } from './seed.ts';
import {
  adminToken,
  DEMO_CLIENT_ID,
  memberTokens,
  startTestEmulator,
  visitorTokens,
} from '../tests/helpers/emulator.ts';

/**
 * Runs per route and token state: ~95 routes × 3 × RUNS requests (~10 s here), plus the shrinking of a failure. A longer hunt:
 * `INLAY_FUZZ_RUNS=200 INLAY_FUZZ_SEED=7 npx vitest run --project node emulator/fuzz.test.ts`.
 */
const RUNS = Number(process.env['INLAY_FUZZ_RUNS'] ?? 10);
const SEED = Number(process.env['INLAY_FUZZ_SEED'] ?? 0x17_2024);

const emu = await startTestEmulator();
const { access: visitor } = await visitorTokens(emu);
afterAll(() => emu.close());

const protoSnapshot = Object.getOwnPropertyNames(Object.prototype).sort();
const arraySnapshot = Object.getOwnPropertyNames(Array.prototype).sort();
const PROBES = ['json', 'x', 'y', 'a', 'b', 'pwned', 'polluted', 'isAdmin', 'role', 'status', 'query', 'filter', '0'];

// ------------------------------------------------------------------------------------------------ generators

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];
const OBJECT_MEMBERS = [
  'valueOf',
  'toString',
  'hasOwnProperty',
  'isPrototypeOf',
  'toLocaleString',
  'propertyIsEnumerable',
  '__defineGetter__',
  '__lookupSetter__',
];
const WORDS = [
  'query',
  'filter',
  'sort',
  'paging',
  'cursorPaging',
  'limit',
  'offset',
  'cursor',
  'request',
  'catalogReference',
  'catalogReferences',
  'appId',
  'catalogItemId',
  'options',
  'variantId',
  'email',
  'itemUrl',
  'itemDetails',
  'name',
  'price',
  'image',
  'url',
  'lineItems',
  'lineItemIds',
  'quantity',
  'id',
  'review',
  'content',
  'rating',
  'media',
  'namespace',
  'entityId',
  'author',
  'contactId',
  'auth',
  'authRequest',
  'logout',
  'memberAccountPage',
  'callbacks',
  'postFlowUrl',
  'thankYouPageUrl',
  'ecomCheckout',
  'checkoutId',
  'clientId',
  'grantType',
  'refreshToken',
  'refresh_token',
  'code',
  'codeVerifier',
  'loginId',
  'password',
  'newPassword',
  'profile',
  'nickname',
  'member',
  'fieldMask',
  'paths',
  'status',
  'stateToken',
  'recoveryToken',
  'redirect',
  'fieldName',
  'order',
  'includeVariants',
  'returnPrivateReviews',
  'algorithms',
  'items',
  'couponCode',
  'shippingAddress',
  'selectedShippingOption',
  'country',
  'inventoryItem',
  'variants',
  'inStock',
  'trackQuantity',
  'path',
  'method',
  'delayMs',
  'times',
  'fileName',
  'mimeType',
  'sizeInBytes',
  'message',
  'channelType',
  'op',
  'cardNumber',
  'fieldsets',
  'session',
];
const OPS = [
  '$eq',
  '$ne',
  '$in',
  '$nin',
  '$hasSome',
  '$hasAll',
  '$startsWith',
  '$exists',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$and',
  '$or',
  '$not',
  '$regex',
  '$where',
];
const FIELDS = [
  'id',
  'name',
  'price',
  'numericId',
  'createdDate',
  'content.rating',
  'status',
  'email',
  'slug',
  'collections.id',
  'helpfulness',
];

const hostileName = fc.constantFrom(...PROTO_KEYS, ...OBJECT_MEMBERS);
// Mostly real field names, so input gets past the parsers into the handlers; prototype names often enough.
const key = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...WORDS, ...OPS, ...FIELDS) },
  { weight: 2, arbitrary: fc.constantFrom(...OBJECT_MEMBERS) },
  { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
);
const oddString = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom(
    '',
    ' ',
    '\r\n',
    '\u0000',
    '\u2028',
    '\t',
    'http://127.0.0.1:5173/\r\nSet-Cookie: x=1',
    'javascript:alert(1)',
    'http://127.0.0.1:5173/a\tb',
    'http://127.0.0.1:5173/',
    '{}',
    '[]',
    'null',
    'NaN',
    '-1',
    '1e309',
    '0x10',
    'true',
    'FULL',
    'ASC',
    'desc',
    'sideways',
    'anonymous',
    'refresh_token',
    'authorization_code',
    '%',
    '%ZZ',
    '../..',
    '215238eb-22a5-4c36-9e7b-e7c08025e04e',
    '00000000-0000-0000-0000-000000000000',
    '<script>x</script>',
  ),
  hostileName,
);
const hugeString = fc.integer({ min: 3_000, max: 300_000 }).map((n) => 'x'.repeat(n));

/** A tiny JSON-text grammar, so prototype-named keys really are keys (an object literal would set the prototype). */
function jsonText(huge: boolean): fc.Arbitrary<string> {
  const scalarText = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        'null',
        'true',
        'false',
        '0',
        '-1',
        '1.5',
        '1e308',
        '-1e308',
        '9007199254740993',
        '""',
      ),
    },
    { weight: 6, arbitrary: oddString.map((s) => JSON.stringify(s)) },
    { weight: huge ? 1 : 0, arbitrary: hugeString.map((s) => JSON.stringify(s)) },
  );
  return fc.letrec<{ json: string; object: string; array: string }>((tie) => ({
    json: fc.oneof({ depthSize: 'small', maxDepth: 5 }, scalarText, tie('object'), tie('array')),
    object: fc
      .array(fc.tuple(key, tie('json')), { maxLength: 5 })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
    array: fc.array(tie('json'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
  })).json;
}
/** For bodies: may hold huge strings. */
const json = jsonText(true);
/** For query strings: no huge strings (long URLs are generated on purpose, more rarely). */
const smallJson = jsonText(false);
const OPENERS: [string, string][] = [
  ['{"$not":', '}'],
  ['[', ']'],
  ['{"a":', '}'],
  ['{"query":', '}'],
  ['{"$and":[', ']}'],
];
const deepJson = fc
  .tuple(
    fc.constantFrom(30, 31, 32, 33, 40, 1_000, 50_000),
    fc.constantFrom(...OPENERS),
    fc.constantFrom('1', '{"name":"x"}', '{}'),
  )
  .map(([n, [open, close], leaf]) => `${open.repeat(n)}${leaf}${close.repeat(n)}`);

/** Filters and sorts naming hostile fields and operators, as JSON text. */
const filterJson = fc.oneof(
  fc
    .tuple(fc.oneof(fc.constantFrom(...FIELDS), hostileName), fc.constantFrom(...OPS), smallJson)
    .map(([f, op, v]) => `{${JSON.stringify(f)}:{${JSON.stringify(op)}:${v}}}`),
  fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), hostileName), smallJson).map(([f, v]) => `{${JSON.stringify(f)}:${v}}`),
  fc.tuple(fc.constantFrom('$and', '$or', '$not'), smallJson).map(([op, v]) => `{${JSON.stringify(op)}:${v}}`),
  fc
    .tuple(
      fc.constantFrom(...FIELDS),
      fc.constantFrom('$gt', '$in', '$startsWith', '$exists'),
      fc.constantFrom('1', '"a"', '[1,"2"]', 'true'),
    )
    .map(([f, op, v]) => `{"$and":[{${JSON.stringify(f)}:{${JSON.stringify(op)}:${v}}}],"$not":{"id":"x"}}`),
  deepJson,
  smallJson,
);
const sortJson = fc.oneof(
  fc
    .array(
      fc.oneof(
        fc
          .tuple(
            fc.oneof(fc.constantFrom(...FIELDS), hostileName),
            fc.constantFrom('"asc"', '"DESC"', '"up"', '{}', 'null', '1'),
          )
          .map(([f, o]) => `{${JSON.stringify(f)}:${o}}`),
        fc
          .tuple(fc.oneof(fc.constantFrom(...FIELDS), hostileName), smallJson)
          .map(([f, o]) => `{"fieldName":${JSON.stringify(f)},"order":${o}}`),
      ),
      { maxLength: 3 },
    )
    .map((xs) => `[${xs.join(',')}]`),
  smallJson,
);

/**
 * Valid-looking bodies of the main routes, each then mutated at one place (a generated value, a prototype-named or
 * Object.prototype-named key, deep nesting), so the generated input reaches deep into the handlers.
 */
const MUG = seedIds.products['enamel-camp-mug']!;
const ref = {
  appId: STORES_APP_ID,
  catalogItemId: MUG,
  options: { variantId: seedVariantId('enamel-camp-mug', { Color: 'Navy' }) },
};
const TEMPLATES: { match: RegExp; body: unknown }[] = [
  { match: /oauth2\/token/, body: { clientId: DEMO_CLIENT_ID, grantType: 'anonymous' } },
  { match: /oauth2\/token/, body: { clientId: DEMO_CLIENT_ID, grantType: 'refresh_token', refreshToken: 'x' } },
  {
    match: /stores-reader/,
    body: {
      query: { filter: '{"name":{"$startsWith":"W"}}', sort: '[{"price":"asc"}]', paging: { limit: 5, offset: 1 } },
      includeVariants: true,
    },
  },
  {
    match: /back-in-stock.*(query|requests$)/,
    body: {
      query: {
        filter: { status: 'RECEIVED', $or: [{ email: 'a@x.co' }, { createdDate: { $gt: '2020' } }] },
        sort: '[{"createdDate":"desc"}]',
        cursorPaging: { limit: 2 },
      },
    },
  },
  {
    match: /back-in-stock-notification-requests$/,
    body: {
      request: { catalogReference: ref, email: 'ada@example.com', itemUrl: 'http://127.0.0.1:5173/p' },
      itemDetails: {
        name: 'Mug',
        price: '18.00',
        image: { url: 'http://127.0.0.1:8787/media/x', width: 1, height: 1 },
      },
    },
  },
  { match: /report-items|inventory/, body: { catalogReference: ref } },
  { match: /count-by/, body: { catalogReferences: [ref] } },
  {
    match: /recommendations/,
    body: {
      algorithms: [{ appId: STORES_APP_ID, id: '68ebce04-b96a-4c52-9329-08fc9d8c1253' }],
      items: [ref],
      minimumRecommendedItems: 1,
    },
  },
  {
    match: /reviews\/query|bulk/,
    body: {
      query: {
        filter: { 'content.rating': { $gte: 3 }, namespace: 'stores' },
        sort: [{ fieldName: 'createdDate', order: 'DESC' }],
        cursorPaging: { limit: 2 },
      },
      returnPrivateReviews: true,
    },
  },
  {
    match: /reviews\/count|bulk/,
    body: { filter: { namespace: 'stores', entityId: MUG }, includePrivateReviews: false, status: 'APPROVED' },
  },
  {
    match: /reviews\/contact/,
    body: {
      namespace: 'stores',
      entityId: MUG,
      content: { rating: 4, title: 't', body: 'b', media: [{ image: { url: 'http://127.0.0.1:5173/a.png' } }] },
      name: 'N',
      email: 'n@x.co',
    },
  },
  {
    match: /reviews/,
    body: {
      review: { namespace: 'stores', entityId: MUG, content: { rating: 5 }, author: { contactId: 'c' } },
      fieldMask: { paths: ['content.rating'] },
      message: 'thanks',
    },
  },
  {
    match: /carts/,
    body: { lineItems: [{ catalogReference: ref, quantity: 1, id: 'x' }], lineItemIds: ['x'], couponCode: 'SAVE10' },
  },
  {
    match: /carts/,
    body: {
      shippingAddress: { country: 'US', subdivision: 'OR', city: 'Portland', postalCode: '97201' },
      selectedShippingOption: { code: 'standard' },
      channelType: 'WEB',
      email: 'a@x.co',
    },
  },
  {
    match: /redirect-session/,
    body: { logout: { clientId: DEMO_CLIENT_ID }, callbacks: { postFlowUrl: 'http://127.0.0.1:5173/' } },
  },
  {
    match: /redirect-session/,
    body: {
      auth: {
        authRequest: {
          clientId: DEMO_CLIENT_ID,
          codeChallenge: 'a'.repeat(43),
          codeChallengeMethod: 'S256',
          responseType: 'code',
          responseMode: 'web_message',
          state: 's',
          redirectUri: 'http://127.0.0.1:5173/cb',
        },
        prompt: 'none',
      },
    },
  },
  {
    match: /redirect-session/,
    body: {
      ecomCheckout: { checkoutId: 'x' },
      callbacks: { thankYouPageUrl: 'http://127.0.0.1:5173/t', postFlowUrl: 'http://127.0.0.1:5173/' },
    },
  },
  {
    match: /redirect-session/,
    body: { memberAccountPage: { section: 'ACCOUNT_INFO' }, callbacks: { postFlowUrl: 'http://127.0.0.1:5173/' } },
  },
  {
    match: /iam\/authentication/,
    body: {
      loginId: { email: 'fuzz@example.com' },
      password: 'fuzz-password',
      profile: { nickname: 'F' },
      captchaTokens: [{ Recaptcha: 'x' }],
    },
  },
  {
    match: /iam\/(verification|recovery)|change-password/,
    body: {
      code: '123456',
      stateToken: 'x',
      email: 'a@x.co',
      redirect: { url: 'http://127.0.0.1:5173/', clientId: DEMO_CLIENT_ID },
      recoveryToken: 'x',
      newPassword: 'abcdefghij',
    },
  },
  {
    match: /members/,
    body: { member: { profile: { nickname: 'N' }, contact: { firstName: 'A' } }, fieldMask: 'profile.nickname' },
  },
  {
    match: /inventoryItems/,
    body: {
      inventoryItem: {
        trackQuantity: true,
        variants: [{ variantId: ref.options.variantId, quantity: 3, inStock: true }],
      },
    },
  },
  { match: /site-media/, body: { mimeType: 'image/png', fileName: 'a.png', sizeInBytes: '100' } },
];

const MARK = '\u0000fuzz-value\u0000';

/** Every container path of a value, for the mutation to pick one. */
function containers(
  v: unknown,
  path: (string | number)[] = [],
  out: (string | number)[][] = [],
): (string | number)[][] {
  if (v !== null && typeof v === 'object') {
    out.push(path);
    for (const [k, child] of Object.entries(v)) containers(child, [...path, Array.isArray(v) ? Number(k) : k], out);
  }
  return out;
}
/** A template of the route (any template when none fits) with one mutation. */
function mutatedFor(pattern: string): fc.Arbitrary<string> {
  const fits = TEMPLATES.filter((t) => t.match.test(pattern));
  const pool = (fits.length ? fits : TEMPLATES).map((t) => t.body);
  return fc
    .tuple(
      fc.nat(pool.length - 1),
      fc.nat(),
      key,
      fc.oneof(
        { weight: 4, arbitrary: json },
        { weight: 1, arbitrary: deepJson },
        { weight: 1, arbitrary: filterJson },
      ),
    )
    .map(([t, at, k, valueText]) => {
      const copy = JSON.parse(JSON.stringify(pool[t])) as unknown;
      const spots = containers(copy);
      const target = spots[at % spots.length]!.reduce<Record<string | number, unknown>>(
        (node, p) => node[p] as Record<string | number, unknown>,
        copy as Record<string, unknown>,
      );
      // defineProperty: a real own key even for `__proto__`, which JSON.stringify then writes out. The value goes in
      // as text (a 50 000-deep value would overflow JSON.stringify).
      const slot = Array.isArray(target) ? at % (target.length + 1) : k;
      Object.defineProperty(target, slot, { value: MARK, enumerable: true, writable: true, configurable: true });
      return JSON.stringify(copy).replace(JSON.stringify(MARK), () => valueText);
    });
}

const bodyFor = (pattern: string) =>
  fc.oneof(
    { weight: 10, arbitrary: mutatedFor(pattern) },
    {
      weight: 6,
      arbitrary: fc
        .array(
          fc.tuple(
            key,
            fc.oneof(
              json,
              filterJson.map((t) => JSON.stringify(t)),
              sortJson.map((t) => JSON.stringify(t)),
            ),
          ),
          { maxLength: 5 },
        )
        .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom('query', 'filter', 'request', 'review', 'lineItems'), filterJson)
        .map(([k, f]) => `{${JSON.stringify(k)}:{"filter":${f},"sort":[{"fieldName":"toString"}]}}`),
    },
    { weight: 2, arbitrary: json },
    { weight: 1, arbitrary: deepJson },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '{',
        '{"a":',
        'nul',
        '[1,]',
        '\u0000',
        '{"__proto__":1}',
        '{"a":1}garbage',
        '"just a string"',
        '42',
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom(1_048_577, 1_200_000).map((n) => `{"a":"${'x'.repeat(n)}"}`) },
  );
const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json',
  'application/x-www-form-urlencoded',
  'text/plain',
  undefined,
);

// Query strings: dotted, repeated and prototype-named keys, `.r`, filter/sort JSON, broken escapes, over-long.
// Prototype-named query keys are refused before anything else: keep them to a few requests in ten.
const safeKey = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...WORDS, ...OPS, ...FIELDS) },
  { weight: 2, arbitrary: fc.constantFrom(...OBJECT_MEMBERS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
);
const queryKey = fc.oneof(
  { weight: 6, arbitrary: fc.array(safeKey, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('.')) },
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      'a',
      'a.b',
      'a.b.c',
      '.r',
      'filter',
      'sort',
      'query.filter',
      'query.sort',
      'query.cursorPaging.limit',
      'query.cursorPaging.cursor',
      'catalogReferences',
      'fieldsets',
      'session',
      'redirectSession',
      'returnPrivateReviews',
      'to',
      '',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '__proto__.json',
      'constructor.prototype.json',
      '__proto__',
      'x.__proto__',
      'query.filter.prototype',
    ),
  },
);
const queryValue = fc.oneof(
  { weight: 8, arbitrary: oddString },
  { weight: 4, arbitrary: filterJson },
  { weight: 2, arbitrary: sortJson },
  { weight: 4, arbitrary: fc.oneof(smallJson, deepJson, filterJson).map((t) => Buffer.from(t).toString('base64url')) },
  // over the 16 KB URL limit (414) and over node's header limit (431), now and then
  { weight: 1, arbitrary: fc.constantFrom(1_000, 1_000, 16_500, 300_000).map((n) => 'q'.repeat(n)) },
);
const query = fc
  .tuple(
    fc.array(fc.tuple(queryKey, queryValue), { maxLength: 6 }),
    fc.constantFrom(
      '',
      '',
      '',
      '',
      '',
      '',
      '&%',
      '&%zz=1',
      '&a=%E0%A4%A',
      '&&=&',
      '&__proto__[json]=1',
      '&a=1&a.b=2',
      '&a.b=2&a=1',
      '&a=1&a=2&a=3',
    ),
  )
  .map(([pairs, raw]) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&') + raw);

const ODD_PARAMS = [
  'x',
  '%',
  '%ZZ',
  '..',
  '.',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '%00',
  '%2F',
  'a%2Fb',
  '%E0%A4%A',
  '%0D%0A',
  'null',
  'undefined',
  '-1',
  '0',
  '00000000-0000-0000-0000-000000000000',
  '%5B%5D',
  '%7B%7D',
  MUG,
];
const pathParam = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...ODD_PARAMS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((s) => encodeURIComponent(s)) },
  { weight: 1, arbitrary: fc.constantFrom(3_000, 17_000).map((n) => 'p'.repeat(n)) },
);
const wildcard = fc.constantFrom(
  'loader.js',
  '../package.json',
  '%2e%2e/%2e%2e/package.json',
  'a/b/c',
  '%00',
  'x%2F..%2F..',
  '__proto__',
  '',
);

const inputFor = (route: RouteInfo) =>
  fc.record({
    params: fc.array(pathParam, { minLength: 2, maxLength: 2 }),
    wildcard,
    query,
    body: bodyFor(route.pattern),
    contentType,
  });

// ------------------------------------------------------------------------------------------------ requests

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * One request over node http, to the origin that serves the route (the API's, or the hosted pages' own); rejects
 * only when the connection fails before a complete answer.
 */
function send(route: RouteInfo, path: string, headers: Record<string, string>, payload?: string): Promise<Answer> {
  const method = route.method;
  const port = route.options.hosted ? emu.hostedPort : emu.port;
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        answered = true;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', (err) => reject(new Error(`${method} ${path.slice(0, 200)}: answer broken: ${err.message}`)));
    });
    // A client may still be writing a refused body (413) when the server closes: only a failure before the answer counts.
    req.on('error', (err) => {
      if (!answered)
        setTimeout(
          () => !answered && reject(new Error(`${method} ${path.slice(0, 200)}: dropped connection: ${err.message}`)),
          200,
        );
    });
    // node's client sends a DELETE body without Content-Length (read as the next request): always give one
    if (payload !== undefined) req.setHeader('Content-Length', Buffer.byteLength(payload));
    req.end(payload);
  });
}

/** Routes whose own format is not JSON: HTML pages, static files, stored media. Their errors may be HTML. */
const notJson = (r: RouteInfo) =>
  r.pattern === '/' ||
  r.pattern.startsWith('/_hosted/') ||
  r.pattern === '/oauth2/authorize' ||
  r.pattern.startsWith('/inlay/') ||
  r.pattern.startsWith('/media/');

const RULES = new Set<string>(VIOLATED_RULES);

function checkAnswer(route: RouteInfo, a: Answer): void {
  const where = `${route.method} ${route.pattern} → ${a.status} ${a.text.slice(0, 300)}`;
  expect(a.status, where).toBeGreaterThanOrEqual(200);
  expect(a.status, where).toBeLessThan(500);
  const requestId = a.headers['x-wix-request-id'];
  expect(requestId, where).toMatch(/^[0-9a-f-]{36}$/);
  if (a.status < 400) return;
  const isJson = /^application\/json/.test(String(a.headers['content-type'] ?? ''));
  if (notJson(route) && !isJson) return;
  expect(isJson, where).toBe(true);
  const b = JSON.parse(a.text) as {
    message?: unknown;
    details?: { applicationError?: Record<string, unknown>; validationError?: { fieldViolations?: unknown } };
  };
  expect(typeof b.message, where).toBe('string');
  const app = b.details?.applicationError;
  const violations = b.details?.validationError?.fieldViolations;
  if (app) {
    expect(typeof app['code'], where).toBe('string');
    expect(typeof app['description'], where).toBe('string');
    expect((app['data'] as Record<string, unknown> | undefined)?.['requestId'], where).toBe(requestId);
  } else {
    expect(Array.isArray(violations), where).toBe(true);
    for (const v of violations as { field?: unknown; description?: unknown; violatedRule?: unknown }[]) {
      expect(typeof v.field, where).toBe('string');
      expect(typeof v.description, where).toBe('string');
      expect(RULES.has(String(v.violatedRule)), where).toBe(true);
    }
  }
}

function checkPrototypes(where: string): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort(), where).toEqual(protoSnapshot);
  expect(Object.getOwnPropertyNames(Array.prototype).sort(), where).toEqual(arraySnapshot);
  const probe: Record<string, unknown> = {};
  for (const p of PROBES) expect(probe[p], `${where}: ({}).${p}`).toBeUndefined();
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// ------------------------------------------------------------------------------------------------ the property

const routes = emu.routes();

describe('fuzz: hostile input on every route', () => {
  it('lists the routes of the running emulator', () => {
    expect(routes.length).toBeGreaterThan(80);
    expect(routes).toContainEqual(
      expect.objectContaining({
        method: 'GET',
        pattern: '/back-in-stock-service/v1/back-in-stock-notification-requests',
      }),
    );
  });

  it.each(
    routes.map(
      (r, i) => [`${r.method} ${r.pattern}${r.options.hosted ? ' (hosted pages origin)' : ''}`, r, i] as const,
    ),
  )(
    '%s',
    async (_name, route, index) => {
      // No token, a visitor's, the owner member's, and an admin identity's, so owner- and admin-only routes get past
      // their identity check (fresh for each route: a generated logout or password change may end the owner's session).
      const { access: owner } = await memberTokens(emu, 'owner');
      const admin = await adminToken(emu);
      for (const [t, token] of [undefined, visitor, owner, admin].entries()) {
        await fc.assert(
          fc.asyncProperty(inputFor(route), async (inp) => {
            let p = 0;
            const path = route.pattern
              .split('/')
              .map((seg) => (seg.startsWith(':') ? inp.params[p++ % 2]! : seg === '*' ? inp.wildcard : seg))
              .join('/');
            const url = inp.query ? `${path}?${inp.query}` : path;
            const headers: Record<string, string> = {};
            if (token) headers['Authorization'] = token;
            let payload: string | undefined;
            if (BODY_METHODS.has(route.method)) {
              payload = inp.contentType === 'application/x-www-form-urlencoded' ? inp.query : inp.body;
              if (inp.contentType) headers['Content-Type'] = inp.contentType;
            }
            const answer = await send(route, url, headers, payload);
            // a generated body may have registered a fault through /_dev/faults: never let it reach the next request
            emu.app.faults.clear();
            checkAnswer(route, answer);
            checkPrototypes(`${route.method} ${url.slice(0, 200)}`);
          }),
          { seed: SEED + index * 3 + t, numRuns: RUNS, endOnFailure: true },
        );
      }
    },
    60_000,
  );

  it('leaves Object.prototype as it found it', () => {
    checkPrototypes('after the run');
  });
});
