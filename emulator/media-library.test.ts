/**
 * The media library (issue 41): files and folders as `@wix/auto_sdk_media_files` / `_media_folders` send them, admin
 * only, bytes on disk; trash, restore, delete for good; imports from a URL and their address rules.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminToken, api, memberTokens, startTestEmulator, visitorTokens } from '../tests/helpers/emulator.ts';
import type { RunningEmulator } from './server.ts';
import { migrate, openDatabase } from './db.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { importFailure, insertFile, writeBytes } from './domain/media-library.ts';
import { isPublicAddress } from './domain/media-import.ts';
import { unzip } from './domain/zip.ts';
import { MAX_UPLOAD_BYTES, sniffImage } from './routes/site-media.ts';

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** A 2×3 PNG header is enough for the sniffer (type and size). */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR', 'latin1'),
  Buffer.from([0, 0, 0, 2, 0, 0, 0, 3, 8, 6, 0, 0, 0]),
]);

/** A server an import fetches from (loopback: allowed in dev mode only through `mediaImportAllow`). */
let source: Server;
let sourceUrl = '';
let other: Server;
let otherUrl = '';
let emu: RunningEmulator;
let admin: string;
let clock = Date.now();
beforeAll(async () => {
  source = createServer((req, res) => {
    const path = req.url ?? '';
    if (path.startsWith('/photo.png')) return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (path === '/text') return res.writeHead(200, { 'content-type': 'image/png' }).end('not an image at all');
    if (path === '/big') return res.writeHead(200).end(Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x89));
    if (path === '/to-photo') return res.writeHead(302, { location: '/photo.png' }).end();
    if (path === '/to-private') return res.writeHead(302, { location: 'http://10.0.0.1/photo.png' }).end();
    if (path === '/to-metadata') return res.writeHead(301, { location: 'http://169.254.169.254/latest' }).end();
    if (path === '/to-other') return res.writeHead(307, { location: `${otherUrl}/photo.png` }).end();
    if (path === '/to-file') return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    const loop = /^\/loop\/(\d+)$/.exec(path);
    if (loop) return res.writeHead(302, { location: `/loop/${Number(loop[1]) + 1}` }).end();
    if (path === '/headers') return res.writeHead(200).end(req.headers['x-token'] === 'abc' ? PNG : 'no');
    res.writeHead(404).end();
  });
  other = createServer((_req, res) => res.writeHead(200).end(PNG));
  const listen = (s: Server) =>
    new Promise<string>((ok) =>
      s.listen(0, '127.0.0.1', () => ok(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)),
    );
  sourceUrl = await listen(source);
  otherUrl = await listen(other);
  emu = await startTestEmulator({ now: () => clock, mediaImportAllow: [sourceUrl] });
  admin = await adminToken(emu);
});
afterAll(async () => {
  await emu.close();
  source.close();
  other.close();
});

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
    // the file's Wix media URL names it too (URL-encoded in a query, as the client documents)
    const mediaUrl = encodeURIComponent(`wix:image://v1/${file['id']}/sunset.gif#originWidth=1&originHeight=1`);
    expect((await api(emu, `${FILES}/get-file-by-id?fileId=${mediaUrl}`, { token: admin })).json.file).toEqual(file);
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

  it('a seeded review photo no product shows is deleted for good like any file', async () => {
    const photos = (await list('?parentFolderId=visitor-uploads&paging.limit=100')).files as Json[];
    const photo = photos.find((f) => String(f['id']).startsWith('review-photo-'))!;
    expect((await fetch(photo['url'])).status).toBe(200);
    const r = await post('/site-media/v1/bulk/files/delete', { fileIds: [photo['id']], permanent: true });
    expect(r.status).toBe(200);
    expect((await fetch(photo['url'])).status).toBe(404);
    expect((await api(emu, `${FILES}/get-file-by-id?fileId=${photo['id']}`, { token: admin })).status).toBe(404);
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

/** Wait until the import of `id` is no longer PENDING; its descriptor. */
async function settled(id: string, e: RunningEmulator = emu, token = admin): Promise<Json> {
  for (let i = 0; i < 250; i++) {
    const r = await api(e, `${FILES}/get-file-by-id?fileId=${id}`, { token });
    if (r.json.file.operationStatus !== 'PENDING') return r.json.file as Json;
    await new Promise((ok) => setTimeout(ok, 20));
  }
  throw new Error(`import ${id} still PENDING`);
}

describe('import from a URL', () => {
  const importFile = (body: Json, e: RunningEmulator = emu, token = admin) =>
    api(e, `${FILES}/import`, { token, body });

  it('the descriptor is answered PENDING at once, then READY with the bytes on disk', async () => {
    const r = await importFile({ url: `${sourceUrl}/photo.png?x=1`, labels: ['imported'], parentFolderId: 'products' });
    expect(r.status).toBe(200);
    expect(r.json.file).toMatchObject({
      operationStatus: 'PENDING',
      displayName: 'photo.png',
      parentFolderId: 'products',
      sourceUrl: `${sourceUrl}/photo.png?x=1`,
      url: '',
    });
    const done = await settled(r.json.file.id);
    expect(done).toMatchObject({ operationStatus: 'READY', mimeType: 'image/png', sizeInBytes: String(PNG.length) });
    expect(done['media'].image.image).toMatchObject({ width: 2, height: 3 });
    expect(existsSync(join(emu.app.mediaDir, done['id']))).toBe(true);
    const served = await fetch(done['url']);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('follows a redirect, sends urlParams and urlHeaders', async () => {
    const viaRedirect = await settled((await importFile({ url: `${sourceUrl}/to-photo` })).json.file.id);
    expect(viaRedirect['operationStatus']).toBe('READY');
    const withHeaders = await importFile({ url: `${sourceUrl}/headers`, urlHeaders: { 'x-token': 'abc' } });
    expect((await settled(withHeaders.json.file.id))['operationStatus']).toBe('READY');
    const params = await importFile({ url: `${sourceUrl}/photo.png`, urlParams: { size: 2 } });
    expect(params.json.file.sourceUrl).toBe(`${sourceUrl}/photo.png?size=2`);
  });

  it('FAILED with a reason: not an image, too large, a 404, a redirect to a private or unlisted address, too many hops', async () => {
    const cases: [string, string][] = [
      ['/text', 'UNSUPPORTED_MEDIA_TYPE'],
      ['/big', 'FILE_TOO_LARGE'],
      ['/missing', 'FETCH_FAILED'],
      ['/to-private', 'PRIVATE_ADDRESS'],
      ['/to-metadata', 'PRIVATE_ADDRESS'],
      ['/to-other', 'PRIVATE_ADDRESS'], // loopback, but not an allowed origin
      ['/to-file', 'INVALID_URL_SCHEME'],
      ['/loop/0', 'TOO_MANY_REDIRECTS'],
    ];
    for (const [path, code] of cases) {
      const r = await importFile({ url: `${sourceUrl}${path}` });
      expect(r.status, path).toBe(200);
      const done = await settled(r.json.file.id);
      expect(done['operationStatus'], path).toBe('FAILED');
      expect(importFailure(emu.db, done['id']), path).toMatch(new RegExp(`^${code}:`));
      expect(existsSync(join(emu.app.mediaDir, done['id'])), path).toBe(false);
    }
  });

  it('bulkImportFiles takes all or none; bulkImportFile answers each item', async () => {
    const all = await api(emu, '/site-media/v1/bulk/files/import', {
      token: admin,
      body: { importFileRequests: [{ url: `${sourceUrl}/photo.png` }, { url: `${sourceUrl}/to-photo` }] },
    });
    expect(all.status).toBe(200);
    expect(all.json.files).toHaveLength(2);
    for (const f of all.json.files) expect((await settled(f.id))['operationStatus']).toBe('READY');
    const before = (await list('?paging.limit=100')).files.length;
    const none = await api(emu, '/site-media/v1/bulk/files/import', {
      token: admin,
      body: { importFileRequests: [{ url: `${sourceUrl}/photo.png` }, { url: 'ftp://example.com/a.png' }] },
    });
    expect(none.status).toBe(400);
    expect((await list('?paging.limit=100')).files.length).toBe(before);

    const each = await api(emu, '/site-media/v1/bulk/files/import-v2', {
      token: admin,
      body: { importFileRequests: [{ url: `${sourceUrl}/photo.png` }, { url: 'data:image/png;base64,AAAA' }] },
    });
    expect(each.status).toBe(200);
    expect(each.json.bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 1, undetailedFailures: 0 });
    expect(each.json.results[0]).toMatchObject({
      itemMetadata: { originalIndex: 0, success: true },
      item: { operationStatus: 'PENDING' },
    });
    expect(each.json.results[1]).toMatchObject({
      itemMetadata: { originalIndex: 1, success: false, error: { code: 'INVALID_ARGUMENT' } },
    });
    expect(each.json.results[1].item).toBeUndefined();
  });

  it('refused up front (400): not http(s), bad fields, unknown folder (404)', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/a.png',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      'not a url',
      'http://user:pw@example.com/a.png',
    ]) {
      const r = await importFile({ url });
      expect(r.status, url).toBe(400);
      expect(r.json.details.validationError.fieldViolations[0].field, url).toBe('url');
    }
    expect((await importFile({ url: `${sourceUrl}/photo.png`, mediaType: 'VIDEO' })).status).toBe(400);
    expect((await importFile({ url: `${sourceUrl}/photo.png`, mimeType: 'text/html' })).status).toBe(400);
    expect((await importFile({ url: `${sourceUrl}/photo.png`, urlHeaders: { 'bad header': 'x' } })).status).toBe(400);
    expect((await importFile({ url: `${sourceUrl}/photo.png`, parentFolderId: 'ghost' })).status).toBe(404);
  });
});

describe('import address rules in production mode (not dev)', () => {
  let prod: RunningEmulator;
  let prodAdmin: string;
  beforeAll(async () => {
    prod = await startTestEmulator({
      dev: false,
      // listed, but the list is for dev mode only
      mediaImportAllow: [sourceUrl],
      mediaImportResolve: async (host) =>
        host === 'intranet.example'
          ? [{ address: '10.1.2.3', family: 4 }]
          : host === 'mixed.example'
            ? [
                { address: '93.184.216.34', family: 4 },
                { address: 'fd00::1', family: 6 },
              ]
            : host === 'public.example'
              ? [{ address: '93.184.216.34', family: 4 }]
              : Promise.reject(new Error('ENOTFOUND')),
    });
    prodAdmin = await adminToken(prod);
  });
  afterAll(() => prod.close());

  it('refuses loopback, private, link-local, unique-local and unspecified hosts, literal or resolved', async () => {
    const refused = [
      `${sourceUrl}/photo.png`,
      'http://127.0.0.1/a.png',
      'http://10.0.0.7/a.png',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/a.png',
      'http://[::ffff:127.0.0.1]/a.png',
      'http://0.0.0.0/a.png',
      'http://[fe80::1]/a.png',
      'http://224.0.0.1/a.png',
      'http://2130706433/a.png', // 127.0.0.1 as one number
      'http://intranet.example/a.png',
      'http://mixed.example/a.png', // one private address among public ones is enough
    ];
    for (const url of refused) {
      const r = await api(prod, `${FILES}/import`, { token: prodAdmin, body: { url } });
      expect(r.status, url).toBe(400);
      expect(r.json.details.validationError.fieldViolations[0], url).toMatchObject({
        field: 'url',
        data: { reason: 'PRIVATE_ADDRESS' },
      });
    }
    const files = (await api(prod, `${FILES}?paging.limit=100`, { token: prodAdmin })).json.files as Json[];
    expect(files.filter((f) => f['sourceUrl'])).toEqual([]);
  });

  it('a public host that does not resolve is accepted PENDING, then FAILED', async () => {
    const r = await api(prod, `${FILES}/import`, { token: prodAdmin, body: { url: 'http://nowhere.example/a.png' } });
    expect(r.status).toBe(200);
    const done = await settled(r.json.file.id, prod, prodAdmin);
    expect(done['operationStatus']).toBe('FAILED');
    expect(importFailure(prod.db, done['id'])).toMatch(/^HOST_NOT_FOUND:/);
  });

  it('isPublicAddress', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.1.1',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '::',
      '::1',
      'fc00::1',
      'fd12::1',
      'fe80::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a00:1',
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
    for (const ip of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(ip), ip).toBe(true);
  });
});

describe('download URLs', () => {
  const gen = (path: string, body: Json) => post(`/site-media/v1/files/${path}`, body);

  it('one file: signed, served with its name, expiring (403, or the redirect asked for)', async () => {
    const f = await upload('report.gif');
    const r = await gen('generate-file-download-url', { fileId: f['id'], downloadFileName: 'mine.gif' });
    expect(r.status).toBe(200);
    const { url, assetKey } = r.json.downloadUrls[0];
    expect(assetKey).toBe('src');
    const got = await fetch(url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="mine.gif"/);
    expect(Buffer.from(await got.arrayBuffer()).equals(GIF)).toBe(true);
    // a wix:image URL names the file too
    const byMediaUrl = await gen('generate-file-download-url', {
      fileId: `wix:image://v1/${f['id']}/x.gif#originWidth=1`,
      contentDisposition: 'INLINE',
    });
    const inline = await fetch(byMediaUrl.json.downloadUrls[0].url);
    expect(inline.headers.get('content-disposition')).toMatch(/^inline;/);

    const tampered = url.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
    expect((await fetch(tampered)).status).toBe(403);
    const short = await gen('generate-file-download-url', {
      fileId: f['id'],
      expirationInMinutes: 1,
      expirationRedirectUrl: 'https://example.com/expired',
    });
    const plain = await gen('generate-file-download-url', { fileId: f['id'], expirationInMinutes: 1 });
    clock += 2 * 60_000;
    const expired = await fetch(plain.json.downloadUrls[0].url);
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as Json)['details'].applicationError.code).toBe('DOWNLOAD_URL_EXPIRED');
    const redirected = await fetch(short.json.downloadUrls[0].url, { redirect: 'manual' });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toBe('https://example.com/expired');
    expect((await gen('generate-file-download-url', { fileId: 'ghost' })).status).toBe(404);
    expect(
      (await gen('generate-file-download-url', { fileId: f['id'], expirationRedirectUrl: 'javascript:alert(1)' }))
        .status,
    ).toBe(400);
    expect((await gen('generate-file-download-url', { fileId: f['id'], assetKeys: ['720p'] })).status).toBe(400);
  });

  it('a private file is not served at its static URL, only through a download URL', async () => {
    const f = await upload('secret.gif', GIF, { private: true });
    expect(f['private']).toBe(true);
    expect((await fetch(f['url'])).status).toBe(404);
    const r = await gen('generate-file-download-url', { fileId: f['id'] });
    expect((await fetch(r.json.downloadUrls[0].url)).status).toBe(200);
  });

  it('several files: one ZIP of them; a folder: a ZIP of its files, sub-folders as paths', async () => {
    const a = await upload('same.gif');
    const b = await upload('same.gif', PNG);
    const r = await gen('generate-download-url', { fileIds: [a['id'], b['id']] });
    const zipped = await fetch(r.json.downloadUrl);
    expect(zipped.headers.get('content-type')).toBe('application/zip');
    const entries = unzip(Buffer.from(await zipped.arrayBuffer()));
    expect(entries.map((e) => e.name)).toEqual(['same.gif', 'same (2).gif']);
    expect(entries[1]!.data.equals(PNG)).toBe(true);
    // a thousand ids (the platform's ceiling) still make a URL short enough to use
    const many = await gen('generate-download-url', {
      fileIds: Array.from({ length: 1000 }, (_, i) => (i % 2 ? a['id'] : b['id'])),
    });
    expect(many.json.downloadUrl.length).toBeLessThan(1000);
    expect(unzip(Buffer.from(await (await fetch(many.json.downloadUrl)).arrayBuffer())).map((e) => e.name)).toEqual([
      'same.gif',
      'same (2).gif',
    ]);

    const top = (await post(FOLDERS, { displayName: 'Zip me' })).json.folder as Json;
    const sub = (await post(FOLDERS, { displayName: 'in/side', parentFolderId: top['id'] })).json.folder as Json;
    await upload('top.gif', GIF, { parentFolderId: top['id'] });
    await upload('deep.png', PNG, { parentFolderId: sub['id'] });
    const trashed = await upload('trashed.gif', GIF, { parentFolderId: top['id'] });
    await post('/site-media/v1/bulk/files/delete', { fileIds: [trashed['id']] });
    const fr = await post(`${FOLDERS}/${top['id']}/generate-download-url`, {});
    expect(fr.status).toBe(200);
    const folderZip = await fetch(fr.json.downloadUrl);
    expect(folderZip.headers.get('content-disposition')).toMatch(/filename="Zip me.zip"/);
    const names = unzip(Buffer.from(await folderZip.arrayBuffer()))
      .map((e) => e.name)
      .sort();
    expect(names).toEqual(['in_side/deep.png', 'top.gif']);
    expect((await post(`${FOLDERS}/ghost/generate-download-url`, {})).status).toBe(404);
  });

  it('a video stream URL for a video; anything else is refused', async () => {
    const img = await upload('still.gif');
    const notVideo = await gen('generate-video-stream-url', { fileId: img['id'] });
    expect(notVideo.status).toBe(428);
    expect(notVideo.json.details.applicationError.code).toBe('NOT_A_VIDEO');
    // the API takes images only: a video descriptor is placed directly, as an import of the platform's would leave it
    const bytes = Buffer.from('not really mp4, served as it is');
    writeBytes(emu.app.mediaDir, 'video-1', bytes);
    insertFile(emu.db, {
      id: 'video-1',
      fileName: 'clip.mp4',
      parentFolderId: 'media-root',
      mimeType: 'video/mp4',
      mediaType: 'VIDEO',
      size: bytes.length,
      hash: null,
      width: null,
      height: null,
      labels: [],
      operationStatus: 'READY',
      sourceUrl: null,
      private: false,
      createdBy: 'test',
      nowIso: new Date(clock).toISOString(),
    });
    const r = await gen('generate-video-stream-url', { fileId: 'video-1', format: 'UNKNOWN' });
    expect(r.status).toBe(200);
    const stream = await fetch(r.json.downloadUrl.url);
    expect(stream.headers.get('content-type')).toBe('video/mp4');
    expect(stream.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(Buffer.from(await stream.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await gen('generate-video-stream-url', { fileId: 'video-1', format: 'HLS' })).status).toBe(400);
  });

  it('a visitor and a member are refused the transfers', async () => {
    const visitor = (await visitorTokens(emu)).access;
    const member = (await memberTokens(emu, 'member')).access;
    const calls: [string, unknown][] = [
      [`${FILES}/import`, { url: `${sourceUrl}/photo.png` }],
      ['/site-media/v1/bulk/files/import', { importFileRequests: [{ url: `${sourceUrl}/photo.png` }] }],
      ['/site-media/v1/bulk/files/import-v2', { importFileRequests: [{ url: `${sourceUrl}/photo.png` }] }],
      [`${FILES}/generate-file-download-url`, { fileId: 'x' }],
      [`${FILES}/generate-download-url`, { fileIds: ['x'] }],
      [`${FILES}/generate-video-stream-url`, { fileId: 'x' }],
      [`${FOLDERS}/media-root/generate-download-url`, {}],
    ];
    for (const [path, body] of calls)
      for (const token of [visitor, member]) expect((await post(path, body, token)).status, path).toBe(403);
  });
});

describe('storage', () => {
  it('migration 019: photos uploaded before it keep their id and URL, their bytes move to <db>-media on open', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inlay-media-'));
    try {
      const file = join(dir, 'site.sqlite');
      const old = openDatabase(file);
      migrate(
        old,
        MIGRATIONS.filter((m) => m.version < 19),
      );
      old
        .prepare(
          `INSERT INTO site_media_files (id, file_name, mime_type, size, width, height, content, created_by, created_date, parent_folder_id)
           VALUES ('old-photo', 'mug.png', 'image/png', ?, 2, 3, ?, 'admin:demo-client', '2026-02-01T00:00:00.000Z', 'visitor-uploads')`,
        )
        .run(PNG.length, PNG);
      old.close();
      const e = await startTestEmulator({ db: file });
      try {
        expect(e.app.mediaDir).toBe(`${file}-media`);
        expect(readFileSync(join(`${file}-media`, 'old-photo')).equals(PNG)).toBe(true);
        expect(e.db.prepare("SELECT content FROM site_media_files WHERE id = 'old-photo'").get()).toEqual({
          content: null,
        });
        const token = await adminToken(e);
        const got = await api(e, `${FILES}/get-file-by-id?fileId=old-photo`, { token });
        expect(got.json.file).toMatchObject({
          displayName: 'mug.png',
          parentFolderId: 'visitor-uploads',
          operationStatus: 'READY',
          state: 'OK',
          hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        });
        const served = await fetch(`${e.url}/media/uploads/old-photo`);
        expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
      } finally {
        await e.close();
      }
      expect(existsSync(join(`${file}-media`, 'old-photo'))).toBe(true); // a file database keeps its media directory
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an allowed import origin that is not an http(s) origin stops the start', async () => {
    await expect(startTestEmulator({ mediaImportAllow: ['not a url'] })).rejects.toThrow(/not an origin/);
    await expect(startTestEmulator({ mediaImportAllow: ['ftp://127.0.0.1:21'] })).rejects.toThrow(/http\(s\) origin/);
  });

  it("an in-memory database's media directory is a temporary one, removed on close", async () => {
    const e = await startTestEmulator();
    const dir = e.app.mediaDir;
    expect(existsSync(dir)).toBe(true);
    await e.close();
    expect(existsSync(dir)).toBe(false);
  });
});

describe('image sizes from the bytes', () => {
  it('PNG, GIF, JPEG (its start-of-frame), WebP (VP8, VP8L, VP8X); a truncated JPEG has none', () => {
    expect(sniffImage(PNG)).toEqual({ mime: 'image/png', width: 2, height: 3 });
    expect(sniffImage(GIF)).toEqual({ mime: 'image/gif', width: 1, height: 1 });
    // SOI, an APP0 segment of 16 bytes, then SOF0 of a 640×480 image
    const app0 = Buffer.concat([Buffer.from([0xff, 0xe0, 0x00, 0x10]), Buffer.alloc(14)]);
    const sof0 = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03]);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof0, Buffer.alloc(12)]);
    expect(sniffImage(jpeg)).toEqual({ mime: 'image/jpeg', width: 640, height: 480 });
    expect(sniffImage(jpeg.subarray(0, 12))).toEqual({ mime: 'image/jpeg' });
    const riff = (chunk: string, body: number[]) =>
      Buffer.concat([
        Buffer.from('RIFF\0\0\0\0WEBP', 'latin1'),
        Buffer.from(chunk, 'latin1'),
        Buffer.alloc(4),
        Buffer.from(body),
      ]);
    // VP8: frame tag (3 bytes), start code, 14-bit width and height (little-endian)
    expect(sniffImage(riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 0x20, 0x03, 0x58, 0x02]))).toEqual({
      mime: 'image/webp',
      width: 800,
      height: 600,
    });
    // VP8L: signature 0x2f, then width-1 (14 bits) and height-1 (14 bits): 100×50
    expect(sniffImage(riff('VP8L', [0x2f, 0x63, 0x40, 0x0c, 0x00, 0, 0]))).toEqual({
      mime: 'image/webp',
      width: 100,
      height: 50,
    });
    // VP8X: flags (4 bytes), canvas width-1 and height-1 (24 bits each): 1920×1080
    expect(sniffImage(riff('VP8X', [0, 0, 0, 0, 0x7f, 0x07, 0x00, 0x37, 0x04, 0x00]))).toEqual({
      mime: 'image/webp',
      width: 1920,
      height: 1080,
    });
  });
});

describe('resumable (tus) upload', () => {
  const tus = (url: string, method: string, headers: Record<string, string>, body?: Buffer) =>
    fetch(url, {
      method,
      headers: { 'Tus-Resumable': '1.0.0', ...headers },
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
  const generate = (body: Json) => post(`${FILES}/generate-resumable-upload-url`, body);

  it('create, send in two chunks (a wrong offset is 409), ask the offset, finish with the token: the file is READY', async () => {
    const folder = (await post(FOLDERS, { displayName: 'Resumable' })).json.folder as Json;
    const g = await generate({
      mimeType: 'image/png',
      fileName: 'big.png',
      parentFolderId: folder['id'],
      labels: ['tus'],
    });
    expect(g.status).toBe(200);
    expect(g.json.uploadProtocol).toBe('TUS');
    const { uploadUrl, uploadToken } = g.json as { uploadUrl: string; uploadToken: string };

    expect((await fetch(uploadUrl, { method: 'POST', headers: { 'Upload-Length': '5' } })).status).toBe(412);
    const created = await tus(uploadUrl, 'POST', { 'Upload-Length': String(PNG.length) });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location.startsWith(`${uploadUrl}/`)).toBe(true);
    expect((await tus(uploadUrl, 'POST', { 'Upload-Length': '5' })).status).toBe(409); // one upload per URL

    const chunk = { 'Content-Type': 'application/offset+octet-stream' };
    const first = await tus(location, 'PATCH', { ...chunk, 'Upload-Offset': '0' }, PNG.subarray(0, 10));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe('10');
    const wrong = await tus(location, 'PATCH', { ...chunk, 'Upload-Offset': '3' }, PNG.subarray(3));
    expect(wrong.status).toBe(409);
    const head = await fetch(location, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0' } });
    expect(head.headers.get('upload-offset')).toBe('10');
    expect(head.headers.get('upload-length')).toBe(String(PNG.length));
    expect((await fetch(`${uploadUrl}/${uploadToken}`, { method: 'PUT' })).status).toBe(409); // not complete yet
    const rest = await tus(location, 'PATCH', { ...chunk, 'Upload-Offset': '10' }, PNG.subarray(10));
    expect(rest.headers.get('upload-offset')).toBe(String(PNG.length));
    expect((await tus(location, 'PATCH', { ...chunk, 'Upload-Offset': String(PNG.length) }, GIF)).status).toBe(413);

    expect((await fetch(`${uploadUrl}/not-the-token`, { method: 'PUT' })).status).toBe(403);
    const done = await fetch(`${uploadUrl}/${uploadToken}?filename=final.png`, { method: 'PUT' });
    expect(done.status).toBe(200);
    const file = ((await done.json()) as { file: Json }).file;
    expect(file).toMatchObject({
      displayName: 'final.png',
      parentFolderId: folder['id'],
      labels: ['tus'],
      operationStatus: 'READY',
      sizeInBytes: String(PNG.length),
    });
    expect(readFileSync(join(emu.app.mediaDir, file['id'])).equals(PNG)).toBe(true);
    expect(readdirSync(emu.app.mediaDir).filter((n) => n.endsWith('.part'))).toEqual([]);
    // used up
    expect((await fetch(`${uploadUrl}/${uploadToken}`, { method: 'PUT' })).status).toBe(404);
    expect((await fetch(location, { method: 'HEAD' })).status).toBe(404);
  });

  it('the same rules as every upload: too large, not an image; validation; admin only', async () => {
    const g = (await generate({ mimeType: 'image/gif' })).json as { uploadUrl: string; uploadToken: string };
    const tooBig = await tus(g.uploadUrl, 'POST', { 'Upload-Length': String(MAX_UPLOAD_BYTES + 1) });
    expect(tooBig.status).toBe(413);
    await tus(g.uploadUrl, 'POST', { 'Upload-Length': '4' });
    // an upload id the creation did not make
    expect((await fetch(`${g.uploadUrl}/00000000-0000-4000-8000-000000000000`, { method: 'HEAD' })).status).toBe(404);
    const g2 = (await generate({ mimeType: 'image/gif' })).json as { uploadUrl: string; uploadToken: string };
    const c = await tus(g2.uploadUrl, 'POST', { 'Upload-Length': '4' });
    await tus(
      c.headers.get('location')!,
      'PATCH',
      { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' },
      Buffer.from('text'),
    );
    const notImage = await fetch(`${g2.uploadUrl}/${g2.uploadToken}`, { method: 'PUT' });
    expect(notImage.status).toBe(400);
    expect(((await notImage.json()) as Json)['details'].applicationError.code).toBe('UNSUPPORTED_MEDIA_TYPE');

    expect((await generate({ mimeType: 'text/html' })).status).toBe(400);
    expect((await generate({ mimeType: 'image/png', sizeInBytes: String(MAX_UPLOAD_BYTES + 1) })).status).toBe(400);
    expect((await generate({ mimeType: 'image/png', parentFolderId: 'ghost' })).status).toBe(404);
    expect((await generate({ mimeType: 'image/png', uploadProtocol: 'HTTP' })).status).toBe(400);
    expect(
      (
        await fetch(`${emu.url}/site-media/v1/upload/resumable/forged`, {
          method: 'POST',
          headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '4' },
        })
      ).status,
    ).toBe(404);
    const visitor = (await visitorTokens(emu)).access;
    const member = (await memberTokens(emu, 'member')).access;
    for (const token of [visitor, member])
      expect((await post(`${FILES}/generate-resumable-upload-url`, { mimeType: 'image/png' }, token)).status).toBe(403);
  });
});

describe('secrets in paths', () => {
  it("a failure's log line names the route's pattern, never the path's secret", async () => {
    const e = await startTestEmulator({
      routes: [
        (router) =>
          router.get('/boom/:secret', () => {
            throw new Error('unexpected');
          }),
      ],
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect((await fetch(`${e.url}/boom/s3cr3t-upload-token`)).status).toBe(500);
      const text = logged.mock.calls.map((c) => c.join(' ')).join('\n');
      expect(text).toContain('GET /boom/:secret failed');
      expect(text).not.toContain('s3cr3t');
    } finally {
      logged.mockRestore();
      await e.close();
    }
  });
});
