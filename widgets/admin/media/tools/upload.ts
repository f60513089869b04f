import type { WritableAtom } from 'nanostores';
import type { Http } from '../../../../core/http.ts';
import type { I18n } from '../../../../core/i18n/index.ts';
import { InlayApiError } from '../../../../core/errors.ts';
import { httpUrl } from '../../../../core/safe-url.ts';
import { MEDIA_MAX_BYTES, MEDIA_TYPES, getMediaFile, mediaUploadUrl } from '../../../../core/api/admin-media.ts';
import { fileItem, type Item, type Upload } from '../items.ts';
import { iso } from '../bidi.ts';
import { toolStrings } from './strings.ts';

/** What an upload needs of the section's model. */
export interface UploadKit {
  http: () => Http;
  /** The folder shown now, and whether a folder is the one shown. */
  here: () => string;
  showing: (folderId: string | undefined) => boolean;
  /** Show a new file first in the grid. */
  put: (x: Item) => void;
  words: (e: unknown) => string;
  $uploads: WritableAtom<Upload[]>;
  xhr?: (() => XMLHttpRequest) | undefined;
}

/** Send one file's bytes to the platform's upload URL, reporting progress; the new file's id when it took them. */
function send(k: UploadKit, url: string, file: File, progress: (p: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const x = k.xhr ? k.xhr() : new XMLHttpRequest();
    x.open('PUT', url);
    x.setRequestHeader('Content-Type', file.type);
    x.upload.onprogress = (e) => e.lengthComputable && progress(e.loaded / e.total);
    x.onerror = x.ontimeout = () => reject(new InlayApiError({ kind: 'network', message: 'upload failed' }));
    x.onload = () => {
      let body: { file?: { id?: unknown }; details?: { applicationError?: { code?: string } } } | undefined;
      try {
        body = JSON.parse(x.responseText) as typeof body;
      } catch {
        body = undefined;
      }
      const id = body?.file?.id;
      if (x.status >= 200 && x.status < 300 && typeof id === 'string') return resolve(id);
      const code = body?.details?.applicationError?.code;
      reject(
        new InlayApiError({
          kind: 'http',
          status: x.status || 500,
          message: 'upload refused',
          ...(code ? { applicationError: { code, description: '' } } : {}),
        }),
      );
    };
    x.send(file);
  });
}

let uploads = 0;

/**
 * Upload several files at once into the folder shown: each checked first against the review photos' rules (type,
 * size), then its upload URL asked of the companion and its bytes sent straight to the platform with a progress bar;
 * a refused or failed file says why in words and the others go on.
 */
export async function upload(k: UploadKit, i18n: I18n, files: File[]) {
  const t = i18n.strings(toolStrings);
  const { $uploads } = k;
  const set = (key: string, p: Partial<Upload>) =>
    $uploads.set($uploads.get().map((u) => (u.key === key ? { ...u, ...p } : u)));
  const folderId = k.here();
  const mine = files.map((f) => ({ key: `u${++uploads}`, file: f }));
  $uploads.set([
    ...$uploads.get().filter((u) => u.status === 'up'),
    ...mine.map(({ key, file }) => ({ key, name: file.name, progress: 0, status: 'up' as const })),
  ]);
  await Promise.all(
    mine.map(async ({ key, file }) => {
      const type = MEDIA_TYPES.find((x) => x === file.type);
      const refuse = !type
        ? 'md.badType'
        : file.size > MEDIA_MAX_BYTES
          ? 'md.tooBig'
          : !file.size
            ? 'md.emptyFile'
            : undefined;
      if (refuse || !type) return set(key, { status: 'error', error: t(refuse!, { name: iso(file.name) }) });
      try {
        const url = await mediaUploadUrl(k.http(), {
          folderId,
          fileName: file.name.slice(0, 200) || 'photo',
          mimeType: type,
          sizeInBytes: file.size,
        });
        if (!httpUrl(url)) throw new InlayApiError({ kind: 'parse', message: 'upload URL is not http(s)' });
        const id = await send(k, url, file, (p) => set(key, { progress: p }));
        set(key, { status: 'done', progress: 1 });
        const made = await getMediaFile(k.http(), id);
        if (k.showing(made.folderId ?? folderId)) k.put(fileItem(made));
      } catch (e) {
        set(key, { status: 'error', error: `${iso(file.name)}: ${k.words(e)}` });
      }
    }),
  );
}
