import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../core/api/products.ts';
import { cartOf, type CartStore } from '../../core/stores/current-cart.ts';
import { toastsOf } from '../../core/stores/toasts.ts';
import { testContext } from '../../tests/helpers/context.ts';
import { deferred, fakeFetch, json, type Call } from '../../tests/helpers/fake-fetch.ts';
import { blocked, createAddToCartModel } from './model.ts';

let answer: (call: Call) => Response | Promise<Response> | undefined;
const net = fakeFetch(async (call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  return (await answer(call)) ?? json(200, { cart: { id: 'c1', lineItems: [], revision: '1' } });
});
const adds = () => net.calls.filter((c) => c.url.endsWith('/add-to-cart'));
const host = document.createElement('div');
let carts: CartStore[] = [];
/** A new page: its add-to-cart model and the page's cart. */
function make() {
  const context = testContext(net.fetch, { clientId: 'atc-model' });
  const cart = cartOf(context.client);
  carts.push(cart);
  return { m: createAddToCartModel(context, { host }), cart, toasts: toastsOf(context.client) };
}

beforeEach(() => {
  net.calls.length = 0;
  answer = () => undefined;
});
afterEach(() => {
  carts.forEach((c) => c.close());
  carts = [];
  vi.useRealTimers();
});

const product = (p: Partial<Product>): Product => ({ id: 'p1', name: 'Mug', slug: 'mug', ...p });

describe('blocked', () => {
  it('sold out (the variant, else the product); a variant to choose when there are several; else nothing', () => {
    expect(blocked(undefined)).toBeUndefined();
    expect(blocked(product({ stock: { inStock: false } }))).toBe('atc.soldOut');
    const variants = [
      { id: 'v1', stock: { inStock: true } },
      { id: 'v2', stock: { inStock: false } },
    ];
    expect(blocked(product({ variants }))).toBe('atc.choose');
    expect(blocked(product({ variants }), 'v2')).toBe('atc.soldOut');
    expect(blocked(product({ variants }), 'v1')).toBeUndefined();
    expect(blocked(product({ variants: [{ id: 'v1' }] }))).toBeUndefined();
  });
});

describe('add-to-cart model', () => {
  it('adds the variant and a quantity from 1 to 9999, opens the drawer unless noOpen, shows "done" for 2.5 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const { m, cart } = make();
    const adding = m.add({ productId: 'p1', variantId: 'v1', quantity: 20000 });
    expect(m.$phase.get()).toBe('busy');
    await m.add({ productId: 'p1' }); // one at a time
    await adding;
    expect(m.$phase.get()).toBe('done');
    expect(cart.$cartOpen.get()).toBe(true);
    vi.advanceTimersByTime(2500);
    expect(m.$phase.get()).toBe('idle');
    cart.$cartOpen.set(false);
    await m.add({ productId: 'p2', quantity: Number('x'), noOpen: true });
    expect(cart.$cartOpen.get()).toBe(false);
    expect(adds().map((c) => (c.body as { lineItems: unknown[] }).lineItems[0])).toEqual([
      {
        catalogReference: { appId: expect.any(String), catalogItemId: 'p1', options: { variantId: 'v1' } },
        quantity: 9999,
      },
      { catalogReference: { appId: expect.any(String), catalogItemId: 'p2' }, quantity: 1 },
    ]);
    await m.add({}); // no product: nothing to add
    expect(adds()).toHaveLength(2);
  });

  it('a failure: a toast with why and "Try again", which repeats the same add (even while another is on its way)', async () => {
    const { m, toasts } = make();
    answer = (c) =>
      c.url.endsWith('/add-to-cart')
        ? json(400, { message: 'no', details: { applicationError: { code: 'X' } } })
        : undefined;
    await m.add({ productId: 'p1', quantity: 2 });
    expect(m.$phase.get()).toBe('idle');
    const [t] = toasts.$toasts.get();
    expect(t).toMatchObject({
      type: 'error',
      title: 'Couldn’t add this to your cart',
      description: expect.any(String),
      action: { label: 'Try again' },
    });

    const gate = deferred<Response>();
    answer = (c) => (c.url.endsWith('/add-to-cart') && adds().length === 2 ? gate.promise : undefined);
    const other = m.add({ productId: 'p9' });
    t!.action!.onClick();
    gate.resolve(json(200, { cart: { id: 'c1', lineItems: [], revision: '2' } }));
    await other;
    await vi.waitFor(() => expect(adds()).toHaveLength(3));
    expect(adds()[2]!.body).toMatchObject({ lineItems: [{ catalogReference: { catalogItemId: 'p1' }, quantity: 2 }] });
  });
});
