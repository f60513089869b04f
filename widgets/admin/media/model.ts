import { atom } from 'nanostores';
import type { InlayContext } from '../../../core/context.ts';
import type { Translator } from '../../../core/i18n/index.ts';
import { InlayApiError } from '../../../core/errors.ts';
import { companionHttp } from '../../../core/api/companion.ts';
import { storageKey, webStorage } from '../../../core/storage.ts';
import { productsByIds } from '../../../core/reads/products.ts';
import { createPaged } from '../../../ui/paged.ts';
import {
  MEDIA_ROOT,
  browseMedia,
  createMediaFolder,
  deleteMedia,
  getMediaFile,
  importMedia,
  listTrash,
  restoreMedia,
  searchMedia,
  updateMediaFile,
  updateMediaFolder,
  type MediaFile,
  type MediaFolder,
  type MediaListing,
} from '../../../core/api/admin-media.ts';
import { mediaStrings } from './strings.ts';
import { iso } from './bidi.ts';

/** One entry of the grid: a folder or a file, keyed `d:<id>` or `f:<id>`. */
export { MEDIA_ROOT, VISITOR_UPLOADS } from '../../../core/api/admin-media.ts';
export type Item =
  { key: string; folder: MediaFolder; file?: undefined } | { key: string; file: MediaFile; folder?: undefined };
/** What the section shows: a folder of the library, search results, or the trash. */
export type Where = { mode: 'folder'; id: string } | { mode: 'search'; query: string } | { mode: 'trash' };
export type Layout = 'grid' | 'list';
/** One file being uploaded: its progress (0..1), then done or refused in words. */
export interface Upload {
  key: string;
  name: string;
  progress: number;
  status: 'up' | 'done' | 'error';
  error?: string;
}
/** The last action's outcome, in words (`error` when it failed). */
export interface Note {
  text: string;
  error?: boolean;
}

type K = keyof typeof mediaStrings;
const LAYOUT_KEY = storageKey('admin.media', 'layout');
/** How often, and how many times, an import still PENDING is read again. */
export const POLL_MS = 1500;
export const POLL_TIMES = 40;

/** The next option's index for a key in the grid (`cols` a row; arrows mirrored right to left), or undefined. */
export function moveIn(key: string, at: number, n: number, cols: number, rtl: boolean): number | undefined {
  const step = {
    ArrowRight: rtl ? -1 : 1,
    ArrowLeft: rtl ? 1 : -1,
    ArrowDown: cols,
    ArrowUp: -cols,
    Home: -at,
    End: n - 1 - at,
  }[key];
  if (step === undefined) return undefined;
  return Math.min(n - 1, Math.max(0, at + step));
}

export const fileItem = (file: MediaFile): Item => ({ key: `f:${file.id}`, file });
export const folderItem = (folder: MediaFolder): Item => ({ key: `d:${folder.id}`, folder });

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

  const stored = (() => {
    try {
      return webStorage('local')?.getItem(LAYOUT_KEY);
    } catch {
      return undefined;
    }
  })();
  const $layout = atom<Layout>(stored === 'list' ? 'list' : 'grid');
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
      void name(r.files);
      return { items: [...r.folders.map(folderItem), ...r.files.map(fileItem)], next: r.next };
    },
    { id: (x) => x.key, words },
  );
  const $list = paged.$list;

  /** The products of the photos' reviews, named in one batch (a failure leaves the review without it). */
  async function name(files: MediaFile[]) {
    const known = $names.get();
    const ids = [...new Set(files.flatMap((f) => (f.review?.entityId ? [f.review.entityId] : [])))].filter(
      (id) => !(id in known),
    );
    if (!ids.length) return;
    try {
      const products = await productsByIds(client, ids);
      $names.set({ ...$names.get(), ...Object.fromEntries(products.map((p) => [p.id, p.name])) });
    } catch {
      // shown without the product's name
    }
  }

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
    return {
      keys,
      fileIds: keys.filter((k) => k.startsWith('f:')).map((k) => k.slice(2)),
      folderIds: keys.filter((k) => k.startsWith('d:')).map((k) => k.slice(2)),
    };
  };

  /**
   * What the upload part (tools/upload.ts, loaded with the first upload) and the file panel's actions
   * (details/actions.ts, loaded with the panel) work with: `put` shows a new file first, `set` an item in its place.
   */
  const kit = {
    http,
    here,
    showing,
    put: (f: MediaFile) => put(fileItem(f), true),
    set: (x: Item) => put(x),
    act,
    t,
    words,
    $uploads,
    xhr: props.xhr,
  };

  /** Read an import again until it is READY or FAILED (or the section has moved on and it is no longer shown). */
  async function follow(file: MediaFile) {
    let f = file;
    for (let n = 0; f.status === 'PENDING' && n < POLL_TIMES; n++) {
      await wait(POLL_MS);
      if (!$list.get().items.some((x) => x.key === `f:${f.id}`)) return;
      try {
        f = await getMediaFile(http(), f.id);
      } catch {
        continue; // read again next time
      }
      put(fileItem(f));
    }
    if (f.status === 'FAILED') $note.set({ text: t('md.importFailed', { name: iso(f.name) }), error: true });
    else if (f.status === 'READY') $note.set({ text: t('md.imported', { name: iso(f.name) }) });
  }

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
      try {
        webStorage('local')?.setItem(LAYOUT_KEY, l);
      } catch {
        // remembered for this page only
      }
    },
    toggle(key: string) {
      const s = new Set($selected.get());
      if (!s.delete(key)) s.add(key);
      $selected.set(s);
    },
    selectAll(on: boolean) {
      $selected.set(new Set(on ? $list.get().items.map((x) => x.key) : []));
    },
    /** Upload several files at once into the folder shown (tools/upload.ts). */
    upload: async (files: File[]) => (await import('./tools/upload.ts')).upload(kit, i18n(), files),
    /** Import from a URL into the folder shown: the file shows PENDING, then READY or FAILED. */
    importUrl: (url: string) =>
      act(async () => {
        const f = await importMedia(http(), { url: url.trim(), folderId: here() });
        if (showing(f.folderId ?? here())) put(fileItem(f), true);
        void follow(f);
        return t('md.importing', { name: iso(f.name || url) });
      }),
    createFolder: (displayName: string) =>
      act(async () => {
        const f = await createMediaFolder(http(), { displayName, parentId: here() });
        put(folderItem(f), true);
        return t('md.created', { name: iso(f.name) });
      }),
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
    /** The selection to the trash. */
    trash: () =>
      act(async () => {
        const { keys, fileIds, folderIds } = chosen();
        await deleteMedia(http(), { fileIds, folderIds, permanent: false });
        drop(keys);
        return t('md.trashed', { count: keys.length });
      }),
    /** The selection out of the trash. */
    restore: () =>
      act(async () => {
        const { keys, fileIds, folderIds } = chosen();
        await restoreMedia(http(), { fileIds, folderIds });
        drop(keys);
        return t('md.restored', { count: keys.length });
      }),
    /** The selection deleted for good (after the view's confirmation naming the count). */
    destroy: () =>
      act(async () => {
        const { keys, fileIds, folderIds } = chosen();
        await deleteMedia(http(), { fileIds, folderIds, permanent: true });
        drop(keys);
        return t('md.deleted', { count: keys.length });
      }),
  };
}
export type MediaModel = ReturnType<typeof createMediaModel>;
