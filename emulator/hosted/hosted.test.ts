/**
 * The hosted pages as files: the renderer escapes every value put into HTML, and the pages it makes keep the strict
 * policy (no inline script or style; their stylesheet and scripts served from /_hosted/).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES_APP_ID } from '../domain/catalog.ts';
import { seedIds } from '../seed.ts';
import { pkceChallenge } from '../domain/auth.ts';
import type { RunningEmulator } from '../server.ts';
import { api, memberTokens, startTestEmulator, visitorTokens } from '../../tests/helpers/emulator.ts';
import { attrs, EMPTY, esc, flag, HOSTED_ASSETS, jsonData, render } from './render.ts';

const XSS = '<script>alert(1)</script>';
const REDIRECT = '/_api/redirects-api/v1/redirect-session';

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

  it('every template placeholder is a plain name, and the folder serves its stylesheets and scripts', () => {
    const dir = new URL('.', import.meta.url);
    for (const f of readdirSync(dir).filter((f) => f.endsWith('.html'))) {
      const text = readFileSync(new URL(f, dir), 'utf8');
      expect(text.match(/\{\{?[^}]*\}?\}/g)?.every((p) => /^\{\{\w+\}\}$/.test(p)) ?? true, f).toBe(true);
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
    const rs = await api(emu, REDIRECT, {
      token: access,
      body: {
        auth: {
          authRequest: {
            clientId: 'demo-client',
            codeChallenge: pkceChallenge('hosted-render-test-verifier-0123456789-abcdefg'),
            codeChallengeMethod: 'S256',
            responseMode: 'fragment',
            responseType: 'code',
            state: XSS,
            redirectUri: 'http://127.0.0.1:5173/',
          },
          prompt: 'login',
        },
      },
    });
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
    expect(html).toContain('<dd>a&lt;script&gt;alert(1)&lt;/script&gt;@example.com');
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
    expect(html).toContain('<span class="nm">Stool &lt;script&gt;alert(1)&lt;/script&gt;</span>');
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
    const images = [...(await r.text()).matchAll(/<img[^>]* src="([^"]+)"/g)].map((m) => m[1]!);
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
