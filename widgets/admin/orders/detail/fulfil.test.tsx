import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, mountWidget } from '../../../../tests/helpers/mount.ts';
import { fakeFetch, json, type Call } from '../../../../tests/helpers/fake-fetch.ts';
import type { Member } from '../../../../core/api/members.ts';
import { fulfilmentRevision } from '../../../../core/api/admin-fulfillments.ts';
import { linesLeft } from './fulfil-model.ts';

beforeAll(async () => {
  await Promise.all([import('../../console.tsx'), import('../view.tsx'), import('./view.tsx'), import('./fulfil.tsx')]);
});

const B = 'https://shop.test/api/inlay';
const XSS = '<img src=x onerror="window.__xss=1">';
const baseOrder = () => ({
  id: 'o-1',
  number: '1001',
  createdDate: '2026-03-01T10:00:00.000Z',
  status: 'APPROVED',
  paymentStatus: 'PAID',
  fulfillmentStatus: 'NOT_FULFILLED',
  currency: 'USD',
  buyerInfo: { email: 'ann@example.com' },
  lineItems: [
    { id: 'l-1', quantity: 3, productName: { original: 'Beeswax Taper Candles' }, price: { amount: '9.00' } },
    { id: 'l-2', quantity: 1, productName: { original: XSS }, price: { amount: '5.00' } },
  ],
  priceSummary: { total: { amount: '32.00' } },
  activities: [],
});
type F = { id: string; createdDate: string; lineItems: { id: string; quantity: number }[]; trackingInfo?: object };
let current = baseOrder();
let shipments: F[] = [];
let reply: (call: Call) => Response | undefined;
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  const custom = reply(call);
  if (custom) return custom;
  if (call.url === `${B}/v1/me`) return json(200, { kind: 'member', owner: true });
  if (call.url === `${B}/v1/admin/orders/search`) return json(200, { orders: [current], count: 1 });
  if (call.url === `${B}/v1/admin/orders/summary`) return json(200, { count: 1, revenue: '1.00', average: '1.00' });
  if (call.url === `${B}/v1/admin/orders/o-1`) return json(200, { order: current, fulfillments: shipments });
  if (call.url === `${B}/v1/admin/orders/o-1/fulfillments` && call.method === 'POST') {
    const b = call.body as { lines: { lineItemId: string; quantity: number }[]; tracking: Record<string, string> };
    shipments = [
      ...shipments,
      {
        id: `f-${shipments.length + 1}`,
        createdDate: '2026-03-02T10:00:00.000Z',
        lineItems: b.lines.map((l) => ({ id: l.lineItemId, quantity: l.quantity })),
        trackingInfo: {
          shippingProvider: b.tracking.carrier,
          trackingNumber: b.tracking.number,
          trackingLink: b.tracking.link,
        },
      },
    ];
    current = { ...current, fulfillmentStatus: 'PARTIALLY_FULFILLED' };
    return json(200, { order: current, fulfillments: shipments, email: 'SENT' });
  }
  const one = /\/v1\/admin\/orders\/o-1\/fulfillments\/([^/]+)$/.exec(call.url);
  if (one && call.method === 'DELETE') {
    shipments = shipments.filter((f) => f.id !== one[1]);
    current = { ...current, fulfillmentStatus: 'NOT_FULFILLED' };
    return json(200, { order: current, fulfillments: shipments });
  }
  if (one && call.method === 'PATCH') {
    const t = (call.body as { tracking: Record<string, string> }).tracking;
    shipments = shipments.map((f) =>
      f.id === one[1] ? { ...f, trackingInfo: { shippingProvider: t.carrier, trackingNumber: t.number } } : f,
    );
    return json(200, { order: current, fulfillments: shipments });
  }
  return json(500, { message: 'unexpected' });
});
const sent = (method: string) => net.calls.filter((c) => c.method === method && c.url.includes('/fulfillments'));
const slow = { timeout: 5000 };

beforeEach(() => {
  document.body.replaceChildren();
  sessionStorage.clear();
  history.replaceState(null, '', '/admin?admin-order=o-1');
  net.calls.length = 0;
  reply = () => undefined;
  current = baseOrder();
  shipments = [];
  const member = { id: `owner-${Math.random()}`, loginEmail: 'owner@example.com', contact: {} } as Member;
  $session.set({ status: 'member', role: 'member', member });
});

async function mount() {
  const { el, $, $$ } = await mountWidget('inlay-admin', {}, net.fetch, { companion: B });
  const panel = () => el.shadowRoot!.querySelector<HTMLElement>('[part=fulfil]');
  const button = (name: RegExp) =>
    [...panel()!.querySelectorAll<HTMLButtonElement>('button')].find((b) => name.test(b.textContent ?? ''));
  const field = <E extends HTMLElement>(name: string) => panel()!.querySelector<E>(`[name="${name}"]`)!;
  const set = (name: string, value: string) => {
    const f = field<HTMLInputElement | HTMLSelectElement>(name);
    f.value = value;
    f.dispatchEvent(new Event(f.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
  };
  await vi.waitFor(() => expect(panel()).not.toBeNull(), slow);
  return { el, $, $$, panel, button, field, set };
}

describe('what is left to ship', () => {
  it('each line less what its shipments hold; lines fully shipped are left out', () => {
    const o = baseOrder() as never;
    expect(
      linesLeft(o, [
        {
          id: 'f',
          lineItems: [
            { id: 'l-1', quantity: 2 },
            { id: 'l-2', quantity: 1 },
          ],
        },
      ]),
    ).toEqual([{ id: 'l-1', name: 'Beeswax Taper Candles', left: 1 }]);
  });
});

describe('the order’s fulfilment panel', () => {
  it('marks some items shipped with another carrier and a link, after a confirmation naming the count; then shows the link (new tab, noopener)', async () => {
    const { panel, button, field, set } = await mount();
    expect(panel()!.textContent).toContain('Nothing shipped yet.');
    button(/^Mark as shipped$/)!.click();
    await vi.waitFor(() => expect(field('q-l-1')).toBeTruthy());
    // all by default
    expect([field<HTMLInputElement>('q-l-1').value, field<HTMLInputElement>('q-l-2').value]).toEqual(['3', '1']);
    set('q-l-1', '2');
    set('q-l-2', '0');
    set('carrier', 'other');
    await vi.waitFor(() => expect(field('otherName')).toBeTruthy());
    set('otherName', 'Parcel Bike');
    set('number', 'PB-77');
    set('link', 'javascript:alert(1)');
    button(/^Mark as shipped$/)!.click();
    await vi.waitFor(() => expect(panel()!.textContent).toContain('Type a full link starting with https://'));
    expect(sent('POST')).toHaveLength(0);
    set('link', 'https://parcel.example/t/PB-77');
    field<HTMLInputElement>('notify').click(); // not emailed
    button(/^Mark as shipped$/)!.click();
    await vi.waitFor(() => expect(panel()!.textContent).toContain('Mark 2 items of order #1001 as shipped?'));
    expect(panel()!.textContent).toContain('The buyer is not emailed');
    expect(sent('POST')).toHaveLength(0);
    button(/Yes, mark as shipped/)!.click();
    await vi.waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(sent('POST')[0]!.body).toEqual({
      revision: fulfilmentRevision([]),
      lines: [{ lineItemId: 'l-1', quantity: 2 }],
      tracking: { carrier: 'Parcel Bike', number: 'PB-77', link: 'https://parcel.example/t/PB-77' },
      notify: false,
    });
    await vi.waitFor(() => expect(panel()!.querySelector('[part=tracking-link]')).not.toBeNull());
    const a = panel()!.querySelector<HTMLAnchorElement>('[part=tracking-link]')!;
    expect([a.href, a.target, a.rel]).toEqual(['https://parcel.example/t/PB-77', '_blank', 'noopener noreferrer']);
    expect(a.textContent).toBe('Track PB-77');
    expect(panel()!.textContent).toContain('Parcel Bike');
    expect(panel()!.textContent).toContain('2 × Beeswax Taper Candles');
    // what is left: one candle and the other line
    button(/^Mark as shipped$/)!.click();
    await vi.waitFor(() => expect(field<HTMLInputElement>('q-l-1').value).toBe('1'));
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('a refusal says it in words and keeps what was typed; sent again only from the new revision', async () => {
    shipments = [
      {
        id: 'f-1',
        createdDate: '2026-03-02T10:00:00.000Z',
        lineItems: [{ id: 'l-2', quantity: 1 }],
        trackingInfo: { trackingNumber: 'DUP' },
      },
    ];
    reply = (c) =>
      c.method === 'POST' && c.url.endsWith('/fulfillments')
        ? json(409, {
            message: 'Tracking number DUP is already on a fulfillment of this order',
            details: { applicationError: { code: 'TRACKING_NUMBER_ALREADY_EXISTS' } },
          })
        : undefined;
    const { panel, button, field, set } = await mount();
    await vi.waitFor(() => expect(panel()!.textContent).toContain('Tracking number DUP'));
    button(/^Mark as shipped$/)!.click();
    await vi.waitFor(() => expect(field('number')).toBeTruthy());
    set('number', 'DUP');
    button(/^Mark as shipped$/)!.click();
    await vi.waitFor(() => expect(button(/Yes, mark as shipped/)).toBeTruthy());
    button(/Yes, mark as shipped/)!.click();
    await vi.waitFor(() =>
      expect(panel()!.textContent).toContain('Another shipment of this order already has that tracking number.'),
    );
    expect(field<HTMLInputElement>('number').value).toBe('DUP');
    expect((sent('POST')[0]!.body as { revision: string }).revision).toBe(fulfilmentRevision(shipments as never));
  });

  it('edits a shipment’s tracking, and deletes it after asking', async () => {
    shipments = [
      {
        id: 'f-1',
        createdDate: '2026-03-02T10:00:00.000Z',
        lineItems: [{ id: 'l-1', quantity: 3 }],
        trackingInfo: {
          shippingProvider: 'ups',
          trackingNumber: '1Z1',
          trackingLink: 'https://www.ups.com/track?tracknum=1Z1',
        },
      },
    ];
    const { panel, button, field, set } = await mount();
    await vi.waitFor(() => expect(panel()!.textContent).toContain('UPS'));
    button(/Edit tracking/)!.click();
    await vi.waitFor(() => expect(field<HTMLSelectElement>('carrier').value).toBe('ups'));
    set('number', '1Z2');
    button(/Save tracking/)!.click();
    await vi.waitFor(() => expect(sent('PATCH')).toHaveLength(1));
    expect(sent('PATCH')[0]!.body).toMatchObject({ tracking: { carrier: 'ups', number: '1Z2' } });
    await vi.waitFor(() => expect(panel()!.textContent).toContain('1Z2'));
    button(/Delete shipment/)!.click();
    await vi.waitFor(() => expect(panel()!.textContent).toContain('Delete this shipment?'));
    expect(sent('DELETE')).toHaveLength(0);
    button(/Yes, delete it/)!.click();
    await vi.waitFor(() => expect(panel()!.textContent).toContain('Nothing shipped yet.'));
    expect(sent('DELETE')[0]!.url).toBe(`${B}/v1/admin/orders/o-1/fulfillments/f-1`);
  });

  it('a pending order is not offered shipping', async () => {
    current = { ...current, status: 'PENDING' };
    const { panel, button } = await mount();
    await vi.waitFor(() => expect(panel()!.textContent).toContain('Approve the order to ship it.'));
    expect(button(/^Mark as shipped$/)).toBeUndefined();
  });
});
