/**
 * Conformance of the hosted sign-in page's second step (issue 42; docs/wire.md "Second factors, passkeys and required
 * fields"): the platform's official SDK (`@wix/sdk`, unmodified) signs in the demo member with an authenticator app
 * through the hosted page: `getAuthUrl` (a redirect session), the page's password form, its code form with a TOTP
 * code computed by the `otpauth` package at the emulator's fixed clock, then `parseFromUrl` and `getMemberTokens`,
 * the same way as a member without a second factor (tests/conformance/sdk.test.ts, `signIn`).
 */
import { describe, expect, it } from 'vitest';
import { createClient, OAuthStrategy } from '@wix/sdk';
import * as members from '@wix/auto_sdk_members_members';
import * as redirects from '@wix/auto_sdk_redirects_redirects';
import { Secret, TOTP } from 'otpauth';
import { DEMO_LOGINS, DEMO_TOTP_SECRET } from '../../emulator/seed.ts';
import { DEMO_CLIENT_ID } from '../helpers/emulator.ts';
import { platformBoundary } from './boundary.ts';

const SITE = 'http://127.0.0.1:5173';
const realFetch = globalThis.fetch;
/** The emulator's clock, fixed: the authenticator app's code is computed for this instant. */
const clock = Date.parse('2026-06-01T10:00:00Z');
const platform = platformBoundary({ demoRedirectUris: [`${SITE}/callback`], now: () => clock });
const { covers } = platform;

/** The demo member's authenticator app (RFC 6238: SHA-1, 6 digits, 30 s), as a phone would run it. */
const app = new TOTP({ secret: Secret.fromBase32(DEMO_TOTP_SECRET), algorithm: 'SHA1', digits: 6, period: 30 });

/** A form post to a hosted page, from the page's own origin, redirects handed back as they are. */
const postForm = (url: URL, fields: Record<string, string>) =>
  realFetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url.origin },
    body: new URLSearchParams(fields).toString(),
  });

describe('the hosted sign-in page with an authenticator app, through the SDK', () => {
  it('getAuthUrl → password → authenticator code → parseFromUrl → getMemberTokens: the member is signed in', async () => {
    covers('redirectSession', 'token', 'myMember');
    const client = createClient({ auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID }), modules: { members, redirects } });
    client.auth.setTokens(await client.auth.generateVisitorTokens());
    const oauthData = client.auth.generateOAuthData(`${SITE}/callback`, `${SITE}/`);
    const { authUrl } = await client.auth.getAuthUrl(oauthData);
    const page = new URL(authUrl);
    expect(page.origin).toBe(platform.emu.hostedUrl);

    const { email, password } = DEMO_LOGINS.authenticatorApp;
    const step = await postForm(page, { email, password });
    expect(step.status).toBe(200); // the code step, not yet the redirect
    expect(step.headers.get('location')).toBeNull();
    const html = await step.text();
    expect(html).toContain('autocomplete="one-time-code"');
    const stateToken = /name="stateToken" value="([^"]+)"/.exec(html)?.[1];
    expect(stateToken).toBeTruthy();

    // a code of another time step is refused (the emulator's clock, not this machine's, decides)
    const stale = await postForm(page, {
      step: 'mfa',
      stateToken: stateToken!,
      factorType: 'TOTP',
      action: 'verify',
      code: app.generate({ timestamp: clock - 10 * 60_000 }),
    });
    expect(stale.status).toBe(400);
    expect(await stale.text()).toContain('Wrong code');

    const done = await postForm(page, {
      step: 'mfa',
      stateToken: stateToken!,
      factorType: 'TOTP',
      action: 'verify',
      code: app.generate({ timestamp: clock }),
    });
    expect(done.status).toBe(302);
    const location = done.headers.get('location')!;
    expect(location.startsWith(`${SITE}/callback`)).toBe(true);
    const { code, state } = client.auth.parseFromUrl(location);
    client.auth.setTokens(await client.auth.getMemberTokens(code, state, oauthData));
    expect(client.auth.loggedIn()).toBe(true);
    const { member } = await client.members.getCurrentMember({ fieldsets: ['FULL'] });
    expect(member?.loginEmail).toBe(email);
  });

  platform.coverageCase();
});
