import { storageKey, webStorage } from '../storage.ts';

/**
 * The back-in-stock requests made in this browser, kept per client id and item (`productId:variantId`): the only
 * record of them a widget has, since the platform lets only an admin identity read, list or delete a request (docs/
 * wire.md). It survives reloads. `member`: made by a signed-in member, or carried over to one at sign-in (core/services/
 * stock-carry.ts); such a request shows only while a member is signed in, so whoever uses the browser after a sign-out
 * does not see it. Shared by that sign-in step and `<inlay-back-in-stock>`. Never throws: storage that is blocked,
 * full or holding garbage means nothing is kept.
 */
export interface SavedStockRequest {
  id: string;
  email: string;
  member?: true;
  /**
   * The site companion's handle for the request (issue 16): with it this device may read the request's status and
   * stop it through the companion. Absent for a request made without one.
   */
  handle?: string;
}

export const savedStockKey = (clientId: string) => storageKey('back-in-stock', clientId);

/** Only well-formed entries count (storage is shared with whatever else runs on the page, and older versions). */
const valid = (v: unknown): v is SavedStockRequest =>
  !!v && typeof v === 'object' && !!(v as SavedStockRequest).id && typeof (v as SavedStockRequest).email === 'string';

export function createSavedStockRequests(clientId: string, storage: Storage | null = webStorage()) {
  const key = savedStockKey(clientId);
  const all = (): Record<string, SavedStockRequest> => {
    try {
      const v = JSON.parse(storage?.getItem(key) ?? '{}') as unknown;
      return v && typeof v === 'object' ? (v as Record<string, SavedStockRequest>) : {};
    } catch {
      return {}; // corrupted or unavailable storage: nothing saved
    }
  };
  const write = (v: Record<string, SavedStockRequest>) => {
    try {
      storage?.setItem(key, JSON.stringify(v));
    } catch {
      /* storage full or blocked: the state lasts for this page only */
    }
  };
  return {
    /** The request saved for `item` that `member` (is a member signed in?) may see. */
    get(item: string, member: boolean): SavedStockRequest | undefined {
      // (`item` always holds a `:`, so it never names an Object.prototype member)
      const s = all()[item];
      return valid(s) && (member || !s.member) ? s : undefined;
    },
    set(item: string, saved: SavedStockRequest) {
      write({ ...all(), [item]: saved });
    },
    forget(item: string) {
      const v = all();
      delete v[item];
      write(v);
    },
    /** A sign-in: every request saved here becomes the member's. */
    carry() {
      const v = all();
      for (const s of Object.values(v)) if (valid(s)) s.member = true;
      write(v);
    },
  };
}
