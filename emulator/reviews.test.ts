import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, memberTokens, startTestEmulator, visitorTokens } from '../tests/helpers/emulator.ts';
import type { RunningEmulator } from './server.ts';
import { seedIds } from './seed.ts';
import { getReviewRow, seedContacts } from './domain/reviews.ts';
import { SITE_ID } from './domain/auth.ts';
import { BULK, REVIEWS } from './routes/reviews.ts';
import { GENERATE_UPLOAD_URL, MAX_UPLOAD_BYTES } from './routes/site-media.ts';

let emu: RunningEmulator;
let visitor: string;
let member: string;
let owner: string;
let admin: string;
const KEY = 'reviews-test-api-key-0123456789';
const MUG = seedIds.products['enamel-camp-mug']!;
const SKILLET = seedIds.products['cast-iron-skillet']!;
const BLANKET = seedIds.products['merino-wool-blanket']!;
const LANTERN = seedIds.products['camp-lantern']!;
const TOTE = seedIds.products['waxed-canvas-tote']!;

beforeAll(async () => {
  emu = await startTestEmulator({ apiKey: KEY });
  visitor = (await visitorTokens(emu)).access;
  member = (await memberTokens(emu, 'member')).access;
  owner = (await memberTokens(emu, 'owner')).access; // a member with the OWNER role: no admin power (issue 15)
  admin = await adminToken(emu);
});
afterAll(() => emu?.close());

const query = (token: string, q: unknown, returnPrivateReviews?: boolean) =>
  api(emu, `${REVIEWS}/query`, {
    token,
    body: { query: q, ...(returnPrivateReviews ? { returnPrivateReviews } : {}) },
  });
const count = (token: string, filter: unknown, includePrivateReviews = false) =>
  api(emu, `${REVIEWS}/count`, {
    token,
    body: { filter, ...(includePrivateReviews ? { includePrivateReviews } : {}) },
  });
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
  Buffer.from([0, 0, 0, 4, 0, 0, 0, 3, 8, 6, 0, 0, 0]),
]);

describe('reviews: reading', () => {
  it('needs a token', async () => {
    const r = await api(emu, `${REVIEWS}/query`, { body: {} });
    expect(r.status).toBe(401);
    expect(r.json.details.applicationError.code).toBe('UNAUTHENTICATED');
  });

  it('seeds approved reviews with photos and replies; the pending one is hidden from visitors', async () => {
    const r = await query(visitor, { filter: { namespace: 'stores', entityId: MUG } });
    expect(r.status).toBe(200);
    expect(r.json.reviews.length).toBeGreaterThan(1);
    expect(
      r.json.reviews.every(
        (x: { moderation: { moderationStatus: string } }) => x.moderation.moderationStatus === 'APPROVED',
      ),
    ).toBe(true);
    const all = (await query(visitor, { cursorPaging: { limit: 100 } })).json.reviews;
    expect(all.some((x: { content: { media: unknown[] } }) => x.content.media.length > 0)).toBe(true);
    expect(all.some((x: { reply?: unknown }) => x.reply)).toBe(true);
    const photo = all.find((x: { content: { media: { image: { url: string } }[] } }) => x.content.media.length).content
      .media[0].image.url;
    expect(photo).toMatch(new RegExp(`^${emu.url}/media/`));
    expect((await fetch(photo)).status).toBe(200);
    expect((await count(visitor, { entityId: BLANKET })).json.count).toBe(0);
  });

  it('filters by rating with $eq, $in and ranges, sorts, and pages by opaque cursor', async () => {
    const total = (await count(visitor, { entityId: MUG })).json.count;
    const per = await Promise.all(
      [1, 2, 3, 4, 5].map(
        async (n) => (await count(visitor, { entityId: MUG, 'content.rating': n })).json.count as number,
      ),
    );
    expect(per.reduce((a, b) => a + b, 0)).toBe(total);
    expect((await count(visitor, { entityId: MUG, 'content.rating': { $gte: 4 } })).json.count).toBe(per[3]! + per[4]!);
    expect((await count(visitor, { entityId: { $in: [MUG, SKILLET] } })).json.count).toBe(
      total + (await count(visitor, { entityId: SKILLET })).json.count,
    );

    const sorted = (
      await query(visitor, { filter: { entityId: MUG }, sort: [{ fieldName: 'content.rating', order: 'DESC' }] })
    ).json.reviews;
    const ratings = sorted.map((x: { content: { rating: number } }) => x.content.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));

    const first = await query(visitor, {
      filter: { entityId: MUG },
      sort: [{ fieldName: 'createdDate', order: 'DESC' }],
      cursorPaging: { limit: 1 },
    });
    expect(first.json.reviews).toHaveLength(1);
    expect(first.json.metadata.cursors.next).toEqual(expect.any(String));
    // a next page is the cursor alone (it carries the filter and sort); a filter or sort beside it is refused
    const cursor = first.json.metadata.cursors.next;
    for (const extra of [{ filter: { entityId: MUG } }, { sort: [{ fieldName: 'createdDate', order: 'DESC' }] }]) {
      const both = await query(visitor, { ...extra, cursorPaging: { limit: 1, cursor } });
      expect([both.status, both.json.details.validationError.fieldViolations[0].field]).toEqual([
        400,
        'query.cursorPaging.cursor',
      ]);
    }
    const second = await query(visitor, { cursorPaging: { limit: 1, cursor } });
    expect(second.json.reviews).toHaveLength(1);
    expect(second.json.reviews[0].entityId).toBe(MUG);
    expect(second.json.reviews[0].id).not.toBe(first.json.reviews[0].id);
    expect(first.json.reviews[0].createdDate >= second.json.reviews[0].createdDate).toBe(true);
  });

  it('content.media $isEmpty: reviews with photos (query and count) or without; other operators on it, or $isEmpty elsewhere, are 400', async () => {
    const all = (await query(visitor, { cursorPaging: { limit: 100 } })).json.reviews as {
      id: string;
      content: { media: unknown[] };
    }[];
    const withMedia = all.filter((x) => x.content.media.length).map((x) => x.id);
    expect(withMedia.length).toBeGreaterThan(0);
    expect(withMedia.length).toBeLessThan(all.length);
    const photos = (
      await query(visitor, { filter: { 'content.media': { $isEmpty: false } }, cursorPaging: { limit: 100 } })
    ).json.reviews;
    expect(photos.map((x: { id: string }) => x.id)).toEqual(withMedia);
    const none = (
      await query(visitor, { filter: { 'content.media': { $isEmpty: true } }, cursorPaging: { limit: 100 } })
    ).json.reviews;
    expect(none).toHaveLength(all.length - withMedia.length);
    expect((await count(visitor, { $and: [{ 'content.media': { $isEmpty: false } }] })).json.count).toBe(
      withMedia.length,
    );

    for (const filter of [
      { 'content.media': { $exists: true } },
      { 'content.media': { $isEmpty: 'no' } },
      { 'content.media': [] },
      { 'content.media': { $isEmpty: false, $ne: 1 } },
      { 'content.rating': { $isEmpty: false } },
      { $or: [{ 'content.media': 1 }] },
    ]) {
      const r = await query(visitor, { filter });
      expect(r.status, JSON.stringify(filter)).toBe(400);
      expect(r.json.details.validationError.fieldViolations[0]).toMatchObject({
        field: 'query.filter',
        violatedRule: 'VALIDATION',
      });
    }
  });

  it('bad input answers 400 with fieldViolations in the platform format', async () => {
    const bad = await query(visitor, { filter: { nope: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.json.details.validationError.fieldViolations[0]).toMatchObject({ field: 'query.filter' });
    const cur = await query(visitor, { cursorPaging: { cursor: 'garbage!' } });
    expect(cur.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'query.cursorPaging.cursor',
      violatedRule: 'FORMAT',
    });
    const lim = await query(visitor, { cursorPaging: { limit: 500 } });
    expect(lim.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'query.cursorPaging.limit',
      violatedRule: 'MAX',
    });
    const sort = await query(visitor, { sort: [{ fieldName: 'content.rating', order: 'UP' }] });
    expect(sort.json.details.validationError.fieldViolations[0]).toMatchObject({ violatedRule: 'INVALID_ENUM_VALUE' });
  });

  it('Object.prototype member names are unknown filter and sort fields: 400, never 500 or a silent sort', async () => {
    for (const name of ['valueOf', 'toString', 'hasOwnProperty', 'constructor', '__proto__', 'isPrototypeOf']) {
      const filter = await api(emu, `${REVIEWS}/query`, {
        token: visitor,
        body: `{"query":{"filter":{${JSON.stringify(name)}:1}}}`,
      });
      expect(filter.status, `filter ${name}`).toBe(400);
      const sort = await query(visitor, { sort: [{ fieldName: name }] });
      expect(sort.status, `sort ${name}`).toBe(400);
      const counted = await api(emu, `${REVIEWS}/count`, {
        token: visitor,
        body: `{"filter":{${JSON.stringify(name)}:{"$eq":1}}}`,
      });
      expect(counted.status, `count ${name}`).toBe(400);
    }
  });

  it('private reviews: other people’s are 403 for a visitor, a member and the OWNER member; an admin sees them', async () => {
    const probe = { filter: { 'moderation.moderationStatus': 'IN_MODERATION' }, cursorPaging: { limit: 1 } };
    for (const [who, token] of [
      ['visitor', visitor],
      ['member', member],
      ['owner member', owner],
    ]) {
      const r = await query(token!, probe, true);
      expect([r.status, r.json.details.applicationError.code], who).toEqual([403, 'PERMISSION_DENIED']);
      const c = await api(emu, `${REVIEWS}/count`, { token, body: { filter: {}, includePrivateReviews: true } });
      expect(c.status, who).toBe(403);
    }
    const a = await query(admin, probe, true);
    expect(a.status).toBe(200);
    expect(a.json.reviews[0].moderation.moderationStatus).toBe('IN_MODERATION');
    // the pending one, by id: the admin reads it, the owner member does not
    const id = a.json.reviews[0].id;
    expect((await api(emu, `${REVIEWS}/${id}?returnPrivateReviews=true`, { token: admin })).status).toBe(200);
    expect((await api(emu, `${REVIEWS}/${id}?returnPrivateReviews=true`, { token: owner })).status).toBe(404);
    // a filter on someone else's contact (forged) lists none of their unpublished reviews
    const forged = await query(owner, { filter: { 'author.contactId': a.json.reviews[0].author.contactId } }, true);
    expect(forged.status).toBe(200);
    expect(forged.json.reviews.map((r: { id: string }) => r.id)).not.toContain(id);
  });
});

describe('reviews: writing and moderation', () => {
  const content = { title: 'Lovely', body: 'Line one\nLine two', rating: 4 };

  it('POST /reviews/contact (createReviewAndContact) is gone: answered exactly like a path nobody serves', async () => {
    const v = (await visitorTokens(emu)).access;
    const body = { namespace: 'stores', entityId: SKILLET, name: 'Ada', email: 'ada@example.com', content };
    const before = (await count(admin, { entityId: SKILLET })).json.count;
    const unknown = await api(emu, '/reviews/v1/no-such-thing', { token: v, body });
    for (const token of [v, member, admin, undefined]) {
      const r = await api(emu, `${REVIEWS}/contact`, { token, body });
      expect(r.status).toBe(404);
      expect(r.headers.get('allow')).toBeNull();
      expect(r.json.message).toBe(`No route for POST ${REVIEWS}/contact`);
      expect(r.json.details.applicationError.code).toBe(unknown.json.details.applicationError.code);
      expect(Object.keys(r.json).sort()).toEqual(Object.keys(unknown.json).sort());
    }
    // not even its body is read (a body too large for any route or not JSON is still the unknown path's 404)
    expect((await api(emu, `${REVIEWS}/contact`, { token: v, body: '{not json' })).status).toBe(404);
    expect((await count(admin, { entityId: SKILLET })).json.count).toBe(before);
    // the review routes around it still answer: GET of a review whose id is "contact" is a missing review
    const get = await api(emu, `${REVIEWS}/contact`, { token: v });
    expect([get.status, get.json.details.applicationError.code]).toEqual([404, 'REVIEW_NOT_FOUND']);
  });

  it('a visitor cannot write a review (no contact): 403 whatever author.contactId it names, before its body is read', async () => {
    const v = (await visitorTokens(emu)).access;
    for (const contactId of [seedContacts.member, seedContacts.owner, 'c-made-up', '']) {
      const r = await api(emu, REVIEWS, {
        token: v,
        body: { review: { namespace: 'stores', entityId: SKILLET, content, author: { contactId } } },
      });
      expect([r.status, r.json.details.applicationError.code], contactId).toEqual([403, 'PERMISSION_DENIED']);
      expect(r.json.message).toMatch(/Sign in to write a review/);
    }
    const noAuthor = await api(emu, REVIEWS, { token: v, body: { review: { namespace: 'stores', content } } });
    expect(noAuthor.status).toBe(403);
    expect((await api(emu, REVIEWS, { body: { review: {} } })).status).toBe(401);
    const mine = await query(admin, {
      filter: { entityId: SKILLET, 'author.contactId': { $in: [seedContacts.owner] } },
    });
    expect(mine.json.reviews).toEqual([]);
  });

  it('the admin identity writes for a contact it names (the site server of issue 16), moderates and replies; the OWNER member cannot', async () => {
    const bad = await api(emu, REVIEWS, {
      token: admin,
      body: {
        review: {
          namespace: 'stores',
          entityId: SKILLET,
          author: { contactId: 'c-visitor-ada', authorName: 'x'.repeat(51) },
          content: { rating: 6, title: 't'.repeat(101), body: 'b'.repeat(3001) },
        },
      },
    });
    expect(bad.status).toBe(400);
    const fields = bad.json.details.validationError.fieldViolations.map(
      (f: { field: string; violatedRule: string }) => `${f.field}:${f.violatedRule}`,
    );
    expect(fields).toEqual(
      expect.arrayContaining([
        'review.author.authorName:MAX_LENGTH',
        'review.content.rating:MAX',
        'review.content.title:MAX_LENGTH',
        'review.content.body:MAX_LENGTH',
      ]),
    );
    const noContact = await api(emu, REVIEWS, {
      token: admin,
      body: { review: { namespace: 'stores', entityId: SKILLET, content, author: {} } },
    });
    expect(noContact.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'review.author.contactId',
    });

    const ok = await api(emu, REVIEWS, {
      token: admin,
      body: {
        review: {
          namespace: 'stores',
          entityId: SKILLET,
          content,
          author: { contactId: 'c-visitor-ada', authorName: 'Ada' },
        },
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.review).toMatchObject({
      content,
      author: { contactId: 'c-visitor-ada', authorName: 'Ada', authorType: 'VISITOR' },
      moderation: { moderationStatus: 'IN_MODERATION' },
    });
    const id = ok.json.review.id;
    expect((await api(emu, `${REVIEWS}/${id}`, { token: visitor })).status).toBe(404);
    const dup = await api(emu, REVIEWS, {
      token: admin,
      body: { review: { namespace: 'stores', entityId: SKILLET, content, author: { contactId: 'c-visitor-ada' } } },
    });
    expect([dup.status, dup.json.details.applicationError.code]).toEqual([409, 'ALREADY_EXISTS']);

    // moderation and replies: the member and the OWNER member are refused (403, nothing changes); the admin may
    for (const token of [visitor, member, owner]) {
      for (const [path, method, body] of [
        [`${REVIEWS}/${id}/moderate`, 'PATCH', { status: 'APPROVED' }],
        [`${REVIEWS}/${id}/reply`, 'PATCH', { message: 'Thanks!' }],
        [`${REVIEWS}/${id}/reply`, 'DELETE', undefined],
      ] as const) {
        const r = await api(emu, path, { method, token, body });
        expect([r.status, r.json.details.applicationError.code], `${method} ${path}`).toEqual([
          403,
          'PERMISSION_DENIED',
        ]);
      }
      expect((await api(emu, `${REVIEWS}/${id}`, { method: 'DELETE', token })).status).toBe(403);
    }
    expect(getReviewRow(emu.db, id)).toMatchObject({ moderation_status: 'IN_MODERATION', reply_message: null });
    const badStatus = await api(emu, `${REVIEWS}/${id}/moderate`, {
      method: 'PATCH',
      token: admin,
      body: { status: 'IN_MODERATION' },
    });
    expect(badStatus.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'status',
      violatedRule: 'INVALID_ENUM_VALUE',
    });
    const mod = await api(emu, `${REVIEWS}/${id}/moderate`, {
      method: 'PATCH',
      token: admin,
      body: { status: 'APPROVED' },
    });
    expect(mod.json.review.moderation).toEqual({ moderationStatus: 'APPROVED', manuallyChanged: true });
    const reply = await api(emu, `${REVIEWS}/${id}/reply`, {
      method: 'PATCH',
      token: admin,
      body: { message: 'Thanks!' },
    });
    expect(reply.json.review.reply.message).toBe('Thanks!');
    expect(
      (await api(emu, `${REVIEWS}/${id}/reply`, { method: 'PATCH', token: admin, body: { message: '' } })).status,
    ).toBe(400);
    expect((await api(emu, `${REVIEWS}/${id}`, { token: visitor })).json.review.reply.message).toBe('Thanks!');
    // the API key with the site id is the same admin identity
    const unreply = await api(emu, `${REVIEWS}/${id}/reply`, {
      method: 'DELETE',
      headers: { authorization: KEY, 'wix-site-id': SITE_ID },
    });
    expect(unreply.json.review.reply).toBeUndefined();
    expect((await api(emu, `${REVIEWS}/${id}`, { method: 'DELETE', token: admin })).status).toBe(200);
    expect((await api(emu, `${REVIEWS}/${id}`, { token: admin })).status).toBe(404);
  });

  it('a member’s review: its author edits and deletes it; the OWNER member does not touch another’s', async () => {
    const r = await api(emu, REVIEWS, {
      token: member,
      body: { review: { namespace: 'stores', entityId: BLANKET, content, author: { contactId: seedContacts.member } } },
    });
    expect(r.status).toBe(200);
    const id = r.json.review.id;
    for (const [method, body] of [
      ['PATCH', { review: { content: { rating: 1 } } }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await api(emu, `${REVIEWS}/${id}`, { method, token: owner, body });
      expect([refused.status, refused.json.details.applicationError.code], method).toEqual([403, 'PERMISSION_DENIED']);
    }
    const edit = await api(emu, `${REVIEWS}/${id}`, {
      method: 'PATCH',
      token: member,
      body: { review: { content: { rating: 2 } } },
    });
    expect(edit.json.review.content.rating).toBe(2);
    expect((await api(emu, `${REVIEWS}/${id}`, { method: 'DELETE', token: member })).status).toBe(200);
  });

  it('member review: own contactId only (a forged one is refused), publishes at once; bulk calls are the admin’s', async () => {
    for (const contactId of [
      seedContacts.owner,
      'c-visitor-ada',
      `${seedContacts.member} `,
      seedContacts.member.toUpperCase(),
    ]) {
      const other = await api(emu, REVIEWS, {
        token: member,
        body: { review: { namespace: 'stores', entityId: SKILLET, content, author: { contactId } } },
      });
      expect([other.status, other.json.details.applicationError.code], contactId).toEqual([403, 'PERMISSION_DENIED']);
    }
    // the OWNER member writes as its own contact only, like any member
    const asOwner = await api(emu, REVIEWS, {
      token: owner,
      body: { review: { namespace: 'stores', entityId: SKILLET, content, author: { contactId: seedContacts.member } } },
    });
    expect(asOwner.status).toBe(403);
    const asVisitor = await api(emu, REVIEWS, {
      token: visitor,
      body: { review: { namespace: 'stores', entityId: SKILLET, content, author: { contactId: 'x' } } },
    });
    expect(asVisitor.status).toBe(403);
    const missing = await api(emu, REVIEWS, {
      token: member,
      body: {
        review: { namespace: 'stores', entityId: 'no-such', content, author: { contactId: seedContacts.member } },
      },
    });
    expect(missing.status).toBe(404);
    const ok = await api(emu, REVIEWS, {
      token: member,
      body: { review: { namespace: 'stores', entityId: SKILLET, content, author: { contactId: seedContacts.member } } },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.review).toMatchObject({
      author: { authorName: 'Maya', authorType: 'MEMBER' },
      moderation: { moderationStatus: 'APPROVED' },
    });
    const again = await api(emu, REVIEWS, {
      token: member,
      body: { review: { namespace: 'stores', entityId: SKILLET, content, author: { contactId: seedContacts.member } } },
    });
    expect(again.status).toBe(409);
    const edit = await api(emu, `${REVIEWS}/${ok.json.review.id}`, {
      method: 'PATCH',
      token: member,
      body: { review: { content: { rating: 5 } } },
    });
    expect(edit.json.review.content.rating).toBe(5);

    const filter = { entityId: SKILLET, 'author.contactId': seedContacts.member };
    for (const token of [visitor, member, owner]) {
      for (const [path, body] of [
        [`${BULK}/moderate`, { filter, status: 'REJECTED' }],
        [`${BULK}/delete`, { filter }],
        [`${BULK}/moderate`, { nonsense: true }], // refused before the body is read
      ] as const) {
        const r = await api(emu, path, { token, body });
        expect([r.status, r.json.details.applicationError.code], path).toEqual([403, 'PERMISSION_DENIED']);
      }
    }
    expect((await count(visitor, filter)).json.count).toBe(1);
    // the platform answers a bulk call with its asynchronous job's id only (BulkUpdateModerationStatusResponse)
    const bulk = await api(emu, `${BULK}/moderate`, { token: admin, body: { filter, status: 'REJECTED' } });
    expect(bulk.json).toEqual({ jobId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect((await count(visitor, filter)).json.count).toBe(0);
    expect((await count(admin, filter, true)).json.count).toBe(1);
    const del = await api(emu, `${BULK}/delete`, { token: admin, body: { filter } });
    expect(del.json).toEqual({ jobId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(del.json.jobId).not.toBe(bulk.json.jobId);
    expect((await count(admin, filter, true)).json.count).toBe(0);
  });
});

describe('reviews: the author comes from the token', () => {
  const content = { title: 'Bright', body: 'Lights the whole tent.', rating: 5 };

  it('a member named as the author by the admin is written as that member; a contact of nobody is a visitor', async () => {
    const r = await api(emu, REVIEWS, {
      token: admin,
      body: { review: { namespace: 'stores', entityId: LANTERN, content, author: { contactId: seedContacts.member } } },
    });
    expect(r.json.review.author).toMatchObject({
      contactId: seedContacts.member,
      authorName: 'Maya',
      authorType: 'MEMBER',
    });
    expect(r.json.review.moderation.moderationStatus).toBe('APPROVED');
    // the member is its author: it reads, edits and deletes it
    const id = r.json.review.id;
    expect((await api(emu, `${REVIEWS}/${id}?returnPrivateReviews=true`, { token: member })).status).toBe(200);
    // the platform answers the deleted review (DeleteReviewResponse {review})
    const deleted = await api(emu, `${REVIEWS}/${id}`, { method: 'DELETE', token: member });
    expect([deleted.status, deleted.json.review?.id, deleted.json.review?.content?.title]).toEqual([200, id, 'Bright']);
    expect((await api(emu, `${REVIEWS}/${id}?returnPrivateReviews=true`, { token: admin })).status).toBe(404);
  });

  it('prototype-named keys in a write’s body are 400 FIELD_NOT_ALLOWED, for every identity, and change nothing', async () => {
    const id = (await query(admin, { filter: { entityId: MUG }, cursorPaging: { limit: 1 } })).json.reviews[0].id;
    const before = getReviewRow(emu.db, id);
    for (const token of [admin, member, owner]) {
      for (const [path, method, raw] of [
        [`${REVIEWS}/${id}/moderate`, 'PATCH', '{"status":"REJECTED","__proto__":{"status":"APPROVED"}}'],
        [`${REVIEWS}/${id}/reply`, 'PATCH', '{"message":"x","constructor":{"prototype":{"admin":true}}}'],
        [`${BULK}/moderate`, 'POST', '{"filter":{"__proto__":{"entityId":"x"}},"status":"REJECTED"}'],
        [`${BULK}/delete`, 'POST', '{"filter":{"prototype":1}}'],
        [
          REVIEWS,
          'POST',
          `{"review":{"namespace":"stores","entityId":"${LANTERN}","content":{"rating":5},"author":{"contactId":"${seedContacts.member}","__proto__":{"contactId":"c"}}}}`,
        ],
        [GENERATE_UPLOAD_URL, 'POST', '{"mimeType":"image/png","fileName":"a.png","__proto__":{"x":1}}'],
      ] as const) {
        const r = await api(emu, path, { method, token, body: raw });
        expect([r.status, r.json.details.validationError.fieldViolations[0].violatedRule], path).toEqual([
          400,
          'FIELD_NOT_ALLOWED',
        ]);
      }
    }
    expect(getReviewRow(emu.db, id)).toEqual(before);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('reviews: media only from this platform', () => {
  const content = { title: 'Photo', body: 'See the picture.', rating: 4 };
  /** An upload URL is the admin identity's to ask for (the site's server); the bytes go without a token. */
  async function upload(): Promise<{ id: string; url: string }> {
    const { uploadUrl } = (
      await api(emu, GENERATE_UPLOAD_URL, { token: admin, body: { mimeType: 'image/png', fileName: 'p.png' } })
    ).json;
    return (await (await fetch(uploadUrl, { method: 'PUT', body: PNG })).json()).file;
  }
  /** The member's review of the tote with `media`. */
  const contact = (token: string, media: unknown[], entityId = TOTE) =>
    api(emu, REVIEWS, {
      token,
      body: {
        review: {
          namespace: 'stores',
          entityId,
          content: { ...content, media },
          author: { contactId: seedContacts.member },
        },
      },
    });
  const fieldsOf = (r: {
    json: { details: { validationError: { fieldViolations: { field: string; violatedRule: string }[] } } };
  }) => r.json.details.validationError.fieldViolations.map((f) => `${f.field}:${f.violatedRule}`);

  it('third-party URLs, unknown files and look-alike URLs are refused with fieldViolations', async () => {
    const file = await upload();
    const refused = await contact(member, [
      { image: { url: 'https://evil.example/tracker.png' } },
      { image: { url: `${emu.url}/media/uploads/no-such-file` } },
      { image: { url: `${file.url}?x=1` } },
      { image: { url: file.url.replace(emu.url, 'http://localhost.evil.example') } },
      { video: { url: 'https://videos.example/v.mp4' } },
    ]);
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused)).toEqual([
      'review.content.media[0].image.url:VALIDATION',
      'review.content.media[1].image.url:VALIDATION',
      'review.content.media[2].image.url:VALIDATION',
      'review.content.media[3].image.url:VALIDATION',
      'review.content.media[4].video.url:VALIDATION',
    ]);
    expect(refused.json.details.validationError.fieldViolations[0].description).toMatch(/uploaded to this site/);

    const m = await api(emu, REVIEWS, {
      token: admin,
      body: {
        review: {
          namespace: 'stores',
          entityId: TOTE,
          content: { ...content, media: [{ image: { url: 'https://evil.example/a.png' } }] },
          author: { contactId: 'c-photo' },
        },
      },
    });
    expect(fieldsOf(m)).toEqual(['review.content.media[0].image.url:VALIDATION']);
  });

  it('an uploaded photo (or a seeded one) is accepted, stored as the platform’s file and shown at the caller’s base URL', async () => {
    const v = member;
    const file = await upload();
    const ok = await contact(v, [{ image: { url: file.url, id: 'client-chosen', width: 999, height: 999 } }]);
    expect(ok.status).toBe(200);
    expect(ok.json.review.content.media).toEqual([{ image: { id: file.id, url: file.url, width: 4, height: 3 } }]);
    // stored as a path: another Host sees its own base URL
    const port = new URL(emu.url).port;
    const viaLocalhost = await fetch(
      `http://localhost:${port}${REVIEWS}/${ok.json.review.id}?returnPrivateReviews=true`,
      { headers: { Authorization: v } },
    );
    expect((await viaLocalhost.json()).review.content.media[0].image.url).toBe(
      `http://localhost:${port}/media/uploads/${file.id}`,
    );

    // an edit is checked the same way
    const id = ok.json.review.id;
    const bad = await api(emu, `${REVIEWS}/${id}`, {
      method: 'PATCH',
      token: v,
      body: { review: { content: { media: [{ image: { url: 'https://evil.example/b.png' } }] } } },
    });
    expect(fieldsOf(bad)).toEqual(['review.content.media[0].image.url:VALIDATION']);
    const seeded = (await query(visitor, { cursorPaging: { limit: 100 } })).json.reviews.flatMap(
      (x: { content: { media: { image?: { url: string } }[] } }) => x.content.media,
    )[0].image.url;
    const edit = await api(emu, `${REVIEWS}/${id}`, {
      method: 'PATCH',
      token: v,
      body: { review: { content: { media: [{ image: { url: seeded } }] } } },
    });
    expect(edit.status).toBe(200);
    expect(edit.json.review.content.media[0].image.url).toBe(seeded);
    // a video of this platform likewise comes back as an absolute URL, not a bare path
    const video = await api(emu, `${REVIEWS}/${id}`, {
      method: 'PATCH',
      token: v,
      body: { review: { content: { media: [{ video: { url: file.url } }] } } },
    });
    expect(video.status).toBe(200);
    expect(video.json.review.content.media[0].video.url).toBe(file.url);
  });
});

describe('site media uploads', () => {
  it('generate-upload-url is the admin identity’s: visitor, member and OWNER member tokens are 403, before the body is read', async () => {
    for (const token of [visitor, member, owner]) {
      for (const body of [
        { mimeType: 'image/png', fileName: 'x.png', sizeInBytes: '1234' },
        { mimeType: 'text/html' },
      ]) {
        const r = await api(emu, GENERATE_UPLOAD_URL, { token, body });
        expect([r.status, r.json.details.applicationError.code]).toEqual([403, 'PERMISSION_DENIED']);
        expect(r.json.message).toMatch(/admin identity/);
        expect(r.json.details.applicationError.data.requestId).toBe(r.headers.get('x-wix-request-id'));
      }
    }
    expect((await api(emu, GENERATE_UPLOAD_URL, { body: { mimeType: 'image/png', fileName: 'x.png' } })).status).toBe(
      401,
    );
    const adminHeaders: Record<string, string>[] = [
      { authorization: KEY, 'wix-site-id': SITE_ID },
      { authorization: `Bearer ${admin}` },
    ];
    for (const headers of adminHeaders) {
      const r = await api(emu, GENERATE_UPLOAD_URL, { headers, body: { mimeType: 'image/png', fileName: 'x.png' } });
      expect(r.status).toBe(200);
      expect(r.json.uploadUrl).toMatch(new RegExp(`^${emu.url}/site-media/v1/upload/`));
    }
    // a wrong API key, or the key for another site, is no admin
    for (const headers of [
      { authorization: 'not-the-key', 'wix-site-id': SITE_ID },
      { authorization: KEY, 'wix-site-id': 'another-site' },
    ]) {
      const r = await api(emu, GENERATE_UPLOAD_URL, { headers, body: { mimeType: 'image/png', fileName: 'x.png' } });
      expect(r.status).toBeGreaterThanOrEqual(401);
      expect(r.status).toBeLessThanOrEqual(403);
    }
  });

  it('generate-upload-url validates type and size; the upload sniffs the bytes and serves them with nosniff', async () => {
    const bad = await api(emu, GENERATE_UPLOAD_URL, {
      token: admin,
      body: { mimeType: 'text/html', fileName: 'x.html' },
    });
    expect(bad.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'mimeType',
      violatedRule: 'INVALID_ENUM_VALUE',
    });
    const big = await api(emu, GENERATE_UPLOAD_URL, {
      token: admin,
      body: { mimeType: 'image/png', fileName: 'x.png', sizeInBytes: MAX_UPLOAD_BYTES + 1 },
    });
    expect(big.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'sizeInBytes',
      violatedRule: 'MAX',
    });
    expect((await api(emu, GENERATE_UPLOAD_URL, { body: { mimeType: 'image/png', fileName: 'x.png' } })).status).toBe(
      401,
    );

    const gen = async () =>
      (await api(emu, GENERATE_UPLOAD_URL, { token: admin, body: { mimeType: 'image/png', fileName: 'x.png' } })).json
        .uploadUrl as string;
    const html = await fetch(await gen(), { method: 'PUT', body: '<script>alert(1)</script>' });
    expect(html.status).toBe(400);
    expect((await html.json()).details.applicationError.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const huge = await fetch(await gen(), {
      method: 'PUT',
      body: Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]),
    });
    expect(huge.status).toBe(413);

    const url = await gen();
    const up = await fetch(url, { method: 'PUT', body: PNG, headers: { 'Content-Type': 'image/png' } });
    expect(up.status).toBe(200);
    const { file } = await up.json();
    expect(file).toMatchObject({
      mimeType: 'image/png',
      mediaType: 'IMAGE',
      media: { image: { image: { width: 4, height: 3 } } },
    });
    expect((await fetch(url, { method: 'PUT', body: PNG })).status).toBe(404); // single use
    const served = await fetch(file.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
