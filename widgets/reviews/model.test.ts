import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testContext } from '../../tests/helpers/context.ts';
import { fakeFetch, json, type Call } from '../../tests/helpers/fake-fetch.ts';
import { loadSummary, summarize, summaryStore } from '../../core/reads/review-summary.ts';
import { queryReviews } from '../../core/api/reviews.ts';
import { uploadPhoto } from '../../core/api/site-media.ts';
import type { Emit } from '../../core/events.ts';
import { createReviewsModel } from './model.ts';
import { jsonLd } from './json-ld.ts';
import { sendAsVisitor } from './visitor.ts';
import { companionHttp, companionOf, me } from '../../core/api/companion.ts';
import { submitReview, type Draft } from './submit.ts';
import { sessionOf } from '../../core/stores/session.ts';

/** Per-rating counts the fake platform answers, per entity. */
const counts: Record<string, number[]> = { p1: [1, 0, 2, 3, 6], p2: [0, 0, 0, 0, 0] };
let reply: (call: Call) => Response | undefined = () => undefined;
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  const custom = reply(call);
  if (custom) return custom;
  if (call.url.endsWith('/reviews/v1/reviews/count')) {
    const f = (call.body as { filter: { entityId: string; 'content.rating': number } }).filter;
    return json(200, { count: counts[f.entityId]![f['content.rating'] - 1] });
  }
  return json(500, { message: 'unexpected' });
});
const reviewCalls = () => net.calls.filter((c) => c.url.includes('/reviews/'));
const review = (id: string, entityId: string, rating: number, over: Record<string, unknown> = {}) => ({
  id,
  entityId,
  content: { rating, title: `t${id}` },
  ...over,
});

const context = testContext(net.fetch, { clientId: 'c' });
/** The same page naming a site companion (`data-companion`). */
const B = 'https://shop.test/api/inlay';
const withCompanion = testContext(net.fetch, { clientId: 'c', companion: B });
const companionCalls = () => net.calls.filter((c) => c.url.startsWith(`${B}/`));
const refused = (status: number, code: string) =>
  json(status, { message: code, details: { applicationError: { code, description: code } } });
const emitted: unknown[] = [];
const emit: Emit = (type, detail) => emitted.push([type, detail]) > 0;
const { client } = context;
const { http } = client;
beforeEach(() => {
  net.calls.length = 0;
  emitted.length = 0;
  reply = () => undefined;
  for (const k of client.cache.keys()) client.cache.invalidate(k);
});

describe('rating summary', () => {
  it('average to one decimal and total from the five counts', () => {
    expect(summarize([1, 0, 2, 3, 6])).toEqual({ count: 12, average: 4.1, histogram: [1, 0, 2, 3, 6] }); // 49 / 12 = 4.08
    expect(summarize([0, 0, 1, 1, 1])).toEqual({ count: 3, average: 4, histogram: [0, 0, 1, 1, 1] });
    expect(summarize([2, 0, 0, 0, 1]).average).toBe(2.3); // (2·1 + 5) / 3 = 2.33
    expect(summarize([0, 0, 0, 0, 0])).toEqual({ count: 0, average: 0, histogram: [0, 0, 0, 0, 0] });
  });

  /** Reviews of `entityId` rated as in `counts` (1 star first), as one query page. */
  const reviewsOf = (entityId: string) =>
    counts[entityId]!.flatMap((n, i) => Array.from({ length: n }, (_, k) => review(`${i}-${k}`, entityId, i + 1)));

  it('one item: one query page of its reviews (namespace, entityId $in, 100, the platform’s order), the histogram from them; widgets sharing the key make no more', async () => {
    reply = (call) =>
      call.url.endsWith('/reviews/query')
        ? json(200, { reviews: reviewsOf('p1'), metadata: { cursors: { next: null } } })
        : undefined;
    const a = summaryStore(client, 'stores', 'p1');
    const b = summaryStore(client, 'stores', 'p1'); // <inlay-rating> and <inlay-reviews> for the same product
    const stop = [a.listen(() => {}), b.listen(() => {})];
    try {
      await vi.waitFor(() => expect(a.get().data).toBeDefined());
      expect(a.get().data).toEqual({ count: 12, average: 4.1, histogram: [1, 0, 2, 3, 6] });
      expect(b.get().data).toBe(a.get().data);
      expect(reviewCalls().map((c) => [c.url.split('/').at(-1), c.body])).toEqual([
        [
          'query',
          { query: { filter: { namespace: 'stores', entityId: { $in: ['p1'] } }, cursorPaging: { limit: 100 } } },
        ],
      ]);
    } finally {
      stop.forEach((s) => s());
    }
  });

  it('one item with more than a page of reviews: then five count calls in parallel (namespace, entityId, content.rating = n)', async () => {
    reply = (call) =>
      call.url.endsWith('/reviews/query')
        ? json(200, { reviews: reviewsOf('p1').slice(0, 10), metadata: { cursors: { next: 'MORE' } } })
        : undefined;
    expect(await loadSummary(client, 'more', 'p1')).toEqual({ count: 12, average: 4.1, histogram: [1, 0, 2, 3, 6] });
    const [query, ...rest] = reviewCalls();
    expect(query!.url).toMatch(/\/reviews\/query$/);
    expect(rest.map((c) => c.body)).toEqual(
      [1, 2, 3, 4, 5].map((n) => ({ filter: { namespace: 'more', entityId: 'p1', 'content.rating': n } })),
    );
  });

  it('a grid: items asked for together are read by one query with entityId $in, histograms from the reviews', async () => {
    reply = (call) =>
      call.url.endsWith('/reviews/query')
        ? json(200, {
            reviews: [review('1', 'g1', 5), review('2', 'g1', 4), review('3', 'g2', 1), review('4', 'g1', 4)],
            metadata: { cursors: { next: null } },
          })
        : undefined;
    const [s1, s2, s3] = await Promise.all([
      loadSummary(client, 'grid', 'g1'),
      loadSummary(client, 'grid', 'g2'),
      loadSummary(client, 'grid', 'g3'),
    ]);
    expect(s1).toEqual({ count: 3, average: 4.3, histogram: [0, 0, 0, 2, 1] });
    expect(s2).toEqual({ count: 1, average: 1, histogram: [1, 0, 0, 0, 0] });
    expect(s3).toEqual({ count: 0, average: 0, histogram: [0, 0, 0, 0, 0] });
    expect(reviewCalls()).toHaveLength(1);
    expect(reviewCalls()[0]!.body).toMatchObject({
      query: { filter: { namespace: 'grid', entityId: { $in: ['g1', 'g2', 'g3'] } }, cursorPaging: { limit: 100 } },
    });
  });
});

describe('list: sort and cursor paging', () => {
  it('sends the sort on the wire, pages with the opaque cursor, filters by rating', async () => {
    const pages: Record<string, unknown> = {
      first: { reviews: [review('a', 'p1', 5), review('b', 'p1', 4)], metadata: { cursors: { next: 'CUR1' } } },
      CUR1: { reviews: [review('c', 'p1', 3)], metadata: { cursors: { next: null } } },
    };
    reply = (call) => {
      if (!call.url.endsWith('/reviews/query')) return undefined;
      const cursor = (call.body as { query: { cursorPaging: { cursor?: string } } }).query.cursorPaging.cursor;
      return json(200, pages[cursor ?? 'first']);
    };
    const m = createReviewsModel(context, { namespace: 'stores', entityId: 'p1', pageSize: 2, emit });
    m.setSort('highest');
    await vi.waitFor(() => expect(m.$list.get().reviews).toHaveLength(2));
    expect(m.$list.get().next).toBe('CUR1');
    const body = reviewCalls().at(-1)!.body as { query: Record<string, unknown> };
    expect(body.query).toEqual({
      filter: { namespace: 'stores', entityId: 'p1' },
      sort: [
        { fieldName: 'content.rating', order: 'DESC' },
        { fieldName: 'createdDate', order: 'DESC' },
      ],
      cursorPaging: { limit: 2 },
    });
    await m.load(true);
    expect(m.$list.get().reviews.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(m.$list.get().next).toBeUndefined();
    // the next page is the cursor alone, as the platform's client sends it (the cursor carries filter and sort)
    expect((reviewCalls().at(-1)!.body as { query: unknown }).query).toEqual({
      cursorPaging: { limit: 2, cursor: 'CUR1' },
    });

    m.filter({ rating: 4 });
    await vi.waitFor(() => expect(m.$list.get().loading).toBe(false));
    expect((reviewCalls().at(-1)!.body as { query: { filter: unknown } }).query.filter).toEqual({
      namespace: 'stores',
      entityId: 'p1',
      'content.rating': 4,
    });
    const q = await queryReviews(http, { filter: {}, sort: 'lowest' });
    expect(q.reviews).toHaveLength(2);
  });
});

describe('owner probe, uploads, JSON-LD', () => {
  it('without a site companion nobody is asked whether they own the site: no call, no owner tools', async () => {
    reply = (call) =>
      call.url.endsWith('/reviews/query') ? json(200, { reviews: [review('q', 'p1', 2)] }) : undefined;
    const m = createReviewsModel(context, { productId: 'p1', emit });
    await m.probeStaff(true, 'owner-b');
    expect(m.$staff.get()).toBe(false);
    // (an earlier test's list may read again in the background: only a private read would be the probe)
    expect(reviewCalls().filter((c) => (c.body as { returnPrivateReviews?: boolean }).returnPrivateReviews)).toEqual(
      [],
    );
    expect(m.$pending.get().reviews).toEqual([]);
  });

  it('with a companion: its GET /v1/me says who owns the site (a “no” remembered for the tab); an owner gets the queue from it', async () => {
    let owner = false;
    reply = (call) =>
      call.url === `${B}/v1/me`
        ? json(200, { kind: 'member', owner, features: { reviews: true, photos: true, stock: true } })
        : call.url === `${B}/v1/reviews/pending`
          ? json(200, { reviews: [review('q', 'p1', 2)] })
          : undefined;
    const m = createReviewsModel(withCompanion, { productId: 'p1', emit });
    sessionOf(withCompanion.client).set({ status: 'member', role: 'member', member: { id: 'member-a' } as never });
    await m.probeStaff(true, 'member-a');
    expect(m.$staff.get()).toBe(false);
    expect(companionCalls().map((c) => `${c.method} ${c.url}`)).toEqual([`GET ${B}/v1/me`]);
    // the widget's own token, never a cookie; no private read on the platform at all
    expect(companionCalls()[0]).toMatchObject({ headers: { Authorization: 'a' }, credentials: 'omit' });
    expect(reviewCalls().filter((c) => (c.body as { returnPrivateReviews?: boolean })?.returnPrivateReviews)).toEqual(
      [],
    );
    await m.probeStaff(true, 'member-a'); // remembered for the tab: not asked again
    expect(companionCalls()).toHaveLength(1);

    owner = true;
    sessionOf(withCompanion.client).set({ status: 'member', role: 'member', member: { id: 'owner-b' } as never });
    await m.probeStaff(true, 'owner-b');
    expect(m.$staff.get()).toBe(true);
    await vi.waitFor(() => expect(m.$pending.get().reviews.map((r) => r.id)).toEqual(['q']));
    expect(companionCalls().at(-1)).toMatchObject({
      method: 'POST',
      url: `${B}/v1/reviews/pending`,
      body: { namespace: 'stores', entityId: 'p1' },
    });
    sessionOf(withCompanion.client).set({ status: 'visitor', role: 'visitor' });
  });

  it('with a companion that fails (an unreadable answer): no owner tools this time, asked again next time', async () => {
    reply = (call) => (call.url === `${B}/v1/me` ? json(200, '<html>proxy error</html>') : undefined);
    const m = createReviewsModel(withCompanion, { productId: 'p1', emit });
    sessionOf(withCompanion.client).set({ status: 'member', role: 'member', member: { id: 'member-c' } as never });
    await m.probeStaff(true, 'member-c');
    expect(m.$staff.get()).toBe(false);
    reply = (call) => (call.url === `${B}/v1/me` ? json(200, { kind: 'member', owner: true }) : undefined);
    await m.probeStaff(true, 'member-c');
    expect(m.$staff.get()).toBe(true);
    sessionOf(withCompanion.client).set({ status: 'visitor', role: 'visitor' });
  });

  it('uploads a photo: generate-upload-url, then the bytes PUT to the upload URL without a token', async () => {
    reply = (call) => {
      if (call.url.endsWith('/site-media/v1/files/generate-upload-url'))
        return json(200, { uploadUrl: 'https://upload.test/u/abc' });
      if (call.url === 'https://upload.test/u/abc')
        return json(200, {
          file: {
            id: 'f1',
            url: 'https://media.test/f1',
            media: { image: { image: { url: 'https://media.test/f1', width: 4, height: 3 } } },
          },
        });
      return undefined;
    };
    const file = new File([new Uint8Array([0x89, 0x50])], 'a.png', { type: 'image/png' });
    expect(await uploadPhoto(http, file)).toEqual({ id: 'f1', url: 'https://media.test/f1', width: 4, height: 3 });
    const gen = net.calls.find((c) => c.url.endsWith('generate-upload-url'))!;
    expect(gen.body).toEqual({ mimeType: 'image/png', fileName: 'a.png', sizeInBytes: 2 });
    const put = net.calls.find((c) => c.url === 'https://upload.test/u/abc')!;
    expect(put.method).toBe('PUT');
    const headers = Object.fromEntries(Object.entries(put.headers).map(([k, v]) => [k.toLowerCase(), v]));
    expect(headers.authorization).toBeUndefined();
    expect(headers['content-type']).toBe('image/png');
  });

  it('JSON-LD escapes < so review text cannot close the script', () => {
    const text = jsonLd('Mug', { count: 1, average: 5, histogram: [0, 0, 0, 0, 1] }, [
      review('x', 'p1', 5, {
        content: { rating: 5, body: '</script><script>alert(1)</script>' },
        author: { authorName: 'A' },
      }) as never,
    ]);
    expect(text).not.toContain('<');
    const data = JSON.parse(text);
    expect(data.aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 1 });
    expect(data.review[0].reviewBody).toBe('</script><script>alert(1)</script>');
  });
});

describe('a review whose answer is lost', () => {
  const draft: Draft = { rating: 4, title: '', body: 'Sturdy.' };
  const member = { id: 'm1', contactId: 'c-1' };
  const saved = review('r9', 'p3', 4, { moderation: { moderationStatus: 'IN_MODERATION' } });
  const lost = () => Promise.reject(new TypeError('Failed to fetch')) as unknown as Response;
  const posts = () => net.calls.filter((c) => c.method === 'POST' && /\/reviews\/v1\/reviews$/.test(c.url));

  it('a member’s review is read back at once: the saved one is returned, nothing is sent twice', async () => {
    reply = (call) => {
      if (call.url.endsWith('/reviews/v1/reviews')) return lost();
      if (call.url.endsWith('/reviews/v1/reviews/query')) return json(200, { reviews: [saved] });
      return undefined;
    };
    const r = await submitReview(http, 'stores', 'p3', draft, [], member);
    expect(r.id).toBe('r9');
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.body).toEqual({
      review: {
        namespace: 'stores',
        entityId: 'p3',
        content: { rating: 4, body: 'Sturdy.' },
        author: { contactId: 'c-1' },
      },
    });
    const q = net.calls.find((c) => c.url.endsWith('/query'))!;
    expect(q.body).toMatchObject({
      query: { filter: { namespace: 'stores', entityId: 'p3', 'author.contactId': 'c-1' } },
      returnPrivateReviews: true,
    });
  });

  it('the read-back fails too: the send fails as maybe saved; the next send’s 409 names the saved review, returned as sent', async () => {
    let first = true;
    reply = (call) => {
      if (call.url.endsWith('/reviews/v1/reviews')) {
        if (first) return ((first = false), lost());
        return json(409, {
          message: 'dup',
          details: { applicationError: { code: 'ALREADY_EXISTS', data: { reviewId: 'r9' } } },
        });
      }
      // (a read is retried when lost: an answer that is no review keeps this test short)
      if (call.url.endsWith('/reviews/v1/reviews/query')) return json(400, { message: 'nope' });
      if (call.url.includes('/reviews/v1/reviews/r9')) return json(200, { review: saved });
      return undefined;
    };
    await expect(submitReview(http, 'stores', 'p3', draft, [], member)).rejects.toMatchObject({
      kind: 'network',
      reviewMayBeSaved: true,
    });
    const r = await submitReview(http, 'stores', 'p3', draft, [], member);
    expect(r.id).toBe('r9');
    expect(posts()).toHaveLength(2);
  });

  it('a 409 without an earlier lost answer stays “already reviewed”', async () => {
    reply = (call) =>
      call.url.endsWith('/reviews/v1/reviews')
        ? json(409, {
            message: 'dup',
            details: { applicationError: { code: 'ALREADY_EXISTS', data: { reviewId: 'r9' } } },
          })
        : undefined;
    await expect(submitReview(http, 'stores', 'p4', draft, [], member)).rejects.toMatchObject({ status: 409 });
  });
});

describe('the widget’s model: one filter, the sent review, owner actions', () => {
  const page = (reviews: unknown[]) => json(200, { reviews, metadata: { cursors: { next: null } } });

  it('no item: nothing is read', async () => {
    const m = createReviewsModel(context, { namespace: 'stores', emit });
    expect(m.ok).toBe(false);
    const stop = m.$summary.listen(() => {});
    await new Promise((r) => setTimeout(r, 10));
    expect(reviewCalls()).toEqual([]);
    stop();
  });

  it('the rating and photo filters live in one store, which every read follows; clearing shows all again', async () => {
    reply = (call) => (call.url.endsWith('/reviews/query') ? page([review('a', 'p1', 4)]) : undefined);
    const m = createReviewsModel(context, { namespace: 'stores', entityId: 'p1', emit });
    const filters = () => reviewCalls().map((c) => (c.body as { query: { filter: unknown } }).query.filter);
    m.filter({ rating: 4 });
    m.filter({ photos: true });
    await vi.waitFor(() => expect(m.$list.get().loading).toBe(false));
    expect(m.$filter.get()).toEqual({ rating: 4, photos: true });
    expect(filters().at(-1)).toEqual({
      namespace: 'stores',
      entityId: 'p1',
      'content.rating': 4,
      'content.media': { $isEmpty: false },
    });
    m.filter({ rating: undefined, photos: false });
    await vi.waitFor(() => expect(m.$list.get().loading).toBe(false));
    expect(m.$filter.get()).toEqual({ rating: undefined, photos: false });
    expect(filters().at(-1)).toEqual({ namespace: 'stores', entityId: 'p1' });
  });

  it('a sent review goes as the session’s member, becomes $sent and is announced (inlay-review-submit); the item is read again', async () => {
    const made = review('new', 'p1', 5, { moderation: { moderationStatus: 'IN_MODERATION' } });
    reply = (call) =>
      call.url.endsWith('/reviews/v1/reviews')
        ? json(200, { review: made })
        : call.url.endsWith('/reviews/query')
          ? page([])
          : undefined;
    const m = createReviewsModel(context, { namespace: 'stores', entityId: 'p1', emit });
    // nobody signed in: nothing is sent (the form waits for the sign-in before it sends)
    sessionOf(context.client).set({ status: 'visitor', role: 'visitor' });
    await expect(m.submit({ rating: 5, title: '', body: 'Nice' }, [])).rejects.toThrow('Not signed in');
    expect(net.calls.some((c) => c.url.endsWith('/reviews/v1/reviews'))).toBe(false);
    sessionOf(context.client).set({
      status: 'member',
      role: 'member',
      member: { id: 'm1', contactId: 'c1', profile: { nickname: 'Maya' } },
    });
    await m.submit({ rating: 5, title: '', body: 'Nice' }, [{ image: { id: 'f1', url: 'https://media.test/f1' } }]);
    expect(net.calls.find((c) => c.url.endsWith('/reviews/v1/reviews'))!.body).toEqual({
      review: {
        namespace: 'stores',
        entityId: 'p1',
        content: { rating: 5, body: 'Nice', media: [{ image: { id: 'f1', url: 'https://media.test/f1' } }] },
        author: { contactId: 'c1', authorName: 'Maya' },
      },
    });
    expect(m.$sent.get()?.id).toBe('new');
    expect(emitted).toEqual([['inlay-review-submit', { review: m.$sent.get() }]]);
    await vi.waitFor(() => expect(reviewCalls().some((c) => c.url.endsWith('/reviews/query'))).toBe(true));
  });

  it('an owner action goes through the companion and reads the item again when done; a failure rejects (review-owner.tsx tells it with the toaster)', async () => {
    reply = (call) =>
      call.url.endsWith('/moderate') || call.url.endsWith('/reply')
        ? json(200, { review: review('r1', 'p1', 4) })
        : call.url.endsWith('/bulk-moderate')
          ? json(200, { jobId: 'job-1', count: 2 })
          : call.url.endsWith('/reviews/query')
            ? page([])
            : undefined;
    const m = createReviewsModel(withCompanion, { namespace: 'stores', entityId: 'p1', emit });
    await m.moderate('r1', 'APPROVED');
    // the platform's job may still run: what it started with, for the owner to read
    expect(await m.moderateAll('REJECTED')).toBe(2);
    await m.reply('r/1', 'Thanks');
    await m.deleteReply('r1');
    expect(companionCalls().map((c) => [c.method, c.url.slice(B.length), c.body])).toEqual([
      ['POST', '/v1/reviews/r1/moderate', { status: 'APPROVED' }],
      ['POST', '/v1/reviews/bulk-moderate', { namespace: 'stores', entityId: 'p1', status: 'REJECTED' }],
      ['PUT', '/v1/reviews/r%2F1/reply', { message: 'Thanks' }],
      ['DELETE', '/v1/reviews/r1/reply', undefined],
    ]);
    // nothing owner-only goes to the platform with the browser's token
    expect(reviewCalls().filter((c) => !c.url.startsWith(B) && !/\/(query|count)$/.test(c.url))).toEqual([]);
    await vi.waitFor(() => expect(reviewCalls().some((c) => c.url.endsWith('/reviews/query'))).toBe(true));
    reply = (call) => (call.method === 'DELETE' ? json(500, { message: 'boom' }) : undefined);
    await expect(m.remove('r1')).rejects.toMatchObject({ status: 500 });
    reply = (call) => (call.url.endsWith('/moderate') ? refused(403, 'NOT_OWNER') : undefined);
    await expect(m.moderate('r1', 'APPROVED')).rejects.toMatchObject({
      status: 403,
      applicationError: { code: 'NOT_OWNER' },
    });
  });

  it('a visitor’s review goes through the companion with name, email and the check (visitor.ts); `sent` shows it', async () => {
    reply = (call) =>
      call.url === `${B}/v1/reviews`
        ? json(200, { review: review('v1', 'p1', 4, { moderation: { moderationStatus: 'IN_MODERATION' } }) })
        : call.url.endsWith('/reviews/query')
          ? page([])
          : undefined;
    const h = companionOf(withCompanion.client, 'https://shop.test/p')!;
    const r = await sendAsVisitor(
      h,
      'stores',
      'p1',
      { rating: 4, title: ' ', body: ' Good ', name: ' Ada ', email: 'ada@example.com ' },
      [{ image: { id: 'f1', url: 'https://media.test/f1' } }],
      'c4ptcha',
    );
    expect(companionCalls().map((c) => [c.method, c.url, c.body, c.credentials])).toEqual([
      [
        'POST',
        `${B}/v1/reviews`,
        {
          namespace: 'stores',
          entityId: 'p1',
          name: 'Ada',
          email: 'ada@example.com',
          content: { rating: 4, body: 'Good', media: [{ image: { id: 'f1', url: 'https://media.test/f1' } }] },
          captcha: 'c4ptcha',
        },
        'omit',
      ],
    ]);
    const m = createReviewsModel(withCompanion, { productId: 'p1', emit });
    m.sent(r);
    expect(m.$sent.get()?.id).toBe('v1');
    expect(emitted).toEqual([['inlay-review-submit', { review: r }]]);
    await vi.waitFor(() => expect(reviewCalls().some((c) => c.url.endsWith('/reviews/query'))).toBe(true));
  });

  it('a visitor’s review whose answer is lost may be saved; a 409 on the next send says it had arrived', async () => {
    reply = (call) => (call.url === `${B}/v1/reviews` ? json(502, { message: 'platform failed' }) : undefined);
    const h = companionOf(withCompanion.client, 'https://shop.test/p')!;
    const d = { rating: 4, title: '', body: 'Good', name: 'Ada', email: 'ada@example.com' };
    await expect(sendAsVisitor(h, 'stores', 'p2', d, [], 'x')).rejects.toMatchObject({ reviewMayBeSaved: true });
    reply = (call) => (call.url === `${B}/v1/reviews` ? refused(409, 'REVIEW_ALREADY_EXISTS') : undefined);
    await expect(sendAsVisitor(h, 'stores', 'p2', d, [], 'y')).rejects.toMatchObject({ reviewArrived: true });
    // without a lost answer before it, a 409 is a plain refusal (a second review)
    await expect(sendAsVisitor(h, 'stores', 'p2', d, [], 'z')).rejects.not.toHaveProperty('reviewArrived');
  });

  it('a path companion resolves on the page’s origin; one that cannot be resolved is a config error', async () => {
    const rel = testContext(net.fetch, { clientId: 'c', companion: '/api/inlay' });
    reply = (call) =>
      call.url === 'https://shop.test/api/inlay/v1/me' ? json(200, { kind: 'visitor', owner: false }) : undefined;
    expect(await me(companionHttp(rel.client, 'https://shop.test/products/mug?x=1'))).toMatchObject({ owner: false });
    expect(companionOf(rel.client, 'about:blank')).toBeUndefined();
    expect(companionOf(context.client, 'https://shop.test/')).toBeUndefined();
    expect(() => companionHttp(testContext(net.fetch, { companion: '/x' }).client, 'about:blank')).toThrow(
      expect.objectContaining({ kind: 'config' }),
    );
  });
});
