import { atom } from 'nanostores';
import type { InlayContext } from '../../../core/context.ts';
import type { Translator } from '../../../core/i18n/index.ts';
import { InlayApiError } from '../../../core/errors.ts';
import { companionHttp } from '../../../core/api/companion.ts';
import { createPaged } from '../../../ui/paged.ts';
import {
  MEDIA_ROOT,
  browseMedia,
  deleteMedia,
  listTrash,
  restoreMedia,
  searchMedia,
  updateMediaFile,
  updateMediaFolder,
  type MediaFolder,
  type MediaListing,
} from '../../../core/api/admin-media.ts';
import { mediaStrings } from './strings.ts';
import { importActions } from './imports.ts';
import {
  fileItem,
  folderItem,
  nameProducts,
  storeLayout,
  storedLayout,
  type Item,
  type Layout,
  type Note,
  type Upload,
  type Where,
} from './items.ts';

export { MEDIA_ROOT, VISITOR_UPLOADS } from '../../../core/api/admin-media.ts';

type K = keyof typeof mediaStrings;

/** The next option's index for a key in the grid (`cols` a row; arrows mirrored right to left), or undefined. */
export function moveIn(key: string, at: number, n: number, cols: number, rtl: boolean): number | undefined {
  const ahead = rtl ? -1 : 1;
  const step = { ArrowRight: ahead, ArrowLeft: -ahead, ArrowDown: cols, ArrowUp: -cols, Home: -at, End: n - 1 - at };
  const by = step[key as keyof typeof step];
  return by === undefined ? undefined : Math.min(n - 1, Math.max(0, at + by));
}

/**
 * The console's media library (`<inlay-admin section="media">`, owner only through the site companion): a folder's
 * subfolders and files (grid or list, remembered), search, the trash; upload (several files, each with its progress,
 * refused in words by type or size without stopping the others), import from a URL (read again until READY or
 * FAILED), rename, labels, move, new folders, trash / restore / delete for good, a download link; in visitor uploads,
 * each photo's review with its product's name.
 */
export function createMediaModel(
  context: InlayContext,
  props: { page?: () => string; xhr?: () => XMLHttpRequest; wait?: (ms: number) => Promise<void> } = {},
) {
  const { client, i18n } = context;
  const page = props.page ?? (() => location.href);
  const http = () => companionHttp(client, page());
  const wait = props.wait ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const t: Translator<K> = (k, v) => i18n().strings(mediaStrings)(k, v);
  /** A failure in words: the companion's code when the section has words for it, else the console's. */
  const words = (e: unknown): string => {
    const a = e instanceof InlayApiError ? e.applicationError : undefined;
    const reason = a?.data && typeof a.data === 'object' ? (a.data as Record<string, unknown>)['reason'] : undefined;
    for (const c of [reason, a?.code])
      if (typeof c === 'string' && `md.why.${c}` in mediaStrings) return t(`md.why.${c}` as K);
    if (e instanceof InlayApiError && e.status === 400) return t('md.why.INVALID');
    return i18n().error(e, true);
  };

  const $layout = atom<Layout>(storedLayout());
  const $where = atom<Where>({ mode: 'folder', id: MEDIA_ROOT });
  const $folder = atom<{ folder?: MediaFolder; path: MediaFolder[] }>({ path: [] });
  const $selected = atom<ReadonlySet<string>>(new Set());
  const $uploads = atom<Upload[]>([]);
  const $note = atom<Note | undefined>(undefined);
  const $busy = atom(false);
  const $names = atom<Record<string, string>>({});
  /** The grid's roving focus: the option that takes Tab (the others are reached with the arrows). */
  const $at = atom(0);

  const paged = createPaged<Item>(
    async (cursor) => {
      const w = $where.get();
      const c = cursor ? { cursor } : {};
      let r: MediaListing;
      if (w.mode === 'folder') {
        const b = await browseMedia(http(), { folderId: w.id, ...c });
        if (!cursor) $folder.set({ folder: b.folder, path: b.path });
        r = b;
      } else r = w.mode === 'search' ? await searchMedia(http(), { query: w.query, ...c }) : await listTrash(http(), c);
      void nameProducts(client, r.files, $names);
      return { items: [...r.folders.map(folderItem), ...r.files.map(fileItem)], next: r.next };
    },
    { id: (x) => x.key, words },
  );
  const $list = paged.$list;

  const put = (item: Item, first = false) =>
    paged.update((items) =>
      items.some((x) => x.key === item.key)
        ? items.map((x) => (x.key === item.key ? item : x))
        : first
          ? [item, ...items]
          : [...items, item],
    );
  const drop = (keys: Iterable<string>) => {
    const gone = new Set(keys);
    paged.update((items) => items.filter((x) => !gone.has(x.key)));
    $selected.set(new Set([...$selected.get()].filter((k) => !gone.has(k))));
  };
  /** The folder shown now (uploads, imports and new folders go there), or the root outside a folder. */
  const here = () => {
    const w = $where.get();
    return w.mode === 'folder' ? w.id : MEDIA_ROOT;
  };
  const showing = (folderId: string | undefined) => {
    const w = $where.get();
    return w.mode === 'folder' && w.id === (folderId ?? MEDIA_ROOT);
  };

  /** Run an action: busy meanwhile, its outcome said (or its failure); true when it went. */
  async function act(run: () => Promise<string | undefined>): Promise<boolean> {
    if ($busy.get()) return false;
    $busy.set(true);
    $note.set(undefined);
    try {
      const text = await run();
      if (text) $note.set({ text });
      return true;
    } catch (e) {
      $note.set({ text: words(e), error: true });
      return false;
    } finally {
      $busy.set(false);
    }
  }

  function go(w: Where) {
    $where.set(w);
    $selected.set(new Set());
    $note.set(undefined);
    if (w.mode !== 'folder') $folder.set({ path: [] });
    return paged.load();
  }

  /** Ids of the selected files and folders. */
  const chosen = () => {
    const keys = [...$selected.get()];
    const ids = (kind: string) => keys.filter((k) => k.startsWith(kind)).map((k) => k.slice(2));
    return { keys, fileIds: ids('f:'), folderIds: ids('d:') };
  };

  /** Send the selection's ids; once gone from the list, say how many went. */
  const onSelection = (
    send: (ids: { fileIds: string[]; folderIds: string[] }) => Promise<unknown>,
    said: 'md.trashed' | 'md.restored' | 'md.deleted',
  ) =>
    act(async () => {
      const { keys, fileIds, folderIds } = chosen();
      await send({ fileIds, folderIds });
      drop(keys);
      return t(said, { count: keys.length });
    });

  /**
   * What the upload (tools/upload.ts, loaded with the first one), the import and new folder (imports.ts) and the file
   * panel's actions (details/actions.ts, loaded with the panel) work with: `put` shows an item first, `set` in place.
   */
  const kit = {
    http,
    here,
    showing,
    put: (x: Item) => put(x, true),
    set: (x: Item) => put(x),
    act,
    wait,
    t,
    words,
    $uploads,
    xhr: props.xhr,
  };

  return {
    $list,
    $where,
    $folder,
    $layout,
    $selected,
    $uploads,
    $note,
    $busy,
    $names,
    $at,
    kit,
    load: () => paged.load(),
    more: paged.more,
    go,
    /** Open a folder (the root without an id). */
    open: (id = MEDIA_ROOT) => go({ mode: 'folder', id }),
    search: (query: string) =>
      query.trim() ? go({ mode: 'search', query: query.trim() }) : go({ mode: 'folder', id: here() }),
    layout(l: Layout) {
      $layout.set(l);
      storeLayout(l);
    },
    toggle(key: string) {
      const s = new Set($selected.get());
      if (!s.delete(key)) s.add(key);
      $selected.set(s);
    },
    selectAll(on: boolean) {
      $selected.set(new Set(on ? $list.get().items.map((x) => x.key) : []));
    },
    /** Import from a URL, a new folder: into the folder shown (imports.ts). */
    ...importActions({ ...kit, $list, $note }),
    /** Upload several files at once into the folder shown (tools/upload.ts). */
    upload: async (files: File[]) => (await import('./tools/upload.ts')).upload(kit, i18n(), files),
    /** Move the selection to a folder (it leaves the folder shown). */
    move: (folderId: string) =>
      act(async () => {
        const { keys, fileIds, folderIds } = chosen();
        const done: string[] = [];
        try {
          for (const id of fileIds) {
            await updateMediaFile(http(), id, { folderId });
            done.push(`f:${id}`);
          }
          for (const id of folderIds) {
            await updateMediaFolder(http(), id, { parentId: folderId });
            done.push(`d:${id}`);
          }
        } finally {
          if ($where.get().mode === 'folder') drop(done);
        }
        return t('md.moved', { count: keys.length });
      }),
    /** The selection to the trash, out of it, or deleted for good (after the view's confirmation naming the count). */
    trash: () => onSelection((ids) => deleteMedia(http(), { ...ids, permanent: false }), 'md.trashed'),
    restore: () => onSelection((ids) => restoreMedia(http(), ids), 'md.restored'),
    destroy: () => onSelection((ids) => deleteMedia(http(), { ...ids, permanent: true }), 'md.deleted'),
  };
}
export type MediaModel = ReturnType<typeof createMediaModel>;
