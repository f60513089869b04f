/**
 * The companion on Cloudflare Workers (and other runtimes with the same module shape): the environment's variables
 * (wrangler `vars` and secrets) configure it. The client address is `CF-Connecting-IP` on a request Cloudflare made
 * (one with `cf`); elsewhere the header INLAY_CLIENT_IP_HEADER names (a proxy of the owner's sets it); with neither,
 * every request is refused 500 `CLIENT_ADDRESS_UNKNOWN` (docs/companion.md "Client address"). The companion is built once
 * per isolate. With a Durable Object binding `INLAY_COUNTERS` (class `InlayCounters`, exported here) every instance
 * shares the rate limits and the spent captchas; without one each isolate counts in its own memory
 * (docs/companion.md "Counter store").
 */
import { createCompanion, type Companion, type RequestInfo } from './app.ts';
import type { CompanionEnv } from './config.ts';
import { DurableObjectCounterStore, InlayCounters, type DurableNamespace } from './durable-counters.ts';

export { InlayCounters };

export interface WorkerEnv extends CompanionEnv {
  INLAY_COUNTERS?: DurableNamespace;
}

let companion: Companion | undefined;

export default {
  fetch(req: Request, env: WorkerEnv, ctx?: RequestInfo['ctx']): Promise<Response> {
    companion ??= createCompanion(
      env,
      env.INLAY_COUNTERS ? { counters: new DurableObjectCounterStore(env.INLAY_COUNTERS) } : {},
    );
    // CF-Connecting-IP is Cloudflare's word only where Cloudflare put it (a request with `cf`); elsewhere a client could
    // send any value to dodge the per-address limits, so none is passed: the companion then reads the header
    // INLAY_CLIENT_IP_HEADER names, or refuses every request (one shared bucket for every caller would be no limit)
    const onCloudflare = typeof (req as { cf?: unknown }).cf === 'object';
    return companion.fetch(req, {
      ip: onCloudflare ? (req.headers.get('cf-connecting-ip') ?? undefined) : undefined,
      // its waitUntil keeps a public read's background renewal alive after the answer (public.ts)
      ...(ctx ? { ctx } : {}),
    });
  },
};
