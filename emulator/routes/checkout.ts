/**
 * Checkouts and orders: `GET /ecom/v1/checkouts/{id}`, `GET /ecom/v1/orders/{id}`, the `ecomCheckout`
 * redirect-session intent and the hosted checkout page (email, address, shipping, test card) that places the
 * order and returns to the site's thank-you URL with `?orderId=…`.
 */
import { z } from 'zod';
import type { Identity } from '../domain/auth.ts';
import { siteUrl } from '../domain/catalog.ts';
import { checkoutById, money, orderById, ownerKey, placeOrder, priceCart, shippingOptions, taxRegions, wireCheckout, wireLine, type CheckoutData, type CheckoutRow, type PlaceOrderInput } from '../domain/commerce.ts';
import { badRequest, notFound, PlatformError } from '../errors.ts';
import type { HandlerResult, RedirectIntentHandler, RequestContext, RouteModule } from '../router.ts';
import { httpUrl, validate } from '../validate.ts';
import { createRedirectSession, loadRedirectSession, markRedirectSessionUsed, type StoredRedirectSession } from '../domain/redirect-sessions.ts';
import { allowedForClient, refuseCrossSitePost, esc, hostedPage, registerRedirectIntent } from './redirects.ts';

/** Test cards of the hosted checkout. */
export const TEST_CARDS = { ok: '4242424242424242', declined: '4000000000000002' };

const COUNTRIES: [string, string][] = [
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['GB', 'United Kingdom'],
  ['FR', 'France'],
  ['DE', 'Germany'],
  ['AU', 'Australia'],
];

const canSee = (identity: Identity, owner: string) => ownerKey(identity) === owner || (identity.kind === 'member' && identity.role !== 'MEMBER');

const intentSchema = z.object({ checkoutId: z.string().min(1).max(100) });
const callbacksSchema = z
  .object({ postFlowUrl: httpUrl.optional(), thankYouPageUrl: httpUrl.optional(), cartPageUrl: httpUrl.optional(), loginUrl: httpUrl.optional() })
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
      throw badRequest([{ field: `callbacks.${k}`, description: "must be on one of the client's allowed origins", violatedRule: 'VALIDATION' }]);
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
  return { id, fullUrl: `${ctx.baseUrl}/_hosted/checkout?session=${id}` };
};

// ------------------------------------------------------------------------------------------ hosted page

const CHECKOUT_JS = `(function(){var f=document.getElementById('checkout');if(!f)return;
var fmt=function(c){return new Intl.NumberFormat('en-US',{style:'currency',currency:f.dataset.currency||'USD'}).format(c/100)};
var regions=JSON.parse(f.dataset.tax||'[]'),taxable=+f.dataset.taxable;
function region(){var c=(f.elements.country.value||'').toUpperCase(),s=(f.elements.subdivision.value||'').trim().toUpperCase().replace(/^[A-Z]{2}-/,'');
var find=function(cc,ss){for(var i=0;i<regions.length;i++)if(regions[i][0]===cc&&regions[i][1]===ss)return regions[i]};
return (s&&find(c,s))||find(c,'')||find('*','')||['*','','',0]}
function text(id,v){var e=document.getElementById(id);if(e)e.textContent=v}
function update(){var r=f.querySelector('input[name=shipping]:checked'),ship=r?+r.dataset.cents:0,g=region(),tax=Math.round(taxable*g[3]/10000);
text('sum-shipping',ship?fmt(ship):'Free');text('sum-tax-name','Tax ('+g[2]+')');text('sum-tax',fmt(tax));text('sum-total',fmt(taxable+ship+tax));text('sum-total-top',fmt(taxable+ship+tax));
var b=f.querySelector('button[type=submit]');if(b&&!b.disabled)b.textContent='Pay '+fmt(taxable+ship+tax)}
f.addEventListener('change',update);f.addEventListener('input',function(e){if(e.target&&e.target.name==='subdivision')update()});
var card=document.getElementById('cardNumber');if(card)card.addEventListener('input',function(){var d=card.value.replace(/\\D/g,'').slice(0,19);
var g=d.replace(/(.{4})/g,'$1 ').trim();if(g!==card.value)card.value=g});
f.addEventListener('submit',function(){var b=f.querySelector('button[type=submit]');if(b){b.disabled=true;b.textContent='Paying…'}});
update();
var d=document.getElementById('summary');if(d&&window.matchMedia){var wide=matchMedia('(min-width:900px)'),fit=function(){d.open=wide.matches};fit();wide.addEventListener('change',fit)}})();`;

const formSchema = z.object({
  email: z.string().trim().email('Enter a valid email address').max(254),
  firstName: z.string().trim().min(1, 'Enter your first name').max(100),
  lastName: z.string().trim().min(1, 'Enter your last name').max(100),
  addressLine: z.string().trim().min(3, 'Enter your street address').max(200),
  city: z.string().trim().min(1, 'Enter your city').max(100),
  postalCode: z.string().trim().regex(/^[A-Za-z0-9 -]{3,10}$/, 'Enter a valid postal code'),
  country: z.enum(COUNTRIES.map(([c]) => c) as [string, ...string[]], { message: 'Choose a country' }),
  subdivision: z.string().trim().max(10).regex(/^[A-Za-z0-9-]*$/, 'Enter a state or region code, e.g. CA').default(''),
  shipping: z.string().min(1, 'Choose a shipping option'),
  cardNumber: z.string().transform((s) => s.replace(/[\s-]/g, '')).pipe(z.string().regex(/^\d{13,19}$/, 'Enter a card number')),
  cardExpiry: z.string().trim().regex(/^(0[1-9]|1[0-2]) ?\/ ?\d{2}$/, 'Enter the expiry date as MM/YY'),
  cardCvc: z.string().trim().regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code'),
});
type FormValues = Partial<Record<keyof z.input<typeof formSchema>, string>>;

function expiredCheckout(): HandlerResult {
  return hostedPage('Checkout expired', '<main><h1>This checkout link has expired</h1><p>Go back to the shop and check out again.</p></main>', { status: 404 });
}

function checkoutPage(ctx: RequestContext, { s, p, row }: OpenCheckout, values: FormValues, errors: Record<string, string>, general?: string, status = 200): HandlerResult {
  const data = JSON.parse(row.data) as CheckoutData;
  const country = values.country ?? data.shippingAddress?.country ?? 'US';
  const priced = priceCart(ctx.db, data.lines, data.couponCode, { address: { country, subdivision: values.subdivision ?? '' }, ...(values.shipping ? { shippingCode: values.shipping } : {}), nowMs: ctx.now() });
  const t = priced.totals;
  const selected = values.shipping ?? t.shippingOption?.code ?? shippingOptions(ctx.db)[0]?.code;
  const m = (c: number) => esc(money(c).formattedAmount);
  /** `aria-invalid` and the error's id on a control with an error. */
  const invalid = (name: string) => (errors[name] ? ` aria-invalid="true" aria-describedby="${name}-err"` : '');
  const errorOf = (name: string) => (errors[name] ? `<p class="err" id="${name}-err">${esc(errors[name])}</p>` : '');
  const field = (name: keyof FormValues, label: string, attrs: string) =>
    `<div class="f"><label for="${name}">${esc(label)}</label>
<input id="${name}" name="${name}" ${attrs} value="${esc(values[name] ?? '')}"${invalid(name)}>${errorOf(name)}</div>`;
  const back = p.callbacks.cartPageUrl ?? p.callbacks.postFlowUrl;
  const lines = priced.resolved
    .map((l) => {
      const image = wireLine(ctx, l).image;
      const opts = Object.entries(l.variant?.choices ?? {}).map(([k, v]) => `${k}: ${v}`).join(' · ');
      return `<li><span class="thumb">${image ? `<img src="${esc(image.url)}" alt="" width="64" height="64">` : ''}<span class="qty" aria-hidden="true">${l.row.quantity}</span></span>
<span><span class="nm">${esc(l.product?.name ?? 'Item')}</span>${opts ? `<span class="var">${esc(opts)}</span>` : ''}<span class="vh">Quantity: ${l.row.quantity}</span></span>
<span class="lp">${m(l.unitCents * l.row.quantity)}</span></li>`;
    })
    .join('\n');
  const discounts = t.discounts.map((d) => `<tr><th scope="row">${esc(d.code ? `Coupon ${d.code}` : d.name)}</th><td>−${m(d.amount)}</td></tr>`).join('');
  const shipping = t.optionPrices
    .map(
      (o) =>
        `<label class="opt"><input type="radio" name="shipping" value="${esc(o.option.code)}" data-cents="${o.cents}"${o.option.code === selected ? ' checked' : ''}>
<span class="opt-t"><b>${esc(o.option.title)}</b><span class="muted">${esc(o.option.deliveryTime)}</span></span><span class="opt-p">${o.cents ? m(o.cents) : 'Free'}</span></label>`,
    )
    .join('\n');
  const formAction = p.callbacks.thankYouPageUrl ? [new URL(p.callbacks.thankYouPageUrl).origin] : [];
  const alert = general ? `<p class="err" role="alert">${esc(general)}</p>` : Object.keys(errors).length ? '<p class="err" role="alert">Please correct the fields marked below.</p>' : '';
  return hostedPage(
    'Checkout',
    `<div class="co">
<header class="co-head"><div class="in"><h1>Checkout</h1></div></header>
<aside class="co-sum" aria-label="Order summary">
<details id="summary" open>
<summary><span>Order summary</span><strong id="sum-total-top">${m(t.total)}</strong></summary>
<div class="sum-in">
<h2 class="sum-title">Order summary</h2>
<ul class="lines">
${lines}
</ul>
<table class="totals">
<caption class="vh">Order totals</caption>
<tbody>
<tr><th scope="row">Subtotal</th><td>${m(t.subtotal)}</td></tr>${discounts}
<tr><th scope="row">Shipping</th><td id="sum-shipping">${t.shipping ? m(t.shipping) : 'Free'}</td></tr>
<tr><th scope="row" id="sum-tax-name">Tax (${esc(priced.region.name)})</th><td id="sum-tax">${m(t.tax)}</td></tr>
</tbody>
<tfoot><tr><th scope="row">Total</th><td><span class="cur">USD</span><span id="sum-total">${m(t.total)}</span></td></tr></tfoot>
</table>
</div>
</details>
</aside>
<main class="co-main"><div class="in">
${alert}
<form id="checkout" method="post" action="/_hosted/checkout?session=${esc(s.id)}" data-taxable="${t.taxable}" data-tax="${esc(JSON.stringify(taxRegions(ctx.db).map((r) => [r.country, r.subdivision, r.name, r.rateBp])))}" data-currency="USD" novalidate>
<section aria-labelledby="contact-h"><h2 id="contact-h">Contact</h2>
${field('email', 'Email', 'type="email" autocomplete="email" required')}
</section>
<section aria-labelledby="address-h"><h2 id="address-h">Shipping address</h2>
<div class="stack">
<div class="f"><label for="country">Country</label>
<select id="country" name="country" autocomplete="country"${invalid('country')}>${COUNTRIES.map(([c, n]) => `<option value="${c}"${c === country ? ' selected' : ''}>${esc(n)}</option>`).join('')}</select>${errorOf('country')}</div>
<div class="g2">
${field('firstName', 'First name', 'autocomplete="given-name" required')}
${field('lastName', 'Last name', 'autocomplete="family-name" required')}
</div>
${field('addressLine', 'Street address', 'autocomplete="address-line1" required')}
<div class="g3">
${field('city', 'City', 'autocomplete="address-level2" required')}
${field('subdivision', 'State / region (code)', 'autocomplete="address-level1"')}
${field('postalCode', 'Postal code', 'autocomplete="postal-code" required')}
</div>
</div>
</section>
<fieldset${errors.shipping ? ' aria-describedby="shipping-err"' : ''}><legend class="h2">Shipping method</legend>
<div class="opts">
${shipping}
</div>${errorOf('shipping')}
</fieldset>
<section aria-labelledby="payment-h"><h2 id="payment-h">Payment</h2>
<div class="stack">
<p class="note">Test payment: card ${esc(TEST_CARDS.ok.replace(/(.{4})/g, '$1 ').trim())}, any future date, any CVC.</p>
${field('cardNumber', 'Card number', 'inputmode="numeric" autocomplete="cc-number" required')}
<div class="g2">
${field('cardExpiry', 'Expiry (MM/YY)', 'autocomplete="cc-exp" placeholder="MM/YY" required')}
${field('cardCvc', 'Security code', 'inputmode="numeric" autocomplete="cc-csc" required')}
</div>
</div>
</section>
<button class="pay" type="submit">Pay ${m(t.total)}</button>
</form>
${back ? `<p class="back"><a class="link" href="${esc(back)}"><span aria-hidden="true">← </span>Back to the shop</a></p>` : ''}
</div></main>
</div>`,
    { script: '/_hosted/checkout.js', formAction, status },
  );
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
  if (!s) return expiredCheckout();
  const p = s.payload as unknown as CheckoutPayload;
  const row = checkoutById(ctx.db, p.checkoutId);
  if (row?.completed && row.order_id) return toThankYou(ctx, p, row.order_id);
  return row && s.usedAt === null ? { s, p, row } : expiredCheckout();
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
    const identity = ctx.auth();
    const row = checkoutById(ctx.db, ctx.params.id!);
    if (!row || !canSee(identity, row.owner)) throw notFound('Checkout not found', 'CHECKOUT_NOT_FOUND');
    return { json: { checkout: wireCheckout(ctx, row) } };
  });

  router.get('/ecom/v1/orders/:id', (ctx) => {
    // eCommerce Orders calls are admin-only on the platform (wire-protocol §11.5): the site's backend with a
    // client_credentials token or its API key reads any order; visitor and member tokens are refused (403)
    ctx.requireAdmin();
    const o = orderById(ctx.db, ctx.params.id!);
    if (!o) throw notFound('Order not found', 'ORDER_NOT_FOUND');
    return { json: { order: o.order } };
  });

  router.get('/_hosted/checkout.js', () => ({ body: CHECKOUT_JS, contentType: 'text/javascript; charset=utf-8', headers: { 'Cache-Control': 'public, max-age=300' } }), { cors: 'public' });

  router.get('/_hosted/checkout', (ctx) => {
    const o = openCheckout(ctx);
    if (!('row' in o)) return o;
    const data = JSON.parse(o.row.data) as CheckoutData;
    // what create-checkout was given (email, shipping address, shipping option) fills the form
    const a = data.shippingAddress;
    const saved: FormValues = {
      email: data.email,
      addressLine: a?.addressLine1 ?? a?.addressLine,
      city: a?.city,
      postalCode: a?.postalCode,
      country: a?.country?.toUpperCase(),
      subdivision: a?.subdivision?.replace(/^[A-Z]{2}-/i, ''),
      shipping: data.shippingCode,
    };
    return checkoutPage(ctx, o, Object.fromEntries(Object.entries(saved).filter(([, v]) => v)) as FormValues, {});
  });

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
        Object.entries(raw).filter(([k, v]) => typeof v === 'string' && k in formSchema.shape).map(([k, v]) => [k, (v as string).slice(0, 300)]),
      );
      const parsed = formSchema.safeParse(values);
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
        return checkoutPage(ctx, o, values, errors, undefined, 400);
      }
      const f = parsed.data;
      if (!shippingOptions(ctx.db).some((o) => o.code === f.shipping)) return checkoutPage(ctx, o, values, { shipping: 'Choose a shipping option' }, undefined, 400);
      const [mm, yy] = f.cardExpiry.split('/').map((x) => Number(x.trim()));
      const now = new Date(ctx.now());
      if (2000 + yy! < now.getUTCFullYear() || (2000 + yy! === now.getUTCFullYear() && mm! < now.getUTCMonth() + 1)) {
        return checkoutPage(ctx, o, values, { cardExpiry: 'This card has expired' }, undefined, 400);
      }
      if (f.cardNumber === TEST_CARDS.declined) return checkoutPage(ctx, o, values, {}, 'Your card was declined. Try another card.', 402);
      if (f.cardNumber !== TEST_CARDS.ok) return checkoutPage(ctx, o, values, { cardNumber: `Use the test card ${TEST_CARDS.ok}` }, undefined, 400);
      const input: PlaceOrderInput = {
        email: f.email,
        firstName: f.firstName,
        lastName: f.lastName,
        address: { addressLine: f.addressLine, city: f.city, postalCode: f.postalCode, country: f.country, subdivision: f.subdivision.toUpperCase() },
        shippingCode: f.shipping,
      };
      let orderId: string;
      try {
        orderId = placeOrder(ctx, p.checkoutId, input);
      } catch (e) {
        if (e instanceof PlatformError && e.status < 500) return checkoutPage(ctx, o, values, {}, e.message, 409);
        throw e;
      }
      markRedirectSessionUsed(ctx, s.id);
      return toThankYou(ctx, p, orderId);
    },
    { form: true, cors: 'public' },
  );
};

