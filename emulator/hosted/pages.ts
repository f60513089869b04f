/**
 * The hosted pages, from the templates of this folder: each function takes what the page shows (plain data, already
 * read by the route) and returns the answer with its headers. No inline script or style anywhere: every page is
 * served under a strict Content-Security-Policy, its stylesheet and script from `/_hosted/` (`'self'`).
 */
import type { HandlerResult } from '../router.ts';
import type { SiteBrand } from '../domain/settings.ts';
import type { CountryRegions } from '../domain/regions.ts';
import { attrs, EMPTY, esc, flag, jsonData, render, type Html } from './render.ts';
import { ENGLISH, langParam, type HostedLocale } from './locale.ts';
import { phrase, translateMarkers, word, type Said } from './words.ts';

export interface PageOptions {
  /** The page's script, a `/_hosted/*.js` URL; none: `script-src 'none'`. */
  script?: string;
  /** Origins a form of the page may post to, besides its own. */
  formAction?: string[];
  /** Origins that may frame the page; none: `frame-ancestors 'none'`. */
  frameAncestors?: string[];
  /** Origins images may come from, besides its own and `data:` (the platform's media on the API's origin). */
  imgSrc?: string[];
  status?: number;
  /** The page's language and direction (`lang`, `dir` on `<html>`); English by default. */
  locale?: HostedLocale;
}

/**
 * A hosted page: the shared layout and stylesheet, `body` in it, an optional external script; its `{{@word}}` markers
 * written in the page's language.
 */
export function hostedPage(title: string, body: Html, opts: PageOptions = {}): HandlerResult {
  const locale = opts.locale ?? ENGLISH;
  const csp = [
    "default-src 'none'",
    "style-src 'self'",
    `img-src 'self' data:${(opts.imgSrc ?? []).map((o) => ` ${o}`).join('')}`,
    `script-src ${opts.script ? "'self'" : "'none'"}`,
    `form-action 'self'${(opts.formAction ?? []).map((o) => ` ${o}`).join('')}`,
    `frame-ancestors ${opts.frameAncestors?.length ? opts.frameAncestors.join(' ') : "'none'"}`,
    "base-uri 'none'",
  ].join('; ');
  return {
    status: opts.status ?? 200,
    body: translateMarkers(
      locale,
      render('layout', {
        lang: locale.lang,
        dir: locale.dir,
        title,
        script: opts.script ? render('script', { src: opts.script }) : EMPTY,
        body,
      }).toString(),
      esc,
    ),
    contentType: 'text/html; charset=utf-8',
    // `same-origin`, not `no-referrer`: the session id in our URLs still never reaches another origin, and the
    // pages' own form posts keep a real `Origin` (under `no-referrer` a browser sends `Origin: null`).
    headers: {
      'Content-Security-Policy': csp,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'same-origin',
      'X-Content-Type-Options': 'nosniff',
    },
  };
}

/** A one-message page (an expired link, a refused post). */
export const messagePage = (
  title: string,
  heading: string,
  text: string,
  status: number,
  locale: HostedLocale = ENGLISH,
): HandlerResult =>
  hostedPage(word(locale, title), render('message', { heading: word(locale, heading), text: word(locale, text) }), {
    status,
    locale,
  });

/** The shop's logo and name, at the top of a page the shopper reaches from the shop. */
const brandHtml = (b: SiteBrand): Html =>
  render('brand', { logo: b.logo ? render('brand.logo', { src: b.logo }) : EMPTY, name: b.name });
/** The origin a logo on the web comes from (the page's `img-src` allows it); a data: logo needs none. */
const logoOrigins = (b: SiteBrand): string[] => (b.logo && /^https?:/.test(b.logo) ? [new URL(b.logo).origin] : []);

/** A refusal (`role="alert"`) and a notice (`role="status"`) in the page's language, or nothing. */
const alert = (l: HostedLocale, message: Said | readonly Said[] | undefined) =>
  message && (!Array.isArray(message) || message.length)
    ? render('alert', {
        message: Array.isArray(message) ? message.map((m: Said) => word(l, m)).join(' ') : word(l, message as Said),
      })
    : EMPTY;
const status = (l: HostedLocale, message: Said | undefined) =>
  message ? render('status', { message: word(l, message) }) : EMPTY;

/** The hosted sign-in form (prompt `login`). */
export function loginPage(v: {
  /** The site the member signs in to: named, never its host and port. */
  brand: SiteBrand;
  locale: HostedLocale;
  session: string;
  cancel: string;
  email: string;
  error?: Said;
  formAction: string[];
}): HandlerResult {
  const body = render('login', {
    brand: brandHtml(v.brand),
    site: v.brand.name,
    alert: alert(v.locale, v.error),
    query: `redirectSession=${v.session}${langParam(v.locale)}`,
    email: v.email,
    // the first field to fill has the focus: the password after a refusal
    emailFocus: flag('autofocus', !v.error),
    passwordFocus: flag('autofocus', !!v.error),
    cancel: v.cancel,
  });
  return hostedPage(`${word(v.locale, 'Sign in')} · ${v.brand.name}`, body, {
    locale: v.locale,
    formAction: v.formAction,
    imgSrc: logoOrigins(v.brand),
    status: v.error ? 400 : 200,
  });
}

/** The factors the hosted sign-in page asks for (a passkey needs the site's sign-in: the page runs no script). */
export type HostedFactor = 'TOTP' | 'EMAIL' | 'SMS';
const FACTOR_STEP: Record<HostedFactor, { heading: string; label: string; switchTo: string }> = {
  TOTP: {
    heading: 'Enter the code from your authenticator app',
    label: 'Code from your authenticator app',
    switchTo: 'Use your authenticator app instead',
  },
  EMAIL: { heading: 'Enter the code we emailed you', label: 'Code from the email', switchTo: 'Get a code by email' },
  SMS: {
    heading: 'Enter the code we texted you',
    label: 'Code from the text message',
    switchTo: 'Get a code by text message',
  },
};

/**
 * The hosted sign-in's second step (issue 42): a code for `factorType` (TOTP, EMAIL, SMS), "send again" for a code
 * that was sent, the member's other factors to switch to, "Remember this device". The state token travels in hidden
 * fields; no script (a passkey is left to the site's sign-in).
 */
export function loginFactorPage(v: {
  brand: SiteBrand;
  locale: HostedLocale;
  session: string;
  cancel: string;
  /** The sign-in form again (the same redirect session). */
  restart: string;
  stateToken: string;
  factorType: HostedFactor;
  /** Where a code was sent (masked), for EMAIL and SMS. */
  hint?: string;
  /** The member's other factors this page can ask for. */
  others: HostedFactor[];
  /** The member also has a passkey. */
  passkey: boolean;
  remember: boolean;
  notice?: Said;
  error?: Said;
  formAction: string[];
}): HandlerResult {
  const step = FACTOR_STEP[v.factorType];
  const body = render('login.mfa', {
    brand: brandHtml(v.brand),
    heading: word(v.locale, step.heading),
    site: v.brand.name,
    alert: alert(v.locale, v.error),
    notice: status(v.locale, v.notice),
    query: `redirectSession=${v.session}${langParam(v.locale)}`,
    stateToken: v.stateToken,
    factorType: v.factorType,
    instructions: word(
      v.locale,
      v.factorType === 'TOTP'
        ? 'Open your authenticator app and enter the 6-digit code it shows for this site.'
        : v.hint
          ? phrase('We sent a 6-digit code to {to}. It works for 10 minutes.', { to: v.hint })
          : `We sent a 6-digit code to ${v.factorType === 'EMAIL' ? 'your email' : 'your phone'}. It works for 10 minutes.`,
    ),
    codeLabel: word(v.locale, step.label),
    remember: flag('checked', v.remember),
    resend: v.factorType === 'TOTP' ? EMPTY : render('login.resend', {}),
    others: v.others.map((t) =>
      render('login.switch', {
        query: `redirectSession=${v.session}${langParam(v.locale)}`,
        stateToken: v.stateToken,
        factorType: t,
        label: word(v.locale, FACTOR_STEP[t].switchTo),
      }),
    ),
    passkey: v.passkey ? render('login.passkey', {}) : EMPTY,
    restart: v.restart,
    cancel: v.cancel,
  });
  return hostedPage(`${word(v.locale, 'Sign in')} · ${v.brand.name}`, body, {
    locale: v.locale,
    formAction: v.formAction,
    imgSrc: logoOrigins(v.brand),
    status: v.error ? 400 : 200,
  });
}

/** The silent sign-in page: `data` for authorize.js, which posts its message to the embedding page. */
export const authorizePage = (data: unknown, frameAncestors: string[], locale: HostedLocale = ENGLISH): HandlerResult =>
  hostedPage(word(locale, 'Signing in…'), render('authorize', { data: jsonData(data) }), {
    script: '/_hosted/authorize.js',
    frameAncestors,
    locale,
  });

/** The member's account page. */
export function accountPage(v: {
  locale: HostedLocale;
  session: string;
  email: string;
  emailVerified: boolean;
  since: string;
  nickname: string;
  isPublic: boolean;
  back: string;
  /** How many second factors are on (the security page's summary). */
  factorsOn: number;
  notice?: Said;
  error?: Said;
}): HandlerResult {
  const body = render('account', {
    notice: status(v.locale, v.notice),
    alert: alert(v.locale, v.error),
    email: v.email,
    unconfirmed: v.emailVerified ? '' : word(v.locale, ' (not confirmed)'),
    since: v.since,
    action: `/_hosted/account?session=${v.session}${langParam(v.locale)}`,
    nickname: v.nickname,
    community: word(
      v.locale,
      v.isPublic
        ? 'You are a member of the community: your profile is public.'
        : 'You are not in the community: your profile is private.',
    ),
    op: v.isPublic ? 'leave' : 'join',
    opLabel: word(v.locale, v.isPublic ? 'Leave the community' : 'Join the community'),
    security: render('account.security', {
      summary: word(
        v.locale,
        v.factorsOn === 0
          ? 'No second factor is on: you sign in with your password only.'
          : v.factorsOn === 1
            ? 'One second factor is on.'
            : phrase('{n} second factors are on.', { n: v.factorsOn }),
      ),
      href: `/_hosted/security?session=${v.session}${langParam(v.locale)}`,
    }),
    back: v.back,
  });
  return hostedPage(word(v.locale, 'My account'), body, { locale: v.locale, status: v.error ? 400 : 200 });
}

/** A second factor's type in words (the spec's factor types). */
export const FACTOR_NAMES: Record<string, string> = {
  PASSWORD: 'Password',
  SMS: 'Code by SMS',
  CALL: 'Code by phone call',
  EMAIL: 'Code by email',
  TOTP: 'Authenticator app',
  PUSH: 'Push notification',
  WEBAUTHN: 'Passkey',
};
/** A factor's status in words (the spec's factor statuses). */
export const FACTOR_STATUS: Record<string, string> = {
  ENABLED: 'On',
  REQUIRE_ACTIVATION: 'Waiting to be confirmed',
  REQUIRE_REENROLL: 'Needs to be set up again',
  ENABLED_BY_RULE: 'On (the site requires it)',
  DISABLED_BY_RULE: 'Off (the site turned it off)',
};

/** The member's sign-in security page: their second factors, removing one, adding an authenticator app. */
export function securityPage(v: {
  locale: HostedLocale;
  session: string;
  factors: { id: string; type: string; status: string; detail?: string }[];
  /** An authenticator app being added: its factor, secret and `otpauth://` URI. */
  pending?: { id: string; secret: string; uri: string };
  notice?: Said;
  error?: Said;
}): HandlerResult {
  const action = `/_hosted/security?session=${v.session}${langParam(v.locale)}`;
  const seen = new Map<string, number>();
  const items = v.factors.map((f) => {
    const base =
      (Object.hasOwn(FACTOR_NAMES, f.type) ? word(v.locale, FACTOR_NAMES[f.type]!) : f.type) +
      (f.detail ? ` (${f.detail})` : '');
    // two of a kind are numbered, so each remove button names its own
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const name = n > 1 ? `${base} ${n}` : base;
    return render('security.factor', {
      name,
      status: Object.hasOwn(FACTOR_STATUS, f.status) ? word(v.locale, FACTOR_STATUS[f.status]!) : f.status,
      // a factor the site's rule turned on is not the member's to remove
      remove:
        f.status === 'ENABLED_BY_RULE'
          ? EMPTY
          : render('security.remove', { action, id: f.id, label: word(v.locale, phrase('Remove {name}', { name })) }),
    });
  });
  const body = render('security', {
    notice: status(v.locale, v.notice),
    alert: alert(v.locale, v.error),
    factors: items.length ? render('security.list', { items }) : render('security.none', {}),
    totp: v.pending
      ? render('security.totp-confirm', { action, id: v.pending.id, secret: v.pending.secret, uri: v.pending.uri })
      : render('security.totp-start', { action }),
    account: `/_hosted/account?session=${v.session}${langParam(v.locale)}`,
  });
  return hostedPage(word(v.locale, 'Sign-in security'), body, { locale: v.locale, status: v.error ? 400 : 200 });
}

/** The checkout form's fields: label and attributes (besides id, name, value). */
const FIELDS = {
  email: ['Email', { type: 'email', autocomplete: 'email', required: true }],
  firstName: ['First name', { autocomplete: 'given-name', required: true }],
  lastName: ['Last name', { autocomplete: 'family-name', required: true }],
  addressLine: ['Street address', { autocomplete: 'address-line1', required: true }],
  city: ['City', { autocomplete: 'address-level2', required: true }],
  postalCode: ['Postal code', { autocomplete: 'postal-code', required: true }],
  cardNumber: ['Card number', { inputmode: 'numeric', autocomplete: 'cc-number', required: true }],
  cardExpiry: ['Expiry (MM/YY)', { autocomplete: 'cc-exp', placeholder: 'MM/YY', required: true }],
  cardCvc: ['Security code', { inputmode: 'numeric', autocomplete: 'cc-csc', required: true }],
} satisfies Record<string, [string, Record<string, string | boolean>]>;
export type CheckoutField =
  | keyof typeof FIELDS
  | 'country'
  | 'subdivision'
  | 'shipping'
  | 'discountCode'
  | 'tip'
  | 'tipCustom'
  | 'policyAgreement'
  | 'subscribe'
  | 'subscribeSms';

/**
 * The tip the hosted checkout offers (i40-tips; emulator/domain/tips.ts): "No tip", the presets (the default one
 * preselected), "Custom" with its amount when the settings allow it; `cents` is each choice's tip for this order.
 */
export interface CheckoutTip {
  options: { value: string; label: string; amount: string; cents: number }[];
  selected: string;
  custom?: { value: string };
  /** The tip of the choice selected, formatted (the summary's row). */
  amount: string;
  cents: number;
}

/** What the checkout settings (domain/checkout-settings.ts) make the page show: header, policies, checkboxes. */
export interface CheckoutLook {
  size: 'SMALL' | 'MEDIUM' | 'LARGE';
  center: boolean;
  /** The "Checkout" heading shown (else kept for screen readers only). */
  label: boolean;
  policies: { title: string; content: string }[];
  /** The checkboxes shown (policy agreement, marketing consent), in the page's words. */
  consents: { name: CheckoutField; label: string; checked: boolean }[];
}

/** What the hosted checkout shows: amounts already formatted. */
export interface CheckoutView {
  brand: SiteBrand;
  /** The page's language: `lang`/`dir`, kept on the form's URL; the amounts below are already in its format. */
  locale: HostedLocale;
  /** The checkout's currency (the client script formats the live totals in it). */
  currency: string;
  session: string;
  lines: { image?: string; quantity: number; name: string; options: string; price: string }[];
  subtotal: string;
  discounts: { label: string; amount: string }[];
  /** The shipping amount, or `Free` (the page's word for it, {@link CheckoutView.free}). */
  shipping: string;
  /** The page's word for a shipping that costs nothing. */
  free: string;
  taxName: string;
  tax: string;
  total: string;
  /**
   * Taxable cents and this cart's tax in each region (`[country, subdivision, name, tax in cents, 1 when included in
   * the prices]`, country '*' where no region covers the address: taxes.ts `taxByRegion`), for checkout.js's totals.
   */
  taxable: number;
  taxRegions: [string, string, string, number, number][];
  countries: [code: string, name: string][];
  country: string;
  /** The countries with a region select, and their regions. */
  regions: Record<string, CountryRegions>;
  /** The coupon on the checkout, and what the discount-code field says (a code refused, a code applied or removed). */
  coupon?: { code: string; name: string };
  discountNotice?: Said;
  /** Every option the cart may be offered; `where`: the places its regions cover ("US", "US-CA"; "*": the rest of the world). */
  options: {
    code: string;
    title: string;
    deliveryTime: string;
    cents: number;
    price: string;
    where: string;
    offered: boolean;
  }[];
  /** The places some region names (an address elsewhere is the rest of the world's). */
  covered: string;
  /** Whether the address chosen is offered an option. */
  ships: boolean;
  selected: string | undefined;
  testCard: string;
  /** The test card that only authorizes (delayed capture). */
  captureLaterCard: string;
  values: Partial<Record<CheckoutField, string>>;
  errors: Partial<Record<string, Said>>;
  /** A message about the whole form (a declined card, the lines no longer in stock). */
  general?: Said | readonly Said[];
  back?: string;
  /** A signed-in member's checkout: the "Save this address to my account" box, ticked or not. */
  saveAddress?: { checked: boolean; hint: string };
  /** The tip offered (none when the shop offers no tip). */
  tip?: CheckoutTip;
  look: CheckoutLook;
  formAction: string[];
  /** Where the line images come from (the API's origin). */
  imgSrc: string[];
  status: number;
}

/** The hosted checkout: summary, contact, address, shipping method, test card. */
export function checkoutPage(v: CheckoutView): HandlerResult {
  /** `aria-invalid` and the error's id on a control with an error. */
  const invalid = (name: string) =>
    attrs(v.errors[name] ? { 'aria-invalid': 'true', 'aria-describedby': `${name}-err` } : {});
  const errorOf = (name: string) =>
    v.errors[name] ? render('checkout.error', { id: `${name}-err`, message: word(v.locale, v.errors[name]) }) : EMPTY;
  const fields = Object.fromEntries(
    Object.entries(FIELDS).map(([name, [label, attributes]]) => [
      name,
      render('checkout.field', {
        name,
        label: word(v.locale, label),
        // the placeholder is words too (MM/YY, MM/AA in French)
        attributes: attrs(
          'placeholder' in attributes
            ? { ...attributes, placeholder: word(v.locale, attributes.placeholder) }
            : attributes,
        ),
        value: v.values[name as CheckoutField] ?? '',
        invalid: invalid(name),
        error: errorOf(name),
      }),
    ]),
  ) as Record<keyof typeof FIELDS, Html>;
  const fieldErrors = Object.keys(v.errors).filter((k) => k !== 'discountCode');
  const general: Said | readonly Said[] | undefined =
    v.general ?? (fieldErrors.length ? 'Please correct the fields marked below.' : undefined);
  const regions = Object.hasOwn(v.regions, v.country) ? v.regions[v.country] : undefined;
  const notice = status(v.locale, v.discountNotice);
  const tip = v.tip;
  const body = render('checkout', {
    brand: brandHtml(v.brand),
    headClass: `${v.look.center ? ' center' : ''} logo-${v.look.size.toLowerCase()}`,
    titleClass: attrs({ class: v.look.label ? undefined : 'vh' }),
    tipRow: tip ? render('checkout.tip-row', { hidden: attrs({ hidden: !tip.cents }), tip: tip.amount }) : EMPTY,
    tip: tip
      ? render('checkout.tip', {
          describedBy: attrs({ 'aria-describedby': v.errors.tipCustom ? 'tipCustom-err' : undefined }),
          options: tip.options.map((o) =>
            render('checkout.tip-option', {
              value: o.value,
              cents: o.cents,
              checked: flag('checked', o.value === tip.selected),
              label: o.label,
              amount: o.amount,
            }),
          ),
          custom: tip.custom
            ? render('checkout.tip-custom', {
                currency: v.currency,
                value: tip.custom.value,
                invalid: invalid('tipCustom'),
              })
            : EMPTY,
          error: errorOf('tipCustom'),
        })
      : EMPTY,
    policies: v.look.policies.length
      ? render('checkout.policies', {
          items: v.look.policies.map((p) => render('checkout.policy', p)),
        })
      : EMPTY,
    consent: v.look.consents.map((c) =>
      render('checkout.consent', {
        name: c.name,
        checked: flag('checked', c.checked),
        invalid: invalid(c.name),
        label: c.label,
        error: errorOf(c.name),
      }),
    ),
    total: v.total,
    lines: v.lines.map((l) =>
      render('checkout.line', {
        image: l.image ? render('checkout.image', { src: l.image }) : EMPTY,
        quantity: l.quantity,
        name: l.name,
        variant: l.options ? render('checkout.variant', { text: l.options }) : EMPTY,
        price: l.price,
      }),
    ),
    subtotal: v.subtotal,
    discounts: v.discounts.map((d) => render('checkout.discount', d)),
    shipping: v.shipping,
    free: v.free,
    taxName: v.taxName,
    tax: v.tax,
    alert: alert(v.locale, general),
    query: `session=${v.session}${langParam(v.locale)}`,
    currency: v.currency,
    taxable: v.taxable,
    taxRegions: JSON.stringify(v.taxRegions),
    countryRegions: JSON.stringify(v.regions),
    region: render('checkout.region', {
      hidden: attrs({ hidden: !regions }),
      label: regions?.label ?? word(v.locale, 'Region'),
      disabled: attrs({ disabled: !regions }),
      invalid: invalid('subdivision'),
      options: (regions?.regions ?? []).map(([code, name]) =>
        render('checkout.country', {
          code,
          name,
          selected: flag('selected', code === v.values.subdivision?.trim().toUpperCase()),
        }),
      ),
      error: errorOf('subdivision'),
    }),
    discount: v.coupon
      ? render('checkout.code-applied', { code: v.coupon.code, name: v.coupon.name, notice })
      : render('checkout.code', {
          notice,
          value: v.values.discountCode ?? '',
          invalid: invalid('discountCode'),
          error: errorOf('discountCode'),
        }),
    countryInvalid: invalid('country'),
    countries: v.countries.map(([code, name]) =>
      render('checkout.country', { code, name, selected: flag('selected', code === v.country) }),
    ),
    countryError: errorOf('country'),
    shippingDescribedBy: attrs({ 'aria-describedby': v.errors.shipping ? 'shipping-err' : undefined }),
    options: v.options.map((o) =>
      render('checkout.option', {
        code: o.code,
        cents: o.cents,
        where: o.where,
        hidden: attrs({ hidden: !o.offered }),
        disabled: attrs({ disabled: !o.offered }),
        checked: flag('checked', o.offered && o.code === v.selected),
        title: o.title,
        deliveryTime: o.deliveryTime,
        price: o.price,
      }),
    ),
    shippingError: errorOf('shipping'),
    covered: v.covered,
    shipsHidden: attrs({ hidden: v.ships }),
    testCard: v.testCard,
    captureLaterCard: v.captureLaterCard,
    back: v.back ? render('checkout.back', { href: v.back }) : EMPTY,
    saveAddress: v.saveAddress
      ? render('checkout.save', {
          checked: flag('checked', v.saveAddress.checked),
          hint: word(v.locale, v.saveAddress.hint),
        })
      : EMPTY,
    ...fields,
  });
  return hostedPage(`${word(v.locale, 'Checkout')} · ${v.brand.name}`, body, {
    locale: v.locale,
    script: '/_hosted/checkout.js',
    formAction: v.formAction,
    imgSrc: [...v.imgSrc, ...logoOrigins(v.brand)],
    status: v.status,
  });
}

/** The emulator's index page (`GET /`), for a person who opens its URL. */
export function indexPage(v: {
  shop: string;
  products: number;
  base: string;
  dev: boolean;
  clients: string[];
}): HandlerResult {
  const body = render('index', {
    shop: v.shop,
    products: v.products,
    base: v.base,
    devHelpers: render(v.dev ? 'index.dev-on' : 'index.dev-off', {}),
    clients: v.clients.map((id) => render('index.client', { id })),
  });
  return {
    body: body.toString(),
    contentType: 'text/html; charset=utf-8',
    headers: { 'Cache-Control': 'no-store', 'Content-Security-Policy': "default-src 'none'; style-src 'self'" },
  };
}
