/**
 * The Wix Stores recommendation algorithms, computed from the emulator's own data (docs/spec/wire-protocol.md §8):
 * "From the same categories" (RELATED_ITEMS: most shared categories with the given items), "Frequently bought
 * together" (RELATED_ITEMS: co-occurrence with the first item in paid orders), "Best sellers" (GLOBAL: units sold).
 */
import type { Database } from 'better-sqlite3';
import { ALL_PRODUCTS_COLLECTION_ID, loadProducts, STORES_APP_ID, type ProductRecord } from './catalog.ts';
import { stableId } from '../db.ts';

export type AlgorithmType = 'RELATED_ITEMS' | 'GLOBAL';
export type AlgorithmKey = 'same-categories' | 'bought-together' | 'best-sellers';

export interface Algorithm {
  key: AlgorithmKey;
  id: string;
  name: string;
  description: string;
  type: AlgorithmType;
}

/** Stable ids: the real ones are not published; clients look algorithms up by name (the documented flow). */
export const ALGORITHMS: readonly Algorithm[] = [
  {
    key: 'same-categories',
    id: stableId('algorithm:same-categories'),
    name: 'From the same categories',
    description: 'Returns items that share the most categories with items in the list provided.',
    type: 'RELATED_ITEMS',
  },
  {
    key: 'bought-together',
    id: stableId('algorithm:bought-together'),
    name: 'Frequently bought together',
    description: 'Returns items that are frequently bought together with the first item in the list provided.',
    type: 'RELATED_ITEMS',
  },
  {
    key: 'best-sellers',
    id: stableId('algorithm:best-sellers'),
    name: 'Best sellers',
    description: 'Returns the items from the catalog with the highest number of sales.',
    type: 'GLOBAL',
  },
];

export const toWireAlgorithm = (a: Algorithm) => ({
  config: { name: a.name, description: a.description, algorithmType: a.type, algorithmId: a.id },
  appId: STORES_APP_ID,
  catalogAppIds: [STORES_APP_ID],
});

/** One line of a placed order: which product, how many, in which order. */
export interface SaleLine {
  orderId: string;
  productId: string;
  quantity: number;
}

/**
 * Where sales come from: the commerce module's placed orders (`orderSales`), passed in by the caller (each emulator
 * keeps its list in `app.salesSources`), so this file does not depend on the commerce schema.
 */
export type SalesSource = (db: Database) => SaleLine[];

const MAX_ITEMS = 100;

function sellable(products: ProductRecord[]): Map<string, ProductRecord> {
  return new Map(products.filter((p) => p.visible).map((p) => [p.id, p]));
}

/** Products sharing the most categories with the given ones (All Products does not count), then catalog order. */
function sameCategories(db: Database, items: string[]): string[] {
  const products = loadProducts(db);
  const byId = sellable(products);
  const wanted = new Set(
    items.flatMap((id) => byId.get(id)?.collectionIds ?? []).filter((c) => c !== ALL_PRODUCTS_COLLECTION_ID),
  );
  return products
    .filter((p) => byId.has(p.id) && !items.includes(p.id))
    .map((p) => ({ id: p.id, shared: p.collectionIds.filter((c) => wanted.has(c)).length, n: p.numericId }))
    .filter((x) => x.shared > 0)
    .sort((a, b) => b.shared - a.shared || a.n - b.n)
    .map((x) => x.id);
}

/** Products that were in the same orders as the first item, most orders together first. */
function boughtTogether(db: Database, items: string[], sales: readonly SaleLine[]): string[] {
  const first = items[0];
  if (!first) return [];
  const byId = sellable(loadProducts(db));
  const lines = sales;
  const orders = new Set(lines.filter((l) => l.productId === first).map((l) => l.orderId));
  const together = new Map<string, number>();
  for (const l of lines)
    if (orders.has(l.orderId) && l.productId !== first) together.set(l.productId, (together.get(l.productId) ?? 0) + 1);
  return [...together]
    .filter(([id]) => byId.has(id) && !items.includes(id))
    .sort((a, b) => b[1] - a[1] || byId.get(a[0])!.numericId - byId.get(b[0])!.numericId)
    .map(([id]) => id);
}

/** Products by units sold, most first; products never sold are not best sellers. */
function bestSellers(db: Database, exclude: string[], sales: readonly SaleLine[]): string[] {
  const byId = sellable(loadProducts(db));
  const units = new Map<string, number>();
  for (const l of sales) units.set(l.productId, (units.get(l.productId) ?? 0) + l.quantity);
  return [...units]
    .filter(([id, n]) => n > 0 && byId.has(id) && !exclude.includes(id))
    .sort((a, b) => b[1] - a[1] || byId.get(a[0])!.numericId - byId.get(b[0])!.numericId)
    .map(([id]) => id);
}

/** Up to 100 product ids for an algorithm; the order-based ones read `sources`. */
export function recommend(
  db: Database,
  algorithm: Algorithm,
  items: string[],
  sources: readonly SalesSource[],
): string[] {
  const sales = () => sources.flatMap((s) => s(db));
  const ids =
    algorithm.key === 'same-categories'
      ? sameCategories(db, items)
      : algorithm.key === 'bought-together'
        ? boughtTogether(db, items, sales())
        : bestSellers(db, items, sales());
  return ids.slice(0, MAX_ITEMS);
}
