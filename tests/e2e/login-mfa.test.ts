import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TOTP } from 'otpauth';
import { axe, openPage, type WatchedPage } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { api, visitorTokens } from '../helpers/emulator.ts';
import { virtualCredential } from '../helpers/passkey.ts';
import { setSetting } from '../../emulator/domain/settings.ts';
import { memberByEmail } from '../../emulator/domain/identity.ts';
import { DEMO_LOGINS, DEMO_TOTP_SECRET } from '../../emulator/seed.ts';

// <inlay-login>'s second factors, passkeys and required sign-up fields (issue 42) on the demo storefront, against the
// emulator's real TOTP (RFC 6238 on its clock) and WebAuthn checks (a Chromium virtual authenticator).

const env = useStackAndBrowser();
const widget = (page: Page) => page.locator('inlay-login');
const panel = (page: Page) => widget(page).getByRole('dialog');
const noAxe = async (page: Page) => expect(await axe(page, 'inlay-login')).toEqual([]);
/** The authenticator app's code now (the emulator's clock is the real one here: ±1 step of 30 s accepted). */
const totp = (secret = DEMO_TOTP_SECRET, timestamp = Date.now()) =>
  new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp });
/** A six-digit code that is none of the codes the emulator accepts around now. */
const wrongCode = (secret = DEMO_TOTP_SECRET) => {
  const valid = [-60_000, -30_000, 0, 30_000, 60_000].map((d) => totp(secret, Date.now() + d));
  for (let n = 100000; ; n += 7919) if (!valid.includes(String(n))) return String(n);
};

/** The demo's home page; `localhost` for WebAuthn, which refuses an IP address as the relying party. */
async function openDemo(byName = false): Promise<WatchedPage> {
  const w = await openPage(env.browser);
  const demo = new URL(env.stack.demo);
  if (byName) demo.hostname = 'localhost';
  await w.page.goto(new URL('/', demo).href);
  await widget(w.page).getByRole('button', { name: 'Sign in' }).waitFor();
  return w;
}

async function password(page: Page, email: string, pw: string) {
  await widget(page).getByRole('button', { name: 'Sign in' }).click();
  await widget(page).getByLabel('Email').fill(email);
  await widget(page).getByLabel('Password', { exact: true }).fill(pw);
  await widget(page).getByLabel('Password', { exact: true }).press('Enter');
}

/** A fresh member with an authenticator app (its own failures and lockout: tests do not share one). */
async function memberWithApp(email: string, pw = 'fernwood-second-step') {
  setSetting(env.stack.emulator.db, 'signup_policy', 'immediate');
  const { access } = await visitorTokens(env.stack.emulator);
  const r = await api(env.stack.emulator, '/_api/iam/authentication/v2/register', {
    token: access,
    body: { loginId: { email }, password: pw, profile: { nickname: 'Grace' } },
  });
  setSetting(env.stack.emulator.db, 'signup_policy', 'email_verification');
  expect(r.json).toMatchObject({ state: 'SUCCESS' });
  const e = await api(env.stack.emulator, '/_dev/members/factors', {
    body: { email, type: 'TOTP', secret: DEMO_TOTP_SECRET },
  });
  expect(e.status).toBe(200);
  return { email, password: pw };
}

const signedIn = (page: Page, name: RegExp) =>
  widget(page)
    .getByRole('button', { name: new RegExp(`^Account menu for ${name.source}`) })
    .waitFor();

describe('<inlay-login>: second factors, passkeys, required fields', () => {
  it('password, then the authenticator app’s code: the step loads on demand, asks inline, is axe clean, and signs in', async () => {
    const w = await openDemo();
    const chunk = /\/assets\/challenge-[\w-]{8}\.js$/;
    await widget(w.page).getByRole('button', { name: 'Sign in' }).click();
    await widget(w.page).getByLabel('Email').waitFor();
    // the sign-in form is there; the second factor's part is not, until the platform asks for one
    expect(w.requests.filter((u) => chunk.test(u))).toEqual([]);
    await widget(w.page).getByLabel('Email').fill(DEMO_LOGINS.authenticatorApp.email);
    await widget(w.page).getByLabel('Password', { exact: true }).fill(DEMO_LOGINS.authenticatorApp.password);
    await widget(w.page).getByLabel('Password', { exact: true }).press('Enter');
    await panel(w.page).getByText('Verify it’s you').waitFor();
    expect(w.requests.filter((u) => chunk.test(u))).toHaveLength(1);
    const code = widget(w.page).getByLabel('Code from your authenticator app');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    await expect.poll(() => code.evaluate((e) => e === (e.getRootNode() as ShadowRoot).activeElement)).toBe(true);
    await noAxe(w.page);
    await code.fill(totp());
    await widget(w.page).getByRole('button', { name: 'Verify' }).click();
    await signedIn(w.page, /Ada/);
    await w.context.close();
  });

  it('a passkey through Chromium’s virtual authenticator', async () => {
    const w = await openDemo(true);
    const cdp = await w.context.newCDPSession(w.page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    const member = memberByEmail(env.stack.emulator.db, DEMO_LOGINS.passkey.email)!;
    await cdp.send('WebAuthn.addCredential', {
      authenticatorId,
      credential: virtualCredential('localhost', member.id),
    });
    await password(w.page, DEMO_LOGINS.passkey.email, DEMO_LOGINS.passkey.password);
    await panel(w.page).getByText('Verify it’s you').waitFor();
    await noAxe(w.page);
    await widget(w.page).getByRole('button', { name: 'Use passkey' }).click();
    await signedIn(w.page, /.+/);
    await w.context.close();
  });

  it('switch factor: from the app to a code by email (a visible countdown before sending again); the code from the mailbox signs in', async () => {
    const m = await memberWithApp('switch@fernwood.example');
    await api(env.stack.emulator, '/_dev/members/factors', { body: { email: m.email, type: 'EMAIL' } });
    const w = await openDemo();
    await password(w.page, m.email, m.password);
    await widget(w.page).getByLabel('Code from your authenticator app').waitFor();
    await widget(w.page).getByRole('button', { name: 'Code sent by email' }).click();
    const code = widget(w.page).getByLabel('Code sent by email');
    await code.waitFor();
    const resend = widget(w.page).getByRole('button', { name: 'Send again' });
    expect(await resend.isDisabled()).toBe(true);
    expect(await resend.textContent()).toMatch(/^Send again \(\d+ s\)$/);
    await expect.poll(() => code.evaluate((e) => e === (e.getRootNode() as ShadowRoot).activeElement)).toBe(true);
    await noAxe(w.page);
    const mail = await api(env.stack.emulator, `/_dev/mailbox?to=${encodeURIComponent(m.email)}`);
    await code.fill((mail.json as { messages: { code: string }[] }).messages.at(-1)!.code);
    await widget(w.page).getByRole('button', { name: 'Verify' }).click();
    await signedIn(w.page, /Grace/);
    await w.context.close();
  });

  it('a wrong code three times: each told on the field, what was typed kept; the third gets the platform’s lockout', async () => {
    const m = await memberWithApp('wrong@fernwood.example');
    const w = await openDemo();
    // the refusals the test provokes (the browser logs every non-2xx answer)
    w.expected.push(/status of (400|429)/);
    await password(w.page, m.email, m.password);
    const code = widget(w.page).getByLabel('Code from your authenticator app');
    const bad = wrongCode();
    for (let i = 1; i <= 2; i++) {
      await code.fill(bad);
      await widget(w.page).getByRole('button', { name: 'Verify' }).click();
      await panel(w.page).getByText('That code isn’t right. Check it and try again.').waitFor();
      expect(await code.inputValue()).toBe(bad);
      expect(await code.getAttribute('aria-invalid')).toBe('true');
    }
    await noAxe(w.page);
    await code.fill(bad);
    await widget(w.page).getByRole('button', { name: 'Verify' }).click();
    await panel(w.page)
      .getByRole('alert')
      .getByText('Too many wrong attempts. Go back and sign in again later.')
      .waitFor();
    // the state token is spent: even the right code is refused now
    await code.fill(totp());
    await widget(w.page).getByRole('button', { name: 'Verify' }).click();
    await panel(w.page).getByRole('alert').getByText('This sign-in has expired. Go back and sign in again.').waitFor();
    // back to the form as it was filled
    await widget(w.page).getByRole('button', { name: 'Back to sign in' }).click();
    expect(await widget(w.page).getByLabel('Email').inputValue()).toBe(m.email);
    expect(await widget(w.page).getByLabel('Password', { exact: true }).inputValue()).toBe(m.password);
    await w.context.close();
  });

  it('"remember this device": after signing out, the next sign-in on this device needs the password only', async () => {
    const m = await memberWithApp('remember@fernwood.example');
    const w = await openDemo();
    await password(w.page, m.email, m.password);
    await widget(w.page).getByLabel('Code from your authenticator app').fill(totp());
    await widget(w.page).getByLabel('Remember this device').check();
    await widget(w.page).getByRole('button', { name: 'Verify' }).click();
    const menu = widget(w.page).getByRole('button', { name: /^Account menu for Grace/ });
    await menu.click();
    await widget(w.page).getByRole('menuitem', { name: 'Sign out' }).click();
    await widget(w.page).getByRole('button', { name: 'Sign in' }).waitFor();
    await password(w.page, m.email, m.password);
    await menu.waitFor();
    // another browser is asked again
    const other = await openDemo();
    await password(other.page, m.email, m.password);
    await panel(other.page).getByText('Verify it’s you').waitFor();
    await other.context.close();
    await w.context.close();
  });

  it('a required custom field of the sign-up form: asked, checked, sent, and the sign-in goes on', async () => {
    const put = (fields: unknown[]) =>
      api(env.stack.emulator, '/_dev/settings/signup-fields', { method: 'PUT', body: { fields } });
    expect((await put([{ name: 'company', label: 'Company', type: 'TEXT' }])).status).toBe(200);
    try {
      const w = await openDemo();
      await password(w.page, DEMO_LOGINS.member.email, DEMO_LOGINS.member.password);
      await panel(w.page).getByText('A few more details', { exact: true }).waitFor();
      const company = widget(w.page).getByLabel('Company');
      await expect.poll(() => company.evaluate((e) => e === (e.getRootNode() as ShadowRoot).activeElement)).toBe(true);
      await widget(w.page).getByRole('button', { name: 'Continue' }).click();
      await panel(w.page).getByText('Fill in this field.').waitFor();
      expect(await company.getAttribute('aria-invalid')).toBe('true');
      await noAxe(w.page);
      await company.fill('Fernwood Labs');
      await widget(w.page).getByRole('button', { name: 'Continue' }).click();
      await signedIn(w.page, /.+/);
      await w.context.close();
    } finally {
      await put([]);
    }
  });
});
