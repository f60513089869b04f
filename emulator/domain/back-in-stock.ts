/**
 * Back-in-stock requests: storage, wire shape, throttling and the notice run that a restock triggers
 * (RECEIVED → PROCESSING → NOTIFICATION_SENT, or FAILED with a reason when the notice cannot be sent).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { DEFAULT_VARIANT_ID, getProductRecord, siteUrl, STORES_APP_ID } from './catalog.ts';
import { stableId } from '../db.ts';
import { getSetting, setSetting } from './settings.ts';
import { sendMail } from './mail.ts';
import { seedVariantId, SHOP_NAME } from '../seed.ts';

export type RequestStatus = 'RECEIVED' | 'PROCESSING' | 'NOTIFICATION_SENT' | 'FAILED';

export interface RequestRow {
  id: string;
  app_id: string;
  catalog_item_id: string;
  options: string;
  variant_id: string;
  email: string;
  contact_id: string;
  created_by: string;
  status: RequestStatus;
  failure_reason: string | null;
  auto_notified: number;
  item_url: string | null;
  item_name: string;
  item_price: string;
  item_image: string | null;
  created_date: string;
  updated_date: string;
}

/** Throttling: requests per email and per caller address within an hour. */
export const THROTTLE_WINDOW_MS = 60 * 60 * 1000;
export const THROTTLE_PER_EMAIL = 5;
export const THROTTLE_PER_IP = 30;

/**
 * Notices to these addresses "bounce" (a documented dev rule, so FAILED can be exercised): any address at
 * `bounce.example` or under the reserved `.invalid` top-level domain.
 */
export function undeliverable(email: string): boolean {
  return /@bounce\.example$/i.test(email) || /\.invalid$/i.test(email);
}

export function toWireRequest(r: RequestRow): Record<string, unknown> {
  return {
    id: r.id,
    catalogReference: { appId: r.app_id, catalogItemId: r.catalog_item_id, options: JSON.parse(r.options) as unknown },
    email: r.email,
    contactId: r.contact_id,
    status: r.status,
    ...(r.failure_reason ? { failureReason: r.failure_reason } : {}),
    autoNotified: r.auto_notified === 1,
    createdDate: r.created_date,
    updatedDate: r.updated_date,
    ...(r.item_url ? { itemUrl: r.item_url } : {}),
  };
}

export function getRequest(db: Database, id: string): RequestRow | undefined {
  return db.prepare<[string], RequestRow>('SELECT * FROM back_in_stock_requests WHERE id = ?').get(id);
}

/** Every request (the query engine filters, sorts and pages them). */
export function allRequests(db: Database): RequestRow[] {
  return db.prepare<[], RequestRow>('SELECT * FROM back_in_stock_requests').all();
}

/** How many requests for a variant still wait (RECEIVED or PROCESSING). */
export function countOpenRequests(db: Database, appId: string, itemId: string, variantId: string): number {
  return db
    .prepare<[string, string, string], { n: number }>(
      `SELECT count(*) AS n FROM back_in_stock_requests WHERE app_id = ? AND catalog_item_id = ? AND variant_id = ? AND status IN ('RECEIVED', 'PROCESSING')`,
    )
    .get(appId, itemId, variantId)!.n;
}

export function deleteRequest(db: Database, id: string): void {
  db.prepare<[string]>('DELETE FROM back_in_stock_requests WHERE id = ?').run(id);
}

/**
 * The owner marks a request as notified by hand (no mail is sent): `autoNotified` false, as the platform documents
 * for a notice sent offline.
 */
export function markNotificationSent(db: Database, id: string, nowMs: number): void {
  db.prepare<[string, string]>(
    `UPDATE back_in_stock_requests SET status = 'NOTIFICATION_SENT', failure_reason = NULL, auto_notified = 0,
       updated_date = ? WHERE id = ?`,
  ).run(new Date(nowMs).toISOString(), id);
}

export function findOpenRequest(
  db: Database,
  appId: string,
  itemId: string,
  variantId: string,
  email: string,
): RequestRow | undefined {
  return db
    .prepare<[string, string, string, string], RequestRow>(
      `SELECT * FROM back_in_stock_requests WHERE app_id = ? AND catalog_item_id = ? AND variant_id = ? AND email = ?
       AND status IN ('RECEIVED', 'PROCESSING')`,
    )
    .get(appId, itemId, variantId, email);
}

export interface NewRequest {
  appId: string;
  catalogItemId: string;
  options: Record<string, unknown>;
  variantId: string;
  email: string;
  contactId: string;
  createdBy: string;
  itemUrl?: string;
  itemName: string;
  itemPrice: string;
  itemImage?: unknown;
}

export function insertRequest(db: Database, r: NewRequest, nowMs: number): RequestRow {
  const id = randomUUID();
  const now = new Date(nowMs).toISOString();
  db.prepare(
    `INSERT INTO back_in_stock_requests (id, app_id, catalog_item_id, options, variant_id, email, contact_id, created_by,
       status, item_url, item_name, item_price, item_image, created_date, updated_date)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'RECEIVED', ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    r.appId,
    r.catalogItemId,
    JSON.stringify(r.options),
    r.variantId,
    r.email,
    r.contactId,
    r.createdBy,
    r.itemUrl ?? null,
    r.itemName,
    r.itemPrice,
    r.itemImage === undefined ? null : JSON.stringify(r.itemImage),
    now,
    now,
  );
  return getRequest(db, id)!;
}

/** A contact id for an email that has no member: stable, so the same person is one contact. */
export const contactIdForEmail = (email: string) => stableId(`contact:${email.toLowerCase()}`);

/** Records one attempt and says whether `key` is over `limit` within the window. */
export function throttled(db: Database, key: string, limit: number, nowMs: number): boolean {
  db.prepare('DELETE FROM back_in_stock_throttle WHERE at < ?').run(nowMs - THROTTLE_WINDOW_MS);
  const { n } = db
    .prepare<[string], { n: number }>('SELECT count(*) AS n FROM back_in_stock_throttle WHERE key = ?')
    .get(key)!;
  if (n >= limit) return true;
  db.prepare('INSERT INTO back_in_stock_throttle (key, at) VALUES (?, ?)').run(key, nowMs);
  return false;
}

// ------------------------------------------------------------------------------------------- settings

export interface Settings {
  appId: string;
  collectingRequests: boolean;
  autoNotify: boolean;
}

export function getSettings(db: Database, appId = STORES_APP_ID): Settings {
  const stored = getSetting<Partial<Settings>>(db, `backInStock:${appId}`) ?? {};
  return { appId, collectingRequests: stored.collectingRequests ?? true, autoNotify: stored.autoNotify ?? true };
}

export function setCollecting(db: Database, appId: string, collecting: boolean): Settings {
  const s = { ...getSettings(db, appId), collectingRequests: collecting };
  setSetting(db, `backInStock:${appId}`, s);
  return s;
}

/** The apps whose items take requests: only Wix Stores (the platform's `NOT_SUPPORTED_APP_DEF_ID` for any other). */
export const COLLECTING_APPS: readonly string[] = [STORES_APP_ID];

/**
 * The settings as the platform's `BackInStockSettings` (`@wix/auto_sdk_ecom_back-in-stock-settings`): one collection
 * state per app. `autoNotify` (a restock sends the notices by itself) is the emulator's own and stays off the wire.
 */
export function wireSettings(db: Database): { collectionStates: { appId: string; collectingRequests: boolean }[] } {
  return {
    collectionStates: COLLECTING_APPS.map((appId) => ({
      appId,
      collectingRequests: getSettings(db, appId).collectingRequests,
    })),
  };
}

// --------------------------------------------------------------------------------------------- notices

function setStatus(
  db: Database,
  id: string,
  status: RequestStatus,
  nowMs: number,
  extra: { reason?: string; auto?: boolean } = {},
) {
  db.prepare(
    `UPDATE back_in_stock_requests SET status = ?, failure_reason = ?, auto_notified = coalesce(?, auto_notified), updated_date = ?
     WHERE id = ?`,
  ).run(
    status,
    extra.reason ?? null,
    extra.auto === undefined ? null : extra.auto ? 1 : 0,
    new Date(nowMs).toISOString(),
    id,
  );
}

function itemLink(db: Database, r: RequestRow): string {
  if (r.item_url) return r.item_url;
  const product = getProductRecord(db, r.catalog_item_id);
  return new URL(product ? `/products/${product.slug}` : '/', siteUrl(db)).toString();
}

/** What a report gives the notice's template (`itemDetails`: `item.name`, `item.price`). */
export interface NoticeDetails {
  name: string;
  price: string;
}

/**
 * Sends one notice: PROCESSING, then NOTIFICATION_SENT, or FAILED with the reason. `details` (a report's
 * `itemDetails`) name the item and its price in the notice; without them, those the request was made with.
 */
export function notify(db: Database, r: RequestRow, nowMs: number, auto: boolean, details?: NoticeDetails): RequestRow {
  setStatus(db, r.id, 'PROCESSING', nowMs);
  if (undeliverable(r.email)) {
    setStatus(db, r.id, 'FAILED', nowMs, { reason: 'The notice could not be delivered to this address', auto });
  } else {
    const link = itemLink(db, r);
    const name = details?.name ?? r.item_name;
    const price = details?.price ?? r.item_price;
    sendMail(
      db,
      {
        to: r.email,
        subject: `${name} is back in stock`,
        text: `Good news: ${name} (${price}) is back in stock at ${SHOP_NAME}.\n\n${link}\n\nYou asked us to tell you once; we won't email you about it again.`,
        link,
      },
      nowMs,
    );
    setStatus(db, r.id, 'NOTIFICATION_SENT', nowMs, { auto });
  }
  return getRequest(db, r.id)!;
}

/** Every open request for an item (one variant, or all of the item's variants when `variantId` is omitted). */
export function openRequestsFor(db: Database, itemId: string, variantId?: string): RequestRow[] {
  return variantId === undefined
    ? db
        .prepare<[string], RequestRow>(
          `SELECT * FROM back_in_stock_requests WHERE catalog_item_id = ? AND status = 'RECEIVED' ORDER BY created_date`,
        )
        .all(itemId)
    : db
        .prepare<[string, string], RequestRow>(
          `SELECT * FROM back_in_stock_requests WHERE catalog_item_id = ? AND variant_id = ? AND status = 'RECEIVED' ORDER BY created_date`,
        )
        .all(itemId, variantId);
}

/** The item is back: notify everyone waiting for it. Returns the requests as they ended. */
export function reportBackInStock(
  db: Database,
  itemId: string,
  variantId: string | undefined,
  nowMs: number,
  auto: boolean,
  details?: NoticeDetails,
): RequestRow[] {
  return db.transaction(() => openRequestsFor(db, itemId, variantId).map((r) => notify(db, r, nowMs, auto, details)))();
}

/**
 * A report naming the requests (`requestIds`): each that still waits (RECEIVED) or whose notice failed (FAILED, a
 * retry) is notified; one already notified (NOTIFICATION_SENT) or under way is left alone, so a report sent twice
 * emails nobody twice. Returns the requests as they ended.
 */
export function reportRequests(
  db: Database,
  ids: readonly string[],
  nowMs: number,
  details: NoticeDetails,
): RequestRow[] {
  return db.transaction(() =>
    ids
      .map((id) => getRequest(db, id))
      .filter((r): r is RequestRow => !!r && (r.status === 'RECEIVED' || r.status === 'FAILED'))
      .map((r) => notify(db, r, nowMs, true, details)),
  )();
}

// ------------------------------------------------------------------------------------------------ the demo's

const DEMO_DONE = 'demoStockRequestsSeeded';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Shoppers waiting for the demo store's sold-out items (issue 40: the console's Settings › Back in stock shows
 * realistic content under `npm start`), once per database, with the emulator's demo orders (the command line; the
 * test helpers don't, so suites see only the requests they make). The gallery calls it too.
 */
export function seedDemoStockRequests(db: Database, nowMs: number): void {
  if (getSetting(db, DEMO_DONE)) return;
  const waits: [slug: string, choices: Record<string, string> | undefined, email: string, daysAgo: number][] = [
    ['waxed-canvas-rucksack', undefined, 'maya.patel@example.com', 12],
    ['waxed-canvas-rucksack', undefined, 'jonas.weber@example.com', 6],
    ['waxed-canvas-rucksack', undefined, 'ines.moreau@example.com', 1],
    ['enamel-camp-mug', { Color: 'Navy' }, 'kofi.mensah@example.com', 9],
    ['enamel-camp-mug', { Color: 'Navy' }, 'lena.fischer@example.com', 3],
    ['waxed-canvas-tote', { Color: 'Olive', Size: 'Large' }, 'sam.okafor@example.com', 4],
  ];
  db.transaction(() => {
    for (const [slug, choices, email, daysAgo] of waits) {
      const product = getProductRecord(db, stableId(`product:${slug}`));
      if (!product) continue;
      const variantId = choices ? seedVariantId(slug, choices) : DEFAULT_VARIANT_ID;
      const cents = product.variants.find((v) => v.id === variantId)?.priceCents ?? product.priceCents;
      insertRequest(
        db,
        {
          appId: STORES_APP_ID,
          catalogItemId: product.id,
          options: choices ? { variantId } : {},
          variantId,
          email,
          contactId: contactIdForEmail(email),
          createdBy: 'demo',
          itemName: product.name,
          // integer cents to the platform's decimal string, exactly
          itemPrice: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
        },
        nowMs - daysAgo * DAY_MS,
      );
    }
    setSetting(db, DEMO_DONE, true);
  })();
}
