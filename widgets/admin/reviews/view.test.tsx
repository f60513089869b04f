import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, mountWidget } from '../../../tests/helpers/mount.ts';
import { fakeFetch, json } from '../../../tests/helpers/fake-fetch.ts';
import type { Member } from '../../../core/api/members.ts';

// the console's chunks, imported once before the tests (a first import is slow on a busy machine)
beforeAll(async () => {
  await Promise.all([import('../console.tsx'), import('./view.tsx')]);
});

const B = 'https://shop.test/api/inlay';
// a Hebrew author, title, product and reply, each with a number beside the letters
const queue = [
  {
    id: 'r1',
    namespace: 'stores',
    entityId: 'p-1',
    content: {
      rating: 4,
      title: 'ספל 2 מצוין',
      body: 'שבור 3 פעמים',
      media: [{ image: { url: 'https://m.test/1.png' } }, { image: { url: 'https://m.test/2.png' } }],
    },
    author: { authorName: 'שרה 5' },
    reply: { message: 'תודה 7' },
    createdDate: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  },
];
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  if (call.url === `${B}/v1/me`) return json(200, { kind: 'member', owner: true });
  if (call.url === `${B}/v1/reviews/pending`) return json(200, { reviews: queue });
  if (call.url.includes('/stores-reader/v1/products/query'))
    return json(200, { products: [{ id: 'p-1', name: 'כוס 9', slug: 'mug' }] });
  return json(500, { message: 'unexpected' });
});

beforeEach(() => {
  document.body.replaceChildren();
  sessionStorage.clear();
  history.replaceState(null, '', '/admin');
  net.calls.length = 0;
  const member = { id: `owner-${Math.random()}`, loginEmail: 'owner@example.com', contact: {} } as Member;
  $session.set({ status: 'member', role: 'member', member });
});

describe('<inlay-admin section="reviews">', () => {
  it('right to left values keep their order: the count, the author, the product, the date and the photos each in their own run; what a person wrote in its own direction', async () => {
    const { $, $$ } = await mountWidget('inlay-admin', { section: 'reviews' }, net.fetch, { companion: B });
    await vi.waitFor(() => expect($$('[part=review]')).toHaveLength(1));
    // "1 review waiting", never "review waiting 1" on a right-to-left page
    expect($('[part=queue-count] bdi')!.textContent).toBe('1 review waiting');
    const row = $('[part=review]')!;
    await vi.waitFor(() => expect(row.querySelector('.meta')!.textContent).toContain('כוס 9'));
    expect([...row.querySelectorAll('.meta > bdi')].map((b) => b.textContent)).toEqual([
      'שרה 5',
      'On \u2068כוס 9\u2069',
      '3 days ago',
      '2 photos',
    ]);
    expect(row.querySelector('.title')!.getAttribute('dir')).toBe('auto');
    expect(row.querySelector('.body')!.getAttribute('dir')).toBe('auto');
    expect(row.querySelector('.reply bdi')!.textContent).toBe('תודה 7');
    // a name inside a label is isolated by the translator
    expect(row.querySelector('input[type=checkbox]')!.getAttribute('aria-label')).toBe(
      'Select the review by \u2068שרה 5\u2069',
    );
    // the bulk question is one isolated sentence
    row.querySelector<HTMLInputElement>('input[type=checkbox]')!.click();
    await vi.waitFor(() => expect($$<HTMLButtonElement>('[part=bulk] button')[0]!.disabled).toBe(false));
    $$<HTMLButtonElement>('[part=bulk] button')[0]!.click();
    await vi.waitFor(() => expect($('[part=confirm] p')).not.toBeNull());
    expect($('[part=confirm] p')!.textContent).toBe('\u2068Approve 1 review? It will show on its product page.\u2069');
  });
});
