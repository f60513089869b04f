// The account's Security section (issue 42 item 4) on the real stack: the built bundle in Chromium on the demo's
// /account page, the emulator on SQLite. A member with an authenticator app opens the section, which reads none of
// their factors (no public call does) and links to the platform's hosted account page; following it, then the page's
// "Manage second factors", shows the factor on the hosted security page.
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Secret } from 'otpauth';
import { axe, openPage } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { createTestMember } from '../helpers/emulator.ts';

const env = useStackAndBrowser();
const PASSWORD = 'correct-horse-9';

describe('<inlay-account> security', () => {
  it('a member with an authenticator app: the section names the hosted page, whose link leads to the factor', async () => {
    const emu = env.stack.emulator;
    const email = `secure-${Date.now()}@example.com`;
    const id = await createTestMember(emu, email, PASSWORD, { firstName: 'Ada', lastName: 'Secure' });
    for (const [opts, query] of [
      [{ viewport: { width: 375, height: 800 } }, '?dir=rtl'],
      [{}, ''],
    ] as const) {
      const w = await openPage(env.browser, opts);
      await w.page.goto(`${env.stack.demo}/account${query}`);
      const a = w.page.locator('inlay-account');
      await a.getByText('Sign in to see your account').waitFor();
      await a.getByLabel('Email').fill(email);
      await a.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await a.getByLabel('Password', { exact: true }).press('Enter');
      await a.getByRole('tab', { name: 'Security' }).waitFor();
      // the factor is enrolled once the member is signed in (the sign-in itself is not what this tests)
      if (!query)
        emu.db
          .prepare(
            `INSERT INTO member_factors (id, member_id, type, status, position, totp_secret, created_at)
             VALUES (?, ?, 'TOTP', 'ENABLED', 0, ?, ?)`,
          )
          .run(randomUUID(), id, new Secret().base32, emu.app.now());
      // keyboard: the tab row's arrows reach the section
      await a.getByRole('tab', { name: 'Orders' }).focus();
      await w.page.keyboard.press('End');
      await expect.poll(() => a.getByRole('tab', { name: 'Security' }).getAttribute('aria-selected')).toBe('true');
      const host = new URL(emu.hostedUrl).host;
      const link = a.getByRole('link', { name: `Manage second factors on ${host}` });
      await link.waitFor();
      expect(await a.locator('[part=security]').textContent()).toContain(
        `Second factors are managed on your account page on ${host}.`,
      );
      expect(await axe(w.page, 'inlay-account')).toEqual([]);
      expect(await w.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      if (query) {
        await w.context.close();
        continue;
      }
      await link.focus();
      await w.page.keyboard.press('Enter');
      await w.page.waitForURL((u) => u.origin === emu.hostedUrl && u.pathname === '/_hosted/account');
      expect(await w.page.locator('main').textContent()).toContain('One second factor is on.');
      await w.page.getByRole('link', { name: 'Manage second factors' }).click();
      await w.page.waitForURL((u) => u.pathname === '/_hosted/security');
      expect(await w.page.getByRole('heading', { name: 'Your second factors' }).isVisible()).toBe(true);
      expect(await w.page.locator('.factor').textContent()).toMatch(/Authenticator app\s*On/);
      expect(await axe(w.page, 'main')).toEqual([]);
      // adding an authenticator app shows its key; the waiting one is numbered apart from the first
      await w.page.getByRole('button', { name: 'Set up an authenticator app' }).click();
      await w.page.locator('#totp-secret').waitFor();
      expect(await w.page.locator('#totp-secret').textContent()).toMatch(/^[A-Z2-7]{32}$/);
      expect(await w.page.getByLabel('6-digit code').isVisible()).toBe(true);
      expect(await axe(w.page, 'main')).toEqual([]);
      await w.page.getByRole('button', { name: 'Remove Authenticator app 2' }).click();
      await w.page.getByRole('status').filter({ hasText: 'The second factor was removed.' }).waitFor();
      expect(await w.page.locator('.factor').count()).toBe(1);
      await w.context.close();
    }
  });
});
