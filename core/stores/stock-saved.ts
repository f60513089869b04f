import { storageKey, webStorage } from '../storage.ts';

/**
 * The back-in-stock requests this browser made as a visitor, kept per client id and item (`productId:variantId`) so
 * the subscribed state survives reloads; a member's live on the platform instead. `body` is what made the request:
 * at sign-in core/services/stock-carry.ts deletes it as the visitor and makes it again as the member, and `id` is ''
 * until it is made again. Shared by that sign-in step and `<inlay-back-in-stock>`. Never throws: storage that is
 * blocked, full or holding garbage means nothing is kept.
 */
export interface SavedStockRequest<Body = unknown> {
  id: string;
  email: string;
  body?: Body;
}

export const savedStockKey = (clientId: string) => storageKey('back-in-stock', clientId);

export function createSavedStockRequests<Body = unknown>(clientId: string, storage: Storage | null = webStorage()) {
  const key = savedStockKey(clientId);
  const all = (): Record<string, SavedStockRequest<Body>> => {
    try {
      const v = JSON.parse(storage?.getItem(key) ?? '{}') as unknown;
      return v && typeof v === 'object' ? (v as Record<string, SavedStockRequest<Body>>) : {};
    } catch {
      return {}; // corrupted or unavailable storage: nothing saved
    }
  };
  const write = (v: Record<string, SavedStockRequest<Body>>) => {
    try {
      storage?.setItem(key, JSON.stringify(v));
    } catch {
      /* storage full or blocked: the state lasts for this page only */
    }
  };
  return {
    all,
    get: (item: string): SavedStockRequest<Body> | undefined => all()[item],
    set(item: string, saved: SavedStockRequest<Body>) {
      write({ ...all(), [item]: saved });
    },
    forget(item: string) {
      const v = all();
      delete v[item];
      write(v);
    },
  };
}
