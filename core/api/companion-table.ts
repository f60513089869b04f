/**
 * The site companion's whole wire, one table: every route of the areas' tables (companion-routes.ts, orders.ts,
 * admin-orders.ts, order-changes.ts, admin-payments.ts, admin-abandoned.ts, admin-members.ts, admin-media.ts, admin-tips.ts, public-routes.ts) by its `METHOD /path`, with its answer
 * admin-orders.ts, order-changes.ts, admin-payments.ts, admin-abandoned.ts, admin-members.ts, admin-media.ts, admin-back-in-stock.ts, public-routes.ts) by its `METHOD /path`, with its answer
 * admin-orders.ts, order-changes.ts, admin-payments.ts, admin-abandoned.ts, admin-members.ts, admin-media.ts, admin-discounts.ts, public-routes.ts) by its `METHOD /path`, with its answer
 * admin-orders.ts, order-changes.ts, admin-payments.ts, admin-abandoned.ts, admin-members.ts, admin-media.ts, admin-taxes.ts, public-routes.ts) by its `METHOD /path`, with its answer
 * admin-orders.ts, order-changes.ts, admin-payments.ts, admin-abandoned.ts, admin-members.ts, admin-media.ts, admin-shipping.ts, public-routes.ts) by its `METHOD /path`, with its answer
 * admin-orders.ts, order-changes.ts, admin-payments.ts, admin-fulfillments.ts, admin-abandoned.ts, admin-members.ts, admin-media.ts, public-routes.ts) by its `METHOD /path`, with its answer
 * schema and the schema of its request body (companion-requests.ts). The companion serves exactly these routes and
 * checks each body with its schema (companion/wire.ts); tests/contract/companion.test.ts calls every one through the
 * browser's call layer and fails when the companion's routes and this table differ, and holds docs/companion.md's
 * route lists to it. No browser code imports this file: the request schemas are the companion's.
 */
import type { CompanionRoute, RequestBody, RouteKey } from './companion.ts';
import { companionRoutes } from './companion-routes.ts';
import { companionRequests } from './companion-requests.ts';
import { accountRoutes } from './orders.ts';
import { adminOrdersRoutes } from './admin-orders.ts';
import { orderChangesRoutes } from './order-changes.ts';
import { adminPaymentsRoutes } from './admin-payments.ts';
import { adminFulfillmentsRoutes } from './admin-fulfillments.ts';
import { adminAbandonedRoutes } from './admin-abandoned.ts';
import { adminMembersRoutes } from './admin-members.ts';
import { adminMediaRoutes } from './admin-media.ts';
import { adminTipsRoutes } from './admin-tips.ts';
import { adminBackInStockRoutes } from './admin-back-in-stock.ts';
import { adminDiscountsRoutes } from './admin-discounts.ts';
import { adminTaxesRoutes } from './admin-taxes.ts';
import { adminShippingRoutes } from './admin-shipping.ts';
import { publicRoutes } from './public-routes.ts';

const areas = [
  companionRoutes,
  accountRoutes,
  adminOrdersRoutes,
  orderChangesRoutes,
  adminPaymentsRoutes,
  adminFulfillmentsRoutes,
  adminAbandonedRoutes,
  adminMembersRoutes,
  adminMediaRoutes,
  adminTipsRoutes,
  adminBackInStockRoutes,
  adminDiscountsRoutes,
  adminTaxesRoutes,
  adminShippingRoutes,
  publicRoutes,
] as const;

type Route = (typeof areas)[number][number];
type Requests = typeof companionRequests;

/** A route of the table: its request body's schema beside it (undefined: the route takes no body). */
export type TableRoute = CompanionRoute & { request: RequestBody | undefined };
export type CompanionTable = {
  [R in Route as RouteKey<R>]: R & { request: RouteKey<R> extends keyof Requests ? Requests[RouteKey<R>] : undefined };
};
export type TableKey = keyof CompanionTable;

function gather(): CompanionTable {
  const table: Record<string, TableRoute> = {};
  for (const r of areas.flat()) {
    const key = `${r.method} ${r.path}`;
    if (table[key]) throw new Error(`the companion's wire has ${key} twice`);
    table[key] = { ...r, request: undefined };
  }
  for (const [key, request] of Object.entries(companionRequests)) {
    const r = table[key];
    if (!r) throw new Error(`the companion's wire has a request body for ${key}, which is no route`);
    if (r.method === 'GET' || r.method === 'DELETE') throw new Error(`${key} cannot take a body`);
    r.request = request;
  }
  for (const [key, r] of Object.entries(table))
    if (!r.request && r.method !== 'GET' && r.method !== 'DELETE') throw new Error(`${key} has no body`);
  return table as CompanionTable;
}

export const companionTable: CompanionTable = gather();
