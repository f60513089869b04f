/**
 * The media library (issue 41): files and folders as `@wix/auto_sdk_media_files` / `_media_folders` send them, admin
 * only, bytes on disk; trash, restore, delete for good; imports from a URL and their address rules.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, memberTokens, startTestEmulator, visitorTokens } from '../tests/helpers/emulator.ts';
import type { RunningEmulator } from './server.ts';

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** A 2×3 PNG header is enough for the sniffer (type and size). */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR', 'latin1'),
  Buffer.from([0, 0, 0, 2, 0, 0, 0, 3, 8, 6, 0, 0, 0]),
]);

let emu: RunningEmulator;
let admin: string;
beforeAll(async () => {
  emu = await startTestEmulator();
  admin = await adminToken(emu);
});
afterAll(() => emu.close());

const FILES = '/site-media/v1/files';
const FOLDERS = '/site-media/v1/folders';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Upload `bytes` as the owner into `parentFolderId` (or media-root); the descriptor the upload answers. */
async function upload(fileName: string, bytes: Buffer = GIF, extra: Json = {}): Promise<Json> {
  const gen = await api(emu, `${FILES}/generate-upload-url`, {
    token: admin,
    body: { mimeType: 'image/gif', fileName, ...extra },
  });
  expect(gen.status).toBe(200);
  const up = await fetch(gen.json.uploadUrl, { method: 'PUT', body: new Uint8Array(bytes) });
  expect(up.status).toBe(200);
  return ((await up.json()) as { file: Json }).file;
}

const list = async (query = '') => (await api(emu, `${FILES}${query}`, { token: admin })).json as Json;
const ids = (files: Json[]) => files.map((f) => f['id'] as string);
const post = (path: string, body: unknown, token = admin) => api(emu, path, { token, body });

describe('files: upload, list, search, get, update', () => {
  it('an uploaded file appears in its folder with its bytes on disk, READY', async () => {
    const file = await upload('sunset.gif', GIF, { labels: ['beach'] });
    expect(file).toMatchObject({
      displayName: 'sunset.gif',
      parentFolderId: 'media-root',
      mediaType: 'IMAGE',
      operationStatus: 'READY',
      state: 'OK',
      sizeInBytes: String(GIF.length),
      labels: ['beach'],
      private: false,
    });
    expect(file['hash']).toMatch(/^[0-9a-f]{64}$/);
    expect(existsSync(join(emu.app.mediaDir, file['id']))).toBe(true);
    expect(ids((await list()).files)).toContain(file['id']);
    const served = await fetch(file['url']);
    expect(Buffer.from(await served.arrayBuffer()).equals(GIF)).toBe(true);
    const one = await api(emu, `${FILES}/get-file-by-id?fileId=${file['id']}`, { token: admin });
    expect(one.json.file).toEqual(file);
  });

  it('lists filter by media type and sort by name; pages carry a cursor', async () => {
    const folder = (await post(FOLDERS, { displayName: 'Paging' })).json.folder as Json;
    for (const n of ['c.gif', 'a.gif', 'b.gif']) await upload(n, GIF, { parentFolderId: folder['id'] });
    const q = (extra: string) =>
      list(`?parentFolderId=${folder['id']}&sort.fieldName=displayName&sort.order=ASC${extra}`);
    const first = await q('&paging.limit=2');
    expect(first.files.map((f: Json) => f['displayName'])).toEqual(['a.gif', 'b.gif']);
    expect(first.nextCursor.total).toBe(3);
    const second = await q(`&paging.limit=2&paging.cursor=${first.nextCursor.cursors.next}`);
    expect(second.files.map((f: Json) => f['displayName'])).toEqual(['c.gif']);
    expect(second.nextCursor.cursors.next).toBeNull();
    expect((await q('&mediaTypes=VIDEO')).files).toEqual([]);
    expect((await q('&mediaTypes=IMAGE&mediaTypes=VIDEO')).files).toHaveLength(3);
  });

  it('search matches the name and the labels; rootFolder scopes it', async () => {
    const f = await upload('holiday.gif', GIF, { labels: ['Zanzibar'] });
    const s = async (body: Json) => ids((await post(`${FILES}/search`, body)).json.files);
    expect(await s({ search: 'zanzibar' })).toEqual([f['id']]);
    expect(await s({ search: 'HOLIDAY' })).toEqual([f['id']]);
    expect(await s({ search: '%' })).toEqual([]);
    expect(await s({ search: 'holiday', rootFolder: 'TRASH_ROOT' })).toEqual([]);
    expect(await s({ search: 'holiday', rootFolder: 'VISITOR_UPLOADS_ROOT' })).toEqual([]);
  });

  it('update renames, relabels and moves; an unknown folder is 404 and changes nothing', async () => {
    const f = await upload('old.gif');
    const folder = (await post(FOLDERS, { displayName: 'Moved here' })).json.folder as Json;
    const patch = (file: Json) =>
      api(emu, `${FILES}/update-file-descriptor`, { method: 'PATCH', token: admin, body: { file } });
    const r = await patch({ ...f, displayName: 'new.gif', labels: ['x', 'y'], parentFolderId: folder['id'] });
    expect(r.status).toBe(200);
    expect(r.json.file).toMatchObject({ displayName: 'new.gif', labels: ['x', 'y'], parentFolderId: folder['id'] });
    expect(ids((await list()).files)).not.toContain(f['id']);
    const bad = await patch({ id: f['id'], parentFolderId: 'no-such-folder' });
    expect(bad.status).toBe(404);
    expect(bad.json.details.applicationError.code).toBe('FOLDER_NOT_FOUND');
    expect((await patch({ id: 'nope', displayName: 'x' })).status).toBe(404);
    expect((await patch({ id: f['id'], displayName: 'a\nb' })).status).toBe(400);
    const again = await api(emu, `${FILES}/get-file-by-id?fileId=${f['id']}`, { token: admin });
    expect(again.json.file).toMatchObject({ displayName: 'new.gif', parentFolderId: folder['id'] });
  });

  it('get-files answers in the order asked; an unknown id is 404', async () => {
    const a = await upload('one.gif');
    const b = await upload('two.gif');
    const r = await post(`${FILES}/get-files`, { fileIds: [b['id'], a['id']] });
    expect(ids(r.json.files)).toEqual([b['id'], a['id']]);
    const missing = await post(`${FILES}/get-files`, { fileIds: [a['id'], 'ghost'] });
    expect(missing.status).toBe(404);
    expect(missing.json.details.applicationError.data.fileIds).toEqual(['ghost']);
  });

  it('the seeded catalog images are in the Products folder, review photos in Visitor uploads', async () => {
    expect((await list('?parentFolderId=products')).files.length).toBeGreaterThan(0);
    const visitors = (await list('?parentFolderId=visitor-uploads&paging.limit=100')).files as Json[];
    expect(visitors.some((f) => String(f['id']).startsWith('review-photo-'))).toBe(true);
  });
});

describe('trash, restore, delete for good', () => {
  it('an uploaded file goes to the trash, comes back, and is deleted for good (bytes gone, URL 404)', async () => {
    const f = await upload('cycle.png', PNG);
    expect(f['media'].image.image).toMatchObject({ width: 2, height: 3 });
    const path = join(emu.app.mediaDir, f['id']);
    const trash = await post('/site-media/v1/bulk/files/delete', { fileIds: [f['id']], permanent: false });
    expect(trash.status).toBe(200);
    expect(ids((await list()).files)).not.toContain(f['id']);
    const deleted = (await api(emu, '/site-media/v1/trash-bin/files', { token: admin })).json.files as Json[];
    expect(deleted.find((d) => d['id'] === f['id'])).toMatchObject({ state: 'DELETED' });
    expect(existsSync(path)).toBe(true);

    expect((await post('/site-media/v1/bulk/trash-bin/files/restore', { fileIds: [f['id']] })).status).toBe(200);
    expect(ids((await list()).files)).toContain(f['id']);
    expect(ids((await api(emu, '/site-media/v1/trash-bin/files', { token: admin })).json.files)).not.toContain(f['id']);

    expect((await post('/site-media/v1/bulk/files/delete', { fileIds: [f['id']], permanent: true })).status).toBe(200);
    expect(existsSync(path)).toBe(false);
    expect((await fetch(f['url'])).status).toBe(404);
    expect((await api(emu, `${FILES}/get-file-by-id?fileId=${f['id']}`, { token: admin })).status).toBe(404);
  });

  it('a bulk delete naming an unknown file changes nothing', async () => {
    const f = await upload('keep.gif');
    const r = await post('/site-media/v1/bulk/files/delete', { fileIds: [f['id'], 'ghost'], permanent: true });
    expect(r.status).toBe(404);
    expect(existsSync(join(emu.app.mediaDir, f['id']))).toBe(true);
    expect(ids((await list()).files)).toContain(f['id']);
  });

  it("the catalog's images go to the trash but are never deleted for good", async () => {
    const product = ((await list('?parentFolderId=products&paging.limit=1')).files as Json[])[0]!;
    const r = await post('/site-media/v1/bulk/files/delete', { fileIds: [product['id']], permanent: true });
    expect(r.status).toBe(428);
    expect(r.json.details.applicationError.code).toBe('FILE_IN_USE');
    expect((await fetch(product['url'])).status).toBe(200);
  });
});

describe('folders', () => {
  it('create, get, list by parent, rename, move; no loops; system folders stay', async () => {
    const a = (await post(FOLDERS, { displayName: 'Albums' })).json.folder as Json;
    expect(a).toMatchObject({ displayName: 'Albums', parentFolderId: 'media-root', state: 'OK' });
    const b = (await post(FOLDERS, { displayName: 'Summer', parentFolderId: a['id'] })).json.folder as Json;
    expect((await api(emu, `${FOLDERS}/${b['id']}`, { token: admin })).json.folder).toEqual(b);
    const children = (await api(emu, `${FOLDERS}?parentFolderId=${a['id']}`, { token: admin })).json.folders;
    expect(ids(children)).toEqual([b['id']]);
    const top = (await api(emu, FOLDERS, { token: admin })).json.folders as Json[];
    expect(top.map((f) => f['displayName'])).toEqual(expect.arrayContaining(['Albums', 'Visitor uploads', 'Products']));

    const patch = (id: string, folder: Json) =>
      api(emu, `${FOLDERS}/${id}`, { method: 'PATCH', token: admin, body: { folder: { id, ...folder } } });
    expect((await patch(a['id'], { displayName: 'Photo albums' })).json.folder.displayName).toBe('Photo albums');
    const loop = await patch(a['id'], { parentFolderId: b['id'] });
    expect(loop.status).toBe(400);
    expect((await patch(b['id'], { parentFolderId: 'media-root' })).json.folder.parentFolderId).toBe('media-root');
    expect((await patch('visitor-uploads', { displayName: 'x' })).status).toBe(428);
    expect((await post(FOLDERS, { displayName: 'x', parentFolderId: 'ghost' })).status).toBe(404);
    expect((await post(FOLDERS, { displayName: '' })).status).toBe(400);
  });

  it('search and query', async () => {
    const f = (await post(FOLDERS, { displayName: 'Invoices 2026' })).json.folder as Json;
    expect(ids((await post(`${FOLDERS}/search`, { search: 'invoices' })).json.folders)).toEqual([f['id']]);
    const q = await post(`${FOLDERS}/query`, {
      query: {
        filter: { state: { $eq: 'OK' } },
        sort: [{ fieldName: 'displayName', order: 'ASC' }],
        cursorPaging: { limit: 2 },
      },
    });
    expect(q.status).toBe(200);
    expect(q.json.folders).toHaveLength(2);
    expect(q.json.pagingMetadata.hasNext).toBe(true);
    const next = await post(`${FOLDERS}/query`, {
      query: { cursorPaging: { cursor: q.json.pagingMetadata.cursors.next, limit: 100 } },
    });
    const names = [...q.json.folders, ...next.json.folders].map((x: Json) => x['displayName'] as string);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'en', { sensitivity: 'base' })));
  });

  it('a folder goes to the trash with its files, comes back, and is deleted for good with their bytes', async () => {
    const folder = (await post(FOLDERS, { displayName: 'Old stuff' })).json.folder as Json;
    const sub = (await post(FOLDERS, { displayName: 'Older', parentFolderId: folder['id'] })).json.folder as Json;
    const f = await upload('inside.gif', GIF, { parentFolderId: sub['id'] });
    const del = (permanent: boolean) =>
      post('/site-media/v1/bulk/folders/delete', { folderIds: [folder['id']], permanent });
    expect((await del(false)).status).toBe(200);
    const trashed = (await api(emu, '/site-media/v1/trash-bin/folders', { token: admin })).json.folders;
    expect(ids(trashed)).toEqual(expect.arrayContaining([folder['id'], sub['id']]));
    expect((await api(emu, `${FILES}/get-file-by-id?fileId=${f['id']}`, { token: admin })).json.file.state).toBe(
      'DELETED',
    );
    expect(ids((await api(emu, FOLDERS, { token: admin })).json.folders)).not.toContain(folder['id']);

    expect((await post('/site-media/v1/bulk/trash-bin/folders/restore', { folderIds: [folder['id']] })).status).toBe(
      200,
    );
    expect((await api(emu, `${FILES}/get-file-by-id?fileId=${f['id']}`, { token: admin })).json.file.state).toBe('OK');

    expect((await del(true)).status).toBe(200);
    expect((await api(emu, `${FOLDERS}/${sub['id']}`, { token: admin })).status).toBe(404);
    expect((await api(emu, `${FILES}/get-file-by-id?fileId=${f['id']}`, { token: admin })).status).toBe(404);
    expect(existsSync(join(emu.app.mediaDir, f['id']))).toBe(false);
    expect((await post('/site-media/v1/bulk/folders/delete', { folderIds: ['visitor-uploads'] })).status).toBe(428);
    expect(
      (await post('/site-media/v1/bulk/folders/delete', { folderIds: ['products'], permanent: true })).status,
    ).toBe(428);
  });
});

describe('validation', () => {
  it('bad ids, bad enums, unknown and prototype-named keys, huge bodies: 400, nothing changes', async () => {
    const before = readdirSync(emu.app.mediaDir).length;
    expect((await api(emu, `${FILES}?mediaTypes=PICTURE`, { token: admin })).status).toBe(400);
    expect((await api(emu, `${FILES}?sort.fieldName=hash`, { token: admin })).status).toBe(400);
    expect((await api(emu, `${FILES}?paging.limit=1000`, { token: admin })).status).toBe(400);
    expect((await api(emu, `${FILES}?paging.cursor=garbage`, { token: admin })).status).toBe(400);
    expect((await api(emu, `${FILES}?__proto__.x=1`, { token: admin })).status).toBe(400);
    expect((await api(emu, `${FILES}/get-file-by-id`, { token: admin })).status).toBe(400);
    expect((await api(emu, `${FOLDERS}/${'x'.repeat(101)}`, { token: admin })).status).toBe(400);
    expect((await post(`${FILES}/search`, '{"__proto__":{"search":"x"}}')).status).toBe(400);
    expect((await post(`${FILES}/search`, { rootFolder: 'ELSEWHERE' })).status).toBe(400);
    expect((await post(`${FILES}/search`, { search: 'x'.repeat(201) })).status).toBe(400);
    expect((await post(`${FILES}/get-files`, { fileIds: [] })).status).toBe(400);
    expect((await post(`${FILES}/get-files`, { fileIds: Array.from({ length: 101 }, (_, i) => `f${i}`) })).status).toBe(
      400,
    );
    expect((await post(FOLDERS, { displayName: 'x'.repeat(1001) })).status).toBe(400);
    expect((await post(FOLDERS, { displayName: 'x', extra: 1 })).status).toBe(400);
    const huge = await post(FOLDERS, { displayName: 'x'.repeat(2_000_000) });
    expect(huge.status).toBe(413);
    expect(readdirSync(emu.app.mediaDir).length).toBe(before);
  });
});

describe('admin only', () => {
  it('a visitor and a member get 403 from every route; no token is 401', async () => {
    const visitor = (await visitorTokens(emu)).access;
    const member = (await memberTokens(emu, 'member')).access;
    const calls: [string, string, unknown?][] = [
      ['GET', FILES],
      ['POST', `${FILES}/search`, {}],
      ['GET', `${FILES}/get-file-by-id?fileId=x`],
      ['POST', `${FILES}/get-files`, { fileIds: ['x'] }],
      ['PATCH', `${FILES}/update-file-descriptor`, { file: { id: 'x' } }],
      ['POST', '/site-media/v1/bulk/files/delete', { fileIds: ['x'] }],
      ['GET', '/site-media/v1/trash-bin/files'],
      ['POST', '/site-media/v1/bulk/trash-bin/files/restore', { fileIds: ['x'] }],
      ['POST', FOLDERS, { displayName: 'x' }],
      ['GET', FOLDERS],
      ['GET', `${FOLDERS}/media-root`],
      ['PATCH', `${FOLDERS}/x`, { folder: { id: 'x' } }],
      ['POST', `${FOLDERS}/search`, {}],
      ['POST', `${FOLDERS}/query`, {}],
      ['POST', '/site-media/v1/bulk/folders/delete', { folderIds: ['x'] }],
      ['GET', '/site-media/v1/trash-bin/folders'],
      ['POST', '/site-media/v1/bulk/trash-bin/folders/restore', { folderIds: ['x'] }],
    ];
    for (const [method, path, body] of calls) {
      for (const token of [visitor, member]) {
        const r = await api(emu, path, { method, token, ...(body !== undefined ? { body } : {}) });
        expect(r.status, `${method} ${path}`).toBe(403);
      }
      expect((await api(emu, path, { method, ...(body !== undefined ? { body } : {}) })).status).toBe(401);
    }
  });
});
