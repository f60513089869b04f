import { z } from 'zod/mini';
import { parseConfig, setConfig } from './config.ts';
import { createClient, type InlayClient } from './client.ts';
import { createI18n, type I18n } from './i18n/index.ts';
import { $session, setSessionError, syncSession, type Session } from './stores/session.ts';
import { $toasts } from './stores/toasts.ts';

declare const __INLAY_VERSION__: string;

/** The page's one client, created by boot(); widgets reach it through `client()`. */
let current: InlayClient | undefined;
let fallbackI18n: I18n | undefined;

export function client(): InlayClient {
  if (!current) throw new Error('Inlay is not configured');
  return current;
}

/** Translations for the page's locale (English until configured, and when the configuration is invalid). */
export function i18n(): I18n {
  return current?.i18n ?? (fallbackI18n ??= createI18n('en'));
}

/** What `window.Inlay` offers site builders; nothing else is put on window. */
export interface InlayGlobal {
  readonly version: string;
  /** Resolves once the configuration is read and the session is known (visitor or member). */
  readonly ready: Promise<void>;
  readonly session: {
    get(): Session;
    /** Calls `fn` now and on every change; returns the unsubscribe function. */
    subscribe(fn: (value: Session) => void): () => void;
    logout(): Promise<void>;
  };
}

declare global {
  interface Window {
    Inlay?: InlayGlobal;
  }
}

/**
 * Validates the configuration, creates the page's client, starts the visitor session and defines `window.Inlay`.
 * Returns false when another copy of Inlay already owns the page: this copy then stays idle (a warning, never an
 * exception in host code).
 */
export function boot(data: Record<string, string | undefined>): boolean {
  const version = __INLAY_VERSION__;
  if (window.Inlay) {
    if (current) return true;
    console.warn(`Inlay: another copy (${window.Inlay.version}) is already on this page; this copy (${version}) stays idle.`);
    return false;
  }
  // zod's JIT probes `new Function`, which a strict CSP reports as a violation: parse without it.
  z.config({ jitless: true });
  const parsed = parseConfig(data, { htmlLang: document.documentElement.lang, navigatorLanguage: navigator.language });
  setConfig(parsed);
  let ready: Promise<void>;
  if (parsed.ok) {
    const c = (current = createClient(parsed.config));
    syncSession(c.tokens);
    // Every widget needs a token; getting it now overlaps with chunk loading. A stored one means no request.
    ready = c.tokens.getAccessToken().then(
      () => undefined,
      (e: unknown) => setSessionError(e instanceof Error ? e.message : String(e)),
    );
  } else {
    console.error(parsed.error);
    ready = Promise.resolve();
  }
  // The page's toaster: added when the first toast appears unless the site placed one itself.
  $toasts.listen((list) => {
    if (list.length && !document.querySelector('inlay-toaster')) document.body.append(document.createElement('inlay-toaster'));
  });
  window.Inlay = Object.freeze({
    version,
    ready,
    session: Object.freeze({
      get: () => $session.get(),
      subscribe: (fn: (v: Session) => void) => $session.subscribe(fn),
      logout: () => client().tokens.logout(),
    }),
  });
  return true;
}
