import type { TokenStorageKind } from './config.ts';

/**
 * The page's web storage, and the one rule for what Inlay keeps there. A seam: the only core module that reads
 * `localStorage`/`sessionStorage`; everything else takes a `Storage | null` (tests pass their own).
 */

/** Every key Inlay keeps in web storage: `inlay.<what>.<clientId>` (tokens, cache, back-in-stock, hosted, …). */
export const storageKey = (what: string, clientId: string) => `inlay.${what}.${clientId}`;

/** The page's storage of a kind, or null where there is none or it is blocked (reading the property itself may throw). */
export function webStorage(kind: TokenStorageKind = 'local'): Storage | null {
  try {
    return kind === 'local' ? (globalThis.localStorage ?? null) : kind === 'session' ? (globalThis.sessionStorage ?? null) : null;
  } catch {
    return null;
  }
}
