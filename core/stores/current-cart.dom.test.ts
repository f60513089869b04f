import { beforeEach, describe, expect, it, vi } from 'vitest';
import { returningVisitor, testContext } from '../../tests/helpers/context.ts';
import { deferred, fakeFetch, json } from '../../tests/helpers/fake-fetch.ts';
import { createCart, memberPrefill, type CartStore } from './current-cart.ts';
import type { Member } from '../api/members.ts';
import type { Cart } from '../api/current-cart.ts';

const money = (n: number) => ({ amount: n.toFixed(2), formattedAmount: `$${n.toFixed(2)}` });
const line = (id: string, quantity: number): Cart['lineItems'][number] => ({
  id,
  quantity,
  catalogReference: { appId: 'a', catalogItemId: `p-${id}` },
  price: money(10),
});
const cartOf = (revision: number, ...lines: ReturnType<typeof line>[]): Cart => ({
  id: 'c1',
  lineItems: lines,
  revision: String(revision),
});

/** `lose`: the change is made, then the answer is lost. `unreadable`: GETs of the cart fail (a 400: not retried). */
let server: { cart: Cart | null; fail?: () => Response | Promise<Response>; lose?: boolean; unreadable?: boolean } = {
  cart: null,
};
const net = fakeFetch(async (call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  if (call.method !== 'GET' && server.fail) return server.fail();
  if (call.method === 'GET' && server.unreadable)
    return json(400, { message: 'no', details: { applicationError: { code: 'X' } } });
  if (call.method === 'GET')
    return server.cart
      ? json(200, { cart: server.cart })
      : json(404, { message: 'no cart', details: { applicationError: { code: 'OWNED_CART_NOT_FOUND' } } });
  const body = call.body as { lineItems?: { id?: string; quantity: number }[]; lineItemIds?: string[] };
  const cur = server.cart ?? cartOf(0);
  const rev = Number(cur.revision) + 1;
  if (call.url.endsWith('/add-to-cart')) {
    const item = (body as { lineItems: { catalogReference: { catalogItemId: string }; quantity: number }[] })
      .lineItems[0]!;
    server.cart = cartOf(rev, ...cur.lineItems, {
      ...line(`l${rev}`, item.quantity),
      catalogReference: { appId: 'a', catalogItemId: item.catalogReference.catalogItemId },
    });
  }
  if (call.url.endsWith('/update-line-items-quantity'))
    server.cart = cartOf(
      rev,
      ...cur.lineItems.map((l) =>
        l.id === body.lineItems![0]!.id ? { ...l, quantity: body.lineItems![0]!.quantity } : l,
      ),
    );
  if (call.url.endsWith('/remove-line-items'))
    server.cart = cartOf(rev, ...cur.lineItems.filter((l) => !body.lineItemIds!.includes(l.id)));
  if (server.lose) throw new TypeError('Failed to fetch');
  return json(200, { cart: server.cart });
});
const gets = () => net.calls.filter((c) => c.method === 'GET' && c.url.includes('/carts/current'));

// a returning visitor (one the page has just minted has no cart: see the last describe)
const { client } = testContext(net.fetch, { clientId: 'cart-test', storage: returningVisitor('cart-test') });
let cart: CartStore;
/** A new page's cart (the one before stops listening). */
const resetCartForTests = () => {
  cart?.close();
  cart = createCart(client);
};
beforeEach(() => {
  resetCartForTests();
  net.calls.length = 0;
  server = { cart: cartOf(1, line('a', 1), line('b', 2)) };
});

describe('cart.$cart model', () => {
  it('one GET per page, however many widgets ask; a missing cart (404) is an empty cart', async () => {
    await Promise.all([cart.loadCart(), cart.loadCart(), cart.loadCart()]);
    await cart.loadCart();
    expect(gets()).toHaveLength(1);
    expect(cart.$cartCount.get()).toBe(3);
    resetCartForTests();
    server.cart = null;
    expect(await cart.loadCart()).toBeNull();
    expect(cart.$cartCount.get()).toBe(0);
  });

  it('a quantity change shows at once, and a final failure rolls back exactly (other changes kept)', async () => {
    await cart.loadCart();
    const before = cart.$cart.get();
    const gate = deferred<Response>();
    server.fail = () => gate.promise;
    const change = cart.setQuantity('a', 5);
    expect(cart.$cart.get()!.lineItems.find((l) => l.id === 'a')!.quantity).toBe(5);
    gate.resolve(json(503, { message: 'down' }));
    await expect(change).rejects.toMatchObject({ status: 503 });
    expect(cart.$cart.get()).toEqual(before);

    // a removal in flight while an earlier change fails: only the failed one is undone
    const slow = deferred<Response>();
    server.fail = () => ((server.fail = undefined), slow.promise);
    const q = cart.setQuantity('a', 4);
    const rm = cart.removeLine('b');
    expect(cart.$cart.get()!.lineItems).toEqual([expect.objectContaining({ id: 'a', quantity: 4 })]);
    slow.resolve(json(500, { message: 'boom' }));
    await expect(q).rejects.toBeTruthy();
    await rm;
    expect(cart.$cart.get()!.lineItems).toEqual([expect.objectContaining({ id: 'a', quantity: 1 })]);
  });

  it('two widgets adding at once: both requests go out one after the other and the cart has both lines', async () => {
    await Promise.all([cart.addItems([{ productId: 'x', quantity: 2 }]), cart.addItems([{ productId: 'y' }])]);
    expect(cart.$cart.get()!.lineItems.map((l) => l.quantity)).toEqual([1, 2, 2, 1]);
    const adds = net.calls.filter((c) => c.url.endsWith('/add-to-cart'));
    expect(adds.map((c) => c.body)).toEqual([
      {
        lineItems: [
          { catalogReference: { appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e', catalogItemId: 'x' }, quantity: 2 },
        ],
      },
      {
        lineItems: [
          { catalogReference: { appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e', catalogItemId: 'y' }, quantity: 1 },
        ],
      },
    ]);
  });

  it('inlay-cart-change on every confirmed change; another tab’s revision makes this tab refetch', async () => {
    await cart.loadCart();
    const events: { reason: string; count: number }[] = [];
    document.addEventListener('inlay-cart-change', (e) =>
      events.push({ reason: e.detail.reason, count: (e.detail.cart as Cart).lineItems.length }),
    );
    await cart.removeLine('a');
    expect(events).toEqual([{ reason: 'remove', count: 1 }]);

    // "another tab": its own channel on the same name
    const other = new BroadcastChannel('inlay-cart-cart-test');
    const seen: unknown[] = [];
    other.onmessage = (e) => seen.push(e.data);
    await cart.setQuantity('b', 3);
    await vi.waitFor(() => expect(seen).toEqual([{ id: 'c1', revision: cart.$cart.get()!.revision }]));
    server.cart = cartOf(9, line('b', 3), line('z', 7));
    const before = gets().length;
    other.postMessage({ revision: '9' });
    await vi.waitFor(() => expect(cart.$cartCount.get()).toBe(10));
    expect(gets().length).toBe(before + 1);
    expect(events.at(-1)).toEqual({ reason: 'sync', count: 2 });
    other.close();
  });

  it('another tab’s change announced while one of ours is in flight is read once ours is answered', async () => {
    await cart.loadCart();
    const other = new BroadcastChannel('inlay-cart-cart-test');
    const gate = deferred<Response>();
    server.fail = () => ((server.fail = undefined), gate.promise);
    const ours = cart.setQuantity('a', 3);
    // the other tab added a line after our change reached the platform; its message arrives before our answer
    server.cart = cartOf(3, line('a', 3), line('b', 2), line('t', 1));
    other.postMessage({ id: 'c1', revision: '3' });
    await new Promise((r) => setTimeout(r, 20));
    gate.resolve(json(200, { cart: cartOf(2, line('a', 3), line('b', 2)) })); // our answer: older than the other tab's
    await ours;
    await vi.waitFor(() => expect(cart.$cart.get()!.lineItems.map((l) => l.id)).toEqual(['a', 'b', 't']));
    other.close();
  });

  describe('a change whose answer is lost', () => {
    const adds = () => net.calls.filter((c) => c.url.endsWith('/add-to-cart')).length;

    it('an add the platform made counts as done: the cart read back is shown, nothing is sent twice', async () => {
      await cart.loadCart();
      server.lose = true;
      const after = await cart.addItems([{ productId: 'p-new', quantity: 2 }]);
      expect(after!.lineItems).toHaveLength(3);
      expect(cart.$cartCount.get()).toBe(5);
      expect(adds()).toBe(1);
    });

    it('a quantity change or a removal that landed counts as done', async () => {
      await cart.loadCart();
      server.lose = true;
      await cart.setQuantity('a', 4);
      expect(cart.$cart.get()!.lineItems.find((l) => l.id === 'a')!.quantity).toBe(4);
      await cart.removeLine('b');
      expect(cart.$cart.get()!.lineItems.map((l) => l.id)).toEqual(['a']);
    });

    it('one that did not land fails, and the cart shows what the platform holds (another tab’s change included)', async () => {
      await cart.loadCart();
      server.fail = () => {
        server.cart = cartOf(7, line('a', 1), line('b', 2), line('t', 1)); // another tab added meanwhile
        throw new TypeError('Failed to fetch');
      };
      await expect(cart.addItems([{ productId: 'p-new' }])).rejects.toMatchObject({ kind: 'network' });
      expect(cart.$cart.get()!.lineItems.map((l) => l.id)).toEqual(['a', 'b', 't']);
    });

    it('when the cart cannot be read back either, the retry reads first and does not add twice', async () => {
      await cart.loadCart();
      server.lose = true;
      server.unreadable = true;
      const first = await cart.addItems([{ productId: 'p-new' }]).catch((e: unknown) => e);
      expect(first).toMatchObject({ kind: 'network' });
      expect(adds()).toBe(1);
      // still unreadable: the retry answers with the same error and sends nothing
      expect(await cart.addItems([{ productId: 'p-new' }], undefined, first).catch((e: unknown) => e)).toBe(first);
      expect(adds()).toBe(1);
      server.unreadable = false;
      server.lose = false;
      const after = await cart.addItems([{ productId: 'p-new' }], undefined, first);
      expect(adds()).toBe(1);
      expect(after!.lineItems.map((l) => l.catalogReference.catalogItemId)).toEqual(['p-a', 'p-b', 'p-new']);
      expect(cart.$cartCount.get()).toBe(4);
    });

    it('an add the platform makes only after the read-back: the retry reads first and does not add twice', async () => {
      await cart.loadCart();
      let late: Cart | undefined;
      server.fail = () => {
        // the platform is slow: the answer is lost and the line appears only after this tab's read-back
        late = cartOf(2, line('a', 1), line('b', 2), {
          ...line('l2', 1),
          catalogReference: { appId: 'a', catalogItemId: 'p-new' },
        });
        throw new TypeError('Failed to fetch');
      };
      const first = await cart.addItems([{ productId: 'p-new' }]).catch((e: unknown) => e);
      expect(first).toMatchObject({ kind: 'network' });
      server.fail = undefined;
      server.cart = late!;
      const after = await cart.addItems([{ productId: 'p-new' }], undefined, first);
      expect(adds()).toBe(1);
      expect(after!.lineItems).toHaveLength(3);
    });

    it('a retry of an add that truly failed sends it again (once)', async () => {
      await cart.loadCart();
      server.fail = () => {
        throw new TypeError('Failed to fetch');
      };
      const first = await cart.addItems([{ productId: 'p-new' }]).catch((e: unknown) => e);
      server.fail = undefined;
      await cart.addItems([{ productId: 'p-new' }], undefined, first);
      expect(adds()).toBe(2);
      expect(cart.$cartCount.get()).toBe(4);
    });
  });

  it('back from the hosted checkout: the page load announces the cart it read, and a tab holding another cart refetches it', async () => {
    const other = new BroadcastChannel('inlay-cart-cart-test');
    const seen: unknown[] = [];
    other.onmessage = (e) => seen.push(e.data);
    await cart.loadCart();
    // the thank-you page (a full load) tells the other tabs what the platform holds after the payment
    await vi.waitFor(() => expect(seen).toEqual([{ id: 'c1', revision: '1' }]));
    expect(gets()).toHaveLength(1);

    // another tab's load read the same cart: nothing to do
    other.postMessage({ id: 'c1', revision: '1' });
    await new Promise((r) => setTimeout(r, 20));
    expect(gets()).toHaveLength(1);

    // the payment (in another tab) took the bought lines and the platform made a new cart, holding what was added
    // meanwhile: its revision may be the same number, the cart is not; this tab shows it, not an empty cart
    server.cart = { ...cartOf(1, line('later', 4)), id: 'c2' };
    other.postMessage({ id: 'c2', revision: '1' });
    await vi.waitFor(() =>
      expect(cart.$cart.get()).toMatchObject({ id: 'c2', lineItems: [{ id: 'later', quantity: 4 }] }),
    );
    expect(gets()).toHaveLength(2);
    // no cart at all on the platform (404 after the last line was bought): refetched too
    server.cart = null;
    other.postMessage({ id: null, revision: null });
    await vi.waitFor(() => expect(cart.$cart.get()).toBeNull());
    other.close();
  });

  it('a page restored from the back/forward cache refetches (it heard nothing while away)', async () => {
    await cart.loadCart();
    expect(gets()).toHaveLength(1);
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
    await new Promise((r) => setTimeout(r, 20));
    expect(gets()).toHaveLength(1);
    server.cart = cartOf(5, line('a', 1));
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    await vi.waitFor(() => expect(cart.$cartCount.get()).toBe(1));
    expect(gets()).toHaveLength(2);
  });
});

describe('a visitor this page has just minted (an anonymous grant) has no cart: its first read sends nothing', () => {
  const tokenCalls = (n: typeof net) => n.calls.filter((c) => c.url.endsWith('/oauth2/token'));

  it('the first read is "no cart" without a request, once the token is here; a refresh, a sync and an add ask the platform', async () => {
    const page = testContext(net.fetch, { clientId: 'cart-test' }).client;
    const c = createCart(page);
    try {
      server.cart = null;
      expect(await Promise.all([c.loadCart(), c.loadCart()])).toEqual([null, null]);
      expect(tokenCalls(net)).toHaveLength(1); // the token first, as before
      expect(page.tokens.minted()).toBe(true);
      expect(gets()).toHaveLength(0);
      expect(c.$cartStatus.get()).toEqual({ state: 'ready' });
      // a retry or a later read goes to the platform
      expect(await c.refresh()).toBeNull();
      expect(gets()).toHaveLength(1);
      // another tab (same identity) made a cart: announced, and read
      server.cart = cartOf(1, line('a', 2));
      const other = new BroadcastChannel('inlay-cart-cart-test');
      other.postMessage({ id: 'c1', revision: '1' });
      await vi.waitFor(() => expect(c.$cartCount.get()).toBe(2));
      other.close();
      expect(gets()).toHaveLength(2);
    } finally {
      c.close();
    }
  });

  it('an add on a first visit reads nothing first: the platform makes the cart and its answer is shown', async () => {
    const page = testContext(net.fetch, { clientId: 'cart-test' }).client;
    const c = createCart(page);
    try {
      server.cart = null;
      await c.addItems([{ productId: 'p-new', quantity: 2 }]);
      expect(gets()).toHaveLength(0);
      expect(net.calls.filter((x) => x.url.endsWith('/add-to-cart'))).toHaveLength(1);
      expect(c.$cartCount.get()).toBe(2);
    } finally {
      c.close();
    }
  });

  it('a stored visitor, a member and a page whose minted token was since replaced read the platform', async () => {
    // stored visitor: the first describe's client
    await cart.loadCart();
    expect(gets()).toHaveLength(1);
    // a member (signed in on this page)
    const member = testContext(net.fetch, { clientId: 'cart-test' }).client;
    await member.tokens.getAccessToken();
    member.tokens.setMemberTokens({
      accessToken: { value: 'm', expiresAt: 4e9 },
      refreshToken: { value: 'mr', role: 'member' },
    });
    const m = createCart(member);
    await m.loadCart();
    m.close();
    expect(gets()).toHaveLength(2);
    expect(m.$cartCount.get()).toBe(3);
  });
});

describe('the hosted checkout filled in for a member', () => {
  it('takes the login email and the first address; its street from addressLine, else streetAddress', () => {
    expect(memberPrefill(undefined)).toEqual({});
    const member = (address: Record<string, unknown>) =>
      ({
        id: 'm',
        loginEmail: 'ada@example.com',
        contact: { addresses: [address, { addressLine: 'not this one' }] },
      }) as Member;
    expect(memberPrefill(member({ addressLine: '1 Main St', city: 'Springfield', country: 'US' }))).toEqual({
      email: 'ada@example.com',
      shippingAddress: { addressLine1: '1 Main St', city: 'Springfield', country: 'US' },
    });
    expect(
      memberPrefill(member({ streetAddress: { number: '12', name: 'Rue de Rivoli' }, city: 'Paris', country: 'FR' })),
    ).toEqual({
      email: 'ada@example.com',
      shippingAddress: { addressLine1: '12 Rue de Rivoli', city: 'Paris', country: 'FR' },
    });
    expect(memberPrefill(member({}))).toEqual({ email: 'ada@example.com' });
  });
});
