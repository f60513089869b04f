/**
 * The companion on Cloudflare Workers (and other runtimes with the same module shape): the environment's variables
 * (wrangler `vars` and secrets) configure it; the client address is `CF-Connecting-IP`. The companion is built once
 * per isolate. Counters are the isolate's memory unless a shared store is wired in (docs/companion.md).
 */
import { createCompanion, type Companion } from './app.ts';
import type { CompanionEnv } from './config.ts';

let companion: Companion | undefined;

export default {
  fetch(req: Request, env: CompanionEnv): Promise<Response> {
    companion ??= createCompanion(env);
    return companion.fetch(req, { ip: req.headers.get('cf-connecting-ip') ?? undefined });
  },
};
