/**
 * The hosted pages as files: the renderer escapes every value put into HTML, and the pages it makes keep the strict
 * policy (no inline script or style; their stylesheet and scripts served from /_hosted/).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES_APP_ID } from '../domain/catalog.ts';
import { SHOP_LOGO, SHOP_NAME, seedIds } from '../seed.ts';
import { setSetting } from '../domain/settings.ts';
import { pkceChallenge } from '../domain/auth.ts';
import type { RunningEmulator } from '../server.ts';
import { totpCode } from '../domain/mfa.ts';
import { api, createTestMember, memberTokens, startTestEmulator, visitorTokens } from '../../tests/helpers/emulator.ts';
import { attrs, EMPTY, esc, flag, HOSTED_ASSETS, jsonData, render } from './render.ts';
import { ENGLISH_WORDS, hasFrench, missingFrench } from './words.ts';

const XSS = '<script>alert(1)</script>';
const REDIRECT = '/_api/redirects-api/v1/redirect-session';
/** A buyer filling the hosted checkout (a test card that is accepted). */
const BUYER = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  addressLine: '12 Elm St',
  city: 'Albany',
  postalCode: '12207',
  country: 'US',
  shipping: 'standard',
  cardNumber: '4242 4242 4242 4242',
  cardExpiry: '12/39',
  cardCvc: '123',
};
/** A hosted sign-in's redirect session (PKCE from `verifier`), as a visitor's `token` asks for it. */
const signInSession = (
  emu: RunningEmulator,
  token: string,
  verifier: string,
  o: { state?: string; preferences?: { additionalQueryParameters: Record<string, string> } } = {},
) =>
  api(emu, REDIRECT, {
    token,
    body: {
      auth: {
        authRequest: {
          clientId: 'demo-client',
          codeChallenge: pkceChallenge(verifier),
          codeChallengeMethod: 'S256',
          responseMode: 'fragment',
          responseType: 'code',
          state: o.state ?? 's',
          redirectUri: 'http://127.0.0.1:5173/',
        },
        prompt: 'login',
      },
      ...(o.preferences ? { preferences: o.preferences } : {}),
    },
  });

describe('render', () => {
  it('escapes text, inserts rendered HTML as it is', () => {
    const alert = render('alert', { message: `${XSS} & "x" 'y'` });
    expect(String(alert)).toBe(
      '<p class="err" role="alert">&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot; &#39;y&#39;</p>',
    );
    const page = String(render('message', { heading: 'Heading', text: String(alert) }));
    expect(page).not.toContain('<p class="err"'); // a string is text, even when it looks like markup
    expect(
      String(
        render('checkout.line', {
          image: EMPTY,
          quantity: 2,
          name: XSS,
          variant: render('checkout.variant', { text: XSS }),
          price: '$1',
        }),
      ),
    ).not.toContain('<script>');
  });

  it('refuses a missing value and a value the template does not use', () => {
    expect(() => render('alert', {})).toThrow('alert.html needs a value for {{message}}');
    expect(() => render('alert', { message: 'x', extra: 'y' })).toThrow('alert.html has no {{extra}}');
    expect(() => render('nope', {})).toThrow('no template nope.html');
  });

  it('attributes, flags and JSON data blocks cannot break out', () => {
    expect(String(attrs({ value: '"><script>', required: true, hidden: false, title: undefined }))).toBe(
      ' value="&quot;&gt;&lt;script&gt;" required',
    );
    expect(() => attrs({ 'on"x': 'y' })).toThrow('bad attribute name');
    expect(String(flag('checked', true))).toBe(' checked');
    expect(String(flag('checked', false))).toBe('');
    expect(String(jsonData({ s: '</script><script>x</script>' }))).toBe(
      '{"s":"\\u003c/script>\\u003cscript>x\\u003c/script>"}',
    );
    expect(esc(`<&>"'`)).toBe('&lt;&amp;&gt;&quot;&#39;');
  });

  it('every template placeholder is a plain name or a word, and the folder serves its stylesheets and scripts', () => {
    const dir = new URL('.', import.meta.url);
    for (const f of readdirSync(dir).filter((f) => f.endsWith('.html'))) {
      const text = readFileSync(new URL(f, dir), 'utf8');
      expect(text.match(/\{\{?[^}]*\}?\}/g)?.every((p) => /^\{\{(\w+|@[^{}]+)\}\}$/.test(p)) ?? true, f).toBe(true);
      expect(text, f).not.toMatch(/<script(?![^>]*\s(src=|type="application\/json"))|<style|\sstyle=|\son\w+=/i);
    }
    expect(HOSTED_ASSETS).toEqual(expect.arrayContaining(['authorize.js', 'checkout.js', 'hosted.css', 'index.css']));
  });
});

describe('hosted pages', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator();
  });
  afterAll(() => emu.close());

  /** The page, checked for the policy it is served with: no inline script or style, its assets served. */
  async function page(url: string, init?: RequestInit): Promise<string> {
    const r = await fetch(url, { redirect: 'manual', ...init });
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await r.text();
    expect(html).not.toMatch(/<script(?![^>]*\s(src=|type="application\/json"))|<style|\sstyle=/i);
    for (const [, href] of html.matchAll(/(?:src|href)="(\/_hosted\/[\w.-]+\.(?:css|js))"/g)) {
      const asset = await fetch(`${new URL(url).origin}${href}`);
      expect(asset.status, href).toBe(200);
    }
    return html;
  }

  it('the index page', async () => {
    expect(await page(`${emu.url}/`)).toContain('<link rel="stylesheet" href="/_hosted/index.css">');
  });

  it('the sign-in page escapes the email typed back into its form', async () => {
    const { access } = await visitorTokens(emu);
    const rs = await signInSession(emu, access, 'hosted-render-test-verifier-0123456789-abcdefg', { state: XSS });
    const url = rs.json.redirectSession.fullUrl as string;
    expect(await page(url)).toContain('autocomplete="username" required value="" autofocus>');
    const html = await page(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: emu.hostedUrl },
      body: new URLSearchParams({ email: `"${XSS}`, password: '' }).toString(),
    });
    expect(html).toContain('value="&quot;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).not.toContain(XSS);
    expect(html).toContain('autocomplete="current-password" required autofocus>');
  });

  it('the account page escapes the member’s email and name', async () => {
    emu.db
      .prepare('UPDATE members SET email = ?, nickname = ? WHERE id = ?')
      .run(`a${XSS}@example.com`, `"${XSS}`, seedIds.members.member);
    const { access } = await memberTokens(emu);
    const rs = await api(emu, REDIRECT, {
      token: access,
      body: { memberAccountPage: {}, callbacks: { postFlowUrl: 'http://127.0.0.1:5173/' } },
    });
    const html = await page(rs.json.redirectSession.fullUrl);
    expect(html).not.toContain(XSS);
    expect(html).toContain('<dd><bdi>a&lt;script&gt;alert(1)&lt;/script&gt;@example.com</bdi>');
    expect(html).toContain('value="&quot;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('the checkout escapes product names', async () => {
    const mug = seedIds.products['folding-camp-stool']!;
    emu.db.prepare('UPDATE products SET name = ? WHERE id = ?').run(`Stool ${XSS}`, mug);
    const { access } = await visitorTokens(emu);
    await api(emu, '/ecom/v1/carts/current/add-to-cart', {
      token: access,
      body: { lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: mug }, quantity: 1 }] },
    });
    const { checkoutId } = (
      await api(emu, '/ecom/v1/carts/current/create-checkout', { token: access, body: { channelType: 'WEB' } })
    ).json;
    const rs = await api(emu, REDIRECT, { token: access, body: { ecomCheckout: { checkoutId } } });
    const html = await page(rs.json.redirectSession.fullUrl);
    expect(html).toContain('<bdi class="nm">Stool &lt;script&gt;alert(1)&lt;/script&gt;</bdi>');
    expect(html).not.toContain(XSS);
    expect(html).toContain('<script src="/_hosted/checkout.js" defer></script>');
  });

  it('are served from their own origin (like the site domain): not the API, whose routes that origin does not serve', async () => {
    const { access } = await visitorTokens(emu);
    const mug = seedIds.products['folding-camp-stool']!;
    await api(emu, '/ecom/v1/carts/current/add-to-cart', {
      token: access,
      body: { lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: mug }, quantity: 1 }] },
    });
    const { checkoutId } = (
      await api(emu, '/ecom/v1/carts/current/create-checkout', { token: access, body: { channelType: 'WEB' } })
    ).json;
    const rs = await api(emu, REDIRECT, { token: access, body: { ecomCheckout: { checkoutId } } });
    const url = new URL(rs.json.redirectSession.fullUrl);
    expect(url.origin).toBe(emu.hostedUrl);
    expect(emu.hostedUrl).not.toBe(emu.url);
    const r = await fetch(url);
    // the line images are the platform's media on the API's origin: the page's policy allows exactly that
    expect(r.headers.get('content-security-policy')).toContain(`img-src 'self' data: ${emu.url};`);
    // (the shop's logo, a data: URL from the site settings, aside)
    const images = [...(await r.text()).matchAll(/<img[^>]* src="([^"]+)"/g)]
      .map((m) => m[1]!)
      .filter((src) => !src.startsWith('data:image/svg+xml,'));
    expect(images.length).toBeGreaterThan(0);
    for (const src of images) {
      expect(src.startsWith(`${emu.url}/media/`), src).toBe(true);
      expect((await fetch(src)).status, src).toBe(200);
    }
    // each origin answers only its own routes, in the platform's error format
    const onApi = await fetch(`${emu.url}${url.pathname}${url.search}`);
    expect([onApi.status, (await onApi.json()).details.applicationError.code]).toEqual([404, 'NOT_FOUND']);
    const apiOnHosted = await api({ ...emu, url: emu.hostedUrl }, '/ecom/v1/carts/current', { token: access });
    expect([apiOnHosted.status, apiOnHosted.json.details.applicationError.code]).toEqual([404, 'NOT_FOUND']);
    expect((await fetch(`${emu.hostedUrl}/_dev/mailbox`)).status).toBe(404);
    expect((await fetch(`${emu.hostedUrl}/inlay/loader.js`)).status).toBe(404);
    // the stylesheet is on both (the API's own index page uses it)
    expect((await fetch(`${emu.url}/_hosted/hosted.css`)).status).toBe(200);
    expect((await fetch(`${emu.hostedUrl}/_hosted/hosted.css`)).status).toBe(200);
  });
});

describe('hosted pages a shop would brand (issue 44)', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator();
  });
  afterAll(() => emu.close());

  const STOOL = seedIds.products['folding-camp-stool']!;
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    redirect: 'manual' as const,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: emu.hostedUrl },
    body: new URLSearchParams(fields).toString(),
  });
  /** The summary's rows as `label: amount`. */
  const totals = (html: string) =>
    [...html.matchAll(/<tr><th scope="row"[^>]*>(.*?)<\/th><td[^>]*>(.*?)<\/td>/g)].map(
      (m) => `${m[1]!.replace(/<[^>]*>/g, '')}: ${m[2]!.replace(/<span class="cur">[^<]*<\/span>|<[^>]*>/g, '')}`,
    );
  /** A visitor's checkout of one folding stool ($58.00), shipping to `address`; its hosted page's URL. */
  async function checkout(address?: Record<string, string>, preferences?: Record<string, unknown>) {
    const { access } = await visitorTokens(emu);
    await api(emu, '/ecom/v1/carts/current/add-to-cart', {
      token: access,
      body: { lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: STOOL }, quantity: 1 }] },
    });
    const { checkoutId } = (
      await api(emu, '/ecom/v1/carts/current/create-checkout', {
        token: access,
        body: { channelType: 'WEB', ...(address ? { shippingAddress: address } : {}) },
      })
    ).json as { checkoutId: string };
    const rs = await api(emu, REDIRECT, {
      token: access,
      body: {
        ecomCheckout: { checkoutId },
        callbacks: { thankYouPageUrl: 'http://127.0.0.1:5173/thank-you' },
        ...(preferences ? { preferences } : {}),
      },
    });
    return { url: rs.json.redirectSession.fullUrl as string, checkoutId, access };
  }

  it('the sign-in page names the site from its settings, with its logo, never a host and port', async () => {
    const { access } = await visitorTokens(emu);
    const rs = await signInSession(emu, access, 'hosted-brand-test-verifier-0123456789-abcdefghi');
    const url = rs.json.redirectSession.fullUrl as string;
    const html = await (await fetch(url)).text();
    expect(html).toContain('<p class="muted">to continue to <bdi>Fernwood Supply Co.</bdi></p>');
    expect(html).toContain('<bdi class="brand-nm">Fernwood Supply Co.</bdi>');
    expect(html).toMatch(/<p class="brand"><img src="data:image\/svg\+xml,[^"]+" alt="" width="32" height="32">/);
    // (the redirect URI is only in the cancel link and the form's action, never in the page's text)
    expect(html.replace(/<[^>]*>/g, '')).not.toContain('127.0.0.1');
    expect(html).toContain('<title>Sign in · Fernwood Supply Co.</title>');
    // the name is the site's setting, escaped; a logo that is not an image URL is left out
    setSetting(emu.db, 'siteName', 'Birch & <Pine>');
    setSetting(emu.db, 'siteLogo', 'javascript:alert(1)');
    try {
      const again = await (await fetch(url)).text();
      expect(again).toContain('to continue to <bdi>Birch &amp; &lt;Pine&gt;</bdi></p>');
      expect(again).not.toContain('<img');
      expect(again).not.toContain('javascript:');
    } finally {
      setSetting(emu.db, 'siteName', SHOP_NAME);
      setSetting(emu.db, 'siteLogo', SHOP_LOGO);
    }
  });

  it('checkout: the shop’s name and logo, a region select where the country has regions, the tax line naming the region', async () => {
    const { url } = await checkout({ country: 'US', subdivision: 'US-NY' });
    const html = await (await fetch(url)).text();
    expect(html).toContain('<bdi class="brand-nm">Fernwood Supply Co.</bdi>');
    expect(html).toContain('<title>Checkout · Fernwood Supply Co.</title>');
    // the region is a select of the country's states, the saved one chosen; no free-text region field
    expect(html).toContain('<label for="subdivision" id="subdivision-label">State</label>');
    expect(html).toContain('<option value="NY" selected>New York</option>');
    expect(html).not.toContain('State / region (code)');
    expect(html).not.toMatch(/<input[^>]*name="subdivision"/);
    expect(totals(html)).toEqual(['Subtotal: $58.00', 'Shipping: $6.95', 'Tax (New York): $4.64', 'Total: $69.59']);
    expect(html).not.toContain('Tax (Default)');

    // a country without a region list: the field hidden and not sent; the tax line names the country
    const fr = await (await fetch(url, form({ ...BUYER, country: 'FR', op: 'discount', discountCode: '' }))).text();
    expect(fr).toMatch(/<div class="f" id="region-f" hidden>/);
    expect(fr).toMatch(/<select id="subdivision"[^>]* disabled/);
    expect(totals(fr)).toContain('Tax (France): $4.64');
    // California has its own rate and name
    const ca = await (await fetch(url, form({ ...BUYER, subdivision: 'CA', op: 'discount', discountCode: '' }))).text();
    expect(totals(ca)).toContain('Tax (California): $4.21');
  });

  it('checkout: a state is required in the United States and must be one of its states; the order’s tax region is named', async () => {
    const { url } = await checkout();
    for (const subdivision of ['', 'ZZ']) {
      const r = await fetch(url, form({ ...BUYER, subdivision }));
      expect(r.status).toBe(400);
      const html = await r.text();
      expect(html).toContain('<p class="err" id="subdivision-err">Choose a state</p>');
      expect(html).toContain('value="12 Elm St"'); // what was typed stays
    }
    // a country that is none of the list's (an inherited property's name included) is refused, not a crash
    for (const country of ['__proto__', 'constructor', 'XX']) {
      const r = await fetch(url, form({ ...BUYER, country, subdivision: 'NY' }));
      expect(r.status, country).toBe(400);
      expect(await r.text()).toContain('<p class="err" id="country-err">Choose a country</p>');
    }
    const paid = await fetch(url, form({ ...BUYER, subdivision: 'NY' }));
    expect(paid.status).toBe(302);
    const orderId = new URL(paid.headers.get('location')!).searchParams.get('orderId')!;
    const order = JSON.parse(
      emu.db.prepare<[string], { data: string }>('SELECT data FROM orders WHERE id = ?').get(orderId)!.data,
    );
    expect(order.taxSummary.calculationDetails.taxRegion).toBe('New York');
    expect(order.priceSummary.total.amount).toBe('69.59');
    expect(order.billingInfo.address).toMatchObject({ country: 'US', subdivision: 'NY' });
  });

  it('checkout: a discount code changes the total as the emulator computes it; an unknown one is refused, what was typed kept', async () => {
    const { url, checkoutId, access } = await checkout({ country: 'US', subdivision: 'US-NY' });
    const typed = { ...BUYER, subdivision: 'NY', firstName: 'Ada <b>' };

    const unknown = await fetch(url, form({ ...typed, op: 'discount', discountCode: 'NOPE2024' }));
    expect(unknown.status).toBe(400);
    let html = await unknown.text();
    expect(html).toContain('<p class="err" id="discountCode-err">This code is not valid</p>');
    expect(html).toContain('value="NOPE2024" aria-invalid="true"');
    expect(html).toContain('value="Ada &lt;b&gt;"');
    expect(html).not.toContain('Please correct the fields marked below.');
    expect(totals(html)).toContain('Total: $69.59');

    const expired = await (await fetch(url, form({ ...typed, op: 'discount', discountCode: 'SUMMER24' }))).text();
    expect(expired).toContain('This code has expired');

    const applied = await fetch(url, form({ ...typed, op: 'discount', discountCode: 'fern5' }));
    expect(applied.status).toBe(200);
    html = await applied.text();
    expect(html).toContain('<p role="status">Code FERN5 applied.</p>');
    expect(html).toContain('<bdi class="tag">FERN5</bdi> <bdi>$5 off</bdi>');
    // $58.00 − $5.00 = $53.00 taxed at 8% ($4.24), plus $6.95 shipping
    expect(totals(html)).toEqual([
      'Subtotal: $58.00',
      'Coupon FERN5: −$5.00',
      'Shipping: $6.95',
      'Tax (New York): $4.24',
      'Total: $64.19',
    ]);
    expect(html).toContain(
      '<button class="pay" type="submit" data-paying="Paying…">Pay <bdi id="pay-amount">$64.19</bdi></button>',
    );
    expect(html).toContain('value="Ada &lt;b&gt;"');
    // the platform's own reading of the checkout agrees, and so does the order
    const read = await api(emu, `/ecom/v1/checkouts/${checkoutId}`, { token: access });
    expect(read.json.checkout.priceSummary.total.formattedAmount).toBe('$64.19');

    const removed = await (await fetch(url, form({ ...typed, op: 'removeDiscount' }))).text();
    expect(removed).toContain('<p role="status">The code FERN5 was removed.</p>');
    expect(totals(removed)).toContain('Total: $69.59');
    await fetch(url, form({ ...typed, op: 'discount', discountCode: 'FERN5' }));

    const paid = await fetch(url, form({ ...BUYER, subdivision: 'NY' }));
    expect(paid.status).toBe(302);
    const orderId = new URL(paid.headers.get('location')!).searchParams.get('orderId')!;
    const order = JSON.parse(
      emu.db.prepare<[string], { data: string }>('SELECT data FROM orders WHERE id = ?').get(orderId)!.data,
    );
    expect(order.priceSummary).toMatchObject({ discount: { amount: '5.00' }, total: { amount: '64.19' } });
  });

  /** The page's text with its markup removed. */
  const textOf = (html: string) => html.replace(/<[^>]*>/g, '');
  /** What every `<bdi>` of a page holds. */
  const isolated = (html: string) => [...html.matchAll(/<bdi[^>]*>([^<]*)<\/bdi>/g)].map((m) => m[1]);

  it('checkout in French: the session’s lang on the page, money in French, the regions named in French', async () => {
    const { url } = await checkout(
      { country: 'US', subdivision: 'US-NY' },
      { additionalQueryParameters: { lang: 'fr', utm_source: 'inlay' } },
    );
    // the platform's way: preferences.additionalQueryParameters are appended to the session's URL
    expect(new URL(url).searchParams.get('lang')).toBe('fr');
    expect(new URL(url).searchParams.get('utm_source')).toBe('inlay');
    const html = await (await fetch(url)).text();
    expect(html).toContain('<html lang="fr" dir="ltr">');
    // "58,00 $US" as Intl writes it for French (its spaces are no-break spaces)
    const fr = (n: number) => new Intl.NumberFormat('fr', { style: 'currency', currency: 'USD' }).format(n);
    expect(fr(58).replace(/\s/g, ' ')).toBe('58,00 $US');
    expect(totals(html)).toEqual([
      `Sous-total: ${fr(58)}`,
      `Livraison: ${fr(6.95)}`,
      `Taxes (New York): ${fr(4.64)}`,
      `Total: ${fr(69.59)}`,
    ]);
    // the page's words in French (its strings table, emulator/hosted/words.ts): headings, labels, buttons
    for (const w of [
      '<h1>Finaliser la commande</h1>',
      '<label for="country">Pays</label>',
      '<label for="firstName">Prénom</label>',
      '<label for="postalCode">Code postal</label>',
      '<h2 id="discount-h">Code de réduction</h2>',
      'data-paying="Paiement…">Payer <bdi',
      '<title>Finaliser la commande · Fernwood Supply Co.</title>',
    ])
      expect(html).toContain(w);
    expect(html).not.toContain('{{@');
    expect(html).toContain(`<bdi id="pay-amount">${fr(69.59)}</bdi>`);
    // the region select in French, codes unchanged, the saved state chosen; the countries named in French
    expect(html).toContain('<label for="subdivision" id="subdivision-label">État</label>');
    expect(html).toContain('<option value="CA">Californie</option>');
    expect(html).toContain('<option value="NC">Caroline du Nord</option>');
    expect(html).toContain('<option value="NY" selected>New York</option>');
    expect(html).toContain('<option value="US" selected>États-Unis</option>');
    const regions = JSON.parse(
      html
        .match(/data-regions="([^"]*)"/)![1]!
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&'),
    ) as Record<string, { label: string; regions: [string, string][] }>;
    expect(regions['CA']!.regions).toContainEqual(['BC', 'Colombie-Britannique']);
    expect(regions['CA']!.regions).toContainEqual(['NT', 'Territoires du Nord-Ouest']);
    expect(regions['AU']!.regions).toContainEqual(['NSW', 'Nouvelle-Galles du Sud']);
    // the form keeps the language: a refused post answers in French too
    expect(html).toMatch(/action="\/_hosted\/checkout\?session=[\w-]+&amp;lang=fr"/);
    const action = new URL(html.match(/action="([^"]*)"/)![1]!.replace(/&amp;/g, '&'), url).href;
    // (a value that looks like a word marker stays as typed)
    const refused = await (await fetch(action, form({ ...BUYER, firstName: '{{@Pay}}', subdivision: '' }))).text();
    expect(refused).toContain('value="&#123;{@Pay}}"');
    expect(refused).toContain('<html lang="fr" dir="ltr">');
    expect(refused).toContain('<p class="err" id="subdivision-err">Choisissez un État</p>');
    expect(refused).toContain('Corrigez les champs signalés ci-dessous.');
    expect(totals(refused)).toContain(`Total: ${fr(69.59)}`);

    // the tax line names the region or the country in French too (a region with its own rate, the default rate)
    const lang = { additionalQueryParameters: { lang: 'fr' } };
    const ca = await (await fetch((await checkout({ country: 'US', subdivision: 'US-CA' }, lang)).url)).text();
    expect(totals(ca).find((r) => r.startsWith('Taxes'))).toMatch(/^Taxes \(Californie\): /);
    const gb = await (await fetch((await checkout({ country: 'GB' }, lang)).url)).text();
    expect(totals(gb).find((r) => r.startsWith('Taxes'))).toMatch(/^Taxes \(Royaume-Uni\): /);
    expect(gb).toMatch(/\[&quot;US&quot;,&quot;CA&quot;,&quot;Californie&quot;,\d+,[01]\]/); // the live totals' regions too

    // an English page has none of the French names
    const en = await (await fetch((await checkout({ country: 'US', subdivision: 'US-NY' })).url)).text();
    expect(en).toContain('<html lang="en" dir="ltr">');
    expect(en).not.toMatch(/Californie|Colombie|Galles/);
    expect(totals(en)).toContain('Total: $69.59');
  });

  it('checkout in a right-to-left language: dir=rtl; a lang that is no language tag is English', async () => {
    const rtl = await (
      await fetch((await checkout(undefined, { additionalQueryParameters: { lang: 'ar-XB' } })).url)
    ).text();
    expect(rtl).toContain('<html lang="ar-XB" dir="rtl">');
    // the test language's words mirrored (RLM RLO … PDF RLM), the amount left as the real locale writes it
    expect(totals(rtl).at(-1)).toBe(
      `\u200f\u202eTotal\u202c\u200f: ${new Intl.NumberFormat('ar-XB', { style: 'currency', currency: 'USD' }).format(69.59)}`,
    );
    expect(rtl).toContain('\u200f\u202eShipping address\u202c\u200f');
    expect(rtl).not.toMatch(/>\s*Shipping address\s*</);
    // the region field's label too (the place names are data and stay as they are)
    expect(rtl).toContain('>\u200f\u202eState\u202c\u200f</label>');
    const bad = await (
      await fetch((await checkout(undefined, { additionalQueryParameters: { lang: '"><x' } })).url)
    ).text();
    expect(bad).toContain('<html lang="en" dir="ltr">');
  });

  it('refuses preferences that are not query parameters', async () => {
    const { access } = await visitorTokens(emu);
    const r = await api(emu, REDIRECT, {
      token: access,
      body: { logout: {}, preferences: { additionalQueryParameters: { 'a b': 'x' } } },
    });
    expect(r.status).toBe(400);
    const r2 = await api(emu, REDIRECT, {
      token: access,
      body: { logout: {}, preferences: { additionalQueryParameters: { lang: 5 } } },
    });
    expect(r2.status).toBe(400);
  });

  it('checkout: every value is isolated (shop name, items, money, codes), user-typed fields take their own direction', async () => {
    const { url } = await checkout({ country: 'US', subdivision: 'US-NY' });
    const html = await (await fetch(url)).text();
    const inside = isolated(html);
    for (const v of ['Fernwood Supply Co.', 'Folding Camp Stool', '$58.00', '$6.95', '$4.64', '$69.59', 'New York'])
      expect(inside, v).toContain(v);
    expect(inside).toContain('4242 4242 4242 4242');
    // no amount outside an isolate: remove the isolates, and no money is left in the page's text
    const outside = textOf(html.replace(/<bdi[^>]*>[^<]*<\/bdi>/g, ''));
    expect(outside).not.toMatch(/\$\d/);
    for (const name of ['email', 'firstName', 'lastName', 'addressLine', 'city', 'postalCode'])
      expect(html).toMatch(new RegExp(`<input id="${name}" name="${name}" dir="auto"`));
  });

  it('sign-in: the site’s name isolated, the email field in its own direction, the session’s lang and dir kept on the form', async () => {
    const { access } = await visitorTokens(emu);
    const rs = await signInSession(emu, access, 'hosted-brand-test-verifier-0123456789-abcdefghi', {
      preferences: { additionalQueryParameters: { lang: 'ar-XB' } },
    });
    const url = rs.json.redirectSession.fullUrl as string;
    expect(new URL(url).searchParams.get('lang')).toBe('ar-XB');
    const html = await (await fetch(url)).text();
    expect(html).toContain('<html lang="ar-XB" dir="rtl">');
    expect(isolated(html)).toEqual(['Fernwood Supply Co.', 'Fernwood Supply Co.']);
    expect(html).toMatch(/<input id="email" name="email" type="email" dir="auto"/);
    expect(html).toMatch(/action="\/oauth2\/authorize\?redirectSession=[\w-]+&amp;lang=ar-XB"/);
    // a refused password answers in the same language and direction
    const action = new URL(html.match(/action="([^"]*)"/)![1]!.replace(/&amp;/g, '&'), url).href;
    const refused = await fetch(action, form({ email: 'nobody@example.com', password: 'wrong-password' }));
    expect(await refused.text()).toContain('<html lang="ar-XB" dir="rtl">');
  });
});

describe('every hosted page in French (issue 44): no English word left', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator();
  });
  afterAll(() => emu.close());

  const FR = { additionalQueryParameters: { lang: 'fr' } };
  const SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';
  const PASSWORD = 'the-first-factor';
  const STOOL = seedIds.products['folding-camp-stool']!;
  const decode = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  /** An English entry of the table as a whole-word pattern (a `{value}` of a sentence matches anything). */
  const englishPattern = (en: string) =>
    new RegExp(
      `(?<![\\p{L}\\p{N}])${en
        .split(/\{\w+\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.+?')}(?![\\p{L}\\p{N}])`,
      'u',
    );
  const PATTERNS = ENGLISH_WORDS.map((en) => [en, englishPattern(en)] as const);
  /** Words no French sentence has: a sentence left in English shows at least one. */
  const ENGLISH_GLUE = /\b(the|your|you|and|this|that|with|from|was|were|for|to|of|is|are|enter|sign|code from)\b/i;
  let pages = 0;
  /** Every page walked, as one text: the walk reached the states it names. */
  let walked = '';

  /**
   * The page is French: `<html lang="fr">`, no word marker left, no English entry of words.ts and no English glue
   * word in what a person reads (its text and its aria-label, placeholder, alt, title and data-free/data-paying words;
   * the values — shop, items, money, email, the TOTP key — are in `<bdi>`/`<code>` and left out), and every form and
   * link of the hosted pages keeps `lang=fr`.
   */
  function expectFrench(html: string, where: string) {
    pages++;
    walked += html;
    expect(html, where).toContain('<html lang="fr" dir="ltr">');
    expect(html, where).not.toContain('{{@');
    const words = [
      ...[...html.matchAll(/\s(?:aria-label|placeholder|alt|title|data-free|data-paying)="([^"]*)"/g)].map(
        (m) => m[1]!,
      ),
      ...decode(
        html
          .replace(/<bdi[^>]*>[^<]*<\/bdi>/g, ' ')
          .replace(/<code[^>]*>[^<]*<\/code>/g, ' ')
          .replace(/<script[^>]*>[^<]*<\/script>/g, ' ')
          .replace(/<[^>]*>/g, '\n'),
      )
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean),
    ].map(decode);
    for (const text of words) {
      for (const [en, pattern] of PATTERNS) expect(pattern.test(text), `${where}: "${en}" in "${text}"`).toBe(false);
      expect(text, where).not.toMatch(ENGLISH_GLUE);
    }
    for (const [, url] of html.matchAll(/\s(?:action|href)="([^"]*)"/g)) {
      const u = decode(url!);
      if (u.startsWith('/') && !/\.(css|js)$/.test(u)) expect(u, `${where}: ${u}`).toMatch(/[?&]lang=fr(&|$)/);
    }
  }
  const post = (url: string, fields: Record<string, string>, origin = emu.hostedUrl) =>
    fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: new URLSearchParams(fields).toString(),
    });
  /** The first form's action of a page, absolute. */
  const actionOf = (html: string, base: string, n = 0) =>
    new URL(decode([...html.matchAll(/<form[^>]* action="([^"]*)"/g)][n]![1]!), base).href;
  const text = async (r: Response | Promise<Response>) => (await r).text();

  it('every {{@word}} of every template has French, and a template has no other words', () => {
    const dir = new URL('.', import.meta.url);
    for (const f of readdirSync(dir).filter((f) => f.endsWith('.html') && !f.startsWith('index'))) {
      const template = readFileSync(new URL(f, dir), 'utf8');
      for (const [, en] of template.matchAll(/\{\{@([^{}]+)\}\}/g)) expect(hasFrench(en!), `${f}: ${en}`).toBe(true);
      // outside the markers and placeholders, a template's text and its read attributes are punctuation only
      const bare = template.replace(/\{\{@?[^{}]*\}\}/g, '');
      const read = [...bare.matchAll(/\s(?:aria-label|placeholder|alt|title)="([^"]*)"/g)].map((m) => m[1]);
      expect([bare.replace(/<[^>]*>/g, ''), ...read].join(' '), f).not.toMatch(/\p{L}{2,}/u);
    }
  });

  it('sign-in, its second step, account, security, checkout and the one-message pages: GET and every refusal', async () => {
    // ---- sign-in
    const { access: visitor } = await visitorTokens(emu);
    const signIn = await signInSession(emu, visitor, 'hosted-french-test-verifier-0123456789-abcdefgh', {
      preferences: FR,
    });
    const login = signIn.json.redirectSession.fullUrl as string;
    const loginHtml = await text(fetch(login));
    expectFrench(loginHtml, 'sign-in');
    const loginPost = actionOf(loginHtml, login);
    expectFrench(await text(post(loginPost, { email: '', password: '' })), 'sign-in, empty');
    expectFrench(await text(post(loginPost, { email: 'nobody@example.com', password: 'x' })), 'sign-in, wrong');

    // ---- the second step: authenticator app, email, text message
    const email = `french-${Date.now()}@example.com`;
    const memberId = await createTestMember(emu, email, PASSWORD);
    const PASSKEY = { type: 'WEBAUTHN', credentialId: 'AAECAwQ', publicKey: 'AAECAwQFBgc' };
    for (const f of [
      { type: 'TOTP', secret: SECRET },
      { type: 'EMAIL' },
      { type: 'SMS', phone: '+15555550123' },
      PASSKEY,
    ]) {
      const r = await api(emu, '/_dev/members/factors', { method: 'POST', body: { email, ...f } });
      expect(r.status, r.text).toBe(200);
    }
    const first = await text(post(loginPost, { email, password: PASSWORD }));
    expectFrench(first, 'second step');
    const stateToken = /name="stateToken" value="([^"]+)"/.exec(first)![1]!;
    const factorType = /name="factorType" value="([^"]+)"/.exec(first)![1]!;
    const mfa = (fields: Record<string, string>) => text(post(loginPost, { step: 'mfa', stateToken, ...fields }));
    expectFrench(await mfa({ factorType, action: 'verify', code: '' }), 'second step, no code');
    expectFrench(await mfa({ factorType, action: 'verify', code: '000000' }), 'second step, wrong code');
    for (const t of ['TOTP', 'EMAIL', 'SMS']) {
      expectFrench(await mfa({ factorType: t, action: 'switch' }), `second step, ${t}`);
      if (t !== 'TOTP') expectFrench(await mfa({ factorType: t, action: 'resend' }), `second step, ${t} again`);
    }
    expectFrench(await mfa({ factorType: 'NOPE', action: 'verify' }), 'second step, bad form');
    // a member with a passkey only: the page sends them to the site's sign-in
    const passkeyOnly = `french-passkey-${Date.now()}@example.com`;
    await createTestMember(emu, passkeyOnly, PASSWORD);
    expect(
      (
        await api(emu, '/_dev/members/factors', {
          method: 'POST',
          body: { email: passkeyOnly, ...PASSKEY, credentialId: 'BQYHCAk' },
        })
      ).status,
    ).toBe(200);
    expectFrench(await text(post(loginPost, { email: passkeyOnly, password: PASSWORD })), 'sign-in, a passkey only');

    // ---- account and security
    for (const [type, status] of [
      ['EMAIL', 'REQUIRE_ACTIVATION'],
      ['SMS', 'ENABLED_BY_RULE'],
    ] as const) {
      const r = await api(emu, '/_dev/members/factors', {
        method: 'POST',
        body: { memberId, type, status, ...(type === 'SMS' ? { phone: '+15555550124' } : {}) },
      });
      expect(r.status, r.text).toBe(200);
    }
    const { access } = await memberTokens(emu, { id: memberId });
    const rs = await api(emu, REDIRECT, {
      token: access,
      body: { memberAccountPage: {}, callbacks: { postFlowUrl: 'http://127.0.0.1:5173/' }, preferences: FR },
    });
    const account = rs.json.redirectSession.fullUrl as string;
    const accountHtml = await text(fetch(account));
    expectFrench(accountHtml, 'account');
    const accountPost = actionOf(accountHtml, account);
    for (const fields of [
      { op: 'nickname', nickname: '' } as Record<string, string>,
      { op: 'nickname', nickname: 'Ada' },
      { op: 'join' },
      { op: 'leave' },
      { op: 'nope' },
    ])
      expectFrench(await text(post(accountPost, fields)), `account, ${JSON.stringify(fields)}`);
    const security = new URL(decode(/href="([^"]*\/_hosted\/security[^"]*)"/.exec(accountHtml)![1]!), account).href;
    const securityHtml = await text(fetch(security));
    expectFrench(securityHtml, 'security');
    const securityPost = actionOf(securityHtml, security);
    const started = await text(post(securityPost, { op: 'startTotp' }));
    expectFrench(started, 'security, an app being added');
    const pendingId = /name="factorId" value="([^"]+)">\n<div class="f"><label for="code">/.exec(started)![1]!;
    expectFrench(
      await text(post(securityPost, { op: 'confirmTotp', factorId: pendingId, code: '000000' })),
      'security, wrong code',
    );
    expectFrench(await text(post(securityPost, { op: 'remove', factorId: 'nope' })), 'security, remove refused');
    const removable = /name="factorId" value="([^"]+)"><button class="secondary"/.exec(started)![1]!;
    expectFrench(await text(post(securityPost, { op: 'remove', factorId: removable })), 'security, removed');
    expectFrench(await text(post(securityPost, { op: 'nope' })), 'security, bad form');
    const secret = /id="totp-secret">([^<]+)</.exec(started)![1]!;
    const confirmed = await text(
      post(securityPost, { op: 'confirmTotp', factorId: pendingId, code: totpCode(secret, Date.now()) }),
    );
    expect(confirmed).toContain('<p role="status">Votre application d’authentification est activée.</p>');
    expectFrench(confirmed, 'security, app on');
    expectFrench(await text(post(securityPost, { op: 'startTotp' }, 'http://evil.example')), 'refused post');
    expectFrench(await text(fetch(`${emu.hostedUrl}/_hosted/account?session=nope&lang=fr`)), 'expired link');

    // ---- checkout (a member's: the "save this address" box too)
    await api(emu, '/ecom/v1/carts/current/add-to-cart', {
      token: access,
      body: { lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: STOOL }, quantity: 1 }] },
    });
    const { checkoutId } = (
      await api(emu, '/ecom/v1/carts/current/create-checkout', { token: access, body: { channelType: 'WEB' } })
    ).json as { checkoutId: string };
    const co = await api(emu, REDIRECT, {
      token: access,
      body: {
        ecomCheckout: { checkoutId },
        callbacks: { thankYouPageUrl: 'http://127.0.0.1:5173/thank-you', cartPageUrl: 'http://127.0.0.1:5173/' },
        preferences: FR,
      },
    });
    const checkout = co.json.redirectSession.fullUrl as string;
    const checkoutHtml = await text(fetch(checkout));
    expectFrench(checkoutHtml, 'checkout');
    const checkoutPost = actionOf(checkoutHtml, checkout);
    const buyer = { ...BUYER, subdivision: 'NY' };
    for (const [name, fields] of [
      ['nothing', { saveAddress: 'x' }],
      ['no discount code', { ...buyer, op: 'discount', discountCode: '' }],
      ['an unknown code', { ...buyer, op: 'discount', discountCode: 'NOPE2024' }],
      ['an expired code', { ...buyer, op: 'discount', discountCode: 'SUMMER24' }],
      ['a code applied', { ...buyer, op: 'discount', discountCode: 'FERN5' }],
      ['the code removed', { ...buyer, op: 'removeDiscount' }],
      ['no state', { ...buyer, subdivision: '' }],
      ['no shipping option', { ...buyer, shipping: 'nope' }],
      ['an expired card', { ...buyer, cardExpiry: '01/20' }],
      ['a declined card', { ...buyer, cardNumber: '4000000000000002' }],
      ['another card', { ...buyer, cardNumber: '4111111111111111' }],
    ] as const)
      expectFrench(await text(post(checkoutPost, fields)), `checkout, ${name}`);
    expectFrench(await text(fetch(`${emu.hostedUrl}/_hosted/checkout?session=nope&lang=fr`)), 'checkout expired');

    // the lines sold out since the checkout was made: the platform's refusal, in French
    const LANTERN = seedIds.products['camp-lantern']!;
    const { access: shopper } = await visitorTokens(emu);
    await api(emu, '/ecom/v1/carts/current/add-to-cart', {
      token: shopper,
      body: { lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: LANTERN }, quantity: 2 }] },
    });
    const late = (
      await api(emu, '/ecom/v1/carts/current/create-checkout', { token: shopper, body: { channelType: 'WEB' } })
    ).json as { checkoutId: string };
    const lateUrl = (
      await api(emu, REDIRECT, {
        token: shopper,
        body: {
          ecomCheckout: { checkoutId: late.checkoutId },
          callbacks: { thankYouPageUrl: 'http://127.0.0.1:5173/thank-you' },
          preferences: FR,
        },
      })
    ).json.redirectSession.fullUrl as string;
    const latePost = actionOf(await text(fetch(lateUrl)), lateUrl);
    const stock = emu.db.prepare<[number, string]>('UPDATE product_variants SET quantity = ? WHERE product_id = ?');
    stock.run(1, LANTERN);
    const partly = await text(post(latePost, buyer));
    expect(partly).toMatch(/<p class="err" role="alert">Plus que 1 × [^<]+ en stock\.<\/p>/);
    expectFrench(partly, 'checkout, one left');
    stock.run(0, LANTERN);
    const none = await text(post(latePost, buyer));
    expect(none).toMatch(/<p class="err" role="alert">[^<]+ est en rupture de stock\.<\/p>/);
    expectFrench(none, 'checkout, sold out');

    expect(pages).toBeGreaterThan(35);
    for (const said of [
      'Saisissez le code de votre application d’authentification',
      'Saisissez le code à 6 chiffres.',
      'Code incorrect. Encore 2 essais avant que cette connexion soit bloquée.',
      'Nous avons envoyé un code à 6 chiffres à',
      'Un nouveau code peut être envoyé 30 secondes après le précédent : patientez encore',
      'Se souvenir de cet appareil',
      'Saisissez un nom.',
      'Votre nom a été enregistré.',
      'Vous avez rejoint la communauté.',
      'aria-label="Retirer Code par SMS (',
      'Activé (le site l’exige)',
      'En attente de confirmation',
      'Ce code n’est pas le bon.',
      'Le second facteur a été retiré.',
      'Ce formulaire a été envoyé depuis un autre site',
      'Ce lien a expiré',
      'Code FERN5 appliqué.',
      'Le code FERN5 a été retiré.',
      '<bdi>Coupon FERN5</bdi>',
      'Votre carte a été refusée.',
      'Utilisez la carte de test 4242424242424242',
      'placeholder="MM/AA"',
      'Ce lien de commande a expiré',
      '<p class="muted">Utilisez une clé d’accès depuis la connexion du site.</p>', // the note, on the step
      '<p class="err" role="alert">Utilisez une clé d’accès depuis la connexion du site.</p>', // a passkey only
      '<b>Clé d’accès</b>',
    ])
      expect(walked).toContain(said);
    // every text a French page asked words.ts for had French
    expect(missingFrench()).toEqual([]);
  }, 60_000); // some forty pages on a shared machine
});
