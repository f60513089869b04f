/**
 * The owner console's Settings › Back in stock (issue 40 item 4, i40-bis; docs/companion.md "Owner console: back in
 * stock"): whether shoppers may ask to be told when an item is back, the items they wait for, and "report back in
 * stock", which emails them. Every route is the owner's (403 `NOT_OWNER` for anyone else, before the body is read)
 * and calls the platform as the admin identity (docs/wire.md "i40-bis"): Get Settings, Start and Stop Collecting
 * Requests (`@wix/auto_sdk_ecom_back-in-stock-settings`), Query Back In Stock Notification Requests and Report Items
 * Back In Stock (`_back-in-stock-notifications`), and the catalog's product read for the names and prices.
 *
 * A report never emails anyone twice: the companion reads the item's waiting (RECEIVED) requests and reports exactly
 * those by `requestIds`; the platform sends each once (a request it has notified is no longer RECEIVED), so a repeat
 * after a lost answer finds none waiting and sends nothing.
 */
import { Hono } from 'hono';
import { z as zm } from 'zod/mini';
import { STORES_APP_ID } from '../core/constants.ts';
import type { Http } from '../core/http.ts';
import { catalogVersion, readProducts, variantOf, type Product } from '../core/api/products.ts';
import { adminOps, ops } from '../core/urls.ts';
import type { Env, Kit } from './context.ts';
import { notFound } from './errors.ts';
import { bodyOf, serve, wire } from './wire.ts';

/** Pages of 100 waiting requests read for the list: beyond this the list says `truncated`. */
export const MAX_PAGES = 10;
/** How many of an item's waiting shoppers' emails the list shows. */
export const EMAILS_SHOWN = 10;

const request = zm.looseObject({
  id: zm.string(),
  catalogReference: zm.looseObject({
    appId: zm.optional(zm.string()),
    catalogItemId: zm.string(),
    options: zm.optional(zm.nullable(zm.looseObject({ variantId: zm.optional(zm.string()) }))),
  }),
  email: zm.optional(zm.string()),
  status: zm.optional(zm.string()),
  createdDate: zm.optional(zm.string()),
});
type StockRequest = zm.infer<typeof request>;
const queryAnswer = zm.looseObject({
  requests: zm.optional(zm.array(request)),
  metadata: zm.optional(
    zm.looseObject({ cursors: zm.optional(zm.looseObject({ next: zm.optional(zm.nullable(zm.string())) })) }),
  ),
});
const settingsAnswer = zm.looseObject({
  settings: zm.optional(
    zm.looseObject({
      collectionStates: zm.optional(
        zm.array(zm.looseObject({ appId: zm.optional(zm.string()), collectingRequests: zm.optional(zm.boolean()) })),
      ),
    }),
  ),
});
const empty = zm.looseObject({});

/** Wix Stores' collection state (the only app whose items take requests); collecting unless the platform says not. */
const collectingOf = (a: zm.infer<typeof settingsAnswer>) =>
  a.settings?.collectionStates?.find((s) => s.appId === STORES_APP_ID)?.collectingRequests !== false;

const variantIdOf = (r: StockRequest) => r.catalogReference.options?.variantId || undefined;
const keyOf = (itemId: string, variantId: string | undefined) => `${itemId}\n${variantId ?? ''}`;
const httpUrl = (u: string | undefined) => (u && /^https?:\/\//i.test(u) ? u : undefined);

export function adminBackInStockApp(kit: Kit): Hono<Env> {
  const { asAdmin } = kit;
  const app = new Hono<Env>();
  const owner = [kit.guard.owner];
  /** core's catalog reads, sent as the admin identity. */
  const adminHttp: Http = { request: (o) => asAdmin('read the catalog', o) };

  /**
   * One page of Query Back In Stock Notification Requests, sent as the generated client's own fallback (POST
   * `/query`, which it uses when the GET's query string is long): the query's JSON as it is (a GET's flattened
   * parameters cannot carry the sort's list of objects).
   */
  const query = (q: Record<string, unknown>) =>
    asAdmin('query back-in-stock requests', {
      method: 'POST',
      path: ops.queryStockRequests.fallbackPath!,
      kind: 'read',
      body: { query: q },
      schema: queryAnswer,
    });

  /** Every waiting request (RECEIVED), oldest first, optionally of one item; `truncated` past {@link MAX_PAGES}. */
  async function waiting(catalogItemId?: string): Promise<{ requests: StockRequest[]; truncated: boolean }> {
    const filter = {
      status: 'RECEIVED',
      ...(catalogItemId ? { 'catalogReference.catalogItemId': catalogItemId } : {}),
    };
    const out: StockRequest[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      // after the first page the cursor carries the filter and sort (docs/spec/wire-protocol.md §11.7)
      const r = await query(
        cursor
          ? { cursorPaging: { cursor, limit: 100 } }
          : { filter, sort: [{ fieldName: 'createdDate', order: 'ASC' }], cursorPaging: { limit: 100 } },
      );
      out.push(...(r.requests ?? []).filter((x) => x.status === 'RECEIVED'));
      cursor = r.metadata?.cursors?.next ?? undefined;
      if (!cursor) return { requests: out, truncated: false };
    }
    return { requests: out, truncated: true };
  }

  /** The products behind `ids`, from the site's catalog (V1 or V3), by id. */
  async function products(ids: string[]): Promise<Map<string, Product>> {
    const found = new Map<string, Product>();
    if (!ids.length) return found;
    const catalog = await catalogVersion(adminHttp);
    for (let i = 0; i < ids.length; i += 100)
      for (const p of await readProducts(adminHttp, catalog, ids.slice(i, i + 100))) found.set(p.id, p);
    return found;
  }

  const variantName = (p: Product | undefined, variantId: string | undefined) => {
    if (!p || !variantId) return undefined;
    const v = variantOf(p, variantId);
    const choices = Object.values(v?.choices ?? {});
    return choices.length && (p.variants?.length ?? 0) > 1 ? choices.join(' / ') : undefined;
  };

  serve(app, wire['GET /admin/back-in-stock/settings'], owner, async (c) => {
    const r = await asAdmin('get back-in-stock settings', {
      ...adminOps.getStockSettings,
      body: {},
      schema: settingsAnswer,
    });
    return c.json({ settings: { collecting: collectingOf(r) } }, 200);
  });

  // start or stop: setting a state, so a repeat after a lost answer changes nothing more
  serve(app, wire['PUT /admin/back-in-stock/settings'], owner, async (c) => {
    const { collecting } = bodyOf(c, wire['PUT /admin/back-in-stock/settings']);
    const op = collecting ? adminOps.startCollectingStockRequests : adminOps.stopCollectingStockRequests;
    const r = await asAdmin(collecting ? 'start collecting requests' : 'stop collecting requests', {
      ...op,
      body: { appId: STORES_APP_ID },
      schema: settingsAnswer,
    });
    return c.json({ settings: { collecting: collectingOf(r) } }, 200);
  });

  serve(app, wire['GET /admin/back-in-stock/items'], owner, async (c) => {
    const { requests, truncated } = await waiting();
    const groups = new Map<string, { itemId: string; variantId: string | undefined; list: StockRequest[] }>();
    for (const r of requests) {
      const itemId = r.catalogReference.catalogItemId;
      const variantId = variantIdOf(r);
      const k = keyOf(itemId, variantId);
      const g = groups.get(k) ?? { itemId, variantId, list: [] };
      g.list.push(r);
      groups.set(k, g);
    }
    const byId = await products([...new Set([...groups.values()].map((g) => g.itemId))]);
    const items = [...groups.values()].map(({ itemId, variantId, list }) => {
      const p = byId.get(itemId);
      const variant = variantName(p, variantId);
      const image = httpUrl(p?.media?.mainMedia?.image?.url);
      return {
        catalogItemId: itemId,
        ...(variantId ? { variantId } : {}),
        name: p?.name ?? itemId,
        ...(variant ? { variant } : {}),
        ...(image ? { image } : {}),
        waiting: list.length,
        oldest: list.map((r) => r.createdDate ?? '').sort()[0] ?? '',
        emails: [...new Set(list.map((r) => r.email ?? '').filter(Boolean))].slice(0, EMAILS_SHOWN),
        known: p !== undefined,
      };
    });
    items.sort((a, b) => b.waiting - a.waiting || a.oldest.localeCompare(b.oldest));
    return c.json({ items, truncated }, 200);
  });

  serve(app, wire['POST /admin/back-in-stock/report'], owner, async (c) => {
    const { catalogItemId, variantId } = bodyOf(c, wire['POST /admin/back-in-stock/report']);
    const product = (await products([catalogItemId])).get(catalogItemId);
    if (!product) throw notFound('This product is no longer in the catalog');
    const ids = (await waiting(catalogItemId)).requests.filter((r) => variantIdOf(r) === variantId).map((r) => r.id);
    if (!ids.length) return c.json({ sent: 0, failed: 0, waiting: 0 }, 200);
    const v = variantOf(product, variantId);
    const price = v?.variant?.priceData ?? product.priceData;
    const image = product.media?.mainMedia?.image;
    const name = [product.name, variantName(product, variantId)].filter(Boolean).join(' — ');
    await asAdmin('report items back in stock', {
      ...adminOps.reportItemsBackInStock,
      body: {
        requestIds: ids,
        itemDetails: {
          name,
          price: (price ? (price.discountedPrice ?? price.price) : 0).toFixed(2),
          ...(image && httpUrl(image.url)
            ? { image: { id: product.media?.mainMedia?.id, url: image.url, width: image.width, height: image.height } }
            : {}),
        },
      },
      schema: empty,
    });
    // read back how each ended (NOTIFICATION_SENT or FAILED) and what still waits (a request made meanwhile)
    const ended: StockRequest[] = [];
    for (let i = 0; i < ids.length; i += 100)
      ended.push(
        ...((await query({ filter: { id: { $in: ids.slice(i, i + 100) } }, cursorPaging: { limit: 100 } })).requests ??
          []),
      );
    const still = (await waiting(catalogItemId)).requests.filter((r) => variantIdOf(r) === variantId).length;
    return c.json(
      {
        sent: ended.filter((r) => r.status === 'NOTIFICATION_SENT').length,
        failed: ended.filter((r) => r.status === 'FAILED').length,
        waiting: still,
      },
      200,
    );
  });

  return app;
}
