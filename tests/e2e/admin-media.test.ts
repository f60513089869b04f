// <inlay-admin>'s media library (issue 41 item 2) on the real stack: the built bundle in Chromium, the demo's /admin
// page with the site companion on its origin, the emulator on SQLite with the bytes on disk. Nothing is mocked: the
// image goes from the owner's browser to the platform's upload URL, and every step is read back from the emulator.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, openPage, pngBytes, signInWithWidget, type WatchedPage } from '../helpers/browser.ts';
import { adminToken, api } from '../helpers/emulator.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { DEMO_LOGINS } from '../../emulator/seed.ts';
import { iso } from '../../widgets/admin/media/bidi.ts';

const env = useStackAndBrowser();
const admin = (page: Page) => page.locator('inlay-admin');

async function openMedia(w: WatchedPage, query = '') {
  await w.page.goto(`${env.stack.demo}/admin?section=media${query ? `&${query}` : ''}`);
  await w.page.waitForFunction(() => customElements.get('inlay-admin') && customElements.get('inlay-login'));
  await signInWithWidget(w.page, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  const a = admin(w.page);
  await a.getByRole('listbox').or(a.locator('[part=empty]')).first().waitFor({ timeout: 15_000 });
  return a;
}

/** The file's record on the platform, as the admin identity reads it (`state` OK or DELETED; 404 once gone). */
async function onPlatform(name: string): Promise<{ state?: string } | undefined> {
  const token = await adminToken(env.stack.emulator);
  const live = await api(env.stack.emulator, '/site-media/v1/files/search', {
    token,
    body: { search: name, rootFolder: 'MEDIA_ROOT' },
  });
  const trash = await api(env.stack.emulator, '/site-media/v1/files/search', {
    token,
    body: { search: name, rootFolder: 'TRASH_ROOT' },
  });
  type Files = { files?: { displayName: string; state?: string }[] };
  const all = [...((live.json as Files).files ?? []), ...((trash.json as Files).files ?? [])] as {
    displayName: string;
    state?: string;
  }[];
  return all.find((f) => f.displayName === name);
}

describe('<inlay-admin section="media">', () => {
  it('an uploaded image appears, goes to the trash, comes back, and is deleted for good', async () => {
    const o = await openPage(env.browser);
    const a = await openMedia(o);
    const name = `e2e-mug-${Date.now()}.png`;
    const bytes = await pngBytes(o.page, '#b04020');
    await a.locator('input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer: bytes });
    const item = a.getByRole('option', { name: new RegExp(name) });
    await item.waitFor({ timeout: 15_000 });
    // its thumbnail is the platform's, over http(s), and the bytes are what was sent
    const src = await item.locator('img').getAttribute('src');
    expect(src).toMatch(/^https?:\/\//);
    expect(Buffer.from(await (await fetch(src!)).arrayBuffer()).equals(bytes)).toBe(true);
    expect(await onPlatform(name)).toMatchObject({ state: 'OK' });
    expect(await a.getByRole('progressbar', { name: `${iso(name)} uploaded` }).getAttribute('value')).toBe('100');

    await item.locator('.tick').click();
    await a.getByRole('button', { name: 'Move to trash' }).click();
    await a.getByText('1 item moved to the trash.').waitFor();
    expect(await item.count()).toBe(0);
    expect(await onPlatform(name)).toMatchObject({ state: 'DELETED' });

    await a.getByRole('button', { name: 'Trash', exact: true }).click();
    await item.waitFor();
    await item.locator('.tick').click();
    await a.getByRole('button', { name: 'Restore' }).click();
    await a.getByText('1 item restored.').waitFor();
    expect(await onPlatform(name)).toMatchObject({ state: 'OK' });
    await a.getByRole('button', { name: 'Library' }).click();
    await item.waitFor();

    await item.locator('.tick').click();
    await a.getByRole('button', { name: 'Move to trash' }).click();
    await a.getByText('1 item moved to the trash.').waitFor();
    await a.getByRole('button', { name: 'Trash', exact: true }).click();
    await item.waitFor();
    await item.locator('.tick').click();
    await a.getByRole('button', { name: 'Delete for good' }).click();
    await a.getByText('Delete 1 item for good? It cannot be restored.').waitFor();
    await a.locator('form.confirm').getByRole('button', { name: 'Delete for good' }).click();
    await a.getByText('1 item deleted for good.').waitFor();
    expect(await item.count()).toBe(0);
    expect(await onPlatform(name)).toBeUndefined();
    await o.context.close();
  });

  it('images dropped on the section upload, each with its progress; a file of another type is refused in words', async () => {
    const o = await openPage(env.browser);
    const a = await openMedia(o);
    const tag = `drop-${Date.now()}`;
    const png = [...(await pngBytes(o.page, '#406080'))];
    const data = await o.page.evaluateHandle(
      ([bytes, name]) => {
        const d = new DataTransfer();
        d.items.add(new File([new Uint8Array(bytes as number[])], `${name}.png`, { type: 'image/png' }));
        d.items.add(new File(['%PDF-1.4'], `${name}.pdf`, { type: 'application/pdf' }));
        return d;
      },
      [png, tag] as const,
    );
    const section = a.locator('.md');
    await section.dispatchEvent('dragover', { dataTransfer: data });
    await section.dispatchEvent('drop', { dataTransfer: data });
    await a.getByRole('option', { name: new RegExp(`${tag}.png`) }).waitFor({ timeout: 15_000 });
    await a.getByText(`${iso(`${tag}.pdf`)} was not uploaded: only PNG, JPEG, GIF or WebP images.`).waitFor();
    expect(await a.getByRole('progressbar', { name: `${iso(`${tag}.png`)} uploaded` }).count()).toBe(1);
    await o.context.close();
  });

  it('an import from an address that is not http(s), or that is private, is refused in words and kept', async () => {
    const o = await openPage(env.browser);
    // the companion's refusals are 400s, which Chromium logs
    o.expected.push(/status of 400/);
    const a = await openMedia(o);
    const field = a.getByRole('textbox', { name: 'Image address (https://…)' });
    for (const [url, words] of [
      ['ftp://example.com/a.png', 'Import from a web address that starts with http:// or https://.'],
      ['http://127.0.0.1:9/a.png', 'This address is on a private network or this computer'],
      ['http://169.254.169.254/latest/meta-data/', 'This address is on a private network or this computer'],
    ] as const) {
      await field.fill(url);
      await a.getByRole('button', { name: 'Import', exact: true }).click();
      await a.getByRole('alert').filter({ hasText: words }).waitFor();
      expect(await field.inputValue()).toBe(url);
    }
    await o.context.close();
  });

  it('axe clean at 375 px dark and right to left; arrows move through the grid, Space selects, Enter opens', async () => {
    for (const [opts, query] of [
      [{ colorScheme: 'dark' as const, viewport: { width: 375, height: 800 } }, ''],
      [{}, 'dir=rtl'],
    ] as const) {
      const o = await openPage(env.browser, opts);
      const a = await openMedia(o, query);
      const first = await pngBytes(o.page, '#204080');
      const second = await pngBytes(o.page, '#208040');
      const tag = `kbd-${Date.now()}`;
      await a.locator('input[type=file]').setInputFiles([
        { name: `${tag}-a.png`, mimeType: 'image/png', buffer: first },
        { name: `${tag}-b.png`, mimeType: 'image/png', buffer: second },
      ]);
      await a.getByRole('option', { name: new RegExp(`${tag}-b`) }).waitFor({ timeout: 15_000 });
      await a.getByRole('option', { name: new RegExp(`${tag}-a`) }).waitFor();
      expect(await axe(o.page, 'inlay-admin')).toEqual([]);
      expect(await o.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      const options = a.getByRole('option');
      expect(await options.evaluateAll((l) => l.filter((e) => (e as HTMLElement).tabIndex === 0).length)).toBe(1);
      await options.first().focus();
      const focused = () => a.evaluate((e) => e.shadowRoot!.activeElement?.textContent ?? '');
      const before = await focused();
      await o.page.keyboard.press(query ? 'ArrowLeft' : 'ArrowRight');
      await expect.poll(focused).not.toBe(before);
      expect(await options.nth(1).getAttribute('tabindex')).toBe('0');
      await o.page.keyboard.press('Space');
      await expect
        .poll(() => a.evaluate((e) => e.shadowRoot!.activeElement?.getAttribute('aria-selected') ?? 'none'))
        .toBe('true');
      await o.page.keyboard.press('Home');
      await expect.poll(focused).toBe(before);
      await o.page.keyboard.press('Enter');
      // a file opens its details; a folder opens the folder
      await a.locator('[part=details]').or(a.locator('[part=path]')).first().waitFor();
      await o.context.close();
    }
  });
});
