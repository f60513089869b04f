// The account's Security section (issue 42 item 4): no public call reads a member's factors, so it reads none and
// links to the platform's hosted account page, whose URL it asks for as it shows.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, mountWidget } from '../../../tests/helpers/mount.ts';
import { deferred, fakeFetch, json, type Call } from '../../../tests/helpers/fake-fetch.ts';
import { addLanguage } from '../../../core/i18n/index.ts';
import frPack from '../../languages/fr.ts';

const HOSTED = 'https://shop.example.com/_hosted/account?session=s';
let reply: (call: Call) => Response | Promise<Response> | undefined;
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  return reply(call) ?? json(500, { message: 'unexpected' });
});
const sessions = () => net.calls.filter((c) => c.url.endsWith('/redirect-session'));
const session = (fullUrl: string) => json(200, { redirectSession: { id: 's', fullUrl } });

beforeAll(() => import('./view.tsx'), 60_000);
beforeEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
  net.calls.length = 0;
  reply = () => undefined;
  $session.set({ status: 'member', role: 'member', member: { id: 'm-1', loginEmail: 'ada@example.com' } });
});
afterEach(() => vi.useRealTimers());

async function mount(locale = 'en') {
  const { el, $, $$ } = await mountWidget('inlay-account', { section: 'security' }, net.fetch, { locale });
  return { el, $, $$, text: () => el.shadowRoot!.textContent ?? '' };
}

describe('<inlay-account> security', () => {
  it('reads no factor: names the hosted account page’s site, says only it manages them, and links there', async () => {
    const held = deferred<Response>();
    reply = (c) => (c.url.endsWith('/redirect-session') ? held.promise : undefined);
    const { $, $$, text } = await mount();
    await vi.waitFor(() => expect($('[aria-selected=true]')!.textContent).toBe('Security'));
    // while the page's URL is asked for: bones, no link yet
    await vi.waitFor(() => expect($('[part=security] .bones')).not.toBeNull());
    expect($('[part=security] a')).toBeNull();
    held.resolve(session(HOSTED));
    await vi.waitFor(() =>
      expect(text()).toContain('Second factors are managed on your account page on shop.example.com.'),
    );
    expect(text()).toContain('This page can’t show which ones are on');
    const link = $<HTMLAnchorElement>('[part=security] a')!;
    expect(link.getAttribute('href')).toBe(HOSTED);
    expect(link.textContent).toBe('Manage second factors on shop.example.com');
    expect(sessions()).toHaveLength(1);
    expect(sessions()[0]!.body).toEqual({
      memberAccountPage: { section: 'ACCOUNT_INFO' },
      callbacks: { postFlowUrl: location.href.split('#')[0] },
      preferences: { additionalQueryParameters: { lang: 'en' } },
    });
    // nothing else was asked of the platform about the member's factors
    expect(net.calls.filter((c) => /factor|mfa/i.test(c.url))).toEqual([]);
    expect($$('[role=tab]').map((t) => t.textContent)).toEqual(['Orders', 'Profile', 'Addresses', 'Security']);
  });

  it('a link older than 8 minutes is asked for again before it is followed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let n = 0;
    reply = (c) => (c.url.endsWith('/redirect-session') ? session(`${HOSTED}${++n}`) : undefined);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { $ } = await mount();
    await vi.waitFor(() => expect($('[part=security] a')?.getAttribute('href')).toBe(`${HOSTED}1`));
    // fresh: the link is followed as it is (nothing prevented, nothing asked)
    const fresh = new MouseEvent('click', { bubbles: true, cancelable: true });
    $('[part=security] a')!.dispatchEvent(fresh);
    expect(fresh.defaultPrevented).toBe(false);
    expect(sessions()).toHaveLength(1);
    vi.setSystemTime(Date.now() + 9 * 60 * 1000);
    const stale = new MouseEvent('click', { bubbles: true, cancelable: true });
    $('[part=security] a')!.dispatchEvent(stale);
    expect(stale.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(`${HOSTED}2`));
    expect(sessions()).toHaveLength(2);
    assign.mockRestore();
  });

  it('a refusal says to use the site’s own page (no retry); a failure says so with a retry that asks again', async () => {
    reply = (c) =>
      c.url.endsWith('/redirect-session')
        ? json(400, {
            message: 'is not a field of this request',
            details: {
              validationError: { fieldViolations: [{ field: 'memberAccountPage', violatedRule: 'FIELD_NOT_ALLOWED' }] },
            },
          })
        : undefined;
    const first = await mount();
    await vi.waitFor(() => expect(first.text()).toContain('Your account page can’t be opened from here.'));
    expect(first.$('[part=security] [role=alert]')).not.toBeNull();
    expect(first.$('[part=security] button')).toBeNull();
    expect(first.$('[part=security] a')).toBeNull();

    document.body.replaceChildren();
    net.calls.length = 0;
    let fail = true;
    // a platform URL that is not http(s) is never linked: the same failure as a broken answer
    reply = (c) => (c.url.endsWith('/redirect-session') ? session(fail ? 'javascript:alert(1)' : HOSTED) : undefined);
    const { $, text } = await mount();
    await vi.waitFor(() => expect($('[part=security] [role=alert] button')).not.toBeNull());
    expect($('[part=security] a')).toBeNull();
    expect(text()).not.toContain('javascript');
    fail = false;
    $<HTMLButtonElement>('[part=security] [role=alert] button')!.click();
    await vi.waitFor(() => expect($('[part=security] a')?.getAttribute('href')).toBe(HOSTED));
    expect(sessions()).toHaveLength(2);
  });

  it('speaks French on a French page', async () => {
    addLanguage('fr', { ...frPack });
    reply = (c) => (c.url.endsWith('/redirect-session') ? session(HOSTED) : undefined);
    const { $, text } = await mount('fr');
    await vi.waitFor(() => expect($('[part=security] a')).not.toBeNull());
    expect(text()).toContain('Les seconds facteurs se gèrent sur la page de votre compte sur shop.example.com.');
    expect($('[part=security] a')!.textContent).toBe('Gérer les seconds facteurs sur shop.example.com');
    expect($('[aria-selected=true]')!.textContent).toBe('Sécurité');
  });
});
