import { describe, expect, it } from 'vitest';
import { axe, openPage } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { api } from '../helpers/emulator.ts';

const env = useStackAndBrowser();

describe('<inlay-toaster>', () => {
  it('an error toast with “Try again” stays past the 4 s of a plain toast, until acted on', async () => {
    const w = await openPage(env.browser);
    w.expected.push(/status of 503/);
    await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug`);
    await w.page.waitForFunction(() => customElements.get('inlay-add-to-cart'));
    await api(env.stack.emulator, '/_dev/faults', {
      body: { path: '/ecom/v1/carts/current/add-to-cart', status: 503, times: 1 },
    });
    await w.page.locator('.buy inlay-add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
    const toaster = w.page.locator('inlay-toaster');
    const retry = toaster.getByRole('button', { name: 'Try again' });
    await retry.waitFor();
    // the pointer is away from the toaster (hovering it would hold the timers)
    await w.page.mouse.move(5, 5);
    await w.page.waitForTimeout(5000);
    expect(await retry.count()).toBe(1);
    expect(await axe(w.page, 'inlay-toaster')).toEqual([]);
    await retry.click();
    await expect.poll(() => toaster.locator('li').count()).toBe(0);
    await expect.poll(() => w.page.locator('inlay-cart').locator('.badge').textContent()).toBe('1'); // the retry added it
    await w.context.close();
  });

  it('the toasts load with the first one: not with the page; a failed load still says it, and the next one loads', async () => {
    const w = await openPage(env.browser);
    w.expected.push(/status of 503/, /ERR_FAILED/);
    const asked: string[] = [];
    w.page.on('request', (r) => /\/assets\/toast-list-[\w-]{8}\.js$/.test(r.url()) && asked.push(r.url()));
    await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug`);
    await w.page.waitForFunction(() => customElements.get('inlay-add-to-cart') && customElements.get('inlay-toaster'));
    await w.page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    const toaster = w.page.locator('inlay-toaster');
    const add = w.page.locator('.buy inlay-add-to-cart').getByRole('button', { name: 'Add to cart' });
    const fail = () =>
      api(env.stack.emulator, '/_dev/faults', {
        body: { path: '/ecom/v1/carts/current/add-to-cart', status: 503, times: 1 },
      });

    // the chunk cannot load: the toast's title is still in the live region
    await w.page.route(/\/assets\/toast-list-/, (r) => r.abort());
    await fail();
    await add.click();
    await expect.poll(() => toaster.locator('li').first().textContent()).toMatch(/could not|couldn’t|failed/i);
    expect(asked).toHaveLength(1);

    // back online: the next toast brings the chunk, with its buttons
    await w.page.unroute(/\/assets\/toast-list-/);
    await fail();
    await add.click();
    await toaster.getByRole('button', { name: 'Try again' }).first().waitFor();
    expect(asked).toHaveLength(2);
    await w.context.close();
  });
});
