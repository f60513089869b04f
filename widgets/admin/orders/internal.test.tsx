// <inlay-admin>'s orders when the platform refuses an internal call to the site (403 NOT_AVAILABLE_HERE from the
// companion, docs/wire.md "Payments: public and internal calls"): the summary (aggregate), a status change (update
// status) and bulk mark as paid each fail on their own, saying where to do it instead; the list keeps working.
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, mountWidget } from '../../../tests/helpers/mount.ts';
import { fakeFetch, json } from '../../../tests/helpers/fake-fetch.ts';
import type { Member } from '../../../core/api/members.ts';
import { ordersStrings } from './strings.ts';
import { fr } from './strings.fr.ts';
import { bulkStrings } from './bulk/strings.ts';
import { fr as bulkFr } from './bulk/strings.fr.ts';

beforeAll(async () => {
  await Promise.all([
    import('../console.tsx'),
    import('./view.tsx'),
    import('./list/view.tsx'),
    import('./detail/view.tsx'),
    import('./bulk/view.tsx'),
  ]);
});

const B = 'https://shop.test/api/inlay';
const order = (n: number, status = 'APPROVED') => ({
  id: `o-${n}`,
  number: String(1000 + n),
  status,
  paymentStatus: 'NOT_PAID',
  currency: 'USD',
  buyerInfo: { email: `buyer${n}@example.com` },
  lineItems: [{ id: `l-${n}`, quantity: 1, productName: { original: 'Candles' }, price: { amount: '9.00' } }],
  priceSummary: { total: { amount: '9.00' } },
  activities: [{ id: `a-${n}`, type: 'ORDER_PLACED', createdDate: '2026-03-01T10:00:00.000Z' }],
});
const orders = [order(1, 'PENDING'), order(2)];
const notHere = (action: string) =>
  json(403, {
    message: 'no',
    details: { applicationError: { code: 'NOT_AVAILABLE_HERE', description: 'no', data: { action } } },
  });
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  if (call.url === `${B}/v1/me`) return json(200, { kind: 'member', owner: true });
  if (call.url === `${B}/v1/admin/orders/summary`) return notHere('summary');
  if (call.url === `${B}/v1/admin/orders/search`) return json(200, { orders, count: orders.length });
  if (call.url === `${B}/v1/admin/orders/mark-as-paid`) return notHere('bulkMarkAsPaid');
  if (/\/status$/.test(call.url)) return notHere('orderStatus');
  const one = /\/v1\/admin\/orders\/([^/]+)$/.exec(call.url);
  if (one && call.method === 'GET') return json(200, { order: orders.find((o) => o.id === one[1]), fulfillments: [] });
  return json(500, { message: 'unexpected' });
});
const slow = { timeout: 5000 };

beforeEach(() => {
  document.body.replaceChildren();
  sessionStorage.clear();
  history.replaceState(null, '', '/admin');
  net.calls.length = 0;
  const member = { id: `owner-${Math.random()}`, loginEmail: 'owner@example.com', contact: {} } as Member;
  $session.set({ status: 'member', role: 'member', member });
});

async function mount() {
  const m = await mountWidget('inlay-admin', {}, net.fetch, { companion: B });
  await vi.waitFor(() => expect(m.$$('[part=order]')).toHaveLength(2), slow);
  const button = (name: RegExp, root: ParentNode = m.el.shadowRoot!) =>
    [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => name.test(b.textContent ?? ''));
  const row = (n: number) => m.$$('[part=order]').find((r) => r.textContent!.includes(`#${1000 + n}`))!;
  return { ...m, button, row };
}

describe('internal calls refused to the site', () => {
  it('the summary says where to see the sales; the list is there all the same', async () => {
    const { $, $$ } = await mount();
    await vi.waitFor(() =>
      expect($('[part=summary]')!.textContent).toContain('Not available here: use your site’s dashboard.'),
    );
    expect($$('[part=order]')).toHaveLength(2);
  });

  it('bulk mark as paid: the dashboard words, no "try again"; the orders stay selected', async () => {
    const { $, button, row } = await mount();
    row(1).querySelector<HTMLInputElement>('input[type=checkbox]')!.click();
    row(2).querySelector<HTMLInputElement>('input[type=checkbox]')!.click();
    await vi.waitFor(() => expect($('[part=bulk]')).not.toBeNull(), slow);
    button(/^Mark as paid$/, $('[part=bulk]')!)!.click();
    await vi.waitFor(() => expect($('[part=bulk-confirm]')).not.toBeNull());
    button(/Yes, go ahead/, $('[part=bulk-confirm]')!)!.click();
    await vi.waitFor(() =>
      expect($('[part=bulk] [role=alert]')?.textContent).toBe(
        '“Mark as paid” isn’t available here: use your site’s dashboard.',
      ),
    );
    expect(button(/Try again/, $('[part=bulk]')!)).toBeUndefined();
    expect(row(1).querySelector<HTMLInputElement>('input')!.checked).toBe(true);
    expect(row(2).querySelector<HTMLInputElement>('input')!.checked).toBe(true);
  });

  it('approve: the dashboard words on the action; the order is unchanged', async () => {
    const { $, button } = await mount();
    button(/Order #1001/)!.click();
    await vi.waitFor(() => expect(button(/^Approve order$/)).toBeDefined(), slow);
    button(/^Approve order$/)!.click();
    await vi.waitFor(() => expect($('[part=confirm]')).not.toBeNull());
    button(/Yes, go ahead/, $('[part=confirm]')!)!.click();
    await vi.waitFor(() =>
      expect($('[part=detail] [role=alert]')?.textContent).toBe('Not available here: use your site’s dashboard.'),
    );
    expect(net.calls.filter((c) => c.url.endsWith('/o-1/status'))).toHaveLength(1);
    expect(button(/^Approve order$/)).toBeDefined();
  });

  it('the words are in French too', () => {
    expect(fr['ao.here']).toMatch(/tableau de bord/);
    expect(fr['ao.here']).not.toBe(ordersStrings['ao.here']);
    expect(bulkFr['ob.here']).toMatch(/tableau de bord/);
    expect(bulkFr['ob.here']).not.toBe(bulkStrings['ob.here']);
  });
});
