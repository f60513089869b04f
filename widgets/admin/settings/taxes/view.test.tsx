import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, mountWidget } from '../../../../tests/helpers/mount.ts';
import { fakeFetch, json, type Call } from '../../../../tests/helpers/fake-fetch.ts';
import type { Member } from '../../../../core/api/members.ts';

beforeAll(async () => {
  await Promise.all([import('../../console.tsx'), import('../view.tsx'), import('./view.tsx')]);
});

const B = 'https://shop.test/api/inlay';
const TAXES = `${B}/v1/admin/taxes`;
const XSS = '<img src=x onerror="window.__xss=1">';
const G = '3cd73f86-caaa-59cc-b7b7-1969b7114539';
const CA = '7c1d2e00-0000-4000-8000-000000000022';
let list: { regions: unknown[]; groups: unknown[]; rates: unknown[] };
let reply: (call: Call) => Response | Promise<Response> | undefined;
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  if (call.url === `${B}/v1/me`) return json(200, { kind: 'member', owner: true });
  const custom = reply(call);
  if (custom) return custom;
  if (call.url === TAXES) return json(200, list);
  return json(500, { message: 'unexpected' });
});
const sent = (method: string, part: string) => net.calls.filter((c) => c.method === method && c.url.includes(part));

beforeEach(() => {
  document.body.replaceChildren();
  sessionStorage.clear();
  history.replaceState(null, '', '/admin?admin-setting=taxes');
  net.calls.length = 0;
  reply = () => undefined;
  list = {
    regions: [{ id: CA, country: 'US', subdivision: 'CA', taxIncludedInPrice: false, revision: '1' }],
    groups: [
      { id: G, name: 'Products', revision: '1', system: true },
      { id: '1cf65382-4ab0-5956-90d7-8751286f0c41', name: XSS, revision: '1', system: false },
    ],
    rates: [
      { id: 'r1', groupId: G, regionId: CA, rate: '0.0725', revision: '1' },
      { id: 'r2', groupId: G, regionId: null, rate: '0.08', revision: '1' },
    ],
  };
  $session.set({ status: 'member', role: 'member', member: { id: `o-${Math.random()}`, contact: {} } as Member });
});

async function mount() {
  const m = await mountWidget('inlay-admin', { section: 'settings' }, net.fetch, { companion: B });
  const text = () => m.el.shadowRoot!.textContent ?? '';
  const button = (name: RegExp, root: ParentNode = m.el.shadowRoot!) =>
    [...root.querySelectorAll('button')].find((b) => name.test(b.textContent ?? '')) as HTMLButtonElement;
  const region = () => m.$('[part=tax-region][data-region="US-CA"]')!;
  await vi.waitFor(() => expect(m.$('[part=tax-region]')).not.toBeNull(), { timeout: 3000 });
  return { ...m, text, button, region };
}

/** Opens California's form, types a rate and saves (the question shows). */
async function editRate(m: Awaited<ReturnType<typeof mount>>, percent: string) {
  m.button(/^Edit$/, m.region())?.click();
  await vi.waitFor(() => expect(m.region().querySelector('input[name=percent]')).not.toBeNull());
  const input = m.region().querySelector<HTMLInputElement>('input[name=percent]')!;
  input.value = percent;
  m.region().querySelector('form')!.requestSubmit();
}

describe('Settings › Taxes', () => {
  it('lists regions with their rate as a percentage, everywhere else, the groups as text (never HTML)', async () => {
    const m = await mount();
    expect(m.region().querySelector('.pct')!.textContent).toBe('7.25%');
    expect(m.region().textContent).toContain('Added at checkout');
    expect(m.$('[part=tax-region][data-region="*"]')!.textContent).toContain('8%');
    expect(m.$$('[part=tax-group]')[1]!.querySelector('bdi')!.textContent).toBe(XSS);
    expect(m.el.shadowRoot!.querySelector('img')).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('a rate that is no percentage is said, nothing sent; a good one asks first, then sets the rate once and reads the list again', async () => {
    const m = await mount();
    await editRate(m, '8%');
    await vi.waitFor(() => expect(m.region().textContent).toContain('Enter a percentage from 0 to 100'));
    expect(m.region().querySelector<HTMLInputElement>('input[name=percent]')!.value).toBe('8%'); // kept as typed
    expect(m.region().querySelector('form.confirm')).toBeNull();
    await editRate(m, '9,5');
    await vi.waitFor(() => expect(m.region().querySelector('form.confirm')).not.toBeNull());
    expect(m.region().querySelector('form.confirm')!.textContent).toContain(
      'Charge 9.5% tax in United States – CA from the next checkout?',
    );
    expect(sent('PUT', '/admin/taxes/rates')).toEqual([]);
    const reads = sent('GET', '/admin/taxes').length;
    reply = (call) =>
      call.method === 'PUT'
        ? json(200, { rate: { id: 'r1', groupId: G, regionId: CA, rate: '0.095', revision: '2' } })
        : undefined;
    list.rates[0] = { id: 'r1', groupId: G, regionId: CA, rate: '0.095', revision: '2' };
    m.region().querySelector<HTMLFormElement>('form.confirm')!.requestSubmit();
    await vi.waitFor(() => expect(m.region().querySelector('.pct')!.textContent).toBe('9.5%'));
    expect(sent('PUT', '/admin/taxes/rates').map((c) => c.body)).toEqual([
      { groupId: G, regionId: CA, percent: '9.5' },
    ]);
    expect(sent('PATCH', '/admin/taxes/regions')).toEqual([]); // place and prices unchanged: only the rate
    expect(sent('GET', '/admin/taxes').length).toBe(reads + 1);
  });

  it('a refusal in the platform’s words keeps what was typed; a lost answer is not sent again: the list is read and it says so', async () => {
    const m = await mount();
    reply = (call) =>
      call.method === 'PUT'
        ? json(409, {
            message: 'stale',
            details: { applicationError: { code: 'REVISION_MISMATCH', description: 'stale' } },
          })
        : undefined;
    await editRate(m, '9');
    await vi.waitFor(() => expect(m.region().querySelector('form.confirm')).not.toBeNull());
    m.region().querySelector<HTMLFormElement>('form.confirm')!.requestSubmit();
    await vi.waitFor(() => expect(m.region().textContent).toContain('Someone changed this since you opened it'));
    expect(m.region().querySelector<HTMLInputElement>('input[name=percent]')!.value).toBe('9');

    reply = (call) => (call.method === 'PUT' ? json(503, { message: 'down' }) : undefined);
    const reads = sent('GET', '/admin/taxes').length;
    m.region().querySelector('form')!.requestSubmit();
    await vi.waitFor(() => expect(m.region().querySelector('form.confirm')).not.toBeNull());
    m.region().querySelector<HTMLFormElement>('form.confirm')!.requestSubmit();
    await vi.waitFor(() => expect(m.region().textContent).toContain('We could not tell whether that was saved'));
    expect(sent('PUT', '/admin/taxes/rates')).toHaveLength(2); // one each time asked, never again by itself
    expect(sent('GET', '/admin/taxes').length).toBe(reads + 1);
  });

  it('a list that cannot be read says so with a retry', async () => {
    let down = true;
    // (a refusal, not an outage: a read's outage is retried before it is said)
    reply = (call) => (call.url === TAXES && down ? json(400, { message: 'bad' }) : undefined);
    const m = await mountWidget('inlay-admin', { section: 'settings' }, net.fetch, { companion: B });
    const retry = () =>
      [...m.el.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === 'Try again') as HTMLButtonElement;
    await vi.waitFor(() => expect(retry()).toBeDefined(), { timeout: 3000 });
    down = false;
    retry().click();
    await vi.waitFor(() => expect(m.$('[part=tax-region]')).not.toBeNull());
  });
});
