import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, mountWidget } from '../../../../tests/helpers/mount.ts';
import { fakeFetch, json, type Call } from '../../../../tests/helpers/fake-fetch.ts';
import type { Member } from '../../../../core/api/members.ts';

beforeAll(async () => {
  await Promise.all([import('../../console.tsx'), import('../view.tsx'), import('./view.tsx')]);
});

const B = 'https://shop.test/api/inlay';
const XSS = '<img src=x onerror="window.__xss=1">';
const US = '5a1e0000-0000-4000-8000-000000000001';
const CA = '5a1e0000-0000-4000-8000-000000000002';
const regions = [
  { id: US, name: 'United States', destinations: [{ countryCode: 'US', subdivisions: [] }] },
  { id: CA, name: 'Canada', destinations: [{ countryCode: 'CA', subdivisions: [] }] },
];
let options: Record<string, unknown>[];
let reply: (call: Call) => Response | undefined;
const refusal = (status: number, code: string) =>
  json(status, { message: code, details: { applicationError: { code, description: code } } });
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  const custom = reply(call);
  if (custom) return custom;
  if (call.url === `${B}/v1/me`) return json(200, { kind: 'member', owner: true });
  if (call.url === `${B}/v1/admin/shipping`) return json(200, { options, regions });
  if (call.url === `${B}/v1/admin/shipping/label`) return refusal(403, 'PERMISSION_DENIED');
  return json(500, { message: 'unexpected' });
});
const sent = (part: string, method: string) => net.calls.filter((c) => c.url.includes(part) && c.method === method);

beforeEach(() => {
  document.body.replaceChildren();
  sessionStorage.clear();
  history.replaceState(null, '', '/admin?section=settings&admin-setting=shipping');
  net.calls.length = 0;
  reply = () => undefined;
  options = [
    {
      id: 'o1',
      revision: '1',
      title: `Standard ${XSS}`,
      estimatedDeliveryTime: '3–5 days',
      deliveryRegionIds: [US],
      rates: [
        { amount: '6.95', conditions: [] },
        { amount: '0', conditions: [{ type: 'BY_TOTAL_PRICE', operator: 'GTE', value: '75' }] },
      ],
    },
  ];
  $session.set({ status: 'member', role: 'member', member: { id: `o-${Math.random()}`, contact: {} } as Member });
});

async function mount() {
  const m = await mountWidget('inlay-admin', { section: 'settings' }, net.fetch, { companion: B });
  const text = () => m.el.shadowRoot!.textContent ?? '';
  const button = (name: RegExp) =>
    [...m.el.shadowRoot!.querySelectorAll('button')].find((b) => name.test(b.textContent ?? '')) as
      HTMLButtonElement | undefined;
  const input = (id: string) => m.$<HTMLInputElement>(`[part=shipping-editor] input[id$="${id}"]`)!;
  const type = (el: HTMLInputElement, v: string) => {
    el.value = v;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  };
  return { ...m, text, button, input, type };
}

describe('Settings › Shipping', () => {
  it('the options by region with their rates in words, names as text never HTML; the label panel’s refusal is its own', async () => {
    const { $$, text } = await mount();
    await vi.waitFor(() => expect($$('[part=shipping-option]')).toHaveLength(1));
    const us = $$('[part=shipping-region]')[0]!;
    expect(us.textContent).toContain(`Standard ${XSS}`);
    expect(us.textContent).toContain('Free when the order total is at least $75.00');
    expect((window as { __xss?: number }).__xss).toBeUndefined();
    expect($$('[part=shipping-region]')[1]!.textContent).toContain('No option ships here');
    await vi.waitFor(() => expect(text()).toContain('The shipping label settings could not be loaded.'));
    // the options are still there and usable
    expect($$('[part=shipping-option]')).toHaveLength(1);
  });

  it('what the owner typed is checked before anything is sent, then asked, then saved once', async () => {
    reply = (call) => {
      if (call.url === `${B}/v1/admin/shipping/options` && call.method === 'POST') {
        options = [...options, { id: 'o2', revision: '1', deliveryRegionIds: [CA], ...(call.body as object) }];
        return json(200, { option: options.at(-1) });
      }
      return undefined;
    };
    const { $, $$, button, input, type, text } = await mount();
    await vi.waitFor(() => expect(button(/^Add a shipping option$/)).toBeDefined());
    button(/^Add a shipping option$/)!.click();
    await vi.waitFor(() => expect($('[part=shipping-editor]')).not.toBeNull());
    button(/^Save$/)!.click();
    await vi.waitFor(() => expect(text()).toContain('Give the option a name.'));
    expect(text()).toContain('Choose at least one region.');
    expect(text()).toContain('Enter a price such as 6.95.');
    expect(sent('/shipping/options', 'POST')).toEqual([]);
    type(input('t'), 'Maple');
    $$<HTMLInputElement>('[part=shipping-editor] input[type=checkbox]')[1]!.click();
    type(input('r0a'), '12.40');
    button(/^Save$/)!.click();
    await vi.waitFor(() =>
      expect(text()).toContain('Save “Maple”? Shoppers shipping to Canada will be offered it from $12.40.'),
    );
    expect(sent('/shipping/options', 'POST')).toEqual([]);
    button(/^Save option$/)!.click();
    await vi.waitFor(() => expect(text()).toContain('“Maple” saved.'));
    expect(sent('/shipping/options', 'POST')).toHaveLength(1);
    expect(sent('/shipping/options', 'POST')[0]!.body).toEqual({
      title: 'Maple',
      regionIds: [CA],
      rates: [{ amount: '12.40', conditions: [] }],
    });
  });

  it('an update whose answer is lost: the list is read back, and the change found there counts as done (never sent twice)', async () => {
    reply = (call) => {
      if (call.url === `${B}/v1/admin/shipping/options/o1` && call.method === 'PATCH') {
        const b = call.body as { rates: unknown };
        options = [{ ...options[0], revision: '2', rates: b.rates }];
        throw new TypeError('Failed to fetch');
      }
      return undefined;
    };
    const { button, input, type, text } = await mount();
    await vi.waitFor(() => expect(button(/^Edit$/)).toBeDefined());
    button(/^Edit$/)!.click();
    await vi.waitFor(() => expect(input('r0a')).not.toBeNull());
    type(input('r0a'), '7.25');
    button(/^Save$/)!.click();
    await vi.waitFor(() => expect(button(/^Save option$/)).toBeDefined());
    button(/^Save option$/)!.click();
    await vi.waitFor(() => expect(text()).toContain('saved. The checkout offers it now.'));
    expect(text()).toContain('$7.25');
    expect(sent('/shipping/options/o1', 'PATCH')).toHaveLength(1);
  });

  it('a revision that moved on: said in words, what was typed kept', async () => {
    reply = (call) => (call.method === 'PATCH' ? refusal(409, 'REVISION_MISMATCH') : undefined);
    const { button, input, type, text } = await mount();
    await vi.waitFor(() => expect(button(/^Edit$/)).toBeDefined());
    button(/^Edit$/)!.click();
    await vi.waitFor(() => expect(input('t')).not.toBeNull());
    type(input('t'), 'Renamed');
    button(/^Save$/)!.click();
    await vi.waitFor(() => expect(button(/^Save option$/)).toBeDefined());
    button(/^Save option$/)!.click();
    await vi.waitFor(() => expect(text()).toContain('This option changed since you opened it'));
    expect(input('t').value).toBe('Renamed');
  });
});
