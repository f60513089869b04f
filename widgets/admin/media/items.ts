import type { WritableAtom } from 'nanostores';
import type { InlayClient } from '../../../core/client.ts';
import type { MediaFile, MediaFolder } from '../../../core/api/admin-media.ts';
import { productsByIds } from '../../../core/reads/products.ts';
import { storageKey, webStorage } from '../../../core/storage.ts';

/** One entry of the grid: a folder or a file, keyed `d:<id>` or `f:<id>`. */
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

export const fileItem = (file: MediaFile): Item => ({ key: `f:${file.id}`, file });
export const folderItem = (folder: MediaFolder): Item => ({ key: `d:${folder.id}`, folder });

const LAYOUT_KEY = storageKey('admin.media', 'layout');
/** The layout chosen last (the grid when none was, or when the browser keeps nothing). */
export function storedLayout(): Layout {
  try {
    return webStorage('local')?.getItem(LAYOUT_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}
/** The layout remembered for the next visit (for this page only when the browser keeps nothing). */
export function storeLayout(l: Layout) {
  try {
    webStorage('local')?.setItem(LAYOUT_KEY, l);
  } catch {
    // remembered for this page only
  }
}

/** The products of the photos' reviews, named in one batch into `$names` (a failure leaves a review without it). */
export async function nameProducts(
  client: InlayClient,
  files: MediaFile[],
  $names: WritableAtom<Record<string, string>>,
) {
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
