import { STORES_APP_ID } from '../../emulator/domain/catalog.ts';
import { seedIds, seedVariantId } from '../../emulator/seed.ts';
import { pkceChallenge } from '../../emulator/domain/auth.ts';
import { api, memberTokens, visitorTokens } from './emulator.ts';
import type { Stack } from './stack.ts';

/**
 * The platform's hosted pages, opened as the widgets would open them (a redirect session made with the caller's
 * token), for tests that look at the pages themselves rather than the flow that leads there.
 */

const REDIRECT = '/_api/redirects-api/v1/redirect-session';
const item = (productId: string, variantId: string | undefined, quantity: number) => ({
  catalogReference: {
    appId: STORES_APP_ID,
    catalogItemId: productId,
    ...(variantId ? { options: { variantId } } : {}),
  },
  quantity,
});

/** A line of a shopper's cart: a seeded product (its slug), how many, the variant's options when it has variants. */
export interface CartLine {
  slug: string;
  quantity: number;
  options?: Record<string, string>;
}

/**
 * A new visitor's hosted checkout of `lines`: with the coupon `coupon`, the create-checkout call's other fields
 * `checkout` (a shipping address), in the language `lang` when given (as the widgets ask for it); the thank-you and
 * cart pages on the demo. Returns the page's URL.
 */
export async function shopperCheckoutUrl(
  stack: Stack,
  lines: CartLine[],
  opts: { coupon?: string; lang?: string; checkout?: Record<string, unknown> } = {},
): Promise<string> {
  const emu = stack.emulator;
  const { access } = await visitorTokens(emu);
  const lineItems = lines.map((l) =>
    item(seedIds.products[l.slug]!, l.options && seedVariantId(l.slug, l.options), l.quantity),
  );
  const added = await api(emu, '/ecom/v1/carts/current/add-to-cart', { token: access, body: { lineItems } });
  if (added.status !== 200) throw new Error(`add-to-cart failed: ${added.text}`);
  if (opts.coupon)
    await api(emu, '/ecom/v1/carts/current', { method: 'PATCH', token: access, body: { couponCode: opts.coupon } });
  const made = await api(emu, '/ecom/v1/carts/current/create-checkout', {
    token: access,
    body: { channelType: 'WEB', ...opts.checkout },
  });
  if (made.status !== 200) throw new Error(`create-checkout failed: ${made.text}`);
  const rs = await api(emu, REDIRECT, {
    token: access,
    body: {
      ecomCheckout: { checkoutId: made.json.checkoutId },
      callbacks: {
        postFlowUrl: `${stack.demo}/`,
        thankYouPageUrl: `${stack.demo}/thank-you`,
        cartPageUrl: `${stack.demo}/`,
      },
      ...(opts.lang ? { preferences: { additionalQueryParameters: { lang: opts.lang } } } : {}),
    },
  });
  if (rs.status !== 200) throw new Error(`redirect session failed: ${rs.text}`);
  return rs.json.redirectSession.fullUrl as string;
}

/**
 * A visitor's hosted checkout: 2 Forest mugs (a variant line) and a folding stool, with the WELCOME10 coupon, in the
 * language `lang` when given. Returns the page's URL.
 */
export const hostedCheckoutUrl = (stack: Stack, lang?: string): Promise<string> =>
  shopperCheckoutUrl(
    stack,
    [
      { slug: 'enamel-camp-mug', quantity: 2, options: { Color: 'Forest' } },
      { slug: 'folding-camp-stool', quantity: 1 },
    ],
    { coupon: 'WELCOME10', ...(lang ? { lang } : {}) },
  );

/** The seeded member's hosted account page, coming back to the demo. */
export async function hostedAccountUrl(stack: Stack): Promise<string> {
  const { access } = await memberTokens(stack.emulator);
  const rs = await api(stack.emulator, REDIRECT, {
    token: access,
    body: { memberAccountPage: { section: 'ACCOUNT_INFO' }, callbacks: { postFlowUrl: `${stack.demo}/` } },
  });
  if (rs.status !== 200) throw new Error(`redirect session failed: ${rs.text}`);
  return rs.json.redirectSession.fullUrl as string;
}

/** The hosted sign-in page (prompt `login`), answering to the demo's home page. */
export async function hostedLoginUrl(stack: Stack): Promise<string> {
  const { access } = await visitorTokens(stack.emulator);
  const rs = await api(stack.emulator, REDIRECT, {
    token: access,
    body: {
      auth: {
        authRequest: {
          clientId: 'demo-client',
          codeChallenge: pkceChallenge('hosted-page-test-verifier-0123456789-abcdefgh'),
          codeChallengeMethod: 'S256',
          responseMode: 'fragment',
          responseType: 'code',
          state: 'hosted-page-test',
          redirectUri: `${stack.demo}/`,
        },
        prompt: 'login',
      },
    },
  });
  if (rs.status !== 200) throw new Error(`redirect session failed: ${rs.text}`);
  return rs.json.redirectSession.fullUrl as string;
}
