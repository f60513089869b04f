import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, mountWidget } from '../../tests/helpers/mount.ts';
import { deferred, fakeFetch, json, type Call } from '../../tests/helpers/fake-fetch.ts';
import { registry } from '../registry.ts';
import { reviewsCss } from './styles.ts';
import { reviewsOnPageOf } from '../../core/reads/review-summary.ts';

const PRODUCT = 'p-1';
const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
const reviews = [
  {
    id: 'r1',
    entityId: PRODUCT,
    content: {
      rating: 4,
      title: XSS,
      body: `${XSS}\nsecond line`,
      media: [{ image: { url: 'javascript:alert(1)' } }, { image: { url: 'https://cdn.test/ok.png' } }],
    },
    author: { authorName: XSS },
    reply: { message: XSS },
    verified: true,
    createdDate: new Date(Date.now() - 3 * 86400000).toISOString(),
  },
];
const counts = [0, 0, 0, 1, 0];
const B = 'https://shop.test/api/inlay';

let reply: (call: Call) => Response | Promise<Response> | undefined = () => undefined;
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  const custom = reply(call);
  if (custom) return custom;
  if (call.url.includes('/stores-reader/v1/products/'))
    return json(200, { product: { id: PRODUCT, name: 'Mug', slug: 'mug' } });
  if (call.url.endsWith('/reviews/count'))
    return json(200, {
      count: counts[(call.body as { filter: { 'content.rating': number } }).filter['content.rating'] - 1],
    });
  if (call.url.endsWith('/reviews/query')) return json(200, { reviews, metadata: { cursors: { next: null } } });
  return json(500, { message: 'unexpected' });
});

beforeEach(() => {
  document.body.replaceChildren();
  sessionStorage.clear();
  net.calls.length = 0;
  reply = () => undefined;
  $session.set({ status: 'visitor', role: 'visitor' });
});

/** Each mount is a new page on the fake platform (its own client: the reviews are read afresh). */
async function mount() {
  const { el } = await mountWidget('inlay-reviews', { 'product-id': PRODUCT }, net.fetch);
  await vi.waitFor(() => expect(el.shadowRoot!.querySelector('article')).not.toBeNull());
  return el;
}

describe('<inlay-reviews> (happy-dom)', () => {
  it('renders review text, names and replies as text; line breaks kept; nothing injected', async () => {
    const el = await mount();
    const root = el.shadowRoot!;
    expect(root.querySelector('article h3')!.textContent).toBe(XSS);
    expect(root.querySelector('article .body')!.textContent).toBe(`${XSS}\nsecond line`);
    expect(root.querySelector('.author')!.textContent).toBe(XSS);
    expect(root.querySelector('.reply .body')!.textContent).toBe(XSS);
    expect(root.querySelector('article script')).toBeNull();
    expect(root.querySelector('article img[src=x]')).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('shows only http(s) photos; javascript: URLs never reach src', async () => {
    const el = await mount();
    const imgs = [...el.shadowRoot!.querySelectorAll('article img')].map((i) => i.getAttribute('src'));
    expect(imgs).toEqual(['https://cdn.test/ok.png']);
    const attrs = [...el.shadowRoot!.querySelectorAll('*')].flatMap((n) => [...n.attributes].map((x) => x.value));
    expect(attrs.join(' ')).not.toContain('javascript:');
  });

  it('summary: average, count and histogram buttons with pressed state that filter the list', async () => {
    const el = await mount();
    await vi.waitFor(() => expect(el.shadowRoot!.querySelector('.big')?.textContent).toBe('4.0'));
    const bars = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('.bar')];
    expect(bars.map((b) => b.querySelector('.visually-hidden')!.textContent)).toEqual([
      '5 stars, 0 reviews',
      '4 stars, 1 review',
      '3 stars, 0 reviews',
      '2 stars, 0 reviews',
      '1 star, 0 reviews',
    ]);
    bars[1]!.click();
    await vi.waitFor(() => expect(bars[1]!.getAttribute('aria-pressed')).toBe('true'));
    const last = net.calls.filter((c) => c.url.endsWith('/reviews/query')).at(-1)!;
    expect((last.body as { query: { filter: unknown } }).query.filter).toEqual({
      namespace: 'stores',
      entityId: PRODUCT,
      'content.rating': 4,
    });
  });

  it('right to left: a right-to-left author beside a number, the histogram’s "5★", the viewer’s "1 / 2" and the form’s photo count each isolated', async () => {
    const photos = [{ image: { url: 'https://cdn.test/a.png' } }, { image: { url: 'https://cdn.test/b.png' } }];
    reply = (call) =>
      call.url.endsWith('/reviews/query')
        ? json(200, {
            reviews: [
              {
                ...reviews[0],
                author: { authorName: 'שרה 2' },
                content: { rating: 4, title: 'כותרת 3', body: 'גוף', media: photos },
              },
            ],
            metadata: { cursors: { next: null } },
          })
        : undefined;
    const { el } = await mountWidget('inlay-reviews', { 'product-id': PRODUCT }, net.fetch, { companion: B });
    const root = el.shadowRoot!;
    await vi.waitFor(() => expect(root.querySelector('article')).not.toBeNull());
    // the author in its own <bdi>: "2" stays in the name
    expect(root.querySelector('article bdi.author')!.textContent).toBe('שרה 2');
    // a star count beside its star, in one run
    expect([...root.querySelectorAll('.bar > bdi')].map((b) => b.textContent)).toEqual(['5★', '4★', '3★', '2★', '1★']);
    // the viewer's counter and the review under the photo: the card's own title and body
    root.querySelector<HTMLButtonElement>('button.thumb')!.click();
    await vi.waitFor(() => expect(root.querySelector('dialog .count')).not.toBeNull());
    expect(root.querySelector('dialog .count > bdi')!.textContent).toBe('1 / 2');
    expect(root.querySelector('article h3.title')!.textContent).toBe('כותרת 3');
    expect(
      [...root.querySelectorAll('dialog .cap :is(.title, .body)')].map((e) => [
        e.tagName,
        e.textContent,
        e.getAttribute('dir'),
      ]),
    ).toEqual([
      ['P', 'כותרת 3', 'auto'],
      ['P', 'גוף', 'auto'],
    ]);
    root.querySelector<HTMLButtonElement>('dialog .close')!.click();
    // the form's "1 of 5 added." in one run beside the photos' rules
    [...root.querySelectorAll('button')].find((b) => b.textContent === 'Write a review')!.click();
    await vi.waitFor(() => expect(root.querySelector('form input[type=file]')).not.toBeNull(), { timeout: 5000 });
    const input = root.querySelector<HTMLInputElement>('form input[type=file]')!;
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'תמונה 2.png', { type: 'image/png' });
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await vi.waitFor(() => expect(root.querySelector('form .hint > bdi')).not.toBeNull());
    expect(root.querySelector('form .hint > bdi')!.textContent).toBe('1 of 5 added.');
  });

  it('JSON-LD goes into the document head (not the shadow root) and leaves with the element', async () => {
    const el = await mount();
    await vi.waitFor(() =>
      expect(document.head.querySelector(`script[data-inlay-reviews="${PRODUCT}"]`)).not.toBeNull(),
    );
    const s = document.head.querySelector(`script[data-inlay-reviews="${PRODUCT}"]`)!;
    expect(s.getAttribute('type')).toBe('application/ld+json');
    expect(s.textContent).not.toContain('<');
    expect(JSON.parse(s.textContent!).aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
    el.remove();
    await vi.waitFor(() => expect(document.head.querySelector('script[data-inlay-reviews]')).toBeNull());
  });

  it('JSON-LD waits for the product’s name: never the page title while the product is on its way', async () => {
    document.title = 'Mug · Some Shop';
    const held = deferred<Response>();
    reply = (call) => (call.url.includes('/stores-reader/v1/products/') ? held.promise : undefined);
    const el = await mount();
    expect(el.shadowRoot!.querySelector('.big')?.textContent).toBe('4.0');
    expect(document.head.querySelector('script[data-inlay-reviews]')).toBeNull();
    held.resolve(json(200, { product: { id: PRODUCT, name: 'Mug', slug: 'mug' } }));
    await vi.waitFor(() => expect(document.head.querySelector('script[data-inlay-reviews]')).not.toBeNull());
    expect(JSON.parse(document.head.querySelector('script[data-inlay-reviews]')!.textContent!).name).toBe('Mug');
    el.remove();
    document.title = '';
  });

  it('a visitor’s form without a companion: only the sign-in (no "Submit review", no error); the typed review goes once they are signed in', async () => {
    const el = await mount();
    const events: unknown[] = [];
    el.addEventListener('inlay-review-submit', (e) => events.push(e.detail));
    const root = el.shadowRoot!;
    [...root.querySelectorAll('button')].find((b) => b.textContent === 'Write a review')!.click();
    // (the form's chunk is imported for the first time in this file: slow on a busy machine)
    await vi.waitFor(() => expect(root.querySelector('form')).not.toBeNull(), { timeout: 5000 });
    const form = root.querySelector('form')!;
    // no photo UI at all without data-companion; no name or email: the platform has no visitor review
    expect(form.querySelector('[part=dropzone], [part=photos], input[type=file]')).toBeNull();
    expect(form.querySelector('[name=name], [name=email]')).toBeNull();
    // and where photos would be, that this site takes none
    expect(form.textContent).toContain('This site doesn’t take photos with reviews.');
    // the form's three states never overlap: the sign-in prompt alone (with the login widget's inline sign-in, defined
    // on demand), no "Submit review" beside it, and no error
    expect(form.querySelector('[part=signin] p')!.textContent).toBe(
      'Reviews on this site need an account: sign in to post yours. What you write is kept.',
    );
    expect(form.querySelector('[part=submit]')).toBeNull();
    expect([...form.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Cancel']);
    expect(root.querySelector('.err, [role=alert]')).toBeNull();
    await vi.waitFor(() => expect(form.querySelector('[part=signin] inlay-login')).not.toBeNull(), {
      timeout: 5000,
    });
    expect(customElements.get('inlay-login')).toBeDefined();

    reply = (call) =>
      call.url.endsWith('/reviews/v1/reviews')
        ? json(200, {
            review: {
              id: 'new',
              entityId: PRODUCT,
              content: { rating: 5, body: 'Nice' },
              author: { authorName: 'Maya' },
              moderation: { moderationStatus: 'IN_MODERATION' },
            },
          })
        : undefined;
    form.querySelector<HTMLInputElement>('input[type=radio][value="5"]')!.click();
    const body = form.querySelector<HTMLTextAreaElement>('[name=body]')!;
    body.value = 'Nice';
    body.dispatchEvent(new Event('input', { bubbles: true }));
    await vi.waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem(`inlay.reviews.draft.stores:${PRODUCT}`)!)).toMatchObject({
        rating: 5,
        body: 'Nice',
      }),
    );
    expect(root.querySelector('.err, [role=alert]')).toBeNull();
    expect(net.calls.some((c) => c.method === 'POST' && c.url.endsWith('/reviews/v1/reviews'))).toBe(false);

    // signed in (the inline panel, another tab): the session's member, then its record with the contact
    $session.set({ status: 'member', role: 'member' });
    await vi.waitFor(() => expect(form.querySelector('[part=signin]')).toBeNull());
    expect(net.calls.some((c) => c.method === 'POST' && c.url.endsWith('/reviews/v1/reviews'))).toBe(false);
    $session.set({
      status: 'member',
      role: 'member',
      member: { id: 'm1', contactId: 'c1', profile: { nickname: 'Maya' } },
    });
    await vi.waitFor(() => expect(root.querySelector('[part=status]')?.textContent).toMatch(/awaiting moderation/));
    expect(net.calls.find((c) => c.method === 'POST' && c.url.endsWith('/reviews/v1/reviews'))!.body).toEqual({
      review: {
        namespace: 'stores',
        entityId: PRODUCT,
        content: { rating: 5, body: 'Nice' },
        author: { contactId: 'c1', authorName: 'Maya' },
      },
    });
    expect(events).toEqual([{ review: expect.objectContaining({ id: 'new' }) }]);
    expect(sessionStorage.getItem(`inlay.reviews.draft.stores:${PRODUCT}`)).toBeNull();
  });

  it('a duplicate gets a clear message and keeps the form; the draft survives a reload of the element', async () => {
    $session.set({ status: 'member', role: 'member', member: { id: 'm1', contactId: 'c1' } });
    reply = (call) =>
      call.url.endsWith('/reviews/v1/reviews')
        ? json(409, { message: 'dup', details: { applicationError: { code: 'ALREADY_EXISTS' } } })
        : undefined;
    sessionStorage.setItem(
      `inlay.reviews.draft.stores:${PRODUCT}`,
      JSON.stringify({ rating: 4, title: 'T', body: 'Kept' }),
    );
    const el = await mount();
    const root = el.shadowRoot!;
    await vi.waitFor(() => expect(root.querySelector('form')).not.toBeNull()); // a draft opens the form by itself
    const form = root.querySelector('form')!;
    expect(form.querySelector<HTMLTextAreaElement>('[name=body]')!.value).toBe('Kept');
    expect(form.querySelector<HTMLInputElement>('input[type=radio][value="4"]')!.checked).toBe(true);
    form.requestSubmit();
    await vi.waitFor(() =>
      expect(root.querySelector('[role=alert]')?.textContent).toMatch(/already reviewed this item/),
    );
    expect(form.querySelector<HTMLTextAreaElement>('[name=body]')!.value).toBe('Kept');
    expect(JSON.parse(sessionStorage.getItem(`inlay.reviews.draft.stores:${PRODUCT}`)!).body).toBe('Kept');
  });

  it('a signed-in member writes as itself, no sign-in asked; without a companion no owner probe is made', async () => {
    $session.set({
      status: 'member',
      role: 'member',
      member: { id: 'm1', contactId: 'c1', loginEmail: 'm@example.com', profile: { nickname: 'Maya' } },
    });
    reply = (call) => {
      if (call.url.endsWith('/reviews/v1/reviews'))
        return json(200, {
          review: { id: 'm', entityId: PRODUCT, content: { rating: 3 }, moderation: { moderationStatus: 'APPROVED' } },
        });
      return undefined;
    };
    const el = await mount();
    const root = el.shadowRoot!;
    [...root.querySelectorAll('button')].find((b) => b.textContent === 'Write a review')!.click();
    await vi.waitFor(() => expect(root.querySelector('form')).not.toBeNull());
    const form = root.querySelector('form')!;
    expect(form.querySelector('[name=name], [part=signin]')).toBeNull();
    form.querySelector<HTMLInputElement>('input[type=radio][value="3"]')!.click();
    const body = form.querySelector<HTMLTextAreaElement>('[name=body]')!;
    body.value = 'Fine';
    body.dispatchEvent(new Event('input', { bubbles: true }));
    form.requestSubmit();
    await vi.waitFor(() => expect(root.querySelector('[part=status]')?.textContent).toMatch(/Your review is live/));
    expect(net.calls.find((c) => c.url.endsWith('/reviews/v1/reviews'))!.body).toEqual({
      review: {
        namespace: 'stores',
        entityId: PRODUCT,
        content: { rating: 3, body: 'Fine' },
        author: { contactId: 'c1', authorName: 'Maya' },
      },
    });
    expect(root.querySelector('[part=queue]')).toBeNull();
    expect(net.calls.filter((c) => (c.body as { returnPrivateReviews?: boolean })?.returnPrivateReviews)).toEqual([]);
  });

  it('with data-companion: the form offers photos, and a member is asked (once) whether they own the site', async () => {
    $session.set({ status: 'member', role: 'member', member: { id: 'm2', contactId: 'c2' } });
    reply = (call) => (call.url === `${B}/v1/me` ? json(200, { kind: 'member', owner: false }) : undefined);
    const { el } = await mountWidget('inlay-reviews', { 'product-id': PRODUCT }, net.fetch, { companion: B });
    const root = el.shadowRoot!;
    await vi.waitFor(() => expect(root.querySelector('article')).not.toBeNull());
    await vi.waitFor(() => expect(net.calls.filter((c) => c.url === `${B}/v1/me`)).toHaveLength(1));
    [...root.querySelectorAll('button')].find((b) => b.textContent === 'Write a review')!.click();
    await vi.waitFor(() => expect(root.querySelector('form [part=dropzone]')).not.toBeNull());
    expect(root.querySelector('form input[type=file]')).not.toBeNull();
    // a member posts as themselves: no name, email or check
    expect(root.querySelector('form [name=name], form [part=check]')).toBeNull();
    expect(root.querySelector('[part=queue]')).toBeNull();
    expect(
      net.calls.filter(
        (c) => c.url.includes('/reviews/query') && (c.body as { returnPrivateReviews?: boolean })?.returnPrivateReviews,
      ),
    ).toEqual([]);
  });

  it('with data-companion, a visitor reviews with name and email (labelled, autocomplete), no sign-in; the check runs with a status', async () => {
    reply = (call) =>
      call.url === `${B}/v1/challenge`
        ? json(200, {
            algorithm: 'SHA-256',
            // the answer is 7
            challenge: createHash('sha256').update('salt7').digest('hex'),
            maxnumber: 100,
            salt: 'salt',
            signature: 'sig',
          })
        : undefined;
    const { el } = await mountWidget('inlay-reviews', { 'product-id': PRODUCT }, net.fetch, { companion: B });
    const root = el.shadowRoot!;
    await vi.waitFor(() => expect(root.querySelector('article')).not.toBeNull());
    [...root.querySelectorAll('button')].find((b) => b.textContent === 'Write a review')!.click();
    await vi.waitFor(() => expect(root.querySelector('form')).not.toBeNull(), { timeout: 5000 });
    const form = root.querySelector('form')!;
    const name = form.querySelector<HTMLInputElement>('[name=name]')!;
    const email = form.querySelector<HTMLInputElement>('[name=email]')!;
    expect([name.autocomplete, email.autocomplete, email.type]).toEqual(['name', 'email', 'email']);
    expect(form.querySelector(`label[for="${name.id}"]`)!.textContent).toBe('Your name (shown publicly)');
    expect(form.querySelector(`label[for="${email.id}"]`)!.textContent).toBe('Your email (never shown)');
    expect(form.querySelector('[part=signin]')).toBeNull();
    expect(form.querySelector('[part=dropzone]')).not.toBeNull();
    // the check started with the form, told in a status region; no visitor-review call without a send
    await vi.waitFor(() => expect(net.calls.some((c) => c.url === `${B}/v1/challenge`)).toBe(true));
    expect(form.querySelector('[part=check]')!.getAttribute('role')).toBe('status');
    await vi.waitFor(() =>
      expect(form.querySelector('[part=check]')!.textContent).toBe('Verified: you’re a person. Thanks!'),
    );
    expect(net.calls.some((c) => c.url === `${B}/v1/reviews`)).toBe(false);
    form.requestSubmit();
    await vi.waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('while its first page loads it keeps the box the loader reserved; a reveal asked for then scrolls again once it has arrived', async () => {
    // the loader's reserved height is the loading state's
    const reserved = /min-height:(\d+px)/.exec(registry['inlay-reviews']![1])![1];
    expect(reviewsCss).toContain(`.wait{min-height:${reserved}}`);
    const held = deferred<Response>();
    reply = (call) => (call.url.endsWith('/reviews/query') ? held.promise : undefined);
    const { el, context } = await mountWidget('inlay-reviews', { 'product-id': PRODUCT }, net.fetch);
    const $reviewsOnPage = reviewsOnPageOf(context.client);
    const scrolled = vi.fn();
    el.scrollIntoView = scrolled;
    await vi.waitFor(() => expect($reviewsOnPage.get()[`stores:${PRODUCT}`]).toBeDefined());
    expect(el.shadowRoot!.querySelector('[part=root]')!.classList.contains('wait')).toBe(true);
    $reviewsOnPage.get()[`stores:${PRODUCT}`]!();
    expect(scrolled).toHaveBeenCalledTimes(1);
    held.resolve(json(200, { reviews, metadata: { cursors: { next: null } } }));
    await vi.waitFor(() => expect(el.shadowRoot!.querySelector('article')).not.toBeNull());
    expect(el.shadowRoot!.querySelector('[part=root]')!.classList.contains('wait')).toBe(false);
    await vi.waitFor(() => expect(scrolled).toHaveBeenCalledTimes(2));
    // a reveal once loaded scrolls once, and nothing later scrolls again
    $reviewsOnPage.get()[`stores:${PRODUCT}`]!();
    expect(scrolled).toHaveBeenCalledTimes(3);
    await new Promise((r) => setTimeout(r, 50));
    expect(scrolled).toHaveBeenCalledTimes(3);
  });

  it('a reveal asked for while loading is dropped when the item changes, or when focus has moved on', async () => {
    const held = deferred<Response>();
    reply = (call) =>
      call.url.endsWith('/reviews/query') &&
      (call.body as { query: { filter: { entityId: string } } }).query.filter.entityId === PRODUCT
        ? held.promise
        : undefined;
    const { el, context } = await mountWidget('inlay-reviews', { 'product-id': PRODUCT }, net.fetch);
    const $reviewsOnPage = reviewsOnPageOf(context.client);
    const scrolled = vi.fn();
    el.scrollIntoView = scrolled;
    await vi.waitFor(() => expect($reviewsOnPage.get()[`stores:${PRODUCT}`]).toBeDefined());
    $reviewsOnPage.get()[`stores:${PRODUCT}`]!();
    expect(scrolled).toHaveBeenCalledTimes(1);
    // the page shows another product (a single-page app) before the first page arrives: no second scroll
    el.setAttribute('product-id', 'p-2');
    await vi.waitFor(() => expect($reviewsOnPage.get()['stores:p-2']).toBeDefined());
    held.resolve(json(200, { reviews, metadata: { cursors: { next: null } } }));
    await vi.waitFor(() => expect(el.shadowRoot!.querySelector('article')).not.toBeNull());
    await new Promise((r) => setTimeout(r, 50));
    expect(scrolled).toHaveBeenCalledTimes(1);

    // focus moved on before the page arrived: no second scroll either
    const again = deferred<Response>();
    reply = (call) => (call.url.endsWith('/reviews/query') ? again.promise : undefined);
    el.setAttribute('product-id', 'p-3');
    await vi.waitFor(() => expect($reviewsOnPage.get()['stores:p-3']).toBeDefined());
    await vi.waitFor(() => expect(el.shadowRoot!.querySelector('[part=root]')!.classList.contains('wait')).toBe(true));
    $reviewsOnPage.get()['stores:p-3']!();
    expect(scrolled).toHaveBeenCalledTimes(2);
    el.shadowRoot!.querySelector<HTMLElement>('h2')!.blur();
    again.resolve(json(200, { reviews, metadata: { cursors: { next: null } } }));
    await vi.waitFor(() => expect(el.shadowRoot!.querySelector('[part=root]')!.classList.contains('wait')).toBe(false));
    await new Promise((r) => setTimeout(r, 50));
    expect(scrolled).toHaveBeenCalledTimes(2);
  });
});

describe('the owner’s queue', () => {
  it('"Approve all" starts the platform’s job: the owner reads how many and that it may take a moment; the queue is read again', async () => {
    $session.set({ status: 'member', role: 'member', member: { id: 'o1', contactId: 'co1' } });
    const waiting = [
      {
        id: 'q1',
        entityId: PRODUCT,
        content: { rating: 2, body: 'Late' },
        moderation: { moderationStatus: 'IN_MODERATION' },
      },
      {
        id: 'q2',
        entityId: PRODUCT,
        content: { rating: 4, body: 'Fine' },
        moderation: { moderationStatus: 'IN_MODERATION' },
      },
    ];
    let queue = waiting;
    reply = (call) => {
      if (call.url === `${B}/v1/me`) return json(200, { kind: 'member', owner: true });
      if (call.url === `${B}/v1/reviews/pending`) return json(200, { reviews: queue });
      if (call.url === `${B}/v1/reviews/bulk-moderate`) {
        queue = [];
        return json(200, { jobId: 'job-1', count: 2 });
      }
      return undefined;
    };
    const { el, context } = await mountWidget('inlay-reviews', { 'product-id': PRODUCT }, net.fetch, { companion: B });
    const root = el.shadowRoot!;
    await vi.waitFor(() => expect(root.querySelectorAll('[part=queue] li')).toHaveLength(2));
    // the queue's heading with its count, one run right to left
    expect(root.querySelector('[part=queue] h3 > bdi')!.textContent).toBe('Waiting for approval (2)');
    [...root.querySelectorAll<HTMLButtonElement>('[part=queue] button')]
      .find((b) => b.textContent === 'Approve all')!
      .click();
    const { toastsOf } = await import('../../core/stores/toasts.ts');
    await vi.waitFor(() =>
      expect(
        toastsOf(context.client)
          .$toasts.get()
          .map((t) => t.title),
      ).toContain('Moderating 2 reviews; it may take a moment.'),
    );
    expect(net.calls.filter((c) => c.url === `${B}/v1/reviews/bulk-moderate`).map((c) => c.body)).toEqual([
      { namespace: 'stores', entityId: PRODUCT, status: 'APPROVED' },
    ]);
    await vi.waitFor(() => expect(root.querySelector('[part=queue]')).toBeNull());
  });
});
