/**
 * Abandoned checkouts (eCommerce Abandoned Checkouts API, admin-only; docs/wire.md "Abandoned checkouts"): a checkout
 * with a buyer email that is not completed {@link ABANDON_AFTER_MS} after it was created becomes an abandoned
 * checkout (status ABANDONED) holding the buyer, the lines and the value at that moment; once that checkout, or
 * another checkout of the same cart made after it, is completed, it is RECOVERED with `checkoutRecoveredDate`.
 *
 * The platform does this in the background; here it happens when the abandoned checkouts are read
 * ({@link syncAbandoned}, called by every abandoned-checkout route with the request's clock, `ctx.now()`): the dates
 * are those the background job would have written (creation + delay, completion time), so an injected clock or the
 * dev route `POST /_dev/abandoned-checkouts/sync {delayMinutes}` decides what is abandoned, never the wall clock.
 */
import type { Database } from 'better-sqlite3';
import { stableId } from '../db.ts';
import { failedPrecondition, invalidField, notFound } from '../errors.ts';
import { checkoutById, CURRENCY, money, priceCart, wireDiscounts, wireLine } from './commerce.ts';
import type { CheckoutData, CheckoutRow, WireContext } from './commerce.ts';
import { applyFilter, applySort, cursorPage, decodeCursorState, offsetPage, type FieldAccessor } from './query.ts';
import { createRedirectSession } from './redirect-sessions.ts';
import { SEED_MEMBERS } from '../seed.ts';

/**
 * A checkout not completed this long after it was created is abandoned: the platform's stated delay (Wix Stores
 * `onCartAbandoned`: "does not complete the purchase within 1 hour").
 */
export const ABANDON_AFTER_MS = 60 * 60 * 1000;
/** `activities` holds at most this many (the entity's `@maxSize 20`). */
export const MAX_ACTIVITIES = 20;
/** The spec's activity types (binding; the generated client also lists AUTOMATION_SKIPPED). */
export const ACTIVITY_TYPES = [
  'SCHEDULED',
  'EMAIL_SENT',
  'EMAIL_NOT_SENT',
  'NOTIFICATION_SENT',
  'TASK_CREATED',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

type Money = ReturnType<typeof money>;

/** The wire abandoned checkout, as stored (`checkoutUrl` is added per request: it points at the caller's host). */
export interface WireAbandoned {
  id: string;
  createdDate: string;
  updatedDate: string;
  checkoutId: string;
  cartId: string;
  status: 'ABANDONED' | 'RECOVERED';
  buyerLanguage: string;
  buyerInfo: { visitorId?: string; memberId?: string; contactId?: string; email: string };
  contactDetails?: { firstName?: string; lastName?: string };
  currency: string;
  conversionCurrency: string;
  totalPrice: Money;
  subtotalPrice: Money;
  activities: { type: ActivityType; createdDate: string }[];
  checkoutRecoveredDate?: string;
  lineItems: Record<string, unknown>[];
  appliedDiscounts: unknown[];
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The buyer of a checkout: its email (given at create-checkout, or the member's login email), ids and name. */
function buyerOf(db: Database, row: CheckoutRow, data: CheckoutData) {
  const [kind, ownerId] = [row.owner.slice(0, 1), row.owner.slice(2)];
  if (kind === 'm') {
    const m = db
      .prepare<[string], { email: string; contact_id: string; first_name: string | null; last_name: string | null }>(
        'SELECT email, contact_id, first_name, last_name FROM members WHERE id = ?',
      )
      .get(ownerId);
    const email = data.email ?? m?.email;
    if (!email) return undefined;
    return {
      buyerInfo: { memberId: ownerId, ...(m ? { contactId: m.contact_id } : {}), email },
      names: { first: m?.first_name ?? undefined, last: m?.last_name ?? undefined },
    };
  }
  if (!data.email) return undefined;
  const c = db
    .prepare<[string], { id: string; first_name: string | null; last_name: string | null }>(
      'SELECT id, first_name, last_name FROM contacts WHERE email = ? COLLATE NOCASE ORDER BY created_date LIMIT 1',
    )
    .get(data.email);
  return {
    buyerInfo: { visitorId: ownerId, ...(c ? { contactId: c.id } : {}), email: data.email },
    names: { first: c?.first_name ?? undefined, last: c?.last_name ?? undefined },
  };
}

/** The abandoned checkout a checkout becomes, priced as it stands (lines no longer sold are left out). */
function abandon(ctx: WireContext, row: CheckoutRow, createdMs: number): WireAbandoned | undefined {
  const data = JSON.parse(row.data) as CheckoutData;
  const buyer = buyerOf(ctx.db, row, data);
  if (!buyer) return undefined;
  const priced = priceCart(ctx.db, data.lines, data.couponCode, {
    ...(data.shippingAddress ? { address: data.shippingAddress } : {}),
    ...(data.shippingCode ? { shippingCode: data.shippingCode } : {}),
    nowMs: createdMs,
  });
  const lines = priced.resolved.filter((l) => l.status !== 'NOT_FOUND');
  if (!lines.length) return undefined;
  const created = iso(createdMs);
  const { first, last } = buyer.names;
  return {
    id: stableId(`abandoned-checkout:${row.id}`),
    createdDate: created,
    updatedDate: created,
    checkoutId: row.id,
    cartId: row.cart_id,
    status: 'ABANDONED',
    buyerLanguage: 'en',
    buyerInfo: buyer.buyerInfo,
    ...(first || last
      ? { contactDetails: { ...(first ? { firstName: first } : {}), ...(last ? { lastName: last } : {}) } }
      : {}),
    currency: CURRENCY,
    conversionCurrency: CURRENCY,
    totalPrice: money(priced.totals.total),
    subtotalPrice: money(priced.totals.subtotal),
    activities: [],
    lineItems: lines.map((l) => {
      const w = wireLine(ctx, l);
      return {
        id: w.id,
        quantity: w.quantity,
        catalogReference: w.catalogReference,
        productName: w.productName,
        price: w.price,
        priceBeforeDiscounts: w.priceBeforeDiscounts,
        descriptionLines: w.descriptionLines,
        ...(w.image ? { image: w.image.url } : {}),
        physicalProperties: w.physicalProperties,
      };
    }),
    appliedDiscounts: wireDiscounts(priced.totals),
  };
}

/**
 * Brings the abandoned checkouts up to `ctx.now()`:
 * 1. every checkout created at least `delayMs` ago that has a buyer email, is the newest checkout of its cart, and was
 *    not completed within `delayMs` becomes an abandoned checkout created at checkout creation + `delayMs`;
 * 2. every ABANDONED one whose checkout, or a checkout of its cart made since, is completed becomes RECOVERED, with
 *    the completion time as `checkoutRecoveredDate`.
 * Returns the ids of the abandoned checkouts it created. Idempotent; one transaction.
 */
export function syncAbandoned(ctx: WireContext, delayMs = ABANDON_AFTER_MS): string[] {
  const { db } = ctx;
  const nowMs = ctx.now();
  return db.transaction(() => {
    const created: string[] = [];
    const candidates = db
      .prepare<[string], CheckoutRow>(
        `SELECT c.* FROM checkouts c
         WHERE c.created_date <= ?
           AND NOT EXISTS (SELECT 1 FROM abandoned_checkouts a WHERE a.checkout_id = c.id)
           AND NOT EXISTS (SELECT 1 FROM checkouts n WHERE n.cart_id = c.cart_id
                           AND (n.created_date > c.created_date OR (n.created_date = c.created_date AND n.id > c.id)))
         ORDER BY c.created_date`,
      )
      .all(iso(nowMs - delayMs));
    const insert = db.prepare<[string, string, string, string, string, string, string]>(
      'INSERT INTO abandoned_checkouts (id, checkout_id, cart_id, status, data, created_date, updated_date) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for (const row of candidates) {
      const abandonedMs = Date.parse(row.created_date) + delayMs;
      if (row.completed && Date.parse(row.updated_date) <= abandonedMs) continue; // completed in time
      const a = abandon(ctx, row, abandonedMs);
      if (!a) continue; // no buyer email, or nothing left that is sold
      insert.run(a.id, a.checkoutId, a.cartId, a.status, JSON.stringify(a), a.createdDate, a.updatedDate);
      created.push(a.id);
    }
    const recovered = db
      .prepare<[], { id: string; data: string; done: string }>(
        `SELECT a.id, a.data, MIN(c.updated_date) AS done
         FROM abandoned_checkouts a
         JOIN checkouts own ON own.id = a.checkout_id
         JOIN checkouts c ON c.cart_id = a.cart_id AND c.completed = 1 AND c.created_date >= own.created_date
         WHERE a.status = 'ABANDONED'
         GROUP BY a.id`,
      )
      .all();
    const update = db.prepare<[string, string, string]>(
      "UPDATE abandoned_checkouts SET status = 'RECOVERED', data = ?, updated_date = ? WHERE id = ?",
    );
    for (const r of recovered) {
      const a = JSON.parse(r.data) as WireAbandoned;
      const at = r.done < a.createdDate ? a.createdDate : r.done;
      Object.assign(a, { status: 'RECOVERED', checkoutRecoveredDate: at, updatedDate: at });
      update.run(JSON.stringify(a), at, a.id);
    }
    return created;
  })();
}

// ------------------------------------------------------------------------------------------------ reads

const lower = (s: string | undefined) => (s ?? '').toLowerCase();
const amount = (a: WireAbandoned) => Number(a.totalPrice.amount);

/** Filters of Query and Search Abandoned Checkouts. */
export const ABANDONED_FILTER_FIELDS: Record<string, FieldAccessor<WireAbandoned>> = {
  id: (a) => a.id,
  status: (a) => a.status,
  checkoutId: (a) => a.checkoutId,
  cartId: (a) => a.cartId,
  createdDate: (a) => a.createdDate,
  updatedDate: (a) => a.updatedDate,
  checkoutRecoveredDate: (a) => a.checkoutRecoveredDate ?? null,
  'buyerInfo.email': (a) => lower(a.buyerInfo.email),
  'buyerInfo.memberId': (a) => a.buyerInfo.memberId ?? null,
  'buyerInfo.visitorId': (a) => a.buyerInfo.visitorId ?? null,
  'buyerInfo.contactId': (a) => a.buyerInfo.contactId ?? null,
  'totalPrice.amount': amount,
  'subtotalPrice.amount': (a) => Number(a.subtotalPrice.amount),
  'activities.type': (a) => a.activities.map((x) => x.type),
};

/** Sort fields. */
export const ABANDONED_SORT_FIELDS: Record<string, FieldAccessor<WireAbandoned>> = {
  id: ABANDONED_FILTER_FIELDS['id']!,
  status: ABANDONED_FILTER_FIELDS['status']!,
  createdDate: ABANDONED_FILTER_FIELDS['createdDate']!,
  updatedDate: ABANDONED_FILTER_FIELDS['updatedDate']!,
  checkoutRecoveredDate: ABANDONED_FILTER_FIELDS['checkoutRecoveredDate']!,
  'buyerInfo.email': ABANDONED_FILTER_FIELDS['buyerInfo.email']!,
  'totalPrice.amount': amount,
};

/** `buyerInfo.email` compares case-insensitively. */
function lowerEmails(filter: unknown): unknown {
  if (Array.isArray(filter)) return filter.map(lowerEmails);
  if (!filter || typeof filter !== 'object') return filter;
  const low = (x: unknown): unknown => (typeof x === 'string' ? x.toLowerCase() : Array.isArray(x) ? x.map(low) : x);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(filter as Record<string, unknown>)) {
    if (k === 'buyerInfo.email')
      out[k] =
        v && typeof v === 'object' && !Array.isArray(v)
          ? Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([op, x]) => [op, low(x)]))
          : low(v);
    else out[k] = k === '$and' || k === '$or' || k === '$not' ? lowerEmails(v) : v;
  }
  return out;
}

function loadAll(db: Database): WireAbandoned[] {
  return db
    .prepare<[], { data: string }>('SELECT data FROM abandoned_checkouts ORDER BY created_date DESC, id DESC')
    .all()
    .map((r) => JSON.parse(r.data) as WireAbandoned);
}

export interface AbandonedQuery {
  filter?: Record<string, unknown> | undefined;
  sort?: { fieldName: string; order?: 'ASC' | 'DESC' | undefined }[] | undefined;
  cursorPaging?: { limit?: number | undefined; cursor?: string | null | undefined } | undefined;
  paging?: { limit?: number | undefined; offset?: number | undefined } | undefined;
  /** Search only: free text in the buyer's email and name and the items' names. */
  search?: { expression?: string | null | undefined; mode?: 'OR' | 'AND' | undefined } | undefined;
}

const DEFAULT_SORT = [{ fieldName: 'createdDate', order: 'DESC' }];

/** The free-text search a cursor of {@link findAbandoned} carries (checked again: a cursor is not signed). */
function carriedSearch(cursor: string, at: string): AbandonedQuery['search'] {
  const state = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { search?: unknown };
  const s = state.search as { expression?: unknown; mode?: unknown } | undefined;
  if (s === undefined) return undefined;
  const ok =
    s !== null &&
    typeof s === 'object' &&
    (s.expression === undefined ||
      s.expression === null ||
      (typeof s.expression === 'string' && s.expression.length <= 100)) &&
    (s.mode === undefined || s.mode === 'OR' || s.mode === 'AND');
  if (!ok) throw invalidField(`${at}.cursorPaging.cursor`, 'is not a cursor this service issued', 'FORMAT');
  return s as AbandonedQuery['search'];
}

/**
 * Query or Search: newest first unless sorted otherwise (ties: the id), `limit` ≤ 100 (default 50). With a cursor
 * only the paging may be sent: the cursor carries filter, sort and search. `at` names the request's object
 * (`query` or `search`) in errors.
 */
export function findAbandoned(db: Database, q: AbandonedQuery, at: 'query' | 'search') {
  const cursor = q.cursorPaging?.cursor;
  if (cursor && (q.filter !== undefined || q.sort !== undefined || q.search !== undefined))
    throw invalidField(`${at}.cursorPaging.cursor`, 'with a cursor, send only cursorPaging', 'VALIDATION');
  if (q.paging && q.cursorPaging) throw invalidField(at, 'send paging or cursorPaging, not both', 'ONE_OF_ALIGNMENT');
  const carried = cursor ? decodeCursorState(cursor, `${at}.cursorPaging.cursor`) : undefined;
  const filter = carried ? carried.filter : q.filter;
  const sort = carried ? carried.sort : q.sort;
  const text = carried ? carriedSearch(cursor!, at) : q.search;
  let rows = applyFilter(loadAll(db), lowerEmails(filter), ABANDONED_FILTER_FIELDS, `${at}.filter`);
  const expression = (text as AbandonedQuery['search'])?.expression?.trim().toLowerCase();
  if (expression) {
    const terms = expression.split(/\s+/);
    const mode = (text as AbandonedQuery['search'])?.mode ?? 'OR';
    rows = rows.filter((a) => {
      const hay = [
        a.buyerInfo.email,
        a.contactDetails?.firstName,
        a.contactDetails?.lastName,
        ...a.lineItems.map((l) => (l['productName'] as { original?: string } | undefined)?.original),
      ]
        .filter(Boolean)
        .join(' ')
        .toLowerCase();
      return mode === 'AND' ? terms.every((t) => hay.includes(t)) : terms.some((t) => hay.includes(t));
    });
  }
  const sorted = Array.isArray(sort) && sort.length ? (sort as unknown[]) : DEFAULT_SORT;
  rows = applySort(rows, [...sorted, { fieldName: 'id', order: 'DESC' }], ABANDONED_SORT_FIELDS, `${at}.sort`);
  if (q.paging) {
    const page = offsetPage(rows, q.paging, 50);
    return {
      items: page.items,
      metadata: { count: page.items.length, offset: page.offset, total: rows.length, tooManyToCount: false },
    };
  }
  // the cursor carries the free text too (cursorPage carries filter and sort): kept inside the filter's slot
  const page = cursorPage(rows, q.cursorPaging, 50, {
    ...(filter !== undefined ? { filter } : {}),
    ...(sort !== undefined ? { sort } : {}),
  });
  if (text !== undefined && page.metadata.cursors.next) {
    const state = JSON.parse(Buffer.from(page.metadata.cursors.next, 'base64url').toString('utf8')) as object;
    page.metadata.cursors.next = Buffer.from(JSON.stringify({ ...state, search: text })).toString('base64url');
  }
  return { items: page.items, metadata: page.metadata };
}

/** The abandoned checkout, or 404 `ABANDONED_CHECKOUT_NOT_FOUND`. */
export function loadAbandoned(db: Database, id: string): WireAbandoned {
  const r = db.prepare<[string], { data: string }>('SELECT data FROM abandoned_checkouts WHERE id = ?').get(id);
  if (!r) throw notFound(`Abandoned checkout ${id} not found`, 'ABANDONED_CHECKOUT_NOT_FOUND', { id });
  return JSON.parse(r.data) as WireAbandoned;
}

/** Add Abandoned Checkout Activity: appended with the time; 428 `MAX_ACTIVITIES_REACHED` past {@link MAX_ACTIVITIES}. */
export function addAbandonedActivity(db: Database, id: string, type: ActivityType, nowMs: number): WireAbandoned {
  return db.transaction(() => {
    const a = loadAbandoned(db, id);
    if (a.activities.length >= MAX_ACTIVITIES)
      throw failedPrecondition(
        `An abandoned checkout holds at most ${MAX_ACTIVITIES} activities`,
        'MAX_ACTIVITIES_REACHED',
        { max: MAX_ACTIVITIES },
      );
    const at = iso(nowMs);
    a.activities.push({ type, createdDate: at });
    a.updatedDate = at;
    db.prepare<[string, string, string]>('UPDATE abandoned_checkouts SET data = ?, updated_date = ? WHERE id = ?').run(
      JSON.stringify(a),
      at,
      id,
    );
    return a;
  })();
}

/**
 * Redirect to Checkout: a hosted checkout session for the abandoned checkout's own checkout (its lines, as the buyer
 * left them), for the buyer it belongs to; the hosted page places the order (which recovers it) or, when that
 * checkout is already completed, sends the buyer to the thank-you page. Returns the hosted page's URL.
 */
export function restoreCheckout(ctx: WireContext & { hostedUrl: string }, id: string): string {
  const a = loadAbandoned(ctx.db, id);
  const row = checkoutById(ctx.db, a.checkoutId);
  if (!row) throw notFound(`Abandoned checkout ${id} not found`, 'ABANDONED_CHECKOUT_NOT_FOUND', { id });
  const [kind, ownerId] = [row.owner.slice(0, 1), row.owner.slice(2)];
  const session = createRedirectSession(ctx, {
    kind: 'checkout',
    payload: { checkoutId: row.id, callbacks: {} },
    visitorId: kind === 'v' ? ownerId : null,
    memberId: kind === 'm' ? ownerId : null,
    ttlMs: 60 * 60 * 1000,
  });
  return `${ctx.hostedUrl}/_hosted/checkout?session=${session}`;
}

// ------------------------------------------------------------------------------------------------ seed

/** The demo's abandoned checkouts: their checkouts, left long enough ago (ids stable, see {@link seedAbandonedIds}). */
const SEED = [
  {
    name: 'maya',
    owner: `m:${SEED_MEMBERS[0]!.id}`,
    ageMs: 3 * 60 * 60 * 1000,
    lines: [
      { slug: 'waxed-canvas-rucksack', quantity: 1 },
      { slug: 'enamel-camp-mug', quantity: 2 },
    ],
  },
  {
    name: 'sam',
    owner: `v:${stableId('visitor:abandoned-sam')}`,
    email: 'sam.rivera@example.com',
    ageMs: 2 * 24 * 60 * 60 * 1000,
    lines: [{ slug: 'beeswax-taper-candles', quantity: 1 }],
  },
] as const;

/** Ids of the seeded abandoned checkouts (`maya`: a member's, 2 h abandoned; `sam`: a visitor's, 2 days). */
export const seedAbandonedIds = Object.fromEntries(
  SEED.map((s) => [
    s.name,
    {
      checkoutId: stableId(`checkout:abandoned-${s.name}`),
      id: stableId(`abandoned-checkout:${stableId(`checkout:abandoned-${s.name}`)}`),
    },
  ]),
) as Record<(typeof SEED)[number]['name'], { checkoutId: string; id: string }>;

/**
 * Inserts the seeded checkouts once per database (created `ageMs` before `nowMs`, never completed); they become
 * abandoned checkouts on the first read. A product the catalog no longer has is left out.
 */
export function seedAbandonedCheckouts(db: Database, nowMs: number): void {
  const product = db.prepare<[string], { id: string }>('SELECT id FROM products WHERE slug = ?');
  const variant = db.prepare<[string], { id: string }>(
    'SELECT id FROM product_variants WHERE product_id = ? ORDER BY sort_order LIMIT 1',
  );
  const insert = db.prepare<[string, string, string, string, string, string]>(
    'INSERT OR IGNORE INTO checkouts (id, cart_id, owner, data, created_date, updated_date) VALUES (?, ?, ?, ?, ?, ?)',
  );
  db.transaction(() => {
    for (const s of SEED) {
      const checkoutId = seedAbandonedIds[s.name].checkoutId;
      const lines = s.lines.flatMap((l, i) => {
        const p = product.get(l.slug);
        const v = p && variant.get(p.id);
        return p && v
          ? [
              {
                id: stableId(`cart-line:${s.name}:${i}`),
                product_id: p.id,
                variant_id: v.id,
                options: '{}',
                quantity: l.quantity,
              },
            ]
          : [];
      });
      if (!lines.length) continue;
      const data: CheckoutData = {
        lines,
        couponCode: null,
        channelType: 'WEB',
        ...('email' in s ? { email: s.email } : {}),
      };
      const at = iso(nowMs - s.ageMs);
      insert.run(checkoutId, stableId(`cart:abandoned-${s.name}`), s.owner, JSON.stringify(data), at, at);
    }
  })();
}
