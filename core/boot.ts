import { z } from 'zod/mini';
import type { WritableAtom } from 'nanostores';
import { canonicalLocale, parseConfig } from './config.ts';
import { createClient, type EarlyRequest } from './client.ts';
import { createInlayContext, type CaptchaProvider, type InlayContext } from './context.ts';
import { setPageContext } from './element.ts';
import { loadLanguage, registerLanguages, type LanguagePacks } from './i18n/index.ts';
import {
  followMember,
  sessionOf,
  setSessionError,
  syncSession,
  type Session,
  type SessionClient,
} from './stores/session.ts';
import { toastsOf } from './stores/toasts.ts';
import { storageKey } from './storage.ts';
import { messageOf } from './errors.ts';
import type { AddItem, Cart } from './api/current-cart.ts';

/**
 * Keeps the page's `$locale` (its context's) on `<html lang>` while the page changes it (sites that switch language
 * without a reload), falling back like the configuration does, once that language's strings have loaded. Not used
 * when the script tag fixes the locale with `data-locale`. Returns the stop function.
 */
export function followHtmlLang(
  root: HTMLElement,
  $locale: WritableAtom<string>,
  navigatorLanguage?: string,
): () => void {
  let wanted = '';
  const observer = new MutationObserver(() => {
    const locale = (wanted = canonicalLocale(root.lang) ?? canonicalLocale(navigatorLanguage) ?? 'en');
    // switch once the language's strings are here (no flash of English); the last change wins
    void loadLanguage(locale).then(() => wanted === locale && $locale.set(locale));
  });
  observer.observe(root, { attributes: true, attributeFilter: ['lang'] });
  return () => observer.disconnect();
}

declare const __INLAY_VERSION__: string;

/** The page's context: built once here (the composition root) and handed to the element layer. */
let current: InlayContext | undefined;

/** What `window.Inlay` offers site builders; nothing else is put on window. */
export interface InlayGlobal {
  readonly version: string;
  /** Resolves once the configuration is read and the session is known (visitor or member). */
  readonly ready: Promise<void>;
  readonly session: {
    get(): Session;
    /** Calls `fn` now and on every change; returns the unsubscribe function. */
    subscribe(fn: (value: Session) => void): () => void;
    /**
     * Go to the platform's hosted login page; it returns through the registered callback (`data-redirect-uri`, by
     * default this origin's `/`) to this page, signed in.
     */
    login(): Promise<void>;
    /**
     * Sign out here and in every tab, then visit the platform's logout URL (it ends the platform session and comes
     * back to this page).
     */
    logout(): Promise<void>;
  };
  /**
   * Captcha provider, set by the site: `Inlay.captcha = async (kind) => token`. Asked when the platform wants a
   * captcha token after failed sign-ins; `kind` is `'login'` or `'register'`.
   */
  captcha?: CaptchaProvider;
  /** The page's cart (loaded on first use; works without any cart element on the page). */
  readonly cart: {
    /** The cart as shown (`null` when empty), once loaded. */
    get(): Promise<Cart | null>;
    /** Add items; opens the drawer of an `<inlay-cart>` on the page unless `{open: false}`. */
    add(items: AddItem | AddItem[], options?: { open?: boolean }): Promise<Cart | null>;
    open(): Promise<void>;
    close(): Promise<void>;
    /** Calls `fn` with the cart once loaded and on every change; returns the unsubscribe function. */
    subscribe(fn: (cart: Cart | null) => void): () => void;
  };
}

export type { CaptchaProvider };
let captcha: CaptchaProvider | undefined;

/**
 * The hosted login's return: a pending hosted login and `#code=…&state=…` (or `#error=…`) in the URL (the callback
 * page), or a code the callback page kept for this one (the shopper's page).
 */
const hostedReturn = (clientId: string) => {
  try {
    const pending = sessionStorage.getItem(storageKey('hosted', clientId));
    return !!pending && (/[#&](code|state|error)=/.test(location.hash) || pending.includes('"code":'));
  } catch {
    return false;
  }
};
const flows = () => import('./services/member-login.ts');

declare global {
  interface Window {
    Inlay?: InlayGlobal;
  }
}

/** Resolves once the page's language can be shown (its pack loaded, or English when it could not load). */
let languageReady: Promise<void> = Promise.resolve();

/**
 * Validates the configuration, creates the page's client, starts the visitor session and defines `window.Inlay`.
 * `languages`: the packs of languages other than English, loaded when the page uses one. Resolves false when another
 * copy of Inlay already owns the page (this copy then stays idle: a warning, never an exception in host code), else
 * true once the page's language is ready, so no widget renders in English first. `early`: the token request the
 * loader started (used when the session needs exactly that request).
 */
export function boot(
  data: Record<string, string | undefined>,
  languages: LanguagePacks = {},
  early?: EarlyRequest,
): Promise<boolean> {
  const active = start(data, languages, early);
  return active ? languageReady.then(() => true) : Promise.resolve(false);
}

function start(
  data: Record<string, string | undefined>,
  languages: LanguagePacks,
  early: EarlyRequest | undefined,
): boolean {
  const version = __INLAY_VERSION__;
  if (window.Inlay) {
    if (current) return true;
    console.warn(
      `Inlay: another copy (${window.Inlay.version}) is already on this page; this copy (${version}) stays idle.`,
    );
    return false;
  }
  // zod's JIT probes `new Function`, which a strict CSP reports as a violation: parse without it.
  z.config({ jitless: true });
  const parsed = parseConfig(data, { htmlLang: document.documentElement.lang, navigatorLanguage: navigator.language });
  let ready: Promise<void>;
  if (parsed.ok) {
    registerLanguages(languages); // first: the client's i18n picks its language from the registered ones
    const c = createClient(parsed.config, {
      early,
      online: () => navigator.onLine,
      pageOrigin: location.origin,
      // with a site companion the page's public reads go there (its chunk, preloaded by the loader; one that cannot
      // load leaves every read to the platform)
      route: parsed.config.companion
        ? (...read) =>
            import('./api/public-batch.ts').then(
              (m) => m.route(c, location.href, ...read),
              () => undefined,
            )
        : undefined,
    });
    setPageContext((current = createInlayContext(c, () => captcha)));
    languageReady = loadLanguage(c.config.locale);
    if (!data.locale) followHtmlLang(document.documentElement, current.$locale, navigator.language);
    syncSession(c);
    // The page's toaster: added when the first toast appears unless the site placed one itself.
    toastsOf(c).$toasts.listen((list) => {
      if (list.length && !document.querySelector('inlay-toaster'))
        document.body.append(document.createElement('inlay-toaster'));
    });
    // nothing answers the page at all (client.ts `Reach`): say why, once (loaded only then)
    c.$reach.listen(
      (r) =>
        void (
          r === 'blocked' &&
          import('./services/unreachable.ts').then((m) =>
            m.reportUnreachable(current!, location.origin, () => location.reload()),
          )
        ),
    );
    // Every widget needs a token; getting it now overlaps with chunk loading. A stored one means no request.
    ready = c.tokens.getAccessToken().then(
      () => undefined,
      (e: unknown) => setSessionError(c, messageOf(e)),
    );
    if (hostedReturn(c.config.clientId)) {
      ready = ready
        .then(() => flows())
        .then((f) => f.completeHostedLogin(c))
        .then(
          () => undefined,
          (e: unknown) => console.warn(`Inlay: sign-in did not complete: ${messageOf(e)}`),
        );
    }
    followMember(c, () => import('./stores/member.ts').then((m) => m.loadMember(c)));
  } else {
    setPageContext(undefined, parsed.error);
    console.error(parsed.error);
    ready = Promise.resolve();
  }
  // the page's session: its client's, or, with no valid configuration, one of no client's that stays `loading`
  const $session = sessionOf(current?.client ?? ({} as SessionClient));
  const client = () => {
    if (!current) throw new Error('Inlay is not configured');
    return current.client;
  };
  // (after the page's language: the cart's store travels in the header pair's file, whose elements define themselves
  // as it runs, and would render in English first)
  const cart = () =>
    languageReady.then(() => import('./stores/current-cart.ts')).then(({ cartOf }) => cartOf(client()));
  // The page's cart, when an element that shows it on its first render is there (and not lazy): read as the core
  // starts, not once that element's chunk has run and rendered (one read, shared: the widgets' own ask gets it). Not
  // while a hosted sign-in completes: whose cart it is changes then.
  if (
    current &&
    !hostedReturn(current.client.config.clientId) &&
    document.querySelector('inlay-cart:not([loading=lazy]),inlay-recommendations:not([loading=lazy])')
  )
    void cart()
      .then((m) => m.loadCart())
      .catch(() => undefined);
  window.Inlay = Object.freeze({
    version,
    ready,
    session: Object.freeze({
      get: () => $session.get(),
      subscribe: (fn: (v: Session) => void) => $session.subscribe(fn),
      login: () => flows().then((f) => f.startHostedLogin(client())),
      logout: () => flows().then((f) => f.logout(client())),
    }),
    cart: Object.freeze({
      get: () => cart().then((m) => m.loadCart().then(() => m.$cart.get())),
      add: (items: AddItem | AddItem[], opts?: { open?: boolean }) =>
        cart().then((m) =>
          m
            .addItems(Array.isArray(items) ? items : [items])
            .then((c) => (opts?.open !== false && m.$cartOpen.set(true), c)),
        ),
      open: () => cart().then((m) => m.$cartOpen.set(true)),
      close: () => cart().then((m) => m.$cartOpen.set(false)),
      subscribe(fn: (cart: Cart | null) => void) {
        let off: (() => void) | undefined;
        let stopped = false;
        void cart().then((m) => {
          if (stopped) return;
          m.loadCart().catch(() => undefined);
          off = m.$cart.listen(fn);
          m.loadCart().then(
            () => !stopped && fn(m.$cart.get()),
            () => undefined,
          );
        });
        return () => {
          stopped = true;
          off?.();
        };
      },
    }),
    get captcha() {
      return captcha;
    },
    set captcha(fn: CaptchaProvider | undefined) {
      captcha = typeof fn === 'function' ? fn : undefined;
    },
  });
  return true;
}
