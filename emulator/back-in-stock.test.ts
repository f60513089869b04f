import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STORES_APP_ID } from './domain/catalog.ts';
import { seedIds, seedVariantId } from './seed.ts';
import { BASE } from './routes/back-in-stock.ts';
import { seedDemoStockRequests } from './domain/back-in-stock.ts';
import { adminToken, api, memberTokens, startTestEmulator, visitorTokens } from '../tests/helpers/emulator.ts';
import type { RunningEmulator } from './server.ts';

let emu: RunningEmulator;
let visitor: string;
let owner: string;
let admin: string;

const rucksack = seedIds.products['waxed-canvas-rucksack']!;
const mug = seedIds.products['enamel-camp-mug']!;
const navy = seedVariantId('enamel-camp-mug', { Color: 'Navy' });

const body = (email: string, catalogItemId = rucksack, options?: Record<string, unknown>) => ({
  request: {
    catalogReference: { appId: STORES_APP_ID, catalogItemId, ...(options ? { options } : {}) },
    email,
    itemUrl: 'http://127.0.0.1:5173/products/waxed-canvas-rucksack',
  },
  itemDetails: {
    name: 'Waxed Canvas Rucksack',
    price: '148.00',
    image: { id: 'img', url: 'http://127.0.0.1:8787/media/x.svg', width: 800, height: 800 },
  },
});

const inventoryId = (productId: string) =>
  emu.db.prepare<[string], { id: string }>('SELECT inventory_item_id AS id FROM products WHERE id = ?').get(productId)!
    .id;

beforeAll(async () => {
  emu = await startTestEmulator();
  owner = (await memberTokens(emu, 'owner')).access;
  admin = await adminToken(emu);
});
afterAll(() => emu.close());
beforeEach(async () => {
  emu.db.exec('DELETE FROM back_in_stock_requests; DELETE FROM back_in_stock_throttle; DELETE FROM mail_messages');
  visitor = (await visitorTokens(emu)).access;
});

describe('create', () => {
  it('creates a RECEIVED request with the wire shape (itemUrl on the request)', async () => {
    const r = await api(emu, BASE, { token: visitor, body: body('Ada@Example.com') });
    expect(r.status).toBe(200);
    expect(r.json.request).toMatchObject({
      catalogReference: { appId: STORES_APP_ID, catalogItemId: rucksack },
      email: 'ada@example.com',
      status: 'RECEIVED',
      itemUrl: 'http://127.0.0.1:5173/products/waxed-canvas-rucksack',
    });
    expect(r.json.request.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.json.request.contactId).toBeTruthy();
  });

  it('returns the existing request for the same item and email', async () => {
    const a = await api(emu, BASE, { token: visitor, body: body('ada@example.com') });
    const b = await api(emu, BASE, { token: visitor, body: body('ADA@example.com') });
    expect(b.status).toBe(200);
    expect(b.json.request.id).toBe(a.json.request.id);
  });

  it('answers bad input in the platform format', async () => {
    const bad = await api(emu, BASE, { token: visitor, body: body('not-an-email') });
    expect(bad.status).toBe(400);
    expect(bad.json.details.validationError.fieldViolations).toEqual([
      expect.objectContaining({ field: 'request.email', description: expect.stringMatching(/email/) }),
    ]);
    const noPrice = await api(emu, BASE, {
      token: visitor,
      body: { ...body('a@b.co'), itemDetails: { name: 'x', price: 'cheap' } },
    });
    expect(noPrice.status).toBe(400);
    expect(noPrice.json.details.validationError.fieldViolations[0].field).toBe('itemDetails.price');
    const js = await api(emu, BASE, {
      token: visitor,
      body: { ...body('a@b.co'), request: { ...body('a@b.co').request, itemUrl: 'javascript:alert(1)' } },
    });
    expect(js.status).toBe(400);
    const unknown = await api(emu, BASE, {
      token: visitor,
      body: body('a@b.co', '99999999-9999-4999-8999-999999999999'),
    });
    expect(unknown.status).toBe(404);
    const wrongApp = await api(emu, BASE, {
      token: visitor,
      body: {
        ...body('a@b.co'),
        request: { ...body('a@b.co').request, catalogReference: { appId: 'other', catalogItemId: rucksack } },
      },
    });
    expect(wrongApp.status).toBe(400);
    expect(wrongApp.json.details.applicationError.code).toBe('ITEM_APP_ID_NOT_SUPPORTED');
    const badVariant = await api(emu, BASE, { token: visitor, body: body('a@b.co', mug, { variantId: 'nope' }) });
    expect(badVariant.status).toBe(400);
    const anonymous = await api(emu, BASE, { body: body('a@b.co') });
    expect(anonymous.status).toBe(401);
  });

  it('throttles per email', async () => {
    const statuses: number[] = [];
    for (const id of [
      rucksack,
      mug,
      seedIds.products['linen-apron']!,
      seedIds.products['ceramic-planter']!,
      seedIds.products['waxed-canvas-tote']!,
      seedIds.products['camp-lantern']!,
    ]) {
      const options =
        id === rucksack || id === seedIds.products['camp-lantern']
          ? undefined
          : {
              variantId: emu.db
                .prepare<[string], { id: string }>('SELECT id FROM product_variants WHERE product_id = ? LIMIT 1')
                .get(id)!.id,
            };
      statuses.push((await api(emu, BASE, { token: visitor, body: body('busy@example.com', id, options) })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('428 REQUEST_COLLECTION_DISABLED while the store is not collecting, until it starts again', async () => {
    const stores = { appId: STORES_APP_ID };
    expect((await api(emu, `${BASE}/settings/stop-collecting`, { token: visitor, body: stores })).status).toBe(403);
    expect((await api(emu, `${BASE}/settings/stop-collecting`, { token: admin, body: stores })).json.settings).toEqual({
      collectionStates: [{ appId: STORES_APP_ID, collectingRequests: false }],
    });
    const r = await api(emu, BASE, { token: visitor, body: body('ada@example.com') });
    expect(r.status).toBe(428);
    expect(r.json.details.applicationError.code).toBe('REQUEST_COLLECTION_DISABLED');
    expect(emu.db.prepare('SELECT count(*) AS n FROM back_in_stock_requests').get()).toEqual({ n: 0 });
    // the same refusal for a member
    const member = (await memberTokens(emu, 'member')).access;
    expect((await api(emu, BASE, { token: member, body: body('ada@example.com') })).status).toBe(428);
    expect((await api(emu, `${BASE}/settings`, { method: 'PUT', token: admin, body: {} })).json.settings).toEqual({
      collectionStates: [{ appId: STORES_APP_ID, collectingRequests: false }],
    });
    await api(emu, `${BASE}/settings/start-collecting`, { token: admin, body: stores });
    expect((await api(emu, BASE, { token: visitor, body: body('ada@example.com') })).status).toBe(200);
  });
});

describe('settings (the generated client’s BackInStockSettings: one collection state per app)', () => {
  const settings = async () => (await api(emu, `${BASE}/settings`, { method: 'PUT', token: admin, body: {} })).json;

  it('round-trips stop and start: each answer and the next read say the same', async () => {
    expect(await settings()).toEqual({
      settings: { collectionStates: [{ appId: STORES_APP_ID, collectingRequests: true }] },
    });
    const stopped = await api(emu, `${BASE}/settings/stop-collecting`, {
      token: admin,
      body: { appId: STORES_APP_ID },
    });
    expect(stopped.json).toEqual(await settings());
    expect((await settings()).settings.collectionStates[0].collectingRequests).toBe(false);
    // stopping twice is still stopped
    await api(emu, `${BASE}/settings/stop-collecting`, { token: admin, body: { appId: STORES_APP_ID } });
    expect((await settings()).settings.collectionStates[0].collectingRequests).toBe(false);
    const started = await api(emu, `${BASE}/settings/start-collecting`, {
      token: admin,
      body: { appId: STORES_APP_ID },
    });
    expect(started.json).toEqual(await settings());
    expect((await settings()).settings.collectionStates[0].collectingRequests).toBe(true);
  });

  it('refuses a missing or malformed appId (400) and an app other than Wix Stores (NOT_SUPPORTED_APP_DEF_ID)', async () => {
    for (const path of ['start-collecting', 'stop-collecting']) {
      for (const b of [{}, { appId: '' }, { appId: 'stores' }, { appId: 7 }]) {
        const r = await api(emu, `${BASE}/settings/${path}`, { token: admin, body: b });
        expect([r.status, r.json.details.validationError.fieldViolations[0].field], JSON.stringify(b)).toEqual([
          400,
          'appId',
        ]);
      }
      const other = await api(emu, `${BASE}/settings/${path}`, {
        token: admin,
        body: { appId: '13d21c63-b5ec-5912-8397-c3a5ddb27a97' },
      });
      expect([other.status, other.json.details.applicationError.code]).toEqual([400, 'NOT_SUPPORTED_APP_DEF_ID']);
    }
    expect((await settings()).settings.collectionStates[0].collectingRequests).toBe(true);
    expect((await api(emu, `${BASE}/settings`, { method: 'PUT', token: admin, body: { x: 1 } })).status).toBe(400);
  });

  it('reading the settings takes an admin identity (ECOM.READ_BACK_IN_STOCK_NOTIFICATION_SETTINGS, APP)', async () => {
    expect((await api(emu, `${BASE}/settings`, { method: 'PUT', token: visitor, body: {} })).status).toBe(403);
    expect((await api(emu, `${BASE}/settings`, { method: 'PUT', token: owner, body: {} })).status).toBe(403);
  });
});

describe('who may call what (docs/spec/wire-protocol.md §11.5: everything but create is admin only)', () => {
  /** Every call but create, each with what it needs (the id of a waiting request, made by `visitor`). */
  const adminCalls = (id: string) => {
    const ref = { appId: STORES_APP_ID, catalogItemId: rucksack };
    const dotR = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    return [
      ['get one', `${BASE}/${id}`, {}],
      ['delete one', `${BASE}/${id}`, { method: 'DELETE' }],
      ['query, GET ?.r= (as the SDK)', `${BASE}?.r=${dotR({ query: { filter: { status: 'RECEIVED' } } })}`, {}],
      ['query, GET with dotted keys', `${BASE}?query.cursorPaging.limit=5`, {}],
      ['query, POST fallback', `${BASE}/query`, { body: { query: {} } }],
      ['count', `${BASE}/count-by-catalog-reference?.r=${dotR({ catalogReferences: [ref] })}`, {}],
      [
        'report back in stock',
        `${BASE}/report-items-back-in-stock`,
        { body: { catalogReference: ref, itemDetails: { name: 'x', price: '1.00' } } },
      ],
      ['mark as sent', `${BASE}/${id}/mark-as-notification-sent`, { method: 'PUT', body: {} }],
      ['stop collecting', `${BASE}/settings/stop-collecting`, { body: { appId: STORES_APP_ID } }],
      ['start collecting', `${BASE}/settings/start-collecting`, { body: { appId: STORES_APP_ID } }],
      ['read the settings', `${BASE}/settings`, { method: 'PUT', body: {} }],
    ] as const;
  };
  const made = async (email = 'ada@example.com') =>
    (await api(emu, BASE, { token: visitor, body: body(email) })).json.request.id as string;

  it('visitor and member tokens are refused (403 PERMISSION_DENIED, the platform’s body), the member’s role gives nothing', async () => {
    const id = await made();
    const member = (await memberTokens(emu, 'member')).access;
    const contributor = (await memberTokens(emu, 'member')).access;
    const memberId = seedIds.members.member;
    emu.db.prepare("UPDATE members SET role = 'CONTRIBUTOR' WHERE id = ?").run(memberId);
    try {
      const tokens = { 'the visitor who made it': visitor, 'another visitor': (await visitorTokens(emu)).access };
      for (const [who, token] of Object.entries({
        ...tokens,
        'a member (CONTRIBUTOR)': contributor,
        'the owner member (OWNER)': owner,
      })) {
        for (const [what, path, init] of adminCalls(id)) {
          const r = await api(emu, path, { ...init, token });
          expect([r.status, r.json?.details?.applicationError?.code], `${who}: ${what}`).toEqual([
            403,
            'PERMISSION_DENIED',
          ]);
          expect(r.json.message, `${who}: ${what}`).toMatch(/admin identity/);
          expect(r.headers.get('x-wix-request-id'), `${who}: ${what}`).toMatch(/^[0-9a-f-]{36}$/);
        }
      }
      // a plain member too (the role read afresh on each call)
      emu.db.prepare("UPDATE members SET role = 'MEMBER' WHERE id = ?").run(memberId);
      for (const [what, path, init] of adminCalls(id)) {
        expect((await api(emu, path, { ...init, token: member })).status, `member: ${what}`).toBe(403);
      }
      for (const [what, path, init] of adminCalls(id)) {
        expect((await api(emu, path, init)).status, `no token: ${what}`).toBe(401);
      }
    } finally {
      emu.db.prepare("UPDATE members SET role = 'MEMBER' WHERE id = ?").run(memberId);
    }
    // nothing was changed by the refused calls: still waiting, still collecting
    const row = emu.db
      .prepare<[string], { status: string }>('SELECT status FROM back_in_stock_requests WHERE id = ?')
      .get(id);
    expect(row?.status).toBe('RECEIVED');
    expect((await api(emu, `${BASE}/settings`, { method: 'PUT', token: admin, body: {} })).json.settings).toEqual({
      collectionStates: [{ appId: STORES_APP_ID, collectingRequests: true }],
    });
  });

  it('an admin identity reads, queries and deletes any request', async () => {
    const id = await made();
    const got = await api(emu, `${BASE}/${id}`, { token: admin });
    expect(got.status).toBe(200);
    expect(got.json.request).toMatchObject({ id, email: 'ada@example.com', status: 'RECEIVED' });
    const r = Buffer.from(JSON.stringify({ query: { filter: { email: 'ada@example.com' } } })).toString('base64url');
    expect(
      (await api(emu, `${BASE}?.r=${r}`, { token: admin })).json.requests.map((x: { id: string }) => x.id),
    ).toEqual([id]);
    expect((await api(emu, `${BASE}/${id}`, { method: 'DELETE', token: admin })).status).toBe(200);
    expect((await api(emu, `${BASE}/${id}`, { token: admin })).status).toBe(404);
    expect((await api(emu, `${BASE}/${id}`, { method: 'DELETE', token: admin })).status).toBe(404);
  });

  it('forged ids: refused for a visitor whether the id exists or not (no oracle); an admin gets 404 REQUEST_NOT_FOUND', async () => {
    const real = await made();
    const forged = [
      '99999999-9999-4999-8999-999999999999',
      real.toUpperCase(),
      `${real}x`,
      '__proto__',
      'constructor',
      encodeURIComponent("' OR 1=1 --"),
      'x'.repeat(2_000),
    ];
    for (const id of [real, ...forged]) {
      for (const method of ['GET', 'DELETE']) {
        const r = await api(emu, `${BASE}/${id}`, { method, token: visitor });
        expect(r.status, `${method} ${id.slice(0, 40)}`).toBe(403);
      }
    }
    for (const id of forged) {
      for (const method of ['GET', 'DELETE']) {
        const r = await api(emu, `${BASE}/${id}`, { method, token: admin });
        expect([r.status, r.json.details.applicationError.code], `${method} ${id.slice(0, 40)}`).toEqual([
          404,
          'REQUEST_NOT_FOUND',
        ]);
      }
    }
    const mark = await api(emu, `${BASE}/${forged[0]}/mark-as-notification-sent`, {
      method: 'PUT',
      token: admin,
      body: {},
    });
    expect(mark.status).toBe(404);
    // the real one is untouched by all of it
    expect((await api(emu, `${BASE}/${real}`, { token: admin })).json.request.status).toBe('RECEIVED');
  });

  it('a replayed create (same item and email, any caller) answers the same request and makes no second one', async () => {
    const first = await api(emu, BASE, { token: visitor, body: body('ada@example.com') });
    const replayed = await api(emu, BASE, { token: visitor, body: body('ada@example.com') });
    const otherVisitor = await api(emu, BASE, {
      token: (await visitorTokens(emu)).access,
      body: body('ADA@example.com'),
    });
    const member = await api(emu, BASE, { token: (await memberTokens(emu)).access, body: body('ada@example.com') });
    for (const r of [replayed, otherVisitor, member]) {
      expect(r.status).toBe(200);
      expect(r.json.request).toEqual(first.json.request);
    }
    const count = emu.db
      .prepare<[], { n: number }>("SELECT count(*) AS n FROM back_in_stock_requests WHERE email = 'ada@example.com'")
      .get()!.n;
    expect(count).toBe(1);
    // replays cost nothing against the throttle (5 new requests per email an hour): four more items go through, the
    // fifth is refused
    const statuses: number[] = [];
    for (const slug of ['enamel-camp-mug', 'camp-lantern', 'linen-apron', 'ceramic-planter', 'waxed-canvas-tote']) {
      const id = seedIds.products[slug]!;
      const variant = emu.db
        .prepare<[string], { id: string }>('SELECT id FROM product_variants WHERE product_id = ? LIMIT 1')
        .get(id)!.id;
      const options = slug === 'camp-lantern' ? undefined : { variantId: variant };
      statuses.push((await api(emu, BASE, { token: visitor, body: body('ada@example.com', id, options) })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});

describe('admin calls', () => {
  it('queries with filter and cursor paging (POST /query and the GET form)', async () => {
    for (const e of ['a@x.co', 'b@x.co', 'c@x.co']) await api(emu, BASE, { token: visitor, body: body(e) });
    const first = await api(emu, `${BASE}/query`, { token: admin, body: { query: { cursorPaging: { limit: 2 } } } });
    expect(first.json.requests).toHaveLength(2);
    const next = first.json.metadata.cursors.next;
    const second = await api(emu, `${BASE}/query`, {
      token: admin,
      body: { query: { cursorPaging: { limit: 2, cursor: next } } },
    });
    expect(second.json.requests).toHaveLength(1);
    expect(second.json.metadata.cursors.next).toBeNull();
    const filtered = await api(emu, `${BASE}?query.filter=${encodeURIComponent(JSON.stringify({ email: 'b@x.co' }))}`, {
      token: admin,
    });
    expect(filtered.json.requests.map((r: { email: string }) => r.email)).toEqual(['b@x.co']);
    const r = Buffer.from(
      JSON.stringify({ query: { filter: { status: 'RECEIVED' }, cursorPaging: { limit: 1 } } }),
    ).toString('base64url');
    expect((await api(emu, `${BASE}?.r=${r}`, { token: admin })).json.requests).toHaveLength(1);
    expect(
      (await api(emu, `${BASE}/query`, { token: admin, body: { query: { cursorPaging: { cursor: 'garbage!' } } } }))
        .status,
    ).toBe(400);
  });

  it('counts open requests per catalog reference', async () => {
    await api(emu, BASE, { token: visitor, body: body('a@x.co') });
    await api(emu, BASE, { token: visitor, body: body('b@x.co') });
    const ref = encodeURIComponent(JSON.stringify({ appId: STORES_APP_ID, catalogItemId: rucksack }));
    const r = await api(emu, `${BASE}/count-by-catalog-reference?catalogReferences=${ref}`, { token: admin });
    expect(r.json.countsPerCatalogReference).toEqual([
      { catalogReference: { appId: STORES_APP_ID, catalogItemId: rucksack }, count: 2 },
    ]);
    // the SDK's form for arrays of objects in a GET: `.r` = base64url(JSON)
    const dotR = Buffer.from(
      JSON.stringify({ catalogReferences: [{ appId: STORES_APP_ID, catalogItemId: rucksack }] }),
    ).toString('base64url');
    expect(
      (await api(emu, `${BASE}/count-by-catalog-reference?.r=${dotR}`, { token: admin })).json
        .countsPerCatalogReference[0].count,
    ).toBe(2);
  });
});

describe('back in stock', () => {
  it('a restock through the inventory API notifies waiting requests: NOTIFICATION_SENT and a mail with the item link', async () => {
    const id = (await api(emu, BASE, { token: visitor, body: body('ada@example.com', mug, { variantId: navy }) })).json
      .request.id;
    const forest = (
      await api(emu, BASE, {
        token: visitor,
        body: body('bo@example.com', mug, { variantId: seedVariantId('enamel-camp-mug', { Color: 'Forest' }) }),
      })
    ).json.request.id;
    expect(
      (
        await api(emu, `/stores/v2/inventoryItems/${inventoryId(mug)}`, {
          method: 'PATCH',
          token: visitor,
          body: { inventoryItem: { variants: [{ variantId: navy, quantity: 5 }] } },
        })
      ).status,
    ).toBe(403);
    // a member with the OWNER role manages no stock: only the site's backend (an admin identity) does
    expect(
      (
        await api(emu, `/stores/v2/inventoryItems/${inventoryId(mug)}`, {
          method: 'PATCH',
          token: owner,
          body: { inventoryItem: { variants: [{ variantId: navy, quantity: 5 }] } },
        })
      ).status,
    ).toBe(403);
    const patch = await api(emu, `/stores/v2/inventoryItems/${inventoryId(mug)}`, {
      method: 'PATCH',
      token: admin,
      body: { inventoryItem: { variants: [{ variantId: navy, quantity: 5 }] } },
    });
    expect(patch.status).toBe(200);
    const r = (await api(emu, `${BASE}/${id}`, { token: admin })).json.request;
    expect(r).toMatchObject({ status: 'NOTIFICATION_SENT', autoNotified: true });
    expect((await api(emu, `${BASE}/${forest}`, { token: admin })).json.request.status).toBe('RECEIVED');
    const mail = (await api(emu, '/_dev/mailbox?to=ada@example.com')).json.messages;
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      subject: 'Waxed Canvas Rucksack is back in stock',
      link: 'http://127.0.0.1:5173/products/waxed-canvas-rucksack',
    });
    // the product now shows the variant in stock
    const product = (await api(emu, `/stores-reader/v1/products/${mug}`, { token: visitor })).json.product;
    expect(product.variants.find((v: { id: string }) => v.id === navy).stock.inStock).toBe(true);
  });

  const details = { name: 'Waxed Canvas Rucksack (restocked)', price: '150.00' };
  const report = (b: Record<string, unknown>, token = admin) =>
    api(emu, `${BASE}/report-items-back-in-stock`, { token, body: { itemDetails: details, ...b } });

  it('report-items-back-in-stock (admin) sends notices with itemDetails and marks them; an undeliverable address ends FAILED', async () => {
    const ok = (await api(emu, BASE, { token: visitor, body: body('ada@example.com') })).json.request.id;
    const bounce = (await api(emu, BASE, { token: visitor, body: body('someone@bounce.example') })).json.request.id;
    const ref = { catalogReference: { appId: STORES_APP_ID, catalogItemId: rucksack } };
    expect((await report(ref, visitor)).status).toBe(403);
    const r = await report(ref);
    expect([r.status, r.json]).toEqual([200, {}]);
    const sent = (await api(emu, `${BASE}/${ok}`, { token: admin })).json.request;
    // sent through the site: autoNotified true (the generated client's documentation)
    expect(sent).toMatchObject({ status: 'NOTIFICATION_SENT', autoNotified: true });
    const failed = (await api(emu, `${BASE}/${bounce}`, { token: admin })).json.request;
    expect(failed.status).toBe('FAILED');
    expect(failed.failureReason).toMatch(/could not be delivered/);
    expect((await api(emu, '/_dev/mailbox?to=someone@bounce.example')).json.messages).toEqual([]);
    const mail = (await api(emu, '/_dev/mailbox?to=ada@example.com')).json.messages;
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe('Waxed Canvas Rucksack (restocked) is back in stock');
    expect(mail[0].text).toContain('(150.00)');
    // the same report again emails nobody twice
    expect((await report(ref)).status).toBe(200);
    expect((await api(emu, '/_dev/mailbox?to=ada@example.com')).json.messages).toHaveLength(1);
    // a new request after the notice is a new one
    const again = await api(emu, BASE, { token: visitor, body: body('ada@example.com') });
    expect(again.json.request.id).not.toBe(ok);
  });

  it('report by requestIds: only those named, each once; a forged id sends nothing (404)', async () => {
    const a = (await api(emu, BASE, { token: visitor, body: body('ada@example.com') })).json.request.id;
    const b = (await api(emu, BASE, { token: visitor, body: body('bo@example.com') })).json.request.id;
    const forged = await report({ requestIds: [a, '99999999-9999-4999-8999-999999999999'] });
    expect([forged.status, forged.json.details.applicationError.code]).toEqual([
      404,
      'BACK_IN_STOCK_NOTIFICATION_REQUEST_NOT_FOUND',
    ]);
    expect((await api(emu, `${BASE}/${a}`, { token: admin })).json.request.status).toBe('RECEIVED');
    expect((await report({ requestIds: [a] })).status).toBe(200);
    expect((await api(emu, `${BASE}/${a}`, { token: admin })).json.request.status).toBe('NOTIFICATION_SENT');
    expect((await api(emu, `${BASE}/${b}`, { token: admin })).json.request.status).toBe('RECEIVED');
    expect((await report({ requestIds: [a] })).status).toBe(200);
    expect((await api(emu, '/_dev/mailbox?to=ada@example.com')).json.messages).toHaveLength(1);
    expect((await api(emu, '/_dev/mailbox?to=bo@example.com')).json.messages).toEqual([]);
  });

  it('report refuses both catalogReference and requestIds, neither, no itemDetails, a non-http image (nothing sent)', async () => {
    const a = (await api(emu, BASE, { token: visitor, body: body('ada@example.com') })).json.request.id;
    const ref = { appId: STORES_APP_ID, catalogItemId: rucksack };
    const both = await report({ catalogReference: ref, requestIds: [a] });
    expect([both.status, both.json.details.applicationError.code]).toEqual([
      400,
      'REQUEST_CONTAINS_BOTH_CATALOG_REFERENCE_AND_REQUEST_IDS',
    ]);
    expect((await report({})).status).toBe(400);
    const noDetails = await api(emu, `${BASE}/report-items-back-in-stock`, {
      token: admin,
      body: { catalogReference: ref },
    });
    expect([noDetails.status, noDetails.json.details.validationError.fieldViolations[0].field]).toEqual([
      400,
      'itemDetails',
    ]);
    const image = await api(emu, `${BASE}/report-items-back-in-stock`, {
      token: admin,
      body: { catalogReference: ref, itemDetails: { ...details, image: { url: 'javascript:alert(1)' } } },
    });
    expect([image.status, image.json.details.applicationError.code]).toEqual([400, 'INVALID_ITEM_IMAGE_URL']);
    expect((await api(emu, `${BASE}/${a}`, { token: admin })).json.request.status).toBe('RECEIVED');
    expect((await api(emu, '/_dev/mailbox?to=ada@example.com')).json.messages).toEqual([]);
  });

  it('mark-as-notification-sent (admin): NOTIFICATION_SENT, autoNotified false, no mail; a forged id 404', async () => {
    const id = (await api(emu, BASE, { token: visitor, body: body('ada@example.com') })).json.request.id;
    expect(
      (await api(emu, `${BASE}/${id}/mark-as-notification-sent`, { method: 'PUT', token: visitor, body: {} })).status,
    ).toBe(403);
    const r = await api(emu, `${BASE}/${id}/mark-as-notification-sent`, { method: 'PUT', token: admin, body: {} });
    expect(r.json.request).toMatchObject({ status: 'NOTIFICATION_SENT', autoNotified: false });
    expect((await api(emu, '/_dev/mailbox?to=ada@example.com')).json.messages).toEqual([]);
    const forged = await api(emu, `${BASE}/99999999-9999-4999-8999-999999999999/mark-as-notification-sent`, {
      method: 'PUT',
      token: admin,
      body: {},
    });
    expect([forged.status, forged.json.details.applicationError.code]).toEqual([
      404,
      'BACK_IN_STOCK_NOTIFICATION_REQUEST_NOT_FOUND',
    ]);
  });
});

describe('GET parameter parsing (issue 17)', () => {
  const protoNames = () => Object.getOwnPropertyNames(Object.prototype).sort();
  const b64 = (text: string) => Buffer.from(text).toString('base64url');
  const violation = (r: { json: any }) => r.json.details.validationError.fieldViolations[0]; // eslint-disable-line @typescript-eslint/no-explicit-any

  it('refuses prototype-named keys with 400 FIELD_NOT_ALLOWED before auth, and never pollutes Object.prototype', async () => {
    const before = protoNames();
    for (const path of [
      `${BASE}?__proto__.json=pwned`,
      `${BASE}?query.__proto__.json=pwned`,
      `${BASE}?constructor.prototype.json=pwned`,
      `${BASE}/count-by-catalog-reference?__proto__.json=pwned`,
    ]) {
      const r = await api(emu, path); // no token: the refusal comes first
      expect(r.status, path).toBe(400);
      expect(violation(r), path).toMatchObject({ violatedRule: 'FIELD_NOT_ALLOWED' });
      expect(r.headers.get('x-wix-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    const withToken = await api(emu, `${BASE}?query.filter.__proto__.json=pwned`, { token: admin });
    expect(withToken.status).toBe(400);
    expect(violation(withToken)).toMatchObject({
      field: 'query.filter.__proto__.json',
      violatedRule: 'FIELD_NOT_ALLOWED',
    });
    expect(({} as Record<string, unknown>)['json']).toBeUndefined();
    expect(protoNames()).toEqual(before);
  });

  it('refuses prototype-named keys and over-deep JSON in the `.r` form', async () => {
    const before = protoNames();
    const proto = await api(emu, `${BASE}?.r=${b64('{"query":{"filter":{"__proto__":{"json":"pwned"}}}}')}`, {
      token: admin,
    });
    expect(proto.status).toBe(400);
    expect(violation(proto)).toMatchObject({ field: '.r.query.filter.__proto__', violatedRule: 'FIELD_NOT_ALLOWED' });
    const deep = await api(
      emu,
      `${BASE}?.r=${b64(`{"query":{"filter":${'{"$not":'.repeat(40)}{"id":"x"}${'}'.repeat(40)}}}`)}`,
      { token: admin },
    );
    expect(deep.status).toBe(400);
    expect(violation(deep)).toMatchObject({ violatedRule: 'VALIDATION', data: { maxDepth: 32 } });
    const notObject = await api(emu, `${BASE}?.r=${b64('[1]')}`, { token: admin });
    expect(notObject.status).toBe(400);
    expect((await api(emu, `${BASE}?.r=${b64('{nope')}`, { token: admin })).status).toBe(400);
    const ref = encodeURIComponent('{"appId":"x","catalogItemId":"y","__proto__":{"json":"pwned"}}');
    const count = await api(emu, `${BASE}/count-by-catalog-reference?catalogReferences=${ref}`, { token: admin });
    expect(count.status).toBe(400);
    expect(violation(count)).toMatchObject({
      field: 'catalogReferences[0].__proto__',
      violatedRule: 'FIELD_NOT_ALLOWED',
    });
    expect(protoNames()).toEqual(before);
  });

  it('answers a key given both as a value and as an object with 400, in either order', async () => {
    for (const qs of ['a=1&a.b=2', 'a.b=2&a=1', 'query.cursorPaging=1&query.cursorPaging.limit=2', 'a.b.c=1&a.b=2']) {
      const r = await api(emu, `${BASE}?${qs}`, { token: admin });
      expect(r.status, qs).toBe(400);
      expect(violation(r), qs).toMatchObject({
        violatedRule: 'VALIDATION',
        description: 'is given both as a value and as an object',
      });
    }
    // repeated plain keys still make a list: not a number for limit (400); unused ones are fine
    expect(
      (await api(emu, `${BASE}?query.cursorPaging.limit=1&query.cursorPaging.limit=2`, { token: admin })).status,
    ).toBe(400);
    expect((await api(emu, `${BASE}?query.cursorPaging.limit=1&other=1&other=2`, { token: admin })).status).toBe(200);
  });

  it('refuses an operator whose argument is an object built from dotted keys (no 500)', async () => {
    const r = await api(emu, `${BASE}?query.filter.createdDate.$gt.x=1`, { token: admin });
    expect(r.status).toBe(400);
    expect(violation(r)).toMatchObject({ field: 'query.filter', violatedRule: 'VALIDATION' });
  });
});

describe('the demo’s waiting shoppers (npm start)', () => {
  it('seeds six waiting requests on three sold-out items once, with exact prices; a second run adds none', async () => {
    emu.db.exec("DELETE FROM site_settings WHERE key = 'demoStockRequestsSeeded'");
    seedDemoStockRequests(emu.db, Date.now());
    seedDemoStockRequests(emu.db, Date.now());
    const rows = emu.db
      .prepare<[], { item_name: string; item_price: string; n: number }>(
        `SELECT item_name, item_price, count(*) AS n FROM back_in_stock_requests WHERE status = 'RECEIVED'
         GROUP BY catalog_item_id, variant_id ORDER BY n DESC, item_name`,
      )
      .all();
    expect(rows).toEqual([
      { item_name: 'Waxed Canvas Rucksack', item_price: '148.00', n: 3 },
      { item_name: 'Enamel Camp Mug', item_price: expect.stringMatching(/^\d+\.\d\d$/), n: 2 },
      { item_name: 'Waxed Canvas Tote', item_price: '52.00', n: 1 },
    ]);
    // the report counts them as the platform does
    const count = Buffer.from(
      JSON.stringify({
        catalogReferences: [{ appId: STORES_APP_ID, catalogItemId: mug, options: { variantId: navy } }],
      }),
    ).toString('base64url');
    const r = await api(emu, `${BASE}/count-by-catalog-reference?.r=${count}`, { token: admin });
    expect(r.json.countsPerCatalogReference[0].count).toBe(2);
  });
});
