/**
 * Conformance of the identity calls sdk.test.ts does not reach (issue 38 point 5): change password and recover, run
 * through the platform's generated clients (`@wix/auto_sdk_identity_authentication`, `@wix/auto_sdk_identity_recovery`)
 * unmodified as a member and a visitor would, and the companion's token info (`@wix/auto_sdk_identity_oauth`).
 */
import { describe, expect, it } from 'vitest';
import { createClient, OAuthStrategy } from '@wix/sdk';
import * as authentication from '@wix/auto_sdk_identity_authentication';
import * as oauth from '@wix/auto_sdk_identity_oauth';
import * as recovery from '@wix/auto_sdk_identity_recovery';
import { adminToken, api, createTestMember, DEMO_CLIENT_ID, memberTokens, visitorTokens } from '../helpers/emulator.ts';
import { platformBoundary } from './boundary.ts';

const platform = platformBoundary();
const { covers, refuses } = platform;

const MODULES = { authentication, recovery, oauth };
/** A client of the SDK holding `access` (a visitor's or member's token). */
const clientWith = (tokens?: { access: string; refresh: string }) =>
  createClient({
    auth: OAuthStrategy({
      clientId: DEMO_CLIENT_ID,
      ...(tokens
        ? {
            tokens: {
              accessToken: { value: tokens.access, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
              refreshToken: { value: tokens.refresh, role: 'member' as never },
            },
          }
        : {}),
    }),
    modules: MODULES,
  });

describe('change password (member) and recover (visitor)', () => {
  it('changePassword: a member sets a new one and signs in with it; a visitor is refused', async () => {
    const email = 'sdk-change-password@example.com';
    const id = await createTestMember(platform.emu, email, 'the-first-password');
    const member = clientWith(await memberTokens(platform.emu, { id }));
    await member.authentication.changePassword('the-second-password');
    const visitor = clientWith();
    const ok = await visitor.auth.login({ email, password: 'the-second-password' });
    expect(ok).toMatchObject({ loginState: 'SUCCESS' });
    const old = await visitor.auth.login({ email, password: 'the-first-password' });
    expect(old).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidPassword' });
    // a visitor has no password to change
    await expect(
      clientWith(await visitorTokens(platform.emu)).authentication.changePassword('x-long-enough-1'),
    ).rejects.toMatchObject({ status: 403, details: { applicationError: { code: 'PERMISSION_DENIED' } } });
  });

  it('recover: the mailed recovery token and a new password; the token works once', async () => {
    const email = 'sdk-recover@example.com';
    await createTestMember(platform.emu, email, 'the-forgotten-password');
    const visitor = clientWith(await visitorTokens(platform.emu));
    await visitor.recovery.sendRecoveryEmail(email);
    const mail = await api(platform.emu, `/_dev/mailbox?to=${encodeURIComponent(email)}`);
    const link = new URL(mail.json.messages.at(-1).link as string);
    const recoveryToken = link.searchParams.get('inlay-reset')!;
    expect(recoveryToken).toBeTruthy();
    await visitor.recovery.recover(recoveryToken, { password: 'the-recovered-password' });
    expect(await visitor.auth.login({ email, password: 'the-recovered-password' })).toMatchObject({
      loginState: 'SUCCESS',
    });
    await expect(visitor.recovery.recover(recoveryToken, { password: 'another-password-1' })).rejects.toMatchObject({
      status: 400,
      details: { applicationError: { code: 'INVALID_RECOVERY_TOKEN' } },
    });
  });
});

describe('token info (the site companion)', () => {
  it('tokenInfo: the method and path of the SDK, the body the platform documents ({token})', async () => {
    // The generated tokenInfo takes a RawHttpRequest (`{body: <bytes, base64>}` in JSON: the emulator answers it 400,
    // no `token`); the platform's REST documentation (dev.wix.com "Token Info") sends `{token}`, as the companion does:
    // sent here as documented, to the path of the generated request builder (coverage.test.ts checks it: meta.js).
    const admin = await adminToken(platform.emu);
    const member = await memberTokens(platform.emu, 'member');
    const ask = async (token: string) => {
      const res = await platform.platformFetch('/oauth2/token-info', {
        method: 'POST',
        headers: { Authorization: admin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      expect(res.status).toBe(200);
      return res.json() as Promise<Record<string, unknown>>;
    };
    expect(await ask(member.access)).toMatchObject({ active: true, subjectType: 'MEMBER', clientId: DEMO_CLIENT_ID });
    expect(await ask(admin)).toMatchObject({ active: true, subjectType: 'APP' });
    expect(await ask('not-a-token')).toEqual({ active: false });
  });
});

describe('coverage', () => {
  covers('changePassword', 'recover', 'sendRecoveryEmail', 'login', 'tokenInfo');
  refuses('changePassword');
  platform.coverageCase();
});
