/**
 * The site companion's wire, checked from both ends (as tests/contract/emulator.test.ts checks the platform's): a real
 * companion (companion/app.ts behind its Node adapter, over HTTP) in front of a real emulator, and every route of its
 * table (core/api/companion-table.ts) called through the browser's own call layer (`companionHttp` and the calls of
 * core/api/*, each answer parsed with its route's schema: a field the companion drops or retypes fails the call with a
 * `parse` error). It fails as well when the routes the companion serves and the table differ, either way, and when
 * docs/companion.md's tables of routes list others than the table's.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companionTable, type TableRoute } from '../../core/api/companion-table.ts';
import {
  companionHttp,
  createStockRequestVia,
  deleteReply,
  deleteReview,
  me,
  moderate,
} from '../../core/api/companion.ts';
import {
  bulkModerate,
  createVisitorReview,
  getChallenge,
  pendingReviews,
  reply,
  stockRequestStatus,
  stopStockRequest,
  uploadMedia,
} from '../../core/api/companion.ts';
import { cancelMyOrder, myOrder, myOrders } from '../../core/api/orders.ts';
import { publicReadsRoute } from '../../core/api/public-routes.ts';
import {
  addNote,
  adminOrder,
  cancelOrder,
  deleteNote,
  editNote,
  orderSummary,
  searchOrders,
  setOrderStatus,
  declineCancelRequest,
} from '../../core/api/admin-orders.ts';
import { editOrder, markOrdersPaid, previewEdit, updateTags } from '../../core/api/order-changes.ts';
import {
  deleteFulfilment,
  editFulfilment,
  fulfil,
  fulfilmentRevision,
  markShipped,
} from '../../core/api/admin-fulfillments.ts';
import {
  capture,
  manualPayment,
  markAsPaid,
  paymentsView,
  refund,
  voidPayment,
} from '../../core/api/admin-payments.ts';
import { getAbandoned, listAbandoned, sendRecoveryEmail } from '../../core/api/admin-abandoned.ts';
import * as bis from '../../core/api/admin-back-in-stock.ts';
import * as discounts from '../../core/api/admin-discounts.ts';
import * as taxes from '../../core/api/admin-taxes.ts';
import * as shipping from '../../core/api/admin-shipping.ts';
import * as members from '../../core/api/admin-members.ts';
import { createMember } from '../../emulator/domain/identity.ts';
import {
  browseMedia,
  createMediaFolder,
  deleteMedia,
  getMediaFile,
  importMedia,
  listTrash,
  mediaDownloadUrl,
  mediaUploadUrl,
  restoreMedia,
  searchMedia,
  updateMediaFile,
  updateMediaFolder,
} from '../../core/api/admin-media.ts';
import * as tipsApi from '../../core/api/admin-tips.ts';
import type { Http } from '../../core/http.ts';
import { solveChallenge } from '../../widgets/reviews/altcha.ts';
import { createCompanion, type Companion } from '../../companion/app.ts';
import { nodeListener } from '../../companion/node.ts';
import { seedAbandonedIds } from '../../emulator/domain/abandoned.ts';
import { STORES_APP_ID } from '../../emulator/domain/catalog.ts';
import { TEST_CARDS } from '../../emulator/routes/checkout.ts';
import { DEMO_LOGINS, seedIds } from '../../emulator/seed.ts';
import type { RunningEmulator } from '../../emulator/server.ts';
import {
  api,
  DEMO_CLIENT_ID,
  memberTokens,
  placeOrderAs,
  startTestEmulator,
  visitorTokens,
} from '../helpers/emulator.ts';

const TAPERS = seedIds.products['beeswax-taper-candles']!; // stock not tracked
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let emu: RunningEmulator;
let companion: Companion;
let server: Server;
let base: string;
/** `METHOD /path status` of every answer the companion gave the browser's calls (`/v1` and the query left out). */
const answered: string[] = [];
const recording: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  answered.push(`${init?.method ?? 'GET'} ${url.pathname.replace(/^\/v1/, '')} ${res.status}`);
  return res;
};

/** The browser's companion http (core/api/companion.ts `companionHttp`) for a page whose widget holds `token`. */
const browser = (token: string): Http =>
  companionHttp(
    {
      config: { companion: base } as never,
      tokens: { getAccessToken: async () => token, role: () => 'member', forceRenew: async () => undefined } as never,
      fetch: recording,
    },
    'http://shop.test/products/mug',
  );

let visitor: Http;
let member: Http;
let owner: Http;
let memberToken: string;
const place = async (token: string, form: Record<string, string> = {}, quantity = 2) =>
  placeOrderAs(emu, token, [{ productId: TAPERS, quantity }], form);

beforeAll(async () => {
  emu = await startTestEmulator();
  companion = createCompanion(
    {
      INLAY_API_BASE: emu.url,
      INLAY_OWNERS: DEMO_LOGINS.owner.email,
      INLAY_CLIENT_ID: DEMO_CLIENT_ID,
      INLAY_CLIENT_SECRET: emu.clientSecret,
    },
    {
      captchaMaxNumber: 2000,
      log: () => undefined,
      limits: { perIp: [10_000, 60_000], perVisitor: [10_000, 60_000] },
      // the site's mail service: the emulator's mailbox
      sendMail: async (mail) => {
        const r = await api(emu, '/_dev/mailbox', { body: mail });
        if (r.status !== 200) throw new Error(r.text);
      },
    },
  );
  server = createServer(nodeListener(companion));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  memberToken = (await memberTokens(emu, 'member')).access;
  visitor = browser((await visitorTokens(emu)).access);
  member = browser(memberToken);
  owner = browser((await memberTokens(emu, 'owner')).access);
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((done) => server?.close(done));
  await emu?.close();
});

describe('every answer the browser reads parses with the table’s schemas', () => {
  it('a visitor: who am I, the challenge, a photo and a review; a back-in-stock request by handle', async () => {
    expect(await me(visitor)).toMatchObject({ kind: 'visitor', owner: false });
    const captcha = await solveChallenge(await getChallenge(visitor));
    const image = await uploadMedia(visitor, new File([PNG], 'mug.png', { type: 'image/png' }));
    const review = await createVisitorReview(visitor, {
      namespace: 'stores',
      entityId: seedIds.products['camp-lantern']!,
      name: 'Contract',
      email: `contract-${Date.now()}@example.com`,
      content: { rating: 4, title: 'Bright', body: 'Lights the tent.', media: [{ image }] },
      captcha,
    });
    expect(review.content.media?.[0]?.image?.id).toBe(image.id);

    const made = await createStockRequestVia(
      visitor,
      {
        catalogReference: { appId: STORES_APP_ID, catalogItemId: seedIds.products['waxed-canvas-rucksack']! },
        email: 'wait.contract@example.com',
      },
      { name: 'Rucksack', price: '98.00' },
    );
    expect((await stockRequestStatus(visitor, made.handle)).id).toBe(made.request.id);
    await stopStockRequest(visitor, made.handle);
  });

  it('anyone: public reads, sent as a page sends them (no token, a plain text body: no preflight)', async () => {
    const res = await recording(`${base}/v1/public/reads`, {
      method: 'POST',
      body: JSON.stringify({ reads: [{ method: 'GET', path: '/stores/v3/provision/version' }] }),
    });
    const { answers } = publicReadsRoute.schema.parse(await res.json());
    expect(answers).toEqual([{ status: 200, body: { catalogVersion: 'V1_CATALOG' } }]);
  });

  it('the owner: the pending queue, moderation, a reply, bulk moderation, a deletion', async () => {
    const entityId = seedIds.products['camp-lantern']!;
    const queue = await pendingReviews(owner, { namespace: 'stores', entityId });
    const id = queue.reviews.find((r) => r.author?.authorName === 'Contract')!.id;
    expect((await moderate(owner, id, 'APPROVED')).moderation?.moderationStatus).toBe('APPROVED');
    expect((await reply(owner, id, 'Thank you')).reply?.message).toBe('Thank you');
    expect((await deleteReply(owner, id)).reply?.message).toBeUndefined();
    expect(await bulkModerate(owner, { namespace: 'stores', entityId, status: 'REJECTED' })).toEqual(
      expect.any(Number),
    );
    await deleteReview(owner, id);
  });

  it('a member: their orders, one order, a cancel request', async () => {
    const id = await place(memberToken);
    expect((await myOrders(member, { limit: 5 })).orders.map((o) => o.id)).toContain(id);
    expect((await myOrder(member, id)).order.id).toBe(id);
    expect((await cancelMyOrder(member, id, 'Changed my mind')).outcome).toBe('REQUESTED');
    // the owner finds it and declines it (issue 38)
    expect((await searchOrders(owner, { requested: true })).orders.map((o) => o.id)).toContain(id);
    expect((await declineCancelRequest(owner, id, 'Already shipped')).order.id).toBe(id);
  });

  it('the owner’s orders: search, summary, detail, notes, status, tags, edit, cancel', async () => {
    const buyer = (await visitorTokens(emu)).access;
    const id = await place(buyer, { email: 'contract-orders@example.com' });
    const from = new Date(Date.now() - 3600_000).toISOString();
    expect((await searchOrders(owner, { status: ['APPROVED'], limit: 5 })).orders.length).toBeGreaterThan(0);
    expect(
      (await orderSummary(owner, { from, to: new Date(Date.now() + 60_000).toISOString() })).count,
    ).toBeGreaterThan(0);
    const { order } = await adminOrder(owner, id);

    const noted = await addNote(owner, id, 'Gift wrap');
    const activityId = noted.order.activities!.find((a) => a.type === 'MERCHANT_COMMENT')!.id!;
    await editNote(owner, id, activityId, 'Gift wrap, red');
    await deleteNote(owner, id, activityId);

    expect((await updateTags(owner, { orderIds: [id], assign: ['contract'] })).succeeded).toBe(1);
    const priced = await previewEdit(owner, id, {
      lines: [{ id: order.lineItems[0]!.id, before: 2, quantity: 1 }],
      reason: 'Buyer asked for one',
    });
    expect(Number(priced.preview.priceSummary.total.amount)).toBeLessThan(
      Number(priced.order.priceSummary!.total!.amount),
    );
    const edited = await editOrder(owner, id, {
      lines: [{ id: order.lineItems[0]!.id, before: 2, quantity: 1 }],
      reason: 'Buyer asked for one',
    });
    expect(edited.order.lineItems[0]!.quantity).toBe(1);

    // the emulator places every order APPROVED; the platform holds some PENDING (a payment to review): approve one
    const pending = await place(buyer);
    emu.db.prepare(`UPDATE orders SET data = json_set(data, '$.status', 'PENDING') WHERE id = ?`).run(pending);
    expect((await setOrderStatus(owner, pending, 'APPROVED')).order.status).toBe('APPROVED');

    expect((await cancelOrder(owner, id, { sendEmail: false, restock: false })).order.status).toBe('CANCELED');
  });

  it('the owner’s payments: the view, capture, void, a manual payment, mark as paid (one and many), a refund', async () => {
    const buyer = (await visitorTokens(emu)).access;
    const authorized = await place(buyer, { cardNumber: TEST_CARDS.authorize });
    let v = await paymentsView(owner, authorized);
    v = await capture(owner, authorized, v.revision, v.payments[0]!.id);
    expect(v.order.paymentStatus).toBe('PAID');
    const r = await refund(owner, authorized, v.revision, { paymentId: v.payments[0]!.id, amount: '1.00' });
    expect(r.failed).toBe(false);

    const voided = await place(buyer, { cardNumber: TEST_CARDS.authorize });
    v = await paymentsView(owner, voided);
    v = await voidPayment(owner, voided, v.revision, v.payments[0]!.id);
    v = await manualPayment(owner, voided, v.revision, '1.00', { predefined: 'CASH' });
    v = await markAsPaid(owner, voided, v.revision, { custom: 'Bank' });
    expect(v.order.paymentStatus).toBe('PAID');

    const unpaid = await place(buyer, { cardNumber: TEST_CARDS.authorize });
    expect((await markOrdersPaid(owner, [unpaid])).results).toEqual([expect.objectContaining({ orderId: unpaid })]);
  });

  it('the owner’s fulfilment: ship lines with tracking, edit it, delete it, mark orders shipped', async () => {
    const buyer = (await visitorTokens(emu)).access;
    const id = await place(buyer, {}, 2);
    const d = await adminOrder(owner, id);
    const line = d.order.lineItems[0]!.id;
    let r = await fulfil(owner, id, {
      revision: fulfilmentRevision(d.fulfillments ?? []),
      lines: [{ lineItemId: line, quantity: 1 }],
      tracking: { carrier: 'ups', number: 'C-1' },
      notify: true,
    });
    expect(r.email).toBe('SENT');
    const fid = r.fulfillments[0]!.id!;
    r = await editFulfilment(owner, id, fid, {
      revision: fulfilmentRevision(r.fulfillments),
      tracking: { number: 'C-2' },
    });
    expect(r.fulfillments[0]!.trackingInfo?.trackingNumber).toBe('C-2');
    r = await deleteFulfilment(owner, id, fid);
    expect(r.fulfillments).toEqual([]);
    expect((await markShipped(owner, { orderIds: [id], notify: false })).results).toEqual([
      expect.objectContaining({ orderId: id, ok: true }),
    ]);
  });

  it('the owner’s abandoned checkouts: the list, one, the recovery email', async () => {
    const { maya } = seedAbandonedIds;
    expect((await listAbandoned(owner, {})).abandonedCheckouts.map((a) => a.id)).toContain(maya.id);
    expect((await getAbandoned(owner, maya.id)).recoveryEmail.canSend).toBe(true);
    expect((await sendRecoveryEmail(owner, maya.id, false)).sent).toBe(true);
  });

  it('the owner’s tips and checkout settings: read and save each', async () => {
    const tips = (await tipsApi.getTipSettings(owner))!;
    const saved = await tipsApi.saveTipSettings(owner, {
      revision: tips.revision,
      tipType: 'PERCENTAGE',
      presets: tips.presets,
      allowCustomerTip: tips.allowCustomerTip,
      allowCustomAmount: tips.allowCustomAmount,
    });
    expect(saved.revision).not.toBe(tips.revision);
    const { header, checkoutPolicies, checkoutFields } = await tipsApi.getCheckoutSettings(owner);
    const next = await tipsApi.saveCheckoutSettings(owner, {
      checkoutPolicies,
      checkoutFields,
      header: { ...header, logoSize: 'MEDIUM', alignment: 'SIDE' },
    });
    expect(next.header.logoSize).toBe('MEDIUM');
  });

  it('the owner’s back in stock: settings read and changed, the waiting items, a report', async () => {
    expect(await bis.setCollecting(owner, false)).toEqual({ collecting: false });
    expect(await bis.getStockSettings(owner)).toEqual({ collecting: false });
    expect(await bis.setCollecting(owner, true)).toEqual({ collecting: true });
    const item = (await bis.listWaitingItems(owner)).items[0];
    const r = await bis.reportBackInStock(owner, { catalogItemId: item?.catalogItemId ?? TAPERS });
    expect(r.sent + r.failed).toBe(item?.waiting ?? 0);
  });

  it('the owner’s discount rules: list, create, one, update, preview, delete', async () => {
    const form = {
      name: 'Contract 5%',
      active: true,
      type: 'PERCENTAGE',
      value: '5',
      appliesTo: 'ALL',
      ids: [],
      trigger: 'NONE',
    } as const;
    const made = await discounts.createRule(owner, { ...form, ids: [] });
    expect((await discounts.listRules(owner)).rules.map((r) => r.id)).toContain(made.id);
    expect((await discounts.getRule(owner, made.id)).name).toBe('Contract 5%');
    const changed = await discounts.updateRule(owner, made.id, made.revision, { ...form, ids: [], value: '6' });
    expect(changed.value).toBe('6');
    expect((await discounts.previewRules(owner, [{ productId: TAPERS, quantity: 1 }])).lines).toHaveLength(1);
    await discounts.deleteRule(owner, made.id);
  });

  it('the owner’s taxes: the list, a region, its rate, a group, each edit and delete', async () => {
    const region = await taxes.createTaxRegion(owner, {
      country: 'US',
      subdivision: 'WA',
      taxIncludedInPrice: false,
      percent: '6.5',
    });
    expect(region.rate?.rate).toBe('0.065');
    const edited = await taxes.updateTaxRegion(owner, region.region.id, {
      revision: region.region.revision,
      country: 'US',
      subdivision: 'WA',
      taxIncludedInPrice: true,
    });
    expect(edited.region.taxIncludedInPrice).toBe(true);
    const group = (await taxes.createTaxGroup(owner, 'Contract books')).group;
    expect(
      (await taxes.updateTaxGroup(owner, group.id, { name: 'Contract maps', revision: group.revision })).group.name,
    ).toBe('Contract maps');
    const rate = (await taxes.setTaxRate(owner, { groupId: group.id, regionId: region.region.id, percent: '1' })).rate;
    const all = await taxes.listTaxes(owner);
    expect(all.rates.map((r) => r.id)).toContain(rate.id);
    expect((await taxes.deleteTaxRate(owner, rate.id)).deleted).toBe(true);
    expect((await taxes.deleteTaxGroup(owner, group.id)).deleted).toBe(true);
    expect((await taxes.deleteTaxRegion(owner, region.region.id)).deleted).toBe(true);
  });

  it('the owner’s shipping: the options and regions, create, update, delete, the label provider', async () => {
    const { options, regions } = await shipping.listShipping(owner);
    expect(options.map((o) => o.title)).toContain('Standard shipping');
    const made = await shipping.createShipping(owner, {
      title: 'Contract courier',
      regionIds: [regions[0]!.id],
      rates: [{ amount: '3.00', conditions: [] }],
    });
    const changed = await shipping.updateShipping(owner, made.id, {
      revision: made.revision,
      regionIds: [regions[1]!.id],
      rates: [{ amount: '4.00', conditions: [] }],
    });
    expect(changed.deliveryRegionIds).toEqual([regions[1]!.id]);
    expect((await shipping.deleteShipping(owner, made.id)).deleted).toBe(true);
    const label = await shipping.getLabel(owner);
    expect(
      (await shipping.updateLabel(owner, label.id, { revision: label.revision, services: ['PRIORITY_MAIL'] })).services,
    ).toEqual(['PRIORITY_MAIL']);
  });

  it('the owner’s members: list, pending, one, each action, bulk by filter, badges, custom fields', async () => {
    const signUp = (email: string) =>
      createMember(
        emu.db,
        { email, passwordHash: 'x', status: 'PENDING', nickname: email, firstName: null, lastName: null },
        emu.app.now(),
      );
    const [a, b, c] = [signUp('c.one@example.com'), signUp('c.two@example.com'), signUp('c.three@example.com')];
    expect(await members.pendingMembers(owner)).toBeGreaterThanOrEqual(3);
    expect((await members.listMembers(owner, { search: 'c.one@' })).members.map((m) => m.id)).toEqual([a]);
    expect((await members.getMemberPage(owner, a)).status).toBe('PENDING');
    for (const action of members.MEMBER_ACTIONS) expect((await members.memberAction(owner, a, action)).id).toBe(a);
    const badge = await members.createBadge(owner, { title: 'Regular', backgroundColor: '#2f5d50' });
    expect((await members.listBadges(owner)).map((x) => x.id)).toContain(badge.id);
    expect((await members.setMemberBadge(owner, b, badge.id, true)).map((x) => x.id)).toEqual([badge.id]);
    expect(await members.setMemberBadge(owner, b, badge.id, false)).toEqual([]);
    const [field] = await members.listCustomFields(owner);
    expect(field).toBeDefined();
    const set = await members.setCustomField(owner, b, field!.key, 'Ridge path');
    expect(set.find((f) => f.key === field!.key)?.value).toBe('Ridge path');
    const filter = { status: 'PENDING' as const, search: 'c.t' };
    expect((await members.bulkMembers(owner, 'approve', { filter, count: 2 })).done).toBe(2);
    expect((await members.bulkMembers(owner, 'block', { filter: { search: 'c.t' }, count: 2 })).done).toBe(2);
    expect((await members.bulkMembers(owner, 'delete', { filter: { search: 'c.th' }, count: 1 })).done).toBe(1);
    expect((await members.deleteMember(owner, b)).deleted).toBe(true);
    expect(c).toBeDefined();
  });

  it('the owner’s media library: browse, search, trash, upload URL, import, a file, its link, folders, delete, restore', async () => {
    const made = await createMediaFolder(owner, { displayName: 'Contract', parentId: 'media-root' });
    const uploadUrl = await mediaUploadUrl(owner, {
      folderId: made.id,
      fileName: 'c.png',
      mimeType: 'image/png',
      sizeInBytes: PNG.length,
    });
    const put = await fetch(uploadUrl, { method: 'PUT', body: PNG, headers: { 'Content-Type': 'image/png' } });
    const { file } = (await put.json()) as { file: { id: string } };
    expect((await browseMedia(owner, { folderId: made.id })).files.map((f) => f.id)).toEqual([file.id]);
    expect((await getMediaFile(owner, file.id)).name).toBe('c.png');
    expect((await updateMediaFile(owner, file.id, { displayName: 'Contract mug' })).name).toBe('Contract mug');
    expect((await searchMedia(owner, { query: 'Contract mug' })).files.map((f) => f.id)).toEqual([file.id]);
    expect(await mediaDownloadUrl(owner, file.id)).toMatch(/^https?:\/\//);
    expect((await updateMediaFolder(owner, made.id, { displayName: 'Contract 2' })).name).toBe('Contract 2');
    expect(await deleteMedia(owner, { fileIds: [file.id], folderIds: [], permanent: false })).toEqual({
      files: 1,
      folders: 0,
    });
    expect((await listTrash(owner, {})).files.map((f) => f.id)).toContain(file.id);
    expect((await restoreMedia(owner, { fileIds: [file.id], folderIds: [] })).files).toBe(1);
    expect((await importMedia(owner, { url: 'https://example.com/a.png', folderId: made.id })).status).toMatch(
      /PENDING|READY|FAILED/,
    );
  });
});

/** `METHOD /v1/path` with Hono's `:name`s, as `Companion.routes()` lists a route. */
const served = (r: TableRoute) => `${r.method} /v1${r.path.replace(/\{(\w+)\}/g, ':$1')}`;
const pattern = (r: TableRoute) => new RegExp(`^${r.method} ${r.path.replace(/\{\w+\}/g, '[^/]+')} (\\d+)$`);

describe('coverage', () => {
  it('the companion serves exactly the table’s routes', () => {
    const table = Object.values(companionTable).map(served).sort();
    expect(companion.routes().sort()).toEqual(table);
  });

  it('every route of the table was called through the browser’s calls and answered 200', () => {
    const missing = Object.entries(companionTable)
      .filter(([, r]) => !answered.some((a) => pattern(r).exec(a)?.[1] === '200'))
      .map(([key]) => key);
    expect(missing).toEqual([]);
    // and every call the browser made was a route of the table
    expect(answered.filter((a) => !Object.values(companionTable).some((r) => pattern(r).test(a)))).toEqual([]);
  });
});

describe('docs/companion.md', () => {
  it('its tables of routes list the table’s routes, each once (`GET`/`DELETE path` is two)', () => {
    const doc = readFileSync(new URL('../../docs/companion.md', import.meta.url), 'utf8');
    const listed = [...doc.matchAll(/^\| ((?:`[A-Z]+`\/)*`[A-Z]+ [^`|]+`) +\|/gm)].flatMap(([, cell]) => {
      const [, methods, path] = /^((?:`[A-Z]+`\/)*)`([A-Z]+ [^`]+)`$/.exec(cell!)!;
      const [last, route] = path!.split(' ') as [string, string];
      return [...[...methods!.matchAll(/`([A-Z]+)`/g)].map((m) => m[1]!), last].map((m) => `${m} /${route}`);
    });
    expect([...listed].sort()).toEqual(Object.keys(companionTable).sort());
  });
});
