/**
 * The hosted "Sign-in security" page (issue 42 item 4; routes/hosted-security.ts): the member's second factors, only
 * for the signed-in member who opened their account page; removing one and adding an authenticator app (a real
 * RFC 6238 code, fixed clock), through same-origin form posts only.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TOTP, Secret } from 'otpauth';
import type { RunningEmulator } from './server.ts';
import { api, createTestMember, memberTokens, startTestEmulator } from '../tests/helpers/emulator.ts';
import { revokeMemberTokens } from './domain/auth.ts';

const REDIRECT = '/_api/redirects-api/v1/redirect-session';
const NOW = Date.parse('2026-12-05T10:00:00.000Z');
let clock = NOW;
let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startTestEmulator({ now: () => clock });
});
afterAll(() => emu.close());
beforeEach(() => {
  clock = NOW;
});

/** A new member (the seeded ones may have factors of their own). */
const fresh = () => createTestMember(emu, `m-${randomUUID()}@example.com`, 'correct horse 9');
/** A factor of `memberId`, as enrolment leaves one. */
function addFactor(memberId: string, type: string, status = 'ENABLED', extra: { phone?: string } = {}): string {
  const id = randomUUID();
  emu.db
    .prepare(
      `INSERT INTO member_factors (id, member_id, type, status, position, totp_secret, phone, created_at)
       VALUES (?, ?, ?, ?, (SELECT COUNT(*) FROM member_factors WHERE member_id = ?), ?, ?, ?)`,
    )
    .run(
      id,
      memberId,
      type,
      status,
      memberId,
      type === 'TOTP' ? new Secret().base32 : null,
      extra.phone ?? null,
      clock,
    );
  return id;
}
const factors = (memberId: string) =>
  emu.db
    .prepare<[string], { id: string; type: string; status: string; totp_last_step: number | null }>(
      'SELECT id, type, status, totp_last_step FROM member_factors WHERE member_id = ? ORDER BY position',
    )
    .all(memberId);

/** The member's hosted account page, then its security page (the link on it). */
async function securityUrl(access: string): Promise<{ account: string; security: string }> {
  const rs = await api(emu, REDIRECT, {
    token: access,
    body: { memberAccountPage: { section: 'ACCOUNT_INFO' }, callbacks: { postFlowUrl: 'http://127.0.0.1:5173/' } },
  });
  expect(rs.status).toBe(200);
  const account = rs.json.redirectSession.fullUrl as string;
  const html = await (await fetch(account)).text();
  const href = /<a class="link" href="([^"]+)">Manage second factors<\/a>/.exec(html)?.[1];
  expect(href).toBeDefined();
  return { account, security: new URL(href!.replace(/&amp;/g, '&'), account).href };
}
const formPost = (url: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body).toString(),
  });
const own = () => ({ origin: emu.hostedUrl });

describe('hosted security page', () => {
  it('only for the signed-in member who opened it: lists their factors in words, nobody else’s', async () => {
    const other = await fresh();
    const theirs = addFactor(other, 'WEBAUTHN');
    const ada = await fresh();
    addFactor(ada, 'TOTP');
    addFactor(ada, 'SMS', 'REQUIRE_REENROLL', { phone: '+1 555 010 0042' });
    addFactor(ada, 'EMAIL', 'ENABLED_BY_RULE');
    const m = await memberTokens(emu, { id: ada });
    const { account, security } = await securityUrl(m.access);
    expect(new URL(security).origin).toBe(emu.hostedUrl);
    expect(await (await fetch(account)).text()).toContain('2 second factors are on.');
    const r = await fetch(security);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-security-policy')).toContain("script-src 'none'");
    const html = await r.text();
    expect(html).toContain('<b>Authenticator app</b> <span class="muted">On</span>');
    expect(html).toContain('<b>Code by SMS (ending 42)</b> <span class="muted">Needs to be set up again</span>');
    expect(html).toContain('<b>Code by email</b> <span class="muted">On (the site requires it)</span>');
    expect(html).not.toContain('Passkey');
    // the site's rule's factor has no remove; the two others do
    expect(html.match(/value="remove"/g)).toHaveLength(2);
    // another member's factor is not removed through this page
    const refused = await formPost(security, { op: 'remove', factorId: theirs }, own());
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('That second factor can’t be removed here.');
    expect(factors(other)).toHaveLength(1);

    // a forged session, or the API's origin: no page
    expect((await fetch(`${emu.hostedUrl}/_hosted/security?session=forged`)).status).toBe(404);
    expect((await fetch(security.replace(emu.hostedUrl, emu.url))).status).toBe(404);
    // the page ends with the member's sign-in
    revokeMemberTokens(emu.db, ada);
    expect((await fetch(security)).status).toBe(404);
    expect((await formPost(security, { op: 'startTotp' }, own())).status).toBe(404);
  });

  it('removes a factor, from the hosted origin only', async () => {
    const member = await fresh();
    const id = addFactor(member, 'TOTP');
    const m = await memberTokens(emu, { id: member });
    const { security } = await securityUrl(m.access);
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      {},
      { origin: emu.url },
    ];
    for (const headers of crossSite) {
      const r = await formPost(security, { op: 'remove', factorId: id }, headers);
      expect(r.status, JSON.stringify(headers)).toBe(403);
    }
    expect(factors(member).map((f) => f.id)).toEqual([id]);
    const r = await formPost(security, { op: 'remove', factorId: id }, own());
    expect(r.status).toBe(200);
    const html = await r.text();
    expect(html).toContain('<p role="status">The second factor was removed.</p>');
    expect(html).toContain('No second factor is on: you sign in with your password only.');
    expect(factors(member)).toEqual([]);
    // a form with missing fields changes nothing and says so
    const bad = await formPost(security, { op: 'remove' }, own());
    expect(bad.status).toBe(400);
  });

  it('adds an authenticator app: a shown secret, on with a current code only (RFC 6238, fixed clock)', async () => {
    const member = await fresh();
    const m = await memberTokens(emu, { id: member });
    const { account, security } = await securityUrl(m.access);
    const started = await (await formPost(security, { op: 'startTotp' }, own())).text();
    const secret = /<code id="totp-secret">([A-Z2-7]+)<\/code>/.exec(started)?.[1];
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started).toContain('otpauth://totp/');
    const [pending] = factors(member);
    expect(pending).toMatchObject({ type: 'TOTP', status: 'REQUIRE_ACTIVATION' });
    expect(started).toContain('<span class="muted">Waiting to be confirmed</span>');
    // asking again keeps the same secret (one waiting at a time)
    expect(await (await formPost(security, { op: 'startTotp' }, own())).text()).toContain(secret);
    expect(factors(member)).toHaveLength(1);

    const totp = new TOTP({ secret: Secret.fromBase32(secret!), digits: 6, period: 30, algorithm: 'SHA1' });
    const old = totp.generate({ timestamp: NOW - 5 * 60_000 });
    const wrong = await formPost(security, { op: 'confirmTotp', factorId: pending!.id, code: old }, own());
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('That code isn’t right.');
    expect(factors(member)[0]!.status).toBe('REQUIRE_ACTIVATION');

    clock = NOW + 12_000;
    const code = totp.generate({ timestamp: clock });
    const ok = await formPost(security, { op: 'confirmTotp', factorId: pending!.id, code }, own());
    expect(ok.status).toBe(200);
    const html = await ok.text();
    expect(html).toContain('Your authenticator app is on.');
    expect(html).toContain('<b>Authenticator app</b> <span class="muted">On</span>');
    expect(html).not.toContain(secret);
    // the code's step is spent: the same code cannot also sign in
    expect(factors(member)[0]).toMatchObject({ status: 'ENABLED', totp_last_step: Math.floor(clock / 30_000) });
    expect(await (await fetch(account)).text()).toContain('One second factor is on.');
  });
});
