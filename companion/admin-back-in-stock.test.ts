/**
 * The owner console's back in stock through the companion, against a real emulator (SQLite): only the owner reads and
 * changes the settings, lists the waiting items and reports one back in stock; stopping refuses a shopper's new
 * request; a report emails the waiting shoppers once (a repeat after a lost answer emails nobody).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STORES_APP_ID } from '../emulator/domain/catalog.ts';
import { seedVariantId } from '../emulator/seed.ts';
import { companionTable } from '../core/api/companion-table.ts';
import { adminToken, api } from '../tests/helpers/emulator.ts';
import { harness, MUG, post, RUCKSACK, type Harness } from './test-helpers.ts';

const BASE = '/v1/admin/back-in-stock';
const BIS = '/back-in-stock-service/v1/back-in-stock-notification-requests';
const NAVY = seedVariantId('enamel-camp-mug', { Color: 'Navy' });

let h: Harness;
let owner: string;

const code = (r: { body_: any }) => r.body_?.details?.applicationError?.code; // eslint-disable-line @typescript-eslint/no-explicit-any
const mailbox = async (to: string) => (await api(h.emu, `/_dev/mailbox?to=${encodeURIComponent(to)}`)).json.messages;

/** A shopper's request, made as the widget makes it. */
async function ask(email: string, catalogItemId = RUCKSACK, variantId?: string) {
  const token = await h.visitor();
  const r = await api(h.emu, BIS, {
    token,
    body: {
      request: {
        catalogReference: { appId: STORES_APP_ID, catalogItemId, ...(variantId ? { options: { variantId } } : {}) },
        email,
      },
      itemDetails: { name: 'Item', price: '1.00' },
    },
  });
  return r;
}

beforeAll(async () => {
  h = await harness();
  owner = await h.owner();
});
afterAll(() => h.close());
beforeEach(() => {
  h.emu.db.exec('DELETE FROM back_in_stock_requests; DELETE FROM back_in_stock_throttle; DELETE FROM mail_messages');
});

describe('who', () => {
  it('a visitor and a member get 403 NOT_OWNER on every route, before the body is read; no token 401', async () => {
    const [visitor, member] = [await h.visitor(), await h.member()];
    // every route of the wire table under admin/back-in-stock
    const routes = Object.values(companionTable).filter((r) => r.path.startsWith('/admin/back-in-stock'));
    expect(routes.length).toBe(4);
    for (const r of routes) {
      const init = (token?: string) => (r.method === 'GET' ? { token } : post({ __proto__: 1 }, token, r.method));
      for (const token of [visitor, member]) {
        const res = await h.call(`/v1${r.path}`, init(token));
        expect([r.method, r.path, res.status, code(res)]).toEqual([r.method, r.path, 403, 'NOT_OWNER']);
      }
      expect((await h.call(`/v1${r.path}`, init())).status, r.path).toBe(401);
    }
    for (const token of [visitor, member]) {
      const calls = [
        h.call(`${BASE}/settings`, { token }),
        h.call(`${BASE}/settings`, post({ collecting: false }, token, 'PUT')),
        h.call(`${BASE}/settings`, { method: 'PUT', body: 'x', headers: { 'Content-Type': 'text/plain' }, token }),
        h.call(`${BASE}/items`, { token }),
        h.call(`${BASE}/report`, post({ catalogItemId: RUCKSACK }, token)),
        h.call(`${BASE}/report`, post({ __proto__: 1 }, token)),
      ];
      for (const r of await Promise.all(calls)) expect([r.status, code(r)]).toEqual([403, 'NOT_OWNER']);
    }
    expect((await h.call(`${BASE}/items`)).status).toBe(401);
    // nothing changed: still collecting
    expect((await h.call(`${BASE}/settings`, { token: owner })).body_).toEqual({ settings: { collecting: true } });
  });

  it('a bad body is 400 with the field', async () => {
    for (const [path, body, method] of [
      ['settings', { collecting: 'no' }, 'PUT'],
      ['settings', {}, 'PUT'],
      ['settings', { collecting: false, extra: 1 }, 'PUT'],
      ['report', {}, 'POST'],
      ['report', { catalogItemId: "' OR 1=1" }, 'POST'],
    ] as const) {
      const r = await h.call(`${BASE}/${path}`, post(body, owner, method));
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect((await h.call(`${BASE}/settings`, { token: owner })).body_.settings.collecting).toBe(true);
  });
});

describe('settings', () => {
  it('stop: the platform stops collecting and a shopper’s new request is refused; start again: accepted', async () => {
    const stopped = await h.call(`${BASE}/settings`, post({ collecting: false }, owner, 'PUT'));
    expect([stopped.status, stopped.body_]).toEqual([200, { settings: { collecting: false } }]);
    expect((await h.call(`${BASE}/settings`, { token: owner })).body_.settings.collecting).toBe(false);
    // the platform's own settings say so
    const platform = await api(h.emu, `${BIS}/settings`, { method: 'PUT', token: await adminToken(h.emu), body: {} });
    expect(platform.json.settings).toEqual({ collectionStates: [{ appId: STORES_APP_ID, collectingRequests: false }] });
    const refused = await ask('ada@example.com');
    expect([refused.status, refused.json.details.applicationError.code]).toEqual([428, 'REQUEST_COLLECTION_DISABLED']);
    // and through the companion, as <inlay-back-in-stock> asks with one: the platform's refusal relayed
    const relayed = await h.call(
      '/v1/stock-requests',
      post(
        {
          request: { catalogReference: { appId: STORES_APP_ID, catalogItemId: RUCKSACK }, email: 'bo@example.com' },
          itemDetails: { name: 'Waxed Canvas Rucksack', price: '148.00' },
        },
        await h.visitor(),
      ),
    );
    expect([relayed.status, code(relayed)]).toEqual([428, 'REQUEST_COLLECTION_DISABLED']);
    // a repeat (a lost answer) is the same state
    expect(
      (await h.call(`${BASE}/settings`, post({ collecting: false }, owner, 'PUT'))).body_.settings.collecting,
    ).toBe(false);
    const started = await h.call(`${BASE}/settings`, post({ collecting: true }, owner, 'PUT'));
    expect(started.body_).toEqual({ settings: { collecting: true } });
    expect((await ask('ada@example.com')).status).toBe(200);
  });
});

describe('waiting items and the report', () => {
  it('lists each item and variant with how many wait, the oldest and who; most waited for first', async () => {
    expect((await ask('ada@example.com')).status).toBe(200);
    await ask('bo@example.com');
    await ask('cy@example.com', MUG, NAVY);
    const r = await h.call(`${BASE}/items`, { token: owner });
    expect(r.status).toBe(200);
    expect(r.body_.truncated).toBe(false);
    expect(r.body_.items).toEqual([
      expect.objectContaining({
        catalogItemId: RUCKSACK,
        name: 'Waxed Canvas Rucksack',
        waiting: 2,
        emails: ['ada@example.com', 'bo@example.com'],
        known: true,
      }),
      expect.objectContaining({
        catalogItemId: MUG,
        variantId: NAVY,
        name: 'Enamel Camp Mug',
        variant: 'Navy',
        waiting: 1,
        emails: ['cy@example.com'],
      }),
    ]);
    expect(r.body_.items[0].oldest).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(r.body_.items[0].variantId).toBeUndefined();
  });

  it('report emails everyone waiting for that item once, with its name; a repeat (lost answer) emails nobody', async () => {
    await ask('ada@example.com');
    await ask('nobody@bounce.example');
    await ask('cy@example.com', MUG, NAVY);
    const r = await h.call(`${BASE}/report`, post({ catalogItemId: RUCKSACK }, owner));
    expect([r.status, r.body_]).toEqual([200, { sent: 1, failed: 1, waiting: 0 }]);
    const mail = await mailbox('ada@example.com');
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe('Waxed Canvas Rucksack is back in stock');
    const again = await h.call(`${BASE}/report`, post({ catalogItemId: RUCKSACK }, owner));
    expect(again.body_).toEqual({ sent: 0, failed: 0, waiting: 0 });
    expect(await mailbox('ada@example.com')).toHaveLength(1);
    // the other item still waits
    const items = (await h.call(`${BASE}/items`, { token: owner })).body_.items;
    expect(items.map((i: { catalogItemId: string; waiting: number }) => [i.catalogItemId, i.waiting])).toEqual([
      [MUG, 1],
    ]);
    // a variant: named in the email
    const v = await h.call(`${BASE}/report`, post({ catalogItemId: MUG, variantId: NAVY }, owner));
    expect(v.body_).toEqual({ sent: 1, failed: 0, waiting: 0 });
    expect((await mailbox('cy@example.com'))[0].subject).toBe('Enamel Camp Mug — Navy is back in stock');
  });

  it('an item the catalog does not have: 404, nothing sent', async () => {
    const r = await h.call(`${BASE}/report`, post({ catalogItemId: '99999999-9999-4999-8999-999999999999' }, owner));
    expect([r.status, code(r)]).toEqual([404, 'NOT_FOUND']);
  });
});
