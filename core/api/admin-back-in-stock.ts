/**
 * The owner console's Settings › Back in stock, through the site companion (docs/companion.md "Owner console: back in
 * stock"; companion/admin-back-in-stock.ts). Owner only: anyone else gets 403 `NOT_OWNER`. Only the console's
 * back-in-stock chunk imports this file.
 */
import { z } from 'zod/mini';
import type { Http } from '../http.ts';
import { callRoute, type CompanionRoutes } from './companion.ts';

const str = z.optional(z.string());

/** Whether shoppers may ask to be told (the platform's collection state for Wix Stores). */
const settingsSchema = z.looseObject({ collecting: z.boolean() });
export type StockSettings = z.infer<typeof settingsSchema>;

/** One item (a product, or one of its variants) that shoppers wait for. */
export const waitingItemSchema = z.looseObject({
  catalogItemId: z.string(),
  variantId: str,
  /** The product's name, or the id when the catalog no longer has it. */
  name: z.string(),
  /** The variant's choices ("Navy / Large"), when the request names a variant. */
  variant: str,
  image: str,
  /** How many requests wait (RECEIVED). */
  waiting: z.number(),
  /** When the oldest of them was made (ISO). */
  oldest: z.string(),
  /** The first few waiting shoppers' emails (the owner sees who waits). */
  emails: z.array(z.string()),
  /** The product is still in the catalog (a report needs its name and price). */
  known: z.boolean(),
});
export type WaitingItem = z.infer<typeof waitingItemSchema>;

const getSettingsRoute = {
  method: 'GET',
  path: '/admin/back-in-stock/settings',
  schema: z.looseObject({ settings: settingsSchema }),
} as const;
/** Start or stop collecting (the same state again is no change). */
const putSettingsRoute = {
  method: 'PUT',
  path: '/admin/back-in-stock/settings',
  schema: z.looseObject({ settings: settingsSchema }),
} as const;
/** The items with waiting requests, most waited for first. */
const listItemsRoute = {
  method: 'GET',
  path: '/admin/back-in-stock/items',
  schema: z.looseObject({ items: z.array(waitingItemSchema), truncated: z.boolean() }),
} as const;
/** Emails everyone still waiting for one item (confirm first); a repeat emails nobody twice. */
const reportRoute = {
  method: 'POST',
  path: '/admin/back-in-stock/report',
  schema: z.looseObject({ sent: z.number(), failed: z.number(), waiting: z.number() }),
} as const;

/** The owner's back-in-stock routes, their bodies in companion-requests.ts. */
export const adminBackInStockRoutes = [
  getSettingsRoute,
  putSettingsRoute,
  listItemsRoute,
  reportRoute,
] as const satisfies CompanionRoutes;

/** `GET admin/back-in-stock/settings`. */
export const getStockSettings = async (http: Http) => (await callRoute(http, getSettingsRoute)).settings;
/** `PUT admin/back-in-stock/settings`: start (`true`) or stop (`false`) collecting. */
export const setCollecting = async (http: Http, collecting: boolean) =>
  (await callRoute(http, putSettingsRoute, { body: { collecting } })).settings;
/** `GET admin/back-in-stock/items`. */
export const listWaitingItems = (http: Http) => callRoute(http, listItemsRoute);
/** `POST admin/back-in-stock/report`: 404 `NOT_FOUND` for an item the catalog no longer has. */
export const reportBackInStock = (http: Http, item: { catalogItemId: string; variantId?: string }) =>
  callRoute(http, reportRoute, { body: item });
