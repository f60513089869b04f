import type { TokenStorageKind } from './config.ts';

/**
 * The page's web storage and Web Locks, and the one rule for what Inlay keeps in storage. A seam: the only core module
 * that reads `localStorage`, `sessionStorage` or `navigator.locks`; everything else takes them as parameters (tests
 * pass their own).
 */

/**
 * Every key Inlay keeps in web storage: `inlay.<what>.<scope>`, the scope being the client id (tokens, cache,
 * back-in-stock, hosted sign-in) or what the value belongs to (a review draft's item, a member id).
 */
export const storageKey = (what: string, scope: string) => `inlay.${what}.${scope}`;

/** The page's storage of a kind, or null where there is none or it is blocked (reading the property itself may throw). */
export function webStorage(kind: TokenStorageKind = 'local'): Storage | null {
  try {
    return kind === 'local'
      ? (globalThis.localStorage ?? null)
      : kind === 'session'
        ? (globalThis.sessionStorage ?? null)
        : null;
  } catch {
    return null;
  }
}

/** Where `storage` events about `storage` arrive: the window, for the page's localStorage (other tabs' writes). */
export const storageEvents = (storage: Storage | null): EventTarget | null =>
  storage && storage === webStorage() && typeof window !== 'undefined' ? window : null;

/**
 * Runs `fn` once: `ms` from now, or as the page goes away (`pagehide`), whichever comes first. For writes that may
 * wait but must not be lost to a navigation.
 */
export function laterOrOnLeave(fn: () => void, ms: number): void {
  const page = typeof window !== 'undefined' ? window : undefined;
  const run = () => (clearTimeout(timer), page?.removeEventListener('pagehide', run), fn());
  const timer = setTimeout(run, ms);
  page?.addEventListener('pagehide', run);
}

/** The part of `navigator.locks` we use. */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** The page's Web Locks, or null where there are none. */
export const webLocks = (): LockManagerLike | null =>
  (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks ?? null;
