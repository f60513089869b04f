/**
 * Helpers for tests that talk to an emulator over HTTP (emulator node tests, e2e, scripts); not a test file itself.
 */
import { request as httpRequest } from 'node:http';
import { hashPassword, pkceChallenge, issueAuthorizationCode } from '../../emulator/domain/auth.ts';
import { createMember } from '../../emulator/domain/identity.ts';
import { DEMO_CLIENT_ID, seedIds } from '../../emulator/seed.ts';
import { STORES_APP_ID } from '../../emulator/domain/catalog.ts';
import { startEmulator } from '../../emulator/server.ts';
import type { EmulatorOptions, RunningEmulator } from '../../emulator/server.ts';

export { DEMO_CLIENT_ID };

/** An emulator on a random port with an in-memory database, in dev mode (`/_dev/*`, faults) unless `dev: false`. */
export function startTestEmulator(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ port: 0, db: ':memory:', dev: true, ...opts });
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
}

/** Call the emulator; `body` is sent as JSON unless it is a string. */
export async function api(
  emu: RunningEmulator,
  path: string,
  init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (init.token) headers['Authorization'] = init.token;
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const res = await fetch(`${emu.url}${path}`, {
    method: init.method ?? (body !== undefined ? 'POST' : 'GET'),
    headers,
    body,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** A fresh visitor access token (and its refresh token). */
export async function visitorTokens(emu: RunningEmulator): Promise<{ access: string; refresh: string }> {
  const r = await api(emu, '/oauth2/token', { body: { clientId: DEMO_CLIENT_ID, grantType: 'anonymous' } });
  if (r.status !== 200) throw new Error(`anonymous token failed: ${r.text}`);
  return { access: r.json.access_token, refresh: r.json.refresh_token };
}

/**
 * An admin access token through the `client_credentials` grant with the demo client's secret
 * (docs/spec/wire-protocol.md §11.6), the body as the platform documents it (snake_case).
 */
export async function adminToken(emu: RunningEmulator): Promise<string> {
  const r = await api(emu, '/oauth2/token', {
    body: { grant_type: 'client_credentials', client_id: DEMO_CLIENT_ID, client_secret: emu.clientSecret },
  });
  if (r.status !== 200) throw new Error(`client_credentials failed: ${r.text}`);
  return r.json.access_token;
}

/** A 43-character PKCE verifier. */
export const VERIFIER = 'abcdefghijklmnopqrstuvwxyz0123456789-._~ABC';

/** Member tokens through a real authorization_code exchange (a seeded member, or any member by `{ id }`). */
export async function memberTokens(
  emu: RunningEmulator,
  who: 'member' | 'owner' | { id: string } = 'member',
): Promise<{ access: string; refresh: string }> {
  const code = issueAuthorizationCode(
    emu.db,
    {
      clientId: DEMO_CLIENT_ID,
      memberId: typeof who === 'string' ? seedIds.members[who] : who.id,
      codeChallenge: pkceChallenge(VERIFIER),
    },
    emu.app.now(),
  );
  const r = await api(emu, '/oauth2/token', {
    body: { clientId: DEMO_CLIENT_ID, grantType: 'authorization_code', code, codeVerifier: VERIFIER },
  });
  if (r.status !== 200) throw new Error(`code exchange failed: ${r.text}`);
  return { access: r.json.access_token, refresh: r.json.refresh_token };
}

/** A new approved member who signs in with `password` (as sign-up and email verification leave one); its id. */
export async function createTestMember(
  emu: RunningEmulator,
  email: string,
  password: string,
  names: { firstName?: string; lastName?: string } = {},
): Promise<string> {
  const id = createMember(
    emu.db,
    {
      email,
      passwordHash: await hashPassword(password),
      status: 'APPROVED',
      nickname: names.firstName ?? email.split('@')[0]!,
      firstName: names.firstName ?? null,
      lastName: names.lastName ?? null,
    },
    emu.app.now(),
  );
  emu.db.prepare<[string]>('UPDATE members SET email_verified = 1 WHERE id = ?').run(id);
  return id;
}

/** A raw HTTP request (fetch normalizes `..` and cannot send some paths). */
export function rawRequest(
  url: string,
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string; raw: Buffer }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = httpRequest(
      { host: u.hostname, port: u.port, path, method: opts.method ?? 'GET', headers: opts.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: raw.toString('utf8'), raw });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/**
 * A real order through the platform's own steps: a visitor's cart, create-checkout, the ecomCheckout redirect
 * session and the hosted checkout form with the test card. Returns the order id.
 */
export async function placeOrder(
  emu: RunningEmulator,
  lines: { productId: string; variantId?: string; quantity: number }[],
  siteOrigin = 'http://127.0.0.1:5173',
  /** The buyer's access token (a member's); a new visitor's by default. */
  buyer?: string,
): Promise<string> {
  return placeOrderAs(emu, buyer ?? (await visitorTokens(emu)).access, lines, {}, siteOrigin);
}

/**
 * An order placed by the holder of `token` (a visitor's or a member's): the lines added to their cart, a checkout,
 * the hosted checkout paid with the `form` fields over the defaults (`cardNumber: TEST_CARDS.pending` leaves the
 * payment PENDING). Returns the order id.
 */
export async function placeOrderAs(
  emu: RunningEmulator,
  token: string,
  lines: { productId: string; variantId?: string; quantity: number }[],
  form: Partial<Record<string, string>> = {},
  siteOrigin = 'http://127.0.0.1:5173',
): Promise<string> {
  const lineItems = lines.map((l) => ({
    catalogReference: {
      appId: STORES_APP_ID,
      catalogItemId: l.productId,
      ...(l.variantId ? { options: { variantId: l.variantId } } : {}),
    },
    quantity: l.quantity,
  }));
  const added = await api(emu, '/ecom/v1/carts/current/add-to-cart', { token, body: { lineItems } });
  if (added.status !== 200) throw new Error(`add-to-cart failed: ${added.text}`);
  const created = await api(emu, '/ecom/v1/carts/current/create-checkout', {
    token,
    body: { channelType: 'WEB' },
  });
  if (created.status !== 200) throw new Error(`create-checkout failed: ${created.text}`);
  return payCheckout(emu, token, created.json.checkoutId, siteOrigin, form);
}

/** The hosted checkout form as a buyer fills it in (the test card that pays). */
export const CHECKOUT_FORM = {
  email: 'buyer@example.com',
  firstName: 'Ada',
  lastName: 'Buyer',
  addressLine: '1 Main St',
  city: 'Portland',
  subdivision: 'OR',
  postalCode: '97201',
  country: 'US',
  shipping: 'standard',
  cardNumber: '4242 4242 4242 4242',
  cardExpiry: '12/39',
  cardCvc: '123',
};

/**
 * Pays a checkout as the buyer would: the ecomCheckout redirect session (made with the buyer's `token`) and the
 * hosted checkout form with the test card. Returns the order id.
 */
export async function payCheckout(
  emu: RunningEmulator,
  token: string,
  checkoutId: string,
  siteOrigin = 'http://127.0.0.1:5173',
  form: Partial<Record<string, string>> = {},
): Promise<string> {
  const rs = await api(emu, '/_api/redirects-api/v1/redirect-session', {
    token,
    body: {
      ecomCheckout: { checkoutId },
      callbacks: { thankYouPageUrl: `${siteOrigin}/thank-you`, postFlowUrl: `${siteOrigin}/` },
    },
  });
  if (rs.status !== 200) throw new Error(`redirect session failed: ${rs.text}`);
  const url = new URL(rs.json.redirectSession.fullUrl);
  const fields = { ...CHECKOUT_FORM, ...form } as Record<string, string>;
  const done = await fetch(`${url.origin}/_hosted/checkout${url.search}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url.origin }, // as the page's own form
    body: new URLSearchParams(fields).toString(),
  });
  const orderId = done.status === 302 ? new URL(done.headers.get('location')!).searchParams.get('orderId') : null;
  if (!orderId) throw new Error(`hosted checkout failed: ${done.status} ${await done.text()}`);
  return orderId;
}
