// <inlay-admin>'s members (issue 41 items 1 and 4) on the real stack: the built bundle in Chromium, the demo's /admin
// page with the site companion on its origin, the emulator on SQLite. Nothing is mocked: a sign-up under the owner's
// approval waits until the owner approves it in the console, a member the owner blocks is refused at sign-in, and a
// bulk approval by the "Pending sign-ups" view changes exactly the members that view shows; the open member is in the
// page's URL (issue 44 item 3): Back returns to the list where it was, a link opens a member.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, openPage, signInWithWidget, type WatchedPage } from '../helpers/browser.ts';
import { createTestMember } from '../helpers/emulator.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { DEMO_LOGINS } from '../../emulator/seed.ts';
import { allMembers, createMember, memberByEmail } from '../../emulator/domain/identity.ts';
import { setSetting } from '../../emulator/domain/settings.ts';
import { hashPassword } from '../../emulator/domain/auth.ts';

const env = useStackAndBrowser();
const admin = (page: Page) => page.locator('inlay-admin');
const login = (page: Page) => page.locator('inlay-login');
const panel = (page: Page) => login(page).getByRole('dialog');
const statusOf = (email: string) => memberByEmail(env.stack.emulator.db, email)?.status;

async function openConsole(w: WatchedPage, query = '') {
  await w.page.goto(`${env.stack.demo}/admin?section=members${query ? `&${query}` : ''}`);
  await w.page.waitForFunction(() => customElements.get('inlay-admin') && customElements.get('inlay-login'));
  await signInWithWidget(w.page, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  return admin(w.page);
}

/** A shopper's page with the inline <inlay-login>, its sign-in form filled and sent. */
async function trySignIn(w: WatchedPage, email: string, password: string) {
  await w.page.goto(`${env.stack.demo}/admin`);
  await w.page.waitForFunction(() => customElements.get('inlay-login'));
  await login(w.page).getByRole('button', { name: 'Sign in' }).click();
  await login(w.page).getByLabel('Email').fill(email);
  await login(w.page).getByLabel('Password', { exact: true }).fill(password);
  await login(w.page).getByLabel('Password', { exact: true }).press('Enter');
}

/** The member's page in the console, opened from the list by searching their email. */
async function openMember(a: ReturnType<typeof admin>, email: string) {
  await a.getByLabel('Search name or email').fill(email);
  const row = a.locator('[part=member]', { hasText: email });
  await row.waitFor({ timeout: 15_000 });
  await expect.poll(() => a.locator('[part=member]').count()).toBe(1);
  await row.getByRole('button', { name: /^Open / }).click();
  await a.locator('[part=member-page] [part=status]').waitFor();
}

describe('<inlay-admin section="members">', () => {
  it('a sign-up under owner approval waits ("waiting for approval"); the owner approves it; then it signs in inline', async () => {
    setSetting(env.stack.emulator.db, 'signup_policy', 'owner_approval');
    const email = 'wren.pending@example.com';
    const password = 'a-long-enough-password';
    const m = await openPage(env.browser);
    await m.page.goto(`${env.stack.demo}/admin`);
    await m.page.waitForFunction(() => customElements.get('inlay-login'));
    await login(m.page).getByRole('button', { name: 'Sign in' }).click();
    await panel(m.page).getByRole('button', { name: 'New here? Create an account' }).click();
    await login(m.page).getByLabel('Email').fill(email);
    await login(m.page).getByLabel('Password', { exact: true }).fill(password);
    await login(m.page).getByLabel('Name (optional)').fill('Wren');
    await panel(m.page).getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => panel(m.page).textContent()).toContain('waiting for approval');
    expect(statusOf(email)).toBe('PENDING');
    // signing in again says the same, and does not sign in
    await trySignIn(m, email, password);
    await expect.poll(() => panel(m.page).textContent()).toContain('waiting for approval');

    const o = await openPage(env.browser);
    const a = await openConsole(o, 'admin-members=pending');
    // the Members tab tells the owner how many wait, in words for screen readers
    const tab = a.getByRole('tab', { name: /Members/ });
    await expect.poll(() => tab.textContent()).toMatch(/\d+ waiting for approval/);
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    await a.locator('[part=member]', { hasText: email }).waitFor({ timeout: 15_000 });
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);
    await openMember(a, email);
    expect(await a.locator('[part=member-page] [part=status]').textContent()).toBe('Waiting for approval');
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);
    await a.locator('[part=actions]').getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => a.locator('[part=done]').textContent()).toContain('Approved');
    expect(statusOf(email)).toBe('APPROVED');

    await trySignIn(m, email, password);
    await login(m.page)
      .getByRole('button', { name: /^Account menu for / })
      .waitFor();
    await o.context.close();
    await m.context.close();
  });

  it('French at 375 and 1280 px: the status and sort selects are as wide as their longest choice, nothing is cut', async () => {
    for (const width of [375, 1280]) {
      const o = await openPage(env.browser, { viewport: { width, height: 800 } });
      const a = await openConsole(o, 'admin-members=pending&dir=rtl');
      await o.page.evaluate(() => (document.documentElement.lang = 'fr'));
      await a.locator('[part=member]').first().waitFor({ timeout: 15_000 });
      for (const name of ['Statut', 'Trier']) {
        const [shown, needed] = await a
          .getByRole('combobox', { name: new RegExp(`^${name}`) })
          .evaluate((s: HTMLSelectElement) => {
            const w = s.getBoundingClientRect().width;
            s.style.width = 'max-content';
            const n = s.getBoundingClientRect().width;
            s.style.width = '';
            return [w, n];
          });
        expect(shown, `${name} at ${width} px`).toBeGreaterThanOrEqual(needed);
      }
      expect(await o.page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      await o.context.close();
    }
  });

  it('the owner blocks a member (asked first); that member’s sign-in is then refused in words', async () => {
    const email = 'sly.blocked@example.com';
    const password = 'a-long-enough-password';
    await createTestMember(env.stack.emulator, email, password, { firstName: 'Sly' });
    const o = await openPage(env.browser);
    const a = await openConsole(o);
    await openMember(a, email);
    await a.locator('[part=actions]').getByRole('button', { name: 'Block' }).click();
    const ask = a.locator('[part=confirm]');
    await expect.poll(() => ask.textContent()).toContain('Block Sly?');
    expect(statusOf(email)).toBe('APPROVED');
    await ask.getByRole('button', { name: 'Block' }).click();
    await expect.poll(() => a.locator('[part=member-page] [part=status]').textContent()).toBe('Blocked');
    expect(statusOf(email)).toBe('BLOCKED');

    const m = await openPage(env.browser);
    m.expected.push(/status of 403/); // the refused sign-in: Chromium logs the request itself
    await trySignIn(m, email, password);
    await expect.poll(() => panel(m.page).textContent()).toContain('This account is blocked');
    expect(
      await login(m.page)
        .getByRole('button', { name: /^Account menu for / })
        .count(),
    ).toBe(0);
    await o.context.close();
    await m.context.close();
  });

  it('bulk approve by the "Pending sign-ups" view changes exactly the members it shows, after naming the count', async () => {
    const db = env.stack.emulator.db;
    const hash = await hashPassword('a-long-enough-password');
    for (const n of ['one', 'two'])
      createMember(
        db,
        {
          email: `bulk.${n}@example.com`,
          passwordHash: hash,
          status: 'PENDING',
          nickname: n,
          firstName: n,
          lastName: null,
        },
        env.stack.emulator.app.now(),
      );
    const before = new Map(allMembers(db).map((x) => [x.email, x.status]));
    const pending = [...before].filter(([, s]) => s === 'PENDING').map(([e]) => e);
    expect(pending.length).toBeGreaterThanOrEqual(2);

    const o = await openPage(env.browser, { viewport: { width: 375, height: 800 } });
    const a = await openConsole(o, 'admin-members=pending');
    await expect
      .poll(() => a.locator('[part=count]').textContent(), { timeout: 15_000 })
      .toBe(`${pending.length} members`);
    await a.getByRole('button', { name: 'Approve all' }).click();
    const ask = a.locator('[part=confirm]');
    await expect.poll(() => ask.textContent()).toContain(`Approve ${pending.length} members?`);
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);
    // the cards, the chips and the tab's count for screen readers never widen the page at 375 px
    expect(await o.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await ask.getByRole('button', { name: 'Yes, do it' }).click();
    await expect.poll(() => a.locator('[part=done]').textContent()).toContain('approved');
    await expect.poll(() => a.locator('[part=empty]').textContent()).toContain('No sign-ups are waiting');
    const after = new Map(allMembers(db).map((x) => [x.email, x.status]));
    for (const [email, status] of before)
      expect([email, after.get(email)]).toEqual([email, pending.includes(email) ? 'APPROVED' : status]);
    await o.context.close();
  });

  it('the open member is in the URL: Back returns to the list as it was (filters, scroll); a link opens a member, an unknown one says so', async () => {
    const db = env.stack.emulator.db;
    const hash = await hashPassword('a-long-enough-password');
    for (let n = 0; n < 12; n++)
      createMember(
        db,
        {
          email: `scroll.${n}@example.com`,
          passwordHash: hash,
          status: 'APPROVED',
          nickname: `s${n}`,
          firstName: `Scroll ${n}`,
          lastName: null,
        },
        env.stack.emulator.app.now(),
      );
    const o = await openPage(env.browser, { viewport: { width: 375, height: 700 } });
    const param = (name: string) => new URL(o.page.url()).searchParams.get(name);
    const a = await openConsole(o, 'admin-mq=scroll.');
    const rows = a.locator('[part=member]');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(12);
    // the last card, scrolled to as a person would
    const open = rows.last().getByRole('button', { name: /^Open / });
    await open.scrollIntoViewIfNeeded();
    const y = await o.page.evaluate(() => scrollY);
    expect(y).toBeGreaterThan(300);
    const name = (await open.textContent())!;
    await open.click();
    await a.locator('[part=member-page] [part=status]').waitFor({ timeout: 15_000 });
    expect(await a.locator('[part=member-page] h3').textContent()).toBe(name);
    const id = param('admin-member')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(param('admin-mq')).toBe('scroll.');

    // the browser's Back: the list with its search, where it was, the member left focused
    await o.page.goBack();
    await expect.poll(() => rows.count()).toBe(12);
    expect(await a.locator('[part=member-page]').count()).toBe(0);
    expect([param('admin-member'), param('admin-mq')]).toEqual([null, 'scroll.']);
    expect(await a.getByLabel('Search name or email').inputValue()).toBe('scroll.');
    await expect.poll(() => o.page.evaluate(() => Math.round(scrollY))).toBe(Math.round(y));
    await expect.poll(() => a.evaluate((el) => el.shadowRoot!.activeElement?.textContent ?? '')).toBe(name);
    // Forward: the member again; Back once more
    await o.page.goForward();
    await a.locator('[part=member-page] [part=status]').waitFor({ timeout: 15_000 });
    expect(await a.locator('[part=member-page] h3').textContent()).toBe(name);
    await o.page.goBack();
    await expect.poll(() => rows.count()).toBe(12);
    // the page's own "Back to members" (a new entry, nothing for the browser to restore): the list where it was too
    await expect.poll(() => o.page.evaluate(() => Math.round(scrollY))).toBe(Math.round(y));
    await open.click();
    await a.locator('[part=member-page] [part=status]').waitFor({ timeout: 15_000 });
    await a.getByRole('button', { name: 'Back to members' }).click();
    await expect.poll(() => rows.count()).toBe(12);
    expect(param('admin-member')).toBe(null);
    await expect.poll(() => o.page.evaluate(() => Math.round(scrollY))).toBe(Math.round(y));
    await expect.poll(() => a.evaluate((el) => el.shadowRoot!.activeElement?.textContent ?? '')).toBe(name);

    // a link opens the member directly, on the Members tab (the owner still signed in on this browser)
    const link = await o.context.newPage();
    await link.goto(`${env.stack.demo}/admin?admin-member=${id}`);
    const b = admin(link);
    await b.locator('[part=member-page] [part=status]').waitFor({ timeout: 15_000 });
    expect(await b.locator('[part=member-page] h3').textContent()).toBe(name);
    expect(await b.getByRole('tab', { name: /Members/ }).getAttribute('aria-selected')).toBe('true');
    // a member who is not there (deleted, a cut link): said in words, the list one press away
    await link.goto(`${env.stack.demo}/admin?admin-member=00000000-0000-4000-8000-000000000000`);
    await b.getByText('No member has this link').waitFor({ timeout: 15_000 });
    await b.getByRole('button', { name: 'Back to members' }).click();
    await b.locator('[part=member]').first().waitFor({ timeout: 15_000 });
    expect(new URL(link.url()).searchParams.get('admin-member')).toBe(null);
    await o.context.close();
  });

  it('a long name is cut at its end in its own direction, its start kept, on a right-to-left page', async () => {
    const names = {
      'cut.he@example.com': 'אברהם בן דוד '.repeat(6).trim(),
      'cut.en@example.com': 'Bartholomew Fitzwilliam-Montgomery '.repeat(3).trim(),
    };
    const passwordHash = await hashPassword('a-long-enough-password');
    for (const [email, firstName] of Object.entries(names))
      createMember(
        env.stack.emulator.db,
        { email, passwordHash, status: 'APPROVED', nickname: 'cut', firstName, lastName: null },
        env.stack.emulator.app.now(),
      );
    const o = await openPage(env.browser, { viewport: { width: 1280, height: 800 } });
    const a = await openConsole(o, 'admin-mq=cut.&dir=rtl');
    await expect.poll(() => a.locator('[part=member]').count(), { timeout: 15_000 }).toBe(2);
    for (const [email, name] of Object.entries(names)) {
      const shown = await a
        .locator('[part=member]', { hasText: email })
        .locator('button.nm')
        .evaluate((b: HTMLElement) => {
          const box = b.getBoundingClientRect();
          const first = document.createRange();
          first.setStart(b.firstChild!, 0);
          first.setEnd(b.firstChild!, 1);
          const c = first.getBoundingClientRect();
          return {
            text: b.textContent,
            cut: b.scrollWidth > b.clientWidth,
            direction: getComputedStyle(b).direction,
            // how far the name's first letter sits from the side it starts on
            fromStart: getComputedStyle(b).direction === 'rtl' ? box.right - c.right : c.left - box.left,
          };
        });
      expect(shown, email).toMatchObject({
        text: name,
        cut: true,
        direction: /[\u0590-\u05ff]/.test(name) ? 'rtl' : 'ltr',
      });
      expect(Math.abs(shown.fromStart), email).toBeLessThan(2);
    }
    await o.context.close();
  });
});
