/**
 * Redirect sessions (wire-protocol §2) and the hosted pages they lead to: the login page (prompt `login`, answers
 * with a `fragment`/`query` redirect), the authorize page for silent sign-in (prompt `none`, answers by
 * `postMessage` to the client's registered origin only), logout and the member account page.
 *
 * Intents are pluggable: another route module adds one with {@link registerRedirectIntent} (e.g. the cart's
 * `ecomCheckout`) when it registers its routes (each emulator has its own), and stores what its hosted page needs
 * with `createRedirectSession` (domain/redirect-sessions.ts).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { api } from '../../core/urls.ts';
import { getClient, issueAuthorizationCode, revokeSession, sessionIsLive, sessionOfAccessToken, tokenFromHeader, type Identity } from '../domain/auth.ts';
import { getSetting } from '../domain/settings.ts';
import { PlatformError, badRequest, invalidField, notFound } from '../errors.ts';
import { consumeSessionToken, memberById, setMemberPrivacy, updateMemberProfile, type MemberRow } from '../domain/identity.ts';
import { createRedirectSession, loadRedirectSession, markRedirectSessionUsed, type StoredRedirectSession } from '../domain/redirect-sessions.ts';
import type { EmulatorApp, HandlerResult, RedirectIntentHandler, RequestContext, RouteModule } from '../router.ts';
import { httpUrl, validate } from '../validate.ts';
import { checkCredentials, memberState } from './identity.ts';

/** The table's path and the two aliases the platform also answers. */
export const REDIRECT_SESSION_PATHS = [api.redirectSession.path, '/redirect-session/v1/redirect-session', '/headless/v1/redirect-session'];

/** Add (or replace) the handler of a redirect-session intent, for this emulator only. */
export function registerRedirectIntent(app: EmulatorApp, intent: string, handler: RedirectIntentHandler): void {
  app.redirectIntents.set(intent, handler);
}

/** True when `url` is an http(s) URL on one of the client's allowed origins. */
export function allowedForClient(ctx: Pick<RequestContext, 'db'>, clientId: string | null | undefined, url: string): boolean {
  const client = clientId ? getClient(ctx.db, clientId) : undefined;
  try {
    const u = new URL(url);
    return !!client && /^https?:$/.test(u.protocol) && client.allowedOrigins.includes(u.origin);
  } catch {
    return false;
  }
}

// ------------------------------------------------------------------------------------------ HTML

/** HTML-escape text for element content and quoted attributes. */
export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** A hosted page: no inline script or style (strict CSP), the shared stylesheet, optional external script. */
export function hostedPage(
  title: string,
  bodyHtml: string,
  opts: { script?: string; formAction?: string[]; frameAncestors?: string[]; status?: number } = {},
): HandlerResult {
  const csp = [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self' data:",
    `script-src ${opts.script ? "'self'" : "'none'"}`,
    `form-action 'self'${(opts.formAction ?? []).map((o) => ` ${o}`).join('')}`,
    `frame-ancestors ${opts.frameAncestors?.length ? opts.frameAncestors.join(' ') : "'none'"}`,
    "base-uri 'none'",
  ].join('; ');
  const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/_hosted/hosted.css">
${opts.script ? `<script src="${esc(opts.script)}" defer></script>` : ''}
</head>
<body>
${bodyHtml}
</body>
</html>`;
  return {
    status: opts.status ?? 200,
    body,
    contentType: 'text/html; charset=utf-8',
    // `same-origin`, not `no-referrer`: the session id in our URLs still never reaches another origin, and the
    // pages' own form posts keep a real `Origin` (under `no-referrer` a browser sends `Origin: null`).
    headers: { 'Content-Security-Policy': csp, 'Cache-Control': 'no-store', 'Referrer-Policy': 'same-origin', 'X-Content-Type-Options': 'nosniff' },
  };
}

/**
 * True when a form post to a hosted page comes from the hosted pages themselves: `Origin` is their own origin (the
 * one the caller reached, `ctx.baseUrl`), or there is no `Origin` and the `Referer` is on that origin. Anything
 * else (another site's form, `Origin: null` from a sandboxed frame, neither header) is a cross-site post.
 */
export function isSameOriginPost(ctx: Pick<RequestContext, 'req' | 'baseUrl'>): boolean {
  const own = new URL(ctx.baseUrl).origin;
  const origin = ctx.req.headers.origin;
  if (origin !== undefined) return origin === own;
  const referer = ctx.req.headers.referer;
  if (!referer) return false;
  try {
    return new URL(referer).origin === own;
  } catch {
    return false;
  }
}

/**
 * For every hosted page's POST handler (login, account, checkout), first thing: a 403 page for a cross-site post
 * (see {@link isSameOriginPost}), else undefined. `if (refused = refuseCrossSitePost(ctx)) return refused;`
 */
export function refuseCrossSitePost(ctx: Pick<RequestContext, 'req' | 'baseUrl'>): HandlerResult | undefined {
  if (isSameOriginPost(ctx)) return undefined;
  return hostedPage('Request refused', '<main><h1>This form was sent from another site</h1><p>Go back to the site and try again from its own page.</p></main>', { status: 403 });
}

const HOSTED_CSS = `:root{color-scheme:light dark;--bg:#fff;--fg:#1b1b1b;--mu:#595959;--ln:#dcdcd8;--fb:#8a8a8a;--fd:#fff;--tn:#f5f5f2;--ac:#2f5d50;--acf:#fff;--er:#b3261e;--qb:#5c5c5c;--qf:#fff;--r:8px;
font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}
@media (prefers-color-scheme:dark){:root{--bg:#141414;--fg:#ececec;--mu:#a9a9a9;--ln:#3a3a3a;--fb:#7c7c7c;--fd:#1e1e1e;--tn:#1c1c1c;--ac:#8fc7b4;--acf:#10211b;--er:#ffb4ab;--qb:#d4d4d4;--qf:#141414}}
*,::before,::after{box-sizing:border-box}
body{margin:0}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 4px}
h2,.h2{font-size:1.125rem;line-height:1.3;font-weight:650;margin:0 0 12px}
p{margin:0 0 12px}a{color:inherit}h1+.muted{margin-bottom:20px}form+p{margin:16px 0 0}
.muted{color:var(--mu);font-size:.875rem}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
body>main{width:calc(100% - 32px);max-width:440px;margin:clamp(16px,10vh,96px) auto;padding:28px 24px;border:1px solid var(--ln);border-radius:12px}
form{display:flex;flex-direction:column;gap:16px;margin:0}
.f{display:flex;flex-direction:column;gap:6px;min-width:0}
label{font-weight:600;font-size:.875rem}
input,select{font:inherit;color:inherit;background-color:var(--fd);width:100%;min-height:48px;padding:10px 12px;border:1px solid var(--fb);border-radius:var(--r);margin:0}
select{appearance:none;padding-inline-end:40px;background-image:linear-gradient(45deg,transparent 50%,currentColor 50%),linear-gradient(135deg,currentColor 50%,transparent 50%);background-position:calc(100% - 21px) 55%,calc(100% - 16px) 55%;background-size:5px 5px;background-repeat:no-repeat}
input:focus,select:focus{outline:2px solid var(--ac);outline-offset:0;border-color:var(--ac)}
:focus-visible{outline:2px solid var(--ac);outline-offset:2px}
[aria-invalid=true]{border-color:var(--er)}
.err{color:var(--er);font-size:.875rem;margin:0}
p.err[role=alert],p[role=status]{font-size:.9375rem;border:1px solid;border-radius:var(--r);padding:10px 12px;margin:0 0 16px}
p[role=status]{border-color:var(--ac);background:var(--tn)}
button,.button{font:inherit;font-weight:600;min-height:48px;padding:11px 20px;border-radius:var(--r);border:1px solid var(--ac);background:var(--ac);color:var(--acf);cursor:pointer;text-align:center;text-decoration:none;display:inline-flex;align-items:center;justify-content:center;gap:8px;margin:0}
button:disabled{opacity:.75;cursor:progress}
.secondary{background:transparent;color:var(--fg);border-color:var(--fb)}
.link{color:var(--fg);font-size:.9375rem;text-underline-offset:3px}
dl{display:grid;grid-template-columns:max-content minmax(0,1fr);align-items:baseline;gap:10px 16px;margin:0;padding:16px 0;border-block:1px solid var(--ln)}
dt{font-weight:600;font-size:.875rem;color:var(--mu)}dd{margin:0;overflow-wrap:anywhere}
.acct section{padding-top:20px}.acct section+section{margin-top:20px;border-top:1px solid var(--ln)}
.acct form{flex-direction:row;flex-wrap:wrap;align-items:flex-end;gap:12px}.acct .f{flex:1 1 200px}
.acct footer{margin-top:24px;padding-top:20px;border-top:1px solid var(--ln)}
@media (max-width:479px){dl{grid-template-columns:minmax(0,1fr);gap:2px}dd+dt{margin-top:10px}}
.co{display:grid;grid-template-columns:minmax(0,1fr);min-height:100vh}
.co-head,.co-main{padding-inline:16px}.co-head .in,.co-main .in{max-width:600px;margin-inline:auto}
.co-head{padding-block:20px 16px}
.co-sum{background:var(--tn);border-block:1px solid var(--ln)}
.co-sum summary{display:flex;align-items:center;gap:8px;max-width:600px;margin-inline:auto;padding:16px;cursor:pointer;list-style:none;font-weight:600}
.co-sum summary::-webkit-details-marker{display:none}
.co-sum summary::after{content:"";width:7px;height:7px;border:solid currentColor;border-width:0 2px 2px 0;transform:translateY(-2px) rotate(45deg);order:1}
.co-sum [open]>summary::after{transform:translateY(2px) rotate(-135deg)}
.co-sum summary strong{margin-inline-start:auto;order:2;font-size:1.0625rem}
.sum-in{max-width:600px;margin-inline:auto;padding:4px 16px 20px}.sum-title{display:none}
.lines{list-style:none;margin:0;padding:0 0 16px;display:flex;flex-direction:column;gap:16px}
.lines li{display:grid;grid-template-columns:64px minmax(0,1fr) auto;gap:14px;align-items:center}
.thumb{position:relative;width:64px;height:64px;border:1px solid var(--ln);border-radius:var(--r);background:var(--bg)}
.thumb img{display:block;width:100%;height:100%;object-fit:cover;border-radius:7px}
.qty{position:absolute;top:-9px;inset-inline-end:-9px;min-width:22px;height:22px;padding:0 6px;border-radius:11px;background:var(--qb);color:var(--qf);font-size:.75rem;font-weight:700;display:grid;place-items:center}
.nm{display:block;font-weight:600;font-size:.9375rem}.var{display:block;color:var(--mu);font-size:.8125rem}
.lp,.totals td{text-align:end;white-space:nowrap;font-variant-numeric:tabular-nums}
.totals{width:100%;border-collapse:collapse;font-size:.9375rem;border-top:1px solid var(--ln)}
.totals th{text-align:start;font-weight:400;padding:5px 0}.totals td{padding:5px 0 5px 12px}
.totals tbody tr:first-child>*{padding-top:16px}
.totals tfoot>tr>*{font-size:1.1875rem;font-weight:700;padding-top:12px}
.cur{font-size:.75rem;font-weight:400;color:var(--mu);margin-inline-end:6px}
.co-main{padding-block:24px 48px}
.co-main section,.co-main fieldset{margin:0 0 28px}
fieldset{border:0;padding:0;min-width:0}legend{padding:0}
.g2,.g3{display:grid;gap:12px;grid-template-columns:repeat(2,minmax(0,1fr))}.g3>.f:first-child{grid-column:1/-1}
.stack{display:flex;flex-direction:column;gap:12px}.stack>p{margin:0}
.opts{display:flex;flex-direction:column;gap:8px}
.opt{display:flex;align-items:flex-start;gap:12px;padding:14px 16px;border:1px solid var(--fb);border-radius:var(--r);cursor:pointer;font-weight:400;font-size:1rem}
.opt input{width:20px;height:20px;min-height:0;padding:0;margin-top:2px;flex:none;accent-color:var(--ac)}
.opt:has(:checked){border-color:var(--ac);box-shadow:inset 0 0 0 1px var(--ac);background:var(--tn)}
.opt:has(:focus-visible){outline:2px solid var(--ac);outline-offset:2px}.opt input:focus{outline:0}
.opt-t{flex:1;min-width:0}.opt-t b{font-weight:600}.opt-t span{display:block}.opt-p{font-weight:600;white-space:nowrap}
.note{font-size:.875rem;background:var(--tn);border:1px solid var(--ln);border-radius:var(--r);padding:10px 12px}
.pay{width:100%;min-height:56px;font-size:1.0625rem}.back{margin:20px 0 0}
@media (min-width:560px){.g3{grid-template-columns:repeat(3,minmax(0,1fr))}.g3>.f:first-child{grid-column:auto}}
@media (min-width:900px){.co{grid-template-columns:minmax(0,1.1fr) minmax(0,1fr);grid-template-rows:auto 1fr}
.co-head{grid-area:1/1;padding:48px 48px 8px}.co-main{grid-area:2/1;padding:16px 48px 64px}
.co-head .in,.co-main .in{max-width:560px;margin-inline:auto 0}
.co-sum{grid-area:1/2/3/3;border-block:0;border-inline-start:1px solid var(--ln)}
.co-sum details{position:sticky;top:0}.co-sum summary{display:none}
.sum-in{max-width:460px;margin:0;padding:48px}.sum-title{display:block}}`;

/** The silent sign-in page's script: posts the prepared message to the parent, to the registered origin only. */
// Without a usable Referer it posts once per registered origin: the browser delivers it only to the one the parent is on.
const AUTHORIZE_JS = `(function(){var el=document.getElementById('inlay-oauth');if(!el||window.parent===window)return;
var d=JSON.parse(el.textContent||'{}');var t=d.targetOrigin?[d.targetOrigin]:(d.allowedOrigins||[]);
for(var i=0;i<t.length;i++)window.parent.postMessage(d.message,t[i]);})();`;

/** JSON for a `<script type="application/json">` block (data, never executed): `<` escaped. */
const jsonBlock = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

// ------------------------------------------------------------------------------------------ intents

const authSchema = z.object({
  authRequest: z.object({
    clientId: z.string().min(1).max(200),
    codeChallenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url SHA-256 challenge'),
    codeChallengeMethod: z.literal('S256'),
    responseMode: z.enum(['query', 'fragment', 'web_message']).default('query'),
    responseType: z.literal('code'),
    scope: z.string().max(200).optional(),
    state: z.string().min(1).max(500),
    redirectUri: httpUrl.optional(),
    sessionToken: z.string().max(1000).optional(),
    idp: z.unknown().optional(),
  }),
  prompt: z.enum(['login', 'none']).default('login'),
});
type AuthPayload = z.infer<typeof authSchema>;

const logoutSchema = z.object({ clientId: z.string().min(1).max(200).optional() });
const callbacksSchema = z.object({ postFlowUrl: httpUrl.optional() }).loose().optional();
const accountSchema = z.object({ section: z.enum(['ACCOUNT_INFO', 'BOOKINGS', 'ORDERS', 'SUBSCRIPTIONS', 'EVENTS']).optional() }).loose();

const visitorOf = (identity: Identity) => (identity.kind === 'visitor' ? identity.visitorId : (identity.visitorId ?? null));

const authIntent: RedirectIntentHandler = (ctx, value, _body, identity) => {
  const a = validate(authSchema, value, 'auth');
  const r = a.authRequest;
  if (!getClient(ctx.db, r.clientId)) throw invalidField('auth.authRequest.clientId', 'is not a registered client');
  // The code goes to the caller's own client (and carries the caller's visitor): the token says which client.
  if (r.clientId !== identity.clientId) throw invalidField('auth.authRequest.clientId', 'must be the client id of the access token');
  if (r.responseMode !== 'web_message') {
    if (!r.redirectUri) throw badRequest([{ field: 'auth.authRequest.redirectUri', description: 'is required unless responseMode is web_message', violatedRule: 'REQUIRED_FIELD' }]);
    if (!allowedForClient(ctx, r.clientId, r.redirectUri)) throw invalidField('auth.authRequest.redirectUri', "is not on one of the client's allowed origins");
  }
  const id = createRedirectSession(ctx, { kind: 'auth', clientId: r.clientId, payload: a, visitorId: visitorOf(identity) });
  return { id, fullUrl: `${ctx.baseUrl}/oauth2/authorize?redirectSession=${id}` };
};

const logoutIntent: RedirectIntentHandler = (ctx, value, body, identity) => {
  const logout = validate(logoutSchema, value, 'logout');
  // The token's client decides where the flow may end; a body clientId (the SDK sends one) must be that same client.
  if (logout.clientId !== undefined && logout.clientId !== identity.clientId) {
    throw invalidField('logout.clientId', 'must be the client id of the access token');
  }
  const clientId = identity.clientId;
  const callbacks = validate(callbacksSchema, body['callbacks'], 'callbacks');
  const back = callbacks?.postFlowUrl;
  if (back && !allowedForClient(ctx, clientId, back)) throw invalidField('callbacks.postFlowUrl', "is not on one of the client's allowed origins");
  if (identity.kind === 'member') {
    // This session's refresh token (and its access tokens) stop working; other devices stay signed in.
    const session = sessionOfAccessToken(ctx.db, tokenFromHeader(ctx.req.headers.authorization));
    if (session) revokeSession(ctx.db, session);
  }
  const id = createRedirectSession(ctx, { kind: 'logout', clientId, payload: { postFlowUrl: back ?? null } });
  return { id, fullUrl: `${ctx.baseUrl}/_hosted/logout?session=${id}` };
};

const membersAccountIntent: RedirectIntentHandler = (ctx, value, body, identity) => {
  validate(accountSchema, value, 'membersAccount');
  const callbacks = validate(callbacksSchema, body['callbacks'], 'callbacks');
  if (identity.kind !== 'member') throw new PlatformError(403, 'The account page needs a signed-in member', { applicationError: { code: 'PERMISSION_DENIED', description: 'The account page needs a signed-in member' } });
  const back = callbacks?.postFlowUrl;
  if (back && !allowedForClient(ctx, identity.clientId, back)) throw invalidField('callbacks.postFlowUrl', "is not on one of the client's allowed origins");
  // The page lives only as long as the member's session that opened it (logout or revocation ends it).
  const session = sessionOfAccessToken(ctx.db, tokenFromHeader(ctx.req.headers.authorization));
  const id = createRedirectSession(ctx, { kind: 'account', clientId: identity.clientId, payload: { postFlowUrl: back ?? null, session }, memberId: identity.memberId });
  return { id, fullUrl: `${ctx.baseUrl}/_hosted/account?session=${id}` };
};

// ------------------------------------------------------------------------------------------ hosted pages

function expiredPage(): HandlerResult {
  return hostedPage('Link expired', '<main><h1>This link has expired</h1><p>Go back to the site and try again.</p></main>', { status: 404 });
}

/** Where a prompt-login flow answers: `redirectUri` with `code`/`state` (or `error`) in the fragment or query. */
function callbackUrl(a: AuthPayload, params: Record<string, string>): string {
  const u = new URL(a.authRequest.redirectUri!);
  const qs = new URLSearchParams(params).toString();
  if (a.authRequest.responseMode === 'query') {
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    return u.href;
  }
  u.hash = qs;
  return u.href;
}

function loginPage(s: StoredRedirectSession, a: AuthPayload, error?: string, email = ''): HandlerResult {
  const cancel = callbackUrl(a, { error: 'access_denied', error_description: 'The visitor cancelled sign-in', state: a.authRequest.state });
  const origins = [new URL(a.authRequest.redirectUri!).origin];
  return hostedPage(
    'Sign in',
    `<main>
<h1>Sign in</h1>
<p class="muted">to continue to ${esc(new URL(a.authRequest.redirectUri!).host)}</p>
${error ? `<p class="err" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="/oauth2/authorize?redirectSession=${esc(s.id)}">
<div class="f"><label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${esc(email)}"${error ? '' : ' autofocus'}></div>
<div class="f"><label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${error ? ' autofocus' : ''}></div>
<button type="submit">Sign in</button>
</form>
<p class="muted"><a href="${esc(cancel)}">Cancel and go back</a></p>
</main>`,
    { formAction: origins, status: error ? 400 : 200 },
  );
}

const loginFormSchema = z.object({ email: z.string().max(254).default(''), password: z.string().max(100).default('') });

export const redirectsRoutes: RouteModule = (router, app) => {
  registerRedirectIntent(app, 'auth', authIntent);
  registerRedirectIntent(app, 'logout', logoutIntent);
  registerRedirectIntent(app, 'membersAccount', membersAccountIntent);
  const intents = app.redirectIntents;
  for (const path of REDIRECT_SESSION_PATHS) {
    router.operation({ ...api.redirectSession, path }, (ctx) => {
      const identity = ctx.auth();
      const body = (ctx.body && typeof ctx.body === 'object' && !Array.isArray(ctx.body) ? ctx.body : {}) as Record<string, unknown>;
      const present = [...intents.keys()].filter((k) => body[k] !== undefined && body[k] !== null);
      if (present.length !== 1) {
        throw badRequest([{ field: '', description: `exactly one of ${[...intents.keys()].join(', ')} is required`, violatedRule: present.length ? 'ONE_OF_ALIGNMENT' : 'REQUIRED_ONE_OF_FIELD' }]);
      }
      const target = intents.get(present[0]!)!(ctx, body[present[0]!], body, identity);
      const u = new URL(target.fullUrl);
      return {
        json: {
          redirectSession: {
            id: target.id ?? randomUUID(),
            fullUrl: target.fullUrl,
            urlDetails: { endpoint: `${u.origin}${u.pathname}`, searchParams: Object.fromEntries(u.searchParams) },
          },
        },
      };
    });
  }

  router.get('/_hosted/hosted.css', () => ({ body: HOSTED_CSS, contentType: 'text/css; charset=utf-8', headers: { 'Cache-Control': 'public, max-age=300' } }), { cors: 'public' });
  router.get('/_hosted/authorize.js', () => ({ body: AUTHORIZE_JS, contentType: 'text/javascript; charset=utf-8', headers: { 'Cache-Control': 'public, max-age=300' } }), { cors: 'public' });

  router.get('/oauth2/authorize', (ctx) => {
    const s = loadRedirectSession(ctx, ctx.query.get('redirectSession') ?? '', 'auth');
    if (!s) return expiredPage();
    const a = s.payload as unknown as AuthPayload;
    const r = a.authRequest;
    if (a.prompt === 'login' && r.responseMode !== 'web_message') return loginPage(s, a);

    // Silent sign-in: answer once, by postMessage to the embedding page, only when it is on a registered origin.
    markRedirectSessionUsed(ctx, s.id);
    const client = getClient(ctx.db, r.clientId);
    let embedder: string | undefined;
    try {
      embedder = new URL(ctx.req.headers.referer ?? '').origin;
    } catch {
      embedder = undefined;
    }
    const targetOrigin = embedder && client?.allowedOrigins.includes(embedder) ? embedder : null;
    const memberId = r.sessionToken ? consumeSessionToken(ctx.db, r.sessionToken, ctx.now()) : undefined;
    const m = memberId ? memberById(ctx.db, memberId) : undefined;
    const message =
      m && m.status === 'APPROVED'
        ? { code: issueAuthorizationCode(ctx.db, { clientId: r.clientId, memberId: m.id, codeChallenge: r.codeChallenge, ...(s.visitorId ? { visitorId: s.visitorId } : {}) }, ctx.now()), state: r.state }
        : { error: 'login_required', error_description: 'No valid session: sign in first', state: r.state };
    return hostedPage('Signing in…', `<script type="application/json" id="inlay-oauth">${jsonBlock({ targetOrigin, allowedOrigins: targetOrigin ? [] : (client?.allowedOrigins ?? []), message })}</script>`, {
      script: '/_hosted/authorize.js',
      frameAncestors: client?.allowedOrigins ?? [],
    });
  });

  router.post(
    '/oauth2/authorize',
    async (ctx) => {
      const refused = refuseCrossSitePost(ctx);
      if (refused) return refused;
      const s = loadRedirectSession(ctx, ctx.query.get('redirectSession') ?? '', 'auth');
      if (!s) return expiredPage();
      const a = s.payload as unknown as AuthPayload;
      if (a.prompt !== 'login' || a.authRequest.responseMode === 'web_message') throw notFound('Not a login session');
      const form = loginFormSchema.safeParse(ctx.body);
      const email = form.success ? form.data.email.trim() : '';
      const password = form.success ? form.data.password : '';
      if (!email || !password) return loginPage(s, a, 'Enter your email and password.', email);
      let m: MemberRow;
      try {
        m = await checkCredentials(ctx, email, password);
      } catch (e) {
        if (!(e instanceof PlatformError)) throw e;
        const code = e.applicationError?.code;
        const msg =
          e.status === 429 ? 'Too many failed attempts. Try again later.'
          : code === '-19971' || code === '-19970' ? 'Too many failed attempts. Sign in from the site to continue.'
          : code === '-19976' ? 'Wrong email or password.'
          : code === '-19973' ? 'You need to reset your password first.'
          : 'Wrong email or password.';
        return loginPage(s, a, msg, email);
      }
      const state = memberState(ctx, m);
      if (state.state !== 'SUCCESS') {
        return loginPage(s, a, state.state === 'REQUIRE_OWNER_APPROVAL' ? 'Your membership is waiting for the site owner’s approval.' : 'Confirm your email first: we sent you a code.', email);
      }
      markRedirectSessionUsed(ctx, s.id);
      const code = issueAuthorizationCode(
        ctx.db,
        { clientId: a.authRequest.clientId, memberId: m.id, codeChallenge: a.authRequest.codeChallenge, redirectUri: a.authRequest.redirectUri, ...(s.visitorId ? { visitorId: s.visitorId } : {}) },
        ctx.now(),
      );
      return { status: 302, body: '', headers: { Location: callbackUrl(a, { code, state: a.authRequest.state }), 'Cache-Control': 'no-store' } };
    },
    { form: true },
  );

  router.get('/_hosted/logout', (ctx) => {
    const s = loadRedirectSession(ctx, ctx.query.get('session') ?? '', 'logout', true);
    const back = (s?.payload['postFlowUrl'] as string | null | undefined) ?? getSetting<string>(ctx.db, 'siteUrl') ?? '/';
    return { status: 302, body: '', headers: { Location: back, 'Cache-Control': 'no-store' } };
  });

  /** The account session of the request, while the member's session that opened it is signed in. */
  const liveAccountSession = (ctx: RequestContext): { s: StoredRedirectSession; m: MemberRow } | undefined => {
    const s = loadRedirectSession(ctx, ctx.query.get('session') ?? '', 'account', true);
    const m = s?.memberId ? memberById(ctx.db, s.memberId) : undefined;
    if (!s || !m || !sessionIsLive(ctx.db, s.payload['session'] as string | null | undefined, m.id)) return undefined;
    return { s, m };
  };
  const accountPage = (ctx: RequestContext, notice?: string, error?: string): HandlerResult => {
    const live = liveAccountSession(ctx);
    if (!live) return expiredPage();
    const { s, m } = live;
    const back = (s.payload['postFlowUrl'] as string | null) ?? getSetting<string>(ctx.db, 'siteUrl') ?? '/';
    const action = `/_hosted/account?session=${esc(s.id)}`;
    const pub = m.privacy_status === 'PUBLIC';
    return hostedPage(
      'My account',
      `<main class="acct">
<h1>My account</h1>
<p class="muted">Your member profile on this site.</p>
${notice ? `<p role="status">${esc(notice)}</p>` : ''}${error ? `<p class="err" role="alert">${esc(error)}</p>` : ''}
<dl>
<dt>Email</dt><dd>${esc(m.email)}${m.email_verified ? '' : ' (not confirmed)'}</dd>
<dt>Member since</dt><dd>${esc(m.created_date.slice(0, 10))}</dd>
</dl>
<section aria-labelledby="name-h">
<h2 id="name-h">Your name</h2>
<form method="post" action="${action}">
<div class="f"><label for="nickname">Name shown on the site</label>
<input id="nickname" name="nickname" autocomplete="nickname" required maxlength="100" value="${esc(m.nickname ?? '')}"></div>
<button type="submit" name="op" value="nickname">Save name</button>
</form>
</section>
<section aria-labelledby="community-h">
<h2 id="community-h">Community</h2>
<p class="muted">${pub ? 'You are a member of the community: your profile is public.' : 'You are not in the community: your profile is private.'}</p>
<form method="post" action="${action}">
<button class="secondary" type="submit" name="op" value="${pub ? 'leave' : 'join'}">${pub ? 'Leave the community' : 'Join the community'}</button>
</form>
</section>
<footer><a class="link" href="${esc(back)}"><span aria-hidden="true">← </span>Back to the site</a></footer>
</main>`,
      { status: error ? 400 : 200 },
    );
  };
  router.get('/_hosted/account', (ctx) => accountPage(ctx));
  // The account page's own forms: nickname, join/leave the community (same effects as the members API).
  router.post(
    '/_hosted/account',
    (ctx) => {
      const refused = refuseCrossSitePost(ctx);
      if (refused) return refused;
      const live = liveAccountSession(ctx);
      if (!live) return expiredPage();
      const { m } = live;
      const form = z.object({ op: z.enum(['nickname', 'join', 'leave']), nickname: z.string().trim().max(100).optional() }).safeParse(ctx.body);
      if (!form.success) return accountPage(ctx, undefined, 'Something was missing. Try again.');
      if (form.data.op === 'nickname') {
        if (!form.data.nickname) return accountPage(ctx, undefined, 'Enter a name.');
        updateMemberProfile(ctx.db, m.id, { nickname: form.data.nickname }, ctx.now());
        return accountPage(ctx, 'Your name was saved.');
      }
      setMemberPrivacy(ctx.db, m.id, form.data.op === 'join' ? 'PUBLIC' : 'PRIVATE', ctx.now());
      return accountPage(ctx, form.data.op === 'join' ? 'You joined the community.' : 'You left the community.');
    },
    { form: true },
  );

};
