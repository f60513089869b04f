import { VERIFIER_MAX, VERIFIER_MIN } from '../constants.ts';

/** RFC 7636 "unreserved" characters: the only ones a code verifier may hold. */
const CHARSET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
// Largest multiple of 66 below 256: bytes at or above it are rejected so every character is equally likely.
const LIMIT = 256 - (256 % CHARSET.length);

/** A random code verifier of `length` characters (43..128, default 43). */
export function createCodeVerifier(length = VERIFIER_MIN): string {
  if (!Number.isInteger(length) || length < VERIFIER_MIN || length > VERIFIER_MAX) {
    throw new Error(`Expected a length between ${VERIFIER_MIN} and ${VERIFIER_MAX}`);
  }
  let out = '';
  const bytes = new Uint8Array(length * 2);
  while (out.length < length) {
    crypto.getRandomValues(bytes);
    for (const b of bytes) {
      if (b < LIMIT && out.length < length) out += CHARSET[b % CHARSET.length];
    }
  }
  return out;
}

/** base64url without padding. */
export function base64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** S256 challenge: base64url(SHA-256(verifier)). */
export async function codeChallengeS256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** The OAuth `state`: a second random string, checked when the code comes back ('Invalid _state'). */
export function createState(): string {
  return createCodeVerifier();
}

export interface Pkce {
  codeVerifier: string;
  codeChallenge: string;
  codeChallengeMethod: 'S256';
  state: string;
}

/** Fresh PKCE material for one authorization request. */
export async function createPkce(): Promise<Pkce> {
  const codeVerifier = createCodeVerifier();
  return {
    codeVerifier,
    codeChallenge: await codeChallengeS256(codeVerifier),
    codeChallengeMethod: 'S256',
    state: createState(),
  };
}
