/**
 * The companion on Node: `nodeListener(companion)` turns the web-standard handler into a `node:http` listener
 * (@hono/node-server), giving it the client's address; run alone, `npm run companion` serves it on
 * INLAY_COMPANION_PORT (default 8790) from the environment (README "Site companion").
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Http2ServerRequest } from 'node:http2';
import { getRequestListener } from '@hono/node-server';
import { createCompanion, CompanionConfigError, type Companion, type CompanionDeps } from './app.ts';
import type { CompanionEnv } from './config.ts';

/** A refused body still arriving is read (and dropped) up to this many bytes and this long before the answer. */
const LINGER_BYTES = 64 * 1024 * 1024;
const LINGER_MS = 15_000;

/**
 * Read what is left of a request body the handler never read, and drop it, so the answer can follow without a reset:
 * a socket closed with unread bytes sends the client a TCP reset, and a client that writes its whole body before
 * reading (most server-side HTTP clients) then sees a broken pipe instead of the answer. Stops (resolves) at the
 * body's end, past {@link LINGER_BYTES}, after {@link LINGER_MS}, or when the client goes.
 */
function drainUnread(incoming: IncomingMessage): Promise<void> {
  const declared = Number(incoming.headers['content-length'] ?? NaN);
  // the parser has it all already, or someone is reading it, or it is too big to wait for
  if (incoming.complete || incoming.readableFlowing !== null || declared > LINGER_BYTES) return Promise.resolve();
  return new Promise((done) => {
    let read = 0;
    const stop = () => {
      clearTimeout(timer);
      incoming.off('data', onData);
      incoming.off('end', stop);
      incoming.off('error', stop);
      incoming.off('close', stop);
      done();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > LINGER_BYTES) stop();
    };
    const timer = setTimeout(stop, LINGER_MS);
    incoming.on('data', onData);
    incoming.on('end', stop);
    incoming.on('error', stop);
    incoming.on('close', stop);
  });
}

/**
 * A node:http listener for the companion. The client address is the socket's (the peer), unless
 * INLAY_CLIENT_IP_HEADER names the header a proxy in front sets (then the handler reads that; app.ts).
 */
export function nodeListener(companion: Companion): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return getRequestListener(async (req, env) => {
    const incoming = 'incoming' in env ? env.incoming : undefined;
    const res = await companion.fetch(req, { ip: incoming?.socket.remoteAddress ?? undefined });
    if (res.status !== 413) return res;
    // refused (by Content-Length) before the body was read: the rest is read and dropped first, so the client, even
    // one that sends it all before reading, gets the 413 rather than a reset; then the connection closes. Refused
    // while streaming (part of it read): the answer goes at once and node drops the rest until the socket closes.
    if (incoming && !(incoming instanceof Http2ServerRequest)) await drainUnread(incoming);
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
