/**
 * Issue 38 in the owner console, against a fake companion at the fetch boundary: a note's edit and delete refused by
 * the platform (the companion's 403 `NOT_AVAILABLE_HERE`) degrade only those actions, with words saying where to
 * do it, while the rest of the order's detail works; a buyer's cancellation request shows as a badge, in the saved view
 * "Cancellation requested" (kept in the page's URL), with its reason on the order, and is approved (refund in full,
 * then the cancel) or declined, each asked first.
 */
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
  ]);
});

const B = 'https://shop.test/api/inlay';
const slow = { timeout: 5000 };
type Activity = { id: string; type: string; createdDate?: string; merchantComment?: { message: string } };
const base = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `o-${n}`,
  number: String(1000 + n),
  createdDate: `2026-03-0${n}T10:00:00.000Z`,
  status: 'APPROVED',
  paymentStatus: 'PAID',
  fulfillmentStatus: 'NOT_FULFILLED',
  currency: 'USD',
  buyerInfo: { email: `buyer${n}@example.com` },
  lineItems: [
    { id: `l-${n}`, quantity: 2, productName: { original: 'Beeswax Taper Candles' }, price: { amount: '9.00' } },
  ],
  priceSummary: { total: { amount: '18.00' } },
  activities: [{ id: `p${n}`, type: 'ORDER_PLACED', createdDate: `2026-03-0${n}T10:00:00.000Z` }] as Activity[],
  ...extra,
});
const asked = (n: number) =>
  base(n, {
    tags: { privateTags: { tagIds: ['cancellation-requested'] } },
    activities: [
      { id: `p${n}`, type: 'ORDER_PLACED', createdDate: '2026-03-01T10:00:00.000Z' },
      {
        id: `r${n}`,
        type: 'MERCHANT_COMMENT',
        createdDate: '2026-03-02T10:00:00.000Z',
        merchantComment: { message: 'Cancellation requested by the buyer: <b>ordered twice</b>' },
      },
    ],
  });

let current: ReturnType<typeof base>;
let paymentStatus = 'PAID';
let reply: (call: Call) => Response | undefined;
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  const custom = reply(call);
  if (custom) return custom;
  if (call.url === `${B}/v1/me`) return json(200, { kind: 'member', owner: true });
  if (call.url === `${B}/v1/admin/orders/search`) {
    const requested = (call.body as { requested?: boolean }).requested;
    return json(200, { orders: requested ? [asked(1)] : [asked(1), base(2)], count: requested ? 1 : 2 });
  }
  if (call.url === `${B}/v1/admin/orders/summary`)
    return json(200, { count: 2, revenue: '36.00', average: '18.00', currency: 'USD' });
  if (call.url === `${B}/v1/admin/orders/o-1`) return json(200, { order: current, fulfillments: [] });
  if (call.url === `${B}/v1/admin/orders/o-1/payments` || call.url === `${B}/v1/admin/orders/o-1/refund`) {
    if (call.url.endsWith('/refund')) paymentStatus = 'FULLY_REFUNDED';
    return json(200, {
      order: {
        id: 'o-1',
        paymentStatus,
        balanceSummary: { paid: { amount: '18.00' }, refunded: { amount: paymentStatus === 'PAID' ? '0' : '18.00' } },
        lineItems: [{ id: 'l-1', quantity: 2 }],
      },
      payments: [{ id: 'pay-1', amount: { amount: '18.00' } }],
      refunds: [],
      refundabilities: [
        { paymentId: 'pay-1', refundabilityStatus: paymentStatus === 'PAID' ? 'REFUNDABLE' : 'NOT_REFUNDABLE' },
      ],
      collectability: { status: 'NONCOLLECTABLE_ORDER_IS_PAID' },
      revision: paymentStatus,
      ...(call.url.endsWith('/refund') ? { refundId: 'rf-1', failed: false } : {}),
    });
  }
  const note = /\/v1\/admin\/orders\/o-1\/notes(?:\/([^/]+))?$/.exec(call.url);
  if (note && call.method === 'POST') {
    const m = (call.body as { message: string }).message;
    current = {
      ...current,
      activities: [...current.activities, { id: 'n-new', type: 'MERCHANT_COMMENT', merchantComment: { message: m } }],
    };
    return json(200, { order: current, activityId: 'n-new' });
  }
  if (note)
    return json(403, {
      message: 'The platform does not let the site’s app do this; do it in the site’s dashboard',
      details: {
        applicationError: {
          code: 'NOT_AVAILABLE_HERE',
          data: { action: call.method === 'PATCH' ? 'editNote' : 'deleteNote' },
        },
      },
    });
  if (call.url === `${B}/v1/admin/orders/o-1/cancel`) {
    current = { ...current, status: 'CANCELED', tags: {} } as typeof current;
    return json(200, { order: current });
  }
  if (call.url === `${B}/v1/admin/orders/o-1/cancel-request/decline`) {
    current = {
      ...current,
      tags: {},
      activities: [
        ...current.activities,
        {
          id: 'd1',
          type: 'MERCHANT_COMMENT',
          merchantComment: { message: 'Cancellation request declined by the shop.' },
        },
      ],
    } as typeof current;
    return json(200, { order: current });
  }
  return json(500, { message: 'unexpected' });
});
const sent = (part: string) => net.calls.filter((c) => c.url.includes(part));

beforeEach(() => {
  document.body.replaceChildren();
  sessionStorage.clear();
  history.replaceState(null, '', '/admin?keep=1');
  net.calls.length = 0;
  reply = () => undefined;
  paymentStatus = 'PAID';
  current = asked(1);
  const member = { id: `owner-${Math.random()}`, loginEmail: 'owner@example.com', contact: {} } as Member;
  $session.set({ status: 'member', role: 'member', member });
});

async function mount() {
  const { el, $, $$ } = await mountWidget('inlay-admin', {}, net.fetch, { companion: B });
  const text = () => el.shadowRoot!.textContent ?? '';
  const button = (name: RegExp) => $$<HTMLButtonElement>('button').find((b) => name.test(b.textContent ?? ''));
  return { el, $, $$, text, button };
}
const typeInto = (el: HTMLTextAreaElement, value: string) => {
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('notes the platform won’t let the companion change', () => {
  it('edit and delete refused: words under the note, the typed text kept; adding a note and the rest still work', async () => {
    current = base(1, {
      activities: [
        { id: 'p1', type: 'ORDER_PLACED', createdDate: '2026-03-01T10:00:00.000Z' },
        { id: 'n1', type: 'MERCHANT_COMMENT', merchantComment: { message: 'Gift wrap' } },
      ],
    });
    const { $, $$, text, button } = await mount();
    await vi.waitFor(() => expect($$('[part=order]')).toHaveLength(2), slow);
    button(/Order #1001/)!.click();
    await vi.waitFor(() => expect($('[part=timeline]')?.textContent).toContain('Gift wrap'), slow);
    const inTimeline = (name: RegExp) =>
      $$<HTMLButtonElement>('[part=timeline] button').find((b) => name.test(b.textContent ?? ''));
    inTimeline(/^Edit/)!.click();
    await vi.waitFor(() => expect($('[part=timeline] textarea')).not.toBeNull());
    typeInto($<HTMLTextAreaElement>('[part=timeline] textarea')!, 'Gift wrap, red paper');
    button(/Save note/)!.click();
    await vi.waitFor(() => expect($('[part=timeline] [role=alert]')).not.toBeNull());
    expect($('[part=timeline] [role=alert]')!.textContent).toBe(
      'Notes can’t be changed here: use your site’s dashboard.',
    );
    expect($<HTMLTextAreaElement>('[part=timeline] textarea')!.value).toBe('Gift wrap, red paper');
    inTimeline(/^Cancel$/)!.click(); // the edit form's own cancel
    await vi.waitFor(() => expect(inTimeline(/^Delete/)).toBeDefined());
    inTimeline(/^Delete/)!.click();
    await vi.waitFor(() => expect(button(/Yes, delete/)).toBeDefined());
    button(/Yes, delete/)!.click();
    await vi.waitFor(() => expect(sent('/notes/n1').filter((c) => c.method === 'DELETE')).toHaveLength(1));
    await vi.waitFor(() =>
      expect($('[part=timeline] [role=alert]')?.textContent).toBe(
        'Notes can’t be changed here: use your site’s dashboard.',
      ),
    );
    expect($('[part=timeline]')!.textContent).toContain('Gift wrap');
    // the rest of the order's detail: a new note is added, the order's actions are offered
    typeInto($<HTMLTextAreaElement>('[part=note-form] textarea')!, 'Call the buyer');
    button(/Add note/)!.click();
    await vi.waitFor(() => expect($('[part=timeline]')!.textContent).toContain('Call the buyer'));
    expect(button(/^Cancel order$/)).toBeDefined();
    expect(text()).toContain('Order #1001');
  });
});

describe('cancellation requests', () => {
  it('a badge in the list, a saved view kept in the URL, the buyer’s reason as text on the order', async () => {
    const { $, $$, button } = await mount();
    await vi.waitFor(() => expect($$('[part=order]')).toHaveLength(2), slow);
    const rows = $$('[part=order]');
    expect(rows[0]!.querySelector('[part=request-badge]')?.textContent).toBe('Cancellation requested');
    expect(rows[1]!.querySelector('[part=request-badge]')).toBeNull();
    const views = $$<HTMLButtonElement>('[part=views] button');
    expect(views.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['All', 'true'],
      ['Unfulfilled', 'false'],
      ['Unpaid', 'false'],
      ['Cancellation requested', 'false'],
    ]);
    views[3]!.click();
    await vi.waitFor(() => expect(sent('/admin/orders/search')).toHaveLength(2));
    expect(sent('/admin/orders/search')[1]!.body).toMatchObject({ requested: true });
    expect(location.search).toBe('?keep=1&admin-requested=1');
    await vi.waitFor(() => expect($$('[part=order]')).toHaveLength(1));
    expect($$<HTMLButtonElement>('[part=views] button')[3]!.getAttribute('aria-pressed')).toBe('true');
    // a search typed (Enter: at once) keeps the view
    const q = $<HTMLInputElement>('[part=filters] [name=text]')!;
    q.value = 'ann';
    q.dispatchEvent(new Event('input', { bubbles: true }));
    $<HTMLFormElement>('[part=filters]')!.requestSubmit();
    await vi.waitFor(() => expect(sent('/admin/orders/search')).toHaveLength(3));
    expect(sent('/admin/orders/search')[2]!.body).toMatchObject({ requested: true, text: 'ann' });
    await new Promise((r) => setTimeout(r, 400)); // the pause's search is not sent again
    expect(sent('/admin/orders/search')).toHaveLength(3);

    button(/Order #1001/)!.click();
    await vi.waitFor(() => expect($('[part=cancel-request]')).not.toBeNull(), slow);
    expect($('[part=request-reason]')!.textContent).toBe('The buyer’s reason: <b>ordered twice</b>');
    expect($('[part=cancel-request] b')).toBeNull();
    // the companion's comment is read only in the timeline (editing it would stop it counting)
    expect($('[part=timeline]')!.textContent).toContain('Cancellation requested by the buyer');
    expect($$('[part=timeline] button').length).toBe(0);
  });

  it('decline asks first (with a note for the records), then the request is answered and said', async () => {
    history.replaceState(null, '', '/admin?admin-requested=1');
    const { $, $$, text, button } = await mount();
    await vi.waitFor(() => expect($$('[part=order]')).toHaveLength(1), slow);
    button(/Order #1001/)!.click();
    await vi.waitFor(() => expect(button(/Decline request/)).toBeDefined(), slow);
    button(/Decline request/)!.click();
    await vi.waitFor(() => expect(text()).toContain('Decline the cancellation request for order #1001?'));
    expect(sent('/cancel-request/decline')).toHaveLength(0);
    typeInto($<HTMLTextAreaElement>('[part=cancel-request] textarea')!, '  already packed ');
    button(/Yes, decline/)!.click();
    await vi.waitFor(() => expect($('[part=request-declined]')).not.toBeNull());
    expect(sent('/cancel-request/decline')[0]!.body).toEqual({ note: 'already packed' });
    expect(text()).toContain('You declined the buyer’s cancellation request.');
    expect($('[part=cancel-request]')).toBeNull();
  });

  it('approve: the confirmation says what happens; the refund in full, then the cancel with the choices', async () => {
    const { $, $$, text, button } = await mount();
    await vi.waitFor(() => expect($$('[part=order]')).toHaveLength(2), slow);
    button(/Order #1001/)!.click();
    await vi.waitFor(() => expect(button(/Approve and cancel/)).toBeDefined(), slow);
    button(/Approve and cancel/)!.click();
    await vi.waitFor(() => expect(text()).toContain('Cancel order #1001 as the buyer asked?'));
    expect($('[part=approve-summary]')!.textContent).toBe(
      'The payment is refunded in full first (if that fails, nothing is canceled). 2 items go back in stock. buyer1@example.com will get an email that the order is canceled.',
    );
    const box = (label: RegExp) =>
      $$<HTMLLabelElement>('[part=cancel-request] label')
        .find((l) => label.test(l.textContent ?? ''))!
        .querySelector('input')!;
    box(/Email the buyer/).click();
    await vi.waitFor(() => expect($('[part=approve-summary]')!.textContent).toContain('No email will be sent.'));
    button(/Yes, approve/)!.click();
    await vi.waitFor(() => expect(sent('/o-1/cancel')).toHaveLength(1));
    const order = net.calls.map((c) => c.url.replace(B, '')).filter((u) => /refund|\/cancel$/.test(u));
    expect(order).toEqual(['/v1/admin/orders/o-1/refund', '/v1/admin/orders/o-1/cancel']);
    expect(sent('/o-1/refund')[0]!.body).toMatchObject({
      paymentId: 'pay-1',
      restock: { type: 'NO_ITEMS' },
      sendEmail: false,
    });
    expect(sent('/o-1/refund')[0]!.body).not.toHaveProperty('amount');
    expect(sent('/o-1/cancel')[0]!.body).toEqual({ sendEmail: false, restock: true });
    await vi.waitFor(() => expect($('[part=cancel-request]')).toBeNull());
  });

  it('approve whose refund the platform refuses: nothing canceled, the words say where to refund', async () => {
    reply = (c) =>
      c.url.endsWith('/o-1/refund')
        ? json(403, {
            message: 'no',
            details: { applicationError: { code: 'NOT_AVAILABLE_HERE', data: { action: 'refund' } } },
          })
        : undefined;
    const { $$, button, $ } = await mount();
    await vi.waitFor(() => expect($$('[part=order]')).toHaveLength(2), slow);
    button(/Order #1001/)!.click();
    await vi.waitFor(() => expect(button(/Approve and cancel/)).toBeDefined(), slow);
    button(/Approve and cancel/)!.click();
    await vi.waitFor(() => expect(button(/Yes, approve/)).toBeDefined());
    button(/Yes, approve/)!.click();
    await vi.waitFor(() => expect($('[part=cancel-request] [role=alert]')).not.toBeNull());
    expect($('[part=cancel-request] [role=alert]')!.textContent).toContain('so the order wasn’t canceled');
    expect(sent('/o-1/cancel')).toHaveLength(0);
  });
});
