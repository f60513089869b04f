/** The Node adapter over real HTTP: the handler behind node:http, and a refused upload read as a 413, never a reset. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect } from 'node:net';
import { startTestEmulator, visitorTokens } from '../tests/helpers/emulator.ts';
import type { RunningEmulator } from '../emulator/server.ts';
import { startCompanion } from './node.ts';
import { CompanionConfigError } from './config.ts';
import { DEMO_CLIENT_ID } from './test-helpers.ts';

/**
 * A POST as a client that writes its whole body before it reads anything (Python's http.client, many server-side
 * callers): the request over a raw socket, the answer read only once every byte is written. A reset on the way
 * rejects.
 */
function postAllThenRead(
  url: string,
  token: string,
  type: string,
  body: Uint8Array,
): Promise<{ status: number; code: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const sock = connect(Number(u.port), u.hostname);
    sock.pause();
    sock.on('error', reject);
    const head = [
      `POST ${u.pathname} HTTP/1.1`,
      `Host: ${u.host}`,
      `Authorization: ${token}`,
      `Content-Type: ${type}`,
      `Content-Length: ${body.byteLength}`,
      '',
      '',
    ].join('\r\n');
    sock.write(head);
    sock.write(body, (err) => {
      if (err) return reject(err);
      const chunks: Buffer[] = [];
      sock.on('data', (d: Buffer) => chunks.push(d));
      sock.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
        // the JSON answer, whether sent with a length or chunked (one chunk)
        const json = text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1);
        try {
          resolve({ status, code: JSON.parse(json).details?.applicationError?.code });
        } catch (e) {
          reject(e);
        }
      });
      sock.resume();
    });
  });
}

let emu: RunningEmulator;
let companion: Awaited<ReturnType<typeof startCompanion>>;
beforeAll(async () => {
  emu = await startTestEmulator();
  companion = await startCompanion(
    {
      INLAY_CLIENT_ID: DEMO_CLIENT_ID,
      INLAY_CLIENT_SECRET: emu.clientSecret,
      INLAY_API_BASE: emu.url,
      INLAY_BASE_PATH: '/api/inlay',
    },
    { port: 0, deps: { log: () => {}, limits: { perIp: [2, 60_000] } } },
  );
});
afterAll(async () => {
  await companion?.close();
  await emu?.close();
});

it('serves the handler under its base path, limiting per socket address', async () => {
  const token = (await visitorTokens(emu)).access;
  expect(companion.url).toMatch(/\/api\/inlay$/);
  const me = await fetch(`${companion.url}/v1/me`, { headers: { Authorization: token } });
  expect([me.status, ((await me.json()) as { kind: string }).kind]).toEqual([200, 'visitor']);
  expect((await fetch(`${companion.url}/v1/me`, { headers: { Authorization: token } })).status).toBe(200);
  // the third from 127.0.0.1 in the minute: the address is the socket's (a forged forwarding header changes nothing)
  const third = await fetch(`${companion.url}/v1/me`, {
    headers: { Authorization: token, 'X-Forwarded-For': '1.2.3.4' },
  });
  expect(third.status).toBe(429);
  expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
});

it('behind a proxy (INLAY_CLIENT_IP_HEADER): the proxy’s header is the address, not the socket’s', async () => {
  const c = await startCompanion(
    {
      INLAY_CLIENT_ID: DEMO_CLIENT_ID,
      INLAY_CLIENT_SECRET: emu.clientSecret,
      INLAY_API_BASE: emu.url,
      INLAY_CLIENT_IP_HEADER: 'x-real-ip',
    },
    { port: 0, deps: { log: () => {}, limits: { perIp: [2, 60_000] } } },
  );
  try {
    const token = (await visitorTokens(emu)).access;
    const me = (ip?: string) =>
      fetch(`${c.url}/v1/me`, { headers: { Authorization: token, ...(ip ? { 'X-Real-IP': ip } : {}) } });
    expect((await me('198.51.100.60')).status).toBe(200);
    expect((await me('198.51.100.60')).status).toBe(200);
    expect((await me('198.51.100.60')).status).toBe(429);
    expect((await me('198.51.100.61')).status).toBe(200); // the same socket address, another client
    expect((await me()).status).toBe(500); // not through the proxy
  } finally {
    await c.close();
  }
});

it('an oversized streamed upload is answered 413 every time (the connection closes after it)', async () => {
  const c = await startCompanion(
    { INLAY_CLIENT_ID: DEMO_CLIENT_ID, INLAY_CLIENT_SECRET: emu.clientSecret, INLAY_API_BASE: emu.url },
    { port: 0, deps: { log: () => {} } },
  );
  try {
    const token = (await visitorTokens(emu)).access;
    for (let i = 0; i < 5; i++) {
      let n = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(ctrl) {
          if (n++ > 12) ctrl.close();
          else ctrl.enqueue(new Uint8Array(1024 * 1024));
        },
      });
      const r = await fetch(`${c.url}/v1/media`, {
        method: 'POST',
        headers: { Authorization: token, 'Content-Type': 'image/png' },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(r.status).toBe(413);
      expect(r.headers.get('connection')).toBe('close');
      await r.text();
    }
  } finally {
    await c.close();
  }
});

it('a 10 MB JSON body and an 11 MB photo sent whole before reading: a 413 (400 for public reads) the client reads, never a reset', async () => {
  const c = await startCompanion(
    { INLAY_CLIENT_ID: DEMO_CLIENT_ID, INLAY_CLIENT_SECRET: emu.clientSecret, INLAY_API_BASE: emu.url },
    { port: 0, deps: { log: () => {} } },
  );
  try {
    const token = (await visitorTokens(emu)).access;
    const json = new TextEncoder().encode(JSON.stringify({ cursor: 'x'.repeat(10 * 1024 * 1024) }));
    const photo = new Uint8Array(11 * 1024 * 1024);
    const cases = [
      { path: '/v1/stock-requests', type: 'application/json', body: json, code: 'PAYLOAD_TOO_LARGE' },
      { path: '/v1/media', type: 'image/png', body: photo, code: 'FILE_TOO_LARGE' },
      // the public reads: too large is a 400 like any bad batch (docs/companion.md "Public reads"), read all the same
      { path: '/v1/public/reads', type: 'text/plain', body: json, code: 'PAYLOAD_TOO_LARGE', status: 400, times: 2 },
    ];
    for (let i = 0; i < 6; i++) {
      for (const k of cases) {
        if (i >= (k.times ?? 6)) continue;
        const r = await postAllThenRead(`${c.url}${k.path}`, token, k.type, k.body);
        expect([r.status, r.code], `${k.path} #${i}`).toEqual([k.status ?? 413, k.code]);
      }
    }
  } finally {
    await c.close();
  }
}, 60_000);

it('a bad configuration fails at start', async () => {
  await expect(startCompanion({}, { port: 0 })).rejects.toBeInstanceOf(CompanionConfigError);
});
