import { beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, mountWidget } from '../../tests/helpers/mount.ts';
import { fakeFetch, json } from '../../tests/helpers/fake-fetch.ts';

const net = fakeFetch((call) => {
  if (call.url.endsWith('/recovery/v1/send-email')) return json(200, {});
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  if (call.url.includes('/members/v1/members/my'))
    return json(200, { member: { id: 'm1', loginEmail: 'ada@example.com', profile: { nickname: 'Ada Lovelace' } } });
  return json(400, { message: 'nope', details: { applicationError: { code: '-19976' } } });
});

beforeEach(() => {
  document.body.replaceChildren();
  $session.set({ status: 'visitor', role: 'visitor' });
});

async function mount(attrs: Record<string, string> = {}) {
  const { el } = await mountWidget('inlay-login', attrs, net.fetch, { clientId: 'c' });
  await vi.waitFor(() => expect(el.shadowRoot?.querySelector('button')).toBeTruthy());
  return el;
}
const $ = <T extends Element = HTMLElement>(el: Element, s: string) => el.shadowRoot!.querySelector<T>(s);
const active = (el: Element) => el.shadowRoot!.activeElement;
const key = (target: Element, k: string) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, composed: true }));

describe('<inlay-login>', () => {
  it('signed out: a button that opens the form on `view`; Escape closes and gives focus back; buttons never submit a host form', async () => {
    const form = document.createElement('form');
    const submitted = vi.fn((e: Event) => e.preventDefault());
    form.addEventListener('submit', submitted);
    document.body.append(form);
    const { el } = await mountWidget('inlay-login', { view: 'sign-up' }, net.fetch, { clientId: 'c', into: form });
    await vi.waitFor(() => expect($(el, 'button')).toBeTruthy());
    const open = $(el, 'button')!;
    expect(open.getAttribute('type')).toBe('button');
    expect(open.getAttribute('aria-expanded')).toBe('false');
    open.click();
    await vi.waitFor(() => expect($(el, '[role=dialog]')).toBeTruthy());
    expect($(el, '.title')!.textContent).toBe('Create an account');
    expect(open.getAttribute('aria-expanded')).toBe('true');
    await vi.waitFor(() => expect(active(el)).toBe($(el, 'input[name=email]')));
    expect($(el, 'input[name=password]')!.getAttribute('autocomplete')).toBe('new-password');
    for (const b of el.shadowRoot!.querySelectorAll('button'))
      expect(['button', 'submit']).toContain(b.getAttribute('type'));
    // the widget's own form is submitted, never the host's
    ($(el, 'button[type=submit]') as HTMLButtonElement).click();
    await vi.waitFor(() => expect($(el, '.err')).toBeTruthy());
    expect(submitted).not.toHaveBeenCalled();
    key($(el, 'input[name=email]')!, 'Escape');
    await vi.waitFor(() => expect($(el, '[role=dialog]')).toBeNull());
    expect(active(el)).toBe($(el, 'button'));
  });

  it('a reset link in the URL: the new-password form opens as the element loads, and the token leaves the address bar', async () => {
    history.replaceState(null, '', '/shop?inlay-reset=tok123&x=1');
    try {
      const el = await mount();
      await vi.waitFor(() => expect($(el, '[role=dialog] .title')?.textContent).toBe('Choose a new password'));
      expect(location.search).toBe('?x=1');
      await vi.waitFor(() => expect(active(el)).toBe($(el, 'input[name=password]')));
      expect($(el, 'button')!.getAttribute('aria-expanded')).toBe('true');
    } finally {
      history.replaceState(null, '', '/');
    }
  });

  it('right to left: the "check your inbox" sentence naming a right-to-left email is one isolated run', async () => {
    const el = await mount();
    $(el, 'button')!.click();
    await vi.waitFor(() => expect($(el, 'input[name=email]')).toBeTruthy());
    [...el.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === 'Forgot password?')!.click();
    await vi.waitFor(() => expect($(el, 'button[type=submit]')?.textContent).not.toBe('Sign in'));
    const email = $<HTMLInputElement>(el, 'input[name=email]')!;
    email.value = 'שרה2@example.com';
    email.dispatchEvent(new Event('input', { bubbles: true }));
    ($(el, 'button[type=submit]') as HTMLButtonElement).click();
    await vi.waitFor(() => expect($(el, '.form > p > bdi')).toBeTruthy());
    // the sentence in its own <bdi> (its words in order on a right-to-left page), the address isolated inside it
    expect($(el, '.form > p > bdi')!.textContent).toBe(
      'If \u2068שרה2@example.com\u2069 belongs to an account, you’ll get an email with a link to choose a new password. Check your inbox.',
    );
  });

  it('show-password toggle', async () => {
    const el = await mount();
    $(el, 'button')!.click();
    await vi.waitFor(() => expect($(el, 'input[name=password]')).toBeTruthy());
    const box = $<HTMLInputElement>(el, 'input[type=checkbox]')!;
    box.click();
    await vi.waitFor(() => expect($(el, 'input[name=password]')!.getAttribute('type')).toBe('text'));
  });

  it('signed in: name and initials, a keyboard menu; inlay-login when the session becomes a member, inlay-logout when it ends', async () => {
    const el = await mount();
    const seen: string[] = [];
    el.addEventListener('inlay-login', (e) => seen.push(`login:${(e.detail.member as { id: string }).id}`));
    el.addEventListener('inlay-logout', () => seen.push('logout'));
    $session.set({ status: 'member', role: 'member' });
    $session.set({
      status: 'member',
      role: 'member',
      member: { id: 'm1', loginEmail: 'ada@example.com', profile: { nickname: 'Ada Lovelace' } },
    });
    await vi.waitFor(() => expect($(el, '.member')).toBeTruthy());
    const btn = $(el, '.member')!;
    expect(btn.getAttribute('aria-label')).toBe('Account menu for Ada Lovelace');
    expect($(el, '.avatar')!.getAttribute('data-i')).toBe('AL');
    await vi.waitFor(() => expect(seen).toEqual(['login:m1']));

    key(btn, 'ArrowDown');
    await vi.waitFor(() => expect($(el, '[role=menu]')).toBeTruthy());
    const items = el.shadowRoot!.querySelectorAll('[role=menuitem]');
    await vi.waitFor(() => expect(active(el)).toBe(items[0]));
    expect([...items].map((i) => i.textContent)).toEqual(['Edit profile', 'Sign-in security', 'Sign out']);
    key(items[0]!, 'ArrowDown');
    expect(active(el)).toBe(items[1]);
    key(items[1]!, 'ArrowDown');
    expect(active(el)).toBe(items[2]);
    key(items[2]!, 'ArrowDown');
    expect(active(el)).toBe(items[0]);
    key(items[0]!, 'End');
    expect(active(el)).toBe(items[2]);
    key(items[2]!, 'Escape');
    await vi.waitFor(() => expect($(el, '[role=menu]')).toBeNull());
    expect(active(el)).toBe(btn);

    $session.set({ status: 'visitor', role: 'none' });
    await vi.waitFor(() => expect(seen).toEqual(['login:m1', 'logout']));
    expect($(el, '.member')).toBeNull();
  });
  it('"Edit profile" opens the account’s profile (the same component) with the addresses; Escape closes it', async () => {
    const el = await mount();
    $session.set({
      status: 'member',
      role: 'member',
      member: {
        id: 'm1',
        loginEmail: 'ada@example.com',
        profile: { nickname: 'Ada Lovelace' },
        contact: { firstName: 'Ada', lastName: 'Lovelace', phones: ['+1 555 0100'], emails: [], addresses: [] },
      },
    });
    await vi.waitFor(() => expect($(el, '.member')).toBeTruthy());
    $(el, '.member')!.click();
    await vi.waitFor(() => expect($(el, '[role=menuitem]')).toBeTruthy());
    $(el, '[role=menuitem]')!.click();
    await vi.waitFor(() => expect($(el, '[role=dialog] form[part=public-form]')).toBeTruthy(), { timeout: 5000 });
    const panel = $(el, '[role=dialog]')!;
    expect(panel.querySelector('.title')!.textContent).toBe('Your profile');
    expect([...panel.querySelectorAll('h3')].map((h) => h.textContent)).toEqual([
      'Your name',
      'On the site',
      'Phone numbers',
      'Contact emails',
      'Your addresses',
      'Password',
      'Delete my account',
    ]);
    expect(panel.querySelector<HTMLInputElement>('[name=firstName]')!.value).toBe('Ada');
    expect(panel.querySelector<HTMLInputElement>('[name=nickname]')!.value).toBe('Ada Lovelace');
    expect(panel.textContent).toContain('+1 555 0100');
    // the address form of the header's profile: the country first, then the name and phone
    [...panel.querySelectorAll('button')].find((b) => b.textContent === 'Add address')!.click();
    await vi.waitFor(() => expect(panel.querySelector('form[part=address-form]')).toBeTruthy());
    const form = panel.querySelector('form[part=address-form]')!;
    expect([...form.querySelectorAll<HTMLInputElement>('input,select')].slice(0, 4).map((f) => f.name)).toEqual([
      'country',
      'firstName',
      'lastName',
      'phone',
    ]);
    // the address form's ids are its own: no two fields of the panel share one
    const ids = [...panel.querySelectorAll('[id]')].map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    key(panel.querySelector('[name=nickname]')!, 'Escape');
    await vi.waitFor(() => expect($(el, '[role=dialog]')).toBeNull());
  });
});
