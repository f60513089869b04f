import { InlayApiError } from '../../../../core/errors.ts';
import { moderate } from '../../../../core/api/companion.ts';
import { httpUrl } from '../../../../core/safe-url.ts';
import {
  mediaDownloadUrl,
  updateMediaFile,
  updateMediaFolder,
  type MediaFile,
} from '../../../../core/api/admin-media.ts';
import type { MediaModel } from '../model.ts';
import { fileItem, folderItem, type Item } from '../items.ts';

/**
 * What a file's or folder's panel does (loaded with the panel): rename, labels, a visitor's photo's review approved
 * or rejected, a download link. Each runs through the model's `act` (busy meanwhile, its outcome or failure said).
 */
export function detailActions({ kit, $note }: MediaModel) {
  const { http, act, set, t } = kit;
  return {
    rename: (item: Item, displayName: string) =>
      act(async () => {
        set(
          item.file
            ? fileItem(await updateMediaFile(http(), item.file.id, { displayName }))
            : folderItem(await updateMediaFolder(http(), item.folder.id, { displayName })),
        );
        return t('md.saved');
      }),
    labels: (file: MediaFile, labels: string[]) =>
      act(async () => {
        set(fileItem(await updateMediaFile(http(), file.id, { labels })));
        return t('md.saved');
      }),
    /** Approve or reject the review a visitor's photo belongs to, from here. */
    review: (file: MediaFile, status: 'APPROVED' | 'REJECTED') =>
      act(async () => {
        const r = file.review;
        if (!r) return undefined;
        await moderate(http(), r.id, status);
        set(fileItem({ ...file, review: { ...r, status } }));
        return t(`md.st.${status}`);
      }),
    /** A download link for a file: copied when the browser lets us, and returned to show when it does not. */
    async link(file: MediaFile): Promise<{ url?: string; copied?: boolean }> {
      let url: string | undefined;
      const ok = await act(async () => {
        url = httpUrl(await mediaDownloadUrl(http(), file.id));
        if (!url) throw new InlayApiError({ kind: 'parse', message: 'download link is not http(s)' });
        return undefined;
      });
      if (!ok || !url) return {};
      try {
        await navigator.clipboard.writeText(url);
        $note.set({ text: t('md.copied') });
        return { url, copied: true };
      } catch {
        return { url, copied: false };
      }
    },
  };
}
