/**
 * Who is calling: the widget's own platform token, verified by asking the platform (`POST /oauth2/token-info`), and
 * for a member their id and login email (`GET /members/v1/members/my` with their own token). The companion never
 * sees a logout or an account deletion (they happen at the platform), so an identity ends with the platform's: a
 * `fresh` check (app.ts asks for one on every write and every owner route) always asks the platform; only reads may
 * use a verified identity cached for at most {@link READ_CACHE_MS} (never past the token's expiry). A refused token
 * is remembered for {@link REFUSED_MS} and refused on every route. Keyed by the token's SHA-256: the token itself is
 * never kept or logged.
 */
import { z } from 'zod/mini';
import { InlayApiError } from '../core/errors.ts';
import { getMyMember } from '../core/api/members.ts';
import type { CompanionConfig } from './config.ts';
import { CompanionError, platformFailed, unauthenticated } from './errors.ts';
import { sha256Hex } from './keys.ts';
import { adminOps } from '../core/urls.ts';
import type { Platform } from './platform.ts';

type Who = { kind: 'visitor'; id: string } | { kind: 'member'; id: string; email: string | undefined; owner: boolean };
export type Caller = Who & { token: string };

/** How long a verified identity may serve reads (docs/companion.md "Identity"). */
export const READ_CACHE_MS = 15_000;
/** How long a refused token stays refused without asking the platform again. */
export const REFUSED_MS = 60_000;
const CACHE_MAX = 10_000;
const MAX_TOKEN_CHARS = 4096;

// int64 on the wire: a decimal string (the docs' example), a number accepted too
const int64 = z.optional(z.union([z.string(), z.number()]));
const tokenInfoSchema = z.looseObject({
  active: z.optional(z.union([z.boolean(), z.string()])),
  subjectType: z.optional(z.string()),
  subjectId: z.optional(z.string()),
  exp: int64,
  clientId: z.optional(z.string()),
  siteId: z.optional(z.nullable(z.string())),
});

/** The raw token from an Authorization header (`Bearer ` accepted), or undefined. */
export function tokenOf(header: string | null): string | undefined {
  if (!header) return undefined;
  const m = /^(?:Bearer\s+)?(\S+)$/i.exec(header.trim());
  const token = m?.[1];
  return token && token.length <= MAX_TOKEN_CHARS ? token : undefined;
}

export interface VerifyOptions {
  /** Ask the platform whatever is cached (writes, owner routes): a token revoked a moment ago is refused. */
  fresh?: boolean;
}

export interface IdentityVerifier {
  verify(header: string | null, opts?: VerifyOptions): Promise<Caller>;
}

export function createIdentityVerifier(cfg: CompanionConfig, platform: Platform, now: () => number): IdentityVerifier {
  const cache = new Map<string, { caller: Who; until: number }>();
  const refused = new Map<string, number>();

  async function lookUp(token: string): Promise<{ caller: Who; until: number }> {
    let info: z.infer<typeof tokenInfoSchema>;
    try {
      info = await platform.admin.request({
        ...adminOps.tokenInfo,
        body: { token },
        kind: 'read',
        schema: tokenInfoSchema,
      });
    } catch (e) {
      // a token the platform will not even look at (malformed) is not a valid token; anything else: it failed
      if (e instanceof InlayApiError && e.status === 400) throw unauthenticated();
      throw platformFailed();
    }
    const active = info.active === true || info.active === 'true';
    if (!active || !info.subjectId) throw unauthenticated();
    if (cfg.clientId && info.clientId !== cfg.clientId) throw unauthenticated('The token is not for this site');
    // a token that names no site is not this site's (fail closed: with an API key this is the only binding)
    if (cfg.siteId && info.siteId !== cfg.siteId) throw unauthenticated('The token is not for this site');
    const expMs = info.exp !== undefined && /^\d+$/.test(String(info.exp)) ? Number(info.exp) * 1000 : undefined;
    if (expMs !== undefined && expMs <= now()) throw unauthenticated();
    const until = Math.min(now() + READ_CACHE_MS, expMs ?? Infinity);
    if (info.subjectType === 'VISITOR') return { caller: { kind: 'visitor', id: info.subjectId }, until };
    if (info.subjectType !== 'MEMBER') throw unauthenticated('Use a visitor or member token');
    let email: string | undefined;
    try {
      const member = await getMyMember(platform.as(token));
      if (member.id !== info.subjectId) throw platformFailed();
      // an owner by email only with an address the platform verified, on an approved account: anyone can sign up
      // with the owner's address, and an unverified one proves nothing
      const verified = member.loginEmailVerified === true && (member.status ?? 'APPROVED') === 'APPROVED';
      email = verified ? member.loginEmail?.toLowerCase() : undefined;
    } catch (e) {
      if (e instanceof InlayApiError && (e.status === 401 || e.status === 403 || e.status === 404))
        throw unauthenticated();
      throw e instanceof InlayApiError ? platformFailed() : e;
    }
    const owner = cfg.owners.ids.has(info.subjectId) || (email !== undefined && cfg.owners.emails.has(email));
    return { caller: { kind: 'member', id: info.subjectId, email, owner }, until };
  }

  return {
    async verify(header, opts = {}) {
      const token = tokenOf(header);
      if (!token) throw unauthenticated('Missing token: send the widget’s access token in Authorization');
      const key = await sha256Hex(token);
      const refusedUntil = refused.get(key);
      if (refusedUntil !== undefined && refusedUntil > now()) throw unauthenticated();
      const hit = cache.get(key);
      if (!opts.fresh && hit && hit.until > now()) return { ...hit.caller, token } as Caller;
      const room = <V>(m: Map<string, V>, until: (v: V) => number) => {
        if (m.size < CACHE_MAX) return;
        for (const [k, v] of m) if (until(v) <= now() || m.size >= CACHE_MAX) m.delete(k);
      };
      let found: { caller: Who; until: number };
      try {
        found = await lookUp(token);
      } catch (e) {
        // a refused token is remembered for a minute: sending it again costs the site no admin call, and a read
        // can no longer be served from what was cached before the platform ended it
        if (e instanceof CompanionError && e.status === 401) {
          cache.delete(key);
          room(refused, (v) => v);
          refused.set(key, now() + REFUSED_MS);
        }
        throw e;
      }
      room(cache, (v) => v.until);
      cache.set(key, found);
      return { ...found.caller, token } as Caller;
    },
  };
}
