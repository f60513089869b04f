/**
 * The redirect-session intents of the platform's public request type (`CreateRedirectSessionRequest` of
 * `@wix/auto_sdk_redirects_redirects`, docs/spec/wire-protocol.md §2 and §11.9) that `redirects.ts` and `checkout.ts`
 * do not register: `login`, `storesProduct`, `bookingsCheckout`, `bookingsBook`, `eventsCheckout`, `paidPlansCheckout`
 * and `ecomOrderPaymentRequest`. Each is accepted as the SDK sends it.
 * - `login: {}` (the SDK's `syncToWixPages` / visitor-cookie pre-warm): a session whose page returns to
 *   `callbacks.postFlowUrl` (else the site). Members sign in here through the `auth` intent (PKCE); the platform's
 *   login page sets its own cookie, which nothing in the emulator reads.
 * - `storesProduct: {productSlug}`: the product's page on the site (`productPageUrl`); an unknown slug → 404.
 * - bookings, events, paid plans and order payment requests: this store sells none, so their ids are never found →
 *   404 with the service's code (after the fields are checked).
 */
import { z } from 'zod';
import { createRedirectSession, loadRedirectSession } from '../domain/redirect-sessions.ts';
import { loadProducts, siteUrl } from '../domain/catalog.ts';
import { invalidField, notFound } from '../errors.ts';
import type { RedirectIntentHandler, RouteModule } from '../router.ts';
import { httpUrl, validate } from '../validate.ts';
import { allowedForClient, registerRedirectIntent } from './redirects.ts';

const id = z.string().min(1).max(200);
const loginSchema = z.object({}).loose();
const callbacksSchema = z.object({ postFlowUrl: httpUrl.nullable().optional() }).loose().optional();
const productSchema = z.object({ productSlug: z.string().min(1).max(200) });
const bookingsCheckoutSchema = z.object({
  timezone: z.string().max(100).optional(),
  slotAvailability: z.record(z.string(), z.unknown()),
});
const bookingsBookSchema = z.object({ resourceId: id });
const eventsSchema = z.object({ reservationId: id, eventSlug: z.string().min(1).max(200) });
const plansSchema = z.object({ planId: id, checkoutData: z.string().max(10_000).nullable().optional() });
const paymentSchema = z.object({ paymentRequestId: id });

const loginIntent: RedirectIntentHandler = (ctx, value, body, identity) => {
  validate(loginSchema, value, 'login');
  const back = validate(callbacksSchema, body['callbacks'], 'callbacks')?.postFlowUrl ?? undefined;
  if (back && !allowedForClient(ctx, identity.clientId, back))
    throw invalidField('callbacks.postFlowUrl', "is not on one of the client's allowed origins");
  const sid = createRedirectSession(ctx, {
    kind: 'login',
    clientId: identity.clientId,
    payload: { postFlowUrl: back ?? null },
  });
  return { id: sid, fullUrl: `${ctx.hostedUrl}/_hosted/login?session=${sid}` };
};

const storesProductIntent: RedirectIntentHandler = (ctx, value) => {
  const { productSlug } = validate(productSchema, value, 'storesProduct');
  const product = loadProducts(ctx.db).find((p) => p.slug === productSlug && p.visible);
  if (!product) throw notFound(`Product ${productSlug} not found`, 'PRODUCT_NOT_FOUND', { productSlug });
  return { fullUrl: new URL(`product-page/${encodeURIComponent(product.slug)}`, siteUrl(ctx.db)).href };
};

/** An intent of a service this store does not run: its fields are checked, then its id is not found. */
function absentService(intent: string, schema: z.ZodType, code: string, what: string): RedirectIntentHandler {
  return (_ctx, value) => {
    validate(schema, value, intent);
    throw notFound(`${what} not found`, code);
  };
}

export const redirectIntentRoutes: RouteModule = (router, app) => {
  registerRedirectIntent(app, 'login', loginIntent);
  registerRedirectIntent(app, 'storesProduct', storesProductIntent);
  registerRedirectIntent(
    app,
    'bookingsCheckout',
    absentService('bookingsCheckout', bookingsCheckoutSchema, 'SLOT_NOT_FOUND', 'Booking slot'),
  );
  registerRedirectIntent(
    app,
    'bookingsBook',
    absentService('bookingsBook', bookingsBookSchema, 'RESOURCE_NOT_FOUND', 'Bookings resource'),
  );
  registerRedirectIntent(
    app,
    'eventsCheckout',
    absentService('eventsCheckout', eventsSchema, 'RESERVATION_NOT_FOUND', 'Event reservation'),
  );
  registerRedirectIntent(
    app,
    'paidPlansCheckout',
    absentService('paidPlansCheckout', plansSchema, 'PLAN_NOT_FOUND', 'Pricing plan'),
  );
  registerRedirectIntent(
    app,
    'ecomOrderPaymentRequest',
    absentService('ecomOrderPaymentRequest', paymentSchema, 'PAYMENT_REQUEST_NOT_FOUND', 'Order payment request'),
  );

  // The `login` intent's page: back to the site (the platform's page would sign in with its own cookie first).
  router.get(
    '/_hosted/login',
    (ctx) => {
      const s = loadRedirectSession(ctx, ctx.query.get('session') ?? '', 'login', true);
      const back = (s?.payload['postFlowUrl'] as string | null | undefined) ?? siteUrl(ctx.db);
      return { status: 302, body: '', headers: { Location: back, 'Cache-Control': 'no-store' } };
    },
    { hosted: true },
  );
};
