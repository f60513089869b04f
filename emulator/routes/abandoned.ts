/**
 * eCommerce abandoned checkouts (docs/wire.md "Abandoned checkouts"): Query, Search, Get and Add Activity, admin-only
 * like every eCommerce management call (a visitor or member token is refused with 403), and Redirect to Checkout, the
 * recovery link a buyer follows from an email (no token: the abandoned checkout's id and the site's metasite id are
 * the link). Paths and shapes as `@wix/auto_sdk_ecom_abandoned-checkouts` sends them.
 */
import { z } from 'zod';
import { adminOps } from '../../core/urls.ts';
import {
  ACTIVITY_TYPES,
  addAbandonedActivity,
  findAbandoned,
  loadAbandoned,
  restoreCheckout,
  syncAbandoned,
  type WireAbandoned,
} from '../domain/abandoned.ts';
import { SITE_ID } from '../domain/auth.ts';
import { filterAndSort } from '../domain/query.ts';
import { invalidField, notFound } from '../errors.ts';
import type { RequestContext, RouteModule } from '../router.ts';
import { GUID, validate } from '../validate.ts';

/** The platform's ids are GUIDs; anything else is no abandoned checkout. */

const cursorPaging = z
  .object({
    limit: z.number().int().min(1).max(100).nullish(),
    cursor: z.string().max(16_000).nullish(),
  })
  .optional();
const paging = z
  .object({ limit: z.number().int().min(1).max(100).nullish(), offset: z.number().int().min(0).nullish() })
  .optional();
const projection = {
  fields: z.array(z.string().max(512)).max(100).optional(),
  fieldsets: z.array(z.string().max(100)).max(20).optional(),
};

const querySchema = z.object({
  query: z.object({ ...filterAndSort, cursorPaging, paging, ...projection }).default({}),
});
const searchSchema = z.object({
  search: z
    .object({
      ...filterAndSort,
      sort: filterAndSort.sort.unwrap().max(4).optional(),
      cursorPaging,
      paging,
      search: z
        .object({
          mode: z.enum(['OR', 'AND']).optional(),
          expression: z.string().max(100).nullish(),
          fields: z.array(z.string().max(100)).max(20).optional(),
          fuzzy: z.boolean().optional(),
        })
        .optional(),
    })
    .default({}),
});
const activitySchema = z.object({
  abandonedCheckoutId: z.string().max(100).nullish(),
  activityType: z.enum(ACTIVITY_TYPES),
});

const nn = <T>(v: T | null | undefined): T | undefined => (v === null ? undefined : v);

/** The wire entity with its recovery link, on the host the caller reached (`checkoutUrl`). */
const wire = (ctx: RequestContext, a: WireAbandoned) => ({
  ...a,
  checkoutUrl: `${ctx.apiUrl}/ecom/v1/abandoned-checkout/${a.id}/redirect-to-checkout?metasiteId=${SITE_ID}`,
});

function idParam(ctx: RequestContext): string {
  const id = ctx.params['abandonedCheckoutId'] ?? '';
  if (!GUID.test(id))
    throw notFound(`Abandoned checkout ${id.slice(0, 100)} not found`, 'ABANDONED_CHECKOUT_NOT_FOUND', {
      id: id.slice(0, 100),
    });
  return id;
}

export const abandonedRoutes: RouteModule = (router) => {
  /** Query and Search read alike; Search adds a text expression and names its metadata otherwise. */
  const find = (
    ctx: Parameters<Parameters<typeof router.operation>[1]>[0],
    q: z.infer<typeof searchSchema>['search'],
    kind: 'query' | 'search',
  ) => {
    syncAbandoned(ctx);
    const page = findAbandoned(
      ctx.db,
      {
        filter: q.filter,
        sort: q.sort,
        ...(q.cursorPaging ? { cursorPaging: { limit: nn(q.cursorPaging.limit), cursor: q.cursorPaging.cursor } } : {}),
        ...(q.paging ? { paging: { limit: nn(q.paging.limit), offset: nn(q.paging.offset) } } : {}),
        ...(q.search ? { search: { expression: q.search.expression, mode: q.search.mode } } : {}),
      },
      kind,
    );
    return { items: page.items.map((a) => wire(ctx, a)), metadata: page.metadata };
  };

  router.operation(adminOps.queryAbandonedCheckouts, (ctx) => {
    ctx.requireAdmin();
    const { items, metadata } = find(ctx, validate(querySchema, ctx.body).query, 'query');
    // `results` is the deprecated name the client still reads
    return { json: { abandonedCheckouts: items, results: items, metadata } };
  });

  router.operation(adminOps.searchAbandonedCheckouts, (ctx) => {
    ctx.requireAdmin();
    const { items, metadata } = find(ctx, validate(searchSchema, ctx.body).search, 'search');
    return { json: { abandonedCheckouts: items, pagingMetadata: metadata } };
  });

  router.operation(adminOps.getAbandonedCheckout, (ctx) => {
    ctx.requireAdmin();
    const id = idParam(ctx);
    syncAbandoned(ctx);
    return { json: { abandonedCheckout: wire(ctx, loadAbandoned(ctx.db, id)) } };
  });

  router.operation(adminOps.addAbandonedCheckoutActivity, (ctx) => {
    ctx.requireAdmin();
    const { abandonedCheckoutId, activityType } = validate(activitySchema, ctx.body);
    const id = idParam(ctx);
    // the client sends the id in the path and in the body; two different ones are a forged request
    if (abandonedCheckoutId && abandonedCheckoutId !== id)
      throw invalidField('abandonedCheckoutId', 'must be the id in the path');
    syncAbandoned(ctx);
    return { json: { abandonedCheckout: wire(ctx, addAbandonedActivity(ctx.db, id, activityType, ctx.now())) } };
  });

  // the recovery link: a buyer's browser follows it from an email, without a token
  router.operation(adminOps.redirectToAbandonedCheckout, (ctx) => {
    const metasiteId = ctx.query.get('metasiteId');
    if (!metasiteId) throw invalidField('metasiteId', 'is required', 'REQUIRED_FIELD');
    const id = idParam(ctx);
    if (metasiteId !== SITE_ID)
      throw notFound(`Abandoned checkout ${id} not found`, 'ABANDONED_CHECKOUT_NOT_FOUND', { id });
    syncAbandoned(ctx);
    const location = restoreCheckout(ctx, id);
    return { status: 302, body: '', headers: { Location: location, 'Cache-Control': 'no-store' } };
  });
};
