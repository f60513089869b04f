/**
 * The hosted "Sign-in security" page (issue 42 item 4): reached from the member's hosted account page, on the hosted
 * pages' origin, under the same account redirect session (`?session=`), so only the signed-in member who opened it
 * sees it, and only while that sign-in lasts. It lists the member's second factors (type and status in words),
 * removes one, and adds an authenticator app: a secret shown with its `otpauth://` URI, on once a current code is
 * entered. Its forms post only from the hosted origin (`refuseCrossSitePost`). The platform's own page is what
 * `<inlay-account>`'s Security section links to (docs/wire.md "The member's second factors in the account").
 */
import { hostedLocale } from '../hosted/locale.ts';
import { z } from 'zod';
import type { RequestContext, RouteModule } from '../router.ts';
import { securityPage } from '../hosted/pages.ts';
import { confirmTotp, memberFactors, pendingTotp, removeMemberFactor, startTotp } from '../domain/security-page.ts';
import { totpOf } from '../domain/mfa.ts';
import { expiredPage, liveAccountSession, refuseCrossSitePost } from './redirects.ts';

const formSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('remove'), factorId: z.string().min(1).max(100) }),
  z.object({ op: z.literal('startTotp') }),
  z.object({ op: z.literal('confirmTotp'), factorId: z.string().min(1).max(100), code: z.string().trim().max(20) }),
]);

function page(ctx: RequestContext, notice?: string, error?: string) {
  const live = liveAccountSession(ctx);
  if (!live) return expiredPage(ctx);
  const { s, m } = live;
  const pending = pendingTotp(ctx.db, m.id);
  return securityPage({
    locale: hostedLocale(ctx.query.get('lang')),
    session: s.id,
    factors: memberFactors(ctx.db, m.id),
    ...(pending
      ? { pending: { id: pending.id, secret: pending.secret, uri: totpOf(pending.secret, m.email).toString() } }
      : {}),
    ...(notice ? { notice } : {}),
    ...(error ? { error } : {}),
  });
}

export const hostedSecurityRoutes: RouteModule = (router) => {
  router.get('/_hosted/security', (ctx) => page(ctx), { hosted: true });
  router.post(
    '/_hosted/security',
    (ctx) => {
      const refused = refuseCrossSitePost(ctx);
      if (refused) return refused;
      const live = liveAccountSession(ctx);
      if (!live) return expiredPage(ctx);
      const { m } = live;
      const form = formSchema.safeParse(ctx.body);
      if (!form.success) return page(ctx, undefined, 'Something was missing. Try again.');
      const f = form.data;
      if (f.op === 'remove')
        return removeMemberFactor(ctx.db, m.id, f.factorId)
          ? page(ctx, 'The second factor was removed.')
          : page(ctx, undefined, 'That second factor can’t be removed here.');
      if (f.op === 'startTotp') {
        startTotp(ctx.db, m.id, ctx.now());
        return page(ctx);
      }
      return confirmTotp(ctx.db, m.id, f.factorId, f.code, ctx.now())
        ? page(ctx, 'Your authenticator app is on.')
        : page(ctx, undefined, 'That code isn’t right. Enter the code your app shows now.');
    },
    { form: true, hosted: true },
  );
};
