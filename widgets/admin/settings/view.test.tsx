import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, mountWidget } from '../../../tests/helpers/mount.ts';
import { fakeFetch, json } from '../../../tests/helpers/fake-fetch.ts';
import type { Member } from '../../../core/api/members.ts';
import { addLanguage } from '../../../core/i18n/index.ts';
import frPack from '../../languages/fr.ts';
import { SETTINGS, type SettingsKey } from './parts.ts';
import type { ConsoleSectionProps } from '../section.ts';

// the frame is tested with sections of its own making: what it must do is the same for every section (list, open in
// place, URL, Back, a chunk that fails); the sections' own tests are beside them
const saved = { ...SETTINGS };
let fail = 0;
const Tips = ({ ids }: ConsoleSectionProps) => <h3 id={`${ids}x`}>Tips here</h3>;
beforeAll(async () => {
  await Promise.all([import('../console.tsx'), import('./view.tsx')]);
  for (const k of Object.keys(SETTINGS) as SettingsKey[]) delete SETTINGS[k];
  SETTINGS.tips = async () => Tips;
  SETTINGS.taxes = () =>
    fail-- > 0 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(() => <p>Taxes here</p>);
});
afterAll(() => {
  for (const k of Object.keys(SETTINGS) as SettingsKey[]) delete SETTINGS[k];
  Object.assign(SETTINGS, saved);
});

const B = 'https://shop.test/api/inlay';
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  if (call.url === `${B}/v1/me`) return json(200, { kind: 'member', owner: true });
  return json(200, {});
});

beforeEach(() => {
  document.body.replaceChildren();
  sessionStorage.clear();
  history.replaceState(null, '', '/admin');
  fail = 0;
  $session.set({ status: 'member', role: 'member', member: { id: `o-${Math.random()}`, contact: {} } as Member });
});

const mount = async (attrs: Record<string, string> = { section: 'settings' }) => {
  const m = await mountWidget('inlay-admin', attrs, net.fetch, { companion: B });
  const entry = (name: string) => m.$$<HTMLButtonElement>('[part=setting]').find((b) => b.textContent!.includes(name))!;
  return { ...m, entry, text: () => m.el.shadowRoot!.textContent ?? '' };
};

describe('<inlay-admin section="settings">', () => {
  it('lists the sections with a line about each, in the frame’s order; one opens in place and in the URL; Back and "All settings" lead to the list', async () => {
    const { el, $, $$, entry, text } = await mount();
    await vi.waitFor(() => expect($$('[part=setting]')).toHaveLength(2));
    expect($$('[part=setting]').map((b) => b.querySelector('.name')!.textContent)).toEqual(['Taxes', 'Tips']);
    const tips = entry('Tips');
    expect(tips.getAttribute('aria-describedby')).toBe(tips.querySelector('.about')!.id);
    expect(tips.querySelector('.about')!.textContent).toBe('Let shoppers add a tip at checkout');
    expect($('[part=setting-panel]')).toBeNull();
    tips.click();
    await vi.waitFor(() => expect(text()).toContain('Tips here'));
    expect(new URL(location.href).searchParams.get('admin-setting')).toBe('tips');
    expect(tips.getAttribute('aria-current')).toBe('true');
    // "All settings" closes it and gives the keyboard back to the entry just left
    [...$$<HTMLButtonElement>('button')].find((b) => b.textContent === 'All settings')!.click();
    await vi.waitFor(() => expect($('[part=setting-panel]')).toBeNull());
    expect(new URL(location.href).searchParams.get('admin-setting')).toBeNull();
    await vi.waitFor(() => expect(el.shadowRoot!.activeElement).toBe(tips));
    // the browser's Back: the section again
    history.back();
    await vi.waitFor(() => expect(text()).toContain('Tips here'));
  });

  it('a link or a reload opens the section the URL names; an unknown one shows the list', async () => {
    history.replaceState(null, '', '/admin?admin-section=settings&admin-setting=tips');
    const { text } = await mount({});
    await vi.waitFor(() => expect(text()).toContain('Tips here'));
    document.body.replaceChildren();
    history.replaceState(null, '', '/admin?admin-section=settings&admin-setting=__proto__');
    const other = await mount({});
    await vi.waitFor(() => expect(other.$$('[part=setting]')).toHaveLength(2));
    expect(other.$('[part=setting-panel]')).toBeNull();
  });

  it('a section whose chunk fails says so with a retry, and shows once it loads', async () => {
    fail = 1;
    const { entry, text, $$ } = await mount();
    await vi.waitFor(() => expect($$('[part=setting]')).toHaveLength(2));
    entry('Taxes').click();
    const retry = await vi.waitFor(() => {
      const b = $$<HTMLButtonElement>('button').find((x) => x.textContent === 'Try again');
      expect(b).toBeDefined();
      return b!;
    });
    retry.click();
    await vi.waitFor(() => expect(text()).toContain('Taxes here'));
  });

  it('the page turning French after the list loaded: the list follows, its words French', async () => {
    const { entry, $$, context } = await mount();
    await vi.waitFor(() => expect($$('[part=setting]')).toHaveLength(2));
    addLanguage('fr', { ...frPack });
    context.$locale.set('fr');
    await vi.waitFor(() =>
      expect(entry('Pourboires').querySelector('.about')!.textContent).toBe('Proposer un pourboire au paiement'),
    );
  });
});
