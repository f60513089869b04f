// The widgets through the site companion (issue 16), on the real stack: the built bundle in Chromium, the demo
// storefront with the companion mounted at /api/inlay on its origin, the emulator on SQLite. Nothing is mocked:
// failures are made with the emulator's fault injection, the companion's own rate limit, or a companion that is not
// there.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, openPage, pngBytes, showReviews, signInWithWidget, type WatchedPage } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { adminToken, api, memberTokens } from '../helpers/emulator.ts';
import { DEMO_LOGINS, seedIds } from '../../emulator/seed.ts';
import { BASE as BIS } from '../../emulator/routes/back-in-stock.ts';
import { tokenStorageKey } from '../../core/auth/tokens.ts';

const env = useStackAndBrowser();
const reviews = (page: Page) => page.locator('inlay-reviews');
const stock = (page: Page) => page.locator('inlay-back-in-stock');

/**
 * What the page asks the site companion, as `METHOD /v1/…` (every page and reload of the context), and every call it
 * makes itself to the platform's admin-only paths (none may happen: those go through the companion). Not its public
 * reads (the catalog, reviews and recommendations the page reads there: tests/e2e/companion-reads.test.ts).
 */
function watch(w: WatchedPage) {
  const companion: string[] = [];
  const adminOnly: string[] = [];
  w.context.on('request', (r) => {
    const url = r.url();
    if (url.startsWith(`${env.stack.companion.url}/`) && !url.endsWith('/v1/public/reads'))
      companion.push(`${r.method()} ${url.slice(env.stack.companion.url.length)}`);
    const path = url.startsWith(env.stack.api) ? new URL(url).pathname : '';
    if (
      /\/(moderate|reply)$|\/bulk\/|generate-upload-url/.test(path) ||
      (path.startsWith(BIS) && r.method() !== 'POST')
    )
      adminOnly.push(`${r.method()} ${path}`);
  });
  return { companion, adminOnly };
}

/** The demo's product page, its reviews scrolled in (they load lazily). */
async function openProduct(w: WatchedPage, slug: string, query = '') {
  await w.page.goto(`${env.stack.demo}/products/${slug}${query}`);
  await showReviews(w.page);
  await reviews(w.page).locator('[part=summary], [part=empty]').first().waitFor();
}

async function openForm(page: Page) {
  await reviews(page)
    .getByRole('button', { name: /^Write (a|the first) review$/ })
    .click();
  await reviews(page).getByRole('group', { name: 'Your rating' }).waitFor();
}

async function fillVisitor(page: Page, v: { rating: number; body: string; name: string; email: string }) {
  const w = reviews(page);
  await w.getByRole('radio', { name: `${v.rating} star${v.rating > 1 ? 's' : ''}`, exact: true }).check();
  await w.getByLabel('Your review').fill(v.body);
  await w.getByLabel('Your name (shown publicly)').fill(v.name);
  await w.getByLabel('Your email (never shown)').fill(v.email);
}

/** The reviews of a product as the site's admin identity sees them (private ones included). */
async function allReviews(slug: string) {
  const token = await adminToken(env.stack.emulator);
  const r = await api(env.stack.emulator, '/reviews/v1/reviews/query', {
    token,
    body: { query: { filter: { entityId: seedIds.products[slug]! } }, returnPrivateReviews: true },
  });
  expect(r.status).toBe(200);
  return r.json.reviews as {
    id: string;
    content: { body?: string; media?: { image: { url: string } }[] };
    author: { contactId: string; authorName?: string };
    moderation: { moderationStatus: string };
  }[];
}

/** The visitor's own access token, as the page stored it. */
const pageToken = (page: Page) =>
  page.evaluate(
    (k) => (JSON.parse(localStorage.getItem(k) ?? '{}') as { accessToken?: { value: string } }).accessToken?.value,
    tokenStorageKey('demo-client'),
  );

describe('the widgets through the site companion', () => {
  it('a visitor reviews with a photo (name, email, proof of work): it awaits moderation; the owner approves it inline and it shows', async () => {
    const v = await openPage(env.browser);
    const seen = watch(v);
    await openProduct(v, 'folding-camp-stool');
    await openForm(v.page);
    const w = reviews(v.page);
    // no sign-in asked: name and email instead, and the check runs while they type, told in a status line
    expect(await w.locator('[part=signin]').count()).toBe(0);
    const check = w.locator('[part=check]');
    expect(await check.getAttribute('role')).toBe('status');
    await expect.poll(() => check.textContent(), { timeout: 20_000 }).toBe('Verified: you’re a person. Thanks!');
    expect(await w.getByLabel('Your email (never shown)').getAttribute('autocomplete')).toBe('email');
    expect(await w.getByLabel('Your name (shown publicly)').getAttribute('autocomplete')).toBe('name');
    // nothing typed yet: the fields say what they need
    await w.getByRole('button', { name: 'Submit review' }).click();
    await expect
      .poll(() => w.locator('form .err').allTextContents())
      .toEqual([
        'Choose a rating from 1 to 5 stars.',
        'This field is required.',
        'This field is required.',
        'Enter a valid email address, like name@example.com.',
      ]);
    await fillVisitor(v.page, {
      rating: 4,
      body: 'Folds flat, holds me fine. <b>bold?</b>',
      name: 'Ines Visitor',
      email: 'ines@example.com',
    });
    await w
      .getByLabel('Add photos')
      .setInputFiles([{ name: 'stool.png', mimeType: 'image/png', buffer: await pngBytes(v.page) }]);
    await expect.poll(() => w.locator('.preview').count()).toBe(1);
    expect(await axe(v.page, 'inlay-reviews')).toEqual([]);
    await w.getByRole('button', { name: 'Submit review' }).click();
    const status = w.locator('[part=status]');
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/awaiting moderation/);
    // shown in the thank-you as text, photo included; not in the public list
    expect(await status.locator('article').textContent()).toContain('<b>bold?</b>');
    expect(await status.locator('article img').getAttribute('src')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(await w.locator('[part=list] article', { hasText: 'Folds flat' }).count()).toBe(0);
    expect(seen.companion).toEqual(expect.arrayContaining(['GET /v1/challenge', 'POST /v1/media', 'POST /v1/reviews']));
    expect(seen.adminOnly).toEqual([]);
    // on the platform: the visitor's review, by a contact made for their email, with the photo, awaiting moderation
    const made = (await allReviews('folding-camp-stool')).find((r) => r.content.body?.startsWith('Folds flat'))!;
    expect(made).toMatchObject({
      author: { authorName: 'Ines Visitor', contactId: expect.any(String) },
      moderation: { moderationStatus: 'IN_MODERATION' },
      content: { media: [{ image: { url: expect.stringMatching(/^http/) } }] },
    });
    expect(
      await v.page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('inlay.reviews.draft'))),
    ).toEqual([]);

    // the owner (on the companion's INLAY_OWNERS) signs in on the page: the queue, through the companion
    const o = await openPage(env.browser);
    const ownerSeen = watch(o);
    await openProduct(o, 'folding-camp-stool');
    await signInWithWidget(o.page, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
    const queue = reviews(o.page).locator('[part=queue]');
    const pending = queue.locator('li', { hasText: 'Folds flat' });
    await pending.waitFor({ timeout: 15_000 });
    expect(ownerSeen.companion).toEqual(expect.arrayContaining(['GET /v1/me', 'POST /v1/reviews/pending']));
    expect(await axe(o.page, 'inlay-reviews')).toEqual([]);
    await pending.getByRole('button', { name: 'Approve' }).click();
    // approved: out of the queue, in the list, for everyone
    await reviews(o.page).locator('[part=list] article', { hasText: 'Folds flat' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => queue.locator('li', { hasText: 'Folds flat' }).count()).toBe(0);
    expect(ownerSeen.companion).toContain(`POST /v1/reviews/${made.id}/moderate`);
    // the owner's reply, through the companion too
    const listed = reviews(o.page).locator('[part=list] article', { hasText: 'Folds flat' });
    await listed.getByRole('button', { name: 'Reply' }).click();
    await listed.getByLabel('Reply to Ines Visitor').fill('Thanks, Ines!');
    await listed.getByRole('button', { name: 'Save reply' }).click();
    await reviews(o.page).locator('[part=reply]', { hasText: 'Thanks, Ines!' }).waitFor();
    expect(ownerSeen.companion).toContain(`PUT /v1/reviews/${made.id}/reply`);
    expect(ownerSeen.adminOnly).toEqual([]);

    // another visitor now sees it, with its photo and the reply (read from the platform: through the companion's public
    // reads another visitor sees it once the companion's copy of the list is a minute old, INLAY_PUBLIC_MAX_AGE)
    const p = await openPage(env.browser);
    await openProduct(p, 'folding-camp-stool', '?companion=off');
    const pub = reviews(p.page).locator('[part=list] article', { hasText: 'Folds flat' });
    await pub.waitFor();
    expect(await pub.textContent()).toContain('Thanks, Ines!');
    expect(await pub.locator('img').count()).toBeGreaterThan(0);
    for (const x of [v, o, p]) await x.context.close();
  });

  it('a visitor with an account signs in instead, inside the form: what they typed goes as the member, directly', async () => {
    const v = await openPage(env.browser);
    const seen = watch(v);
    await openProduct(v, 'maple-cutting-board');
    await openForm(v.page);
    const w = reviews(v.page);
    await fillVisitor(v.page, {
      rating: 5,
      body: 'Oiled it once, still smooth.',
      name: 'Maya',
      email: 'maya@x.example',
    });
    expect(await w.locator('[part=signin]').count()).toBe(0);
    await w.getByRole('button', { name: 'Sign in instead' }).click();
    const signin = w.locator('[part=signin]');
    expect(await signin.locator('p').first().textContent()).toBe(
      'Sign in to post as yourself: what you wrote is kept.',
    );
    const login = signin.locator('inlay-login');
    await login.getByRole('button', { name: 'Sign in' }).click();
    await login.getByLabel('Email').fill(DEMO_LOGINS.member.email);
    await login.getByLabel('Password', { exact: true }).fill(DEMO_LOGINS.member.password);
    await login.getByLabel('Password', { exact: true }).press('Enter');
    // signed in: no name, email or check any more; the text is still there and goes with the member's own token
    await expect.poll(() => w.getByLabel('Your name (shown publicly)').count(), { timeout: 15_000 }).toBe(0);
    expect(await w.getByLabel('Your review').inputValue()).toBe('Oiled it once, still smooth.');
    await w.getByRole('button', { name: 'Submit review' }).click();
    await expect
      .poll(() => w.locator('[part=status]').textContent(), { timeout: 15_000 })
      .toMatch(/Your review is live/);
    const mine = (await allReviews('maple-cutting-board')).filter(
      (r) => r.content.body === 'Oiled it once, still smooth.',
    );
    const me = await api(env.stack.emulator, '/members/v1/members/my', {
      token: (await memberTokens(env.stack.emulator, 'member')).access,
    });
    expect(mine.map((r) => r.author.contactId)).toEqual([me.json.member.contactId]);
    expect(seen.companion.filter((c) => c.startsWith('POST /v1/reviews'))).toEqual([]);
    expect(seen.adminOnly).toEqual([]);
    await v.context.close();
  });

  it('a member not on the owner list sees no owner tools: the companion says so, and refuses its owner routes', async () => {
    const m = await openPage(env.browser);
    const seen = watch(m);
    await openProduct(m, 'folding-camp-stool');
    await signInWithWidget(m.page, DEMO_LOGINS.member.email, DEMO_LOGINS.member.password);
    await expect.poll(() => seen.companion).toContain('GET /v1/me');
    await m.page.waitForTimeout(500);
    expect(await reviews(m.page).locator('[part=queue]').count()).toBe(0);
    expect(
      await reviews(m.page)
        .getByRole('button', { name: /^(Approve|Reject|Approve all|Reply|Edit reply|Delete reply|Delete review)$/ })
        .count(),
    ).toBe(0);
    expect(seen.companion.filter((c) => c.includes('/v1/reviews/'))).toEqual([]);
    // a member writes as themselves, directly: no name or email asked
    await openForm(m.page);
    expect(await reviews(m.page).getByLabel('Your name (shown publicly)').count()).toBe(0);
    expect(await reviews(m.page).locator('[part=dropzone]').count()).toBe(1);
    // and the companion refuses the member's own token on the owner's routes
    const t = await memberTokens(env.stack.emulator, 'member');
    const r = await fetch(`${env.stack.companion.url}/v1/reviews/pending`, {
      method: 'POST',
      headers: { authorization: t.access, 'content-type': 'application/json' },
      body: JSON.stringify({ namespace: 'stores' }),
    });
    expect(r.status).toBe(403);
    expect(
      ((await r.json()) as { details: { applicationError: { code: string } } }).details.applicationError.code,
    ).toBe('NOT_OWNER');
    await m.context.close();
  });

  it('back in stock: subscribe through the companion, its status read again after a reload, “Stop notifying me” ends it', async () => {
    const rucksack = seedIds.products['waxed-canvas-rucksack']!;
    const admin = await adminToken(env.stack.emulator);
    const open = async () => {
      const filter = { 'catalogReference.catalogItemId': rucksack, email: 'gus@example.com' };
      const r = await api(env.stack.emulator, `${BIS}/query`, { token: admin, body: { query: { filter } } });
      return r.json.requests as { id: string; status: string }[];
    };
    const w = await openPage(env.browser);
    const seen = watch(w);
    await w.page.goto(`${env.stack.demo}/products/waxed-canvas-rucksack`);
    await stock(w.page).getByRole('button', { name: 'Notify me when it’s back' }).click();
    await stock(w.page).getByLabel('Email', { exact: true }).fill('gus@example.com');
    await stock(w.page).getByLabel('Email', { exact: true }).press('Enter');
    const status = stock(w.page).getByRole('status');
    await expect.poll(() => status.textContent()).toMatch(/We’ll email you at g…@example\.com/);
    const stop = stock(w.page).getByRole('button', { name: 'Stop notifying me' });
    await stop.waitFor();
    expect(await stock(w.page).locator('[part=hint]').count()).toBe(0);
    expect(seen.companion).toEqual(['POST /v1/stock-requests']);
    expect(await open()).toEqual([expect.objectContaining({ status: 'RECEIVED' })]);
    // the device keeps the companion's handle, not something guessable
    const kept = await w.page.evaluate(() => localStorage.getItem('inlay.back-in-stock.demo-client'));
    const handle = (Object.values(JSON.parse(kept!)) as { handle: string }[])[0]!.handle;
    expect(handle.length).toBeGreaterThan(20);
    expect(handle).not.toBe((await open())[0]!.id);
    expect(await axe(w.page, 'inlay-back-in-stock')).toEqual([]);

    await w.page.reload();
    await expect.poll(() => seen.companion).toContain(`GET /v1/stock-requests/${encodeURIComponent(handle)}`);
    await expect.poll(() => stock(w.page).getByRole('status').textContent()).toMatch(/g…@example\.com/);
    await stock(w.page).getByRole('button', { name: 'Stop notifying me' }).click();
    await expect
      .poll(() => stock(w.page).getByRole('status').textContent())
      .toBe('Done: we won’t email you about this item.');
    expect(
      await stock(w.page)
        .getByRole('status')
        .evaluate((e) => e === (e.getRootNode() as ShadowRoot).activeElement),
    ).toBe(true);
    expect(seen.companion.at(-1)).toBe(`DELETE /v1/stock-requests/${encodeURIComponent(handle)}`);
    expect(await open()).toEqual([]);
    expect(await w.page.evaluate(() => localStorage.getItem('inlay.back-in-stock.demo-client'))).toBe('{}');
    // the form is offered again
    await stock(w.page).getByRole('button', { name: 'Notify me when it’s back' }).waitFor();
    expect(await axe(w.page, 'inlay-back-in-stock')).toEqual([]);
    expect(seen.adminOnly).toEqual([]);
    await w.context.close();
  });

  it('the classic inlay.js (a plain <script src> that loads loader.js) uses the companion too: a visitor’s form with its check, a stop', async () => {
    const w = await openPage(env.browser);
    const seen = watch(w);
    await w.page.goto(`${env.stack.demo}/products/waxed-canvas-rucksack?script=classic`);
    await stock(w.page).getByRole('button', { name: 'Notify me when it’s back' }).click();
    await stock(w.page).getByLabel('Email', { exact: true }).fill('ivy@example.com');
    await stock(w.page).getByLabel('Email', { exact: true }).press('Enter');
    await stock(w.page).getByRole('button', { name: 'Stop notifying me' }).click();
    await expect
      .poll(() => stock(w.page).getByRole('status').textContent())
      .toBe('Done: we won’t email you about this item.');
    await showReviews(w.page);
    await reviews(w.page).locator('[part=summary], [part=empty]').first().waitFor();
    await openForm(w.page);
    await expect
      .poll(() => reviews(w.page).locator('[part=check]').textContent(), { timeout: 20_000 })
      .toBe('Verified: you’re a person. Thanks!');
    expect(seen.companion.map((c) => c.replace(/\/stock-requests\/.+$/, '/stock-requests/…'))).toEqual([
      'POST /v1/stock-requests',
      'DELETE /v1/stock-requests/…',
      'GET /v1/challenge',
    ]);
    await w.context.close();
  });

  it('the same pages with ?companion=off: a sign-in prompt, no photos, no stop, and each says so; the companion is never asked', async () => {
    const v = await openPage(env.browser);
    const seen = watch(v);
    await openProduct(v, 'folding-camp-stool', '?companion=off');
    await openForm(v.page);
    const w = reviews(v.page);
    expect(await w.locator('[part=signin] p').textContent()).toBe(
      'Reviews on this site need an account: sign in to post yours. What you write is kept.',
    );
    expect(await w.locator('[part=dropzone], input[type=file], [part=check]').count()).toBe(0);
    expect(await w.getByText('This site doesn’t take photos with reviews.').count()).toBe(1);
    expect(await w.getByLabel('Your name (shown publicly)').count()).toBe(0);

    await v.page.goto(`${env.stack.demo}/products/waxed-canvas-rucksack?companion=off`);
    await stock(v.page).getByRole('button', { name: 'Notify me when it’s back' }).click();
    await stock(v.page).getByLabel('Email', { exact: true }).fill('hal@example.com');
    await stock(v.page).getByLabel('Email', { exact: true }).press('Enter');
    await expect.poll(() => stock(v.page).getByRole('status').textContent()).toMatch(/h…@example\.com/);
    expect(await stock(v.page).getByRole('button', { name: 'Stop notifying me' }).count()).toBe(0);
    expect(await stock(v.page).locator('[part=hint]').textContent()).toBe(
      'To stop before then, contact the shop: this site can’t cancel it from here.',
    );
    expect(await axe(v.page, 'inlay-back-in-stock')).toEqual([]);
    expect(seen.companion).toEqual([]);
    await v.context.close();
  });
});

describe('when the companion fails, the widgets say so and keep what was typed', () => {
  it('the platform fails behind it (502): “couldn’t confirm”, everything kept; sent again, it goes once', async () => {
    const v = await openPage(env.browser);
    v.expected.push(/status of 502/);
    await openProduct(v, 'ceramic-planter');
    await openForm(v.page);
    await fillVisitor(v.page, { rating: 5, body: 'Drains well.', name: 'Jo Visitor', email: 'jo@example.com' });
    await api(env.stack.emulator, '/_dev/faults', {
      body: { path: '/reviews/v1/reviews', method: 'POST', status: 503, times: 1 },
    });
    const w = reviews(v.page);
    await w.getByRole('button', { name: 'Submit review' }).click();
    await expect
      .poll(() => w.locator('form [role=alert]').textContent(), { timeout: 20_000 })
      .toBe('We couldn’t confirm that your review arrived. Send it again: it won’t be posted twice.');
    expect(await w.getByLabel('Your review').inputValue()).toBe('Drains well.');
    expect(await w.getByLabel('Your name (shown publicly)').inputValue()).toBe('Jo Visitor');
    expect(await w.getByLabel('Your email (never shown)').inputValue()).toBe('jo@example.com');
    expect(await axe(v.page, 'inlay-reviews')).toEqual([]);
    await w.getByRole('button', { name: 'Submit review' }).click();
    await expect
      .poll(() => w.locator('[part=status]').textContent(), { timeout: 20_000 })
      .toMatch(/awaiting moderation/);
    expect((await allReviews('ceramic-planter')).filter((r) => r.content.body === 'Drains well.')).toHaveLength(1);
    await v.context.close();
  });

  it('the companion throttles (429): “too many attempts”, everything kept', async () => {
    const v = await openPage(env.browser);
    v.expected.push(/status of 429/);
    await openProduct(v, 'copper-watering-can');
    await openForm(v.page);
    await fillVisitor(v.page, { rating: 3, body: 'Pours well.', name: 'Kai Visitor', email: 'kai@example.com' });
    // this visitor used up their reviews for now (5 per 10 minutes, counted before the captcha is looked at)
    const token = (await pageToken(v.page))!;
    for (let i = 0; i < 5; i++) {
      const r = await fetch(`${env.stack.companion.url}/v1/reviews`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({
          namespace: 'stores',
          entityId: seedIds.products['copper-watering-can']!,
          name: 'Kai',
          email: 'kai@example.com',
          content: { rating: 3, body: 'x' },
          captcha: 'bm90IGEgY2FwdGNoYQ',
        }),
      });
      expect(r.status).toBe(400);
    }
    const w = reviews(v.page);
    await w.getByRole('button', { name: 'Submit review' }).click();
    await expect
      .poll(() => w.locator('form [role=alert]').textContent(), { timeout: 20_000 })
      .toBe('Too many attempts just now. Wait a minute, then send again.');
    expect(await w.getByLabel('Your review').inputValue()).toBe('Pours well.');
    expect(await w.getByLabel('Your email (never shown)').inputValue()).toBe('kai@example.com');
    await v.context.close();
  });

  it('the companion cannot be reached (network error): the review form and back-in-stock say so and keep the text', async () => {
    // a port nobody listens on
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const gone = `http://127.0.0.1:${port}/api/inlay`;
    const id = seedIds.products['waxed-canvas-rucksack']!;
    const page = env.stack.fixtures.page(
      '/companion-gone',
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>gone</title><script type="module" src="${env.stack.api}/inlay/loader.js" data-client-id="demo-client" data-api-base="${env.stack.api}" data-companion="${gone}"></script></head><body><inlay-back-in-stock product-id="${id}"></inlay-back-in-stock><inlay-reviews product-id="${id}"></inlay-reviews></body></html>`,
    );
    const v = await openPage(env.browser);
    v.expected.push(/ERR_CONNECTION_REFUSED|Failed to load resource/);
    await v.page.goto(page);
    await stock(v.page).getByRole('button', { name: 'Notify me when it’s back' }).click();
    await stock(v.page).getByLabel('Email', { exact: true }).fill('lee@example.com');
    await stock(v.page).getByLabel('Email', { exact: true }).press('Enter');
    await expect
      .poll(() => stock(v.page).getByRole('alert').textContent())
      .toBe('You appear to be offline. Check your connection and try again.');
    expect(await stock(v.page).getByLabel('Email', { exact: true }).inputValue()).toBe('lee@example.com');

    await reviews(v.page).locator('[part=summary], [part=empty]').first().waitFor();
    await openForm(v.page);
    await fillVisitor(v.page, { rating: 4, body: 'Roomy.', name: 'Lee', email: 'lee@example.com' });
    const w = reviews(v.page);
    await w.getByRole('button', { name: 'Submit review' }).click();
    await expect
      .poll(() => w.locator('form [role=alert]').textContent(), { timeout: 30_000 })
      .toBe('You appear to be offline. Check your connection and try again.');
    expect(await w.getByLabel('Your review').inputValue()).toBe('Roomy.');
    expect(await w.getByLabel('Your name (shown publicly)').inputValue()).toBe('Lee');
    await v.context.close();
  }, 60_000);
});
