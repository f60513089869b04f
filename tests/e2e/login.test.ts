import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, openPage, signInWithWidget } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { api, visitorTokens } from '../helpers/emulator.ts';
import { setSetting } from '../../emulator/domain/settings.ts';
import { DEMO_LOGINS } from '../../emulator/seed.ts';

const env = useStackAndBrowser();
const widget = (page: Page) => page.locator('inlay-login');
const panel = (page: Page) => widget(page).getByRole('dialog');
const mailbox = async (to: string) =>
  (await api(env.stack.emulator, `/_dev/mailbox?to=${encodeURIComponent(to)}`)).json.messages;
const noAxe = async (page: Page) => expect(await axe(page, 'inlay-login')).toEqual([]);

/** Record inlay-login / inlay-logout events of the page in `window.__events`. */
async function recordEvents(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __events: string[] };
    w.__events = [];
    document.addEventListener('inlay-login', (e) =>
      w.__events.push(`login:${(e.detail.member as { loginEmail?: string }).loginEmail}`),
    );
    document.addEventListener('inlay-logout', () => w.__events.push('logout'));
  });
}
const events = (page: Page) => page.evaluate(() => (window as unknown as { __events: string[] }).__events);

async function openDemo(opts: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {}) {
  const w = await openPage(env.browser, opts);
  await w.page.goto(`${env.stack.demo}/`);
  await widget(w.page).getByRole('button', { name: 'Sign in' }).waitFor();
  return w;
}

/** A member that can sign in right away (registered with the immediate policy). */
async function immediateMember(email: string, password: string) {
  setSetting(env.stack.emulator.db, 'signup_policy', 'immediate');
  const { access } = await visitorTokens(env.stack.emulator);
  const r = await api(env.stack.emulator, '/_api/iam/authentication/v2/register', {
    token: access,
    body: { loginId: { email }, password, profile: { nickname: 'Grace Hopper' } },
  });
  expect(r.json.state).toBe('SUCCESS');
  setSetting(env.stack.emulator.db, 'signup_policy', 'email_verification');
}

describe('<inlay-login> on the demo storefront', () => {
  it('loads only its button with the page; the panel, the member menu and their sheet on intent, each chunk once', async () => {
    const w = await openPage(env.browser);
    const part = /\/assets\/(panel|steps)-[\w-]{8}\.js$/;
    const asked = () =>
      w.requests
        .map((u) => part.exec(u)?.[1])
        .filter(Boolean)
        .sort();
    // whether the shadow root has the surfaces' sheet (the panel's box, its forms)
    const sheet = () =>
      widget(w.page).evaluate((e) =>
        e.shadowRoot!.adoptedStyleSheets.some((s) => [...s.cssRules].some((r) => r.cssText.startsWith('.panel'))),
      );
    await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug`);
    const button = widget(w.page).getByRole('button', { name: 'Sign in' });
    await button.waitFor();
    await w.page.waitForLoadState('networkidle');
    // (the element's file is the header pair's: vite.config.ts WIDGET_GROUPS)
    expect(w.requests.filter((u) => /\/assets\/header-[\w-]{8}\.js$/.test(u))).toHaveLength(1);
    expect(asked()).toEqual([]);
    expect(await sheet()).toBe(false);

    // the pointer over the button: both chunks at once, before any click
    await button.hover();
    await expect.poll(asked).toEqual(['panel', 'steps']);
    await w.page.mouse.move(5, 5);
    await button.click();
    await panel(w.page).waitFor();
    expect(await sheet()).toBe(true);
    await expect
      .poll(() =>
        widget(w.page)
          .getByLabel('Email')
          .evaluate((e) => e === (e.getRootNode() as ShadowRoot).activeElement),
      )
      .toBe(true);
    await widget(w.page).getByLabel('Email').fill(DEMO_LOGINS.member.email);
    await widget(w.page).getByLabel('Password', { exact: true }).fill(DEMO_LOGINS.member.password);
    await widget(w.page).getByLabel('Password', { exact: true }).press('Enter');
    const member = widget(w.page).getByRole('button', { name: 'Account menu for Maya' });
    await member.waitFor();
    expect(asked()).toEqual(['panel', 'steps']);

    // a member's page: the avatar only, until the keyboard reaches it (focus is intent too); the menu works
    w.requests.length = 0;
    await w.page.reload();
    await member.waitFor();
    await w.page.waitForLoadState('networkidle');
    expect(asked()).toEqual([]);
    expect(await sheet()).toBe(false);
    await member.focus();
    await expect.poll(asked).toEqual(['panel', 'steps']);
    await w.page.keyboard.press('ArrowDown');
    await expect
      .poll(() => w.page.evaluate(() => document.querySelector('inlay-login')!.shadowRoot!.activeElement?.textContent))
      .toBe('Edit profile');
    await w.page.keyboard.press('Escape');
    await expect.poll(() => widget(w.page).getByRole('menu').count()).toBe(0);
    expect(await member.evaluate((e) => e === (e.getRootNode() as ShadowRoot).activeElement)).toBe(true);
    expect(asked()).toEqual(['panel', 'steps']);
    await noAxe(w.page);
    await w.context.close();
  });

  it('when the panel cannot load the toaster says so and the button stays; the next click loads it, busy meanwhile, and it opens', async () => {
    const w = await openDemo();
    w.expected.push(/ERR_FAILED/);
    const chunk = /\/assets\/panel-[\w-]{8}\.js$/;
    // the element's own button (the panel's submit is also "Sign in")
    const button = widget(w.page).locator('button[part=button]');
    await w.page.route(chunk, (r) => r.abort());
    await button.click();
    const toaster = w.page.locator('inlay-toaster');
    await toaster.getByText('You appear to be offline. Check your connection and try again.').waitFor();
    expect(await panel(w.page).count()).toBe(0);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.getAttribute('aria-busy')).toBeNull();
    expect(await button.isEnabled()).toBe(true);

    // back online, on a slow network: the button says it is busy (and keeps focus) until the panel opens on its form
    await w.page.unroute(chunk);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await w.page.route(chunk, async (r) => (await held, r.continue()));
    await button.click();
    await expect.poll(() => button.getAttribute('aria-busy')).toBe('true');
    expect(await button.evaluate((e) => e === (e.getRootNode() as ShadowRoot).activeElement)).toBe(true);
    expect(await panel(w.page).count()).toBe(0);
    release();
    await panel(w.page).waitFor();
    await expect
      .poll(() =>
        widget(w.page)
          .getByLabel('Email')
          .evaluate((e) => e === (e.getRootNode() as ShadowRoot).activeElement),
      )
      .toBe(true);
    expect(await button.getAttribute('aria-busy')).toBeNull();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await w.context.close();
  });

  it('sign up → code from the mailbox → signed in → reload → second tab signed in → sign-out in one tab signs out the other', async () => {
    const w = await openDemo();
    w.expected.push(/status of 400/); // the wrong code below: Chromium logs the refused request itself
    await recordEvents(w.page);
    await noAxe(w.page);
    await widget(w.page).getByRole('button', { name: 'Sign in' }).click();
    await panel(w.page).getByRole('button', { name: 'New here? Create an account' }).click();
    // focus moves to the new step's first field
    await expect
      .poll(() =>
        widget(w.page)
          .getByLabel('Email')
          .evaluate((e) => e === (e.getRootNode() as ShadowRoot).activeElement),
      )
      .toBe(true);
    expect(await widget(w.page).getByLabel('Email').getAttribute('autocomplete')).toBe('email');
    expect(await widget(w.page).getByLabel('Password', { exact: true }).getAttribute('autocomplete')).toBe(
      'new-password',
    );
    await noAxe(w.page);

    // inline errors first
    await widget(w.page).getByLabel('Email').fill('ada@');
    await widget(w.page).getByLabel('Password', { exact: true }).fill('short');
    await panel(w.page).getByRole('button', { name: 'Create account' }).click();
    await expect
      .poll(() => panel(w.page).locator('.err').allTextContents())
      .toEqual(['Enter a valid email address, like name@example.com.', 'Use at least 8 characters.']);
    await noAxe(w.page);

    const email = 'ada.lovelace@example.com';
    await widget(w.page).getByLabel('Email').fill(email);
    await widget(w.page).getByLabel('Password', { exact: true }).fill('analytical engine');
    await panel(w.page).getByLabel('Show password').check();
    expect(await widget(w.page).getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await widget(w.page).getByLabel('Name (optional)').fill('Ada');
    await panel(w.page).getByRole('button', { name: 'Create account' }).click();

    await expect.poll(() => panel(w.page).textContent()).toContain(`We sent a 6-digit code to ${email}`);
    const code = widget(w.page).getByLabel('Code');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.inputValue()).toBe(''); // a fresh field, not the email typed in the step before
    expect(
      await panel(w.page)
        .getByRole('button', { name: /Send a new code \(\d+ s\)/ })
        .isDisabled(),
    ).toBe(true);
    await noAxe(w.page);
    await code.fill('000000');
    await code.press('Enter');
    await expect.poll(() => panel(w.page).locator('.err').textContent()).toMatch(/code isn’t right/);
    await code.fill((await mailbox(email))[0].code);
    await panel(w.page).getByRole('button', { name: 'Confirm' }).click();

    const menuButton = (p: Page) => widget(p).getByRole('button', { name: 'Account menu for Ada' });
    await menuButton(w.page).waitFor();
    await expect.poll(() => events(w.page)).toEqual([`login:${email}`]);
    await noAxe(w.page);

    await w.page.reload();
    await menuButton(w.page).waitFor();
    await recordEvents(w.page);

    const second = await w.context.newPage();
    const secondErrors: string[] = [];
    second.on('console', (m) => m.type() === 'error' && secondErrors.push(m.text()));
    await second.goto(`${env.stack.demo}/?category=garden`);
    await menuButton(second).click();
    await widget(second).getByRole('menuitem', { name: 'Sign out' }).click();
    await widget(second).getByRole('button', { name: 'Sign in' }).waitFor();
    // the first tab follows through storage, and says so with inlay-logout
    await widget(w.page).getByRole('button', { name: 'Sign in' }).waitFor();
    await expect.poll(() => events(w.page)).toEqual(['logout']);
    expect(secondErrors).toEqual([]);

    // and signing in one tab signs in the other
    await widget(second).getByRole('button', { name: 'Sign in' }).click();
    await widget(second).getByLabel('Email').fill(email);
    await widget(second).getByLabel('Password', { exact: true }).fill('analytical engine');
    await widget(second).getByLabel('Password', { exact: true }).press('Enter');
    await menuButton(w.page).waitFor();
    await expect.poll(() => events(w.page)).toEqual(['logout', `login:${email}`]);
    await w.context.close();
  });

  it('wrong password and unknown email: clear messages on the right field; the member menu works from the keyboard', async () => {
    const w = await openDemo({ viewport: { width: 375, height: 800 }, colorScheme: 'dark' });
    w.expected.push(/status of 40[04]/); // Chromium logs the refused requests itself
    await widget(w.page).getByRole('button', { name: 'Sign in' }).click();
    const email = widget(w.page).getByLabel('Email');
    const password = widget(w.page).getByLabel('Password', { exact: true });
    expect(await email.getAttribute('autocomplete')).toBe('username');
    expect(await password.getAttribute('autocomplete')).toBe('current-password');
    await email.fill(DEMO_LOGINS.member.email);
    await password.fill('not my password');
    await password.press('Enter');
    await expect.poll(() => panel(w.page).locator('.err').textContent()).toBe('Wrong password. Try again or reset it.');
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    await noAxe(w.page);
    await email.fill('nobody@example.com');
    await password.press('Enter');
    await expect.poll(() => panel(w.page).locator('.err').textContent()).toMatch(/No account uses this email/);
    // Escape closes the panel and focus returns to the button
    await password.press('Escape');
    await expect.poll(() => panel(w.page).count()).toBe(0);
    expect(
      await widget(w.page)
        .getByRole('button', { name: 'Sign in' })
        .evaluate((e) => e === (e.getRootNode() as ShadowRoot).activeElement),
    ).toBe(true);

    await widget(w.page).getByRole('button', { name: 'Sign in' }).press('Enter');
    await email.fill(DEMO_LOGINS.member.email);
    await password.fill(DEMO_LOGINS.member.password);
    await password.press('Enter');
    const menuButton = widget(w.page).getByRole('button', { name: 'Account menu for Maya' });
    await menuButton.waitFor();
    await menuButton.focus();
    await w.page.keyboard.press('ArrowDown');
    await expect
      .poll(() => w.page.evaluate(() => document.querySelector('inlay-login')!.shadowRoot!.activeElement?.textContent))
      .toBe('Edit profile');
    await noAxe(w.page);
    await w.page.keyboard.press('ArrowDown');
    await expect
      .poll(() => w.page.evaluate(() => document.querySelector('inlay-login')!.shadowRoot!.activeElement?.textContent))
      .toBe('My account');
    await w.page.keyboard.press('ArrowDown');
    await expect
      .poll(() => w.page.evaluate(() => document.querySelector('inlay-login')!.shadowRoot!.activeElement?.textContent))
      .toBe('Sign out');
    await w.page.keyboard.press('Escape');
    await expect.poll(() => widget(w.page).getByRole('menu').count()).toBe(0);
    expect(await menuButton.evaluate((e) => e === (e.getRootNode() as ShadowRoot).activeElement)).toBe(true);
    // My account: the site's own account page (the demo's header names it with account-url)
    await menuButton.click();
    await widget(w.page).getByRole('menuitem', { name: 'My account' }).click();
    await w.page.waitForURL(`${env.stack.demo}/account`);
    await w.page.locator('inlay-account').getByRole('tab', { name: 'Orders' }).waitFor();
    // without account-url: the hosted member page (named for what it adds, the second factors), with a way back
    await w.page.goto(`${env.stack.demo}/`);
    await w.page.evaluate(() => document.querySelector('inlay-login')!.removeAttribute('account-url'));
    await menuButton.click();
    await widget(w.page).getByRole('menuitem', { name: 'Sign-in security' }).click();
    await w.page.waitForURL(/\/_hosted\/account/);
    expect(await w.page.getByLabel('Name shown on the site').inputValue()).toBe('Maya');
    await w.page.getByLabel('Name shown on the site').fill('Maya L.');
    await w.page.getByRole('button', { name: 'Save name' }).click();
    expect(await w.page.getByRole('status').textContent()).toBe('Your name was saved.');
    await w.page.getByRole('button', { name: 'Leave the community' }).click();
    await w.page.getByRole('button', { name: 'Join the community' }).waitFor();
    await w.page.getByRole('link', { name: 'Back to the site' }).click();
    await w.page.waitForURL(`${env.stack.demo}/`);
    await widget(w.page).getByRole('button', { name: 'Account menu for Maya L.' }).waitFor();
    await w.context.close();
  });

  it('password reset end to end: forgot → email link back to the page → new password → sign in', async () => {
    const email = 'grace@example.com';
    await immediateMember(email, 'cobol forever');
    const w = await openDemo();
    await widget(w.page).getByRole('button', { name: 'Sign in' }).click();
    await panel(w.page).getByRole('button', { name: 'Forgot password?' }).click();
    await widget(w.page).getByLabel('Email').fill(email);
    await noAxe(w.page);
    await panel(w.page).getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => panel(w.page).textContent()).toMatch(/Check your inbox/);
    await noAxe(w.page);

    const link = (await mailbox(email))[0].link as string;
    expect(link.startsWith(`${env.stack.demo}/?inlay-reset=`)).toBe(true);
    await w.page.goto(link);
    await expect.poll(() => panel(w.page).textContent()).toMatch(/Choose a new password/);
    // the token leaves the address bar at once
    expect(w.page.url()).toBe(`${env.stack.demo}/`);
    await noAxe(w.page);
    const pw = widget(w.page).getByLabel('New password', { exact: true });
    expect(await pw.getAttribute('autocomplete')).toBe('new-password');
    await pw.fill('grace hopper 1906');
    await pw.press('Enter');
    await expect
      .poll(() => panel(w.page).getByRole('status').textContent())
      .toBe('Your password was changed. Sign in with your new password.');
    await widget(w.page).getByLabel('Email').fill(email);
    await widget(w.page).getByLabel('Password', { exact: true }).fill('grace hopper 1906');
    await widget(w.page).getByLabel('Password', { exact: true }).press('Enter');
    await widget(w.page).getByRole('button', { name: 'Account menu for Grace Hopper' }).waitFor();
    await w.context.close();
  });

  it('after repeated failures the platform asks for a captcha: without a provider a clear message; with `Inlay.captcha` it retries and signs in', async () => {
    const email = 'linus@example.com';
    await immediateMember(email, 'penguins rock');
    const w = await openDemo();
    w.expected.push(/status of 400/);
    await widget(w.page).getByRole('button', { name: 'Sign in' }).click();
    await widget(w.page).getByLabel('Email').fill(email);
    const password = widget(w.page).getByLabel('Password', { exact: true });
    for (let i = 0; i < 3; i++) {
      await password.fill(`wrong ${i}`);
      await password.press('Enter');
      await expect
        .poll(() => panel(w.page).locator('.err').textContent())
        .toBe('Wrong password. Try again or reset it.');
      await panel(w.page).getByRole('button', { name: 'Sign in' }).waitFor({ state: 'attached' });
      await expect.poll(() => panel(w.page).getByRole('button', { name: 'Sign in' }).isEnabled()).toBe(true);
    }
    await password.fill('penguins rock');
    await password.press('Enter');
    await expect.poll(() => panel(w.page).getByRole('alert').textContent()).toMatch(/needs a captcha check/);
    await noAxe(w.page);
    await w.page.evaluate(() => {
      window.Inlay!.captcha = async (kind) => (kind === 'login' ? 'dev-captcha-ok' : '');
    });
    await panel(w.page).getByRole('button', { name: 'Sign in' }).click();
    await widget(w.page).getByRole('button', { name: 'Account menu for Grace Hopper' }).waitFor();
    await w.context.close();
  });

  it('hosted sign-in round trip: the platform page on its own origin, the registered callback, then back to the shopper’s page signed in with a clean URL', async () => {
    const w = await openPage(env.browser);
    const shopperPage = `${env.stack.demo}/products/enamel-camp-mug?from=search`;
    await w.page.goto(`${shopperPage}#reviews`);
    await widget(w.page).getByRole('button', { name: 'Sign in' }).waitFor();
    const visited: string[] = [];
    w.page.on('framenavigated', (f) => f === w.page.mainFrame() && visited.push(f.url()));
    await w.page.evaluate(() => document.querySelector('inlay-login')!.setAttribute('hosted', ''));
    await widget(w.page).getByRole('button', { name: 'Sign in' }).click();
    await w.page.waitForURL(/\/oauth2\/authorize/);
    expect(new URL(w.page.url()).origin).toBe(env.stack.hosted); // the platform's pages, not its API
    await w.page.getByLabel('Email').fill(DEMO_LOGINS.owner.email);
    await w.page.getByLabel('Password').fill('wrong password');
    await w.page.getByRole('button', { name: 'Sign in' }).click();
    w.expected.push(/status of 400/);
    expect(await w.page.getByRole('alert').textContent()).toBe('Wrong email or password.');
    await w.page.getByLabel('Password').fill(DEMO_LOGINS.owner.password);
    await w.page.getByRole('button', { name: 'Sign in' }).click();
    await w.page.waitForURL(shopperPage);
    await widget(w.page).getByRole('button', { name: 'Account menu for Theo at Fernwood' }).waitFor();
    // out through the registered callback (the site's home page, the default data-redirect-uri) with the code in
    // its fragment, then back to the product page (the fragment there was the shopper's own, not kept)
    const callback = visited.findIndex((u) => u.startsWith(`${env.stack.demo}/#code=`));
    expect(callback, visited.join('\n')).toBeGreaterThan(-1);
    expect(new URLSearchParams(new URL(visited[callback]!).hash.slice(1)).get('state')).toBeTruthy();
    expect(visited.slice(callback + 1).every((u) => !u.includes('code='))).toBe(true);
    expect(w.page.url()).toBe(shopperPage);
    await noAxe(w.page);
    await w.context.close();
  });

  it('silent sign-in completes with the authorize page on the platform’s pages origin, not the API’s', async () => {
    const w = await openDemo();
    await signInWithWidget(w.page, DEMO_LOGINS.member.email, DEMO_LOGINS.member.password);
    const authorize = w.requests.filter((u) => /\/oauth2\/authorize\?redirectSession=/.test(u));
    expect(authorize).toHaveLength(1);
    expect(new URL(authorize[0]!).origin).toBe(env.stack.hosted);
    expect(env.stack.hosted).not.toBe(env.stack.api);
    // the frame is gone; the member tokens work against the API
    expect(await w.page.locator('iframe').count()).toBe(0);
    await w.page.reload();
    await widget(w.page).getByRole('button', { name: 'Account menu for Maya' }).waitFor();
    await w.context.close();
  });

  it('sign-out visits the platform’s logout URL, which ends the session there and comes back; signed out after a reload', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/?category=garden`);
    await signInWithWidget(w.page, DEMO_LOGINS.member.email, DEMO_LOGINS.member.password);
    const stored = await w.page.evaluate(() => localStorage.getItem('inlay.tokens.demo-client'));
    const refreshToken = (JSON.parse(stored!) as { refreshToken: { value: string; role: string } }).refreshToken;
    expect(refreshToken.role).toBe('member');
    const renew = () =>
      api(env.stack.emulator, '/oauth2/token', {
        body: { clientId: 'demo-client', grantType: 'refresh_token', refreshToken: refreshToken.value },
      });
    expect((await renew()).status).toBe(200);

    const visit = w.page.waitForRequest((r) => r.url().startsWith(`${env.stack.hosted}/_hosted/logout?session=`));
    const loads: string[] = [];
    w.page.on('load', () => loads.push(w.page.url()));
    await widget(w.page)
      .getByRole('button', { name: /^Account menu for/ })
      .click();
    await widget(w.page).getByRole('menuitem', { name: 'Sign out' }).click();
    // a top-level visit of the logout URL, on the platform's pages origin, which sends the browser back to the page
    const answer = await (await visit).response();
    expect(answer?.status()).toBe(302);
    expect(answer?.headers()['location']).toBe(`${env.stack.demo}/?category=garden`);
    await expect.poll(() => loads).toEqual([`${env.stack.demo}/?category=garden`]);
    await widget(w.page).getByRole('button', { name: 'Sign in' }).waitFor();
    // the emulator saw the visit: that session's refresh token is refused now, and the logout session is used up
    expect((await renew()).status).toBe(400);
    const used = env.stack.emulator.db
      .prepare<[], { used_at: number | null }>(
        "SELECT used_at FROM redirect_sessions WHERE kind = 'logout' ORDER BY created_at DESC LIMIT 1",
      )
      .get();
    expect(used?.used_at).toEqual(expect.any(Number));
    await w.page.reload();
    await widget(w.page).getByRole('button', { name: 'Sign in' }).waitFor();
    await expect.poll(() => w.page.evaluate(() => window.Inlay!.session.get().status)).toBe('visitor');
    await w.context.close();
  });

  it('members edit their name and join or leave the community inline; an empty name is refused on the field', async () => {
    await immediateMember('lin@example.com', 'correct horse 42');
    const w = await openDemo({ viewport: { width: 375, height: 800 } });
    await widget(w.page).getByRole('button', { name: 'Sign in' }).click();
    await widget(w.page).getByLabel('Email').fill('lin@example.com');
    await widget(w.page).getByLabel('Password', { exact: true }).fill('correct horse 42');
    await widget(w.page).getByLabel('Password', { exact: true }).press('Enter');
    const menuButton = widget(w.page).getByRole('button', { name: 'Account menu for Grace Hopper' });
    await menuButton.click();
    await widget(w.page).getByRole('menuitem', { name: 'Edit profile' }).click();
    const profile = widget(w.page).getByRole('dialog', { name: 'Your profile' });
    // the account's profile in the header: its "On the site" form holds the display name and the community
    const pub = profile.getByRole('form', { name: 'On the site' });
    const name = pub.getByLabel('Name shown with your reviews');
    const community = profile.getByLabel('Show my profile in the site’s community');
    await expect.poll(() => name.inputValue()).toBe('Grace Hopper');
    expect(await community.isChecked()).toBe(true); // members join on sign-up (PUBLIC)
    await noAxe(w.page);

    await name.fill('  ');
    await pub.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => pub.locator('.err').textContent()).toBe('Enter a name (up to 100 characters).');
    expect(await name.getAttribute('aria-invalid')).toBe('true');

    await name.fill('Rear Admiral Hopper');
    await community.uncheck();
    await pub.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => pub.getByRole('status').textContent()).toBe('Profile saved.');
    await widget(w.page).getByRole('button', { name: 'Account menu for Rear Admiral Hopper' }).waitFor();
    const row = env.stack.emulator.db
      .prepare<[string], { nickname: string; privacy_status: string }>(
        'SELECT nickname, privacy_status FROM members WHERE email = ?',
      )
      .get('lin@example.com');
    expect(row).toEqual({ nickname: 'Rear Admiral Hopper', privacy_status: 'PRIVATE' });
    await noAxe(w.page);

    // Escape closes the panel and focus returns to the member button; after a reload the new name stays
    await name.press('Escape');
    await expect.poll(() => profile.count()).toBe(0);
    await w.page.reload();
    await widget(w.page).getByRole('button', { name: 'Account menu for Rear Admiral Hopper' }).waitFor();
    await w.context.close();
  });

  it('after saving the profile focus stays in the panel, Escape closes it back to the member button, and the menu never opens under it', async () => {
    await immediateMember('fay@example.com', 'correct horse 43');
    const w = await openDemo();
    await widget(w.page).getByRole('button', { name: 'Sign in' }).click();
    await widget(w.page).getByLabel('Email').fill('fay@example.com');
    await widget(w.page).getByLabel('Password', { exact: true }).fill('correct horse 43');
    await widget(w.page).getByLabel('Password', { exact: true }).press('Enter');
    await widget(w.page).getByRole('button', { name: 'Account menu for Grace Hopper' }).click();
    await widget(w.page).getByRole('menuitem', { name: 'Edit profile' }).click();
    const profile = widget(w.page).getByRole('dialog', { name: 'Your profile' });
    const pub = profile.getByRole('form', { name: 'On the site' });
    await pub.getByLabel('Name shown with your reviews').fill('Fay');
    await pub.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => pub.getByRole('status').textContent()).toBe('Profile saved.');
    const menuButton = widget(w.page).getByRole('button', { name: 'Account menu for Fay' });
    await menuButton.waitFor();
    const focusIn = (selector: string) =>
      w.page.evaluate(
        (sel) => !!document.querySelector('inlay-login')!.shadowRoot!.activeElement?.closest(sel),
        selector,
      );
    expect(await focusIn('[role=dialog]')).toBe(true);
    // the keyboard, not a click on a field: Escape goes to whatever holds focus
    await w.page.keyboard.press('Escape');
    await expect.poll(() => profile.count()).toBe(0);
    expect(await menuButton.evaluate((e) => e === (e.getRootNode() as ShadowRoot).activeElement)).toBe(true);

    // one surface at a time: the member button over an open panel closes it and opens the menu, on top
    await menuButton.click();
    await widget(w.page).getByRole('menuitem', { name: 'Edit profile' }).click();
    await profile.waitFor();
    await menuButton.click();
    const first = widget(w.page).getByRole('menuitem', { name: 'Edit profile' });
    await first.waitFor();
    expect(await profile.count()).toBe(0);
    expect(
      await first.evaluate((item) => {
        const r = item.getBoundingClientRect();
        return (item.getRootNode() as ShadowRoot).elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === item;
      }),
    ).toBe(true);
    // a click outside closes the panel too
    await first.click();
    await profile.waitFor();
    // (the listener is added once the panel has painted: a click in the same frame would be too early)
    await expect
      .poll(async () => {
        await w.page.mouse.click(5, 400);
        return profile.count();
      })
      .toBe(0);
    await noAxe(w.page);
    await w.context.close();
  });

  it('changing the password asks for the current one, keeps this session and signs every other device out', async () => {
    await immediateMember('kit@example.com', 'first secret 1');
    const signIn = async (w: Awaited<ReturnType<typeof openDemo>>) => {
      await signInWithWidget(w.page, 'kit@example.com', 'first secret 1');
      await widget(w.page).getByRole('button', { name: 'Account menu for Grace Hopper' }).waitFor();
    };
    const other = await openDemo();
    await signIn(other);
    const w = await openDemo({ viewport: { width: 375, height: 800 } });
    await signIn(w);
    w.expected.push(/status of 400/); // the wrong current password
    await widget(w.page).getByRole('button', { name: 'Account menu for Grace Hopper' }).click();
    await widget(w.page).getByRole('menuitem', { name: 'Edit profile' }).click();
    const profile = widget(w.page).getByRole('dialog', { name: 'Your profile' });
    await profile.getByRole('button', { name: 'Change password' }).click();
    const form = profile.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not my password');
    await form.getByLabel('New password').fill('second secret 2');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => form.locator('.err').textContent()).toBe('That isn’t your current password.');
    expect(await form.getByLabel('New password').inputValue()).toBe('second secret 2'); // nothing typed is lost
    await noAxe(w.page);

    await form.getByLabel('Current password').fill('first secret 1');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => form.getByRole('status').textContent())
      .toBe('Password changed. Other devices were signed out.');
    await noAxe(w.page);

    // this device stays signed in; the other one is signed out at its next request
    await w.page.reload();
    await widget(w.page).getByRole('button', { name: 'Account menu for Grace Hopper' }).waitFor();
    // its tokens are refused (401) and so is their renewal (400); nothing is replayed as the new visitor (no 403)
    other.expected.push(/status of 40[01]/);
    await other.page.reload();
    await widget(other.page).getByRole('button', { name: 'Sign in' }).waitFor();
    const { access } = await visitorTokens(env.stack.emulator);
    const attempt = (password: string) =>
      api(env.stack.emulator, '/_api/iam/authentication/v2/login', {
        token: access,
        body: { loginId: { email: 'kit@example.com' }, password },
      });
    expect((await attempt('first secret 1')).status).toBe(400);
    expect((await attempt('second secret 2')).json.state).toBe('SUCCESS');
    await other.context.close();
    await w.context.close();
  });
});
