/**
 * The owner console's abandoned checkouts through the companion, against a real emulator (SQLite): only the owner
 * lists, reads and sends; the recovery email reaches the emulator's mailbox through the site's mail service and its
 * link restores the checkout; a second email needs `force`, a double send goes once, failures are recorded; and it
 * goes only to an address the buyer is known to own (a member's checkout at their own login email), never to one a
 * visitor typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAbandonedIds } from '../emulator/domain/abandoned.ts';
import { api, CHECKOUT_FORM, createTestMember, memberTokens } from '../tests/helpers/emulator.ts';
import { mailerFromEnv, type RecoveryMail } from './admin-abandoned.ts';
import { createCompanion } from './app.ts';
import { CompanionConfigError } from './config.ts';
import { STORES_APP_ID } from '../emulator/domain/catalog.ts';
import { DEMO_CLIENT_ID, DEMO_LOGINS, harness, post, seedIds, type Harness } from './test-helpers.ts';

const HOUR = 60 * 60 * 1000;
const LIST = '/v1/admin/abandoned-checkouts';
const { maya, sam } = seedAbandonedIds;

let h: Harness;
let clock = Date.now();
let owner: string;
const mails: RecoveryMail[] = [];
/** When set, the mail service refuses. */
let mailDown = false;

const code = (r: { body_: any }) => r.body_?.details?.applicationError?.code; // eslint-disable-line @typescript-eslint/no-explicit-any
const send = (id: string, body: unknown = {}, token = owner) =>
  h.call(`${LIST}/${id}/recovery-email`, post(body, token));
const detail = async (id: string) => (await h.call(`${LIST}/${id}`, { token: owner })).body_.abandonedCheckout;
const mailbox = async (to: string) => (await api(h.emu, `/_dev/mailbox?to=${encodeURIComponent(to)}`)).json.messages;
const MAYA = DEMO_LOGINS.member.email;
const TAPERS = seedIds.products['beeswax-taper-candles']!;

/** A checkout left for two hours by `token`'s holder (with `email` typed at checkout, if given); its abandoned id. */
async function leftCheckout(token: string, listedAs: string, email?: string): Promise<string> {
  const lineItems = [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: TAPERS }, quantity: 2 }];
  expect((await api(h.emu, '/ecom/v1/carts/current/add-to-cart', { token, body: { lineItems } })).status).toBe(200);
  const checkout = await api(h.emu, '/ecom/v1/carts/current/create-checkout', {
    token,
    body: { channelType: 'WEB', ...(email ? { email } : {}) },
  });
  expect(checkout.status).toBe(200);
  clock += 2 * HOUR;
  owner = await h.owner();
  const list = await h.call(LIST, post({ status: 'ABANDONED', limit: 50 }, owner));
  const mine = list.body_.abandonedCheckouts.find((a: { buyer: { email?: string } }) => a.buyer.email === listedAs);
  expect(mine, listedAs).toBeDefined();
  return mine.id;
}

/** A new member's checkout left at their own login email (or at `email` typed at checkout). */
async function memberCheckout(login: string, email?: string): Promise<string> {
  const id = await createTestMember(h.emu, login, 'a-long-password-1', { firstName: 'Noor' });
  return leftCheckout((await memberTokens(h.emu, { id })).access, email ?? login, email);
}

beforeAll(async () => {
  h = await harness({
    emulatorNow: () => clock,
    deps: {
      now: () => clock,
      // the site's mail service: the emulator's mailbox (what INLAY_MAIL_URL does, tested below)
      sendMail: async (mail) => {
        if (mailDown) throw new Error('mail service down');
        mails.push(mail);
        const r = await api(h.emu, '/_dev/mailbox', { body: mail });
        if (r.status !== 200) throw new Error(r.text);
      },
    },
  });
  owner = await h.owner();
});
afterAll(() => h.close());

describe('who', () => {
  it('a visitor and a member get 403 NOT_OWNER on every route, before the body is read; no token 401', async () => {
    const [visitor, member] = [await h.visitor(), await h.member()];
    for (const token of [visitor, member]) {
      const calls = [
        h.call(LIST, post({}, token)),
        h.call(LIST, { method: 'POST', body: 'not json', headers: { 'Content-Type': 'text/plain' }, token }),
        h.call(`${LIST}/${sam.id}`, { token }),
        send(sam.id, { force: true }, token),
        send(sam.id, { __proto__: 1 }, token),
      ];
      for (const r of await Promise.all(calls)) expect([r.status, code(r)]).toEqual([403, 'NOT_OWNER']);
    }
    expect((await h.call(LIST, post({}))).status).toBe(401);
    expect(await mailbox('sam.rivera@example.com')).toEqual([]);
  });
});

describe('list and detail', () => {
  it('lists buyer, value, age and status, newest first, with cursor pages', async () => {
    const r = await h.call(LIST, post({}, owner));
    expect(r.status).toBe(200);
    expect(r.body_.mailConfigured).toBe(true);
    expect(r.body_.abandonedCheckouts.map((a: { id: string }) => a.id)).toEqual([maya.id, sam.id]);
    const [m, s] = r.body_.abandonedCheckouts;
    expect(m).toMatchObject({
      status: 'ABANDONED',
      buyer: { type: 'MEMBER', email: DEMO_LOGINS.member.email, firstName: 'Maya', lastName: 'Lindqvist' },
      value: {
        amount: expect.stringMatching(/^\d+\.\d{2}$/),
        formatted: expect.stringContaining('$'),
        currency: 'USD',
      },
      itemCount: 3,
      activities: [],
      recoveryEmail: { canSend: true },
    });
    expect(s).toMatchObject({
      buyer: { type: 'VISITOR', email: 'sam.rivera@example.com' },
      itemCount: 1,
      recoveryEmail: { canSend: false, reason: 'NO_CONSENT' },
    });
    expect(m.ageSeconds).toBe(2 * 3600); // 3 h old checkout, abandoned after 1 h
    expect(s.ageSeconds).toBe(47 * 3600);
    expect(Number(m.value.amount)).toBeGreaterThan(Number(s.value.amount));

    const first = await h.call(LIST, post({ limit: 1 }, owner));
    expect(first.body_.abandonedCheckouts.map((a: { id: string }) => a.id)).toEqual([maya.id]);
    const second = await h.call(LIST, post({ limit: 1, cursor: first.body_.next }, owner));
    expect(second.body_.abandonedCheckouts.map((a: { id: string }) => a.id)).toEqual([sam.id]);
    expect(second.body_.next).toBeUndefined();
    const recovered = await h.call(LIST, post({ status: 'RECOVERED' }, owner));
    expect(recovered.body_.abandonedCheckouts).toEqual([]);
  });

  it('bad bodies: unknown keys (a memberId too), limits, a status not in the spec, prototype keys → 400', async () => {
    for (const body of [{ memberId: 'x' }, { limit: 0 }, { limit: 51 }, { status: 'LOST' }, { cursor: '' }]) {
      const r = await h.call(LIST, post(body, owner));
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    const proto = await h.call(LIST, {
      method: 'POST',
      body: '{"__proto__":{"limit":1}}',
      headers: { 'Content-Type': 'application/json' },
      token: owner,
    });
    expect(proto.status).toBe(400);
    const huge = await h.call(LIST, post({ cursor: 'x'.repeat(40_000) }, owner));
    expect(huge.status).toBe(413);
  });

  it('detail: lines with names and prices; an unknown or malformed id → 404 NOT_FOUND', async () => {
    const d = await detail(maya.id);
    expect(d.lineItems).toEqual([
      expect.objectContaining({ name: 'Waxed Canvas Rucksack', quantity: 1, price: expect.stringContaining('$') }),
      expect.objectContaining({ name: 'Enamel Camp Mug', quantity: 2 }),
    ]);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'constructor', '..', 'a'.repeat(200)]) {
      const r = await h.call(`${LIST}/${id}`, { token: owner });
      expect([r.status, code(r)], id).toEqual([404, 'NOT_FOUND']);
    }
  });
});

describe('recovery email', () => {
  it('goes to the buyer with the recovery link, is recorded EMAIL_SENT; the link restores the checkout', async () => {
    const r = await send(maya.id);
    expect(r.status).toBe(200);
    expect(r.body_).toMatchObject({ sent: true, to: MAYA, recorded: true });
    expect(r.body_.abandonedCheckout.activities).toEqual([
      { type: 'EMAIL_SENT', createdDate: new Date(clock).toISOString() },
    ]);
    expect(r.body_.abandonedCheckout.recoveryEmail).toMatchObject({ canSend: false, reason: 'RECENTLY_SENT' });

    const [message] = await mailbox(MAYA);
    expect(message.subject).toBe('You left something in your cart');
    expect(message.text).toContain('Waxed Canvas Rucksack × 1');
    expect(message.text).toContain(message.link);
    const go = await fetch(message.link, { redirect: 'manual' }); // the buyer, from the email: no token
    expect(go.status).toBe(302);
    const page = await fetch(go.headers.get('location')!);
    expect(await page.text()).toContain('Waxed Canvas Rucksack');
  });

  it('again within 24 h → 409 RECENTLY_SENT; with force: not within a minute (a double send), then yes', async () => {
    const again = await send(maya.id);
    expect([again.status, code(again)]).toEqual([409, 'RECENTLY_SENT']);
    expect(again.body_.details.applicationError.data).toMatchObject({
      reason: 'RECENTLY_SENT',
      lastSentDate: expect.any(String),
    });
    const forcedNow = await send(maya.id, { force: true });
    expect([forcedNow.status, code(forcedNow)]).toEqual([409, 'SEND_IN_PROGRESS']);
    clock += 2 * 60_000;
    const forced = await send(maya.id, { force: true });
    expect(forced.status).toBe(200);
    expect(await mailbox(MAYA)).toHaveLength(2);
    expect(forced.body_.abandonedCheckout.activities.map((a: { type: string }) => a.type)).toEqual([
      'EMAIL_SENT',
      'EMAIL_SENT',
    ]);
    clock += 25 * HOUR;
    owner = await h.owner(); // the first one expired meanwhile
    expect((await send(maya.id)).status).toBe(200);
    expect(await mailbox(MAYA)).toHaveLength(3);
  });

  it('two sends at once: one email', async () => {
    const id = await memberCheckout('twice@example.com');
    const before = mails.length;
    const results = await Promise.all([send(id), send(id), send(id, { force: true })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(mails.length - before).toBe(1);
    expect((await detail(id)).activities.map((a: { type: string }) => a.type)).toEqual(['EMAIL_SENT']);
  });

  it('the mail service refuses → 502 MAIL_FAILED, EMAIL_NOT_SENT recorded, nothing in the mailbox', async () => {
    const id = await memberCheckout('down@example.com');
    mailDown = true;
    try {
      const r = await send(id);
      expect([r.status, code(r)]).toEqual([502, 'MAIL_FAILED']);
    } finally {
      mailDown = false;
    }
    expect((await detail(id)).activities.map((a: { type: string }) => a.type)).toEqual(['EMAIL_NOT_SENT']);
    expect(await mailbox('down@example.com')).toEqual([]);
  });

  it('a recovered checkout → 409 ALREADY_RECOVERED; bad bodies → 400; unknown id → 404', async () => {
    // the buyer follows the email's link and pays: the abandoned checkout is RECOVERED
    const id = await memberCheckout('payer@example.com');
    expect((await send(id)).status).toBe(200);
    const [message] = await mailbox('payer@example.com');
    const go = await fetch(message.link, { redirect: 'manual' });
    const page = new URL(go.headers.get('location')!);
    const paid = await fetch(page, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: page.origin },
      body: new URLSearchParams({ ...CHECKOUT_FORM, email: 'payer@example.com', firstName: 'Noor' }).toString(),
    });
    expect(paid.status).toBe(302);
    const d = await detail(id);
    expect(d).toMatchObject({ status: 'RECOVERED', checkoutRecoveredDate: new Date(clock).toISOString() });
    expect(d.recoveryEmail).toEqual({ canSend: false, reason: 'RECOVERED' });
    clock += 2 * 60_000; // past the send claim
    const r = await send(id, { force: true });
    expect([r.status, code(r)]).toEqual([409, 'ALREADY_RECOVERED']);
    for (const body of [{ force: 'yes' }, { force: true, to: 'me@evil.test' }])
      expect((await send(maya.id, body)).status).toBe(400);
    expect((await send('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('an address the mail service could split (line breaks, lists) is no buyer email → 409 NO_BUYER_EMAIL', async () => {
    const row = h.emu.db
      .prepare<[string], { data: string }>('SELECT data FROM abandoned_checkouts WHERE id = ?')
      .get(sam.id)!;
    const data = JSON.parse(row.data);
    try {
      for (const email of ['sam@example.com\r\nBcc: all@evil.test', 'a@b.co, c@d.co', '']) {
        h.emu.db
          .prepare('UPDATE abandoned_checkouts SET data = ? WHERE id = ?')
          .run(JSON.stringify({ ...data, buyerInfo: { ...data.buyerInfo, email } }), sam.id);
        clock += 2 * 60_000; // past the send claim
        const r = await send(sam.id, { force: true });
        expect([r.status, code(r)], email).toEqual([409, 'NO_BUYER_EMAIL']);
      }
    } finally {
      h.emu.db.prepare('UPDATE abandoned_checkouts SET data = ? WHERE id = ?').run(row.data, sam.id);
    }
  });
});

describe('only to an address the buyer owns', () => {
  const refusedEverywhere = async (id: string, to: string) => {
    for (const body of [{}, { force: true }]) {
      clock += 2 * 60_000; // past any send claim
      const r = await send(id, body);
      expect([r.status, code(r), r.body_.details.applicationError.data.reason]).toEqual([
        409,
        'NO_CONSENT',
        'NO_CONSENT',
      ]);
    }
    expect((await detail(id)).recoveryEmail).toEqual({ canSend: false, reason: 'NO_CONSENT' });
    const listed = (await h.call(LIST, post({ limit: 50 }, owner))).body_.abandonedCheckouts.find(
      (a: { id: string }) => a.id === id,
    );
    expect(listed.recoveryEmail).toEqual({ canSend: false, reason: 'NO_CONSENT' });
    expect(await mailbox(to)).toEqual([]);
    expect((await detail(id)).activities).toEqual([]);
  };

  it('a visitor’s checkout: the address anyone could type there → 409 NO_CONSENT, force or not, nothing sent', async () => {
    await refusedEverywhere(sam.id, 'sam.rivera@example.com');
    // a stranger's address typed by a visitor
    const stranger = await leftCheckout(await h.visitor(), 'stranger@example.com', 'stranger@example.com');
    await refusedEverywhere(stranger, 'stranger@example.com');
  });

  it('a visitor who typed a member’s address, and a member who typed another address → 409 NO_CONSENT', async () => {
    await createTestMember(h.emu, 'owned@example.com', 'a-long-password-1');
    const borrowed = await leftCheckout(await h.visitor(), 'owned@example.com', 'owned@example.com');
    await refusedEverywhere(borrowed, 'owned@example.com');
    const other = await memberCheckout('typist@example.com', 'someone.else@example.com');
    await refusedEverywhere(other, 'someone.else@example.com');
  });

  it('a member’s checkout at their own login email goes (the rule’s other side)', async () => {
    const id = await memberCheckout('Mixed.Case@Example.com');
    expect((await detail(id)).recoveryEmail).toEqual({ canSend: true });
    const r = await send(id);
    expect([r.status, r.body_.to]).toEqual([200, 'Mixed.Case@Example.com']);
  });
});

describe('mail service', () => {
  it('none set up: the list says so and a send → 409 MAIL_NOT_CONFIGURED', async () => {
    const bare = createCompanion(
      {
        INLAY_API_BASE: h.emu.url,
        INLAY_OWNERS: DEMO_LOGINS.owner.email,
        INLAY_CLIENT_ID: DEMO_CLIENT_ID,
        INLAY_CLIENT_SECRET: h.emu.clientSecret,
      },
      { now: () => clock, log: () => undefined },
    );
    const call = (path: string, body: unknown) =>
      bare.fetch(
        new Request(`http://companion.test${path}`, {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'Content-Type': 'application/json', Authorization: owner },
        }),
        { ip: '203.0.113.8' },
      );
    const list = await (await call(LIST, {})).json();
    expect(list.mailConfigured).toBe(false);
    const r = await call(`${LIST}/${maya.id}/recovery-email`, { force: true });
    expect(r.status).toBe(409);
    expect((await r.json()).details.applicationError.code).toBe('MAIL_NOT_CONFIGURED');
  });

  it('INLAY_MAIL_URL: POST {to, subject, text, link} as JSON with the bearer token; a refusal rejects', async () => {
    const seen: { url: string; auth: string | null; body: unknown }[] = [];
    const fake: typeof fetch = async (input, init) => {
      const req = new Request(input, init);
      seen.push({ url: req.url, auth: req.headers.get('authorization'), body: await req.json() });
      return new Response('{}', { status: seen.length === 1 ? 200 : 503 });
    };
    const mailer = mailerFromEnv({ INLAY_MAIL_URL: 'https://mail.example/send', INLAY_MAIL_TOKEN: 'tok' }, fake)!;
    const mail = { to: 'a@b.co', subject: 's', text: 't', link: 'https://x.example/' };
    await mailer(mail);
    expect(seen[0]).toEqual({ url: 'https://mail.example/send', auth: 'Bearer tok', body: mail });
    await expect(mailer(mail)).rejects.toThrow();
    expect(mailerFromEnv({}, fake)).toBeUndefined();
    for (const bad of ['javascript:alert(1)', 'ftp://x', 'not a url', 'https://user:pw@mail.example/']) {
      expect(() => mailerFromEnv({ INLAY_MAIL_URL: bad }, fake), bad).toThrow(CompanionConfigError);
    }
    // against the emulator's dev mailbox (what `npm start` and the browser suites can point it at)
    const real = mailerFromEnv({ INLAY_MAIL_URL: `${h.emu.url}/_dev/mailbox` }, fetch)!;
    await real({ to: 'env@example.com', subject: 'Hello', text: 'Body', link: 'http://127.0.0.1/' });
    expect((await mailbox('env@example.com'))[0]).toMatchObject({ subject: 'Hello', link: 'http://127.0.0.1/' });
  });
});
