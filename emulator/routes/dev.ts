/**
 * Developer endpoints (no auth; CORS as for API routes): the mailbox and fault injection.
 */
import { notFound } from '../errors.ts';
import { faultInputSchema } from '../faults.ts';
import { clearMail, listMail } from '../mail.ts';
import type { RouteModule } from '../router.ts';
import { validate } from '../validate.ts';

export const devRoutes: RouteModule = (router, app) => {
  router.get('/_dev/mailbox', (ctx) => {
    const to = ctx.query.get('to')?.trim();
    return { json: { messages: listMail(ctx.db, to || undefined) } };
  });
  router.delete('/_dev/mailbox', (ctx) => {
    clearMail(ctx.db);
    return { json: {} };
  });

  router.get('/_dev/faults', () => ({ json: { faults: app.faults.list() } }));
  router.post('/_dev/faults', (ctx) => {
    const input = validate(faultInputSchema, ctx.body);
    return { json: { fault: app.faults.add(input, ctx.now()) } };
  });
  router.delete('/_dev/faults', () => {
    app.faults.clear();
    return { json: {} };
  });
  router.delete('/_dev/faults/:id', (ctx) => {
    const id = ctx.params['id'] ?? '';
    if (!app.faults.remove(id)) throw notFound(`Fault ${id} not found`, 'FAULT_NOT_FOUND');
    return { json: {} };
  });
};
