import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, mountWidget } from '../../../tests/helpers/mount.ts';
import { fakeFetch, json, type Call } from '../../../tests/helpers/fake-fetch.ts';
import type { Member } from '../../../core/api/members.ts';
import { addLanguage } from '../../../core/i18n/index.ts';
import frPack from '../../languages/fr.ts';

// the console's chunks, imported once before the tests (a first import is slow on a busy machine)
beforeAll(async () => {
  await Promise.all([
    import('../console.tsx'),
    import('./view.tsx'),
    import('./page/view.tsx'),
    import('./pending.ts'),
  ]);
});

const B = 'https://shop.test/api/inlay';
const M = `${B}/v1/admin/members`;
const XSS = '<img src=x onerror="window.__xss=1">';
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const person = (n: number, extra: Record<string, unknown> = {}) => ({
  id: id(n),
  status: 'APPROVED',
  activity: 'ACTIVE',
  name: `Person ${n}`,
  email: `p${n}@example.com`,
  joinedDate: '2026-11-01T10:00:00.000Z',
  badgeIds: [],
  ...extra,
});
const page = (m: Record<string, unknown>) => ({
  ...m,
  phones: [],
  emails: [],
  addresses: ['1 Long Road, Leeds'],
  customFields: [{ key: 'custom.shoe', name: 'Shoe size', value: '42' }],
  badges: [],
  orders: [{ id: 'o1', number: '10042', createdDate: '2026-11-02T10:00:00.000Z', total: '$42.50' }],
  reviews: [{ id: 'r1', title: 'Warm', rating: 5 }],
  unavailable: [],
});
const refusal = (status: number, code: string, data: Record<string, unknown> = {}) =>
  json(status, { message: code, details: { applicationError: { code, description: code, data } } });

let member: Member;
let items: Record<string, unknown>[];
let reply: (call: Call) => Response | Promise<Response> | undefined;
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  const custom = reply(call);
  if (custom) return custom;
  if (call.url === `${B}/v1/me`) return json(200, { kind: 'member', owner: true });
  if (call.url === `${M}/pending`) return json(200, { pending: items.filter((m) => m['status'] === 'PENDING').length });
  if (call.url === `${M}/badges`) return json(200, { badges: [{ id: id(9), title: 'Regular' }] });
  if (call.url === `${M}/search`) {
    const body = (call.body ?? {}) as { status?: string; search?: string };
    const found = items.filter(
      (m) =>
        (!body.status || m['status'] === body.status) && (!body.search || String(m['email']).includes(body.search)),
    );
    return json(200, { members: found, total: found.length });
  }
  const one = /\/admin\/members\/([^/]+)$/.exec(call.url);
  if (one) {
    const m = items.find((x) => x['id'] === one[1]);
    return m ? json(200, { member: page(m) }) : refusal(404, 'NOT_FOUND');
  }
  if (call.url.endsWith('/custom-fields')) {
    const { value } = call.body as { value: string };
    return json(200, { customFields: [{ key: 'custom.shoe', name: 'Shoe size', value: value.trim() }] });
  }
  const act = /\/admin\/members\/([^/]+)\/(approve|block|mute|unmute)$/.exec(call.url);
  if (act) {
    const m = items.find((x) => x['id'] === act[1])!;
    m['status'] = { approve: 'APPROVED', block: 'BLOCKED' }[act[2] as 'approve'] ?? m['status'];
    return json(200, { member: m });
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
  items = [
    person(1),
    person(2, { status: 'PENDING', name: XSS }),
    person(3, { status: 'PENDING', email: 'p3@example.com' }),
    person(4, { status: 'BLOCKED', lastLoginDate: '2026-11-20T10:00:00.000Z' }),
  ];
  member = { id: `owner-${Math.random()}`, loginEmail: 'owner@example.com', contact: {} } as Member;
  $session.set({ status: 'member', role: 'member', member });
});

async function mount(attrs: Record<string, string> = { section: 'members' }) {
  const { el, $, $$ } = await mountWidget('inlay-admin', attrs, net.fetch, { companion: B });
  const text = () => el.shadowRoot!.textContent ?? '';
  const button = (name: RegExp, root: ParentNode = el.shadowRoot!) =>
    [...root.querySelectorAll('button')].find((b) => name.test(b.textContent ?? '')) as HTMLButtonElement | undefined;
  return { el, $, $$, text, button };
}

describe('<inlay-admin section="members">', () => {
  it('the Members tab says how many sign-ups wait, to the eye and to screen readers', async () => {
    const { $$ } = await mount({ section: 'orders' });
    await vi.waitFor(() => expect($$('[role=tab]')).toHaveLength(6));
    const tab = $$('[role=tab]')[3]!;
    await vi.waitFor(() => expect(tab.querySelector('[part=pending-count]')?.textContent).toBe('2'));
    expect(tab.textContent).toContain('2 waiting for approval');
    expect(tab.querySelector('.visually-hidden')!.textContent).toBe(', 2 waiting for approval');
  });

  it('the table: names as text, status in words with its colour, dates; the pending view is one press away and in the URL', async () => {
    const { $, $$, text, button } = await mount();
    await vi.waitFor(() => expect($$('[part=member]')).toHaveLength(4));
    expect(text()).toContain(XSS);
    expect($('img')).toBeNull();
    const badges = $$('[part=status]');
    expect(badges.map((b) => [b.textContent, b.className])).toEqual([
      ['Approved', 'badge st-APPROVED'],
      ['Waiting for approval', 'badge st-PENDING'],
      ['Waiting for approval', 'badge st-PENDING'],
      ['Blocked', 'badge st-BLOCKED'],
    ]);
    expect($('[part=count]')!.textContent).toBe('4 members');
    expect($('[part=bulk]')).toBeNull(); // no bulk action on the whole site unfiltered
    button(/^Pending sign-ups$/)!.click();
    await vi.waitFor(() => expect($$('[part=member]')).toHaveLength(2));
    expect(location.search).toBe('?keep=1&admin-members=pending');
    expect(sent('/search').at(-1)!.body).toMatchObject({ status: 'PENDING' });
    expect(button(/^Pending sign-ups$/)!.getAttribute('aria-pressed')).toBe('true');
    // the filter shows as a chip that removes it
    const chip = $('[part=chips] .chip') as HTMLButtonElement;
    expect(chip.getAttribute('aria-label')).toBe('Remove filter: Waiting for approval');
    chip.click();
    await vi.waitFor(() => expect($$('[part=member]')).toHaveLength(4));
    expect(location.search).toBe('?keep=1');
  });

  it('opens on the saved view from the URL; a search applies as typed; bulk approve names the count and sends it', async () => {
    history.replaceState(null, '', '/admin?admin-members=pending');
    const { $, $$, button } = await mount();
    await vi.waitFor(() => expect($$('[part=member]')).toHaveLength(2));
    const search = $('input[type=search]') as HTMLInputElement;
    search.value = 'p3@';
    search.dispatchEvent(new Event('input', { bubbles: true }));
    await vi.waitFor(() => expect($$('[part=member]')).toHaveLength(1), { timeout: 2000 });
    expect(search.value).toBe('p3@');
    expect(location.search).toContain('admin-mq=p3%40');
    button(/^Approve all$/)!.click();
    await vi.waitFor(() => expect($('[part=confirm]')?.textContent).toContain('Approve 1 member?'));
    reply = (call) => (call.url.endsWith('/bulk-approve') ? refusal(409, 'COUNT_CHANGED', { count: 2 }) : undefined);
    button(/^Yes, do it$/)!.click();
    await vi.waitFor(() => expect($('[part=error]')?.textContent).toContain('changed (2 now)'));
    expect(sent('/bulk-approve')[0]!.body).toEqual({
      filter: { status: 'PENDING', search: 'p3@' },
      count: 1,
    });
  });

  it('filters apply as they change (status, joined dates) and show as chips; a range ending before it starts is said', async () => {
    const { $, $$ } = await mount();
    await vi.waitFor(() => expect($$('[part=member]')).toHaveLength(4));
    const status = $('[part=filters] select') as HTMLSelectElement;
    status.value = 'BLOCKED';
    status.dispatchEvent(new Event('change', { bubbles: true }));
    await vi.waitFor(() => expect($$('[part=member]')).toHaveLength(1));
    expect(location.search).toBe('?keep=1&admin-mstatus=BLOCKED');
    const [from, to] = $$<HTMLInputElement>('input[type=date]');
    from!.value = '2026-11-10';
    from!.dispatchEvent(new Event('input', { bubbles: true }));
    await vi.waitFor(() => expect(sent('/search').at(-1)!.body).toMatchObject({ joinedFrom: expect.any(String) }));
    const searches = sent('/search').length;
    to!.value = '2026-11-01';
    to!.dispatchEvent(new Event('input', { bubbles: true }));
    await vi.waitFor(() => expect($('[role=alert]')?.textContent).toBe('The end date is before the start date.'));
    expect(sent('/search')).toHaveLength(searches);
    expect($$('[part=chips] .chip').map((c) => c.getAttribute('aria-label'))).toEqual([
      'Remove filter: Blocked',
      expect.stringMatching(/^Remove filter: Joined from /),
      expect.stringMatching(/^Remove filter: Joined until /),
    ]);
  });

  it('a member’s page: profile, orders, reviews, custom fields; approve at once, block asked first, failures in words', async () => {
    const { $, $$, text, button } = await mount();
    await vi.waitFor(() => expect($$('[part=member]')).toHaveLength(4));
    ($$('[part=member]')[2]!.querySelector('button') as HTMLButtonElement).click();
    await vi.waitFor(() => expect($('[part=member-page] h3')?.textContent).toBe('Person 3'));
    expect(text()).toContain('Order #10042');
    expect(text()).toContain('$42.50');
    expect(text()).toContain('Shoe size');
    expect(text()).toContain('1 Long Road, Leeds');
    expect($('[part=member-page] [part=status]')!.textContent).toBe('Waiting for approval');
    button(/^Approve$/)!.click();
    await vi.waitFor(() => expect($('[part=done]')?.textContent).toContain('Approved'));
    expect($('[part=member-page] [part=status]')!.textContent).toBe('Approved');
    // the Members tab's count follows
    await vi.waitFor(() => expect($('[part=pending-count]')?.textContent).toBe('1'));
    button(/^Block$/)!.click();
    expect(sent('/block')).toEqual([]);
    await vi.waitFor(() => expect($('[part=confirm]')?.textContent).toContain('Block Person 3?'));
    reply = (call) => (call.url.endsWith('/block') ? json(503, { message: 'down' }) : undefined);
    button(/^Block$/, $('[part=confirm]')!)!.click();
    await vi.waitFor(() => expect($('[part=error]')).not.toBeNull());
    expect($('[part=member-page] [part=status]')!.textContent).toBe('Approved');
    // a custom field edited in place; a refusal keeps what was typed
    const shoe = $('[part=fields] input') as HTMLInputElement;
    expect(shoe.value).toBe('42');
    reply = (call) =>
      call.url.endsWith('/custom-fields')
        ? json(400, { message: 'Invalid request: value must be a number', details: {} })
        : undefined;
    shoe.value = '43';
    shoe.dispatchEvent(new Event('input', { bubbles: true }));
    // (Save is off until the value differs)
    await vi.waitFor(() => expect(button(/^Save$/)!.disabled).toBe(false));
    button(/^Save$/)!.click();
    await vi.waitFor(() => expect($('[part=error]')?.textContent).toContain('does not fit the field'));
    expect(($('[part=fields] input') as HTMLInputElement).value).toBe('43');
    reply = () => undefined;
    button(/^Save$/)!.click();
    await vi.waitFor(() => expect($('[part=done]')?.textContent).toBe('Saved.'));
    expect(sent('/custom-fields').at(-1)!.body).toEqual({ key: 'custom.shoe', value: '43' });
    button(/^Back to members$/)!.click();
    await vi.waitFor(() => expect($$('[part=member]')).toHaveLength(4));
  });

  it('delete asks who receives their content (a member, else the site owner); a 404 after a lost answer is done', async () => {
    items.push(person(5, { name: 'Heir Five' }));
    const { $, $$, button } = await mount();
    await vi.waitFor(() => expect($$('[part=member]')).toHaveLength(5));
    ($$('[part=member]')[0]!.querySelector('button') as HTMLButtonElement).click();
    await vi.waitFor(() => expect($('[part=member-page] h3')?.textContent).toBe('Person 1'));
    button(/^Delete$/)!.click();
    const ask = () => $('[part=confirm]')!;
    await vi.waitFor(() => expect(ask().textContent).toContain('Delete Person 1 for good? Their orders stay.'));
    const heir = ask().querySelector('select') as HTMLSelectElement;
    await vi.waitFor(() => expect(heir.options).toHaveLength(2));
    // (each name and email isolated for bidi: an option holds text only)
    expect([...heir.options].map((o) => o.textContent)).toEqual([
      'The site owner',
      '\u2068Heir Five\u2069 (\u2068p5@example.com\u2069)',
    ]);
    heir.value = id(5);
    reply = (call) => (call.url.endsWith('/delete') ? refusal(404, 'NOT_FOUND') : undefined);
    button(/^Delete$/, ask())!.click();
    await vi.waitFor(() => expect($('[part=done]')?.textContent).toBe('Member deleted.'));
    expect(sent('/delete')[0]!.body).toEqual({ contentAssigneeId: id(5) });
    expect($$('[part=member]').map((r) => r.textContent)).not.toContain('Person 1');
    expect($$('[part=member]')).toHaveLength(4);
  });

  it('the open member is in the page’s URL, a history entry each way; Back returns to the list as it was; a link opens it', async () => {
    history.replaceState(null, '', '/admin?keep=1&admin-members=pending');
    const { el, $, $$, button } = await mount();
    await vi.waitFor(() => expect($$('[part=member]')).toHaveLength(2));
    const entries = history.length;
    const searches = sent('/search').length;
    ($$('[part=member]')[1]!.querySelector('button') as HTMLButtonElement).click();
    await vi.waitFor(() => expect($('[part=member-page] h3')?.textContent).toBe('Person 3'));
    expect(location.search).toBe(`?keep=1&admin-members=pending&admin-member=${id(3)}`);
    expect(history.length).toBe(entries + 1);
    // Back (the URL as it was, then popstate): the list with its filters, as it was (not searched again)
    history.replaceState(null, '', '/admin?keep=1&admin-members=pending');
    dispatchEvent(new PopStateEvent('popstate'));
    await vi.waitFor(() => expect($$('[part=member]')).toHaveLength(2));
    expect($('[part=member-page]')).toBeNull();
    expect(button(/^Pending sign-ups$/)!.getAttribute('aria-pressed')).toBe('true');
    expect(sent('/search')).toHaveLength(searches);
    // the member left has the focus again
    await vi.waitFor(() => expect(el.shadowRoot!.activeElement?.getAttribute('data-id')).toBe(id(3)));
    // Forward: the member again; their page's "Back to members" is a new entry without them
    history.replaceState(null, '', `/admin?keep=1&admin-members=pending&admin-member=${id(3)}`);
    dispatchEvent(new PopStateEvent('popstate'));
    await vi.waitFor(() => expect($('[part=member-page] h3')?.textContent).toBe('Person 3'));
    button(/^Back to members$/)!.click();
    await vi.waitFor(() => expect($$('[part=member]')).toHaveLength(2));
    expect(location.search).toBe('?keep=1&admin-members=pending');
    expect(history.length).toBe(entries + 2);
    el.remove();

    // a link naming a member opens the console on them (the Members tab, whatever the attribute says)
    history.replaceState(null, '', `/admin?admin-member=${id(4)}`);
    const linked = await mount({ section: 'orders' });
    await vi.waitFor(() => expect(linked.$('[part=member-page] h3')?.textContent).toBe('Person 4'));
    expect(linked.$$('[role=tab]')[3]!.getAttribute('aria-selected')).toBe('true');
    expect(linked.$('[part=member-page] [part=status]')!.textContent).toBe('Blocked');
    linked.el.remove();

    // a link naming no member (deleted, or cut): said in words, no retry, the list one press away
    for (const bad of [id(7), 'not-a-member']) {
      history.replaceState(null, '', `/admin?admin-member=${bad}`);
      const gone = await mount({ section: 'members' });
      await vi.waitFor(() =>
        expect(gone.$('[part=member-page] [role=alert]')?.textContent).toBe(
          'No member has this link: they may have been deleted, or the link is incomplete.',
        ),
      );
      expect(gone.button(/^Try again$/)).toBeUndefined();
      gone.button(/^Back to members$/)!.click();
      await vi.waitFor(() => expect(gone.$$('[part=member]')).toHaveLength(4));
      expect(location.search).toBe('');
      gone.el.remove();
    }
  });

  it('right-to-left data keeps its order: names, emails, dates and counts in sentences isolated; a cut name keeps its start', async () => {
    const NAME = 'שרה כהן';
    const EMAIL = 'sarah@example.co.il';
    items = [person(1, { status: 'PENDING', name: NAME, email: EMAIL, lastLoginDate: '2026-11-20T10:00:00.000Z' })];
    history.replaceState(null, '', '/admin?admin-members=pending');
    const { $, $$, button } = await mount();
    await vi.waitFor(() => expect($$('[part=member]')).toHaveLength(1));
    const row = $$('[part=member]')[0]!;
    // the name: in its own direction (cut at its own end), its label a sentence with the name isolated
    const open = row.querySelector('button.nm') as HTMLButtonElement;
    expect(open.getAttribute('dir')).toBe('auto');
    expect(open.textContent).toBe(NAME);
    expect(open.getAttribute('aria-label')).toBe(`Open \u2068${NAME}\u2069`);
    // the email and both dates each in a <bdi>
    expect([...row.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual([
      EMAIL,
      expect.stringMatching(/2026/),
      expect.any(String),
    ]);
    // a count in a sentence: the sentence is one isolate ("1 member", never "member 1")
    expect($('[part=count] bdi')!.textContent).toBe('1 member');
    button(/^Approve all$/)!.click();
    await vi.waitFor(() => expect($('[part=confirm]')).not.toBeNull());
    expect($('[part=confirm] p')!.textContent).toBe('\u2068Approve 1 member?\u2069');
    // their page: the heading, the email; "Delete … for good?" names them isolated, in an isolated sentence
    open.click();
    await vi.waitFor(() => expect($('[part=member-page] h3 bdi')?.textContent).toBe(NAME));
    expect([...$('[part=member-page] dl')!.querySelectorAll('bdi')].map((b) => b.textContent)).toContain(EMAIL);
    expect($('[part=orders] bdi')!.textContent).toBe('Order #10042');
    button(/^Delete$/)!.click();
    await vi.waitFor(() => expect($('[part=confirm]')).not.toBeNull());
    expect($('[part=confirm] p')!.textContent).toBe(
      `\u2068Delete \u2068${NAME}\u2069 for good? Their orders stay.\u2069`,
    );
  });

  it('in French when the page turns French: the section loads its own French chunk', async () => {
    const { el, context, $$ } = await mountWidget('inlay-admin', { section: 'members' }, net.fetch, { companion: B });
    const text = () => el.shadowRoot!.textContent ?? '';
    await vi.waitFor(() => expect($$('[part=member]')).toHaveLength(4));
    expect(text()).toContain('Pending sign-ups');
    addLanguage('fr', { ...frPack });
    context.$locale.set('fr');
    await vi.waitFor(() => expect(text()).toContain('Inscriptions en attente'));
    expect(text()).toContain('En attente d’approbation');
  });
});
