/**
 * Conformance of the media library (issue 41), through the platform's generated clients `@wix/auto_sdk_media_files`
 * and `@wix/auto_sdk_media_folders` unmodified, as an admin identity: folders (create, get, list, update, search,
 * query, trash, restore, delete for good), files (upload, list, search, get one and several, update, trash, restore,
 * delete for good); a visitor and a member are refused (admin only).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import * as files from '@wix/auto_sdk_media_files';
import * as folders from '@wix/auto_sdk_media_folders';
import { SITE_ID } from '../../emulator/domain/auth.ts';
import { insertFile, writeBytes } from '../../emulator/domain/media-library.ts';
import { unzip } from '../../emulator/domain/zip.ts';
import { DEMO_CLIENT_ID, memberTokens } from '../helpers/emulator.ts';
import { platformBoundary } from './boundary.ts';
import { callsOf } from './calls.ts';

const platform = platformBoundary();
const { covers } = platform;

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const adminClient = () =>
  createClient({
    auth: AppStrategy({ appId: DEMO_CLIENT_ID, appSecret: platform.emu.clientSecret, instanceId: SITE_ID }),
    modules: { files, folders },
  });

/** The upload URL the SDK asks for, then the bytes PUT to it (as the platform's upload flow); the new file's id. */
async function uploadGif(admin: ReturnType<typeof adminClient>, fileName: string, parentFolderId?: string) {
  const { uploadUrl } = await admin.files.generateFileUploadUrl('image/gif', {
    fileName,
    ...(parentFolderId ? { parentFolderId } : {}),
  });
  const put = await fetch(uploadUrl!, { method: 'PUT', body: new Uint8Array(GIF) });
  expect(put.status).toBe(200);
  return ((await put.json()) as { file: { id: string } }).file.id;
}

describe('media folders (admin)', () => {
  it('createFolder, getFolder, listFolders, updateFolder, searchFolders, queryFolders', async () => {
    const admin = adminClient();
    const { folder } = await admin.folders.createFolder('SDK albums');
    expect(folder).toMatchObject({ _id: expect.any(String), displayName: 'SDK albums', parentFolderId: 'media-root' });
    expect(folder!.state).toBe('OK');
    expect(folder!._createdDate).toBeInstanceOf(Date);
    const child = (await admin.folders.createFolder('SDK child', { parentFolderId: folder!._id! })).folder!;
    expect((await admin.folders.getFolder(child._id!))._id).toBe(child._id);
    const listed = await admin.folders.listFolders({ parentFolderId: folder!._id! });
    expect(listed.folders!.map((f) => f._id)).toEqual([child._id]);
    const renamed = await admin.folders.updateFolder(child._id!, { displayName: 'SDK renamed' });
    expect(renamed.displayName).toBe('SDK renamed');
    const moved = await admin.folders.updateFolder(child._id!, { parentFolderId: 'media-root' });
    expect(moved.parentFolderId).toBe('media-root');
    const found = await admin.folders.searchFolders({ search: 'SDK renamed' });
    expect(found.folders!.map((f) => f._id)).toEqual([child._id]);
    const page = await admin.folders.queryFolders().eq('state', 'OK').ascending('displayName').limit(1).find();
    expect(page.items).toHaveLength(1);
    expect(page.hasNext()).toBe(true);
    const second = await page.next();
    expect(second.items).toHaveLength(1);
    expect(second.items[0]!._id).not.toBe(page.items[0]!._id);
    await expect(admin.folders.getFolder('no-such-folder')).rejects.toMatchObject({
      details: { applicationError: { code: 'FOLDER_NOT_FOUND' } },
    });
  });

  it('bulkDeleteFolders to the trash, listDeletedFolders, bulkRestoreFoldersFromTrashBin, then for good', async () => {
    const admin = adminClient();
    const folder = (await admin.folders.createFolder('SDK trash me')).folder!;
    await admin.folders.bulkDeleteFolders([folder._id!]);
    expect((await admin.folders.listDeletedFolders()).folders!.map((f) => f._id)).toContain(folder._id);
    await admin.folders.bulkRestoreFoldersFromTrashBin([folder._id!]);
    expect((await admin.folders.getFolder(folder._id!)).state).toBe('OK');
    await admin.folders.bulkDeleteFolders([folder._id!], { permanent: true });
    await expect(admin.folders.getFolder(folder._id!)).rejects.toMatchObject({
      details: { applicationError: { code: 'FOLDER_NOT_FOUND' } },
    });
  });
});

describe('media files (admin)', () => {
  it('listFiles, searchFiles, getFileDescriptor, getFileDescriptors, updateFileDescriptor', async () => {
    const admin = adminClient();
    const folder = (await admin.folders.createFolder('SDK files')).folder!;
    const a = await uploadGif(admin, 'sdk-a.gif', folder._id!);
    const b = await uploadGif(admin, 'sdk-b.gif', folder._id!);
    const listed = await admin.files.listFiles({
      parentFolderId: folder._id!,
      mediaTypes: ['IMAGE'],
      sort: { fieldName: 'displayName', order: 'ASC' },
      paging: { limit: 1 },
    });
    expect(listed.files!.map((f) => f._id)).toEqual([a]);
    const rest = await admin.files.listFiles({
      parentFolderId: folder._id!,
      sort: { fieldName: 'displayName', order: 'ASC' },
      paging: { limit: 1, cursor: listed.nextCursor!.cursors!.next! },
    });
    expect(rest.files!.map((f) => f._id)).toEqual([b]);

    const one = await admin.files.getFileDescriptor(a);
    expect(one).toMatchObject({
      _id: a,
      displayName: 'sdk-a.gif',
      mediaType: 'IMAGE',
      operationStatus: 'READY',
      sizeInBytes: String(GIF.length),
    });
    expect(one._createdDate).toBeInstanceOf(Date);
    // the SDK's image transform read the wire's image
    expect(one.media!.image!.image).toMatch(new RegExp(`^wix:image://v1/${a}/`));
    expect((await admin.files.getFileDescriptors([b, a])).files!.map((f) => f._id)).toEqual([b, a]);

    const updated = await admin.files.updateFileDescriptor({
      _id: a,
      displayName: 'sdk-renamed.gif',
      labels: ['sdk-label'],
    });
    expect(updated).toMatchObject({ displayName: 'sdk-renamed.gif', labels: ['sdk-label'] });
    const found = await admin.files.searchFiles({ search: 'sdk-label' });
    expect(found.files!.map((f) => f._id)).toEqual([a]);
    await expect(admin.files.getFileDescriptor('no-such-file')).rejects.toMatchObject({
      details: { applicationError: { code: 'FILE_NOT_FOUND' } },
    });
  });

  it('bulkDeleteFiles to the trash, listDeletedFiles, bulkRestoreFilesFromTrashBin, then for good', async () => {
    const admin = adminClient();
    const id = await uploadGif(admin, 'sdk-trash.gif');
    await admin.files.bulkDeleteFiles([id]);
    expect((await admin.files.listDeletedFiles()).files!.map((f) => f._id)).toContain(id);
    expect((await admin.files.listFiles()).files!.map((f) => f._id)).not.toContain(id);
    await admin.files.bulkRestoreFilesFromTrashBin([id]);
    expect((await admin.files.listFiles()).files!.map((f) => f._id)).toContain(id);
    await admin.files.bulkDeleteFiles([id], { permanent: true });
    await expect(admin.files.getFileDescriptor(id)).rejects.toMatchObject({
      details: { applicationError: { code: 'FILE_NOT_FOUND' } },
    });
  });
});

describe('imports and download URLs (admin)', () => {
  // the server an import fetches from: loopback, so listed in the emulator's dev-mode allow list
  const source = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/gif' }).end(GIF));
  let origin = '';
  beforeAll(async () => {
    await new Promise<void>((ok) => source.listen(0, '127.0.0.1', ok));
    origin = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
    platform.emu.app.mediaImportAllow = [origin];
  });
  afterAll(() => source.close());

  const ready = async (admin: ReturnType<typeof adminClient>, id: string) => {
    for (let i = 0; i < 250; i++) {
      const f = await admin.files.getFileDescriptor(id);
      if (f.operationStatus !== 'PENDING') return f;
      await new Promise((ok) => setTimeout(ok, 20));
    }
    throw new Error('still PENDING');
  };

  it('importFile, bulkImportFiles, bulkImportFile: PENDING at once, then READY', async () => {
    const admin = adminClient();
    const { file } = await admin.files.importFile(`${origin}/sdk.gif`, { displayName: 'SDK import', labels: ['sdk'] });
    expect(file).toMatchObject({
      displayName: 'SDK import',
      operationStatus: 'PENDING',
      sourceUrl: `${origin}/sdk.gif`,
    });
    expect((await ready(admin, file!._id!)).operationStatus).toBe('READY');
    const many = await admin.files.bulkImportFiles([{ url: `${origin}/a.gif` }, { url: `${origin}/b.gif` }]);
    expect(many.files).toHaveLength(2);
    for (const f of many.files!) expect((await ready(admin, f._id!)).operationStatus).toBe('READY');
    const each = await admin.files.bulkImportFile([{ url: `${origin}/c.gif` }, { url: 'ftp://example.com/c.gif' }], {
      returnEntity: true,
    });
    expect(each.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    expect(each.results![0]!.item!.operationStatus).toBe('PENDING');
    expect(each.results![1]!.itemMetadata).toMatchObject({ originalIndex: 1, success: false });
    await expect(admin.files.importFile('file:///etc/passwd')).rejects.toMatchObject({
      details: { validationError: {} },
    });
  });

  it('generateFileResumableUploadUrl: a tus upload, then the finish with the upload token', async () => {
    const admin = adminClient();
    const { uploadProtocol, uploadUrl, uploadToken } = await admin.files.generateFileResumableUploadUrl('image/gif', {
      fileName: 'sdk-tus.gif',
    });
    expect(uploadProtocol).toBe('TUS');
    const created = await fetch(uploadUrl!, {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(GIF.length) },
    });
    const sent = await fetch(created.headers.get('location')!, {
      method: 'PATCH',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: new Uint8Array(GIF),
    });
    expect(sent.status).toBe(204);
    const done = await fetch(`${uploadUrl}/${uploadToken}?filename=sdk-tus.gif`, { method: 'PUT' });
    const { file } = (await done.json()) as { file: { id: string } };
    expect(await admin.files.getFileDescriptor(file.id)).toMatchObject({
      displayName: 'sdk-tus.gif',
      operationStatus: 'READY',
    });
  });

  it('generateFileDownloadUrl, generateFilesDownloadUrl, generateFolderDownloadUrl, generateVideoStreamingUrl', async () => {
    const admin = adminClient();
    const folder = (await admin.folders.createFolder('SDK downloads')).folder!;
    const id = await uploadGif(admin, 'sdk-dl.gif', folder._id!);
    const one = await admin.files.generateFileDownloadUrl(id, {
      downloadFileName: 'x.gif',
      contentDisposition: 'INLINE',
    });
    const got = await fetch(one.downloadUrls![0]!.url!);
    expect(Buffer.from(await got.arrayBuffer()).equals(GIF)).toBe(true);
    const several = await admin.files.generateFilesDownloadUrl([id]);
    const zipped = unzip(Buffer.from(await (await fetch(several.downloadUrl!)).arrayBuffer()));
    expect(zipped.map((e) => e.name)).toEqual(['sdk-dl.gif']);
    const whole = await admin.folders.generateFolderDownloadUrl(folder._id!);
    const folderZip = unzip(Buffer.from(await (await fetch(String(whole.downloadUrl))).arrayBuffer()));
    expect(folderZip.map((e) => e.name)).toEqual(['sdk-dl.gif']);
    await expect(admin.files.generateVideoStreamingUrl(id)).rejects.toMatchObject({
      details: { applicationError: { code: 'NOT_A_VIDEO' } },
    });
    // images are all the API takes: the video is placed directly
    writeBytes(platform.emu.app.mediaDir, 'sdk-video', Buffer.from('video bytes'));
    insertFile(platform.emu.db, {
      id: 'sdk-video',
      fileName: 'clip.mp4',
      parentFolderId: 'media-root',
      mimeType: 'video/mp4',
      mediaType: 'VIDEO',
      size: 11,
      hash: null,
      width: null,
      height: null,
      labels: [],
      operationStatus: 'READY',
      sourceUrl: null,
      private: false,
      createdBy: 'test',
      nowIso: new Date().toISOString(),
    });
    const stream = await admin.files.generateVideoStreamingUrl('sdk-video', { format: 'UNKNOWN' });
    expect(await (await fetch(stream.downloadUrl!.url!)).text()).toBe('video bytes');
  });
});

describe('a visitor and a member', () => {
  it('are refused every media call (403 PERMISSION_DENIED)', async () => {
    const member = await memberTokens(platform.emu, 'member');
    const clients = {
      visitor: createClient({ auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID }), modules: { files, folders } }),
      member: createClient({
        auth: OAuthStrategy({
          clientId: DEMO_CLIENT_ID,
          tokens: {
            accessToken: { value: member.access, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
            refreshToken: { value: member.refresh, role: 'member' as never },
          },
        }),
        modules: { files, folders },
      }),
    };
    const refused = { details: { applicationError: { code: 'PERMISSION_DENIED' } } };
    type C = (typeof clients)['visitor'];
    // one request per admin-only media call: the calls table's list for this file (callsOf), not written again
    const calls: Record<string, (c: C) => Promise<unknown>> = {
      listFiles: (c) => c.files.listFiles(),
      searchFiles: (c) => c.files.searchFiles({ search: 'x' }),
      getFileDescriptor: (c) => c.files.getFileDescriptor('x'),
      getFileDescriptors: (c) => c.files.getFileDescriptors(['x']),
      updateFileDescriptor: (c) => c.files.updateFileDescriptor({ _id: 'x', displayName: 'y' }),
      bulkDeleteFiles: (c) => c.files.bulkDeleteFiles(['x']),
      listDeletedFiles: (c) => c.files.listDeletedFiles(),
      bulkRestoreFilesFromTrashBin: (c) => c.files.bulkRestoreFilesFromTrashBin(['x']),
      createFolder: (c) => c.folders.createFolder('x'),
      listFolders: (c) => c.folders.listFolders(),
      getFolder: (c) => c.folders.getFolder('media-root'),
      updateFolder: (c) => c.folders.updateFolder('x', { displayName: 'y' }),
      searchFolders: (c) => c.folders.searchFolders({ search: 'x' }),
      queryFolders: (c) => c.folders.queryFolders().find(),
      bulkDeleteFolders: (c) => c.folders.bulkDeleteFolders(['x']),
      listDeletedFolders: (c) => c.folders.listDeletedFolders(),
      bulkRestoreFoldersFromTrashBin: (c) => c.folders.bulkRestoreFoldersFromTrashBin(['x']),
      generateFolderDownloadUrl: (c) => c.folders.generateFolderDownloadUrl('media-root'),
      importFile: (c) => c.files.importFile('https://example.com/a.gif'),
      bulkImportFiles: (c) => c.files.bulkImportFiles([{ url: 'https://example.com/a.gif' }]),
      bulkImportFile: (c) => c.files.bulkImportFile([{ url: 'https://example.com/a.gif' }]),
      generateFileDownloadUrl: (c) => c.files.generateFileDownloadUrl('x'),
      generateFilesDownloadUrl: (c) => c.files.generateFilesDownloadUrl(['x']),
      generateVideoStreamingUrl: (c) => c.files.generateVideoStreamingUrl('x'),
      generateFileResumableUploadUrl: (c) => c.files.generateFileResumableUploadUrl('image/gif'),
    };
    // every admin-only call of this file has its request here, and nothing else does
    expect(Object.keys(calls).sort()).toEqual(callsOf('media.test.ts', 'admin').sort());
    for (const [who, c] of Object.entries(clients)) {
      for (const [name, call] of Object.entries(calls))
        await expect(call(c), `${who}: ${name}`).rejects.toMatchObject(refused);
    }
  });
});

describe('coverage', () => {
  covers(
    'listFiles',
    'searchFiles',
    'getFileDescriptor',
    'getFileDescriptors',
    'updateFileDescriptor',
    'bulkDeleteFiles',
    'listDeletedFiles',
    'bulkRestoreFilesFromTrashBin',
    'createFolder',
    'listFolders',
    'getFolder',
    'updateFolder',
    'searchFolders',
    'queryFolders',
    'bulkDeleteFolders',
    'listDeletedFolders',
    'bulkRestoreFoldersFromTrashBin',
    'importFile',
    'bulkImportFiles',
    'bulkImportFile',
    'generateFileDownloadUrl',
    'generateFilesDownloadUrl',
    'generateVideoStreamingUrl',
    'generateFolderDownloadUrl',
    'generateFileResumableUploadUrl',
  );
  // (refused to a visitor and a member: refusals.test.ts's ADMIN_ONLY claims them, and the case above sends each)
  platform.coverageCase();
});
