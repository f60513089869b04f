import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, mountWidget } from '../../tests/helpers/mount.ts';
import { deferred, fakeFetch, json, type Call } from '../../tests/helpers/fake-fetch.ts';
import type { Member } from '../../core/api/members.ts';
import { addLanguage } from '../../core/i18n/index.ts';
import frPack from '../languages/fr.ts';

// the console's chunks, imported once before the tests (a first import is slow on a busy machine; the waits are 1 s)
beforeAll(async () => {
  await Promise.all([
    import('./console.tsx'),
    import('./reviews/view.tsx'),
    import('./abandoned/view.tsx'),
    import('./orders/view.tsx'),
    import('./orders/detail/view.tsx'),
  ]);
});

const B = 'https://shop.test/api/inlay';
const XSS = '<img src=x onerror="window.__xss=1">';
const review = (id: string, entityId: string, extra: Record<string, unknown> = {}) => ({
  id,
  namespace: 'stores',
  entityId,
  content: { rating: 4, title: `Title ${id}`, body: `Body ${id}` },
  author: { authorName: `Author ${id}` },
  moderation: { moderationStatus: 'IN_MODERATION' },
  createdDate: new Date(Date.now() - 86_400_000).toISOString(),
  ...extra,
});
let member: Member = { id: 'owner-1', loginEmail: 'owner@example.com', contact: {} } as Member;
let owner = true;
let queue = [review('r1', 'p-1'), review('r2', 'p-2', { author: { authorName: XSS } }), review('r3', 'p-1')];
let reply: (call: Call) => Response | Promise<Response> | undefined;
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  const custom = reply(call);
  if (custom) return custom;
  if (call.url === `${B}/v1/me`) return json(200, { kind: 'member', owner });
  if (call.url === `${B}/v1/reviews/pending`) return json(200, { reviews: queue });
  const m = /\/v1\/reviews\/([^/]+)\/moderate$/.exec(call.url);
  if (m)
    return json(200, {
      review: { ...queue.find((r) => r.id === m[1])!, moderation: { moderationStatus: 'APPROVED' } },
    });
  if (call.url.includes('/stores-reader/v1/products/query'))
    return json(200, {
      products: [
        { id: 'p-1', name: 'Enamel Camp Mug', slug: 'mug' },
        { id: 'p-2', name: 'Rucksack', slug: 'rucksack' },
      ],
    });
  return json(500, { message: 'unexpected' });
});
const sent = (part: string) => net.calls.filter((c) => c.url.includes(part));

beforeEach(() => {
  document.body.replaceChildren();
  sessionStorage.clear();
  history.replaceState(null, '', '/admin'); // (the console keeps its tab and open order in the page's URL)
  net.calls.length = 0;
  reply = () => undefined;
  owner = true;
  member = { id: `owner-${Math.random()}`, loginEmail: 'owner@example.com', contact: {} } as Member;
  queue = [review('r1', 'p-1'), review('r2', 'p-2', { author: { authorName: XSS } }), review('r3', 'p-1')];
  $session.set({ status: 'member', role: 'member', member });
});

async function mount(companion: string | null = B, attributes: Record<string, string> = { section: 'reviews' }) {
  const { el, $, $$ } = await mountWidget('inlay-admin', attributes, net.fetch, companion ? { companion } : {});
  const text = () => el.shadowRoot!.textContent ?? '';
  const button = (name: RegExp) => $$<HTMLButtonElement>('button').find((b) => name.test(b.textContent ?? ''));
  return { el, $, $$, text, button };
}

describe('<inlay-admin>', () => {
  it('shows nothing, and asks nothing of the companion, to a visitor or on a page without a companion', async () => {
    $session.set({ status: 'visitor', role: 'visitor' });
    const a = await mount();
    await new Promise((r) => setTimeout(r, 30));
    expect(a.$('[part=root]')!.hidden).toBe(true);
    expect(a.text()).toBe('');
    a.el.remove();
    $session.set({ status: 'member', role: 'member', member });
    const b = await mount(null);
    await new Promise((r) => setTimeout(r, 30));
    expect(b.text()).toBe('');
    expect(sent(B)).toEqual([]);
  });

  it('a member not on the owner list sees nothing, and no section is loaded or asked for', async () => {
    owner = false;
    const { $, text } = await mount();
    await vi.waitFor(() => expect(sent('/v1/me')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 30));
    expect($('[part=root]')!.hidden).toBe(true);
    expect(text()).toBe('');
    expect(sent('/reviews/pending')).toEqual([]);
  });

  it('an owner check that cannot be made is said, with a retry, never taken for a no; the retry shows the console', async () => {
    let failMe = true;
    reply = (call) => (call.url === `${B}/v1/me` && failMe ? json(200, '<html>proxy error</html>') : undefined); // an unreadable answer
    const { $, text, button } = await mount();
    await vi.waitFor(() => expect(button(/Try again/)).toBeDefined());
    expect($('[part=root]')!.hidden).toBe(false);
    expect($('[role=alert]')).not.toBeNull();
    expect(sent('/reviews/pending')).toEqual([]);
    failMe = false;
    button(/Try again/)!.click();
    await vi.waitFor(() => expect(text()).toContain('Title r1'));
    expect(sent('/v1/me')).toHaveLength(2);
  });

  it('the owner: every product’s pending reviews, named by product, as text; approve one and it leaves the queue', async () => {
    const { $$, text, button } = await mount();
    await vi.waitFor(() => expect($$('[part=review]')).toHaveLength(3));
    expect(sent('/reviews/pending')[0]!.body).toEqual({ namespace: 'stores' });
    await vi.waitFor(() => expect(text()).toContain('On Enamel Camp Mug'));
    expect(text()).toContain('On Rucksack');
    expect(text()).toContain(XSS);
    expect($$('img')).toHaveLength(0);
    expect((window as { __xss?: number }).__xss).toBeUndefined();
    // one batch read for both products
    expect(sent('/products/query')).toHaveLength(1);
    $$<HTMLButtonElement>('[part=approve]')[0]!.click();
    await vi.waitFor(() => expect($$('[part=review]')).toHaveLength(2));
    expect(sent('/reviews/r1/moderate')[0]!.body).toEqual({ status: 'APPROVED' });
    expect(text()).toContain('Approved the review by Author r1.');
    expect(button(/Approve selected/)!.disabled).toBe(true);
  });

  it('bulk: select all, a confirmation naming the count, one call per review; a failure stays selected with its reason', async () => {
    reply = (call) =>
      call.url.endsWith('/reviews/r2/moderate')
        ? json(503, { message: 'unavailable', details: { applicationError: { code: 'X', description: 'down' } } })
        : undefined;
    const { $, $$, text, button } = await mount();
    await vi.waitFor(() => expect($$('[part=review]')).toHaveLength(3));
    const all = $<HTMLInputElement>('.bulk input[type=checkbox]')!;
    // one ticked of three: "Select all" is mixed (indeterminate)
    $<HTMLInputElement>('[part=review] input[type=checkbox]')!.click();
    await vi.waitFor(() => expect([all.checked, all.indeterminate]).toEqual([false, true]));
    all.click();
    await vi.waitFor(() => expect(button(/Reject selected \(3\)/)!.disabled).toBe(false));
    button(/Reject selected/)!.click();
    await vi.waitFor(() => expect($('[part=confirm]')).not.toBeNull());
    expect(text()).toContain('Reject 3 reviews? They will not show on the site.');
    // the question takes focus
    await vi.waitFor(() =>
      expect(($('[part=confirm]')!.getRootNode() as ShadowRoot).activeElement).toBe($('[part=confirm] p')),
    );
    expect(sent('/moderate')).toEqual([]);
    button(/Yes, go ahead/)!.click();
    await vi.waitFor(() => expect($('[part=outcome]')?.textContent).toContain('Rejected 2 of 3.'));
    expect($('[part=outcome]')!.getAttribute('role')).toBe('alert');
    expect($('[part=outcome]')!.textContent).toContain('1 not done');
    expect($$('[part=review]')).toHaveLength(1);
    expect($<HTMLInputElement>('[part=review] input[type=checkbox]')!.checked).toBe(true);
    expect($('[part=review] [role=alert]')).not.toBeNull();
    expect(sent('/moderate').map((c) => c.body)).toEqual([
      { status: 'REJECTED' },
      { status: 'REJECTED' },
      { status: 'REJECTED' },
    ]);
  });

  it('a reply that fails keeps its text; sent again it is saved and shown', async () => {
    const held = deferred<Response>();
    let tries = 0;
    reply = (call) => {
      if (!call.url.endsWith('/reviews/r1/reply')) return undefined;
      if (++tries === 1) return json(500, { message: 'boom' });
      return held.promise;
    };
    const { $, $$, text, button } = await mount();
    await vi.waitFor(() => expect($$('[part=review]')).toHaveLength(3));
    button(/^Reply$/)!.click();
    await vi.waitFor(() => expect($('textarea')).not.toBeNull());
    const area = $<HTMLTextAreaElement>('textarea')!;
    area.value = 'Thanks for the kind words!';
    area.dispatchEvent(new Event('input', { bubbles: true }));
    button(/Save reply/)!.click();
    await vi.waitFor(() => expect(tries).toBe(1));
    await vi.waitFor(() => expect($('[part=review] [role=alert]')).not.toBeNull());
    expect($<HTMLTextAreaElement>('textarea')!.value).toBe('Thanks for the kind words!');
    button(/Save reply/)!.click();
    await vi.waitFor(() => expect(tries).toBe(2));
    held.resolve(json(200, { review: { ...queue[0], reply: { message: 'Thanks for the kind words!' } } }));
    await vi.waitFor(() => expect($('textarea')).toBeNull());
    expect(text()).toContain('Your reply: Thanks for the kind words!');
    expect(text()).toContain('Reply saved.');
    expect(sent('/reviews/r1/reply')[1]!.body).toEqual({ message: 'Thanks for the kind words!' });
  });

  it('on a French page the console speaks French: its strings load with it, not in the pack every page loads', async () => {
    expect(Object.keys(frPack)).not.toContain('q.title');
    addLanguage('fr', { ...frPack });
    const { el, $$ } = await mountWidget('inlay-admin', { section: 'reviews' }, net.fetch, {
      companion: B,
      locale: 'fr',
    });
    await vi.waitFor(() => expect($$('[part=review]')).toHaveLength(3));
    const text = el.shadowRoot!.textContent!;
    expect(text).toContain('Console de la boutique');
    expect(text).toContain('Avis en attente d’approbation');
    expect(text).toContain('Approuver');
  });

  it('an empty queue says so; a failed read says why and tries again', async () => {
    let fail = true;
    // (a refusal: a 5xx read would be retried first, over seconds)
    reply = (call) =>
      call.url.endsWith('/reviews/pending') && fail
        ? json(403, {
            message: 'Only the site owner can do this',
            details: { applicationError: { code: 'NOT_OWNER' } },
          })
        : undefined;
    queue = [];
    const { $, text, button } = await mount();
    await vi.waitFor(() => expect($('[role=alert]')).not.toBeNull());
    fail = false;
    button(/Try again/)!.click();
    await vi.waitFor(() => expect($('[part=empty]')).not.toBeNull());
    expect(text()).toContain('No reviews are waiting.');
  });
});
