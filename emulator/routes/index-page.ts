/**
 * `GET /`: a small HTML page for a person who opens the emulator's URL (emulator/hosted/index.html).
 */
import { getSetting } from '../db.ts';
import type { RouteModule } from '../router.ts';
import { indexPage } from '../hosted/pages.ts';

export const indexPageRoutes: RouteModule = (router) => {
  router.get('/', (ctx) => {
    const shop = getSetting<string>(ctx.db, 'siteName') ?? 'Demo store';
    const products = ctx.db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM products').get()?.n ?? 0;
    const clients = ctx.db.prepare<[], { id: string }>('SELECT id FROM oauth_clients ORDER BY id').all();
    return indexPage({ shop, products, base: ctx.baseUrl, dev: ctx.app.dev, clients: clients.map((c) => c.id) });
  });
};
