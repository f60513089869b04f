// <inlay-admin>'s orders: tags (one order and bulk), bulk mark as paid, and edits through draft orders (issues 22, 38),
// against a fake companion at the fetch boundary that keeps its orders' state as the real one does.
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, mountWidget } from '../../../tests/helpers/mount.ts';
import { fakeFetch, json, type Call } from '../../../tests/helpers/fake-fetch.ts';
import type { Member } from '../../../core/api/members.ts';

beforeAll(async () => {
  await Promise.all([
    import('../console.tsx'),
    import('./view.tsx'),
    import('./list/view.tsx'),
    import('./detail/view.tsx'),
    import('./bulk/view.tsx'),
    import('./edit/view.tsx'),
  ]);
});

const B = 'https://shop.test/api/inlay';
type Fake = {
  id: string;
  number: string;
  status: string;
  paymentStatus: string;
  fulfillmentStatus?: string;
  currency: string;
  buyerInfo: { email: string };
  lineItems: { id: string; quantity: number; productName: { original: string }; price: { amount: string } }[];
  priceSummary: { total: { amount: string } };
  tags?: { privateTags: { tagIds: string[] } };
  shippingInfo?: unknown;
  activities: { id: string; type: string; createdDate?: string }[];
};
const order = (n: number, extra: Partial<Fake> = {}): Fake => ({
  id: `o-${n}`,
  number: String(1000 + n),
  status: 'APPROVED',
  paymentStatus: 'NOT_PAID',
  currency: 'USD',
  buyerInfo: { email: `buyer${n}@example.com` },
  lineItems: [
    { id: `l-${n}`, quantity: 2, productName: { original: 'Beeswax Taper Candles' }, price: { amount: '9.00' } },
    { id: `m-${n}`, quantity: 1, productName: { original: 'Camp Stool' }, price: { amount: '30.00' } },
  ],
  priceSummary: { total: { amount: '48.00' } },
  activities: [{ id: `a-${n}`, type: 'ORDER_PLACED', createdDate: '2026-03-01T10:00:00.000Z' }],
  ...extra,
});
let db: Record<string, Fake> = {};
let reply: (call: Call) => Response | undefined;
const tagsOf = (o: Fake) => o.tags?.privateTags.tagIds ?? [];
const refuse = (status: number, code: string) =>
  json(status, { message: code, details: { applicationError: { code, description: `${code} said the platform` } } });

/** The companion's orders routes as docs/companion.md describes them, on `db`. */
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  const custom = reply(call);
  if (custom) return custom;
  const body = (call.body ?? {}) as Record<string, unknown>;
  if (call.url === `${B}/v1/me`) return json(200, { kind: 'member', owner: true });
  if (call.url === `${B}/v1/admin/orders/summary`)
    return json(200, { count: 0, revenue: '0.00', average: '0.00', currency: null });
  if (call.url === `${B}/v1/admin/orders/search`) {
    const all = Object.values(db).filter((o) => !body['tag'] || tagsOf(o).includes(body['tag'] as string));
    return json(200, { orders: all, count: all.length });
  }
  if (call.url === `${B}/v1/admin/orders/tags`) {
    const { orderIds, assign = [], remove = [] } = body as { orderIds: string[]; assign?: string[]; remove?: string[] };
    const results = orderIds.map((id) => {
      const o = db[id];
      if (!o) return { id, ok: false, code: 'ORDER_NOT_FOUND' };
      const next = [...new Set([...tagsOf(o), ...assign])].filter((t) => !remove.includes(t));
      if (next.length > 3) return { id, ok: false, code: 'TOO_MANY_TAGS' }; // a small limit for the test
      o.tags = { privateTags: { tagIds: next } };
      return { id, ok: true };
    });
    const ok = results.filter((r) => r.ok).length;
    return json(200, { results, succeeded: ok, failed: results.length - ok });
  }
  if (call.url === `${B}/v1/admin/orders/mark-as-paid`) {
    const results = (body['orderIds'] as string[]).map((orderId) => {
      const o = db[orderId]!;
      if (o.paymentStatus === 'PAID')
        return {
          orderId,
          ok: false,
          error: { code: 'ORDER_ALREADY_PAID', description: `Order ${orderId} is already paid` },
        };
      o.paymentStatus = 'PAID';
      return { orderId, ok: true, paymentStatus: 'PAID' };
    });
    const ok = results.filter((r) => r.ok).length;
    return json(200, { results, succeeded: ok, failed: results.length - ok });
  }
  if (call.url === `${B}/v1/admin/orders/mark-shipped`) {
    const results = (body['orderIds'] as string[]).map((orderId) => {
      const o = db[orderId]!;
      if (o.status === 'CANCELED')
        return { orderId, ok: false, error: { code: 'ORDER_CANCELED', description: `Order ${orderId} is canceled` } };
      o.fulfillmentStatus = 'FULFILLED';
      return { orderId, ok: true, fulfillmentStatus: 'FULFILLED' };
    });
    const ok = results.filter((r) => r.ok).length;
    return json(200, { results, succeeded: ok, failed: results.length - ok });
  }
  const edit = /\/v1\/admin\/orders\/([^/]+)\/edit(\/preview)?$/.exec(call.url);
  if (edit) {
    const o = db[edit[1]!]!;
    const lines = (body['lines'] ?? []) as { id: string; before: number; quantity: number }[];
    for (const l of lines)
      if (o.lineItems.find((x) => x.id === l.id)?.quantity !== l.before)
        return json(409, {
          message: 'changed',
          details: { applicationError: { code: 'ORDER_CHANGED', data: { lineItemId: l.id } } },
        });
    if (edit[2]) {
      // the preview: the edit priced (a draft order on the platform), nothing applied
      const cents = o.lineItems.reduce(
        (n, x) =>
          n + Math.round(Number(x.price.amount) * 100) * (lines.find((l) => l.id === x.id)?.quantity ?? x.quantity),
        0,
      );
      const paid = o.paymentStatus === 'PAID' ? 4800 : 0;
      const m = (c: number) => ({ amount: (c / 100).toFixed(2) });
      return json(200, {
        order: o,
        preview: {
          priceSummary: { total: m(cents) },
          balanceSummary: { balance: { amount: ((cents - paid) / 100).toFixed(2) }, paid: m(paid) },
          totalBefore: o.priceSummary.total,
        },
      });
    }
    for (const l of lines) o.lineItems.find((x) => x.id === l.id)!.quantity = l.quantity;
    o.lineItems = o.lineItems.filter((x) => x.quantity > 0);
    const cents = o.lineItems.reduce((n, x) => n + Math.round(Number(x.price.amount) * 100) * x.quantity, 0);
    o.priceSummary = { total: { amount: (cents / 100).toFixed(2) } };
    if (body['shippingAddress']) o.shippingInfo = { logistics: { shippingDestination: body['shippingAddress'] } };
    o.activities.push({ id: `e${o.activities.length}`, type: 'DRAFT_ORDER_CHANGES_APPLIED' });
    return json(200, { order: o });
  }
  const one = /\/v1\/admin\/orders\/([^/]+)$/.exec(call.url);
  if (one && call.method === 'GET') return json(200, { order: db[one[1]!], fulfillments: [] });
  return json(500, { message: 'unexpected' });
});
const sent = (path: string) => net.calls.filter((c) => c.url === `${B}/v1/admin/orders${path}`);
const slow = { timeout: 5000 };

beforeEach(() => {
  document.body.replaceChildren();
  sessionStorage.clear();
  history.replaceState(null, '', '/admin');
  net.calls.length = 0;
  reply = () => undefined;
  db = {
    'o-1': order(1, { paymentStatus: 'PAID', tags: { privateTags: { tagIds: ['wholesale'] } } }),
    'o-2': order(2),
    'o-3': order(3, { status: 'CANCELED' }),
  };
  const member = { id: `owner-${Math.random()}`, loginEmail: 'owner@example.com', contact: {} } as Member;
  $session.set({ status: 'member', role: 'member', member });
});

async function mount() {
  const m = await mountWidget('inlay-admin', {}, net.fetch, { companion: B });
  await vi.waitFor(() => expect(m.$$('[part=order]')).toHaveLength(3), slow);
  const button = (name: RegExp, root: ParentNode = m.el.shadowRoot!) =>
    [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => name.test(b.textContent ?? ''));
  const type = (el: HTMLInputElement | HTMLTextAreaElement, value: string) => {
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const row = (n: number) => m.$$('[part=order]').find((r) => r.textContent!.includes(`#${1000 + n}`))!;
  const tick = (n: number) => row(n).querySelector<HTMLInputElement>('input[type=checkbox]')!.click();
  return { ...m, button, type, row, tick };
}

async function openOrder(n: number) {
  const m = await mount();
  m.button(new RegExp(`Order #${1000 + n}`))!.click();
  await vi.waitFor(() => expect(m.$('[part=tags]')).not.toBeNull(), slow);
  return m;
}

describe('tags on one order', () => {
  it('each row of the list shows its tags', async () => {
    const { row } = await mount();
    expect([...row(1).querySelectorAll('[part=tag]')].map((t) => t.textContent)).toEqual(['Tag: wholesale']);
    expect(row(2).querySelectorAll('[part=tag]')).toHaveLength(0);
  });

  it('the detail shows the tags; one is added (trimmed) and one removed through the tags route', async () => {
    const { $, button, type } = await openOrder(1);
    const chips = () => [...$('[part=tags]')!.querySelectorAll('li')].map((l) => l.firstChild!.textContent);
    expect(chips()).toEqual(['wholesale']);
    const input = $<HTMLInputElement>('[part=tags] input')!;
    type(input, '  gift-wrap ');
    button(/^Add tag$/)!.click();
    await vi.waitFor(() => expect(chips()).toEqual(['wholesale', 'gift-wrap']));
    expect(sent('/tags').map((c) => c.body)).toEqual([{ orderIds: ['o-1'], assign: ['gift-wrap'] }]);
    await vi.waitFor(() => expect(input.value).toBe(''));
    expect($('[part=detail] [role=status]')!.textContent).toBe('Tags saved.');
    $<HTMLButtonElement>('[part=tags] button[aria-label="Remove tag wholesale"]')!.click();
    await vi.waitFor(() => expect(chips()).toEqual(['gift-wrap']));
    expect(sent('/tags')[1]!.body).toEqual({ orderIds: ['o-1'], remove: ['wholesale'] });
    expect(tagsOf(db['o-1']!)).toEqual(['gift-wrap']);
  });

  it('a tag that is not one, or one the order has, is said in words and not sent; a refusal keeps what was typed', async () => {
    const { $, button, type } = await openOrder(1);
    const input = $<HTMLInputElement>('[part=tags] input')!;
    const alert = () => $('[part=tags] [role=alert]')?.textContent;
    type(input, 'two words');
    button(/^Add tag$/)!.click();
    await vi.waitFor(() => expect(alert()).toContain('letters, digits and . _ : - only'));
    type(input, 'wholesale');
    button(/^Add tag$/)!.click();
    await vi.waitFor(() => expect(alert()).toBe('The order already has this tag.'));
    expect(sent('/tags')).toEqual([]);
    // the fake holds 3 tags an order: the fourth is refused per order (TOO_MANY_TAGS), the order read again
    db['o-1']!.tags = { privateTags: { tagIds: ['wholesale', 'a', 'b'] } };
    const reads = sent('/o-1').length;
    type(input, 'c');
    button(/^Add tag$/)!.click();
    await vi.waitFor(() =>
      expect($('[part=detail] [role=alert]')?.textContent).toBe('An order holds at most 100 tags.'),
    );
    expect(input.value).toBe('c');
    await vi.waitFor(() => expect(sent('/o-1').length).toBe(reads + 1));
    await vi.waitFor(() => expect($('[part=tags]')!.querySelectorAll('li')).toHaveLength(3));
  });
});

describe('bulk actions on the selection', () => {
  it('ticks, select all shown and a count; a bulk tag asks first naming how many and the tag, then tags them', async () => {
    const { $, $$, button, type, row, tick } = await mount();
    expect($('[part=bulk]')).toBeNull();
    tick(2);
    await vi.waitFor(() => expect($('[part=bulk]')).not.toBeNull(), slow);
    expect($('[part=selection]')!.textContent).toContain('1 order selected');
    // some ticked: "Select all shown" is mixed (indeterminate), neither ticked nor not
    const all = $<HTMLInputElement>('[part=selection] input')!;
    expect([all.checked, all.indeterminate]).toEqual([false, true]);
    all.click();
    await vi.waitFor(() => expect($('[part=selection]')!.textContent).toContain('3 orders selected'));
    expect($$<HTMLInputElement>('[part=order] input[type=checkbox]').every((c) => c.checked)).toBe(true);
    expect([all.checked, all.indeterminate]).toEqual([true, false]);
    tick(3);
    await vi.waitFor(() => expect($('[part=selection]')!.textContent).toContain('2 orders selected'));
    expect([all.checked, all.indeterminate]).toEqual([false, true]);
    // a tag that is not one: said, nothing asked
    const input = $<HTMLInputElement>('[part=bulk] input')!;
    type(input, 'not ok');
    button(/^Add tag$/, $('[part=bulk]')!)!.click();
    await vi.waitFor(() => expect($('[part=bulk] [role=alert]')?.textContent).toContain('Type a tag first'));
    type(input, ' vip ');
    button(/^Add tag$/, $('[part=bulk]')!)!.click();
    await vi.waitFor(() => expect($('[part=bulk-confirm]')?.textContent).toContain('Add the tag “vip” to 2 orders?'));
    // the question takes focus
    await vi.waitFor(() =>
      expect(($('[part=bulk-confirm]')!.getRootNode() as ShadowRoot).activeElement).toBe($('[part=bulk-confirm] p')),
    );
    expect(sent('/tags')).toEqual([]);
    const yes = button(/Yes, go ahead/, $('[part=bulk-confirm]')!)!;
    yes.click();
    yes.click(); // a double click sends once
    await vi.waitFor(() => expect($('[part=bulk-result]')!.textContent).toBe('Tag “vip” added to 2 orders.'));
    expect(sent('/tags').map((c) => c.body)).toEqual([{ orderIds: ['o-1', 'o-2'], assign: ['vip'] }]);
    expect($('[part=bulk-confirm]')).toBeNull();
    expect(row(1).textContent).toContain('vip');
    expect(row(2).textContent).toContain('vip');
    expect(row(3).textContent).not.toContain('vip');
    expect($('[part=selection]')!.textContent).not.toContain('selected');
  });

  it('bulk mark as paid: which orders succeeded and which failed, with the reason in words; the failed stay selected', async () => {
    const { $, button, row, tick } = await mount();
    tick(1);
    tick(2);
    await vi.waitFor(() => expect($('[part=bulk]')).not.toBeNull(), slow);
    button(/^Mark as paid$/, $('[part=bulk]')!)!.click();
    await vi.waitFor(() => expect($('[part=bulk-confirm]')?.textContent).toContain('Mark 2 orders as paid?'));
    expect(sent('/mark-as-paid')).toEqual([]);
    button(/Yes, go ahead/, $('[part=bulk-confirm]')!)!.click();
    await vi.waitFor(() => expect($('[part=bulk-result]')!.textContent).toBe('1 order marked as paid.'));
    expect(sent('/mark-as-paid').map((c) => c.body)).toEqual([{ orderIds: ['o-1', 'o-2'] }]);
    expect($('[part=bulk-failed]')!.textContent).toContain(
      'Order #1001: it’s already paid, or its payment is authorized or pending.',
    );
    expect($('[part=bulk-failed]')!.textContent).not.toContain('ORDER_ALREADY_PAID');
    expect(row(2).textContent).toContain('Paid');
    expect(row(2).textContent).not.toContain('Not paid');
    expect(row(1).querySelector<HTMLInputElement>('input')!.checked).toBe(true);
    expect(row(2).querySelector<HTMLInputElement>('input')!.checked).toBe(false);
    expect($('[part=selection]')!.textContent).toContain('1 order selected');
  });

  it('bulk mark as shipped: asks naming the count, the buyers emailed or not; each order’s outcome; the refused stay selected', async () => {
    const { $, button, row, tick } = await mount();
    db['o-1']!.status = 'CANCELED';
    tick(1);
    tick(2);
    await vi.waitFor(() => expect($('[part=bulk]')).not.toBeNull(), slow);
    button(/^Mark as shipped$/, $('[part=bulk]')!)!.click();
    await vi.waitFor(() => expect($('[part=bulk-confirm]')?.textContent).toContain('Mark 2 orders as shipped?'));
    expect(sent('/mark-shipped')).toEqual([]);
    $<HTMLInputElement>('[part=bulk-confirm] [name=notify]')!.click(); // not emailed
    button(/Yes, go ahead/, $('[part=bulk-confirm]')!)!.click();
    await vi.waitFor(() => expect($('[part=bulk-result]')!.textContent).toBe('1 order marked as shipped.'));
    expect(sent('/mark-shipped').map((c) => c.body)).toEqual([{ orderIds: ['o-1', 'o-2'], notify: false }]);
    expect($('[part=bulk-failed]')!.textContent).toContain('Order #1001: it’s canceled.');
    expect(row(2).textContent).toContain('Fulfilled');
    expect(row(1).querySelector<HTMLInputElement>('input')!.checked).toBe(true);
    expect(row(2).querySelector<HTMLInputElement>('input')!.checked).toBe(false);
  });

  it('a lost answer is said, with a retry that sends the same orders; ticking another withdraws the question', async () => {
    let lose = true;
    reply = (call) => (call.url.endsWith('/orders/tags') && lose ? json(503, { message: 'down' }) : undefined);
    const { $, button, type, tick } = await mount();
    tick(2);
    await vi.waitFor(() => expect($('[part=bulk]')).not.toBeNull(), slow);
    type($<HTMLInputElement>('[part=bulk] input')!, 'vip');
    button(/^Remove tag$/, $('[part=bulk]')!)!.click();
    await vi.waitFor(() =>
      expect($('[part=bulk-confirm]')?.textContent).toContain('Remove the tag “vip” from 1 order?'),
    );
    tick(3);
    await vi.waitFor(() => expect($('[part=bulk-confirm]')).toBeNull());
    button(/^Remove tag$/, $('[part=bulk]')!)!.click();
    await vi.waitFor(() => expect($('[part=bulk-confirm]')?.textContent).toContain('from 2 orders?'));
    button(/Yes, go ahead/, $('[part=bulk-confirm]')!)!.click();
    await vi.waitFor(() => expect($('[part=bulk] [role=alert]')?.textContent).toContain('nothing changes twice'));
    lose = false;
    button(/Try again/, $('[part=bulk]')!)!.click();
    await vi.waitFor(() => expect($('[part=bulk-result]')!.textContent).toBe('Tag “vip” removed from 2 orders.'));
    expect(sent('/tags').map((c) => c.body)).toEqual([
      { orderIds: ['o-2', 'o-3'], remove: ['vip'] },
      { orderIds: ['o-2', 'o-3'], remove: ['vip'] },
    ]);
  });

  it('the question closed gives focus back to the button that asked it, or to the results when the selection is done', async () => {
    const { $, el, button, type, tick } = await mount();
    const root = el.shadowRoot!;
    tick(2);
    await vi.waitFor(() => expect($('[part=bulk]')).not.toBeNull(), slow);
    type($<HTMLInputElement>('[part=bulk] input')!, 'vip');
    button(/^Add tag$/, $('[part=bulk]')!)!.click();
    await vi.waitFor(() => expect($('[part=bulk-confirm]')).not.toBeNull());
    button(/^Cancel$/, $('[part=bulk-confirm]')!)!.click();
    await vi.waitFor(() => expect($('[part=bulk-confirm]')).toBeNull());
    await vi.waitFor(() => expect(root.activeElement).toBe(button(/^Add tag$/, $('[part=bulk]')!)));
    button(/^Add tag$/, $('[part=bulk]')!)!.click();
    await vi.waitFor(() => expect($('[part=bulk-confirm]')).not.toBeNull());
    button(/Yes, go ahead/, $('[part=bulk-confirm]')!)!.click();
    await vi.waitFor(() => expect($('[part=bulk-result]')!.textContent).toBe('Tag “vip” added to 1 order.'));
    await vi.waitFor(() => expect(root.activeElement).toBe($('[part=bulk-result]')));
  });

  it('the tag filter finds the tagged orders and goes into the URL', async () => {
    const { $, $$, type } = await mount();
    type($<HTMLInputElement>('[part=filters] [name=tag]')!, 'wholesale');
    await vi.waitFor(() => expect($$('[part=order]')).toHaveLength(1));
    expect((sent('/search')[1]!.body as { tag?: string }).tag).toBe('wholesale');
    expect(new URL(location.href).searchParams.get('admin-tag')).toBe('wholesale');
  });
});

describe('editing an order', () => {
  const edit = async (n = 2) => {
    const m = await openOrder(n);
    m.button(/^Edit order$/)!.click();
    await vi.waitFor(() => expect(m.$('[part=edit] form')).not.toBeNull(), slow);
    const field = <E extends HTMLInputElement | HTMLTextAreaElement>(name: string) =>
      m.$<E>(`[part=edit] [name="${name}"]`)!;
    const review = () => m.button(/^Review changes$/)!.click();
    return { ...m, field, review };
  };

  it('a quantity changed with a reason: the confirmation names the change, nothing is sent before yes; the total and the timeline follow', async () => {
    const { $, button, type, field, review } = await edit();
    type(field('qty-l-2'), '1');
    review();
    await vi.waitFor(() => expect($('[part=edit] [role=alert]')?.textContent).toBe('Give a reason for the change.'));
    type(field('reason'), ' Buyer asked for one ');
    review();
    await vi.waitFor(() => expect($('[part=edit-confirm]')).not.toBeNull());
    const said = $('[part=edit-changes]')!.textContent!;
    expect(said).toContain('Beeswax Taper Candles: 2 → 1');
    expect(said).toContain('Reason: Buyer asked for one');
    expect(said).toContain('buyer2@example.com will get an email about the change');
    expect(said).toContain('Stock follows the change.');
    expect(said).not.toContain('Camp Stool');
    // the platform's price of the edit: the new total and what is left to collect (nothing was paid)
    expect($('[part=edit-total]')!.textContent).toBe('New total: $39.00 (now $48.00).');
    expect($('[part=edit-balance]')!.textContent).toBe('Paid: $0.00. To collect after saving: $39.00.');
    expect(sent('/o-2/edit/preview').map((c) => c.body)).toEqual([
      {
        lines: [{ id: 'l-2', before: 2, quantity: 1 }],
        reason: 'Buyer asked for one',
        restock: true,
        notifyBuyer: true,
      },
    ]);
    expect(sent('/o-2/edit')).toEqual([]);
    button(/Yes, save changes/)!.click();
    await vi.waitFor(() => expect($('[part=edit]')).toBeNull());
    expect(sent('/o-2/edit').map((c) => c.body)).toEqual([
      {
        lines: [{ id: 'l-2', before: 2, quantity: 1 }],
        reason: 'Buyer asked for one',
        restock: true,
        notifyBuyer: true,
      },
    ]);
    expect($('[part=detail] [role=status]')!.textContent).toBe('Order edited. New total: $39.00.');
    expect($('[part=detail]')!.textContent).toContain('$39.00');
    expect($('[part=timeline]')!.textContent).toContain('Order edited');
  });

  it('an order changed meanwhile: 409 ORDER_CHANGED is said, the order read again, what was typed kept; saved again it carries the new quantity', async () => {
    const { $, button, type, field, review } = await edit();
    type(field('qty-l-2'), '5');
    type(field('reason'), 'More candles');
    review();
    await vi.waitFor(() => expect($('[part=edit-confirm]')).not.toBeNull());
    db['o-2']!.lineItems[0]!.quantity = 3; // another tab
    const reads = sent('/o-2').length;
    button(/Yes, save changes/)!.click();
    await vi.waitFor(() =>
      expect($('[part=edit-error]')?.textContent).toContain('This order changed since you opened it'),
    );
    expect(sent('/o-2').length).toBe(reads + 1);
    await vi.waitFor(() => expect($('[part=edit] form')).not.toBeNull());
    expect(field('qty-l-2').value).toBe('5');
    expect(field('reason').value).toBe('More candles');
    review();
    await vi.waitFor(() => expect($('[part=edit-changes]')?.textContent).toContain('Beeswax Taper Candles: 3 → 5'));
    button(/Yes, save changes/)!.click();
    await vi.waitFor(() => expect($('[part=edit]')).toBeNull());
    expect((sent('/o-2/edit')[1]!.body as { lines: unknown }).lines).toEqual([{ id: 'l-2', before: 3, quantity: 5 }]);
  });

  it('a line removed and the shipping address changed (country checked); every line removed or nothing changed is refused in words', async () => {
    db['o-2']!.shippingInfo = {
      logistics: {
        shippingDestination: {
          address: { addressLine1: '1 Elm St', city: 'Springfield', country: 'US' },
          contactDetails: { firstName: 'Bo', lastName: 'Bell' },
        },
      },
    };
    const { $, button, type, field, review } = await edit();
    const alert = () => $('[part=edit] [role=alert]')?.textContent;
    review();
    await vi.waitFor(() => expect(alert()).toBe('Nothing is changed yet.'));
    type(field('qty-l-2'), '0');
    type(field('qty-m-2'), '0');
    review();
    await vi.waitFor(() => expect(alert()).toContain('keeps at least one item'));
    type(field('qty-m-2'), '1');
    type(field('city'), 'Shelbyville');
    type(field('country'), 'U');
    type(field('reason'), 'Moved');
    review();
    await vi.waitFor(() => expect(alert()).toContain('two letters'));
    type(field('country'), 'us');
    $<HTMLInputElement>('[part=edit] input[type=checkbox]')!.click(); // stock stays
    review();
    await vi.waitFor(() => expect($('[part=edit-confirm]')).not.toBeNull());
    const said = $('[part=edit-changes]')!.textContent!;
    expect(said).toContain('Beeswax Taper Candles: removed');
    expect(said).toContain('Shipping address: 1 Elm St, Shelbyville, US');
    expect(said).toContain('Stock won’t change.');
    expect(sent('/o-2/edit')).toEqual([]);
    button(/Yes, save changes/)!.click();
    await vi.waitFor(() => expect($('[part=edit]')).toBeNull());
    expect(sent('/o-2/edit')[0]!.body).toEqual({
      lines: [{ id: 'l-2', before: 2, quantity: 0 }],
      shippingAddress: {
        address: { addressLine1: '1 Elm St', city: 'Shelbyville', country: 'US' },
        contactDetails: { firstName: 'Bo', lastName: 'Bell' },
      },
      reason: 'Moved',
      restock: false,
      notifyBuyer: true,
    });
    expect($('[part=detail]')!.textContent).toContain('Shelbyville');
  });

  it('an address-only edit whose answer is lost: saved only when every field of the typed address is on the order read again', async () => {
    db['o-2']!.shippingInfo = {
      logistics: {
        shippingDestination: {
          address: { addressLine1: '1 Elm St', city: 'Springfield', postalCode: '11111', country: 'US' },
          contactDetails: { firstName: 'Bo', lastName: 'Bell' },
        },
      },
    };
    let apply = false;
    reply = (call) => {
      if (!call.url.endsWith('/o-2/edit')) return undefined;
      const body = call.body as { shippingAddress: unknown };
      if (apply) db['o-2']!.shippingInfo = { logistics: { shippingDestination: body.shippingAddress } };
      return json(502, { message: 'down' });
    };
    const { $, button, type, field, review } = await edit();
    // the street stays: only the city, the postal code and the name change
    type(field('city'), 'Shelbyville');
    type(field('postalCode'), '22222');
    type(field('lastName'), 'Bellamy');
    type(field('country'), 'us');
    type(field('reason'), 'Moved');
    review();
    await vi.waitFor(() => expect($('[part=edit-confirm]')).not.toBeNull());
    button(/Yes, save changes/)!.click();
    // it did not land: not announced as saved, the form back with what was typed
    await vi.waitFor(() => expect($('[part=edit-error]')).not.toBeNull());
    expect($('[part=detail] [role=status]')!.textContent).toBe('');
    await vi.waitFor(() => expect($('[part=edit] form')).not.toBeNull());
    expect(field('city').value).toBe('Shelbyville');
    expect(field('lastName').value).toBe('Bellamy');
    // it landed after all: saved, said once, not sent again
    apply = true;
    review();
    await vi.waitFor(() => expect($('[part=edit-confirm]')).not.toBeNull());
    button(/Yes, save changes/)!.click();
    await vi.waitFor(() => expect($('[part=edit]')).toBeNull());
    expect($('[part=detail] [role=status]')!.textContent).toContain('Order edited');
    expect(sent('/o-2/edit')).toHaveLength(2);
  });

  it('the confirmation is what is sent: the order read again under it (a tag refused) does not change the quantities it names, so the companion can refuse', async () => {
    db['o-2']!.tags = { privateTags: { tagIds: ['a', 'b', 'c'] } };
    const { $, button, type, field, review } = await edit();
    type(field('qty-l-2'), '5');
    type(field('reason'), 'More candles');
    review();
    await vi.waitFor(() => expect($('[part=edit-changes]')?.textContent).toContain('Beeswax Taper Candles: 2 → 5'));
    db['o-2']!.lineItems[0]!.quantity = 3; // another tab
    // a tag refused (the fake's limit of 3): the order is read again, now with 3 candles
    const reads = sent('/o-2').length;
    type($<HTMLInputElement>('[part=tags] input')!, 'd');
    button(/^Add tag$/, $('[part=tags]')!)!.click();
    await vi.waitFor(() => expect(sent('/o-2').length).toBe(reads + 1));
    await vi.waitFor(() => expect($('[part=detail]')!.textContent).toContain('Beeswax Taper Candles× 3'));
    expect($('[part=edit-changes]')!.textContent).toContain('Beeswax Taper Candles: 2 → 5');
    button(/Yes, save changes/)!.click();
    await vi.waitFor(() =>
      expect($('[part=edit-error]')?.textContent).toContain('This order changed since you opened it'),
    );
    expect((sent('/o-2/edit')[0]!.body as { lines: unknown }).lines).toEqual([{ id: 'l-2', before: 2, quantity: 5 }]);
    expect(db['o-2']!.lineItems[0]!.quantity).toBe(3);
  });

  it('a paid order: raised, the balance to collect; lowered, the amount to refund (the platform’s price of the draft)', async () => {
    const { $, button, type, field, review } = await edit(1);
    type(field('qty-l-1'), '3');
    type(field('reason'), 'One more');
    review();
    await vi.waitFor(() => expect($('[part=edit-confirm]')).not.toBeNull());
    expect($('[part=edit-total]')!.textContent).toBe('New total: $57.00 (now $48.00).');
    expect($('[part=edit-balance]')!.textContent).toBe('Paid: $48.00. To collect after saving: $9.00.');
    button(/Go back/)!.click();
    await vi.waitFor(() => expect($('[part=edit] form')).not.toBeNull());
    type(field('qty-l-1'), '1');
    review();
    await vi.waitFor(() => expect($('[part=edit-balance]')?.textContent).toContain('refund'));
    expect($('[part=edit-total]')!.textContent).toBe('New total: $39.00 (now $48.00).');
    expect($('[part=edit-balance]')!.textContent).toBe('Paid: $48.00. To refund after saving: $9.00.');
    expect(sent('/o-1/edit')).toEqual([]);
  });

  it('an order the platform won’t edit (refunded): the preview’s refusal is said with its reason, nothing is asked or sent', async () => {
    reply = (call) =>
      call.url.endsWith('/o-2/edit/preview')
        ? json(428, {
            message: 'ORDER_NOT_EDITABLE',
            details: {
              applicationError: { code: 'ORDER_NOT_EDITABLE', data: { reasons: ['PARTIALLY_OR_FULLY_REFUNDED'] } },
            },
          })
        : undefined;
    const { $, type, field, review } = await edit();
    type(field('qty-l-2'), '3');
    type(field('reason'), 'One more');
    review();
    await vi.waitFor(() =>
      expect($('[part=edit-error]')?.textContent).toBe(
        'This order was refunded, and refunded orders can’t be edited. Record a payment or make a refund instead.',
      ),
    );
    expect($('[part=edit-confirm]')).toBeNull();
    expect(field<HTMLInputElement>('qty-l-2').value).toBe('3');
    expect(sent('/o-2/edit')).toEqual([]);
  });

  it('an empty quantity is a quantity to fix, not 0 (the line is not removed)', async () => {
    const { $, type, field, review } = await edit();
    type(field('qty-l-2'), '');
    type(field('reason'), 'Fewer');
    review();
    await vi.waitFor(() =>
      expect($('[part=edit] [role=alert]')?.textContent).toBe(
        'Beeswax Taper Candles: a whole number from 0 to 100000.',
      ),
    );
    expect($('[part=edit-confirm]')).toBeNull();
  });

  it('the edit closed (cancelled or saved) gives focus back to its button', async () => {
    const { $, el, button, type, field, review } = await edit();
    const root = el.shadowRoot!;
    button(/^Cancel$/, $('[part=edit]')!)!.click();
    await vi.waitFor(() => expect($('[part=edit]')).toBeNull());
    await vi.waitFor(() => expect(root.activeElement).toBe(button(/^Edit order$/)));
    button(/^Edit order$/)!.click();
    await vi.waitFor(() => expect($('[part=edit] form')).not.toBeNull());
    type(field('qty-l-2'), '1');
    type(field('reason'), 'One');
    review();
    await vi.waitFor(() => expect($('[part=edit-confirm]')).not.toBeNull());
    button(/Yes, save changes/)!.click();
    await vi.waitFor(() => expect($('[part=edit]')).toBeNull());
    await vi.waitFor(() => expect(root.activeElement).toBe(button(/^Edit order$/)));
  });

  it('a canceled order says why it cannot be edited and offers no edit', async () => {
    const { $, button } = await openOrder(3);
    expect(button(/^Edit order$/)).toBeUndefined();
    expect($('[part=not-editable]')!.textContent).toBe('Canceled and rejected orders can’t be edited.');
  });

  it('a refusal the platform words (428 INSUFFICIENT_INVENTORY) is said in words; the form keeps what was typed', async () => {
    reply = (call) => (call.url.endsWith('/o-2/edit') ? refuse(428, 'INSUFFICIENT_INVENTORY') : undefined);
    const { $, button, type, field, review } = await edit();
    type(field('qty-m-2'), '4');
    type(field('reason'), 'Bigger order');
    review();
    await vi.waitFor(() => expect($('[part=edit-confirm]')).not.toBeNull());
    button(/Yes, save changes/)!.click();
    await vi.waitFor(() => expect($('[part=edit-error]')?.textContent).toContain('Not enough in stock'));
    expect(field('qty-m-2').value).toBe('4');
    expect($('[part=edit-error]')!.textContent).not.toContain('INSUFFICIENT_INVENTORY');
  });
});
