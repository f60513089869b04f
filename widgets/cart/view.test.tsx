import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cart } from '../../core/api/current-cart.ts';
import { mountWidget } from '../../tests/helpers/mount.ts';
import { returningVisitor } from '../../tests/helpers/context.ts';
import { fakeFetch, json } from '../../tests/helpers/fake-fetch.ts';
import { cartOf } from '../../core/stores/current-cart.ts';
import { addLanguage } from '../../core/i18n/index.ts';
import frPack from '../languages/fr.ts';

const money = (n: number) => ({ amount: n.toFixed(2), formattedAmount: `$${n.toFixed(2)}` });
const cart: Cart = {
  id: 'c1',
  revision: '1',
  lineItems: [
    {
      id: 'a',
      quantity: 2,
      catalogReference: { appId: 'a', catalogItemId: 'p-a' },
      productName: { original: 'Mug' },
      price: money(9),
      lineItemPrice: money(18),
    },
  ],
};
let failQuantity = false;
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  if (call.url.endsWith('/estimate-totals'))
    return json(200, { priceSummary: { subtotal: money(18), total: money(18) } });
  if (call.url.endsWith('/update-line-items-quantity') && failQuantity)
    return json(400, { message: 'no', details: { applicationError: { code: 'X' } } });
  return json(200, { cart });
});

/** The platform answering with a cart of one `line` (and its totals). */
const cartWith = (line: Cart['lineItems'][number]) =>
  fakeFetch((call) =>
    call.url.endsWith('/oauth2/token')
      ? json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 })
      : call.url.endsWith('/estimate-totals')
        ? json(200, { priceSummary: { subtotal: money(18), total: money(18) } })
        : json(200, { cart: { ...cart, lineItems: [line] } }),
  );

beforeEach(() => {
  document.body.replaceChildren();
  failQuantity = false;
});

/** A returning visitor's page (a visitor the page mints has no cart: its first read sends nothing). */
const returning = () => ({ storage: returningVisitor('test-client') });

describe('<inlay-cart>', () => {
  it('a badge with the count; the button opens the drawer with the lines and the totals', async () => {
    const { $ } = await mountWidget('inlay-cart', {}, net.fetch, returning());
    await vi.waitFor(() => expect($('.badge')?.textContent).toBe('2'));
    expect($('.cart-button')!.getAttribute('aria-label')).toBe('Cart, 2 items');
    $('.cart-button')!.click();
    await vi.waitFor(() => expect($<HTMLDialogElement>('dialog')!.open).toBe(true));
    expect($('.cart-button')!.getAttribute('aria-expanded')).toBe('true');
    expect($('li.line .name')!.textContent).toBe('Mug');
    await vi.waitFor(() => expect($('dl.totals dd.total')!.textContent).toBe('$18.00'));
  });

  it('right to left: an option and its value in different directions each isolated ("2" stays in the value), the price with its "each" one run', async () => {
    const line = {
      ...cart.lineItems[0]!,
      productName: { original: 'ספל 2' },
      descriptionLines: [
        { name: { original: 'Size' }, plainText: { original: 'גדול 2' } },
        { name: { original: 'צבע' }, colorInfo: { original: 'Navy' } },
      ],
    };
    const rtl = cartWith(line);
    const { $, $$ } = await mountWidget('inlay-cart', { open: '' }, rtl.fetch, returning());
    await vi.waitFor(() => expect($('li.line')).toBeTruthy());
    const runs = $$('li.line .muted > bdi').map((b) => b.textContent);
    expect(runs).toEqual(['Size: \u2068גדול 2\u2069 · \u2068צבע\u2069: Navy', '$9.00 each']);
    expect($('li.line .name > bdi')!.textContent).toBe('ספל 2');
  });

  it('in French an option and its value read "Couleur\u202f: Marine" (French puts a space before the colon)', async () => {
    addLanguage('fr', { ...frPack });
    const line = {
      ...cart.lineItems[0]!,
      descriptionLines: [{ name: { original: 'Couleur' }, colorInfo: { original: 'Marine' } }],
    };
    const fr = cartWith(line);
    const { $$ } = await mountWidget('inlay-cart', { open: '' }, fr.fetch, { locale: 'fr', ...returning() });
    await vi.waitFor(() => expect($$('li.line .muted > bdi')[0]?.textContent).toBe('Couleur\u202f: Marine'));
  });

  it('asks for the cart as it first renders, not a frame later (before any effect runs)', async () => {
    const { context } = await mountWidget('inlay-cart', {}, net.fetch, returning());
    // mountWidget resolved right after the element connected: passive effects wait for the next frame
    expect(cartOf(context.client).$cartStatus.get().state).toBe('loading');
  });

  it('a failed quantity change: an alert naming the chosen quantity, with Try again', async () => {
    const { $ } = await mountWidget('inlay-cart', { open: '' }, net.fetch, returning());
    await vi.waitFor(() => expect($('li.line')).toBeTruthy());
    failQuantity = true;
    $<HTMLButtonElement>('button[aria-label="One more Mug"]')!.click();
    await vi.waitFor(() =>
      expect($('li.line [role=alert]')?.textContent).toBe('Couldn’t change the quantity of Mug to 3. Try again'),
    );
    expect($('li.line input')!.getAttribute('aria-invalid')).toBe('true');
  });
});
