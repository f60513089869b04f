// Test helper: a page's context (client + translations) on a fake platform, without boot and without globals.
import { createClient, type ClientDeps, type InlayClient } from '../../core/client.ts';
import type { InlayConfig } from '../../core/config.ts';
import { createInlayContext, type CaptchaProvider, type InlayContext } from '../../core/context.ts';
import { setPageContext } from '../../core/element.ts';
import { followMember, syncSession } from '../../core/stores/session.ts';
import { loadMember } from '../../core/stores/member.ts';
import { tokenStorageKey } from '../../core/auth/tokens.ts';
import { memoryStorage } from './fake-fetch.ts';

/**
 * A browser holding a visitor's tokens for `clientId` from an earlier visit (a returning visitor, who may have a cart;
 * one the page mints has none and its first cart read sends nothing, core/stores/current-cart.ts). Pass it as
 * `storage` (with `tokenStorage: 'memory'` nothing is kept across pages; `'local'` to keep reads too).
 */
export function returningVisitor(clientId: string, storage: Storage = memoryStorage()): Storage {
  const t = { accessToken: { value: 'stored', expiresAt: 4e9 }, refreshToken: { value: 'stored-r', role: 'visitor' } };
  if (!storage.getItem(tokenStorageKey(clientId))) storage.setItem(tokenStorageKey(clientId), JSON.stringify(t));
  return storage;
}

export interface TestContextOptions extends Omit<ClientDeps, 'fetch'> {
  clientId?: string;
  apiBase?: string;
  locale?: string;
  tokenStorage?: InlayConfig['tokenStorage'];
  /**
   * The site's Stores catalog (`data-catalog`). Default `v1`, which the fake platforms of the widget tests answer;
   * `null`: not given, so the client asks the platform (`GET /stores/v3/provision/version`).
   */
  catalog?: InlayConfig['catalog'] | null;
  /** The page's `data-companion` (none unless given). */
  companion?: string;
  /** The site's captcha provider (`Inlay.captcha`). */
  captcha?: () => CaptchaProvider | undefined;
}

/** A client and its context whose every request goes to `fetch` (tokens in memory unless asked otherwise). */
export function testContext(fetch: typeof globalThis.fetch, o: TestContextOptions = {}): InlayContext {
  const {
    clientId = 'test-client',
    apiBase = 'https://api.test',
    locale = 'en',
    tokenStorage = 'memory',
    catalog = 'v1',
    companion,
    captcha,
    ...deps
  } = o;
  const client: InlayClient = createClient(
    { clientId, apiBase, locale, tokenStorage, ...(catalog ? { catalog } : {}), ...(companion ? { companion } : {}) },
    { locks: null, events: null, ...deps, fetch },
  );
  return createInlayContext(client, captcha ?? (() => undefined));
}

/**
 * Makes `context` the page's, as boot does for a real page: the context every element mounted from now on renders
 * with; with `session`, the client's session follows its tokens (and loads the member record) too, else the test
 * sets it itself (`sessionOf(client)`). Returns the undo function.
 */
export function usePage(context: InlayContext, { session = false } = {}): () => void {
  const { client } = context;
  setPageContext(context);
  const stops = session ? [syncSession(client), followMember(client, () => loadMember(client))] : [];
  return () => {
    stops.forEach((stop) => stop());
    setPageContext(undefined);
  };
}
