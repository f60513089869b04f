/**
 * The site companion against a real emulator (SQLite): for each operation the allowed identity succeeds and every
 * other one is refused; limits, CORS, captcha replay, hostile bodies; and a scan that no secret reaches an answer or
 * a log line.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORES_APP_ID } from '../emulator/domain/catalog.ts';
import { seedIds } from '../emulator/seed.ts';
import { createCompanion, CompanionConfigError, readConfig, type Limits } from './app.ts';
import { placeOrderAs } from '../tests/helpers/emulator.ts';
import { seedAbandonedIds } from '../emulator/domain/abandoned.ts';
import { API_KEY, DEMO_LOGINS, harness, MUG, ORIGIN, PNG, post, RUCKSACK, type Harness } from './test-helpers.ts';

let h: Harness;
// the walks below call every route (a hundred and more, several times each) from one address as one member: the
// limits per address and per visitor have their own tests ("abuse limits"), with their own companions
const walking = {
  limits: { perIp: [100_000, 60_000] as [number, number], perVisitor: [100_000, 60_000] as [number, number] },
};
beforeAll(async () => {
  h = await harness({ deps: walking });
});
afterAll(() => h.close());

const code = (r: { body_: any }) => r.body_?.details?.applicationError?.code; // eslint-disable-line @typescript-eslint/no-explicit-any
const review = (email: string, captcha: string, extra: Record<string, unknown> = {}) => ({
  namespace: 'stores',
  entityId: MUG,
  name: 'Ann Visitor',
  email,
  content: { rating: 4, title: 'Solid', body: 'Keeps coffee hot.' },
  captcha,
  ...extra,
});
const stockBody = (email: string, catalogItemId = RUCKSACK) => ({
  request: { catalogReference: { appId: STORES_APP_ID, catalogItemId }, email },
  itemDetails: { name: 'Waxed Canvas Rucksack', price: '148.00' },
});

describe('identity', () => {
  it('me: a visitor, a member, the owner on INLAY_OWNERS', async () => {
    expect((await h.call('/v1/me', { token: await h.visitor() })).body_).toEqual({
      kind: 'visitor',
      owner: false,
      features: { reviews: true, photos: true, stock: true, orders: true },
    });
    expect((await h.call('/v1/me', { token: await h.member() })).body_).toMatchObject({ kind: 'member', owner: false });
    expect((await h.call('/v1/me', { token: await h.owner() })).body_).toMatchObject({ kind: 'member', owner: true });
  });

  it('owner by member id too, and emails case-insensitively', async () => {
    for (const owners of [seedIds.members.owner, DEMO_LOGINS.owner.email.toUpperCase()]) {
      const o = await harness({ env: { INLAY_OWNERS: owners } });
      try {
        expect((await o.call('/v1/me', { token: await o.member() })).body_.owner).toBe(false);
        expect((await o.call('/v1/me', { token: await o.owner() })).body_.owner).toBe(true);
      } finally {
        await o.close();
      }
    }
  });

  it('owner by email only with a verified address on an approved account (anyone may sign up with any address)', async () => {
    const o = await harness({ env: { INLAY_OWNERS: DEMO_LOGINS.owner.email } });
    const id = seedIds.members.owner;
    try {
      o.emu.db.prepare('UPDATE members SET email_verified = 0 WHERE id = ?').run(id);
      expect((await o.call('/v1/me', { token: await o.owner() })).body_.owner).toBe(false);
      o.emu.db.prepare("UPDATE members SET email_verified = 1, status = 'PENDING' WHERE id = ?").run(id);
      expect((await o.call('/v1/me', { token: await o.owner() })).body_.owner).toBe(false);
      o.emu.db.prepare("UPDATE members SET status = 'APPROVED' WHERE id = ?").run(id);
      expect((await o.call('/v1/me', { token: await o.owner() })).body_.owner).toBe(true);
    } finally {
      await o.close();
    }
  });

  it('a missing, forged, revoked or expired token is 401', async () => {
    expect((await h.call('/v1/me')).status).toBe(401);
    const forged = await h.call('/v1/me', { token: 'forged-token-abc' });
    expect([forged.status, code(forged)]).toEqual([401, 'UNAUTHENTICATED']);
    // revoked: the member's session logged out
    const tokens = await h.visitor();
    h.emu.db.prepare('UPDATE oauth_tokens SET revoked = 1').run();
    expect((await h.call('/v1/me', { token: tokens })).status).toBe(401);
    // expired: the emulator's clock moves past the token's life
    let clock = Date.now();
    const e = await harness({ emulatorNow: () => clock });
    try {
      const t = await e.visitor();
      clock += 5 * 3600 * 1000;
      expect((await e.call('/v1/me', { token: t })).status).toBe(401);
    } finally {
      await e.close();
    }
  });

  it('after logout the owner is refused at once on owner routes, GET ones included (no cached identity)', async () => {
    const l = await harness();
    try {
      const o = await l.owner();
      const detail = `/v1/admin/abandoned-checkouts/${seedAbandonedIds.maya.id}`;
      const pending = () => l.call('/v1/reviews/pending', post({ namespace: 'stores' }, o));
      // the identity is verified and cached by a read, and both owner routes answer
      expect((await l.call('/v1/me', { token: o })).body_.owner).toBe(true);
      expect((await l.call(detail, { token: o })).status).toBe(200);
      expect((await pending()).status).toBe(200);
      await l.logout(o);
      const after = await l.call(detail, { token: o });
      expect([after.status, code(after)]).toEqual([401, 'UNAUTHENTICATED']);
      expect((await pending()).status).toBe(401);
      // refused once, the token stays refused on reads too
      expect((await l.call('/v1/me', { token: o })).status).toBe(401);
    } finally {
      await l.close();
    }
  });

  it('every write and every owner route verifies the token with the platform, whatever is cached', async () => {
    const l = await harness({ deps: walking });
    try {
      const fresh = l.companion
        .routes()
        .map((r) => r.split(' ') as [string, string])
        .filter(([method, path]) => method !== 'GET' || path.startsWith('/v1/admin/'))
        // the public reads take no token at all (public.test.ts: the browser's is neither read nor used)
        .filter(([, path]) => path !== '/v1/public/reads');
      expect(fresh.length).toBeGreaterThan(20);
      for (const [method, path] of fresh) {
        for (const who of ['owner', 'member'] as const) {
          const t = await l[who]();
          expect((await l.call('/v1/me', { token: t })).status).toBe(200); // cached
          await l.logout(t);
          const url = path.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
          const r = await l.call(url, method === 'GET' ? { token: t } : { ...post({}, t, method) });
          expect([r.status, code(r)], `${who} ${method} ${path}`).toEqual([401, 'UNAUTHENTICATED']);
        }
      }
    } finally {
      await l.close();
    }
  }, 60_000);

  it('a GET read may be served from the identity cache, for at most 15 s after the token was verified', async () => {
    let clock = Date.now();
    const l = await harness({ deps: { now: () => clock } });
    try {
      const m = await l.member();
      expect((await l.call('/v1/me', { token: m })).status).toBe(200);
      await l.logout(m);
      clock += 14_000;
      expect((await l.call('/v1/me', { token: m })).status).toBe(200); // within the documented window
      clock += 1_001;
      expect((await l.call('/v1/me', { token: m })).status).toBe(401);
      // a write in the window is never served from the cache
      const w = await l.member();
      expect((await l.call('/v1/me', { token: w })).status).toBe(200);
      await l.logout(w);
      const st = await l.call('/v1/stock-requests', post(stockBody('gone@example.com'), w));
      expect([st.status, code(st)]).toEqual([401, 'UNAUTHENTICATED']);
    } finally {
      await l.close();
    }
  });

  it('an admin token is not a visitor or member token (401)', async () => {
    const admin = await fetch(`${h.emu.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: 'demo-client',
        client_secret: h.emu.clientSecret,
      }),
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    expect((await h.call('/v1/me', { token: admin.access_token })).status).toBe(401);
  });
});

describe('visitor reviews', () => {
  it('a visitor reviews with name and email: contact created, review as that contact; a second one is 409', async () => {
    const v = await h.visitor();
    const r = await h.call('/v1/reviews', post(review('Ann@Example.com', await h.captcha()), v));
    expect(r.status).toBe(200);
    expect(r.body_.review).toMatchObject({ entityId: MUG, author: { authorName: 'Ann Visitor' } });
    const contact = h.emu.db
      .prepare<[string], { id: string }>('SELECT id FROM contacts WHERE email = ?')
      .get('ann@example.com');
    expect(r.body_.review.author.contactId).toBe(contact!.id);
    // another device, the same email: the same contact, the platform's one-review refusal relayed
    const again = await h.call('/v1/reviews', post(review('ann@example.com', await h.captcha()), await h.visitor()));
    expect([again.status, code(again)]).toEqual([409, 'ALREADY_EXISTS']);
    expect(h.emu.db.prepare('SELECT count(*) AS n FROM contacts WHERE email = ?').get('ann@example.com')).toEqual({
      n: 1,
    });
    // the same contact on another product is fine
    const other = await h.call(
      '/v1/reviews',
      post(review('ann@example.com', await h.captcha(), { entityId: RUCKSACK }), await h.visitor()),
    );
    expect(other.status).toBe(200);
    expect(other.body_.review.author.contactId).toBe(contact!.id);
  });

  it('a member is refused (USE_MEMBER_TOKEN), no token is 401; a member email cannot be borrowed', async () => {
    const m = await h.call('/v1/reviews', post(review('x@example.com', await h.captcha()), await h.member()));
    expect([m.status, code(m)]).toEqual([403, 'USE_MEMBER_TOKEN']);
    expect((await h.call('/v1/reviews', post(review('x@example.com', await h.captcha())))).status).toBe(401);
    const borrowed = await h.call(
      '/v1/reviews',
      post(review(DEMO_LOGINS.member.email, await h.captcha()), await h.visitor()),
    );
    expect([borrowed.status, code(borrowed)]).toEqual([403, 'MEMBER_EMAIL']);
  });

  it('captcha: a wrong solution, a forged one and a replay are 400 CAPTCHA_INVALID', async () => {
    const v = await h.visitor();
    const good = await h.captcha();
    const decoded = JSON.parse(atob(good)) as { number: number };
    const wrong = btoa(JSON.stringify({ ...decoded, number: decoded.number + 1 }));
    const r1 = await h.call('/v1/reviews', post(review('cap@example.com', wrong), v));
    expect([r1.status, code(r1)]).toEqual([400, 'CAPTCHA_INVALID']);
    const r2 = await h.call('/v1/reviews', post(review('cap@example.com', 'bm90IGpzb24='), v));
    expect([r2.status, code(r2)]).toEqual([400, 'CAPTCHA_INVALID']);
    expect((await h.call('/v1/reviews', post(review('cap@example.com', good), v))).status).toBe(200);
    const replay = await h.call('/v1/reviews', post(review('cap2@example.com', good), await h.visitor()));
    expect([replay.status, code(replay)]).toEqual([400, 'CAPTCHA_INVALID']);
  });

  it('bad bodies: unknown keys, prototype keys, deep nesting, a huge body, bad JSON, the wrong type', async () => {
    const v = await h.visitor();
    const c = await h.captcha();
    const unknown = await h.call('/v1/reviews', post({ ...review('u@example.com', c), admin: true }, v));
    expect(unknown.status).toBe(400);
    expect(unknown.body_.details.validationError.fieldViolations[0]).toMatchObject({ field: 'admin' });
    const proto = await h.call('/v1/reviews', {
      method: 'POST',
      token: v,
      headers: { 'Content-Type': 'application/json' },
      body: '{"__proto__":{"admin":true},"namespace":"stores"}',
    });
    expect(proto.status).toBe(400);
    const ctor = await h.call('/v1/reviews', post({ content: { constructor: { prototype: 1 } } }, v));
    expect(ctor.status).toBe(400);
    let deep: unknown = 1;
    for (let i = 0; i < 50; i++) deep = { a: deep };
    expect((await h.call('/v1/reviews', post({ deep }, v))).status).toBe(400);
    const huge = await h.call('/v1/reviews', post(review('u@example.com', c, { name: 'x'.repeat(40_000) }), v));
    expect([huge.status, code(huge)]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const broken = await h.call('/v1/reviews', {
      method: 'POST',
      token: v,
      headers: { 'Content-Type': 'application/json' },
      body: '{"namespace":',
    });
    expect(broken.status).toBe(400);
    const form = await h.call('/v1/reviews', {
      method: 'POST',
      token: v,
      headers: { 'Content-Type': 'text/plain' },
      body: '{}',
    });
    expect(form.status).toBe(415);
  });
});

describe('JSON bodies with a byte order mark', () => {
  const withBytes = (prefix: number[], json: string, token: string) => ({
    method: 'POST',
    token,
    headers: { 'Content-Type': 'application/json' },
    body: new Uint8Array([...prefix, ...new TextEncoder().encode(json)]),
  });
  const BOM = [0xef, 0xbb, 0xbf];

  it('a UTF-8 BOM is read past: the body is the one sent (never an empty object)', async () => {
    const m = await h.member();
    const ok = await h.call('/v1/my/orders', withBytes(BOM, '{"limit":1}', m));
    expect(ok.status).toBe(200);
    expect(ok.body_.orders).toEqual(expect.any(Array));
    // the fields after the mark count: read as {} this would have been a 200
    const bad = await h.call('/v1/my/orders', withBytes(BOM, '{"limit":0}', m));
    expect([bad.status, bad.body_.details.validationError.fieldViolations[0].field]).toEqual([400, 'limit']);
  });

  it('two marks, or a UTF-16 body → 400 MALFORMED_JSON', async () => {
    const m = await h.member();
    const utf16 = [0xff, 0xfe, ...[...new TextEncoder().encode('{"limit":1}')].flatMap((b) => [b, 0])];
    for (const r of [
      await h.call('/v1/my/orders', withBytes([...BOM, ...BOM], '{"limit":1}', m)),
      await h.call('/v1/my/orders', withBytes(utf16, '', m)),
      await h.call('/v1/my/orders', withBytes(BOM, '', m)),
    ]) {
      expect([r.status, code(r)]).toEqual([400, 'MALFORMED_JSON']);
      expect(r.body_.message).toMatch(/UTF-8 JSON/);
    }
  });
});

describe('photos', () => {
  it('a visitor uploads a PNG: stored in the visitor uploads folder, served by the platform', async () => {
    const r = await h.call('/v1/media', {
      method: 'POST',
      token: await h.visitor(),
      headers: { 'Content-Type': 'image/png', 'X-File-Name': 'mug <script>.png' },
      body: PNG,
    });
    expect(r.status).toBe(200);
    expect(r.body_.image).toMatchObject({ width: 1, height: 1 });
    const row = h.emu.db
      .prepare<[string], { parent_folder_id: string; file_name: string }>(
        'SELECT parent_folder_id, file_name FROM site_media_files WHERE id = ?',
      )
      .get(r.body_.image.id);
    expect(row).toEqual({ parent_folder_id: 'visitor-uploads', file_name: 'mug script.png' });
    const served = await fetch(r.body_.image.url);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    // and a review may carry it
    const rv = await h.call(
      '/v1/reviews',
      post(
        review('photo@example.com', await h.captcha(), {
          content: { rating: 5, media: [{ image: { id: r.body_.image.id, url: r.body_.image.url } }] },
        }),
        await h.visitor(),
      ),
    );
    expect(rv.status).toBe(200);
    expect(rv.body_.review.content.media).toHaveLength(1);
  });

  it('members upload too; no token is 401', async () => {
    const init = { method: 'POST', headers: { 'Content-Type': 'image/png' }, body: PNG };
    expect((await h.call('/v1/media', { ...init, token: await h.member() })).status).toBe(200);
    expect((await h.call('/v1/media', init)).status).toBe(401);
  });

  it('bytes that are not the declared image, or not an image type at all, are 415', async () => {
    const v = await h.visitor();
    const files = () => h.emu.db.prepare('SELECT count(*) AS n FROM site_media_files').get();
    const before = files();
    const text = await h.call('/v1/media', {
      method: 'POST',
      token: v,
      headers: { 'Content-Type': 'image/png' },
      body: new TextEncoder().encode('<svg onload="alert(1)"></svg> just text pretending'),
    });
    expect([text.status, code(text)]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const gifAsPng = await h.call('/v1/media', {
      method: 'POST',
      token: v,
      headers: { 'Content-Type': 'image/jpeg' },
      body: PNG,
    });
    expect(gifAsPng.status).toBe(415);
    const svg = await h.call('/v1/media', {
      method: 'POST',
      token: v,
      headers: { 'Content-Type': 'image/svg+xml' },
      body: '<svg/>',
    });
    expect(svg.status).toBe(415);
    // nothing reached the platform
    expect(files()).toEqual(before);
  });

  it('over 10 MB is 413 FILE_TOO_LARGE: by Content-Length before reading, and while streaming without one', async () => {
    const v = await h.visitor();
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG);
    const declared = await h.call('/v1/media', {
      method: 'POST',
      token: v,
      headers: { 'Content-Type': 'image/png', 'Content-Length': String(big.length) },
      body: big,
    });
    expect([declared.status, code(declared)]).toEqual([413, 'FILE_TOO_LARGE']);
    let pulled = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const stream = new ReadableStream<Uint8Array>({
      pull(ctrl) {
        pulled += 1;
        if (pulled > 64) ctrl.close();
        else ctrl.enqueue(chunk);
      },
    });
    const streamed = await h.call('/v1/media', {
      method: 'POST',
      token: v,
      headers: { 'Content-Type': 'image/png' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect([streamed.status, code(streamed)]).toEqual([413, 'FILE_TOO_LARGE']);
    // it stopped reading soon after the limit, not at the end of the stream
    expect(pulled).toBeLessThan(20);
  });
});

describe('back in stock', () => {
  it('create → handle → status → stop; the handle works from another device, a forged one is 404', async () => {
    const v = await h.visitor();
    const made = await h.call('/v1/stock-requests', post(stockBody('bis@example.com'), v));
    expect(made.status).toBe(200);
    const { request, handle } = made.body_;
    expect(typeof handle).toBe('string');
    expect(handle).not.toBe(request.id);
    const status = await h.call(`/v1/stock-requests/${encodeURIComponent(handle)}`, { token: await h.visitor() });
    expect([status.status, status.body_.request.id]).toEqual([200, request.id]);

    // the request id alone, a handle with another id, a changed signature: all 404, nothing learnt
    const [idPart, mac] = handle.split('.');
    const otherId = btoa('00000000-0000-0000-0000-000000000000').replace(/=+$/, '');
    for (const forged of [request.id, `${otherId}.${mac}`, `${idPart}.${mac.slice(0, -2)}AA`, 'x', `${handle}.x`]) {
      const r = await h.call(`/v1/stock-requests/${encodeURIComponent(forged)}`, { token: v });
      expect([r.status, code(r)], forged).toEqual([404, 'NOT_FOUND']);
      expect(
        (await h.call(`/v1/stock-requests/${encodeURIComponent(forged)}`, { method: 'DELETE', token: v })).status,
      ).toBe(404);
    }
    expect((await h.call(`/v1/stock-requests/${encodeURIComponent(handle)}`)).status).toBe(401);

    const stop = await h.call(`/v1/stock-requests/${encodeURIComponent(handle)}`, { method: 'DELETE', token: v });
    expect([stop.status, stop.body_]).toEqual([200, {}]);
    const gone = await h.call(`/v1/stock-requests/${encodeURIComponent(handle)}`, { token: v });
    expect([gone.status, code(gone)]).toEqual([404, 'NOT_FOUND']);
  });

  it("another site's handle (another secret) does not open here", async () => {
    const other = await harness();
    try {
      const made = await other.call('/v1/stock-requests', post(stockBody('x@example.com'), await other.visitor()));
      const r = await h.call(`/v1/stock-requests/${encodeURIComponent(made.body_.handle)}`, {
        token: await h.visitor(),
      });
      expect(r.status).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('bad create bodies are 400; the platform refusal is relayed', async () => {
    const v = await h.visitor();
    expect((await h.call('/v1/stock-requests', post({ ...stockBody('a@example.com'), extra: 1 }, v))).status).toBe(400);
    const missing = await h.call('/v1/stock-requests', post(stockBody('a@example.com', 'no-such-product'), v));
    expect(missing.status).toBe(404);
  });
});

describe('owner moderation', () => {
  async function pendingReview(email: string): Promise<string> {
    const r = await h.call(
      '/v1/reviews',
      post(review(email, await h.captcha(), { entityId: RUCKSACK }), await h.visitor()),
    );
    expect(r.body_.review.moderation.moderationStatus).toBe('IN_MODERATION');
    return r.body_.review.id;
  }

  it('every owner console route, walked from the companion’s own routes: a member and a visitor get 403 NOT_OWNER before the body is read, no token 401', async () => {
    const [member, visitor] = [await h.member(), await h.visitor()];
    const admin = h.companion.routes().filter((r) => / \/v1\/admin\//.test(r));
    // (a route added later is walked too: the list is the app's, not this test's)
    expect(admin.length).toBeGreaterThanOrEqual(20);
    for (const route of admin) {
      const [method, pattern] = route.split(' ') as [string, string];
      const path = pattern.replace(/:\w+/g, 'x1');
      const body = method === 'GET' ? {} : { body: '{not json', headers: { 'Content-Type': 'application/json' } };
      for (const token of [member, visitor]) {
        const r = await h.call(path, { method, token, ...body });
        expect([r.status, code(r)], route).toEqual([403, 'NOT_OWNER']);
      }
      expect((await h.call(path, { method, ...body })).status, route).toBe(401);
    }
  });

  it('each owner route: the owner succeeds, a member not on the list and a visitor get 403 NOT_OWNER, no token 401', async () => {
    const id = await pendingReview('mod1@example.com');
    const owner = await h.owner();
    const member = await h.member();
    const visitor = await h.visitor();
    const routes: [string, RequestInit][] = [
      ['/v1/reviews/pending', post({ namespace: 'stores' })],
      [`/v1/reviews/${id}/moderate`, post({ status: 'APPROVED' })],
      ['/v1/reviews/bulk-moderate', post({ namespace: 'stores', entityId: RUCKSACK, status: 'APPROVED' })],
      [`/v1/reviews/${id}/reply`, post({ message: 'Thanks!' }, undefined, 'PUT')],
      [`/v1/reviews/${id}/reply`, { method: 'DELETE' }],
      [`/v1/reviews/${id}`, { method: 'DELETE' }],
    ];
    for (const [path, init] of routes) {
      for (const token of [member, visitor]) {
        const r = await h.call(path, { ...init, token });
        expect([r.status, code(r)], `${init.method} ${path}`).toEqual([403, 'NOT_OWNER']);
      }
      expect((await h.call(path, init)).status, `${init.method} ${path}`).toBe(401);
    }
    // nothing changed
    expect(h.emu.db.prepare('SELECT moderation_status AS s FROM reviews WHERE id = ?').get(id)).toEqual({
      s: 'IN_MODERATION',
    });

    const pending = await h.call('/v1/reviews/pending', post({ namespace: 'stores', entityId: RUCKSACK }, owner));
    expect(pending.status).toBe(200);
    expect(pending.body_.reviews.map((r: { id: string }) => r.id)).toContain(id);
    const ok = await h.call(`/v1/reviews/${id}/moderate`, post({ status: 'APPROVED' }, owner));
    expect([ok.status, ok.body_.review.moderation.moderationStatus]).toEqual([200, 'APPROVED']);
    const reply = await h.call(`/v1/reviews/${id}/reply`, post({ message: 'Thank you!' }, owner, 'PUT'));
    expect(reply.body_.review.reply.message).toBe('Thank you!');
    const unreply = await h.call(`/v1/reviews/${id}/reply`, { method: 'DELETE', token: owner });
    expect(unreply.body_.review.reply).toBeUndefined();
    const del = await h.call(`/v1/reviews/${id}`, { method: 'DELETE', token: owner });
    expect([del.status, del.body_]).toEqual([200, {}]);
    expect((await h.call(`/v1/reviews/${id}/moderate`, post({ status: 'APPROVED' }, owner))).status).toBe(404);
  });

  it('bulk moderation takes the pending reviews of one item; pending pages oldest first', async () => {
    const a = await pendingReview('bulk1@example.com');
    const b = await pendingReview('bulk2@example.com');
    const owner = await h.owner();
    const pending = await h.call('/v1/reviews/pending', post({ namespace: 'stores', entityId: RUCKSACK }, owner));
    const ids = pending.body_.reviews.map((r: { id: string }) => r.id);
    expect(ids.indexOf(a)).toBeLessThan(ids.indexOf(b));
    const done = await h.call(
      '/v1/reviews/bulk-moderate',
      post({ namespace: 'stores', entityId: RUCKSACK, status: 'REJECTED' }, owner),
    );
    // the platform's answer is its job's id; the count is what was pending when it started (read before)
    expect(done.body_).toEqual({ jobId: expect.any(String), count: ids.length });
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const after = await h.call('/v1/reviews/pending', post({ namespace: 'stores', entityId: RUCKSACK }, owner));
    expect(after.body_.reviews).toEqual([]);
  });

  it('a forged review id is 400 or 404, never another route', async () => {
    const owner = await h.owner();
    expect((await h.call('/v1/reviews/..%2F..%2Fx/moderate', post({ status: 'APPROVED' }, owner))).status).toBe(400);
    expect((await h.call('/v1/reviews/nope/moderate', post({ status: 'APPROVED' }, owner))).status).toBe(404);
    expect((await h.call('/v1/reviews/nope/moderate', post({ status: 'MAYBE' }, owner))).status).toBe(400);
  });
});

describe('abuse limits', () => {
  it('per visitor: 429 in the platform format with Retry-After', async () => {
    const limits: Partial<Limits> = { perVisitor: [3, 60_000] };
    const l = await harness({ deps: { limits } });
    try {
      const v = await l.visitor();
      for (let i = 0; i < 3; i++) expect((await l.call('/v1/me', { token: v })).status).toBe(200);
      const r = await l.call('/v1/me', { token: v });
      expect([r.status, code(r)]).toEqual([429, 'RESOURCE_EXHAUSTED']);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(r.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      // limits are read on every request: raised, the same visitor goes on
      limits.perVisitor = [100, 60_000];
      expect((await l.call('/v1/me', { token: v })).status).toBe(200);
      // another visitor is not held back
      expect((await l.call('/v1/me', { token: await l.visitor() })).status).toBe(200);
    } finally {
      await l.close();
    }
  });

  it('per token, counted before the platform is asked: a token over its limit costs the site no admin call', async () => {
    const calls: string[] = [];
    const l = await harness({
      deps: {
        limits: { perVisitor: [2, 60_000] },
        fetch: (input, init) => {
          calls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
          return fetch(input, init);
        },
      },
    });
    try {
      const v = await l.visitor();
      const stock = () => l.call('/v1/stock-requests', post({}, v));
      for (let i = 0; i < 2; i++) expect((await stock()).status).toBe(400); // verified (a write: fresh), then refused
      const before = calls.filter((u) => u.endsWith('/oauth2/token-info')).length;
      expect(before).toBe(2);
      for (let i = 0; i < 5; i++) expect((await stock()).status).toBe(429);
      expect(calls.filter((u) => u.endsWith('/oauth2/token-info'))).toHaveLength(before);
    } finally {
      await l.close();
    }
  });

  it('per address: 429 whatever the token', async () => {
    const l = await harness({ deps: { limits: { perIp: [2, 60_000] } } });
    try {
      expect((await l.call('/v1/me', { token: await l.visitor(), ip: '198.51.100.1' })).status).toBe(200);
      expect((await l.call('/v1/me', { token: await l.visitor(), ip: '198.51.100.1' })).status).toBe(200);
      const r = await l.call('/v1/me', { token: await l.visitor(), ip: '198.51.100.1' });
      expect(r.status).toBe(429);
      expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await l.call('/v1/me', { token: await l.visitor(), ip: '198.51.100.2' })).status).toBe(200);
    } finally {
      await l.close();
    }
  });

  it('writes per address: new visitor tokens do not get round it (back-in-stock requests here)', async () => {
    const l = await harness({ deps: { limits: { writesPerIp: [2, 60_000] } } });
    try {
      const make = async (ip: string, n: number) =>
        (await l.call('/v1/stock-requests', { ...post(stockBody(`w${n}@example.com`), await l.visitor()), ip })).status;
      expect(await make('198.51.100.7', 1)).toBe(200);
      expect(await make('198.51.100.7', 2)).toBe(200);
      expect(await make('198.51.100.7', 3)).toBe(429);
      expect(await make('198.51.100.8', 4)).toBe(200);
    } finally {
      await l.close();
    }
  });

  it('a refused token is remembered: sent again, it costs no second token-info call', async () => {
    let infos = 0;
    const counting: typeof fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith('/oauth2/token-info')) infos++;
      return fetch(input, init);
    };
    const l = await harness({ deps: { fetch: counting } });
    try {
      for (let i = 0; i < 3; i++) expect((await l.call('/v1/me', { token: 'forged-token-value' })).status).toBe(401);
      expect(infos).toBe(1);
      // a good token is still looked up (and kept)
      const v = await l.visitor();
      expect((await l.call('/v1/me', { token: v })).status).toBe(200);
      expect((await l.call('/v1/me', { token: v })).status).toBe(200);
      expect(infos).toBe(2);
    } finally {
      await l.close();
    }
  });

  it('CORS: only INLAY_ALLOWED_ORIGINS; a foreign origin is refused with no CORS header; never a cookie', async () => {
    const v = await h.visitor();
    const ok = await h.call('/v1/me', { token: v, headers: { Origin: ORIGIN } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(ok.headers.get('access-control-allow-credentials')).toBeNull();
    const pre = await h.call('/v1/reviews', {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'POST' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-headers')).toContain('authorization');
    for (const origin of ['http://evil.test', 'null', `${ORIGIN}.evil.test`]) {
      const bad = await h.call('/v1/me', { token: v, headers: { Origin: origin } });
      expect([bad.status, code(bad)], origin).toEqual([403, 'ORIGIN_NOT_ALLOWED']);
      expect(bad.headers.get('access-control-allow-origin')).toBeNull();
      const badPre = await h.call('/v1/me', { method: 'OPTIONS', headers: { Origin: origin } });
      expect(badPre.headers.get('access-control-allow-origin')).toBeNull();
    }
    // same origin needs none
    const same = await h.call('/v1/me', { token: v, headers: { Origin: 'http://companion.test' } });
    expect(same.status).toBe(200);
    expect(h.seen.answers.some((a) => /set-cookie/i.test(a))).toBe(false);
  });

  it('CORS preflight allows every method a route uses (PATCH: the console edits a note cross-origin)', async () => {
    const used = new Set(h.companion.routes().map((r) => r.split(' ')[0]!));
    expect(used).toContain('PATCH');
    const pre = await h.call('/v1/admin/orders/x/notes/y', {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'PATCH' },
    });
    expect(pre.status).toBe(204);
    const allowed = (pre.headers.get('access-control-allow-methods') ?? '').split(/,\s*/);
    for (const m of used) expect(allowed, m).toContain(m);
  });

  it('anything else is 404 NOT_FOUND: no general proxy', async () => {
    const v = await h.visitor();
    for (const path of ['/v1/reviews/query', '/reviews/v1/reviews', '/v1/../oauth2/token', '/v2/me', '/v1/orders']) {
      const r = await h.call(path, { token: v });
      expect([r.status, code(r)], path).toEqual([404, 'NOT_FOUND']);
    }
  });
});

describe('client address', () => {
  const env = () => ({
    INLAY_CLIENT_ID: 'demo-client',
    INLAY_CLIENT_SECRET: h.emu.clientSecret,
    INLAY_API_BASE: h.emu.url,
  });

  it('no address from the runtime and no header named: 500 CLIENT_ADDRESS_UNKNOWN, said in the log once', async () => {
    const logs: string[] = [];
    const c = createCompanion(env(), { log: (l) => logs.push(l) });
    const v = await h.visitor();
    for (const path of ['/v1/me', '/v1/challenge', '/v1/me']) {
      // a client's own forwarding headers change nothing: no header is trusted unless configured
      const r = await c.fetch(
        new Request(`http://c.test${path}`, {
          headers: { Authorization: v, 'X-Forwarded-For': '1.2.3.4', 'CF-Connecting-IP': '1.2.3.4' },
        }),
      );
      const body = (await r.json()) as { message: string; details: { applicationError: { code: string } } };
      expect([r.status, body.details.applicationError.code], path).toEqual([500, 'CLIENT_ADDRESS_UNKNOWN']);
      expect(body.message).toContain('INLAY_CLIENT_IP_HEADER');
    }
    expect(
      logs.filter((l) => l.includes('CLIENT_ADDRESS_UNKNOWN') || l.includes('INLAY_CLIENT_IP_HEADER')),
    ).toHaveLength(1);
    expect(logs.join('\n')).not.toContain(h.emu.clientSecret);
    // with an address it serves
    expect(
      (await c.fetch(new Request('http://c.test/v1/me', { headers: { Authorization: v } }), { ip: '198.51.100.3' }))
        .status,
    ).toBe(200);
  });

  it('INLAY_CLIENT_IP_HEADER: the proxy’s header is the address (the right-most of a list), limits count per address', async () => {
    const c = createCompanion(
      { ...env(), INLAY_CLIENT_IP_HEADER: 'X-Forwarded-For' },
      { log: () => undefined, limits: { perIp: [2, 60_000] } },
    );
    const v = await h.visitor();
    const me = (xff?: string, ip?: string) =>
      c.fetch(
        new Request('http://c.test/v1/me', {
          headers: { Authorization: v, ...(xff ? { 'X-Forwarded-For': xff } : {}) },
        }),
        ip ? { ip } : {},
      );
    // what the client wrote on the left is not the address: the proxy's entry on the right is
    expect((await me('6.6.6.6, 198.51.100.20')).status).toBe(200);
    expect((await me('7.7.7.7, 198.51.100.20', '10.0.0.1')).status).toBe(200);
    expect((await me('8.8.8.8,198.51.100.20')).status).toBe(429);
    expect((await me('198.51.100.21')).status).toBe(200);
    // the header missing (a request that did not come through the proxy) or not an address: refused
    for (const bad of [undefined, 'not an address', '1.2.3.4, ']) {
      const r = await me(bad, '10.0.0.1');
      expect(r.status, String(bad)).toBe(500);
      expect(((await r.json()) as { message: string }).message).toContain('x-forwarded-for');
    }
  });

  it('IPv6 callers count per /64 (one host holds the whole /64), an IPv4-mapped address as IPv4', async () => {
    const c = createCompanion(env(), { log: () => undefined, limits: { perIp: [2, 60_000] } });
    const v = await h.visitor();
    const me = (ip: string) => c.fetch(new Request('http://c.test/v1/me', { headers: { Authorization: v } }), { ip });
    expect((await me('2001:db8:1:2::1')).status).toBe(200);
    expect((await me('2001:db8:1:2:ffff::9')).status).toBe(200);
    expect((await me('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).status).toBe(429); // a third address, same /64
    expect((await me('2001:db8:1:3::1')).status).toBe(200); // another /64
    expect((await me('::ffff:198.51.100.30')).status).toBe(200);
    expect((await me('198.51.100.30')).status).toBe(200);
    expect((await me('::ffff:198.51.100.30')).status).toBe(429);
  });

  it('INLAY_CLIENT_IP_HEADER must be a header name', () => {
    for (const bad of ['x real ip', 'x-real-ip:', 'a'.repeat(100)]) {
      expect(() => readConfig({ ...env(), INLAY_CLIENT_IP_HEADER: bad }), bad).toThrow(/INLAY_CLIENT_IP_HEADER/);
    }
    expect(readConfig({ ...env(), INLAY_CLIENT_IP_HEADER: 'X-Real-IP' }).clientIpHeader).toBe('x-real-ip');
  });
});

describe('the platform failing', () => {
  it('network failure or a 5xx is 502 PLATFORM_UNAVAILABLE', async () => {
    const p = await harness({
      deps: {
        fetch: async (input, init) => {
          const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          if (url.includes('generate-upload-url')) throw new TypeError('fetch failed');
          if (url.includes('/back-in-stock')) return new Response('{"message":"boom"}', { status: 503 });
          return fetch(input, init);
        },
      },
    });
    try {
      const up = await p.call('/v1/media', {
        method: 'POST',
        token: await p.visitor(),
        headers: { 'Content-Type': 'image/png' },
        body: PNG,
      });
      expect([up.status, code(up)]).toEqual([502, 'PLATFORM_UNAVAILABLE']);
      const st = await p.call('/v1/stock-requests', post(stockBody('down@example.com'), await p.visitor()));
      expect(st.status).toBe(502);
    } finally {
      await p.close();
    }
  });

  it('a wrong client secret: 502 for callers, a log line without the secret', async () => {
    const logs: string[] = [];
    const wrong = 'wrong-secret-0123456789abcdef';
    const emu = h.emu;
    const c = createCompanion(
      { INLAY_CLIENT_ID: 'demo-client', INLAY_CLIENT_SECRET: wrong, INLAY_API_BASE: emu.url },
      { log: (l) => logs.push(l) },
    );
    const v = await h.visitor();
    const r = await c.fetch(new Request('http://c.test/v1/me', { headers: { Authorization: v } }), {
      ip: '198.51.100.4',
    });
    expect(r.status).toBe(502);
    expect(await r.text()).not.toContain(wrong);
    expect(logs.join('\n')).not.toContain(wrong);
  });
});

describe('configuration', () => {
  it('missing or invalid configuration stops it at start, naming the variable and never a secret', () => {
    const secret = 'short-secret';
    const cases: Record<string, string>[] = [
      {},
      { INLAY_CLIENT_SECRET: 'a-long-enough-secret-value' },
      { INLAY_CLIENT_ID: 'c', INLAY_CLIENT_SECRET: secret },
      { INLAY_API_KEY: 'a-long-enough-api-key-value' },
      { INLAY_API_KEY: 'k'.repeat(20), INLAY_SITE_ID: 's', INLAY_API_BASE: 'ftp://x' },
      { INLAY_API_KEY: 'k'.repeat(20), INLAY_SITE_ID: 's', INLAY_ALLOWED_ORIGINS: 'https://a.test/' },
      { INLAY_API_KEY: 'k'.repeat(20), INLAY_SITE_ID: 's', INLAY_OWNERS: 'not valid!' },
    ];
    for (const env of cases) {
      let err: unknown;
      try {
        readConfig(env);
      } catch (e) {
        err = e;
      }
      expect(err, JSON.stringify(Object.keys(env))).toBeInstanceOf(CompanionConfigError);
      const message = (err as Error).message;
      expect(message).toMatch(/INLAY_/);
      for (const v of Object.values(env)) if (v.length > 3) expect(message).not.toContain(v);
    }
    expect(() => createCompanion({})).toThrow(CompanionConfigError);
  });
});

describe('secrets never leave', () => {
  for (const mode of ['client-credentials', 'api-key'] as const) {
    it(`${mode}: no answer, header or log line (console included) holds the secret or the admin token`, async () => {
      const printed: string[] = [];
      const spies = (['log', 'error', 'warn', 'info', 'debug'] as const).map((m) =>
        vi.spyOn(console, m).mockImplementation((...args: unknown[]) => {
          printed.push(args.map(String).join(' '));
        }),
      );
      const s = await harness({ apiKey: mode === 'api-key', deps: { log: (l) => console.log(l) } });
      try {
        const v = await s.visitor();
        const owner = await s.owner();
        await s.call('/v1/me', { token: v });
        await s.call('/v1/me', { token: owner });
        const photo = await s.call('/v1/media', {
          method: 'POST',
          token: v,
          headers: { 'Content-Type': 'image/png' },
          body: PNG,
        });
        expect(photo.status).toBe(200);
        const rv = await s.call(
          '/v1/reviews',
          post(
            review('scan@example.com', await s.captcha(), {
              content: { rating: 3, media: [{ image: { id: photo.body_.image.id, url: photo.body_.image.url } }] },
            }),
            v,
          ),
        );
        expect(rv.status).toBe(200);
        const id = rv.body_.review.id;
        await s.call('/v1/reviews', post(review('scan@example.com', await s.captcha()), v)); // 409
        await s.call('/v1/reviews', post(review('scan@example.com', 'bad'), v)); // 400
        await s.call('/v1/reviews/pending', post({ namespace: 'stores' }, owner));
        await s.call(`/v1/reviews/${id}/reply`, post({ message: 'Thanks' }, owner, 'PUT'));
        await s.call(`/v1/reviews/${id}/reply`, { method: 'DELETE', token: owner });
        await s.call(`/v1/reviews/${id}/moderate`, post({ status: 'APPROVED' }, owner));
        await s.call(
          '/v1/reviews/bulk-moderate',
          post({ namespace: 'stores', entityId: MUG, status: 'APPROVED' }, owner),
        );
        await s.call(`/v1/reviews/${id}`, { method: 'DELETE', token: owner });
        const st = await s.call('/v1/stock-requests', post(stockBody('scan@example.com'), v));
        await s.call(`/v1/stock-requests/${encodeURIComponent(st.body_.handle)}`, { token: v });
        await s.call(`/v1/stock-requests/${encodeURIComponent(st.body_.handle)}`, { method: 'DELETE', token: v });
        const m = await s.member();
        const orderId = await placeOrderAs(s.emu, m, [
          { productId: seedIds.products['beeswax-taper-candles']!, quantity: 1 },
        ]);
        const mine = await s.call('/v1/my/orders', post({ limit: 1 }, m));
        expect(mine.status).toBe(200);
        await s.call(`/v1/my/orders/${orderId}`, { token: m });
        await s.call(`/v1/my/orders/${orderId}/cancel`, post({ reason: 'scan' }, m));
        await s.call(`/v1/my/orders/${orderId}/cancel`, post({}, owner)); // 404
        await s.call('/v1/my/orders', post({ cursor: 'forged.cursor' }, m)); // 400
        await s.call('/v1/me', { token: 'forged' });
        await s.call('/v1/nothing', { token: v });
        await s.call('/v1/me', { token: v, headers: { Origin: 'http://evil.test' } });

        const secrets = [mode === 'api-key' ? API_KEY : s.emu.clientSecret, ...s.seen.adminTokens];
        if (mode === 'client-credentials') expect(s.seen.adminTokens.length).toBeGreaterThan(0);
        const everything = [...s.seen.answers, ...s.seen.logs, ...printed].join('\n');
        expect(printed.some((l) => l.includes('[companion]'))).toBe(true);
        for (const secret of secrets) expect(everything).not.toContain(secret);
      } finally {
        for (const spy of spies) spy.mockRestore();
        await s.close();
      }
    }, 60_000);
  }
});
