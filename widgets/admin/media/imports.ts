import type { ReadableAtom, WritableAtom } from 'nanostores';
import type { Http } from '../../../core/http.ts';
import type { Translator } from '../../../core/i18n/index.ts';
import { createMediaFolder, getMediaFile, importMedia, type MediaFile } from '../../../core/api/admin-media.ts';
import { fileItem, folderItem, type Item, type Note } from './items.ts';
import type { mediaStrings } from './strings.ts';
import { iso } from './bidi.ts';

/** How often, and how many times, an import still PENDING is read again. */
export const POLL_MS = 1500;
export const POLL_TIMES = 40;

/**
 * The model's import from a URL into the folder shown (the file shows PENDING, then is read again until READY or
 * FAILED) and new folder there, each through the model's `act` (busy meanwhile, its outcome or failure said).
 */
export function importActions(k: {
  http: () => Http;
  act: (run: () => Promise<string | undefined>) => Promise<boolean>;
  /** Show an item first, or in its place. */
  put: (x: Item) => void;
  set: (x: Item) => void;
  here: () => string;
  showing: (folderId: string | undefined) => boolean;
  t: Translator<keyof typeof mediaStrings>;
  wait: (ms: number) => Promise<void>;
  $list: ReadableAtom<{ items: Item[] }>;
  $note: WritableAtom<Note | undefined>;
}) {
  const { http, act, put, set, here, showing, t, wait, $list, $note } = k;
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
      set(fileItem(f));
    }
    if (f.status === 'FAILED') $note.set({ text: t('md.importFailed', { name: iso(f.name) }), error: true });
    else if (f.status === 'READY') $note.set({ text: t('md.imported', { name: iso(f.name) }) });
  }
  return {
    importUrl: (url: string) =>
      act(async () => {
        const f = await importMedia(http(), { url: url.trim(), folderId: here() });
        if (showing(f.folderId ?? here())) put(fileItem(f));
        void follow(f);
        return t('md.importing', { name: iso(f.name || url) });
      }),
    createFolder: (displayName: string) =>
      act(async () => {
        const f = await createMediaFolder(http(), { displayName, parentId: here() });
        put(folderItem(f));
        return t('md.created', { name: iso(f.name) });
      }),
  };
}
