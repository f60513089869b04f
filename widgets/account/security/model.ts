import { atom } from 'nanostores';
import type { InlayContext } from '../../../core/context.ts';
import { InlayApiError } from '../../../core/errors.ts';
import { accountUrl } from '../../../core/services/member-login.ts';
import { securityStrings } from './strings.ts';

/** A redirect session lives 10 minutes on the platform; one older than this is asked for again before it is followed. */
export const FRESH_MS = 8 * 60 * 1000;

/** The security section's state: the hosted account page's URL and its host, or why there is none. */
export interface SecurityUi {
  busy: boolean;
  url?: string;
  /** The host of the page (the site's own domain on the platform), named in the note. */
  site?: string;
  /** When the URL was made (ms). */
  at: number;
  error?: string;
  /** The platform refused the page (a 4xx): trying again will not help. */
  refused?: boolean;
}

/**
 * The member's second factors (docs/wire.md "The member's second factors in the account (issue 42)"): the platform
 * has no public call a member can make to read, add or remove them, so the section reads none and links to the
 * platform's hosted account page (`memberAccountPage`, the call `<inlay-login>`'s "My account" makes), where they are
 * managed.
 */
export function createSecurityModel(context: InlayContext, now: () => number = Date.now) {
  const { client, i18n } = context;
  const $state = atom<SecurityUi>({ busy: false, at: 0 });
  const t = (key: keyof typeof securityStrings, params?: Record<string, string | number>) =>
    i18n().strings(securityStrings)(key, params);
  const load = async (): Promise<string | undefined> => {
    $state.set({ ...$state.get(), busy: true, error: undefined, refused: undefined });
    try {
      const url = await accountUrl(client, i18n().locale);
      $state.set({ busy: false, url, site: new URL(url).host, at: now() });
      return url;
    } catch (e) {
      const refused = e instanceof InlayApiError && e.status >= 400 && e.status < 500 && e.status !== 429;
      $state.set({ busy: false, at: 0, refused, error: refused ? t('sec.refused') : i18n().error(e) });
      return undefined;
    }
  };
  return {
    t,
    $state,
    /** Ask the platform for the member's account page (once as the section shows, again on retry). */
    load,
    /**
     * Follow the link: a fresh one is followed as it is (a plain link: new tab, keyboard); an old one is asked for
     * again first, then the page goes there.
     */
    follow(e: Event) {
      if (now() - $state.get().at < FRESH_MS) return;
      e.preventDefault();
      void load().then((url) => url && location.assign(url));
    },
  };
}
