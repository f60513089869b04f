/**
 * The owner console's media library, through the site companion (docs/companion.md "Owner console: media library";
 * companion/admin-media.ts). Owner only: anyone else gets 403 `NOT_OWNER`. Only the console's media chunk imports
 * this file.
 */
import { z } from 'zod/mini';
import type { Http } from '../http.ts';
import { callRoute, type CompanionRoutes } from './companion.ts';

/** The library's root folder, and the folder visitors' review photos go to (the platform's ids). */
export const MEDIA_ROOT = 'media-root';
export const VISITOR_UPLOADS = 'visitor-uploads';
/** What the console uploads and imports: the review photos' rules (PNG, JPEG, GIF, WebP; at most 5 MB each). */
export const MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const MEDIA_MAX_BYTES = 5 * 1024 * 1024;

const str = z.optional(z.string());
/** One file as the console shows it. `status`: the platform's operation status (PENDING, READY, FAILED). */
export const mediaFileSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  folderId: str,
  mediaType: str,
  mimeType: str,
  status: str,
  sizeInBytes: str,
  url: str,
  thumbnailUrl: str,
  width: z.optional(z.number()),
  height: z.optional(z.number()),
  labels: z.array(z.string()),
  createdDate: str,
  updatedDate: str,
  /** In the visitor-uploads folder: the review this photo belongs to. */
  review: z.optional(
    z.looseObject({
      id: z.string(),
      namespace: z.string(),
      entityId: z.string(),
      author: str,
      rating: z.optional(z.number()),
      status: str,
    }),
  ),
});
export const mediaFolderSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  parentId: str,
  createdDate: str,
  updatedDate: str,
});
export type MediaFile = z.infer<typeof mediaFileSchema>;
export type MediaFolder = z.infer<typeof mediaFolderSchema>;
export type MediaItem = { kind: 'file'; file: MediaFile } | { kind: 'folder'; folder: MediaFolder };

const listingShape = { folders: z.array(mediaFolderSchema), files: z.array(mediaFileSchema), next: str };
const listing = z.looseObject(listingShape);
export type MediaListing = z.infer<typeof listing>;

/** A folder's subfolders (first page only) and files, and the path from the root to it. */
const browseRoute = {
  method: 'POST',
  path: '/admin/media/browse',
  kind: 'read',
  schema: z.looseObject({
    ...listingShape,
    folder: mediaFolderSchema,
    path: z.array(mediaFolderSchema),
  }),
} as const;
/** Files and folders whose names match, in the library (not the trash). */
const searchRoute = { method: 'POST', path: '/admin/media/search', kind: 'read', schema: listing } as const;
/** What is in the trash. */
const trashRoute = { method: 'POST', path: '/admin/media/trash', kind: 'read', schema: listing } as const;
/** A one-time URL the owner's browser sends one file's bytes to (`PUT`), in a folder. */
const uploadUrlRoute = {
  method: 'POST',
  path: '/admin/media/upload-url',
  schema: z.looseObject({ uploadUrl: z.string() }),
} as const;
const fileAnswer = z.looseObject({ file: mediaFileSchema });
const folderAnswer = z.looseObject({ folder: mediaFolderSchema });
/** The platform fetches an http(s) URL into the library (PENDING until READY or FAILED). */
const importRoute = { method: 'POST', path: '/admin/media/import', schema: fileAnswer } as const;
const getFileRoute = { method: 'GET', path: '/admin/media/files/{id}', schema: fileAnswer } as const;
/** Rename, labels, move. */
const updateFileRoute = { method: 'PATCH', path: '/admin/media/files/{id}', schema: fileAnswer } as const;
const downloadRoute = {
  method: 'GET',
  path: '/admin/media/files/{id}/download-url',
  schema: z.looseObject({ url: z.string() }),
} as const;
const createFolderRoute = { method: 'POST', path: '/admin/media/folders', schema: folderAnswer } as const;
/** Rename, move. */
const updateFolderRoute = { method: 'PATCH', path: '/admin/media/folders/{id}', schema: folderAnswer } as const;
const countAnswer = z.looseObject({ files: z.number(), folders: z.number() });
/** To the trash, or (`permanent`) for good. */
const deleteRoute = { method: 'POST', path: '/admin/media/delete', schema: countAnswer } as const;
/** Out of the trash, to where they were. */
const restoreRoute = { method: 'POST', path: '/admin/media/restore', schema: countAnswer } as const;

/** The owner's media routes, their bodies in companion-requests.ts. */
export const adminMediaRoutes = [
  browseRoute,
  searchRoute,
  trashRoute,
  uploadUrlRoute,
  importRoute,
  getFileRoute,
  updateFileRoute,
  downloadRoute,
  createFolderRoute,
  updateFolderRoute,
  deleteRoute,
  restoreRoute,
] as const satisfies CompanionRoutes;

/** `POST admin/media/browse`: a folder (default the root), its subfolders and files; `cursor` reads on its files. */
export const browseMedia = (http: Http, o: { folderId?: string; cursor?: string }) =>
  callRoute(http, browseRoute, { body: o });
/** `POST admin/media/search`. */
export const searchMedia = (http: Http, o: { query: string; cursor?: string }) =>
  callRoute(http, searchRoute, { body: o });
/** `POST admin/media/trash`. */
export const listTrash = (http: Http, o: { cursor?: string }) => callRoute(http, trashRoute, { body: o });
/** `POST admin/media/upload-url`: 400 for a type or size the library does not take. */
export const mediaUploadUrl = async (
  http: Http,
  o: { folderId: string; fileName: string; mimeType: (typeof MEDIA_TYPES)[number]; sizeInBytes: number },
) => (await callRoute(http, uploadUrlRoute, { body: o })).uploadUrl;
/** `POST admin/media/import`: 400 `URL_NOT_ALLOWED` for a URL that is not http(s) or names a private address. */
export const importMedia = async (http: Http, o: { url: string; folderId: string; displayName?: string }) =>
  (await callRoute(http, importRoute, { body: o })).file;
/** `GET admin/media/files/{id}`. */
export const getMediaFile = async (http: Http, id: string) => (await callRoute(http, getFileRoute, { id })).file;
/** `PATCH admin/media/files/{id}`. */
export const updateMediaFile = async (
  http: Http,
  id: string,
  body: { displayName?: string; labels?: string[]; folderId?: string },
) => (await callRoute(http, updateFileRoute, { id, body })).file;
/** `GET admin/media/files/{id}/download-url`. */
export const mediaDownloadUrl = async (http: Http, id: string) => (await callRoute(http, downloadRoute, { id })).url;
/** `POST admin/media/folders`. */
export const createMediaFolder = async (http: Http, body: { displayName: string; parentId: string }) =>
  (await callRoute(http, createFolderRoute, { body })).folder;
/** `PATCH admin/media/folders/{id}`. */
export const updateMediaFolder = async (http: Http, id: string, body: { displayName?: string; parentId?: string }) =>
  (await callRoute(http, updateFolderRoute, { id, body })).folder;
/** `POST admin/media/delete`. */
export const deleteMedia = (http: Http, body: { fileIds: string[]; folderIds: string[]; permanent: boolean }) =>
  callRoute(http, deleteRoute, { body });
/** `POST admin/media/restore`. */
export const restoreMedia = (http: Http, body: { fileIds: string[]; folderIds: string[] }) =>
  callRoute(http, restoreRoute, { body });
