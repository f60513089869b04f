import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, mountWidget } from '../../../../tests/helpers/mount.ts';
import { fakeFetch, json, type Call } from '../../../../tests/helpers/fake-fetch.ts';
import type { Member } from '../../../../core/api/members.ts';
import { addLanguage } from '../../../../core/i18n/index.ts';
import frPack from '../../../languages/fr.ts';

beforeAll(async () => {
  await Promise.all([import('../../console.tsx'), import('../view.tsx'), import('./view.tsx')]);
});

const B = 'https://shop.test/api/inlay';
const S = `${B}/v1/admin/back-in-stock`;
const XSS = '<img src=x onerror="window.__xss=1">';
const DAY = 86_400_000;
const item = (id: string, extra: Record<string, unknown> = {}) => ({
  catalogItemId: id,
  name: `Product ${id}`,
  waiting: 2,
  oldest: new Date(Date.now() - 3 * DAY).toISOString(),
  emails: ['ada@example.com', 'bo@example.com'],
  known: true,
  ...extra,
});

let collecting: boolean;
let items: Record<string, unknown>[];
let reply: (call: Call) => Response | Promise<Response> | undefined;
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  const custom = reply(call);
  if (custom) return custom;
  if (call.url === `${B}/v1/me`) return json(200, { kind: 'member', owner: true });
  if (call.url === `${S}/settings` && call.method === 'GET') return json(200, { settings: { collecting } });
  if (call.url === `${S}/settings` && call.method === 'PUT') {
    collecting = (call.body as { collecting: boolean }).collecting;
    return json(200, { settings: { collecting } });
  }
  if (call.url === `${S}/items`) return json(200, { items, truncated: false });
  if (call.url === `${S}/report`) {
    const { catalogItemId } = call.body as { catalogItemId: string };
    const it = items.find((x) => x['catalogItemId'] === catalogItemId)!;
    items = items.filter((x) => x !== it);
    return json(200, { sent: it['waiting'], failed: 0, waiting: 0 });
  }
  return json(500, { message: 'unexpected' });
});
const sent = (path: string, method?: string) =>
  net.calls.filter((c) => c.url === `${S}${path}` && (!method || c.method === method));

beforeEach(() => {
  document.body.replaceChildren();
  sessionStorage.clear();
  history.replaceState(null, '', '/admin?admin-setting=back-in-stock');
  net.calls.length = 0;
  reply = () => undefined;
  collecting = true;
  items = [item('p1', { variantId: 'v1', variant: 'Navy' }), item('p2', { name: XSS, waiting: 7 })];
  $session.set({ status: 'member', role: 'member', member: { id: `o-${Math.random()}`, contact: {} } as Member });
});

async function mount() {
  const m = await mountWidget('inlay-admin', { section: 'settings' }, net.fetch, { companion: B });
  const text = () => m.el.shadowRoot!.textContent ?? '';
  const button = (name: RegExp, root: ParentNode = m.el.shadowRoot!) =>
    [...root.querySelectorAll('button')].find((b) => name.test(b.textContent ?? '')) as HTMLButtonElement | undefined;
  const row = (name: string) => m.$$('[part=waiting-item]').find((r) => r.textContent!.includes(name))!;
  await vi.waitFor(() => expect(m.$$('[part=waiting-item]')).toHaveLength(2));
  return { ...m, text, button, row };
}

describe('Settings › Back in stock', () => {
  it('shows collecting on, and each waiting item: name, variant, how many, the oldest, who; names as text', async () => {
    const { $, $$, text, row } = await mount();
    expect($('h3:not([id])')?.textContent ?? text()).toContain('Back in stock');
    expect($('[part=collecting]')!.textContent).toContain('Collecting');
    expect($$('th').map((th) => th.textContent)).toEqual(['Item', 'Waiting', 'Oldest request', 'Action']);
    const navy = row('Product p1');
    expect(navy.textContent).toContain('Navy');
    expect(navy.querySelector('.num')!.textContent).toBe('2');
    expect(navy.textContent).toContain('3 days ago');
    expect([...navy.querySelectorAll('details li')].map((li) => li.textContent)).toEqual([
      'ada@example.com',
      'bo@example.com',
    ]);
    // the user's values are text, each isolated
    const xss = row('Product').parentElement!.querySelectorAll('bdi');
    expect(xss.length).toBeGreaterThan(4);
    expect(text()).toContain(XSS);
    expect($('img[src=x]')).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
    // the report button is described by the item's name (and variant)
    const report = navy.querySelector('[part=report]')!;
    expect(navy.querySelector(`#${report.getAttribute('aria-describedby')}`)!.textContent).toBe('Product p1 Navy');
  });

  it('stopping asks first; Cancel keeps collecting; confirmed, the platform stops and it says so; starting again needs no question', async () => {
    const { $, button, text } = await mount();
    button(/Stop collecting requests/)!.click();
    await vi.waitFor(() => expect($('[part=confirm-stop]')).not.toBeNull());
    expect(text()).toContain('Shoppers won’t be able to ask');
    button(/^Cancel$/, $('[part=confirm-stop]')!)!.click();
    await vi.waitFor(() => expect($('[part=confirm-stop]')).toBeNull());
    expect(sent('/settings', 'PUT')).toEqual([]);
    button(/Stop collecting requests/)!.click();
    await vi.waitFor(() => expect($('[part=confirm-stop]')).not.toBeNull());
    button(/^Stop collecting$/, $('[part=confirm-stop]')!)!.click();
    await vi.waitFor(() => expect($('[part=collecting]')!.textContent).toContain('Stopped'));
    expect(sent('/settings', 'PUT').map((c) => c.body)).toEqual([{ collecting: false }]);
    button(/Start collecting requests/)!.click();
    await vi.waitFor(() => expect($('[part=collecting]')!.textContent).toContain('Collecting'));
    expect(sent('/settings', 'PUT').map((c) => c.body)).toEqual([{ collecting: false }, { collecting: true }]);
  });

  it('a stop whose answer is lost is read back: done if the platform stopped; else the failure in words', async () => {
    reply = (c) => {
      if (c.url === `${S}/settings` && c.method === 'PUT') {
        collecting = false;
        throw new TypeError('Failed to fetch');
      }
      return undefined;
    };
    const { $, button } = await mount();
    button(/Stop collecting requests/)!.click();
    await vi.waitFor(() => expect($('[part=confirm-stop]')).not.toBeNull());
    button(/^Stop collecting$/, $('[part=confirm-stop]')!)!.click();
    await vi.waitFor(() => expect($('[part=collecting]')!.textContent).toContain('Stopped'));
    expect($('[role=alert]')).toBeNull();
    expect(sent('/settings', 'PUT')).toHaveLength(1);
    // refused: said, and still stopped
    reply = (c) => (c.url === `${S}/settings` && c.method === 'PUT' ? json(403, { message: 'nope' }) : undefined);
    button(/Start collecting requests/)!.click();
    await vi.waitFor(() => expect($('[role=alert]')).not.toBeNull());
    expect($('[part=collecting]')!.textContent).toContain('Stopped');
  });

  it('report asks first, naming how many shoppers are emailed; then says how many were, and the item leaves the list', async () => {
    const { $, $$, button, row } = await mount();
    button(/Report back in stock/, row(XSS))!.click();
    await vi.waitFor(() => expect($('[part=confirm-report]')).not.toBeNull());
    expect($('[part=confirm-report]')!.textContent).toContain(`Email 7 shoppers that`);
    expect($('[part=confirm-report]')!.textContent).toContain(XSS);
    button(/^Cancel$/, $('[part=confirm-report]')!)!.click();
    expect(sent('/report')).toEqual([]);
    button(/Report back in stock/, row('Product p1'))!.click();
    await vi.waitFor(() => expect($('[part=confirm-report]')).not.toBeNull());
    expect($('[part=confirm-report]')!.textContent!.replace(/[\u2066-\u2069]/g, '')).toContain(
      'Email 2 shoppers that Product p1 — Navy is back',
    );
    button(/^Send emails$/, $('[part=confirm-report]')!)!.click();
    await vi.waitFor(() => expect($('[part=outcome]')!.textContent).toBe('Product p1 — Navy: 2 shoppers emailed.'));
    expect(sent('/report').map((c) => c.body)).toEqual([{ catalogItemId: 'p1', variantId: 'v1' }]);
    await vi.waitFor(() => expect($$('[part=waiting-item]')).toHaveLength(1));
    expect($('tbody')!.textContent).not.toContain('Navy');
  });

  it('a report whose answer is lost: the list is read back; gone means emailed (never offered again); still there means it may be tried again', async () => {
    reply = (c) => {
      if (c.url !== `${S}/report`) return undefined;
      items = items.filter((x) => x['catalogItemId'] !== 'p1');
      throw new TypeError('Failed to fetch');
    };
    const { $, $$, button, row } = await mount();
    button(/Report back in stock/, row('Product p1'))!.click();
    await vi.waitFor(() => expect($('[part=confirm-report]')).not.toBeNull());
    button(/^Send emails$/, $('[part=confirm-report]')!)!.click();
    await vi.waitFor(() => expect($('[part=outcome]')!.textContent).toContain('its shoppers were emailed'));
    expect($$('[part=waiting-item]')).toHaveLength(1);
    expect(sent('/report')).toHaveLength(1);
    // lost again, but the platform had not sent: the item stays, the failure is said, the button is there again
    reply = (c) => {
      if (c.url === `${S}/report`) throw new TypeError('Failed to fetch');
      return undefined;
    };
    button(/Report back in stock/, row(XSS))!.click();
    await vi.waitFor(() => expect($('[part=confirm-report]')).not.toBeNull());
    button(/^Send emails$/, $('[part=confirm-report]')!)!.click();
    await vi.waitFor(() => expect(row(XSS).querySelector('[role=alert]')).not.toBeNull());
    expect((row(XSS).querySelector('[part=report]') as HTMLButtonElement).disabled).toBe(false);
    expect(sent('/report')).toHaveLength(2);
  });

  it('empty, a refused read in words with its retry, an item no longer in the catalog', async () => {
    items = [];
    let down = true;
    reply = (c) =>
      c.url === `${S}/items` && down
        ? json(403, {
            message: 'Not the owner',
            details: { applicationError: { code: 'NOT_OWNER', description: 'Not the owner' } },
          })
        : undefined;
    const m = await mountWidget('inlay-admin', { section: 'settings' }, net.fetch, { companion: B });
    const text = () => m.el.shadowRoot!.textContent ?? '';
    await vi.waitFor(() => expect(m.$('[role=alert]')).not.toBeNull());
    expect(m.$('[role=alert]')!.textContent).toContain('Try again');
    items = [item('p9', { known: false, name: 'p9' })];
    down = false;
    [...m.$('[role=alert]')!.querySelectorAll('button')][0]!.click();
    await vi.waitFor(() => expect(text()).toContain('No longer in the catalog'));
    expect(m.$('[part=report]')).toBeNull();
    items = [];
    document.body.replaceChildren();
    const again = await mountWidget('inlay-admin', { section: 'settings' }, net.fetch, { companion: B });
    await vi.waitFor(() => expect(again.el.shadowRoot!.textContent).toContain('Nobody is waiting for an item.'));
  });

  it('French: its words load with it on a French page', async () => {
    history.replaceState(null, '', '/admin');
    const m = await mountWidget('inlay-admin', { section: 'settings' }, net.fetch, { companion: B });
    addLanguage('fr', { ...frPack });
    m.context.$locale.set('fr');
    await vi.waitFor(() => expect(m.$$('[part=setting]').length).toBeGreaterThan(0));
    m.$$<HTMLButtonElement>('[part=setting]')
      .find((b) => b.dataset['k'] === 'back-in-stock')!
      .click();
    await vi.waitFor(() => expect(m.$$('[part=waiting-item]')).toHaveLength(2));
    const text = m.el.shadowRoot!.textContent!;
    expect(text).toContain('Retour en stock');
    expect(text).toContain('Collecte active');
    expect(text).toContain('Signaler le retour en stock');
  });
});
