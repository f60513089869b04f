import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, memberTokens, startTestEmulator, visitorTokens } from '../tests/helpers/emulator.ts';
import type { RunningEmulator } from './server.ts';
import { DEMO_LOGINS, seedIds } from './seed.ts';
import { seedContacts } from './domain/reviews.ts';
import { BULK, REVIEWS } from './routes/reviews.ts';
import { GENERATE_UPLOAD_URL, MAX_UPLOAD_BYTES } from './routes/site-media.ts';

let emu: RunningEmulator;
let visitor: string;
let member: string;
let owner: string;
const MUG = seedIds.products['enamel-camp-mug']!;
const SKILLET = seedIds.products['cast-iron-skillet']!;
const BLANKET = seedIds.products['merino-wool-blanket']!;
const LANTERN = seedIds.products['camp-lantern']!;
const TOWEL = seedIds.products['waffle-cotton-towel']!;
const TOTE = seedIds.products['waxed-canvas-tote']!;

beforeAll(async () => {
  emu = await startTestEmulator();
  visitor = (await visitorTokens(emu)).access;
  member = (await memberTokens(emu, 'member')).access;
  owner = (await memberTokens(emu, 'owner')).access;
});
afterAll(() => emu?.close());

const query = (token: string, q: unknown, returnPrivateReviews?: boolean) =>
  api(emu, `${REVIEWS}/query`, {
    token,
    body: { query: q, ...(returnPrivateReviews ? { returnPrivateReviews } : {}) },
  });
const count = (token: string, filter: unknown) => api(emu, `${REVIEWS}/count`, { token, body: { filter } });
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
    const second = await query(visitor, {
      filter: { entityId: MUG },
      sort: [{ fieldName: 'createdDate', order: 'DESC' }],
      cursorPaging: { limit: 1, cursor: first.json.metadata.cursors.next },
    });
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

  it('private reviews: other people’s are 403 for non-owners (the owner probe), visible to owners', async () => {
    const probe = { filter: { 'moderation.moderationStatus': 'IN_MODERATION' }, cursorPaging: { limit: 1 } };
    const m = await query(member, probe, true);
    expect(m.status).toBe(403);
    expect(m.json.details.applicationError.code).toBe('PERMISSION_DENIED');
    const o = await query(owner, probe, true);
    expect(o.status).toBe(200);
    expect(o.json.reviews[0].moderation.moderationStatus).toBe('IN_MODERATION');
  });
});

describe('reviews: writing and moderation', () => {
  const content = { title: 'Lovely', body: 'Line one\nLine two', rating: 4 };

  it('visitor review via contact create: validation, IN_MODERATION, visible to its author and owners, duplicate 409', async () => {
    const v = (await visitorTokens(emu)).access;
    const bad = await api(emu, `${REVIEWS}/contact`, {
      token: v,
      body: {
        namespace: 'stores',
        entityId: SKILLET,
        name: 'x'.repeat(51),
        email: 'nope',
        content: { rating: 6, title: 't'.repeat(101), body: 'b'.repeat(3001) },
      },
    });
    expect(bad.status).toBe(400);
    const fields = bad.json.details.validationError.fieldViolations.map(
      (f: { field: string; violatedRule: string }) => `${f.field}:${f.violatedRule}`,
    );
    expect(fields).toEqual(
      expect.arrayContaining([
        'name:MAX_LENGTH',
        'email:FORMAT',
        'content.rating:MAX',
        'content.title:MAX_LENGTH',
        'content.body:MAX_LENGTH',
      ]),
    );
    const noEmail = await api(emu, `${REVIEWS}/contact`, {
      token: v,
      body: { namespace: 'stores', entityId: SKILLET, name: 'Ada', content },
    });
    expect(noEmail.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'email',
      violatedRule: 'REQUIRED_FIELD',
    });
    const js = await api(emu, `${REVIEWS}/contact`, {
      token: v,
      body: {
        namespace: 'stores',
        entityId: SKILLET,
        name: 'Ada',
        email: 'ada@example.com',
        content: { ...content, media: [{ image: { url: 'javascript:alert(1)' } }] },
      },
    });
    expect(js.json.details.validationError.fieldViolations[0].field).toBe('content.media[0].image.url');

    const ok = await api(emu, `${REVIEWS}/contact`, {
      token: v,
      body: { namespace: 'stores', entityId: SKILLET, name: 'Ada', email: 'ada@example.com', content },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.review).toMatchObject({
      content,
      author: { authorName: 'Ada', authorType: 'VISITOR' },
      moderation: { moderationStatus: 'IN_MODERATION' },
    });
    const id = ok.json.review.id;
    expect((await api(emu, `${REVIEWS}/${id}`, { token: visitor })).status).toBe(404);
    expect((await api(emu, `${REVIEWS}/${id}?returnPrivateReviews=true`, { token: v })).status).toBe(200);
    const mine = await query(v, { filter: { 'author.contactId': ok.json.review.author.contactId } }, true);
    expect(mine.json.reviews.map((r: { id: string }) => r.id)).toEqual([id]);

    const dup = await api(emu, `${REVIEWS}/contact`, {
      token: v,
      body: { namespace: 'stores', entityId: SKILLET, name: 'Ada', email: 'ADA@example.com', content },
    });
    expect(dup.status).toBe(409);
    expect(dup.json.details.applicationError.code).toBe('ALREADY_EXISTS');

    // owner: reply, moderate (APPROVED|REJECTED only), then public
    expect(
      (await api(emu, `${REVIEWS}/${id}/moderate`, { method: 'PATCH', token: member, body: { status: 'APPROVED' } }))
        .status,
    ).toBe(403);
    const badStatus = await api(emu, `${REVIEWS}/${id}/moderate`, {
      method: 'PATCH',
      token: owner,
      body: { status: 'IN_MODERATION' },
    });
    expect(badStatus.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'status',
      violatedRule: 'INVALID_ENUM_VALUE',
    });
    const mod = await api(emu, `${REVIEWS}/${id}/moderate`, {
      method: 'PATCH',
      token: owner,
      body: { status: 'APPROVED' },
    });
    expect(mod.json.review.moderation).toEqual({ moderationStatus: 'APPROVED', manuallyChanged: true });
    const reply = await api(emu, `${REVIEWS}/${id}/reply`, {
      method: 'PATCH',
      token: owner,
      body: { message: 'Thanks!' },
    });
    expect(reply.json.review.reply.message).toBe('Thanks!');
    expect(
      (await api(emu, `${REVIEWS}/${id}/reply`, { method: 'PATCH', token: owner, body: { message: '' } })).status,
    ).toBe(400);
    expect((await api(emu, `${REVIEWS}/${id}`, { token: visitor })).json.review.reply.message).toBe('Thanks!');
    const unreply = await api(emu, `${REVIEWS}/${id}/reply`, { method: 'DELETE', token: owner });
    expect(unreply.json.review.reply).toBeUndefined();
    expect((await api(emu, `${REVIEWS}/${id}`, { method: 'DELETE', token: visitor })).status).toBe(403);
    expect((await api(emu, `${REVIEWS}/${id}`, { method: 'DELETE', token: owner })).status).toBe(200);
    expect((await api(emu, `${REVIEWS}/${id}`, { token: owner })).status).toBe(404);
  });

  it('member review: own contactId only, publishes at once; bulk moderate and bulk delete are for owners', async () => {
    const other = await api(emu, REVIEWS, {
      token: member,
      body: { review: { namespace: 'stores', entityId: SKILLET, content, author: { contactId: seedContacts.owner } } },
    });
    expect(other.status).toBe(403);
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
    expect((await api(emu, `${BULK}/moderate`, { token: member, body: { filter, status: 'REJECTED' } })).status).toBe(
      403,
    );
    const bulk = await api(emu, `${BULK}/moderate`, { token: owner, body: { filter, status: 'REJECTED' } });
    expect(bulk.json.count).toBe(1);
    expect((await count(visitor, filter)).json.count).toBe(0);
    const del = await api(emu, `${BULK}/delete`, { token: owner, body: { filter } });
    expect(del.json.count).toBe(1);
  });
});

describe('reviews: the author comes from the token', () => {
  const content = { title: 'Bright', body: 'Lights the whole tent.', rating: 5 };
  const asVisitor = (token: string, email: string, entityId = LANTERN) =>
    api(emu, `${REVIEWS}/contact`, { token, body: { namespace: 'stores', entityId, name: 'Mallory', email, content } });

  it('a visitor typing a member’s email writes as its own visitor contact, never as that member', async () => {
    const v = (await visitorTokens(emu)).access;
    const r = await asVisitor(v, DEMO_LOGINS.member.email);
    expect(r.status).toBe(200);
    expect(r.json.review.author).toMatchObject({ authorName: 'Mallory', authorType: 'VISITOR' });
    expect(r.json.review.author.contactId).not.toBe(seedContacts.member);
    expect(r.json.review.author.contactId).not.toBe(seedContacts.owner);
    // the member is not its author: no private view, no delete, no edit
    const id = r.json.review.id;
    expect((await api(emu, `${REVIEWS}/${id}?returnPrivateReviews=true`, { token: member })).status).toBe(404);
    expect(
      (
        await api(emu, `${REVIEWS}/${id}`, {
          method: 'PATCH',
          token: member,
          body: { review: { content: { rating: 1 } } },
        })
      ).status,
    ).toBe(403);
    expect((await api(emu, `${REVIEWS}/${id}`, { method: 'DELETE', token: member })).status).toBe(403);
    const mine = await query(member, { filter: { 'author.contactId': seedContacts.member } }, true);
    expect(mine.json.reviews.map((x: { id: string }) => x.id)).not.toContain(id);
    // and it does not take the member's one review of the product
    const own = await api(emu, REVIEWS, {
      token: member,
      body: { review: { namespace: 'stores', entityId: LANTERN, content, author: { contactId: seedContacts.member } } },
    });
    expect(own.status).toBe(200);

    // one review per visitor, whatever email it types; another visitor typing the same email is another contact
    const again = await asVisitor(v, 'someone.else@example.com');
    expect([again.status, again.json.details.applicationError.code]).toEqual([409, 'ALREADY_EXISTS']);
    const other = await asVisitor((await visitorTokens(emu)).access, DEMO_LOGINS.member.email);
    expect(other.status).toBe(200);
    expect(other.json.review.author.contactId).not.toBe(r.json.review.author.contactId);
    // the visitor still finds its own pending review by its contact
    const pending = await query(v, { filter: { 'author.contactId': r.json.review.author.contactId } }, true);
    expect(pending.json.reviews.map((x: { id: string }) => x.id)).toEqual([id]);
  });

  it('a member writing through /contact with someone else’s email writes as itself', async () => {
    const r = await api(emu, `${REVIEWS}/contact`, {
      token: member,
      body: { namespace: 'stores', entityId: TOWEL, name: 'Theo', email: DEMO_LOGINS.owner.email, content },
    });
    expect(r.status).toBe(200);
    expect(r.json.review.author).toMatchObject({ contactId: seedContacts.member, authorType: 'MEMBER' });
  });
});

describe('reviews: media only from this platform', () => {
  const content = { title: 'Photo', body: 'See the picture.', rating: 4 };
  async function upload(): Promise<{ id: string; url: string }> {
    const { uploadUrl } = (
      await api(emu, GENERATE_UPLOAD_URL, { token: visitor, body: { mimeType: 'image/png', fileName: 'p.png' } })
    ).json;
    return (await (await fetch(uploadUrl, { method: 'PUT', body: PNG })).json()).file;
  }
  const contact = (token: string, media: unknown[], entityId = TOTE) =>
    api(emu, `${REVIEWS}/contact`, {
      token,
      body: { namespace: 'stores', entityId, name: 'Ada', email: 'ada@example.com', content: { ...content, media } },
    });
  const fieldsOf = (r: {
    json: { details: { validationError: { fieldViolations: { field: string; violatedRule: string }[] } } };
  }) => r.json.details.validationError.fieldViolations.map((f) => `${f.field}:${f.violatedRule}`);

  it('third-party URLs, unknown files and look-alike URLs are refused with fieldViolations', async () => {
    const v = (await visitorTokens(emu)).access;
    const file = await upload();
    const refused = await contact(v, [
      { image: { url: 'https://evil.example/tracker.png' } },
      { image: { url: `${emu.url}/media/uploads/no-such-file` } },
      { image: { url: `${file.url}?x=1` } },
      { image: { url: file.url.replace(emu.url, 'http://localhost.evil.example') } },
      { video: { url: 'https://videos.example/v.mp4' } },
    ]);
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused)).toEqual([
      'content.media[0].image.url:VALIDATION',
      'content.media[1].image.url:VALIDATION',
      'content.media[2].image.url:VALIDATION',
      'content.media[3].image.url:VALIDATION',
      'content.media[4].video.url:VALIDATION',
    ]);
    expect(refused.json.details.validationError.fieldViolations[0].description).toMatch(/uploaded to this site/);

    const m = await api(emu, REVIEWS, {
      token: member,
      body: {
        review: {
          namespace: 'stores',
          entityId: TOTE,
          content: { ...content, media: [{ image: { url: 'https://evil.example/a.png' } }] },
          author: { contactId: seedContacts.member },
        },
      },
    });
    expect(fieldsOf(m)).toEqual(['review.content.media[0].image.url:VALIDATION']);
  });

  it('an uploaded photo (or a seeded one) is accepted, stored as the platform’s file and shown at the caller’s base URL', async () => {
    const v = (await visitorTokens(emu)).access;
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
  it('generate-upload-url validates type and size; the upload sniffs the bytes and serves them with nosniff', async () => {
    const bad = await api(emu, GENERATE_UPLOAD_URL, {
      token: visitor,
      body: { mimeType: 'text/html', fileName: 'x.html' },
    });
    expect(bad.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'mimeType',
      violatedRule: 'INVALID_ENUM_VALUE',
    });
    const big = await api(emu, GENERATE_UPLOAD_URL, {
      token: visitor,
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
      (await api(emu, GENERATE_UPLOAD_URL, { token: visitor, body: { mimeType: 'image/png', fileName: 'x.png' } })).json
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
