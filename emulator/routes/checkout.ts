/**
 * Checkouts and orders: `GET /ecom/v1/checkouts/{id}`, `GET /ecom/v1/orders/{id}`, the `ecomCheckout`
 * redirect-session intent and the hosted checkout page (email, address, shipping, test card) that places the
 * order and returns to the site's thank-you URL with `?orderId=…`.
 */
import { pseudo } from '../../core/i18n/pseudo.ts';
import { z } from 'zod';
import { adminOps } from '../../core/urls.ts';
import type { Caller } from '../domain/auth.ts';
import { siteUrl } from '../domain/catalog.ts';
import {
  memberAddresses,
  memberById,
  replaceMemberContactSets,
  updateMemberProfile,
  type MemberRow,
} from '../domain/identity.ts';
import {
  checkoutById,
  couponProblem,
  CURRENCY,
  findCoupon,
  orderById,
  ownerKey,
  placeOrder,
  priceCart,
  setCheckoutCoupon,
  shippingOptions,
  wireCheckout,
  wireLine,
  type CheckoutData,
  type CheckoutRow,
  type PlaceOrderInput,
} from '../domain/commerce.ts';
import { taxByRegion } from '../domain/taxes.ts';
import { badRequest, notFound, PlatformError } from '../errors.ts';
import type { HandlerResult, RedirectIntentHandler, RequestContext, RouteModule } from '../router.ts';
import { httpUrl, oneLine, validate } from '../validate.ts';
import {
  createRedirectSession,
  loadRedirectSession,
  markRedirectSessionUsed,
  type StoredRedirectSession,
} from '../domain/redirect-sessions.ts';
import { allowedForClient, refuseCrossSitePost, registerRedirectIntent } from './redirects.ts';
import { checkoutPage as hostedCheckoutPage, messagePage } from '../hosted/pages.ts';
import { siteBrand } from '../domain/settings.ts';
import { checkoutBrandOverride, checkoutLook, consentError, formTip, tipView } from './checkout-extras.ts';
import { saveTipChoice } from '../domain/tips.ts';
import { shippingPlaces } from '../domain/shipping-options.ts';
import { COUNTRIES, countryName, countryRegionsIn, regionName, regionsOf } from '../domain/regions.ts';
import { formatMoney, hostedLocale } from '../hosted/locale.ts';
import { phrase, word, type Said } from '../hosted/words.ts';

/**
 * Test cards of the hosted checkout: paid, declined, pending (the provider has not confirmed it), authorize only
 * (delayed capture: the order's payment is AUTHORIZED until the owner captures or voids it; docs/wire.md
 * "Payments"), and paid with refunds that fail at the provider.
 */
export const TEST_CARDS = {
  ok: '4242424242424242',
  declined: '4000000000000002',
  pending: '4000000000000077',
  authorize: '4000000000001000',
  refundFails: '4000000000005126',
};
const CARD_PAYMENT: Record<string, PlaceOrderInput['payment']> = {
  [TEST_CARDS.ok]: 'PAID',
  [TEST_CARDS.pending]: 'PENDING',
  [TEST_CARDS.authorize]: 'AUTHORIZED',
  [TEST_CARDS.refundFails]: 'PAID',
};

/** Its own visitor or member, or the site's backend (an admin identity); no member role sees another's checkout. */
const canSee = (caller: Caller, owner: string) => caller.kind === 'admin' || ownerKey(caller) === owner;

const intentSchema = z.object({ checkoutId: z.string().min(1).max(100) });
const callbacksSchema = z
  .object({
    postFlowUrl: httpUrl.optional(),
    thankYouPageUrl: httpUrl.optional(),
    cartPageUrl: httpUrl.optional(),
    loginUrl: httpUrl.optional(),
  })
  .default({});

interface CheckoutPayload {
  checkoutId: string;
  callbacks: { postFlowUrl?: string; thankYouPageUrl?: string; cartPageUrl?: string };
}

const ecomCheckoutIntent: RedirectIntentHandler = (ctx, value, body, identity) => {
  const { checkoutId } = validate(intentSchema, value, 'ecomCheckout');
  const callbacks = validate(callbacksSchema, body.callbacks, 'callbacks');
  for (const [k, url] of Object.entries(callbacks)) {
    if (url && !allowedForClient(ctx, identity.clientId, url)) {
      throw badRequest([
        {
          field: `callbacks.${k}`,
          description: "must be on one of the client's allowed origins",
          violatedRule: 'VALIDATION',
        },
      ]);
    }
  }
  const row = checkoutById(ctx.db, checkoutId);
  if (!row || ownerKey(identity) !== row.owner) throw notFound('Checkout not found', 'CHECKOUT_NOT_FOUND');
  const id = createRedirectSession(ctx, {
    kind: 'checkout',
    clientId: identity.clientId,
    payload: { checkoutId, callbacks } satisfies CheckoutPayload,
    visitorId: identity.kind === 'visitor' ? identity.visitorId : (identity.visitorId ?? null),
    memberId: identity.kind === 'member' ? identity.memberId : null,
    ttlMs: 60 * 60 * 1000,
  });
  return { id, fullUrl: `${ctx.hostedUrl}/_hosted/checkout?session=${id}` };
};

// ------------------------------------------------------------------------------------------ hosted page (emulator/hosted/)

/** A one-line field of the form: a line break or another control character is refused, not kept or stripped. */
const line = () => oneLine('Enter this on one line, without line breaks');
const formSchema = z.object({
  email: line().trim().email('Enter a valid email address').max(254),
  firstName: line().trim().min(1, 'Enter your first name').max(100),
  lastName: line().trim().min(1, 'Enter your last name').max(100),
  addressLine: line().trim().min(3, 'Enter your street address').max(200),
  city: line().trim().min(1, 'Enter your city').max(100),
  postalCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 -]{3,10}$/, 'Enter a valid postal code'),
  country: z.enum(COUNTRIES.map(([c]) => c) as [string, ...string[]], { message: 'Choose a country' }),
  subdivision: z
    .string()
    .trim()
    .max(10)
    .regex(/^[A-Za-z0-9-]*$/, 'Choose a region from the list')
    .default(''),
  shipping: z.string().min(1, 'Choose a shipping option'),
  cardNumber: z
    .string()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{13,19}$/, 'Enter a card number')),
  cardExpiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2]) ?\/ ?\d{2}$/, 'Enter the expiry date as MM/YY'),
  cardCvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code'),
  /** A signed-in member's "Save this address to my account" box (absent: not ticked). */
  saveAddress: z.literal('1', { message: 'Tick the box or leave it empty' }).optional(),
  // the tip and the checkout settings' checkboxes (routes/checkout-extras.ts checks them)
  tip: z.string().max(10).optional(),
  tipCustom: z.string().max(20).optional(),
  policyAgreement: z.literal('1', { message: 'Tick the box or leave it empty' }).optional(),
  subscribe: z.literal('1', { message: 'Tick the box or leave it empty' }).optional(),
  subscribeSms: z.literal('1', { message: 'Tick the box or leave it empty' }).optional(),
});
/** Fields a form may leave out (a box not ticked, no tip sent). */
const OPTIONAL_FIELDS = new Set([
  'saveAddress',
  'subdivision',
  'tip',
  'tipCustom',
  'policyAgreement',
  'subscribe',
  'subscribeSms',
]);
type FormValues = Partial<Record<keyof z.input<typeof formSchema> | 'discountCode', string>>;

/** The address's region: one of its country's (required there), none for a country without a region list. */
function regionProblem(country: string | undefined, subdivision: string | undefined): string | undefined {
  const list = country ? regionsOf(country) : undefined;
  if (!list || regionName(country!, (subdivision ?? '').trim().toUpperCase())) return undefined;
  return `Choose a ${list.label.toLowerCase()}`;
}

/** The subdivision the address keeps: its code when its country has a region list, else none. */
const subdivisionOf = (country: string, subdivision: string | undefined) =>
  regionsOf(country) ? (subdivision ?? '').trim().toUpperCase() : '';

function expiredCheckout(ctx: RequestContext): HandlerResult {
  return messagePage(
    'Checkout expired',
    'This checkout link has expired',
    'Go back to the shop and check out again.',
    404,
    hostedLocale(ctx.query.get('lang')),
  );
}

/** The member a hosted checkout was opened for (a member's redirect session), while they still exist. */
const checkoutMember = (ctx: RequestContext, s: StoredRedirectSession): MemberRow | undefined =>
  s.memberId ? memberById(ctx.db, s.memberId) : undefined;

/** The most addresses a member keeps (the Members API's limit in the emulator, docs/wire.md). */
const MAX_MEMBER_ADDRESSES = 10;

/**
 * The address a member paid with, added to their account when they ticked the box (docs/wire.md "Checkout
 * addresses in the account"): last (first when they had none: it becomes the default), not twice, not past the
 * limit. The platform keeps no name on a member's address: a member without a name gets the one typed.
 */
function saveCheckoutAddress(ctx: RequestContext, m: MemberRow, f: z.output<typeof formSchema>): void {
  const list = memberAddresses(ctx.db, m.id);
  const region = f.subdivision.toUpperCase().replace(/^[A-Z]{2}-/, '');
  const address = {
    addressLine: f.addressLine,
    city: f.city,
    postalCode: f.postalCode,
    country: f.country,
    ...(region ? { subdivision: `${f.country}-${region}` } : {}),
  };
  const same = (a: (typeof list)[number]) =>
    (a.addressLine ?? '').toLowerCase() === address.addressLine.toLowerCase() &&
    (a.city ?? '').toLowerCase() === address.city.toLowerCase() &&
    (a.postalCode ?? '').replace(/\s/g, '').toUpperCase() === address.postalCode.replace(/\s/g, '').toUpperCase() &&
    a.country === address.country;
  ctx.db.transaction(() => {
    if (!list.some(same) && list.length < MAX_MEMBER_ADDRESSES)
      replaceMemberContactSets(ctx.db, m.id, { addresses: [...list, address] }, ctx.now());
    if (!m.first_name && !m.last_name)
      updateMemberProfile(ctx.db, m.id, { firstName: f.firstName, lastName: f.lastName }, ctx.now());
  })();
}

/** The cart's options priced, offered where the address is (domain/shipping-options.ts). */
const offeredFor = (ctx: RequestContext, data: CheckoutData, address?: { country: string; subdivision: string }) =>
  priceCart(ctx.db, data.lines, data.couponCode, { ...(address ? { address } : {}), nowMs: ctx.now() }).totals
    .optionPrices;

/** The hosted page's options: every one the cart may be offered, with the places it covers, and those covered now. */
function shippingChoices<T>(
  ctx: RequestContext,
  data: CheckoutData,
  t: ReturnType<typeof priceCart>['totals'],
  out: (o: { code: string; title: string; deliveryTime: string; cents: number; where: string; offered: boolean }) => T,
) {
  const places = shippingPlaces(ctx.db);
  const now = new Set(t.optionPrices.map((o) => o.option.code));
  return {
    options: offeredFor(ctx, data).map((o) =>
      out({
        code: o.option.code,
        title: o.option.title,
        deliveryTime: o.option.deliveryTime,
        cents: o.cents,
        where: places.of(o.option.code),
        offered: now.has(o.option.code),
      }),
    ),
    covered: places.covered,
    ships: now.size > 0,
  };
}

function checkoutPage(
  ctx: RequestContext,
  { s, p, row }: OpenCheckout,
  values: FormValues,
  errors: Record<string, Said>,
  general?: Said | Said[],
  status = 200,
  discountNotice?: Said,
): HandlerResult {
  const data = JSON.parse(row.data) as CheckoutData;
  const country = values.country ?? data.shippingAddress?.country ?? 'US';
  const subdivision = subdivisionOf(country, values.subdivision);
  const tipChoice = formTip(ctx.db, values).choice;
  const priced = priceCart(ctx.db, data.lines, data.couponCode, {
    address: { country, subdivision },
    ...(values.shipping ? { shippingCode: values.shipping } : {}),
    nowMs: ctx.now(),
    tip: { purchaseFlowId: row.cart_id, ...(tipChoice !== undefined ? { choice: tipChoice } : {}) },
  });
  const t = priced.totals;
  // the page's language (the session URL's `lang`): money in its format, the checkout's currency
  const locale = hostedLocale(ctx.query.get('lang'));
  const m = (c: number) => formatMoney(locale, c, CURRENCY);
  const countryNames = new Intl.DisplayNames([locale.lang], { type: 'region' });
  const regions = Object.fromEntries(
    Object.entries(countryRegionsIn(locale.fr)).map(([c, r]) => [
      c,
      // (the test language's field label mirrored as its other words are; place names are data)
      locale.lang === 'ar-XB' ? { ...r, label: pseudo(r.label) } : r,
    ]),
  );
  /** A tax region's name in the page's language when it names a country or a region of the lists, else as it is. */
  const placeName = (c: string, sub: string, name: string) =>
    locale.lang === 'en'
      ? name
      : sub && name === regionName(c, sub)
        ? (regions[c]?.regions.find(([code]) => code === sub)?.[1] ?? name)
        : !sub && name === countryName(c)
          ? (countryNames.of(c) ?? name)
          : name;
  const back = p.callbacks.cartPageUrl ?? p.callbacks.postFlowUrl;
  const tip = tipView(ctx.db, locale, row.cart_id, t.subtotal, values, t.tip?.cents ?? 0, m);
  return hostedCheckoutPage({
    brand: { ...siteBrand(ctx.db), ...checkoutBrandOverride(ctx.db) },
    ...(tip ? { tip } : {}),
    look: checkoutLook(ctx.db, locale, values, ctx.req.method === 'GET'),
    locale,
    currency: CURRENCY,
    session: s.id,
    lines: priced.resolved.map((l) => {
      // product images are the platform's media, on the API's origin (the page's CSP allows it for images)
      const image = wireLine({ ...ctx, baseUrl: ctx.apiUrl }, l).image;
      return {
        ...(image ? { image: image.url } : {}),
        quantity: l.row.quantity,
        name: l.product?.name ?? word(locale, 'Item'),
        options: Object.entries(l.variant?.choices ?? {})
          .map(([k, v]) => `${k}: ${v}`)
          .join(' · '),
        price: m(l.unitCents * l.row.quantity),
      };
    }),
    subtotal: m(t.subtotal),
    discounts: t.discounts.map((d) => ({
      label: d.code ? word(locale, phrase('Coupon {code}', { code: d.code })) : d.name,
      amount: m(d.amount),
    })),
    shipping: t.shipping ? m(t.shipping) : word(locale, 'Free'),
    free: word(locale, 'Free'),
    taxName: placeName(country, priced.region.name === countryName(country) ? '' : subdivision, priced.region.name),
    tax: m(t.tax),
    total: m(t.total),
    taxable: t.taxable,
    taxRegions: taxByRegion(
      ctx.db,
      priced.resolved
        .filter((l) => l.status !== 'NOT_FOUND')
        .map((l) => ({ productId: l.row.product_id, cents: l.unitCents * l.row.quantity })),
      t.taxable,
      t.subtotal,
    ).map(([c, sub, name, tax, included]) => [c, sub, placeName(c, sub, name), tax, included]),
    countries: COUNTRIES.map(([code, name]) => [code, locale.lang === 'en' ? name : (countryNames.of(code) ?? name)]),
    country,
    regions,
    ...(priced.coupon ? { coupon: { code: priced.coupon.code, name: priced.coupon.name } } : {}),
    ...(discountNotice ? { discountNotice } : {}),
    // every option the cart may be offered, those of the address chosen shown (the page's script follows the address)
    ...shippingChoices(ctx, data, t, (o) => ({
      ...o,
      price: o.cents ? m(o.cents) : word(locale, 'Free'),
    })),
    selected: values.shipping ?? t.shippingOption?.code ?? shippingOptions(ctx.db)[0]?.code,
    testCard: TEST_CARDS.ok.replace(/(.{4})/g, '$1 ').trim(),
    captureLaterCard: TEST_CARDS.authorize.replace(/(.{4})/g, '$1 ').trim(),
    values,
    errors,
    ...(general ? { general } : {}),
    ...(back ? { back } : {}),
    ...(checkoutMember(ctx, s)
      ? {
          saveAddress: {
            checked: values.saveAddress === '1',
            hint: memberAddresses(ctx.db, s.memberId!).length
              ? 'Added to the addresses in your account, with your name.'
              : 'It becomes your default address: your next checkout is filled in with it and your name.',
          },
        }
      : {}),
    // a paid form is answered with a redirect to the thank-you page, which form-action must allow too: the callback's,
    // or (a session without one: the recovery link of an abandoned checkout) the post-flow page or the site's own
    formAction: [new URL(thankYouUrl(ctx, p, '')).origin],
    imgSrc: [new URL(ctx.apiUrl).origin],
    status,
  });
}

/** A hosted checkout page's session, its payload and its checkout, read once per request. */
interface OpenCheckout {
  s: StoredRedirectSession;
  p: CheckoutPayload;
  row: CheckoutRow;
}

/**
 * The page's checkout, or the answer instead of it: a paid one redirects to the thank-you page with the same order
 * (a reload, a double submit, back + resubmit: never a second charge); an unknown, expired or used one is expired.
 */
function openCheckout(ctx: RequestContext): OpenCheckout | HandlerResult {
  const s = loadRedirectSession(ctx, ctx.query.get('session') ?? '', 'checkout', true);
  if (!s) return expiredCheckout(ctx);
  const p = s.payload as unknown as CheckoutPayload;
  const row = checkoutById(ctx.db, p.checkoutId);
  if (row?.completed && row.order_id) return toThankYou(ctx, p, row.order_id);
  return row && s.usedAt === null ? { s, p, row } : expiredCheckout(ctx);
}

/**
 * The discount-code field's buttons: apply the code typed (a coupon of the shop that can be used now) or remove the
 * checkout's coupon; the page comes back with everything typed kept and the totals the emulator computes with it.
 */
function discountStep(
  ctx: RequestContext,
  o: OpenCheckout,
  values: FormValues,
  op: 'discount' | 'removeDiscount',
  typed: string,
): HandlerResult {
  const again = (notice?: Said): HandlerResult =>
    checkoutPage(ctx, { ...o, row: checkoutById(ctx.db, o.row.id)! }, values, {}, undefined, 200, notice);
  if (op === 'removeDiscount') {
    const was = (JSON.parse(o.row.data) as CheckoutData).couponCode;
    setCheckoutCoupon(ctx.db, o.row.id, null, ctx.now());
    return again(was ? phrase('The code {code} was removed.', { code: was }) : undefined);
  }
  const code = typed.trim();
  const withCode = { ...values, discountCode: typed };
  const refuse = (message: string) => checkoutPage(ctx, o, withCode, { discountCode: message }, undefined, 400);
  if (!code) return refuse('Enter a discount code');
  if (code.length > 50 || !/^[\p{L}\p{N}_-]+$/u.test(code)) return refuse('This code is not valid');
  const coupon = findCoupon(ctx.db, code) ?? findCoupon(ctx.db, code.toUpperCase());
  if (!coupon) return refuse('This code is not valid');
  const problem = couponProblem(coupon, ctx.now());
  if (problem === 'COUPON_IS_EXPIRED') return refuse('This code has expired');
  if (problem) return refuse('This code is not active yet');
  setCheckoutCoupon(ctx.db, o.row.id, coupon.code, ctx.now());
  return again(phrase('Code {code} applied.', { code: coupon.code }));
}

/**
 * The lines that can no longer be bought as they are (the platform's refusal names them in English, joined): each in
 * the page's words, with the item's name.
 */
function unavailableLines(ctx: RequestContext, o: OpenCheckout): Said[] {
  const data = JSON.parse(o.row.data) as CheckoutData;
  return priceCart(ctx.db, data.lines, data.couponCode, { nowMs: ctx.now() })
    .resolved.filter((l) => l.status !== 'AVAILABLE')
    .map((l) =>
      l.status === 'NOT_FOUND'
        ? 'This item is no longer sold.'
        : l.status === 'PARTIALLY_AVAILABLE'
          ? phrase('Only {left} of {name} left.', { left: l.quantityAvailable ?? 0, name: l.product?.name ?? '' })
          : phrase('{name} is out of stock.', { name: l.product?.name ?? '' }),
    );
}

const toThankYou = (ctx: RequestContext, p: CheckoutPayload, orderId: string): HandlerResult => ({
  status: 302,
  body: '',
  headers: { Location: thankYouUrl(ctx, p, orderId) },
});

function thankYouUrl(ctx: RequestContext, p: CheckoutPayload, orderId: string): string {
  const u = new URL(p.callbacks.thankYouPageUrl ?? p.callbacks.postFlowUrl ?? siteUrl(ctx.db));
  u.searchParams.set('orderId', orderId);
  return u.href;
}

export const checkoutRoutes: RouteModule = (router, app) => {
  registerRedirectIntent(app, 'ecomCheckout', ecomCheckoutIntent);

  router.get('/ecom/v1/checkouts/:id', (ctx) => {
    const caller = ctx.caller();
    const row = checkoutById(ctx.db, ctx.params.id!);
    if (!row || !canSee(caller, row.owner)) throw notFound('Checkout not found', 'CHECKOUT_NOT_FOUND');
    return { json: { checkout: wireCheckout(ctx, row) } };
  });

  router.operation(adminOps.getOrder, (ctx) => {
    // eCommerce Orders calls are admin-only on the platform (docs/spec/wire-protocol.md §11.5): the site's backend with
    // a client_credentials token or its API key reads any order; visitor and member tokens are refused (403)
    ctx.requireAdmin();
    const o = orderById(ctx.db, ctx.params.id!);
    if (!o) throw notFound('Order not found', 'ORDER_NOT_FOUND');
    return { json: { order: o.order } };
  });

  router.get(
    '/_hosted/checkout',
    (ctx) => {
      const o = openCheckout(ctx);
      if (!('row' in o)) return o;
      const data = JSON.parse(o.row.data) as CheckoutData;
      // a member's checkout: their name (the platform keeps none on an address), their default address when
      // create-checkout was given none; a member without a saved address finds the box to save this one ticked
      const m = checkoutMember(ctx, o.s);
      const book = m ? memberAddresses(ctx.db, m.id) : [];
      const d = book[0];
      // what create-checkout was given (email, shipping address, shipping option) fills the form
      const a =
        data.shippingAddress ??
        (d && {
          ...d,
          addressLine1: d.addressLine ?? [d.streetAddress?.number, d.streetAddress?.name].filter(Boolean).join(' '),
        });
      const saved: FormValues = {
        email: data.email,
        firstName: m?.first_name ?? undefined,
        lastName: m?.last_name ?? undefined,
        saveAddress: m && !book.length ? '1' : undefined,
        addressLine: a?.addressLine1 ?? a?.addressLine,
        city: a?.city,
        postalCode: a?.postalCode,
        country: a?.country?.toUpperCase(),
        subdivision: a?.subdivision?.replace(/^[A-Z]{2}-/i, ''),
        shipping: data.shippingCode,
      };
      return checkoutPage(ctx, o, Object.fromEntries(Object.entries(saved).filter(([, v]) => v)) as FormValues, {});
    },
    { hosted: true },
  );

  router.post(
    '/_hosted/checkout',
    (ctx) => {
      const refused = refuseCrossSitePost(ctx); // a card form another site could submit for the shopper
      if (refused) return refused;
      const o = openCheckout(ctx);
      if (!('row' in o)) return o;
      const { s, p } = o;
      const raw = (ctx.body && typeof ctx.body === 'object' ? ctx.body : {}) as Record<string, unknown>;
      const values: FormValues = Object.fromEntries(
        Object.entries(raw)
          .filter(([k, v]) => typeof v === 'string' && k in formSchema.shape)
          .map(([k, v]) => [k, (v as string).slice(0, 300)]),
      );
      if (raw['op'] === 'discount' || raw['op'] === 'removeDiscount') {
        const code = typeof raw['discountCode'] === 'string' ? raw['discountCode'].slice(0, 300) : '';
        return discountStep(ctx, o, values, raw['op'], code);
      }
      // a field not sent at all is an empty one: its own message (in the page's language), never zod's type error
      const empty = Object.fromEntries(
        Object.keys(formSchema.shape)
          .filter((k) => !OPTIONAL_FIELDS.has(k))
          .map((k) => [k, '']),
      );
      const parsed = formSchema.safeParse({ ...empty, ...values });
      const region = regionProblem(values.country, values.subdivision);
      const tipped = formTip(ctx.db, values);
      const consent = consentError(ctx.db, values);
      if (!parsed.success || region || tipped.error || consent) {
        const errors: Record<string, Said> = {};
        for (const issue of parsed.success ? [] : parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
        if (region) errors['subdivision'] ??= region;
        for (const [field, message] of [tipped.error, consent].filter((e) => e !== undefined))
          errors[field] ??= message;
        return checkoutPage(ctx, o, values, errors, undefined, 400);
      }
      const f = parsed.data;
      if (
        !offeredFor(ctx, JSON.parse(o.row.data) as CheckoutData, {
          country: f.country,
          subdivision: subdivisionOf(f.country, f.subdivision),
        }).some((x) => x.option.code === f.shipping)
      )
        return checkoutPage(ctx, o, values, { shipping: 'Choose a shipping option' }, undefined, 400);
      const [mm, yy] = f.cardExpiry.split('/').map((x) => Number(x.trim()));
      const now = new Date(ctx.now());
      if (2000 + yy! < now.getUTCFullYear() || (2000 + yy! === now.getUTCFullYear() && mm! < now.getUTCMonth() + 1)) {
        return checkoutPage(ctx, o, values, { cardExpiry: 'This card has expired' }, undefined, 400);
      }
      if (f.cardNumber === TEST_CARDS.declined)
        return checkoutPage(ctx, o, values, {}, 'Your card was declined. Try another card.', 402);
      const payment = Object.hasOwn(CARD_PAYMENT, f.cardNumber) ? CARD_PAYMENT[f.cardNumber] : undefined;
      if (!payment)
        return checkoutPage(
          ctx,
          o,
          values,
          { cardNumber: phrase('Use the test card {card}', { card: TEST_CARDS.ok }) },
          undefined,
          400,
        );
      const input: PlaceOrderInput = {
        email: f.email,
        firstName: f.firstName,
        lastName: f.lastName,
        address: {
          addressLine: f.addressLine,
          city: f.city,
          postalCode: f.postalCode,
          country: f.country,
          subdivision: subdivisionOf(f.country, f.subdivision),
        },
        shippingCode: f.shipping,
        payment,
        cardLast4: f.cardNumber.slice(-4),
        ...(tipped.choice !== undefined ? { tip: tipped.choice } : {}),
      };
      let orderId: string;
      try {
        orderId = placeOrder(ctx, p.checkoutId, input);
      } catch (e) {
        if (e instanceof PlatformError && e.status < 500)
          return checkoutPage(
            ctx,
            o,
            values,
            {},
            e.applicationError?.code === 'ITEMS_NOT_AVAILABLE' ? unavailableLines(ctx, o) : e.message,
            409,
          );
        throw e;
      }
      markRedirectSessionUsed(ctx, s.id);
      // the tip chosen stays the purchase flow's choice (the tips service's getTipChoice reads it)
      if (tipped.choice !== undefined)
        saveTipChoice(ctx.db, o.row.cart_id, tipped.choice ?? { tipType: 'AMOUNT', hundredths: 0 }, ctx.now());
      const m = checkoutMember(ctx, s);
      if (m && f.saveAddress) saveCheckoutAddress(ctx, m, f);
      return toThankYou(ctx, p, orderId);
    },
    { form: true, hosted: true },
  );
};
