/**
 * Redirect sessions (docs/spec/wire-protocol.md §2) and the hosted pages they lead to: the login page (prompt `login`,
 * answers with a `fragment`/`query` redirect to a registered redirect URI, matched exactly), the authorize page for
 * silent sign-in (prompt `none`, answers by `postMessage` to the client's registered origin only), logout (ends the
 * session when visited) and the member account page. The pages are served on the hosted pages' origin
 * (`{hosted: true}`, `ctx.hostedUrl`), never the API's, as the platform serves them from the site's domain
 * (docs/spec/wire-protocol.md §11.1).
 *
 * Intents are pluggable: another route module adds one with {@link registerRedirectIntent} (e.g. the cart's
 * `ecomCheckout`) when it registers its routes (each emulator has its own), and stores what its hosted page needs
 * with `createRedirectSession` (domain/redirect-sessions.ts).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ops } from '../../core/urls.ts';
import {
  getClient,
  issueAuthorizationCode,
  redirectUriRegistered,
  revokeSession,
  sessionIsLive,
  sessionOfAccessToken,
  tokenFromHeader,
  type Identity,
} from '../domain/auth.ts';
import { getSetting, siteBrand } from '../domain/settings.ts';
import { PlatformError, badRequest, invalidField, notFound } from '../errors.ts';
import {
  consumeSessionToken,
  memberById,
  setMemberPrivacy,
  updateMemberProfile,
  type MemberRow,
} from '../domain/identity.ts';
import {
  createRedirectSession,
  loadRedirectSession,
  markRedirectSessionUsed,
  type StoredRedirectSession,
} from '../domain/redirect-sessions.ts';
import type { EmulatorApp, HandlerResult, RedirectIntentHandler, RequestContext, RouteModule } from '../router.ts';
import { httpUrl, validate } from '../validate.ts';
import { checkCredentials, memberState, verifySecondFactor } from './identity.ts';
import {
  accountPage as hostedAccountPage,
  authorizePage,
  loginFactorPage,
  loginPage as hostedLoginPage,
  messagePage,
  type HostedFactor,
} from '../hosted/pages.ts';
import {
  FACTOR_CODE_COOLDOWN_MS,
  FACTOR_MAX_ATTEMPTS,
  liveLoginState,
  maskEmail,
  maskPhone,
  memberFactors,
  TRUSTED_DEVICE_TTL_MS,
  usableFactors,
} from '../domain/mfa.ts';
import { HOSTED_ASSETS, hostedFile } from '../hosted/render.ts';
import { formatDate, hostedLocale, langParam } from '../hosted/locale.ts';
import { phrase, word, type Said } from '../hosted/words.ts';
import { factorsOn } from '../domain/security-page.ts';

/** The table's path and the two aliases the platform also answers. */
export const REDIRECT_SESSION_PATHS = [
  ops.redirectSession.path,
  '/redirect-session/v1/redirect-session',
  '/headless/v1/redirect-session',
];

/** The request's fields besides its intents (`CreateRedirectSessionRequest`: callbacks, preferences, origin). */
const REDIRECT_SESSION_FIELDS: ReadonlySet<string> = new Set(['callbacks', 'preferences', 'origin']);

/** Add (or replace) the handler of a redirect-session intent, for this emulator only. */
export function registerRedirectIntent(app: EmulatorApp, intent: string, handler: RedirectIntentHandler): void {
  app.redirectIntents.set(intent, handler);
}

/** True when `url` is an http(s) URL on one of the client's allowed origins. */
export function allowedForClient(
  ctx: Pick<RequestContext, 'db'>,
  clientId: string | null | undefined,
  url: string,
): boolean {
  const client = clientId ? getClient(ctx.db, clientId) : undefined;
  try {
    const u = new URL(url);
    return !!client && /^https?:$/.test(u.protocol) && client.allowedOrigins.includes(u.origin);
  } catch {
    return false;
  }
}

// ------------------------------------------------------------------------------------------ HTML

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
export function refuseCrossSitePost(ctx: Pick<RequestContext, 'req' | 'baseUrl' | 'query'>): HandlerResult | undefined {
  if (isSameOriginPost(ctx)) return undefined;
  return messagePage(
    'Request refused',
    'This form was sent from another site',
    'Go back to the site and try again from its own page.',
    403,
    hostedLocale(ctx.query.get('lang')),
  );
}

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
const accountSchema = z
  .object({ section: z.enum(['ACCOUNT_INFO', 'BOOKINGS', 'ORDERS', 'SUBSCRIPTIONS', 'EVENTS']).optional() })
  .loose();

/** `preferences` of a redirect session (`RedirectSessionPreferences`): the query parameters to append, bounded. */
const preferencesSchema = z
  .object({
    useGenericWixPages: z.boolean().nullish(),
    maintainIdentity: z.boolean().nullish(),
    checkIfPublish: z.boolean().nullish(),
    additionalQueryParameters: z
      .record(z.string().regex(/^[A-Za-z0-9_.-]{1,50}$/, 'must be a query parameter name'), z.string().max(200))
      .refine((r) => Object.keys(r).length <= 20, 'at most 20 parameters')
      .optional(),
  })
  .loose()
  .nullish();

const visitorOf = (identity: Identity) =>
  identity.kind === 'visitor' ? identity.visitorId : (identity.visitorId ?? null);

const authIntent: RedirectIntentHandler = (ctx, value, _body, identity) => {
  const a = validate(authSchema, value, 'auth');
  const r = a.authRequest;
  if (!getClient(ctx.db, r.clientId)) throw invalidField('auth.authRequest.clientId', 'is not a registered client');
  // The code goes to the caller's own client (and carries the caller's visitor): the token says which client.
  if (r.clientId !== identity.clientId)
    throw invalidField('auth.authRequest.clientId', 'must be the client id of the access token');
  if (r.responseMode !== 'web_message') {
    if (!r.redirectUri)
      throw badRequest([
        {
          field: 'auth.authRequest.redirectUri',
          description: 'is required unless responseMode is web_message',
          violatedRule: 'REQUIRED_FIELD',
        },
      ]);
  }
  // An authorization redirect returns only to a URI registered in advance, compared exactly
  // (docs/spec/wire-protocol.md §11.2; the OAuth app's allowedRedirectUris), not to any URL of an allowed origin.
  if (r.redirectUri !== undefined && !redirectUriRegistered(ctx.db, r.clientId, r.redirectUri))
    throw invalidField('auth.authRequest.redirectUri', "is not one of the client's registered redirect URIs");
  const id = createRedirectSession(ctx, {
    kind: 'auth',
    clientId: r.clientId,
    payload: a,
    visitorId: visitorOf(identity),
  });
  return { id, fullUrl: `${ctx.hostedUrl}/oauth2/authorize?redirectSession=${id}` };
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
  if (back && !allowedForClient(ctx, clientId, back))
    throw invalidField('callbacks.postFlowUrl', "is not on one of the client's allowed origins");
  // The member's session ends when the browser visits the logout URL (docs/spec/wire-protocol.md §11.3: the SDK's
  // logout() only returns it), like the platform's own session: this request only says which session that is.
  const session =
    identity.kind === 'member' ? sessionOfAccessToken(ctx.db, tokenFromHeader(ctx.req.headers.authorization)) : null;
  const id = createRedirectSession(ctx, {
    kind: 'logout',
    clientId,
    payload: { postFlowUrl: back ?? null, session },
    memberId: identity.kind === 'member' ? identity.memberId : null,
  });
  return { id, fullUrl: `${ctx.hostedUrl}/_hosted/logout?session=${id}` };
};

/**
 * `memberAccountPage: {section?}`: the member's account page. The redirects client (@wix/auto_sdk_redirects_redirects
 * 1.0.56) names the intent `memberAccountPage` (`RedirectSessionMembersAccountParams`), marked internal ("for future
 * use") in its request type; `membersAccount`, the name Inlay used to send, is no field of the request and is refused.
 */
const memberAccountPageIntent: RedirectIntentHandler = (ctx, value, body, identity) => {
  validate(accountSchema, value, 'memberAccountPage');
  const callbacks = validate(callbacksSchema, body['callbacks'], 'callbacks');
  if (identity.kind !== 'member')
    throw new PlatformError(403, 'The account page needs a signed-in member', {
      applicationError: { code: 'PERMISSION_DENIED', description: 'The account page needs a signed-in member' },
    });
  const back = callbacks?.postFlowUrl;
  if (back && !allowedForClient(ctx, identity.clientId, back))
    throw invalidField('callbacks.postFlowUrl', "is not on one of the client's allowed origins");
  // The page lives only as long as the member's session that opened it (logout or revocation ends it).
  const session = sessionOfAccessToken(ctx.db, tokenFromHeader(ctx.req.headers.authorization));
  const id = createRedirectSession(ctx, {
    kind: 'account',
    clientId: identity.clientId,
    payload: { postFlowUrl: back ?? null, session },
    memberId: identity.memberId,
  });
  return { id, fullUrl: `${ctx.hostedUrl}/_hosted/account?session=${id}` };
};

// ------------------------------------------------------------------------------------------ hosted pages

/**
 * The account session of the request (`?session=`), while the member's session that opened it is signed in: the
 * account page's and the security page's (routes/hosted-security.ts) only way to know the member.
 */
export function liveAccountSession(ctx: RequestContext): { s: StoredRedirectSession; m: MemberRow } | undefined {
  const s = loadRedirectSession(ctx, ctx.query.get('session') ?? '', 'account', true);
  const m = s?.memberId ? memberById(ctx.db, s.memberId) : undefined;
  if (!s || !m || !sessionIsLive(ctx.db, s.payload['session'] as string | null | undefined, m.id)) return undefined;
  return { s, m };
}

/** The page of a hosted link that expired or was never made (404). */
export function expiredPage(ctx?: Pick<RequestContext, 'query'>): HandlerResult {
  return messagePage(
    'Link expired',
    'This link has expired',
    'Go back to the site and try again.',
    404,
    hostedLocale(ctx?.query.get('lang')),
  );
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

/** "Cancel and go back": the redirect URI with `access_denied`. */
const cancelUrl = (a: AuthPayload) =>
  callbackUrl(a, {
    error: 'access_denied',
    error_description: 'The visitor cancelled sign-in',
    state: a.authRequest.state,
  });

function loginPage(
  ctx: RequestContext,
  s: StoredRedirectSession,
  a: AuthPayload,
  error?: Said,
  email = '',
): HandlerResult {
  const redirectUri = new URL(a.authRequest.redirectUri!);
  return hostedLoginPage({
    brand: siteBrand(ctx.db),
    locale: hostedLocale(ctx.query.get('lang')),
    session: s.id,
    cancel: cancelUrl(a),
    email,
    ...(error ? { error } : {}),
    formAction: [redirectUri.origin],
  });
}

const loginFormSchema = z.object({ email: z.string().max(254).default(''), password: z.string().max(100).default('') });

// ------------------------------------------------------------------------------------------ the second step

/**
 * The hosted sign-in's second factor (issue 42, docs/wire.md "Second factors, passkeys and required fields"): the
 * same sign-in state and checks as `…/v2/{factorType}/verify` ({@link verifySecondFactor}: attempts, lockout, code
 * cooldown), a form post per step. A passkey needs the browser's WebAuthn API, i.e. a script: this page runs none,
 * so it offers the member's other factors and says to use the site's sign-in for a passkey.
 */
const HOSTED_FACTORS: readonly HostedFactor[] = ['TOTP', 'EMAIL', 'SMS'];
/** The remembered device of the hosted page: a cookie of the hosted pages' origin, for the sign-in form only. */
export const DEVICE_COOKIE = 'inlay_trusted_device';
const STEP_EXPIRED = 'This sign-in has expired. Sign in again.';
const ANOTHER_STEP = 'Your account needs another step to sign in: use the site’s sign-in form.';

const factorFormSchema = z.object({
  step: z.literal('mfa'),
  stateToken: z.string().min(1).max(1000),
  factorType: z.enum(['TOTP', 'EMAIL', 'SMS']),
  action: z.enum(['verify', 'resend', 'switch']).default('verify'),
  code: z.string().trim().max(100).default(''),
  remember: z.literal('on').optional(),
});

/** The state machine's answer, as far as this page reads it. */
interface StepAnswer {
  state: string;
  stateToken?: string;
  mfaChallengeData?: { factorType: string; availableFactors: { factorType: string }[] };
  additionalData?: { deviceToken?: { strValue?: string } };
}

/** The device token the hosted page remembered, if the request carries one. */
function deviceCookie(ctx: RequestContext): string | undefined {
  for (const part of (ctx.req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === DEVICE_COOKIE) return part.slice(i + 1).trim() || undefined;
  }
  return undefined;
}

/** The step's page for `factorType`, from the sign-in state's member (who proved their password to get here). */
function factorStep(
  ctx: RequestContext,
  s: StoredRedirectSession,
  a: AuthPayload,
  stateToken: string,
  memberId: string,
  factorType: HostedFactor,
  o: { remember?: boolean; notice?: Said; error?: Said } = {},
): HandlerResult {
  const m = memberById(ctx.db, memberId);
  if (!m) return loginPage(ctx, s, a, STEP_EXPIRED);
  const usable = usableFactors(memberFactors(ctx.db, m.id));
  const types = new Set(usable.map((f) => f.type));
  const redirectUri = new URL(a.authRequest.redirectUri!);
  const locale = hostedLocale(ctx.query.get('lang'));
  return loginFactorPage({
    brand: siteBrand(ctx.db),
    locale,
    session: s.id,
    cancel: cancelUrl(a),
    restart: `/oauth2/authorize?redirectSession=${s.id}${langParam(locale)}`,
    stateToken,
    factorType,
    ...(factorType === 'EMAIL'
      ? { hint: maskEmail(m.email) }
      : factorType === 'SMS'
        ? { hint: maskPhone(usable.find((f) => f.type === 'SMS')?.phone ?? '') }
        : {}),
    others: HOSTED_FACTORS.filter((t) => t !== factorType && types.has(t)),
    passkey: types.has('WEBAUTHN'),
    remember: !!o.remember,
    ...(o.notice ? { notice: o.notice } : {}),
    ...(o.error ? { error: o.error } : {}),
    formAction: [redirectUri.origin],
  });
}

/** The authorization code for `memberId`, back to the redirect URI (password only, or after the second factor). */
function finishSignIn(
  ctx: RequestContext,
  s: StoredRedirectSession,
  a: AuthPayload,
  memberId: string,
  headers: Record<string, string> = {},
): HandlerResult {
  markRedirectSessionUsed(ctx, s.id);
  const code = issueAuthorizationCode(
    ctx.db,
    {
      clientId: a.authRequest.clientId,
      memberId,
      codeChallenge: a.authRequest.codeChallenge,
      redirectUri: a.authRequest.redirectUri,
      ...(s.visitorId ? { visitorId: s.visitorId } : {}),
    },
    ctx.now(),
  );
  return {
    status: 302,
    body: '',
    headers: {
      Location: callbackUrl(a, { code, state: a.authRequest.state }),
      'Cache-Control': 'no-store',
      ...headers,
    },
  };
}

/** After the password, a member with a second factor: the step for the factor the state asks for (not a passkey). */
async function firstFactorStep(
  ctx: RequestContext,
  s: StoredRedirectSession,
  a: AuthPayload,
  m: MemberRow,
  answer: StepAnswer,
): Promise<HandlerResult> {
  const stateToken = answer.stateToken!;
  const asked = answer.mfaChallengeData?.factorType;
  if (HOSTED_FACTORS.includes(asked as HostedFactor))
    return factorStep(ctx, s, a, stateToken, m.id, asked as HostedFactor);
  const available = (answer.mfaChallengeData?.availableFactors ?? []).map((f) => f.factorType);
  const other = HOSTED_FACTORS.find((t) => available.includes(t));
  if (!other) return loginPage(ctx, s, a, 'Use a passkey from the site’s sign-in.', m.email);
  try {
    await verifySecondFactor(ctx, other, { stateToken }); // switch to it (a code is sent for EMAIL and SMS)
  } catch (e) {
    if (!(e instanceof PlatformError)) throw e;
    return loginPage(ctx, s, a, e.status === 429 ? e.message : STEP_EXPIRED, m.email);
  }
  return factorStep(ctx, s, a, stateToken, m.id, other);
}

/** A post of the second step: verify the code, send it again, or switch factor. */
async function secondStep(ctx: RequestContext, s: StoredRedirectSession, a: AuthPayload): Promise<HandlerResult> {
  const form = factorFormSchema.safeParse(ctx.body);
  if (!form.success) return loginPage(ctx, s, a, STEP_EXPIRED);
  const f = form.data;
  const state = liveLoginState(ctx.db, f.stateToken, ctx.now());
  // a state of this redirect session's sign-in only (the visitor who opened it), still at its second factor
  if (!state || state.stage !== 'MFA' || state.visitor_id !== (s.visitorId ?? null))
    return loginPage(ctx, s, a, STEP_EXPIRED);
  const memberId = state.member_id;
  const remember = f.remember === 'on';
  const step = (type: HostedFactor, o: { notice?: Said; error?: Said } = {}) =>
    factorStep(ctx, s, a, f.stateToken, memberId, type, { remember, ...o });
  if (f.action !== 'verify') {
    try {
      await verifySecondFactor(ctx, f.factorType, { stateToken: f.stateToken });
    } catch (e) {
      if (!(e instanceof PlatformError)) throw e;
      if (e.applicationError?.code === 'SEND_CODE_ERROR') {
        const wait = Math.max(1, Math.ceil(((state.code_sent_at ?? 0) + FACTOR_CODE_COOLDOWN_MS - ctx.now()) / 1000));
        return step(f.factorType, {
          error: phrase(
            wait === 1
              ? 'A new code can be sent {cooldown} seconds after the last one: wait 1 more second.'
              : 'A new code can be sent {cooldown} seconds after the last one: wait {wait} more seconds.',
            { cooldown: FACTOR_CODE_COOLDOWN_MS / 1000, wait },
          ),
        });
      }
      return refusedStep(ctx, s, a, e, () => step(f.factorType, { error: e.message }));
    }
    return step(f.factorType, f.action === 'resend' ? { notice: 'We sent you a new code.' } : {});
  }
  if (!f.code) return step(f.factorType, { error: 'Enter the 6-digit code.' });
  const data = { code: f.code };
  let answer: StepAnswer;
  try {
    answer = (await verifySecondFactor(ctx, f.factorType, {
      stateToken: f.stateToken,
      rememberThisDevice: remember,
      ...(f.factorType === 'TOTP'
        ? { totpData: data }
        : f.factorType === 'EMAIL'
          ? { emailData: data }
          : { smsData: data }),
    })) as StepAnswer;
  } catch (e) {
    if (!(e instanceof PlatformError)) throw e;
    if (e.applicationError?.code === 'BAD_CODE') {
      const left =
        FACTOR_MAX_ATTEMPTS - (liveLoginState(ctx.db, f.stateToken, ctx.now())?.attempts ?? FACTOR_MAX_ATTEMPTS);
      // the platform's reason in the page's language, then the tries left
      const reason = word(hostedLocale(ctx.query.get('lang')), e.message);
      return step(f.factorType, {
        error: phrase(
          left === 1
            ? '{reason}. One more try before this sign-in is locked.'
            : '{reason}. {left} more tries before this sign-in is locked.',
          { reason, left },
        ),
      });
    }
    return refusedStep(ctx, s, a, e, () => step(f.factorType, { error: e.message }));
  }
  if (answer.state !== 'SUCCESS') return loginPage(ctx, s, a, ANOTHER_STEP); // the sign-up form's required fields
  const device = answer.additionalData?.deviceToken?.strValue;
  const secure = ctx.hostedUrl.startsWith('https:') ? '; Secure' : '';
  return finishSignIn(
    ctx,
    s,
    a,
    memberId,
    device
      ? {
          'Set-Cookie': `${DEVICE_COOKIE}=${device}; Path=/oauth2/authorize; Max-Age=${TRUSTED_DEVICE_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure}`,
        }
      : {},
  );
}

/**
 * A refusal that ends the step (too many wrong codes, the lockout: 429; a blocked member: 403; an expired state) or
 * `otherwise`.
 */
function refusedStep(
  ctx: RequestContext,
  s: StoredRedirectSession,
  a: AuthPayload,
  e: PlatformError,
  otherwise: () => HandlerResult,
): HandlerResult {
  // 403: blocked or disconnected by the owner since the password (the sign-in ends, with the platform's words)
  if (e.status === 429 || e.status === 403) return loginPage(ctx, s, a, e.message);
  if (e.applicationError?.code === 'NOT_FOUND') return loginPage(ctx, s, a, STEP_EXPIRED);
  return otherwise();
}

export const redirectsRoutes: RouteModule = (router, app) => {
  registerRedirectIntent(app, 'auth', authIntent);
  registerRedirectIntent(app, 'logout', logoutIntent);
  registerRedirectIntent(app, 'memberAccountPage', memberAccountPageIntent);
  const intents = app.redirectIntents;
  for (const path of REDIRECT_SESSION_PATHS) {
    router.operation({ ...ops.redirectSession, path }, (ctx) => {
      const identity = ctx.auth();
      const body = (ctx.body && typeof ctx.body === 'object' && !Array.isArray(ctx.body) ? ctx.body : {}) as Record<
        string,
        unknown
      >;
      // a field the request type does not have (`membersAccount`, a misspelt intent) is refused, not ignored
      const unknown = Object.keys(body).filter((k) => !intents.has(k) && !REDIRECT_SESSION_FIELDS.has(k));
      if (unknown.length)
        throw badRequest(
          unknown.map((field) => ({
            field,
            description: 'is not a field of this request',
            violatedRule: 'FIELD_NOT_ALLOWED',
          })),
        );
      const present = [...intents.keys()].filter((k) => body[k] !== undefined && body[k] !== null);
      if (present.length !== 1) {
        throw badRequest([
          {
            field: '',
            description: `exactly one of ${[...intents.keys()].join(', ')} is required`,
            violatedRule: present.length ? 'ONE_OF_ALIGNMENT' : 'REQUIRED_ONE_OF_FIELD',
          },
        ]);
      }
      // `preferences.additionalQueryParameters` (`lang`, UTM…) are appended to the URL, as the platform does: the
      // hosted pages read `lang` (docs/wire.md "Hosted pages' language"); the others are carried and ignored
      const preferences = validate(preferencesSchema, body['preferences'], 'preferences');
      const target = intents.get(present[0]!)!(ctx, body[present[0]!], body, identity);
      const u = new URL(target.fullUrl);
      for (const [k, v] of Object.entries(preferences?.additionalQueryParameters ?? {}))
        if (!u.searchParams.has(k)) u.searchParams.set(k, v);
      target.fullUrl = u.href;
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

  // The hosted pages' stylesheets and scripts (emulator/hosted/*.css, *.js), as the pages' CSP allows them ('self'):
  // on the hosted pages' origin, and on the API's for its own index page (`GET /`).
  for (const name of HOSTED_ASSETS) {
    const contentType = name.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8';
    for (const hosted of [true, false]) {
      router.get(
        `/_hosted/${name}`,
        () => ({ body: hostedFile(name)!, contentType, headers: { 'Cache-Control': 'public, max-age=300' } }),
        { cors: 'public', hosted },
      );
    }
  }

  router.get(
    '/oauth2/authorize',
    (ctx) => {
      const s = loadRedirectSession(ctx, ctx.query.get('redirectSession') ?? '', 'auth');
      if (!s) return expiredPage(ctx);
      const a = s.payload as unknown as AuthPayload;
      const r = a.authRequest;
      if (a.prompt === 'login' && r.responseMode !== 'web_message') return loginPage(ctx, s, a);

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
          ? {
              code: issueAuthorizationCode(
                ctx.db,
                {
                  clientId: r.clientId,
                  memberId: m.id,
                  codeChallenge: r.codeChallenge,
                  ...(s.visitorId ? { visitorId: s.visitorId } : {}),
                },
                ctx.now(),
              ),
              state: r.state,
            }
          : { error: 'login_required', error_description: 'No valid session: sign in first', state: r.state };
      return authorizePage(
        { targetOrigin, allowedOrigins: targetOrigin ? [] : (client?.allowedOrigins ?? []), message },
        client?.allowedOrigins ?? [],
        hostedLocale(ctx.query.get('lang')),
      );
    },
    { hosted: true },
  );

  router.post(
    '/oauth2/authorize',
    async (ctx) => {
      const refused = refuseCrossSitePost(ctx);
      if (refused) return refused;
      const s = loadRedirectSession(ctx, ctx.query.get('redirectSession') ?? '', 'auth');
      if (!s) return expiredPage(ctx);
      const a = s.payload as unknown as AuthPayload;
      if (a.prompt !== 'login' || a.authRequest.responseMode === 'web_message') throw notFound('Not a login session');
      if (ctx.body && typeof ctx.body === 'object' && (ctx.body as Record<string, unknown>)['step'] === 'mfa')
        return secondStep(ctx, s, a);
      const form = loginFormSchema.safeParse(ctx.body);
      const email = form.success ? form.data.email.trim() : '';
      const password = form.success ? form.data.password : '';
      if (!email || !password) return loginPage(ctx, s, a, 'Enter your email and password.', email);
      let m: MemberRow;
      try {
        m = await checkCredentials(ctx, email, password);
      } catch (e) {
        if (!(e instanceof PlatformError)) throw e;
        const code = e.applicationError?.code;
        const msg =
          e.status === 429
            ? 'Too many failed attempts. Try again later.'
            : code === '-19971' || code === '-19970'
              ? 'Too many failed attempts. Sign in from the site to continue.'
              : code === '-19976'
                ? 'Wrong email or password.'
                : code === '-19973'
                  ? 'You need to reset your password first.'
                  : 'Wrong email or password.';
        return loginPage(ctx, s, a, msg, email);
      }
      // a device remembered on this page skips the second factor, as `clientMetaData.deviceToken` does for login
      const device = deviceCookie(ctx);
      let state: StepAnswer;
      try {
        state = memberState(ctx, m, s.visitorId, device ? { deviceToken: device } : {}) as StepAnswer;
      } catch (e) {
        // blocked or disconnected by the owner: the platform's words, on the page, with the email kept
        if (e instanceof PlatformError && e.status === 403) return loginPage(ctx, s, a, e.message, email);
        throw e;
      }
      if (state.state === 'MFA_CHALLENGE') return firstFactorStep(ctx, s, a, m, state);
      if (state.state !== 'SUCCESS') {
        return loginPage(
          ctx,
          s,
          a,
          state.state === 'REQUIRE_OWNER_APPROVAL'
            ? 'Your membership is waiting for the site owner’s approval.'
            : state.state === 'REQUIRE_EMAIL_VERIFICATION'
              ? 'Confirm your email first: we sent you a code.'
              : // the sign-up form's required fields (issue 42): this page does not ask for them
                ANOTHER_STEP,
          email,
        );
      }
      return finishSignIn(ctx, s, a, m.id);
    },
    { form: true, hosted: true },
  );

  // The logout URL: ends the member's session that asked for it (its refresh token and access tokens stop working;
  // other devices stay signed in), once, then back to postFlowUrl (checked against the client's allowed origins
  // when the session was made). An unknown or expired session still goes back to the site.
  router.get(
    '/_hosted/logout',
    (ctx) => {
      const s = loadRedirectSession(ctx, ctx.query.get('session') ?? '', 'logout', true);
      if (s && s.usedAt === null) {
        markRedirectSessionUsed(ctx, s.id);
        const session = s.payload['session'] as string | null | undefined;
        if (session) revokeSession(ctx.db, session);
      }
      const back =
        (s?.payload['postFlowUrl'] as string | null | undefined) ?? getSetting<string>(ctx.db, 'siteUrl') ?? '/';
      return { status: 302, body: '', headers: { Location: back, 'Cache-Control': 'no-store' } };
    },
    { hosted: true },
  );

  const accountPage = (ctx: RequestContext, notice?: Said, error?: Said): HandlerResult => {
    const live = liveAccountSession(ctx);
    if (!live) return expiredPage(ctx);
    const { s, m } = live;
    const back = (s.payload['postFlowUrl'] as string | null) ?? getSetting<string>(ctx.db, 'siteUrl') ?? '/';
    const locale = hostedLocale(ctx.query.get('lang'));
    return hostedAccountPage({
      locale,
      session: s.id,
      email: m.email,
      emailVerified: !!m.email_verified,
      since: formatDate(locale, Date.parse(m.created_date)),
      nickname: m.nickname ?? '',
      isPublic: m.privacy_status === 'PUBLIC',
      factorsOn: factorsOn(ctx.db, m.id),
      back,
      ...(notice ? { notice } : {}),
      ...(error ? { error } : {}),
    });
  };
  router.get('/_hosted/account', (ctx) => accountPage(ctx), { hosted: true });
  // The account page's own forms: nickname, join/leave the community (same effects as the members API).
  router.post(
    '/_hosted/account',
    (ctx) => {
      const refused = refuseCrossSitePost(ctx);
      if (refused) return refused;
      const live = liveAccountSession(ctx);
      if (!live) return expiredPage(ctx);
      const { m } = live;
      const form = z
        .object({ op: z.enum(['nickname', 'join', 'leave']), nickname: z.string().trim().max(100).optional() })
        .safeParse(ctx.body);
      if (!form.success) return accountPage(ctx, undefined, 'Something was missing. Try again.');
      if (form.data.op === 'nickname') {
        if (!form.data.nickname) return accountPage(ctx, undefined, 'Enter a name.');
        updateMemberProfile(ctx.db, m.id, { nickname: form.data.nickname }, ctx.now());
        return accountPage(ctx, 'Your name was saved.');
      }
      setMemberPrivacy(ctx.db, m.id, form.data.op === 'join' ? 'PUBLIC' : 'PRIVATE', ctx.now());
      return accountPage(ctx, form.data.op === 'join' ? 'You joined the community.' : 'You left the community.');
    },
    { form: true, hosted: true },
  );
};
