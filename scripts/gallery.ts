/**
 * `npm run gallery`: drives every widget state and hosted page for real (the built bundle in Debian's Chromium, the
 * demo storefront against the emulator; slow and failing states through the emulator's `/_dev/faults`), at 375 and
 * 1280 px, light and dark, and writes `gallery/<state>--<width>-<scheme>.png` and the contact sheet
 * `gallery/index.html`. A state that fails is reported (with what the page looked like) and the others still run;
 * the exit code is 1 when any failed. `tsx scripts/gallery.ts reviews- cart-` runs only the states whose id starts
 * with one of the arguments (the sheet then lists only those).
 *
 * One browser; per variant one context for the visitor, one signed in as the demo member and one as the owner (both
 * signed in through <inlay-login>), reused from state to state; states that change a visitor's cart or subscriptions
 * get a fresh context of their own. Faults are global to the emulator, so the states run one after the other.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { fillHostedCheckout, showReviews } from '../tests/helpers/browser.ts';
import { CHROMIUM_ARGS, ensureChromium } from '../tests/helpers/chromium.ts';
import { startStack, type Stack } from '../tests/helpers/stack.ts';
import { DEMO_LOGINS, seedIds, seedVariantId } from '../emulator/seed.ts';
import { adminToken, api, memberTokens, placeOrder, placeOrderAs, visitorTokens } from '../tests/helpers/emulator.ts';
import { TEST_CARDS } from '../emulator/routes/checkout.ts';
import { insertReview } from '../emulator/domain/reviews.ts';
import { replaceMemberContactSets } from '../emulator/domain/identity.ts';
import { seedDemoStockRequests } from '../emulator/domain/back-in-stock.ts';
import { createFulfillment, listFulfillments } from '../emulator/domain/fulfillments.ts';
import { contactSheet, shotName, VARIANTS, type Scheme, type Shot, type StateResult } from './gallery-sheet.ts';
import { englishDictionaries, frenchFiles } from './pseudo-locale.ts';

const OUT = 'gallery';
const VIEWPORT_HEIGHT: Record<number, number> = { 375: 812, 1280: 900 };
/** How long one step (a click, a wait) may take before the state counts as failed. */
const STEP_MS = 15_000;

type Session = 'visitor' | 'member' | 'owner' | 'fresh';
/** What to capture: the viewport, the whole page, an element, or the box around some elements (plus padding). */
type Target = 'viewport' | 'full' | Locator | { around: Locator[]; pad?: number };

/** A state's language besides English: French, or the right-to-left test language (widgets/languages/ar-XB.ts). */
type Lang = 'fr' | 'ar-XB';

interface Run {
  page: Page;
  stack: Stack;
  width: number;
  scheme: Scheme;
  /** The page's language (`?lang=` on every demo page `go` opens; ar-XB lays it out right to left); none: English. */
  lang?: Lang;
  /** Adds an emulator fault (POST /_dev/faults) for this state; every fault is cleared after each shot. */
  fault(f: { path: string; method?: string; status?: number; delayMs?: number; times?: number }): Promise<void>;
}

/** The media library's shots: a folder and eight coloured images uploaded through the upload URL (once per stack), two of them in the trash. */
async function mediaForShots(r: Run): Promise<void> {
  const emu = r.stack.emulator;
  const token = await adminToken(emu);
  const listed = await api(emu, '/site-media/v1/files/search', { token, body: { search: 'Enamel mug' } });
  if (((listed.json as { files?: unknown[] }).files ?? []).length) return;
  await api(emu, '/site-media/v1/folders', {
    token,
    body: { displayName: 'Product shots', parentFolderId: 'media-root' },
  });
  const colours: [string, string][] = [
    ['Enamel mug, blue', '#2f5d9f'],
    ['Enamel mug, green', '#2f7d50'],
    ['Rucksack, waxed canvas', '#8a6a3a'],
    ['Candles, beeswax', '#d9a441'],
    ['Lantern at dusk', '#5a3d7a'],
    ['Camp stove', '#9f3a2f'],
    ['Old banner', '#777777'],
    ['Draft label', '#444444'],
  ];
  const ids: string[] = [];
  for (const [name, colour] of colours) {
    const bytes = Buffer.from(
      await r.page.evaluate(async (fill) => {
        const c = new OffscreenCanvas(160, 160);
        const g = c.getContext('2d')!;
        g.fillStyle = fill;
        g.fillRect(0, 0, 160, 160);
        g.fillStyle = 'rgba(255,255,255,.35)';
        g.beginPath();
        g.arc(80, 80, 44, 0, Math.PI * 2);
        g.fill();
        return [...new Uint8Array(await (await c.convertToBlob({ type: 'image/png' })).arrayBuffer())];
      }, colour),
    );
    const url = await api(emu, '/site-media/v1/files/generate-upload-url', {
      token,
      body: { mimeType: 'image/png', fileName: `${name}.png`, sizeInBytes: String(bytes.length) },
    });
    const put = await fetch((url.json as { uploadUrl: string }).uploadUrl, {
      method: 'PUT',
      body: bytes,
      headers: { 'Content-Type': 'image/png' },
    });
    ids.push(((await put.json()) as { file: { id: string } }).file.id);
  }
  await api(emu, '/site-media/v1/bulk/files/delete', { token, body: { fileIds: ids.slice(-2), permanent: false } });
}

interface State {
  id: string;
  group: string;
  title: string;
  caption: string;
  /** Which context it runs in (default: the variant's visitor). */
  session?: Session;
  run(r: Run): Promise<Target>;
}

// ---- helpers -------------------------------------------------------------------------------------------------

const MUG = 'enamel-camp-mug';
const NAVY = seedVariantId(MUG, { Color: 'Navy' });

/** `url` with the run's language as `lang=` (a demo page sets `<html lang>` from it; a hosted page gets it too). */
const withLang = (r: Run, url: string) => {
  if (!r.lang) return url;
  const u = new URL(url, r.stack.demo);
  u.searchParams.set('lang', r.lang);
  return u.href;
};

/** The hosted page the browser is on, opened again with the run's language (`lang=`, for the hosted pages to honour). */
const hostedInLanguage = async (r: Run) => {
  if (r.lang) await r.page.goto(withLang(r, r.page.url()));
};

// The widgets' words in each language, to find a control by its name in any of them (`say`).
const ENGLISH = Object.assign({}, ...englishDictionaries().map((d) => d.strings)) as Record<string, string>;
const FRENCH: Record<string, string> = {};
for (const file of frenchFiles()) Object.assign(FRENCH, ((await import(file)) as { fr: Record<string, string> }).fr);
/** The bidi controls a right-to-left string may carry around its words and values (RLM, overrides, isolates). */
const BIDI = '[\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]*';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A widget's English string `words` (a dictionary's, `{placeholders}` filled from `params`, any value where not
 * given) as the run's language says it: in English the text itself (a name Playwright matches as it always did, or a
 * prefix with `prefix`); in French or ar-XB a RegExp of the whole name (of its start with `prefix`) in that language,
 * bidi controls allowed. Throws for words no dictionary has.
 */
function say(r: Run, words: string, o: { params?: Record<string, string | number>; prefix?: boolean } = {}) {
  const lang = r.lang;
  // a placeholder: its value (as the language writes a number), or any text where none is given
  const value = (name: string) => {
    const v = o.params?.[name];
    return typeof v === 'number' ? new Intl.NumberFormat(lang ?? 'en').format(v) : v;
  };
  const plain = words.replace(/\{(\w+)\}/g, (m, name: string) => value(name) ?? m);
  if (!lang && !o.prefix && !/\{\w+\}/.test(plain)) return plain;
  const keys = lang ? Object.keys(ENGLISH).filter((k) => ENGLISH[k] === words) : [];
  if (lang && !keys.length) throw new Error(`gallery: "${words}" is no widget's English string`);
  const templates = lang ? keys.map((k) => (lang === 'fr' ? FRENCH[k]! : ENGLISH[k]!)) : [words];
  const forms = templates.map((t) =>
    t
      .split(/(\{\w+\})/)
      .map((part, i) => {
        if (i % 2 === 0) return escape(part);
        const v = value(part.slice(1, -1));
        return v === undefined ? '.*' : `${BIDI}${escape(v)}${BIDI}`;
      })
      .join(''),
  );
  return new RegExp(`^${BIDI}(?:${[...new Set(forms)].join('|')})${o.prefix ? '' : `${BIDI}$`}`);
}

const go = async (r: Run, path: string, o: { uncached?: boolean } = {}) => {
  if (o.uncached) {
    // the reads kept across pages (fresh for 60 s) would show instead of a loading or error state: drop them first,
    // from a same-origin page without widgets
    await r.page.goto(r.stack.demo + '/favicon.svg');
    await r.page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith('inlay.cache.'))
        .forEach((k) => localStorage.removeItem(k)),
    );
  }
  await r.page.goto(withLang(r, r.stack.demo + path));
};

/** The box around `l`, 16 px of the page around it. */
const around = (l: Locator, pad = 16): Target => ({ around: [l], pad });

/** The owner's console at `/admin<query>`, once `ready` (a selector inside it) shows. */
async function openConsole(r: Run, query: string, ready: string) {
  await go(r, `/admin${query}`);
  const admin = r.page.locator('inlay-admin');
  await admin.locator(ready).first().waitFor();
  return admin;
}

/**
 * Every shown inlay-* element is defined, has rendered into its shadow root, and nothing in it is busy. A
 * `loading="lazy"` one whose tag is not loaded yet (out of view: the product page's reviews) waits by design: a state
 * that shows it brings it in first (`showReviews`).
 */
async function widgetsReady(page: Page) {
  await page.waitForFunction(
    () =>
      document.readyState !== 'loading' &&
      [...document.querySelectorAll('*')]
        .filter((e) => e.localName.startsWith('inlay-') && !(e as HTMLElement).hidden)
        .filter((e) => customElements.get(e.localName) || e.getAttribute('loading') !== 'lazy')
        .every(
          (e) =>
            customElements.get(e.localName) &&
            (e.shadowRoot?.childElementCount ?? 0) > 0 &&
            !e.shadowRoot?.querySelector('[aria-busy=true]'),
        ),
    undefined,
    { timeout: STEP_MS, polling: 100 },
  );
}

/**
 * Lazy images load now (full-page shots capture below the fold), then wait for every image and the fonts.
 * (Functions run in the page declare no named inner functions: tsx would wrap them in a helper the page lacks.)
 */
async function settle(page: Page) {
  await page.evaluate(async () => {
    const imgs: HTMLImageElement[] = [];
    const roots: (Document | ShadowRoot)[] = [document];
    for (let root = roots.pop(); root; root = roots.pop()) {
      for (const e of root.querySelectorAll('*')) {
        if (e instanceof HTMLImageElement) imgs.push(e);
        if (e.shadowRoot) roots.push(e.shadowRoot);
      }
    }
    for (const i of imgs) if (i.loading === 'lazy') i.loading = 'eager';
    const loaded = Promise.all(
      imgs.map((i) =>
        i.complete ? undefined : new Promise((r) => (i.addEventListener('load', r), i.addEventListener('error', r))),
      ),
    );
    await Promise.race([Promise.all([loaded, document.fonts.ready]), new Promise((r) => setTimeout(r, 5000))]);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/** Waits for the running animations of the element (a toast fading in) to end. */
const animationsDone = (l: Locator) =>
  l
    .evaluate((e) => Promise.all(e.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))))
    .then(() => undefined);

const band = (page: Page, tag: string) => page.locator('section.band', { has: page.locator(tag) });

async function signIn(page: Page, stack: Stack, who: 'member' | 'owner') {
  await page.goto(`${stack.demo}/`);
  const login = page.locator('inlay-login');
  await login.getByRole('button', { name: 'Sign in' }).click();
  await login.getByLabel('Email').fill(DEMO_LOGINS[who].email);
  await login.getByLabel('Password', { exact: true }).fill(DEMO_LOGINS[who].password);
  await login.getByLabel('Password', { exact: true }).press('Enter');
  await login.getByRole('button', { name: /^Account menu/ }).waitFor();
}

/** `path`: a page whose `<inlay-login>` has no `account-url` (the single-page shop's) opens the hosted account page. */
async function openAccountMenu(r: Run, path = '/') {
  await go(r, path);
  const login = r.page.locator('inlay-login');
  await login.getByRole('button', { name: say(r, 'Account menu for {name}', { prefix: true }) }).click();
  await login.getByRole('menu').waitFor();
  return login;
}

/** `query`: e.g. `?companion=off`, the page without the site companion. */
async function openReviewForm(r: Run, slug: string, query = '') {
  await go(r, `/products/${slug}${query}`);
  await showReviews(r.page);
  const reviews = r.page.locator('inlay-reviews');
  await reviews.getByRole('button', { name: say(r, 'Write a review') }).click();
  await reviews.getByRole('group', { name: say(r, 'Your rating') }).waitFor();
  return reviews;
}

/** The mug in the cart through its own button: the drawer, open with its line. */
async function mugInDrawer(r: Run) {
  await go(r, `/products/${MUG}`);
  await r.page
    .locator('.buy inlay-add-to-cart')
    .getByRole('button', { name: say(r, 'Add to cart') })
    .click();
  const drawer = r.page.locator('inlay-cart dialog');
  await drawer.locator('li.line').first().waitFor();
  return drawer;
}

/** The mug in the cart, the drawer open with its totals; then the hosted checkout. */
async function toHostedCheckout(r: Run) {
  const drawer = await mugInDrawer(r);
  await drawer.getByRole('button', { name: say(r, 'Check out') }).click();
  await r.page.waitForURL(/\/_hosted\/checkout\?session=/, { timeout: STEP_MS });
}

/** The demo member's account with two orders placed through the hosted checkout (placed once per gallery run). */
async function accountWithOrders(r: Run, query = '') {
  const db = r.stack.emulator.db;
  const placed = db
    .prepare<[string], { n: number }>("SELECT COUNT(*) AS n FROM orders WHERE owner = 'm:' || ?")
    .get(seedIds.members.member)!.n;
  if (placed < 2) {
    const { access } = await memberTokens(r.stack.emulator, 'member');
    const mug = { productId: seedIds.products[MUG]!, variantId: seedVariantId(MUG, { Color: 'Forest' }), quantity: 2 };
    await placeOrder(r.stack.emulator, [mug], r.stack.demo, access);
    await placeOrder(
      r.stack.emulator,
      [
        { productId: seedIds.products['maple-cutting-board']!, quantity: 1 },
        { ...mug, quantity: 1 },
      ],
      r.stack.demo,
      access,
    );
  }
  await go(r, `/account${query}`);
  const account = r.page.locator('inlay-account');
  return account;
}

/**
 * The owner's console on its orders, with three buyers' orders placed through the hosted checkout once per gallery run:
 * Nell's paid (2 of an item), Otto's authorized only (captured later), Pia's paid.
 */
async function consoleWithOrders(r: Run, query = '') {
  const db = r.stack.emulator.db;
  const placed = db
    .prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM orders WHERE data LIKE '%gallery.console@example.com%'")
    .get()!.n;
  if (!placed) {
    const tapers = { productId: seedIds.products['beeswax-taper-candles']! };
    for (const [first, card, quantity, email] of [
      ['Nell', TEST_CARDS.ok, 2, 'gallery.console@example.com'],
      ['Otto', TEST_CARDS.authorize, 1, 'otto.console@example.com'],
      ['Pia', TEST_CARDS.ok, 3, 'pia.console@example.com'],
    ] as const)
      await placeOrderAs(
        r.stack.emulator,
        (await visitorTokens(r.stack.emulator)).access,
        [{ ...tapers, quantity }],
        { email, firstName: first, lastName: 'Gallery', cardNumber: card },
        r.stack.demo,
      );
    // the list at the owner's scale (issue 40): more buyers, some shipped (all or part), one payment pending, tags
    const emu = r.stack.emulator;
    const token = await adminToken(emu);
    const more = [
      ['Ines', 'Okafor', TEST_CARDS.ok, 1, 'all'],
      ['Jonas', 'Berg', TEST_CARDS.ok, 3, 'part'],
      ['Kai', 'Tanaka', TEST_CARDS.pending, 2, ''],
      ['Lena', 'Fischer', TEST_CARDS.ok, 4, 'all'],
      ['Mateo', 'Silva', TEST_CARDS.ok, 1, ''],
      ['Noor', 'Haddad', TEST_CARDS.ok, 2, ''],
      ['Omar', 'Reyes', TEST_CARDS.ok, 1, 'all'],
      ['Priya', 'Shah', TEST_CARDS.ok, 5, ''],
    ] as const;
    for (const [first, last, card, quantity, ship] of more) {
      const id = await placeOrderAs(
        emu,
        (await visitorTokens(emu)).access,
        [{ ...tapers, quantity }],
        { email: `${first.toLowerCase()}.list@example.com`, firstName: first, lastName: last, cardNumber: card },
        r.stack.demo,
      );
      const order = (await api(emu, `/ecom/v1/orders/${id}`, { token })).json as {
        order: { lineItems: { id: string; quantity: number }[] };
      };
      const line = order.order.lineItems[0]!;
      if (ship)
        await api(emu, `/ecom/v1/fulfillments/orders/${id}/create-fulfillment`, {
          token,
          body: { fulfillment: { lineItems: [{ id: line.id, quantity: ship === 'all' ? line.quantity : 1 }] } },
        });
      if (first === 'Noor' || first === 'Jonas')
        await api(emu, '/ecom/v1/bulk/orders/update-tags', {
          token,
          body: {
            orderIds: [id],
            assignTags: { privateTags: { tagIds: first === 'Noor' ? ['gift-wrap'] : ['wholesale'] } },
          },
        });
    }
  }
  return openConsole(r, query, '[part=order]');
}

/**
 * One shipment on order `id` (once per gallery run): `lines` of it (the first line, quantity 1, by default) with
 * `tracking`, made in the emulator as the companion's route makes it.
 */
function shipOnce(
  r: Run,
  id: string,
  tracking: { trackingNumber: string; shippingProvider: string; trackingLink?: string },
) {
  const db = r.stack.emulator.db;
  if (listFulfillments(db, id).length) return;
  const line = (
    JSON.parse(db.prepare<[string], { data: string }>('SELECT data FROM orders WHERE id = ?').get(id)!.data) as {
      lineItems: { id: string }[];
    }
  ).lineItems[0]!.id;
  createFulfillment(db, id, { lineItems: [{ id: line, quantity: 1 }], trackingInfo: tracking }, Date.now());
}

/**
 * The demo member's paid order with a cancellation request (asked once per gallery run through the companion, as the
 * account asks it: a merchant comment and a private tag on the platform's order).
 */
async function consoleWithRequest(r: Run) {
  const db = r.stack.emulator.db;
  const asked = db
    .prepare<[], { n: number }>(
      "SELECT COUNT(*) AS n FROM orders WHERE data LIKE '%Cancellation requested by the buyer: Ordered the wrong size%'",
    )
    .get()!.n;
  if (!asked) {
    const { access } = await memberTokens(r.stack.emulator, 'member');
    const stool = { productId: seedIds.products['folding-camp-stool']!, quantity: 1 };
    const orderId = await placeOrder(r.stack.emulator, [stool], r.stack.demo, access);
    const res = await fetch(`${r.stack.companion.url}/v1/my/orders/${orderId}/cancel`, {
      method: 'POST',
      headers: { Authorization: access, 'Content-Type': 'application/json' },
      body: JSON.stringify({ reason: 'Ordered the wrong size' }),
    });
    if (!res.ok) throw new Error(`the cancellation request failed: ${res.status}`);
  }
  return openConsole(r, '?admin-requested=1', '[part=order]');
}

/**
 * The demo member's first order (two mugs) with one mug refunded, as the console's payments panel would (once per
 * gallery run): its id.
 */
let refunded: Promise<string> | undefined;
function orderWithRefund(r: Run): Promise<string> {
  return (refunded ??= (async () => {
    const db = r.stack.emulator.db;
    type Row = { id: string; lineItems: { id: string; quantity: number }[] };
    const orders = db
      .prepare<[string], { data: string }>("SELECT data FROM orders WHERE owner = 'm:' || ? ORDER BY rowid")
      .all(seedIds.members.member!)
      .map((o) => JSON.parse(o.data) as Row);
    const order = orders.find((o) => o.lineItems.some((l) => l.quantity === 2));
    if (!order) throw new Error('no order of two mugs to refund one of');
    const token = await adminToken(r.stack.emulator);
    const tx = (await api(r.stack.emulator, `/ecom/v1/payments/orders/${order.id}`, { token })).json as {
      orderTransactions: { payments: { id: string }[] };
    };
    const mug = order.lineItems.find((l) => l.quantity === 2)!;
    const res = await api(r.stack.emulator, `/ecom/v1/payments-collector/orders/${order.id}/trigger-refund`, {
      token,
      body: {
        payments: [{ paymentId: tx.orderTransactions.payments[0]!.id }],
        details: { lineItems: [{ lineItemId: mug.id, quantity: 1 }], reason: 'Chipped enamel' },
      },
    });
    if (res.status !== 200) throw new Error(`the refund failed: ${res.status}`);
    return order.id;
  })());
}

// ---- the states ----------------------------------------------------------------------------------------------

const BASE: State[] = [
  {
    id: 'demo-home',
    group: 'Demo storefront',
    title: 'Home',
    caption: 'The demo home page, whole page (best sellers stay hidden until something is sold).',
    async run(r) {
      await go(r, '/');
      await widgetsReady(r.page);
      return 'full';
    },
  },
  {
    id: 'demo-product',
    group: 'Demo storefront',
    title: 'Product page',
    caption: `/products/${MUG}, whole page: every widget.`,
    async run(r) {
      await go(r, `/products/${MUG}`);
      await showReviews(r.page);
      await widgetsReady(r.page);
      await r.page.locator('inlay-recommendations').getByRole('group').first().waitFor();
      return 'full';
    },
  },
  {
    id: 'demo-product-variant',
    group: 'Demo storefront',
    title: 'Product page, another colour chosen',
    caption: `/products/${MUG} with "Cream" chosen: the main image is the colour’s own photo; the first screen, header included.`,
    async run(r) {
      await go(r, `/products/${MUG}`);
      await r.page.locator('#variant').selectOption({ label: 'Cream' });
      await r.page.waitForFunction(() =>
        document.querySelector<HTMLImageElement>('.product-media img')?.src.endsWith('--cream.svg'),
      );
      await widgetsReady(r.page);
      return 'viewport';
    },
  },
  {
    id: 'reviews-loading',
    group: 'Reviews',
    title: 'Loading',
    caption: 'Every /reviews/v1/* call held 30 s by a delay fault.',
    async run(r) {
      await r.fault({ path: '/reviews/v1/*', delayMs: 30_000 });
      await go(r, `/products/${MUG}`, { uncached: true });
      await showReviews(r.page);
      await r.page.waitForFunction(
        () => (document.querySelector('inlay-reviews')?.shadowRoot?.childElementCount ?? 0) > 0,
        undefined,
        { timeout: STEP_MS },
      );
      return band(r.page, 'inlay-reviews');
    },
  },
  {
    id: 'reviews-list',
    group: 'Reviews',
    title: 'List',
    caption: 'cast-iron-skillet: 7 seeded reviews (replies, a photo, helpful votes), first page.',
    async run(r) {
      await go(r, '/products/cast-iron-skillet');
      await showReviews(r.page);
      await r.page.locator('inlay-reviews [part=list] article').first().waitFor();
      await widgetsReady(r.page);
      return band(r.page, 'inlay-reviews');
    },
  },
  {
    id: 'reviews-empty',
    group: 'Reviews',
    title: 'Empty',
    caption: 'merino-wool-blanket: no reviews in the seed.',
    async run(r) {
      await go(r, '/products/merino-wool-blanket');
      await showReviews(r.page);
      await r.page
        .locator('inlay-reviews')
        .getByRole('button', { name: say(r, 'Write the first review') })
        .waitFor();
      await widgetsReady(r.page);
      return band(r.page, 'inlay-reviews');
    },
  },
  {
    id: 'reviews-form-open',
    group: 'Reviews',
    title: 'Form open',
    caption: 'linen-apron, visitor: "Write a review".',
    async run(r) {
      const reviews = await openReviewForm(r, 'linen-apron');
      return { around: [reviews.locator('form').first()], pad: 16 };
    },
  },
  {
    id: 'reviews-form-errors',
    group: 'Reviews',
    title: 'Form errors',
    caption: 'linen-apron, visitor: "Submit review" with nothing filled in.',
    async run(r) {
      const reviews = await openReviewForm(r, 'linen-apron');
      await reviews.getByRole('button', { name: 'Submit review' }).click();
      await reviews.locator('.err').first().waitFor();
      return { around: [reviews.locator('form').first()], pad: 16 };
    },
  },
  {
    id: 'reviews-sign-in',
    group: 'Reviews',
    title: 'Asked to sign in',
    // a context of its own: the review typed is kept for the visitor (sessionStorage), so the next run of this state
    // (in French, right to left) would find the form already open with it
    session: 'fresh',
    caption:
      'waxed-canvas-tote, visitor, no site companion (?companion=off): a 4-star review typed; only the sign-in (the login widget inline, no "Submit review"): the review goes once signed in.',
    async run(r) {
      const reviews = await openReviewForm(r, 'waxed-canvas-tote', '?companion=off');
      await reviews
        .getByRole('radio', { name: say(r, '{count} stars', { params: { count: 4 } }), exact: true })
        .check();
      await reviews.getByLabel(say(r, 'Title (optional)')).fill('Carries a week of groceries');
      await reviews
        .getByLabel(say(r, 'Your review'))
        .fill(
          'The canvas has softened nicely after a month of daily use.\nStraps are long enough to wear over a coat.',
        );
      await reviews
        .locator('[part=signin] inlay-login')
        .getByRole('button', { name: say(r, 'Sign in') })
        .waitFor();
      return band(r.page, 'inlay-reviews');
    },
  },
  {
    id: 'reviews-visitor-sent',
    group: 'Reviews',
    title: 'Visitor review sent (companion)',
    session: 'fresh',
    caption:
      'waxed-canvas-tote, visitor, through the site companion: name, email and a 5-star review sent; awaiting moderation.',
    async run(r) {
      const reviews = await openReviewForm(r, 'waxed-canvas-tote');
      await reviews
        .getByRole('radio', { name: say(r, '{count} stars', { params: { count: 5 } }), exact: true })
        .check();
      await reviews.getByLabel(say(r, 'Your review')).fill('Held up to a wet week in the hills without a complaint.');
      await reviews.getByLabel(say(r, 'Your name (shown publicly)', { prefix: true })).fill('Ines');
      await reviews
        .getByLabel(say(r, 'Your email (never shown)', { prefix: true }))
        .fill(`ines.${r.width}.${r.scheme}${r.lang ?? ''}@example.com`);
      await reviews.getByRole('button', { name: say(r, 'Submit review') }).click();
      await reviews.locator('.note[part=status]').waitFor({ timeout: 30_000 });
      return band(r.page, 'inlay-reviews');
    },
  },
  {
    id: 'reviews-lightbox',
    group: 'Reviews',
    title: 'Photo lightbox',
    caption: `${MUG}: the first review photo, opened.`,
    async run(r) {
      await go(r, `/products/${MUG}`);
      await showReviews(r.page);
      const reviews = r.page.locator('inlay-reviews');
      await reviews.locator('[part=photo]').first().click();
      await reviews.locator('dialog[open]').waitFor();
      await animationsDone(reviews.locator('dialog[open]'));
      return 'viewport';
    },
  },
  {
    id: 'rating',
    group: 'Rating',
    title: 'Stars and count',
    caption: `${MUG}: <inlay-rating> under the title (with the title and price around it).`,
    async run(r) {
      await go(r, `/products/${MUG}`);
      const rating = r.page.locator('.product-info inlay-rating');
      await rating.getByRole('img').waitFor();
      return {
        around: [
          r.page.locator('.product-info').locator('.brand-name, h1').first(),
          r.page.locator('.product-info .price'),
        ],
        pad: 16,
      };
    },
  },
  {
    id: 'recommendations-loading',
    group: 'Recommendations',
    title: 'Loading',
    caption: 'Every /v1/recommendations/* call held 30 s by a delay fault.',
    async run(r) {
      await r.fault({ path: '/v1/recommendations/*', delayMs: 30_000 });
      await go(r, `/products/${MUG}`, { uncached: true });
      await r.page.locator('inlay-recommendations .skeleton').first().waitFor();
      return band(r.page, 'inlay-recommendations');
    },
  },
  {
    id: 'recommendations-loaded',
    group: 'Recommendations',
    title: 'Loaded',
    caption: `${MUG}: related products.`,
    async run(r) {
      await go(r, `/products/${MUG}`);
      await r.page.locator('inlay-recommendations').getByRole('group').first().waitFor();
      await widgetsReady(r.page);
      return band(r.page, 'inlay-recommendations');
    },
  },
  {
    id: 'recommendations-error',
    group: 'Recommendations',
    title: 'Error: hidden',
    caption:
      'POST /v1/recommendations/get answers 503 (a status fault): one quiet retry, then the carousel and its section hide (no error box for a shopper; the page hears `inlay-error`).',
    async run(r) {
      await r.fault({ path: '/v1/recommendations/get', status: 503 });
      await go(r, `/products/${MUG}`, { uncached: true });
      // (the client's own retries of a 503 with their backoff, then the carousel's quiet retry: about 14 s)
      await r.page.waitForFunction(() => document.querySelector<HTMLElement>('inlay-recommendations')?.hidden, null, {
        timeout: 2 * STEP_MS,
      });
      return 'viewport';
    },
  },
  {
    id: 'login-signed-out',
    group: 'Login',
    title: 'Signed out',
    caption: 'The header of the home page: "Sign in" and the cart.',
    async run(r) {
      await go(r, '/');
      await r.page
        .locator('inlay-login')
        .getByRole('button', { name: say(r, 'Sign in') })
        .waitFor();
      await widgetsReady(r.page);
      return r.page.locator('header.site-header');
    },
  },
  {
    id: 'login-panel',
    group: 'Login',
    title: 'Panel open',
    caption: '"Sign in" pressed.',
    async run(r) {
      await go(r, '/');
      const login = r.page.locator('inlay-login');
      await login.getByRole('button', { name: 'Sign in' }).click();
      await login.getByRole('dialog').waitFor();
      await animationsDone(login.getByRole('dialog'));
      return 'viewport';
    },
  },
  {
    id: 'login-sign-up',
    group: 'Login',
    title: 'Sign-up',
    caption: '"New here? Create an account".',
    async run(r) {
      await go(r, '/');
      const login = r.page.locator('inlay-login');
      await login.getByRole('button', { name: 'Sign in' }).click();
      await login.getByRole('dialog').getByRole('button', { name: 'New here? Create an account' }).click();
      await login.getByRole('dialog').getByRole('button', { name: 'Create account' }).waitFor();
      await animationsDone(login.getByRole('dialog'));
      return 'viewport';
    },
  },
  {
    id: 'login-errors',
    group: 'Login',
    title: 'Errors',
    caption: 'Sign in with an email no account uses (one per variant: repeated failures would ask for a captcha).',
    async run(r) {
      await go(r, '/');
      const login = r.page.locator('inlay-login');
      await login.getByRole('button', { name: 'Sign in' }).click();
      await login.getByLabel('Email').fill(`nobody.${r.width}.${r.scheme}@example.com`);
      await login.getByLabel('Password', { exact: true }).fill('not my password');
      await login.getByLabel('Password', { exact: true }).press('Enter');
      await login.getByRole('dialog').locator('.err').first().waitFor();
      return 'viewport';
    },
  },
  {
    id: 'login-second-factor',
    group: 'Login',
    title: 'A second factor',
    caption:
      'The demo member with an authenticator app after the right password: the code step, other factors, "Remember this device".',
    async run(r) {
      await go(r, '/');
      const login = r.page.locator('inlay-login');
      await login.getByRole('button', { name: 'Sign in' }).click();
      await login.getByLabel('Email').fill(DEMO_LOGINS.authenticatorApp.email);
      await login.getByLabel('Password', { exact: true }).fill(DEMO_LOGINS.authenticatorApp.password);
      await login.getByLabel('Password', { exact: true }).press('Enter');
      await login.getByRole('button', { name: 'Verify', exact: true }).waitFor({ timeout: 15_000 });
      await animationsDone(login.getByRole('dialog'));
      return 'viewport';
    },
  },
  {
    id: 'login-member-menu',
    group: 'Login',
    title: 'Signed in: member menu',
    session: 'member',
    caption: `Signed in as the demo member (${DEMO_LOGINS.member.email}), the account menu open.`,
    async run(r) {
      const login = await openAccountMenu(r);
      await animationsDone(login.getByRole('menu'));
      return 'viewport';
    },
  },
  {
    id: 'login-profile',
    group: 'Login',
    title: 'Profile panel',
    session: 'member',
    caption:
      'Account menu → "Edit profile": the account’s profile (names, name on the site, community, phones, contact emails, addresses, password, deletion) in the header.',
    async run(r) {
      const login = await openAccountMenu(r);
      await login.getByRole('menuitem', { name: say(r, 'Edit profile') }).click();
      const profile = login.getByRole('dialog', { name: say(r, 'Your profile') });
      await profile.waitFor();
      await r.page.waitForFunction(
        () => {
          const input = document
            .querySelector('inlay-login')
            ?.shadowRoot?.querySelector<HTMLInputElement>('[role=dialog] input[name=nickname]');
          return !!input?.value;
        },
        undefined,
        { timeout: STEP_MS },
      );
      await animationsDone(profile);
      return 'viewport';
    },
  },
  {
    id: 'cart-empty',
    group: 'Cart',
    title: 'Empty drawer',
    caption: 'The cart button pressed with nothing in the cart.',
    async run(r) {
      await go(r, '/');
      const cart = r.page.locator('inlay-cart');
      await cart.getByRole('button', { name: /^Cart/ }).click();
      await cart.locator('dialog').getByText('Your cart is empty').waitFor();
      await animationsDone(cart.locator('dialog'));
      return 'viewport';
    },
  },
  {
    id: 'cart-items',
    group: 'Cart',
    title: 'With items',
    session: 'fresh',
    caption: `A folding stool (through Inlay.cart.add) and the ${MUG} (its "Add to cart" button): the drawer with totals.`,
    async run(r) {
      await go(r, `/products/${MUG}`);
      await r.page.waitForFunction(() => window.Inlay, undefined, { timeout: STEP_MS });
      await r.page.evaluate(
        (id) => window.Inlay!.cart.add({ productId: id }, { open: false }),
        seedIds.products['folding-camp-stool']!,
      );
      await r.page.locator('.buy inlay-add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
      const drawer = r.page.locator('inlay-cart dialog');
      await drawer.locator('li.line').nth(1).waitFor();
      await drawer.locator('dl.totals').waitFor();
      await animationsDone(drawer);
      return 'viewport';
    },
  },
  {
    id: 'cart-error',
    group: 'Cart',
    title: 'Error',
    session: 'fresh',
    caption: 'GET /ecom/v1/carts/current answers 503 (a status fault); the drawer opened.',
    async run(r) {
      await r.fault({ path: '/ecom/v1/carts/current', method: 'GET', status: 503 });
      await go(r, '/');
      const cart = r.page.locator('inlay-cart');
      await cart.getByRole('button', { name: /^Cart/ }).click();
      await cart.locator('dialog').getByRole('alert').waitFor();
      await animationsDone(cart.locator('dialog'));
      return 'viewport';
    },
  },
  {
    id: 'cart-discount',
    group: 'Cart',
    title: 'With a discount',
    session: 'fresh',
    caption: `The ${MUG} with the coupon WELCOME10: the drawer, each amount, the discount's sign and each sentence with a value in its own order.`,
    async run(r) {
      const drawer = await mugInDrawer(r);
      await drawer.getByLabel(say(r, 'Coupon code')).fill('welcome10');
      await drawer.getByRole('button', { name: say(r, 'Apply') }).click();
      await drawer.locator('.coupon-on').waitFor();
      await animationsDone(drawer);
      return 'viewport';
    },
  },
  {
    id: 'add-to-cart-default',
    group: 'Add to cart',
    title: 'Default',
    caption: `${MUG}, Forest (in stock).`,
    async run(r) {
      await go(r, `/products/${MUG}`);
      await r.page.locator('.buy inlay-add-to-cart').getByRole('button', { name: 'Add to cart' }).waitFor();
      await widgetsReady(r.page);
      return { around: [r.page.locator('.buy')], pad: 16 };
    },
  },
  {
    id: 'add-to-cart-sold-out',
    group: 'Add to cart',
    title: 'Sold out',
    caption: `${MUG}, Navy chosen in the page's picker (none left; back in stock appears beside it).`,
    async run(r) {
      await go(r, `/products/${MUG}`);
      await r.page.selectOption('#variant', NAVY);
      await r.page.locator('.buy inlay-add-to-cart').getByRole('button', { name: 'Sold out' }).waitFor();
      return { around: [r.page.locator('.buy')], pad: 16 };
    },
  },
  {
    id: 'back-in-stock-default',
    group: 'Back in stock',
    title: 'Default',
    caption: 'waxed-canvas-rucksack: sold out entirely.',
    async run(r) {
      await go(r, '/products/waxed-canvas-rucksack');
      await r.page
        .locator('inlay-back-in-stock')
        .getByRole('button', { name: /^Notify me/ })
        .waitFor();
      return { around: [r.page.locator('.buy')], pad: 16 };
    },
  },
  {
    id: 'back-in-stock-subscribed',
    group: 'Back in stock',
    title: 'Subscribed',
    session: 'fresh',
    caption: 'waxed-canvas-rucksack: "Notify me", an email, sent.',
    async run(r) {
      await go(r, '/products/waxed-canvas-rucksack');
      const bis = r.page.locator('inlay-back-in-stock');
      await bis.getByRole('button', { name: /^Notify me/ }).click();
      await bis.getByLabel('Email', { exact: true }).fill(`ada.${r.width}.${r.scheme}@example.com`);
      await bis.getByLabel('Email', { exact: true }).press('Enter');
      await bis
        .getByRole('status')
        .getByText(/We’ll email you/)
        .waitFor();
      return { around: [r.page.locator('.buy')], pad: 16 };
    },
  },
  {
    id: 'back-in-stock-stop',
    group: 'Back in stock',
    title: 'Subscribed, with stop (companion)',
    session: 'fresh',
    caption:
      'waxed-canvas-rucksack through the site companion: subscribed, reloaded: the status read again, "Stop notifying me".',
    async run(r) {
      await go(r, '/products/waxed-canvas-rucksack');
      const bis = r.page.locator('inlay-back-in-stock');
      await bis.getByRole('button', { name: /^Notify me/ }).click();
      await bis.getByLabel('Email', { exact: true }).fill(`stop.${r.width}.${r.scheme}@example.com`);
      await bis.getByLabel('Email', { exact: true }).press('Enter');
      await bis.getByRole('button', { name: /Stop notifying me/ }).waitFor();
      await r.page.reload();
      await bis.getByRole('button', { name: /Stop notifying me/ }).waitFor();
      return { around: [r.page.locator('.buy')], pad: 16 };
    },
  },
  {
    id: 'account-visitor',
    group: 'Account',
    title: 'Signed out: sign in inline',
    caption: '/account for a visitor: the sign-in form of <inlay-login>, inline.',
    async run(r) {
      await go(r, '/account');
      await r.page.locator('inlay-account').getByText('Sign in to see your account').waitFor();
      return { around: [r.page.locator('inlay-account')], pad: 16 };
    },
  },
  {
    id: 'account-orders',
    group: 'Account',
    title: 'Orders',
    session: 'member',
    caption: 'The demo member with two orders placed through the hosted checkout, read through the site companion.',
    async run(r) {
      const account = await accountWithOrders(r);
      await account.locator('[part=order]').nth(1).waitFor();
      return around(account);
    },
  },
  {
    id: 'account-order-refund',
    group: 'Account',
    title: 'An order partly refunded',
    session: 'member',
    caption:
      'The order of two mugs with one refunded (`?account-order=<id>`, a link to it): lines with the refunded quantity, the amount refunded, totals, the address in its own order.',
    async run(r) {
      await accountWithOrders(r);
      const id = await orderWithRefund(r);
      await go(r, `/account?account-order=${id}`);
      const account = r.page.locator('inlay-account');
      await account.locator('[part=order-detail] [part=refunded]').waitFor();
      await account.locator('[part=order-detail] .addr').first().waitFor();
      return around(account);
    },
  },
  {
    id: 'account-order-detail',
    group: 'Account',
    title: 'Order detail, cancel asked',
    session: 'member',
    caption:
      'An order opened: lines, totals, address, history; "Cancel order" asks first (paid: a request to the shop).',
    async run(r) {
      const account = await accountWithOrders(r);
      await account
        .getByRole('button', { name: say(r, 'View details, order #{number}') })
        .first()
        .click();
      await account.getByRole('button', { name: say(r, 'Cancel order') }).click();
      await account.locator('[part=cancel-form]').waitFor();
      return around(account);
    },
  },
  {
    id: 'account-orders-error',
    group: 'Account',
    title: 'Orders: the companion failed',
    session: 'member',
    caption: 'The platform’s order search fails (500) behind the companion: the message and "Try again".',
    async run(r) {
      await r.fault({ path: '/ecom/v1/orders/search', status: 500 });
      await go(r, '/account');
      await r.page.locator('inlay-account').getByRole('alert').waitFor();
      return { around: [r.page.locator('inlay-account')], pad: 16 };
    },
  },
  {
    id: 'account-address-form',
    group: 'Account',
    title: 'Addresses: a new one, with field errors',
    session: 'member',
    caption:
      'Addresses → "Add address" → "Save" with nothing filled in: the country first (from the page’s language), the name and phone, each missing field says so.',
    async run(r) {
      await go(r, '/account?section=addresses');
      const account = r.page.locator('inlay-account');
      await account.getByRole('button', { name: say(r, 'Add address') }).click();
      await account.getByRole('button', { name: say(r, 'Save') }).click();
      await account.locator('[aria-invalid=true]').first().waitFor();
      return around(account);
    },
  },
  {
    id: 'account-addresses',
    group: 'Account',
    title: 'Addresses: a saved one',
    session: 'member',
    caption:
      'Addresses with a saved one (left in place for the states after it): the card padded, the member’s name on it, its actions wrapping under it when narrow (in French at 375 px too, the longer words).',
    async run(r) {
      const id = seedIds.members.member!;
      replaceMemberContactSets(
        r.stack.emulator.db,
        id,
        {
          addresses: [
            {
              addressLine: '88 avenue des Bouleaux',
              city: 'Saint-Rémy-de-Provence',
              postalCode: '13210',
              country: 'FR',
            },
          ],
        },
        Date.now(),
      );
      await go(r, '/account?section=addresses');
      const account = r.page.locator('inlay-account');
      await account.locator('[part=address]').waitFor();
      return around(account);
    },
  },
  {
    id: 'account-profile',
    group: 'Account',
    title: 'Profile, deletion asked',
    session: 'member',
    caption:
      'Profile (the same component as the header’s): names, name on the site, phone numbers, contact emails, password; "Delete my account" open with its confirmation.',
    async run(r) {
      await go(r, '/account?section=profile');
      const account = r.page.locator('inlay-account');
      await account.getByRole('button', { name: say(r, 'Delete my account') }).click();
      await account.locator('[part=delete-form]').waitFor();
      return around(account);
    },
  },
  {
    id: 'admin-reviews',
    group: 'Owner console',
    title: 'Review queue, one selected',
    session: 'owner',
    caption:
      '/admin signed in as the owner: every product’s reviews waiting for approval (two put in moderation for the shot), the first ticked.',
    async run(r) {
      const db = r.stack.emulator.db;
      for (const [slug, name, body, rating] of [
        [MUG, 'Mara Quill', 'Keeps coffee hot through a whole morning at the lake. The enamel chipped a little.', 4],
        ['waxed-canvas-rucksack', 'Rui Ferreira', 'Survived a week of rain.\nThe straps could be wider.', 3],
      ] as const) {
        const id = `gallery-pending-${slug}`;
        if (!db.prepare<[string], { id: string }>('SELECT id FROM reviews WHERE id = ?').get(id))
          insertReview(db, {
            id,
            namespace: 'stores',
            entityId: seedIds.products[slug]!,
            contactId: `gallery-${slug}`,
            authorName: name,
            authorType: 'VISITOR',
            createdBy: 'gallery',
            body,
            rating,
            media: [],
            status: 'IN_MODERATION',
            nowIso: new Date(Date.now() - 5 * 3_600_000).toISOString(),
          });
      }
      const admin = await openConsole(r, '?section=reviews', '[part=review]');
      const first = admin.locator('[part=review]', { hasText: 'Keeps coffee hot' });
      await first.waitFor();
      await first.getByText(say(r, 'On {product}', { params: { product: 'Enamel Camp Mug' } })).waitFor();
      await first.getByRole('checkbox').check();
      return around(admin);
    },
  },
  {
    id: 'admin-orders',
    group: 'Owner console',
    title: 'Orders: summary, filters, the list',
    session: 'owner',
    caption:
      '/admin signed in as the owner: the last 30 days’ summary, the saved views, the filters in one row, the orders as a dense table at 1280 px (cards at 375 px) with coloured badges in words ("Authorized" for Otto’s held card; eleven placed for the shot, some shipped, one in part).',
    async run(r) {
      const admin = await consoleWithOrders(r);
      await admin.locator('[part=summary] .skeleton').first().waitFor({ state: 'detached' });
      return around(admin);
    },
  },
  {
    id: 'admin-orders-filtered',
    group: 'Owner console',
    title: 'Orders: a view, filters as chips, more filters open',
    session: 'owner',
    caption:
      '/admin from a link: the Unfulfilled view’s filters plus the payment "Paid" and a search (filters of the owner’s own, so no view is current), each a removable chip with "Clear all"; "More filters" open; the table (cards at 375 px) with its coloured badges in words.',
    async run(r) {
      const admin = await consoleWithOrders(
        r,
        '?admin-status=APPROVED&admin-fulfillment=NOT_FULFILLED&admin-payment=PAID&admin-q=Gallery',
      );
      await admin.locator('[part=chip]').first().waitFor();
      await admin.getByRole('button', { name: say(r, 'More filters') }).click();
      await admin.locator('[part=summary] .skeleton').first().waitFor({ state: 'detached' });
      return around(admin.locator('.list-wrap'));
    },
  },
  {
    id: 'admin-orders-selected',
    group: 'Owner console',
    title: 'Orders, one ticked',
    session: 'owner',
    caption:
      '/admin, the page’s header included: the sort select shows its longest choice whole (French: "Plus récentes d’abord"); one order ticked makes "select all" mixed; the tags on the rows.',
    async run(r) {
      const admin = await consoleWithOrders(r);
      await admin.locator('[part=summary] .skeleton').first().waitFor({ state: 'detached' });
      await admin.locator('[part=order]').first().getByRole('checkbox').check();
      await admin.locator('[part=bulk]').waitFor();
      return { around: [r.page.locator('.site-header'), admin.locator('[part=selection]')], pad: 0 };
    },
  },
  {
    id: 'admin-order-refund',
    group: 'Owner console',
    title: 'An order: payments, the refund form',
    session: 'owner',
    caption:
      'Nell’s paid order opened in two columns: lines and money, customer and addresses beside; "Refund" open on one item and the shipping, its live summary.',
    async run(r) {
      const admin = await consoleWithOrders(r, '?admin-q=gallery.console');
      await admin.locator('[part=order]').getByRole('button').first().click();
      const pay = admin.locator('[part=detail]').getByRole('region', { name: say(r, 'Payments'), exact: true });
      await pay.locator('[part=payment]').first().waitFor();
      await pay.getByRole('button', { name: say(r, 'Refund'), exact: true }).click();
      const form = pay.locator('[part=refund-form]');
      await form.getByRole('button', { name: say(r, 'One more: {name}') }).click();
      await form.getByRole('checkbox', { name: say(r, 'Refund shipping (up to {amount})') }).check();
      return around(admin);
    },
  },
  {
    id: 'admin-order-capture',
    group: 'Owner console',
    title: 'An order paid later: capture or void',
    session: 'owner',
    caption: 'Otto’s order, paid with the authorize-only test card: the authorization, its expiry, Capture and Void.',
    async run(r) {
      const admin = await consoleWithOrders(r, '?admin-q=otto.console');
      await admin.locator('[part=order]').getByRole('button').first().click();
      const pay = admin.locator('[part=detail]').getByRole('region', { name: 'Payments', exact: true });
      await pay.locator('[part=payment]').first().waitFor();
      return around(admin);
    },
  },
  {
    id: 'admin-order-fulfil',
    group: 'Owner console',
    title: 'An order: one shipment, "Mark as shipped" open on the rest',
    session: 'owner',
    caption:
      'Pia’s order of three candles, one shipped with UPS (the link made from the number, Edit tracking and Delete shipment); "Mark as shipped" open on the two left: another carrier, its number and link, the buyer emailed.',
    async run(r) {
      const admin = await consoleWithOrders(r, '?admin-q=pia.console');
      await admin.locator('[part=order]').first().waitFor();
      const pia = r.stack.emulator.db
        .prepare<[], { id: string }>("SELECT id FROM orders WHERE data LIKE '%pia.console@example.com%'")
        .get()!.id;
      shipOnce(r, pia, { trackingNumber: '1Z999AA10123456784', shippingProvider: 'ups' });
      await go(r, `/admin?admin-order=${pia}`);
      const panel = r.page.locator('inlay-admin').locator('[part=fulfil]');
      await panel.locator('[part=tracking-link]').waitFor();
      await panel.getByRole('button', { name: say(r, 'Mark as shipped') }).click();
      const form = panel.locator('[part=fulfil-form]');
      await form.locator('select[name=carrier]').selectOption('other');
      await form.locator('[name=otherName]').fill('Vélo Colis');
      await form.locator('[name=number]').fill('VC-2048-77');
      await form.locator('[name=link]').fill('https://velocolis.example/suivi/VC-2048-77');
      return around(panel);
    },
  },
  {
    id: 'account-order-tracking',
    group: 'Account',
    title: 'An order shipped: its tracking',
    session: 'member',
    caption:
      'The member’s order with a shipment the owner marked in the console (DHL, its link made from the number): the carrier and tracking number as a link opening the carrier’s page in a new tab.',
    async run(r) {
      await accountWithOrders(r);
      const id = r.stack.emulator.db
        .prepare<[string], { id: string }>(
          "SELECT id FROM orders WHERE owner = 'm:' || ? AND data LIKE '%Maple Cutting Board%' ORDER BY rowid LIMIT 1",
        )
        .get(seedIds.members.member)!.id;
      shipOnce(r, id, { trackingNumber: 'JD014600006281230411', shippingProvider: 'dhl' });
      await go(r, `/account?account-order=${id}`);
      const account = r.page.locator('inlay-account');
      await account.locator('[part=order-detail] a[target=_blank]').first().waitFor();
      return around(account);
    },
  },
  {
    id: 'admin-order-request',
    group: 'Owner console',
    title: 'A cancellation request',
    session: 'owner',
    caption:
      'The saved view "Cancellation requested": a member’s paid order with its badge, opened: the buyer’s reason, Approve and Decline.',
    async run(r) {
      const admin = await consoleWithRequest(r);
      await admin.locator('[part=order]').getByRole('button').first().click();
      await admin.locator('[part=cancel-request]').waitFor();
      return around(admin);
    },
  },
  {
    id: 'admin-order-edit',
    group: 'Owner console',
    title: 'An order edit, priced by the platform',
    session: 'owner',
    caption:
      'Pia’s paid order, one more item asked for: the confirmation with the new total beside today’s, what was paid and what is left to collect.',
    async run(r) {
      const admin = await consoleWithOrders(r, '?admin-q=pia.console');
      await admin.locator('[part=order]').getByRole('button').first().click();
      const detail = admin.locator('[part=detail]');
      await detail.getByRole('button', { name: 'Edit order' }).click();
      const edit = detail.locator('[part=edit]');
      await edit.getByLabel(/^Beeswax Taper Candles/).fill('4');
      await edit.getByLabel(/^Reason for the change/).fill('One more pair, asked by phone');
      await edit.getByRole('button', { name: 'Review changes' }).click();
      await edit.locator('[part=edit-confirm]').waitFor({ timeout: 15_000 });
      return around(admin);
    },
  },
  {
    id: 'admin-order-tags',
    group: 'Owner console',
    title: 'An order’s tags',
    session: 'owner',
    caption:
      'Nell’s order with two private tags: chips without a list bullet, each × a 28 px button named for its tag.',
    async run(r) {
      const admin = await consoleWithOrders(r, '?admin-q=gallery.console');
      const id = r.stack.emulator.db
        .prepare<[], { id: string }>("SELECT id FROM orders WHERE data LIKE '%gallery.console@example.com%'")
        .get()!.id;
      await api(r.stack.emulator, '/ecom/v1/bulk/orders/update-tags', {
        token: await adminToken(r.stack.emulator),
        body: { orderIds: [id], assignTags: { privateTags: { tagIds: ['gift-wrap', 'wholesale'] } } },
      });
      await r.page.reload();
      await admin.locator('[part=order] [part=tag]').first().waitFor();
      await admin.locator('[part=order]').getByRole('button').first().click();
      const tags = admin.locator('[part=tags]');
      await tags.getByRole('button', { name: say(r, 'Remove tag {tag}', { params: { tag: 'wholesale' } }) }).waitFor();
      return around(admin);
    },
  },
  {
    id: 'admin-abandoned',
    group: 'Owner console',
    title: 'Abandoned checkouts',
    session: 'owner',
    caption: 'The abandoned checkouts section: the two the emulator seeds, with buyer, value and age.',
    async run(r) {
      return around(await openConsole(r, '?section=abandoned', '[part=checkout]'));
    },
  },
  {
    id: 'admin-settings-tips',
    group: 'Owner console',
    title: 'Settings › Tips',
    session: 'owner',
    caption:
      'Settings › Tips: the Tips app’s default settings as the emulator seeds them (off; 10, 15 preselected, 20 %).',
    async run(r) {
      return around(await openConsole(r, '?admin-section=settings&admin-setting=tips', '[part=tip-choice]'));
    },
  },
  {
    id: 'admin-settings-checkout',
    group: 'Owner console',
    title: 'Settings › Checkout',
    session: 'owner',
    caption:
      'Settings › Checkout: the header, the policies (none shown yet) and the checkboxes, as a new site has them.',
    async run(r) {
      return around(await openConsole(r, '?admin-section=settings&admin-setting=checkout', '[part=policy]'));
    },
  },
  {
    id: 'admin-back-in-stock',
    group: 'Owner console',
    title: 'Settings › Back in stock',
    session: 'owner',
    caption:
      'Back in stock: collecting on; the demo’s shoppers waiting for three sold-out items (how many, since when, who), each with Report back in stock.',
    async run(r) {
      seedDemoStockRequests(r.stack.emulator.db, Date.now());
      const admin = await openConsole(r, '?section=settings&admin-setting=back-in-stock', '[part=waiting-item]');
      await admin
        .locator('[part=waiting-item] details')
        .first()
        .evaluate((d) => ((d as HTMLDetailsElement).open = true));
      return around(admin);
    },
  },
  {
    id: 'admin-shipping',
    group: 'Owner console',
    title: 'Settings › Shipping: options by region, the label provider',
    session: 'owner',
    caption:
      'Settings › Shipping: the seeded regions (United States, Canada, everywhere else), each with the options it is offered and their rates in words; the shipping label panel below.',
    async run(r) {
      const admin = await openConsole(r, '?section=settings&admin-setting=shipping', '[part=shipping-option]');
      await admin.locator('[part=shipping-labels] input').first().waitFor();
      return around(admin);
    },
  },
  {
    id: 'admin-shipping-edit',
    group: 'Owner console',
    title: 'Settings › Shipping: a new option, asked before it is saved',
    session: 'owner',
    caption:
      'A new option for Canada with a rate and a “free over” rate, and the confirmation that names where it ships and from how much.',
    async run(r) {
      const admin = await openConsole(r, '?section=settings&admin-setting=shipping', '[part=shipping-option]');
      await admin.locator('[part=add-shipping]').click();
      const form = admin.locator('[part=shipping-editor]');
      await form.locator('input').first().fill('Canada Post');
      await form.locator('input').nth(1).fill('4–8');
      await form.locator('input[type=checkbox]').nth(1).check();
      await form.locator('.rate input').first().fill('14.00');
      await form
        .locator('button[type=button]')
        .filter({ hasText: /\+|rate|tarif/i })
        .first()
        .click();
      await form.locator('.rate').nth(1).locator('input').first().fill('0');
      await form.locator('.rate').nth(1).locator('select').first().selectOption('BY_TOTAL_PRICE');
      await form.locator('.rate').nth(1).locator('input').nth(1).fill('150');
      await form.locator('button[type=submit]').click();
      await form.locator('.confirm').waitFor();
      return around(admin);
    },
  },
  {
    id: 'admin-discounts',
    group: 'Owner console',
    title: 'Settings › Discounts: the rules and a preview',
    session: 'owner',
    caption:
      'Settings › Discounts: the migrated rule (15 % off every item from a $150 subtotal) in words with its status, and the preview of the saved rules on a sample cart, priced by the platform.',
    async run(r) {
      const admin = await openConsole(r, '?section=settings&admin-setting=discounts', '[part=discount-rule]');
      const preview = admin.locator('[part=discount-preview]');
      await preview.locator('input').first().waitFor();
      for (const q of await preview.locator('input').all()) await q.fill('3');
      await preview.locator('button[type=submit]').click();
      await preview.locator('[part=discount-preview-total]').waitFor();
      return around(admin);
    },
  },
  {
    id: 'admin-back-in-stock-report',
    group: 'Owner console',
    title: 'Settings › Back in stock: report, asked first',
    session: 'owner',
    caption: 'Report back in stock asks first, naming how many shoppers will be emailed and for which item.',
    async run(r) {
      seedDemoStockRequests(r.stack.emulator.db, Date.now());
      const admin = await openConsole(r, '?section=settings&admin-setting=back-in-stock', '[part=waiting-item]');
      await admin.locator('[part=report]').first().click();
      await admin.locator('[part=confirm-report]').waitFor();
      return around(admin);
    },
  },
  {
    id: 'admin-back-in-stock-stop',
    group: 'Owner console',
    title: 'Settings › Back in stock: stop collecting, asked first',
    session: 'owner',
    caption: 'Stopping collecting requests asks first and says what shoppers will see.',
    async run(r) {
      const admin = await openConsole(r, '?section=settings&admin-setting=back-in-stock', '[part=collect]');
      await admin.locator('[part=collect]').click();
      await admin.locator('[part=confirm-stop]').waitFor();
      return around(admin);
    },
  },
  {
    id: 'admin-discounts-form',
    group: 'Owner console',
    title: 'Settings › Discounts: a new rule',
    session: 'owner',
    caption: 'The form of a new automatic discount: 25 % off chosen products from 2 of them, with a window.',
    async run(r) {
      const admin = await openConsole(r, '?section=settings&admin-setting=discounts', '[part=discount-rule]');
      await admin.locator('.head .primary').click();
      const form = admin.locator('[part=discount-form]');
      await form.locator('input[name=name]').fill('Candle pair deal');
      await form.locator('input[name=value]').fill('25');
      await form.locator('input[value=PRODUCTS]').check();
      await form.locator('input[name=ids]').nth(1).check();
      await form.locator('.row select').nth(1).selectOption('QUANTITY');
      await form.locator('input[name=min]').fill('2');
      await form.locator('input[name=start]').fill('2026-12-01T09:00');
      return around(form);
    },
  },
  {
    id: 'admin-taxes',
    group: 'Owner console',
    title: 'Settings › Taxes',
    session: 'owner',
    caption:
      'Settings › Taxes: the regions migrated from the emulator’s table with their rate and whether prices include it, the rate everywhere else, the two tax groups and the clothing group’s own rate in the United Kingdom.',
    async run(r) {
      return around(await openConsole(r, '?section=settings&admin-setting=taxes', '[part=tax-region]'));
    },
  },
  {
    id: 'admin-taxes-edit',
    group: 'Owner console',
    title: 'Settings › Taxes: a rate changed, the question',
    session: 'owner',
    caption:
      'California’s rate edited to 9.5 %: the form keeps what was typed, the question names the rate and the place.',
    async run(r) {
      const admin = await openConsole(r, '?section=settings&admin-setting=taxes', '[part=tax-region]');
      const row = admin.locator('[part=tax-region][data-region="US-CA"]');
      await row.locator('.actions .btn').first().click();
      await row.locator('input[name=percent]').fill('9.5');
      await row.locator('button[type=submit]').first().click();
      await row.locator('form.confirm').waitFor();
      return around(row);
    },
  },
  {
    id: 'admin-members',
    group: 'Owner console',
    title: 'Members: the table, statuses, the pending count',
    session: 'owner',
    caption:
      'The members section: the seeded members (two sign-ups waiting, one blocked) in a table (cards at 375 px); the Members tab counts the sign-ups waiting.',
    async run(r) {
      const admin = await openConsole(r, '?section=members', '[part=member]');
      await admin.locator('[part=pending-count]').waitFor();
      return around(admin);
    },
  },
  {
    id: 'admin-media',
    group: 'Owner console',
    title: 'Media library, grid',
    session: 'owner',
    caption: 'The media section: a folder and six images uploaded for the shot, as a grid of thumbnails; one selected.',
    async run(r) {
      await mediaForShots(r);
      const admin = await openConsole(r, '?section=media', '[role=option]');
      const shot = admin.getByRole('option', { name: /Enamel mug, blue/ });
      await shot.waitFor();
      await shot.locator('.tick').click();
      await admin
        .locator('[role=option] img')
        .first()
        .evaluate((i: HTMLImageElement) => i.decode());
      return around(admin);
    },
  },
  {
    id: 'admin-members-pending',
    group: 'Owner console',
    title: 'Members: "Pending sign-ups", approve all asked',
    session: 'owner',
    caption: 'The saved view admin-members=pending: its chip, the bulk actions, the confirmation naming the count.',
    async run(r) {
      const admin = await openConsole(r, '?section=members&admin-members=pending', '[part=member]');
      await admin.getByRole('button', { name: say(r, 'Approve all') }).click();
      await admin.locator('[part=confirm]').waitFor();
      return around(admin);
    },
  },
  {
    id: 'admin-member-detail',
    group: 'Owner console',
    title: 'A member’s page, deletion asked',
    session: 'owner',
    caption:
      'Maya’s page: status, actions, profile, orders, reviews, badges, custom fields; "Delete" open, asking who receives her content.',
    async run(r) {
      const admin = await openConsole(r, '?section=members&admin-mq=maya', '[part=member]');
      await admin.locator('[part=member]').first().getByRole('button').first().click();
      await admin.locator('[part=member-page] [part=status]').waitFor();
      await admin
        .locator('[part=actions]')
        .getByRole('button', { name: say(r, 'Delete') })
        .click();
      await admin.locator('[part=confirm]').waitFor();
      return around(admin);
    },
  },
  {
    id: 'admin-member-link',
    group: 'Owner console',
    title: 'A member opened from a link',
    session: 'owner',
    caption:
      '/admin?admin-member=<id>: the console opens on the Members tab with that member\u2019s page (Back returns to the list).',
    async run(r) {
      const admin = await openConsole(r, `?admin-member=${seedIds.members.member}`, '[part=member-page] [part=status]');
      return around(admin);
    },
  },
  {
    id: 'admin-member-unknown',
    group: 'Owner console',
    title: 'A member link that no longer works',
    session: 'owner',
    caption: '/admin?admin-member=<an id no member has>: said in words, the list one press away.',
    async run(r) {
      const admin = await openConsole(r, '?admin-member=00000000-0000-4000-8000-000000000000', '[part=member-page]');
      await admin
        .getByText(say(r, 'No member has this link: they may have been deleted, or the link is incomplete.'))
        .waitFor();
      return around(admin);
    },
  },
  {
    id: 'admin-media-trash',
    group: 'Owner console',
    title: 'Media library, trash',
    session: 'owner',
    caption: 'The trash as a list: everything selected and "Delete for good" asking, naming the count.',
    async run(r) {
      await mediaForShots(r);
      const admin = await openConsole(r, '?section=media', '[role=option]');
      await admin.getByRole('button', { name: say(r, 'List'), exact: true }).click();
      await admin.getByRole('button', { name: say(r, 'Trash'), exact: true }).click();
      await admin.getByRole('option').first().waitFor();
      await admin.locator('.sel input[type=checkbox]').check();
      await admin.getByRole('button', { name: say(r, 'Delete for good'), exact: true }).click();
      await admin.locator('form.confirm').waitFor();
      return around(admin);
    },
  },
  {
    id: 'toast-error',
    group: 'Toaster',
    title: 'Error toast',
    caption: 'POST …/add-to-cart answers 503 (a status fault): the error toast with "Try again".',
    async run(r) {
      await go(r, `/products/${MUG}`);
      await widgetsReady(r.page);
      await r.fault({ path: '/ecom/v1/carts/current/add-to-cart', status: 503 });
      await r.page
        .locator('.buy inlay-add-to-cart')
        .getByRole('button', { name: say(r, 'Add to cart') })
        .click();
      const toaster = r.page.locator('inlay-toaster');
      await toaster.getByRole('button', { name: say(r, 'Try again') }).waitFor();
      await animationsDone(toaster.locator('li').first());
      return 'viewport';
    },
  },
  {
    id: 'hosted-login',
    group: 'Hosted pages',
    title: 'Login',
    caption: 'The platform’s sign-in page (<inlay-login hosted>, "Sign in").',
    async run(r) {
      await go(r, '/');
      const login = r.page.locator('inlay-login');
      await login.getByRole('button', { name: say(r, 'Sign in') }).waitFor();
      await login.evaluate((e) => e.setAttribute('hosted', ''));
      await login.getByRole('button', { name: say(r, 'Sign in') }).click();
      await r.page.waitForURL(/\/oauth2\/authorize/, { timeout: STEP_MS });
      await hostedInLanguage(r);
      // (by its type, not its label: the hosted page may speak the run's language)
      await r.page.locator('input[type=email]').first().waitFor();
      return 'full';
    },
  },
  {
    id: 'hosted-checkout',
    group: 'Hosted pages',
    title: 'Checkout',
    session: 'fresh',
    caption: `The ${MUG} added, "Check out": the platform’s checkout page, empty form.`,
    async run(r) {
      await toHostedCheckout(r);
      await hostedInLanguage(r);
      await r.page.locator('input[type=email]').first().waitFor();
      return 'full';
    },
  },
  {
    id: 'hosted-thank-you',
    group: 'Hosted pages',
    title: 'Thank-you',
    session: 'fresh',
    caption: 'The checkout filled (test card 4242…) and paid: back on the site’s thank-you page.',
    async run(r) {
      await toHostedCheckout(r);
      await fillHostedCheckout(r.page);
      await r.page.locator('#checkout button.pay').click(); // ("Pay", "Payer": the checkout's own words)
      await r.page.waitForURL(/\/thank-you\?orderId=/, { timeout: STEP_MS });
      await hostedInLanguage(r); // the demo's own page: `lang=` sets its language
      await widgetsReady(r.page);
      return 'full';
    },
  },
  {
    id: 'hosted-account',
    group: 'Hosted pages',
    title: 'Account',
    session: 'member',
    caption:
      'Signed in as the demo member: account menu → "Sign-in security" (the hosted account page), on /spa, whose header has no account page of its own (the storefront\'s goes to its /account).',
    async run(r) {
      const login = await openAccountMenu(r, '/spa');
      await login.getByRole('menuitem', { name: say(r, 'Sign-in security') }).click();
      await r.page.waitForURL(/\/_hosted\/account/, { timeout: STEP_MS });
      await r.page.getByLabel('Name shown on the site').waitFor();
      return 'full';
    },
  },
  {
    id: 'rtl-product',
    group: 'Right to left',
    title: 'Product page, dir=rtl',
    caption: `/products/${MUG}?dir=rtl, whole page.`,
    async run(r) {
      await go(r, `/products/${MUG}?dir=rtl`);
      await showReviews(r.page);
      await widgetsReady(r.page);
      await r.page.locator('inlay-recommendations').getByRole('group').first().waitFor();
      return 'full';
    },
  },
];

/**
 * The states issue 44 names ("each state named above at 375/1280, light/dark, French and RTL"): each also run in
 * French (`<id>-fr`) and in the right-to-left test language ar-XB on a right-to-left page (`<id>-rtl`).
 */
const IN_LANGUAGES = new Set([
  'demo-product-variant',
  'login-signed-out',
  'login-profile',
  'cart-discount',
  'recommendations-loaded',
  'toast-error',
  'reviews-list',
  'reviews-form-open',
  'reviews-sign-in',
  'reviews-visitor-sent',
  'rating',
  'account-orders',
  'account-order-refund',
  'account-profile',
  'account-address-form',
  'account-addresses',
  'admin-orders',
  'admin-orders-filtered',
  'admin-orders-selected',
  'admin-order-tags',
  'admin-order-refund',
  'admin-members',
  'admin-members-pending',
  'admin-member-detail',
  'admin-member-link',
  'admin-media',
  'admin-media-trash',
  'admin-reviews',
  'admin-abandoned',
  'admin-settings-tips',
  'admin-settings-checkout',
  'admin-back-in-stock',
  'admin-back-in-stock-report',
  'admin-back-in-stock-stop',
  'admin-discounts',
  'admin-discounts-form',
  'admin-taxes',
  'admin-taxes-edit',
  'admin-shipping',
  'admin-shipping-edit',
  'admin-order-fulfil',
  'account-order-tracking',
  'demo-home',
  'reviews-lightbox',
  'account-order-detail',
  'hosted-login',
  'hosted-checkout',
  'hosted-thank-you',
]);
const LANGUAGES: { lang: Lang; suffix: string; name: string }[] = [
  { lang: 'fr', suffix: 'fr', name: 'French' },
  { lang: 'ar-XB', suffix: 'rtl', name: 'right to left (the test language ar-XB)' },
];

/**
 * Once a state in ar-XB is shown: the widgets' text that is not in the test language (no right-to-left override in
 * it, no digit), for the log: a widget's own word among it is a hard-coded string, not translated (names, addresses,
 * products and amounts are data and stay as they are).
 */
const unmirrored = (page: Page) =>
  page.evaluate(() => {
    const found = new Set<string>();
    const roots: ShadowRoot[] = [];
    for (const e of document.querySelectorAll('*'))
      if (e.localName.startsWith('inlay-') && e.shadowRoot) roots.push(e.shadowRoot);
    for (let root = roots.pop(); root; root = roots.pop()) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent!.trim();
        // (amounts, dates and counts are the real locale's formatting)
        if (/[A-Za-z]{2}/.test(text) && !/[\d\u202e]/.test(text) && !n.parentElement?.closest('style,script'))
          found.add(text.slice(0, 60));
      }
      for (const e of root.querySelectorAll('*')) if (e.shadowRoot) roots.push(e.shadowRoot);
    }
    return [...found];
  });

const told = new Set<string>();
/** `state` in `lang`: `r.lang` set (every `go` adds `lang=`; ar-XB's pages are right to left), its id suffixed. */
function inLanguage(state: State, { lang, suffix, name }: (typeof LANGUAGES)[number]): State {
  return {
    ...state,
    id: `${state.id}-${suffix}`,
    title: `${state.title}, ${name}`,
    caption: `${state.caption} In ${name}: \`lang=${lang}\`${lang === 'ar-XB' ? ' (a right-to-left page)' : ''}.`,
    async run(r) {
      const target = await state.run({ ...r, lang });
      if (lang === 'ar-XB') {
        const left = await unmirrored(r.page);
        // (once per state: its variants show the same words)
        if (left.length && !told.has(state.id))
          console.log(`     ${state.id}-rtl: text not in ar-XB: ${JSON.stringify(left)}`);
        told.add(state.id);
      }
      return target;
    },
  };
}

const STATES = BASE.flatMap((s) => (IN_LANGUAGES.has(s.id) ? [s, ...LANGUAGES.map((l) => inLanguage(s, l))] : [s]));
for (const id of IN_LANGUAGES) if (!BASE.some((s) => s.id === id)) throw new Error(`gallery: no state ${id}`);
const ids = STATES.map((s) => s.id);
if (new Set(ids).size !== ids.length) throw new Error(`gallery: two states share an id`);

// ---- the run -------------------------------------------------------------------------------------------------

const filters = process.argv.slice(2);
const selected = filters.length ? STATES.filter((s) => filters.some((f) => s.id.startsWith(f))) : STATES;
if (!selected.length) {
  console.error(`no state matches ${filters.join(', ')}; states: ${STATES.map((s) => s.id).join(', ')}`);
  process.exit(2);
}

const t0 = performance.now();
mkdirSync(OUT, { recursive: true });
// a full run replaces every shot (a renamed state leaves nothing behind); a partial one only its own
for (const f of readdirSync(OUT)) {
  if (f.endsWith('.png') && (!filters.length || selected.some((s) => f.startsWith(`${s.id}--`)))) rmSync(join(OUT, f));
}

const stack = await startStack();
const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });

const devFetch = (path: string, init: RequestInit = {}) =>
  fetch(`${stack.api}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  }).then(async (res) => {
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  });
const clearFaults = () => devFetch('/_dev/faults', { method: 'DELETE' });

interface Live {
  context: BrowserContext;
  page: Page;
  pageErrors: string[];
}
async function newLive(width: number, scheme: Scheme): Promise<Live> {
  const context = await browser.newContext({
    viewport: { width, height: VIEWPORT_HEIGHT[width]! },
    colorScheme: scheme,
  });
  context.setDefaultTimeout(STEP_MS);
  context.setDefaultNavigationTimeout(STEP_MS);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  return { context, page, pageErrors };
}

/** Per variant: the shared sessions, made on first use (a failed sign-in fails the states that need it). */
const sessions = new Map<string, Promise<Live>>();
function session(kind: Exclude<Session, 'fresh'>, width: number, scheme: Scheme): Promise<Live> {
  const key = `${kind}/${width}/${scheme}`;
  let s = sessions.get(key);
  if (!s) {
    s = newLive(width, scheme).then(async (live) => {
      if (kind !== 'visitor') await signIn(live.page, stack, kind);
      return live;
    });
    sessions.set(key, s);
  }
  return s;
}

async function capture(page: Page, target: Target, path: string) {
  await settle(page);
  if (target === 'viewport') return void (await page.screenshot({ path, animations: 'disabled' }));
  await page.evaluate(() => scrollTo(0, 0));
  if (target === 'full') return void (await page.screenshot({ path, fullPage: true, animations: 'disabled' }));
  // The box around the elements, in page coordinates, plus padding: a full-page shot clipped to it, taken scrolled to
  // the top (an element shot scrolls, and the demo's sticky header would then cover the element's top).
  const { around, pad = 0 } = 'around' in target ? target : { around: [target] };
  const boxes = await Promise.all(
    around.map((l) =>
      l.evaluate((e) => {
        const b = e.getBoundingClientRect();
        return { x: b.left + scrollX, y: b.top + scrollY, right: b.right + scrollX, bottom: b.bottom + scrollY };
      }),
    ),
  );
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  const x = Math.max(0, Math.min(...boxes.map((b) => b.x)) - pad);
  const y = Math.max(0, Math.min(...boxes.map((b) => b.y)) - pad);
  const right = Math.min(pageWidth, Math.max(...boxes.map((b) => b.right)) + pad);
  const bottom = Math.max(...boxes.map((b) => b.bottom)) + pad;
  await page.screenshot({
    path,
    fullPage: true,
    clip: { x, y, width: right - x, height: bottom - y },
    animations: 'disabled',
  });
}

/** Width and height from a PNG's header (IHDR). */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

/** An error's first line, and what Playwright was waiting for when it timed out. */
function reason(e: unknown): string {
  // eslint-disable-next-line no-control-regex -- Playwright's call log is coloured
  const lines = (e instanceof Error ? e.message : String(e)).replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const waiting = lines
    .find((l) => /waiting for /.test(l))
    ?.trim()
    .replace(/^- /, '');
  return [lines[0], waiting].filter(Boolean).join(' — ').slice(0, 400);
}

const results: StateResult[] = [];
for (const state of selected) {
  const shots: Shot[] = [];
  for (const { width, scheme } of VARIANTS) {
    const start = performance.now();
    const file = shotName(state.id, width, scheme);
    const kind = state.session ?? 'visitor';
    let live: Live | undefined;
    const shot: Shot = { width, scheme, ms: 0 };
    try {
      await clearFaults();
      live = kind === 'fresh' ? await newLive(width, scheme) : await session(kind, width, scheme);
      live.pageErrors.length = 0;
      const target = await state.run({
        page: live.page,
        stack,
        width,
        scheme,
        fault: (f) => devFetch('/_dev/faults', { method: 'POST', body: JSON.stringify(f) }),
      });
      await capture(live.page, target, join(OUT, file));
      shot.file = file;
      shot.size = pngSize(readFileSync(join(OUT, file)));
    } catch (e) {
      shot.error = reason(e);
      if (live) {
        const failed = file.replace(/\.png$/, '--failed.png');
        await live.page
          .screenshot({ path: join(OUT, failed), animations: 'disabled', timeout: 5000 })
          .then(() => (shot.failedFile = failed))
          .catch(() => undefined);
      }
    } finally {
      await clearFaults().catch(() => undefined);
      if (live?.pageErrors.length) shot.pageErrors = [...live.pageErrors];
      if (kind === 'fresh') await live?.context.close().catch(() => undefined);
    }
    shot.ms = Math.round(performance.now() - start);
    shots.push(shot);
    console.log(
      `${shot.error ? 'FAIL' : 'ok  '} ${state.id.padEnd(26)} ${String(width).padStart(4)} ${scheme.padEnd(5)} ${String(shot.ms).padStart(6)} ms${shot.error ? `  ${shot.error}` : ''}`,
    );
  }
  results.push({ id: state.id, group: state.group, title: state.title, caption: state.caption, shots });
}

for (const s of sessions.values()) await s.then((l) => l.context.close()).catch(() => undefined);
await browser.close();
await stack.close();

const failedStates = results.filter((r) => r.shots.some((s) => s.error));
const shotCount = results.reduce((n, r) => n + r.shots.filter((s) => s.file).length, 0);
const seconds = ((performance.now() - t0) / 1000).toFixed(1);
const summary = `${results.length} state${results.length === 1 ? '' : 's'} × ${VARIANTS.length} variants: ${shotCount} screenshots, ${failedStates.length} state${failedStates.length === 1 ? '' : 's'} failed${failedStates.length ? ` (${failedStates.map((r) => r.id).join(', ')})` : ''}, in ${seconds} s`;
writeFileSync(
  join(OUT, 'index.html'),
  contactSheet({ title: 'Inlay gallery', summary: `${summary}; ${new Date().toISOString()}.`, states: results }),
);
console.log(`\ngallery: ${summary}\nwritten: ${OUT}/index.html`);
if (failedStates.length) process.exitCode = 1;
