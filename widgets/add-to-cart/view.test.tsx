import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mountWidget } from '../../tests/helpers/mount.ts';
import { fakeFetch, json } from '../../tests/helpers/fake-fetch.ts';

const products: Record<string, object> = {
  mug: { id: 'mug', name: 'Mug', slug: 'mug', stock: { inStock: true } },
  gone: { id: 'gone', name: 'Gone', slug: 'gone', stock: { inStock: false } },
};
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  const product = /\/products\/([^/?]+)/.exec(call.url)?.[1];
  if (product) return json(200, { product: products[product] });
  return json(200, { cart: { id: 'c1', lineItems: [], revision: '1' } });
});

beforeEach(() => document.body.replaceChildren());

describe('<inlay-add-to-cart>', () => {
  it('sold out: a disabled "Sold out" button', async () => {
    const { $ } = await mountWidget('inlay-add-to-cart', { 'product-id': 'gone' }, net.fetch);
    await vi.waitFor(() => expect($('button')?.textContent).toBe('Sold out'));
    expect($<HTMLButtonElement>('button')!.disabled).toBe(true);
  });

  it('adds, then says so (and tells screen readers)', async () => {
    const { $ } = await mountWidget('inlay-add-to-cart', { 'product-id': 'mug', 'no-open': '' }, net.fetch);
    await vi.waitFor(() => expect($('button')?.textContent).toBe('Add to cart'));
    $('button')!.click();
    await vi.waitFor(() => expect($('button')!.textContent).toBe('Added to cart'));
    expect($('[role=status]')!.textContent).toBe('Added to cart');
    expect(net.calls.some((c) => c.url.endsWith('/add-to-cart'))).toBe(true);
  });
});
