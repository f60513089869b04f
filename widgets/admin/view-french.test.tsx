import { describe, expect, it, vi } from 'vitest';
import { $session, mountWidget } from '../../tests/helpers/mount.ts';
import { addLanguage } from '../../core/i18n/index.ts';
import frPack from '../languages/fr.ts';
import { fakeFetch, json } from '../../tests/helpers/fake-fetch.ts';
import type { Member } from '../../core/api/members.ts';

// the console's French chunk cannot be had (a deploy replaced it, the network dropped)
vi.mock('./console-fr.ts', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

const B = 'https://shop.test/api/inlay';
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  if (call.url === `${B}/v1/me`) return json(200, { kind: 'member', owner: true });
  if (call.url === `${B}/v1/reviews/pending`) return json(200, { reviews: [] });
  return json(500, { message: 'unexpected' });
});

describe('<inlay-admin> when its French cannot load', () => {
  it('the page turning French while the console shows: it stays in English, with no unhandled rejection', async () => {
    const member = { id: 'owner-fr', loginEmail: 'o@example.com', contact: {} } as Member;
    $session.set({ status: 'member', role: 'member', member });
    const unhandled: unknown[] = [];
    const seen = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', seen);
    try {
      const { el, context } = await mountWidget('inlay-admin', { section: 'reviews' }, net.fetch, { companion: B });
      const text = () => el.shadowRoot!.textContent ?? '';
      await vi.waitFor(() => expect(text()).toContain('Shop console'));
      addLanguage('fr', { ...frPack });
      context.$locale.set('fr');
      await new Promise((r) => setTimeout(r, 50));
      expect(unhandled).toEqual([]);
      expect(text()).toContain('Shop console');
    } finally {
      process.off('unhandledRejection', seen);
    }
  });
});
