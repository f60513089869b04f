/**
 * The owner console's media library through the companion, against a real emulator (SQLite): only the owner reaches
 * any route (a visitor and a member 403 before the body is read, no token 401); bodies are checked (forged ids,
 * prototype keys, huge bodies, the review photos' type and size rules); an import from a URL that is not http(s) or
 * names a private address is refused before the platform is asked; and the library itself, end to end: a folder, an
 * upload through the upload URL, rename, labels, moves, trash, restore, delete for good, and the review a visitor's
 * photo belongs to.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRefusal } from './admin-media.ts';
import { allAllowedOrigins } from '../emulator/domain/auth.ts';
import { MUG, PNG, harness, post, type Harness } from './test-helpers.ts';

const M = '/v1/admin/media';
let h: Harness;
let owner: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const code = (r: { body_: any }) => r.body_?.details?.applicationError?.code;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const fields = (r: { body_: any }): string[] =>
  (r.body_?.details?.validationError?.fieldViolations ?? []).map((v: { field: string }) => v.field);

/** Every route of the area, with a body the owner could send. */
const ROUTES: [string, string, unknown?][] = [
  ['POST', `${M}/browse`, {}],
  ['POST', `${M}/search`, { query: 'mug' }],
  ['POST', `${M}/trash`, {}],
  ['POST', `${M}/upload-url`, { folderId: 'media-root', fileName: 'a.png', mimeType: 'image/png', sizeInBytes: 68 }],
  ['POST', `${M}/import`, { url: 'https://example.com/a.png', folderId: 'media-root' }],
  ['GET', `${M}/files/abc`],
  ['PATCH', `${M}/files/abc`, { displayName: 'b' }],
  ['GET', `${M}/files/abc/download-url`],
  ['POST', `${M}/folders`, { displayName: 'Mugs', parentId: 'media-root' }],
  ['PATCH', `${M}/folders/abc`, { displayName: 'Cups' }],
  ['POST', `${M}/delete`, { fileIds: ['abc'], folderIds: [], permanent: true }],
  ['POST', `${M}/restore`, { fileIds: ['abc'], folderIds: [] }],
];
const send = (method: string, path: string, body: unknown, token?: string) =>
  h.call(path, body === undefined ? { method, ...(token ? { token } : {}) } : post(body, token, method));

/** The test's own image server: what an import fetches (a PNG, and a page that is not an image). */
let images: Server;
let imageHost = '';
beforeAll(async () => {
  images = createServer((req, res) => {
    if (req.url === '/mug.png') res.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG);
    else res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>not an image</p>');
  });
  await new Promise<void>((done) => images.listen(0, '127.0.0.1', done));
  imageHost = `127.0.0.1:${(images.address() as AddressInfo).port}`;
  // both refuse a loopback address unless told it is the test's own (the emulator in dev mode only)
  h = await harness({
    emulator: { mediaImportAllow: [`http://${imageHost}`] },
    deps: { importHosts: [imageHost] },
  });
  owner = await h.owner();
});
afterAll(async () => {
  await h.close();
  images.closeAllConnections();
  await new Promise((done) => images.close(done));
});

describe('who', () => {
  it('a visitor and a member get 403 NOT_OWNER from every route, before the body is read; no token 401', async () => {
    expect(h.companion.routes().filter((r) => r.includes('/admin/media')).length).toBe(ROUTES.length);
    const [visitor, member] = [await h.visitor(), await h.member()];
    for (const token of [visitor, member])
      for (const [method, path, body] of ROUTES) {
        const r = await send(method, path, body, token);
        expect([r.status, code(r)], `${method} ${path}`).toEqual([403, 'NOT_OWNER']);
        // a body that would not pass is not even read
        if (body !== undefined) {
          const bad = await h.call(path, {
            method,
            body: '{"__proto__":{"x":1}}',
            token,
            headers: { 'Content-Type': 'application/json' },
          });
          expect(bad.status, `${method} ${path} bad body`).toBe(403);
        }
      }
    for (const [method, path, body] of ROUTES) {
      const r = await send(method, path, body);
      expect(r.status, `${method} ${path} without a token`).toBe(401);
    }
  });
});

describe('bodies', () => {
  it('unknown keys, prototype keys, forged ids, empty and huge bodies → 400 or 413, nothing asked of the platform', async () => {
    const cases: [string, string, unknown, string?][] = [
      ['POST', `${M}/browse`, { folderId: '../orders' }, 'folderId'],
      ['POST', `${M}/browse`, { folderId: 'a b' }, 'folderId'],
      ['POST', `${M}/browse`, { parentFolderId: 'media-root' }, 'parentFolderId'],
      ['POST', `${M}/search`, { query: '   ' }, 'query'],
      ['POST', `${M}/search`, { query: 'x'.repeat(101) }, 'query'],
      [
        'POST',
        `${M}/upload-url`,
        { folderId: 'media-root', fileName: 'a.svg', mimeType: 'image/svg+xml', sizeInBytes: 9 },
        'mimeType',
      ],
      [
        'POST',
        `${M}/upload-url`,
        { folderId: 'media-root', fileName: 'a.pdf', mimeType: 'application/pdf', sizeInBytes: 9 },
        'mimeType',
      ],
      [
        'POST',
        `${M}/upload-url`,
        { folderId: 'media-root', fileName: 'big.png', mimeType: 'image/png', sizeInBytes: 5 * 1024 * 1024 + 1 },
        'sizeInBytes',
      ],
      [
        'POST',
        `${M}/upload-url`,
        { folderId: 'media-root', fileName: 'a.png', mimeType: 'image/png', sizeInBytes: 0 },
        'sizeInBytes',
      ],
      [
        'POST',
        `${M}/upload-url`,
        { folderId: 'media-root', fileName: 'a\nb.png', mimeType: 'image/png', sizeInBytes: 9 },
        'fileName',
      ],
      ['PATCH', `${M}/files/abc`, { displayName: 'b', labels: Array(21).fill('l') }, 'labels'],
      ['PATCH', `${M}/files/abc`, { folderId: 'x/../y' }, 'folderId'],
      ['POST', `${M}/folders`, { displayName: '', parentId: 'media-root' }, 'displayName'],
      ['POST', `${M}/delete`, { fileIds: ['a', 'a'], folderIds: [], permanent: true }, 'fileIds'],
      [
        'POST',
        `${M}/delete`,
        {
          fileIds: Array(101)
            .fill(0)
            .map((_, i) => `f${i}`),
          folderIds: [],
          permanent: false,
        },
        'fileIds',
      ],
      ['POST', `${M}/delete`, { fileIds: ['a'], folderIds: [] }, 'permanent'],
      ['POST', `${M}/restore`, { fileIds: ['a'], folderIds: ['b'], permanent: true }, 'permanent'],
    ];
    for (const [method, path, body, field] of cases) {
      const r = await send(method, path, body, owner);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(fields(r).join(' '), JSON.stringify(body)).toContain(field);
    }
    const proto = await h.call(`${M}/browse`, {
      method: 'POST',
      body: '{"__proto__":{"folderId":"x"}}',
      headers: { 'Content-Type': 'application/json' },
      token: owner,
    });
    expect(proto.status).toBe(400);
    const huge = await send('POST', `${M}/trash`, { cursor: 'x'.repeat(40_000) }, owner);
    expect(huge.status).toBe(413);
    for (const [method, path] of [
      ['GET', `${M}/files/a%2Fb`],
      ['GET', `${M}/files/a%20b`],
      ['PATCH', `${M}/folders/${'a'.repeat(201)}`],
    ] as const) {
      const r = await send(method, path, method === 'PATCH' ? { displayName: 'x' } : undefined, owner);
      expect(r.status, path).toBe(400);
    }
    // nothing to do, or a root folder: refused with words
    expect(code(await send('PATCH', `${M}/files/abc`, {}, owner))).toBe('NOTHING_TO_UPDATE');
    expect(code(await send('PATCH', `${M}/folders/media-root`, { displayName: 'x' }, owner))).toBe('ROOT_FOLDER');
    expect(code(await send('POST', `${M}/delete`, { fileIds: [], folderIds: [], permanent: true }, owner))).toBe(
      'NOTHING_SELECTED',
    );
    expect(
      code(await send('POST', `${M}/delete`, { fileIds: [], folderIds: ['visitor-uploads'], permanent: true }, owner)),
    ).toBe('ROOT_FOLDER');
  });
});

describe('import from a URL', () => {
  it('refuses a URL that is not http(s), carries credentials or names a private address, before asking', async () => {
    const refused: [string, string][] = [
      ['file:///etc/passwd', 'NOT_HTTP'],
      ['ftp://example.com/a.png', 'NOT_HTTP'],
      ['javascript:alert(1)', 'NOT_HTTP'],
      ['data:image/png;base64,iVBORw0KGgo=', 'NOT_HTTP'],
      ['not a url', 'NOT_HTTP'],
      ['https://user:pw@example.com/a.png', 'CREDENTIALS'],
      ['http://127.0.0.1/a.png', 'PRIVATE_ADDRESS'],
      ['http://2130706433/a.png', 'PRIVATE_ADDRESS'], // 127.0.0.1 written as one number
      ['http://0x7f.1/a.png', 'PRIVATE_ADDRESS'],
      ['http://localhost:8080/a.png', 'PRIVATE_ADDRESS'],
      ['http://shop.localhost/a.png', 'PRIVATE_ADDRESS'],
      ['http://10.1.2.3/a.png', 'PRIVATE_ADDRESS'],
      ['http://172.20.0.1/a.png', 'PRIVATE_ADDRESS'],
      ['http://192.168.1.10/a.png', 'PRIVATE_ADDRESS'],
      ['http://169.254.169.254/latest/meta-data/', 'PRIVATE_ADDRESS'],
      ['http://100.64.0.1/a.png', 'PRIVATE_ADDRESS'],
      ['http://0.0.0.0/a.png', 'PRIVATE_ADDRESS'],
      ['http://[::1]/a.png', 'PRIVATE_ADDRESS'],
      ['http://[::ffff:127.0.0.1]/a.png', 'PRIVATE_ADDRESS'],
      ['http://[::ffff:a9fe:a9fe]/a.png', 'PRIVATE_ADDRESS'],
      ['http://[fd00::1]/a.png', 'PRIVATE_ADDRESS'],
      ['http://[fe80::1]/a.png', 'PRIVATE_ADDRESS'],
      ['http://[64:ff9b::a00:1]/a.png', 'PRIVATE_ADDRESS'],
      ['http://metadata.google.internal/a.png', 'PRIVATE_ADDRESS'],
      ['http://printer.local/a.png', 'PRIVATE_ADDRESS'],
      ['http://intranet/a.png', 'PRIVATE_ADDRESS'],
    ];
    for (const [url, reason] of refused) {
      expect(importRefusal(url)?.reason, url).toBe(reason);
      const r = await send('POST', `${M}/import`, { url, folderId: 'media-root' }, owner);
      expect([r.status, code(r), r.body_?.details?.applicationError?.data?.reason], url).toEqual([
        400,
        'URL_NOT_ALLOWED',
        reason,
      ]);
      expect(r.body_.message, url).toMatch(/http|private|password/);
    }
    for (const url of [
      'https://example.com/a.png',
      'http://203.0.114.9/a.png',
      'https://[2606:4700::1111]/a.png',
      'https://cdn.example.org:8443/x/y.webp?v=1',
    ])
      expect(importRefusal(url), url).toBeUndefined();
    // a test's own server, named by the code that builds the companion (never the environment)
    expect(importRefusal('http://127.0.0.1:4000/a.png', new Set(['127.0.0.1:4000']))).toBeUndefined();
    expect(importRefusal('http://127.0.0.1:4001/a.png', new Set(['127.0.0.1:4000']))?.reason).toBe('PRIVATE_ADDRESS');
  });
});

describe('the library, against the emulator', () => {
  it('an import from the test’s own server: PENDING, then READY with its bytes; a page that is not an image FAILS', async () => {
    const read = async (id: string) => (await send('GET', `${M}/files/${id}`, undefined, owner)).body_.file;
    const settle = async (id: string) => {
      for (let n = 0; n < 100; n++) {
        const f = await read(id);
        if (f.status !== 'PENDING') return f;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('still PENDING');
    };
    const r = await send(
      'POST',
      `${M}/import`,
      { url: `http://${imageHost}/mug.png`, folderId: 'media-root', displayName: 'Imported mug' },
      owner,
    );
    expect(r.status).toBe(200);
    expect(r.body_.file).toMatchObject({ name: 'Imported mug', status: expect.stringMatching(/PENDING|READY/) });
    const ready = await settle(r.body_.file.id);
    expect(ready).toMatchObject({ status: 'READY', mediaType: 'IMAGE', width: 1, height: 1 });
    expect(Buffer.from(await (await fetch(ready.url)).arrayBuffer()).equals(Buffer.from(PNG))).toBe(true);
    const link = await send('GET', `${M}/files/${ready.id}/download-url`, undefined, owner);
    expect(link.status).toBe(200);
    expect(Buffer.from(await (await fetch(link.body_.url)).arrayBuffer()).equals(Buffer.from(PNG))).toBe(true);

    const page = await send('POST', `${M}/import`, { url: `http://${imageHost}/page`, folderId: 'media-root' }, owner);
    expect(page.status).toBe(200);
    expect((await settle(page.body_.file.id)).status).toBe('FAILED');
    // another port of the same loopback address is still refused
    const other = await send(
      'POST',
      `${M}/import`,
      { url: 'http://127.0.0.1:1/mug.png', folderId: 'media-root' },
      owner,
    );
    expect([other.status, code(other)]).toEqual([400, 'URL_NOT_ALLOWED']);
  });

  it('a folder, an image uploaded into it, renamed, labelled, moved, trashed, restored and deleted for good', async () => {
    const made = await send('POST', `${M}/folders`, { displayName: '  Mugs ', parentId: 'media-root' }, owner);
    expect(made.status).toBe(200);
    const mugs = made.body_.folder;
    expect(mugs).toMatchObject({ name: 'Mugs', parentId: 'media-root' });
    const enamel = (await send('POST', `${M}/folders`, { displayName: 'Enamel', parentId: mugs.id }, owner)).body_
      .folder;

    // the upload URL for that folder; the owner's browser sends the bytes itself, from the shop's origin (one the
    // site's OAuth client allows, as the platform's upload host answers CORS for it)
    const ORIGIN = [...allAllowedOrigins(h.emu.db)][0]!;
    const up = await send(
      'POST',
      `${M}/upload-url`,
      { folderId: enamel.id, fileName: 'mug.png', mimeType: 'image/png', sizeInBytes: PNG.length },
      owner,
    );
    expect(up.status).toBe(200);
    const preflight = await fetch(up.body_.uploadUrl, {
      method: 'OPTIONS',
      headers: {
        Origin: ORIGIN,
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    const put = await fetch(up.body_.uploadUrl, {
      method: 'PUT',
      body: PNG,
      headers: { 'Content-Type': 'image/png', Origin: ORIGIN },
    });
    expect(put.status).toBe(200);
    expect(put.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const id = ((await put.json()) as { file: { id: string } }).file.id;

    const inside = await send('POST', `${M}/browse`, { folderId: enamel.id }, owner);
    expect(inside.status).toBe(200);
    expect(inside.body_).toMatchObject({
      folder: { id: enamel.id, name: 'Enamel' },
      path: [{ id: mugs.id, name: 'Mugs' }],
      folders: [],
      files: [{ id, name: 'mug.png', status: 'READY', mediaType: 'IMAGE', labels: [] }],
    });
    expect(inside.body_.files[0].thumbnailUrl).toMatch(/^https?:\/\//);
    expect((await send('GET', `${M}/files/${id}`, undefined, owner)).body_.file.id).toBe(id);
    const root = await send('POST', `${M}/browse`, {}, owner);
    expect(root.body_.folder).toEqual({ id: 'media-root', name: '' });
    expect(root.body_.folders.map((f: { id: string }) => f.id)).toContain(mugs.id);

    // a folder never goes into itself or a folder inside it
    expect(code(await send('PATCH', `${M}/folders/${mugs.id}`, { parentId: enamel.id }, owner))).toBe(
      'FOLDER_INTO_ITSELF',
    );
    expect(code(await send('PATCH', `${M}/folders/${mugs.id}`, { parentId: mugs.id }, owner))).toBe(
      'FOLDER_INTO_ITSELF',
    );
    const renamed = await send('PATCH', `${M}/folders/${enamel.id}`, { displayName: 'Enamelware' }, owner);
    expect(renamed.body_.folder).toMatchObject({ id: enamel.id, name: 'Enamelware', parentId: mugs.id });

    const edited = await send(
      'PATCH',
      `${M}/files/${id}`,
      { displayName: 'Blue mug', labels: ['blue', 'mug', 'blue'], folderId: 'media-root' },
      owner,
    );
    expect(edited.status).toBe(200);
    expect(edited.body_.file).toMatchObject({ id, name: 'Blue mug', labels: ['blue', 'mug'], folderId: 'media-root' });
    const found = await send('POST', `${M}/search`, { query: 'Blue' }, owner);
    expect(found.body_.files.map((f: { id: string }) => f.id)).toEqual([id]);
    const foundFolder = await send('POST', `${M}/search`, { query: 'Enamelw' }, owner);
    expect(foundFolder.body_.folders.map((f: { id: string }) => f.id)).toEqual([enamel.id]);
    expect((await send('GET', `${M}/files/nope-${id}`, undefined, owner)).status).toBe(404);

    const ids = async (folderId?: string) =>
      (await send('POST', `${M}/browse`, folderId ? { folderId } : {}, owner)).body_.files.map(
        (f: { id: string }) => f.id,
      );
    const trashed = async () => {
      const r = (await send('POST', `${M}/trash`, {}, owner)).body_;
      return [...r.files, ...r.folders].map((f: { id: string }) => f.id);
    };
    expect(await ids()).toContain(id);
    const gone = await send('POST', `${M}/delete`, { fileIds: [id], folderIds: [mugs.id], permanent: false }, owner);
    expect(gone.body_).toEqual({ files: 1, folders: 1 });
    expect(await ids()).not.toContain(id);
    expect(await trashed()).toEqual(expect.arrayContaining([id, mugs.id]));
    expect((await send('POST', `${M}/restore`, { fileIds: [id], folderIds: [mugs.id] }, owner)).status).toBe(200);
    expect(await ids()).toContain(id);
    expect(await trashed()).not.toContain(id);
    await send('POST', `${M}/delete`, { fileIds: [id], folderIds: [], permanent: false }, owner);
    const forGood = await send('POST', `${M}/delete`, { fileIds: [id], folderIds: [], permanent: true }, owner);
    expect(forGood.status).toBe(200);
    expect(await trashed()).not.toContain(id);
    expect(await ids()).not.toContain(id);
    expect((await send('GET', `${M}/files/${id}`, undefined, owner)).status).toBe(404);
  });

  it('the visitor uploads: each photo with the review it belongs to (a pending one too); the others without', async () => {
    const visitor = await h.visitor();
    const photo = async () =>
      (
        await h.call('/v1/media', {
          method: 'POST',
          token: visitor,
          headers: { 'Content-Type': 'image/png', 'X-File-Name': 'mine.png' },
          body: PNG,
        })
      ).body_.image as { id: string; url: string };
    const [used, unused] = [await photo(), await photo()];
    const rv = await h.call(
      '/v1/reviews',
      post(
        {
          namespace: 'stores',
          entityId: MUG,
          name: 'Ann Visitor',
          email: 'ann.photo@example.com',
          content: { rating: 2, title: 'Chipped', media: [{ image: { id: used.id, url: used.url } }] },
          captcha: await h.captcha(),
        },
        visitor,
      ),
    );
    expect(rv.status).toBe(200);
    const r = await send('POST', `${M}/browse`, { folderId: 'visitor-uploads' }, owner);
    expect(r.status).toBe(200);
    const byId = new Map(r.body_.files.map((f: { id: string }) => [f.id, f]));
    expect(byId.get(used.id)).toMatchObject({
      review: { id: rv.body_.review.id, namespace: 'stores', entityId: MUG, author: 'Ann Visitor', rating: 2 },
    });
    expect((byId.get(used.id) as { review: { status: string } }).review.status).toMatch(/IN_MODERATION|APPROVED/);
    expect(byId.get(unused.id)).toBeDefined();
    expect(byId.get(unused.id)).not.toHaveProperty('review');
  });
});
