/**
 * `GET /`: a small HTML page for a person who opens the emulator's URL (emulator/hosted/index.html).
 */
import { getSetting } from '../domain/settings.ts';
import { listClientIds } from '../domain/auth.ts';
import { countProducts } from '../domain/catalog.ts';
import type { RouteModule } from '../router.ts';
import { indexPage } from '../hosted/pages.ts';

export const indexPageRoutes: RouteModule = (router) => {
  router.get('/', (ctx) => {
    const shop = getSetting<string>(ctx.db, 'siteName') ?? 'Demo store';
    const products = countProducts(ctx.db);
    return indexPage({ shop, products, base: ctx.baseUrl, dev: ctx.app.dev, clients: listClientIds(ctx.db) });
  });
};
