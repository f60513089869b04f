/** The Node adapter over real HTTP: the handler behind node:http, and a refused upload read as a 413, never a reset. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestEmulator, visitorTokens } from '../tests/helpers/emulator.ts';
import type { RunningEmulator } from '../emulator/server.ts';
import { startCompanion } from './node.ts';
import { CompanionConfigError } from './config.ts';
import { DEMO_CLIENT_ID } from './test-helpers.ts';

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

it('a bad configuration fails at start', async () => {
  await expect(startCompanion({}, { port: 0 })).rejects.toBeInstanceOf(CompanionConfigError);
});
