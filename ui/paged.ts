import { atom, type WritableAtom } from 'nanostores';

/** A paged list as a view shows it. */
export interface PagedUi<T> {
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: T[];
  /** The next page's cursor, while there is one. */
  next?: string;
  /** Loading the next page (the list stays). */
  more?: boolean;
  /** The last failure in words (a failed next page keeps the list: status stays `ready`). */
  error?: string;
}

/** One page of a list: its items and the next page's cursor. */
export interface Page<T> {
  items: T[];
  next?: string | null;
}

/** A paged list whose pages carry more than items (`E`: fields kept beside them, the last page's). */
export interface Paged<T, E extends object = object> {
  $list: WritableAtom<PagedUi<T> & Partial<E>>;
  /** The first page again (the list is replaced). */
  load(): Promise<void>;
  /**
   * The next page, added below (items already listed are not repeated); nothing while a page (first or next) loads
   * or at the end.
   */
  more(): Promise<void>;
  /** Change listed items (an answer's newer copy). */
  update(fn: (items: T[]) => T[]): void;
}

/**
 * A paged list store: `read(cursor)` reads a page; a load started later wins over an earlier one still running;
 * `words` turns a failure into words. Any other field a page has (`E`) is kept beside the items, as the last page
 * read said it.
 */
export function createPaged<T, E extends object = object>(
  read: (cursor: string | undefined) => Promise<Page<T> & E>,
  { id, words }: { id: (item: T) => string; words: (e: unknown) => string },
): Paged<T, E> {
  type Ui = PagedUi<T> & Partial<E>;
  const empty: PagedUi<T> = { status: 'idle', items: [] };
  const $list = atom<Ui>(empty as Ui);
  const patch = (p: Partial<PagedUi<T>>) => $list.set({ ...$list.get(), ...p });
  let run = 0;
  async function page(more: boolean) {
    const cur = $list.get();
    if (more && (!cur.next || cur.more || cur.status === 'loading')) return;
    const mine = ++run;
    patch(more ? { more: true, error: undefined } : { status: 'loading', error: undefined });
    try {
      const { items, next, ...extra } = await read(more ? cur.next : undefined);
      if (mine !== run) return;
      const have = more ? $list.get().items : [];
      const seen = new Set(have.map(id));
      $list.set({
        ...extra,
        status: 'ready',
        items: [...have, ...items.filter((x) => !seen.has(id(x)))],
        next: next ?? undefined,
      } as Ui);
    } catch (e) {
      if (mine === run) patch({ status: more ? 'ready' : 'error', more: false, error: words(e) });
    }
  }
  return {
    $list,
    load: () => page(false),
    more: () => page(true),
    update: (fn) => patch({ items: fn($list.get().items) }),
  };
}
