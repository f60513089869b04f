/**
 * The companion on Node: `nodeListener(companion)` turns the web-standard handler into a `node:http` listener
 * (@hono/node-server), giving it the client's address; run alone, `npm run companion` serves it on
 * INLAY_COMPANION_PORT (default 8790) from the environment (README "Site companion").
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createCompanion, CompanionConfigError, type Companion, type CompanionDeps } from './app.ts';
import type { CompanionEnv } from './config.ts';

/** A node:http listener for the companion (the client address from the socket: put no proxy header trust here). */
export function nodeListener(companion: Companion): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return getRequestListener(async (req, env) => {
    const incoming = 'incoming' in env ? env.incoming : undefined;
    const res = await companion.fetch(req, { ip: incoming?.socket.remoteAddress ?? undefined });
    if (res.status !== 413) return res;
    // refused before the whole body arrived: close the connection after the answer, so node drops what the client
    // still sends and the client reads the 413 rather than a reset (as the emulator does)
    const headers = new Headers(res.headers);
    headers.set('Connection', 'close');
    return new Response(res.body, { status: res.status, headers });
  });
}

export const DEFAULT_COMPANION_PORT = 8790;

/** Start the companion alone on a port; resolves once it listens. */
export async function startCompanion(
  env: CompanionEnv & { INLAY_COMPANION_PORT?: string },
  opts: { port?: number; host?: string; deps?: CompanionDeps } = {},
): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const companion = createCompanion(env, opts.deps);
  const server = createServer(nodeListener(companion));
  const host = opts.host ?? '127.0.0.1';
  const port = opts.port ?? Number(env.INLAY_COMPANION_PORT || DEFAULT_COMPANION_PORT);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actual = (server.address() as { port: number }).port;
  return {
    url: `http://${host}:${actual}${companion.config.basePath}`,
    port: actual,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// `npm run companion`: this file run directly
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  startCompanion(process.env as CompanionEnv)
    .then((c) => console.log(`site companion listening on ${c.url} (routes under /v1/)`))
    .catch((e: unknown) => {
      // a configuration error names the variable, never its value
      console.error(e instanceof CompanionConfigError ? e.message : `site companion: could not start: ${String(e)}`);
      process.exit(1);
    });
}
