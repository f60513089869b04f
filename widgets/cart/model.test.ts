import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cart } from '../../core/api/current-cart.ts';
import { emitFrom } from '../../core/events.ts';
import { returningVisitor, testContext } from '../../tests/helpers/context.ts';
import { deferred, fakeFetch, json, type Call } from '../../tests/helpers/fake-fetch.ts';
import { availabilityKey, boundQuantity, couponErrorKey, createCartModel, type CartModel } from './model.ts';

const money = (n: number) => ({ amount: n.toFixed(2), formattedAmount: `$${n.toFixed(2)}` });
const line = (id: string, quantity: number, variantId?: string): Cart['lineItems'][number] => ({
  id,
  quantity,
  catalogReference: { appId: 'a', catalogItemId: `p-${id}`, ...(variantId ? { options: { variantId } } : {}) },
  productName: { original: `Product ${id}` },
  price: money(10),
});
const cartWith = (...lines: Cart['lineItems']): Cart => ({ id: 'c1', lineItems: lines, revision: '1' });
const refused = (code: string) => json(400, { message: 'refused', details: { applicationError: { code } } });
const totals = (total: number) => ({ priceSummary: { total: money(total) } });

/** The platform: answers per path (after the cart's GET); `answer` may hold a write. */
let answer: (call: Call) => Response | Promise<Response> | undefined;
let server: Cart;
const net = fakeFetch(async (call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  const custom = await answer(call);
  if (custom) return custom;
  if (call.method === 'GET') return json(200, { cart: server });
  return json(200, { cart: server });
});
const writes = (path: string) => net.calls.filter((c) => c.method !== 'GET' && c.url.endsWith(path));

let models: CartModel[] = [];
const host = document.createElement('div');
function make() {
  const m = createCartModel(
    testContext(net.fetch, { clientId: 'cart-model', storage: returningVisitor('cart-model') }),
    { host, emit: emitFrom(host) },
  );
  models.push(m);
  return m;
}
beforeEach(() => {
  net.calls.length = 0;
  server = cartWith(line('a', 1), line('b', 2, 'v1'));
  answer = () => undefined;
});
afterEach(() => {
  models.forEach((m) => m.cart.close());
  models = [];
  vi.restoreAllMocks();
});

describe('cart helpers', () => {
  it('boundQuantity keeps a typed quantity within 1 and the stock', () => {
    const l = { ...line('a', 1), availability: { status: 'AVAILABLE', quantityAvailable: 5 } };
    expect(boundQuantity('3', l)).toEqual({ value: 3, over: false });
    expect(boundQuantity('9', l)).toEqual({ value: 5, over: true });
    expect(boundQuantity('0', l)).toEqual({ value: 1, over: false });
    expect(boundQuantity(' ', l)).toBeUndefined();
  });
  it('availabilityKey and couponErrorKey', () => {
    expect(availabilityKey(line('a', 1))).toBeUndefined();
    expect(availabilityKey({ ...line('a', 1), availability: { status: 'NOT_AVAILABLE' } })).toBe('cart.outOfStock');
    expect(availabilityKey({ ...line('a', 1), availability: { status: 'NOT_FOUND' } })).toBe('cart.notFound');
    expect(availabilityKey({ ...line('a', 3), availability: { status: 'AVAILABLE', quantityAvailable: 2 } })).toBe(
      'cart.partial',
    );
    expect(couponErrorKey(new Error('x'))).toBeUndefined();
  });
});

describe('cart model', () => {
  it('a failed quantity change keeps the chosen quantity on its line; the retry that works clears it', async () => {
    const m = make();
    await m.cart.loadCart();
    answer = (c) => (c.url.endsWith('/update-line-items-quantity') ? refused('X') : undefined);
    await m.setQuantity(server.lineItems[0]!, 3);
    expect(m.$failed.get()).toEqual({ a: 3 });
    expect(m.cart.$cart.get()!.lineItems[0]!.quantity).toBe(1); // rolled back
    answer = () => undefined;
    server = cartWith(line('a', 3), line('b', 2, 'v1'));
    await m.setQuantity(server.lineItems[0]!, 3);
    expect(m.$failed.get()).toEqual({});
  });

  it('a removal offers its undo, which adds the same product, variant and quantity back', async () => {
    const m = make();
    await m.cart.loadCart();
    m.cart.$cartOpen.set(true);
    const b = server.lineItems[1]!;
    server = cartWith(line('a', 1));
    await m.remove(b);
    expect(m.$removed.get()).toMatchObject({
      name: 'Product b',
      item: { productId: 'p-b', variantId: 'v1', quantity: 2 },
    });
    await m.undo();
    expect(m.$removed.get()).toBeUndefined();
    expect(writes('/add-to-cart').map((c) => c.body)).toEqual([
      {
        lineItems: [
          {
            catalogReference: { appId: expect.any(String), catalogItemId: 'p-b', options: { variantId: 'v1' } },
            quantity: 2,
          },
        ],
      },
    ]);
  });

  it('an undo that fails stays in the note with why; a removal answered after the drawer closed leaves no note', async () => {
    const m = make();
    await m.cart.loadCart();
    m.cart.$cartOpen.set(true);
    await m.remove(server.lineItems[0]!);
    answer = (c) => (c.url.endsWith('/add-to-cart') ? refused('X') : undefined);
    await m.undo();
    expect(m.$removed.get()).toMatchObject({ name: 'Product a', error: expect.any(String) });
    answer = () => undefined;
    m.closed();
    expect(m.$removed.get()).toBeUndefined();
    expect(m.cart.$cartOpen.get()).toBe(false);

    m.cart.$cartOpen.set(true);
    const gate = deferred<Response>();
    answer = (c) => (c.url.endsWith('/remove-line-items') ? gate.promise : undefined);
    const removing = m.remove(server.lineItems[1]!);
    m.closed();
    gate.resolve(json(200, { cart: cartWith(line('a', 1)) }));
    await removing;
    expect(m.$removed.get()).toBeUndefined();
  });

  it('a failed removal names the line, on that line; the next change to it clears the message', async () => {
    const m = make();
    await m.cart.loadCart();
    answer = (c) => (c.url.endsWith('/remove-line-items') ? refused('X') : undefined);
    await m.remove(server.lineItems[0]!);
    expect(m.$lineErrors.get().a).toMatch(/^Couldn’t remove Product a\. /);
    answer = () => undefined;
    await m.setQuantity(server.lineItems[0]!, 2);
    expect(m.$lineErrors.get()).toEqual({});
  });
});

describe('cart summary', () => {
  it('totals: a later estimate drops the answer of the one before; none is asked while changes are in flight', async () => {
    const m = make();
    await m.cart.loadCart();
    const s = m.summary();
    const first = deferred<Response>();
    answer = (c) =>
      c.url.endsWith('/estimate-totals')
        ? writes('/estimate-totals').length === 1
          ? first.promise
          : json(200, totals(20))
        : undefined;
    s.estimate();
    s.estimate();
    await vi.waitFor(() => expect(s.$totals.get().data?.priceSummary.total.amount).toBe('20.00'));
    first.resolve(json(200, totals(10)));
    await new Promise((r) => setTimeout(r, 0));
    expect(s.$totals.get().data?.priceSummary.total.amount).toBe('20.00');

    // a failure keeps the totals shown and adds the error
    answer = (c) => (c.url.endsWith('/estimate-totals') ? refused('X') : undefined);
    s.estimate();
    await vi.waitFor(() => expect(s.$totals.get().error).toBeTruthy());
    expect(s.$totals.get().data).toBeTruthy();

    const gate = deferred<Response>();
    answer = (c) => (c.url.endsWith('/update-line-items-quantity') ? gate.promise : undefined);
    const change = m.setQuantity(server.lineItems[0]!, 2);
    const asked = writes('/estimate-totals').length;
    s.estimate();
    expect(writes('/estimate-totals')).toHaveLength(asked);
    gate.resolve(json(200, { cart: server }));
    await change;
  });

  it('coupons: a missing code is not sent; a refused one says why; an applied one clears the state', async () => {
    const m = make();
    await m.cart.loadCart();
    const s = m.summary();
    expect(await s.applyCoupon('  ')).toBe(false);
    expect(s.$coupon.get()).toEqual({ error: 'Enter a coupon code.' });
    expect(writes('/carts/current')).toHaveLength(0);

    answer = (c) => (c.method === 'PATCH' ? refused('COUPON_IS_EXPIRED') : undefined);
    const applying = s.applyCoupon('summer24');
    expect(s.$coupon.get()).toEqual({ busy: true });
    expect(await applying).toBe(false);
    expect(s.$coupon.get()).toEqual({ error: 'This coupon has expired.' });

    answer = () => undefined;
    expect(await s.applyCoupon(' welcome10 ')).toBe(true);
    expect(s.$coupon.get()).toEqual({});
    expect(writes('/carts/current').map((c) => c.body)).toEqual([
      { couponCode: 'summer24' },
      { couponCode: 'welcome10' },
    ]);
  });

  it('checkout: inlay-checkout may cancel the navigation; a failure says so', async () => {
    const m = make();
    await m.cart.loadCart();
    const s = m.summary();
    answer = (c) =>
      c.url.endsWith('/create-checkout')
        ? json(200, { checkoutId: 'co1' })
        : c.url.endsWith('/redirect-session')
          ? json(200, { redirectSession: { fullUrl: 'https://pay.test/co1' } })
          : undefined;
    const seen: unknown[] = [];
    const cancel = (e: CustomEvent) => (seen.push(e.detail), e.preventDefault());
    host.addEventListener('inlay-checkout', cancel);
    await s.checkout('javascript:alert(1)');
    host.removeEventListener('inlay-checkout', cancel);
    expect(seen).toEqual([{ checkoutId: 'co1', url: 'https://pay.test/co1' }]);
    expect(s.$checkout.get()).toEqual({});
    // not an http(s) URL: the platform sends the buyer back to this page
    expect(writes('/redirect-session')[0]!.body).toMatchObject({
      callbacks: { thankYouPageUrl: location.href, postFlowUrl: location.href },
      // the hosted checkout in the page's language
      preferences: { additionalQueryParameters: { lang: 'en' } },
    });

    answer = (c) => (c.url.endsWith('/create-checkout') ? refused('X') : undefined);
    await s.checkout();
    expect(s.$checkout.get().error).toMatch(/^We couldn’t start the checkout\. /);
  });
});
