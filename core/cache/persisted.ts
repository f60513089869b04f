import {
  PERSIST_MAX_AGE_MS,
  PERSIST_MAX_CHARS,
  PERSIST_MAX_ENTRIES,
  PERSIST_MAX_IDENTITIES,
  PERSIST_WRITE_DELAY_MS,
} from '../constants.ts';
import { laterOrOnLeave, storageKey } from '../storage.ts';

/** A copy read back: the data and when it was fetched (ms). */
export interface Stored {
  at: number;
  data: unknown;
}

/**
 * The query cache's layer across page loads. One localStorage item per client id and identity
 * (`inlay.cache.<clientId>.<identity>`), so a member never reads what another identity stored on a shared device.
 * Never throws: storage that is missing, blocked, full or holding garbage only means nothing is reused.
 */
export interface PersistedStore {
  /** The current identity's copy of `key`, unless missing, unreadable or older than the maximum age. */
  read(key: string): Stored | undefined;
  /** Keep `data` for `key` (written once per task, with every other write of that task). */
  write(key: string, data: unknown, at: number): void;
  /** Drop `key` and every key starting with it, for every identity of this client (after a mutation). */
  drop(prefix: string): void;
  /** Drop everything an identity stored (sign-out, or its session ended). */
  forget(identity: string): void;
}

export interface PersistedOptions {
  storage: Storage;
  clientId: string;
  /** The identity reads and writes are for; undefined (no session yet) turns both off. */
  identity: () => string | undefined;
  now?: () => number;
  maxAgeMs?: number;
  maxChars?: number;
  maxEntries?: number;
  maxIdentities?: number;
  /**
   * Runs the pending writes later: by default {@link PERSIST_WRITE_DELAY_MS} after the first of them, or as the page
   * goes away (`pagehide`), whichever comes first.
   */
  schedule?: (fn: () => void) => void;
}

interface Entry {
  t: number;
  d: unknown;
}

/** A short, stable, non-reversible name for a secret (cyrb53): an identity from its refresh token. */
export function hashId(s: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

export function createPersistedStore(o: PersistedOptions): PersistedStore {
  const { storage, identity } = o;
  const now = o.now ?? Date.now;
  const maxAge = o.maxAgeMs ?? PERSIST_MAX_AGE_MS;
  const maxChars = o.maxChars ?? PERSIST_MAX_CHARS;
  const maxEntries = o.maxEntries ?? PERSIST_MAX_ENTRIES;
  const maxIdentities = o.maxIdentities ?? PERSIST_MAX_IDENTITIES;
  // A page's reads answer one after another as it loads: one write of the whole item once it is quiet, not one per
  // answer (each write reads, merges and rewrites the item, on the main thread), and never lost to a navigation.
  const schedule = o.schedule ?? ((fn: () => void) => laterOrOnLeave(fn, PERSIST_WRITE_DELAY_MS));
  const prefix = `${storageKey('cache', o.clientId)}.`;
  const itemKey = (id: string) => prefix + id;

  /** What this page knows of each identity's item (read once), and the keys it changed and has not written yet. */
  const mirrors = new Map<string, Map<string, Entry>>();
  const pending = new Map<string, Set<string>>();
  let scheduled = false;
  let tidied = false;

  const get = (k: string): string | null => {
    try {
      return storage.getItem(k);
    } catch {
      return null;
    }
  };
  const remove = (k: string) => {
    try {
      storage.removeItem(k);
    } catch {
      /* blocked storage: nothing to remove */
    }
  };
  const ourItems = (): string[] => {
    const out: string[] = [];
    try {
      for (let i = 0; i < storage.length; i++) {
        const k = storage.key(i);
        if (k?.startsWith(prefix)) out.push(k);
      }
    } catch {
      /* blocked storage */
    }
    return out;
  };
  const usable = (e: unknown): e is Entry => {
    if (!e || typeof e !== 'object' || !('d' in e)) return false;
    const t = (e as { t?: unknown }).t;
    // a time in the future is garbage (or another clock): never trusted
    return typeof t === 'number' && t <= now() && now() - t < maxAge;
  };

  /** An item's usable entries and its last write time; anything unreadable counts as empty. */
  function parse(raw: string | null): { u: number; entries: Map<string, Entry> } {
    const entries = new Map<string, Entry>();
    let u = 0;
    if (!raw) return { u, entries };
    try {
      const v = JSON.parse(raw) as { u?: unknown; e?: unknown };
      if (typeof v?.u === 'number') u = v.u;
      if (v?.e && typeof v.e === 'object' && !Array.isArray(v.e)) {
        for (const [k, e] of Object.entries(v.e as Record<string, unknown>))
          if (usable(e)) entries.set(k, { t: e.t, d: e.d });
      }
    } catch {
      /* garbage: ignored, overwritten by the next write */
    }
    return { u, entries };
  }

  const mirror = (id: string): Map<string, Entry> => {
    let m = mirrors.get(id);
    if (!m) mirrors.set(id, (m = parse(get(itemKey(id))).entries));
    return m;
  };

  /** Newest first, within the caps; on a full storage, half as many, then nothing. */
  function save(id: string, entries: Map<string, Entry>): Map<string, Entry> {
    const parts: [string, Entry, string][] = [];
    let chars = 0;
    for (const [k, e] of [...entries].sort((a, b) => b[1].t - a[1].t)) {
      if (parts.length >= maxEntries) break;
      let text: string;
      try {
        text = `${JSON.stringify(k)}:${JSON.stringify(e)}`;
      } catch {
        continue;
      }
      if (chars + text.length > maxChars) continue;
      chars += text.length;
      parts.push([k, e, text]);
    }
    for (let n = parts.length; n > 0; n = Math.floor(n / 2)) {
      try {
        storage.setItem(
          itemKey(id),
          `{"u":${now()},"e":{${parts
            .slice(0, n)
            .map((p) => p[2])
            .join(',')}}}`,
        );
        return new Map(parts.slice(0, n).map((p) => [p[0], p[1]]));
      } catch {
        /* quota: try again with the newer half */
      }
    }
    remove(itemKey(id));
    return new Map();
  }

  /** Once per page: items of identities unused for the maximum age go, and the oldest beyond the cap. */
  function tidy(current: string) {
    const items = ourItems()
      .filter((k) => k !== itemKey(current))
      .map((k) => ({ k, u: parse(get(k)).u }))
      .sort((a, b) => b.u - a.u);
    items.forEach((it, i) => {
      if (i >= maxIdentities - 1 || now() - it.u >= maxAge) remove(it.k);
    });
  }

  function flush() {
    scheduled = false;
    for (const [id, keys] of pending) {
      if (!tidied) {
        tidied = true;
        tidy(id);
      }
      // what other tabs stored meanwhile is kept; this page's newer copies win
      const stored = parse(get(itemKey(id))).entries;
      const mine = mirror(id);
      for (const k of keys) {
        const e = mine.get(k);
        if (e) stored.set(k, e);
      }
      mirrors.set(id, save(id, stored));
    }
    pending.clear();
  }

  return {
    read(key) {
      const id = identity();
      const e = id ? mirror(id).get(key) : undefined;
      return e && usable(e) ? { at: e.t, data: e.d } : undefined;
    },
    write(key, data, at) {
      const id = identity();
      if (!id || data === undefined) return;
      mirror(id).set(key, { t: at, d: data });
      let keys = pending.get(id);
      if (!keys) pending.set(id, (keys = new Set()));
      keys.add(key);
      if (!scheduled) {
        scheduled = true;
        schedule(flush);
      }
    },
    drop(p) {
      for (const [id, m] of mirrors) {
        for (const k of [...m.keys()]) if (k.startsWith(p)) m.delete(k);
        const keys = pending.get(id);
        if (keys) for (const k of [...keys]) if (k.startsWith(p)) keys.delete(k);
      }
      for (const item of ourItems()) {
        const { entries } = parse(get(item));
        const before = entries.size;
        for (const k of [...entries.keys()]) if (k.startsWith(p)) entries.delete(k);
        if (entries.size === before) continue;
        const id = item.slice(prefix.length);
        if (entries.size) mirrors.set(id, save(id, entries));
        else remove(item);
      }
    },
    forget(id) {
      mirrors.delete(id);
      pending.delete(id);
      remove(itemKey(id));
    },
  };
}
