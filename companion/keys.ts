/**
 * Keys derived from the site's admin secret (the client secret or the API key) with HKDF (Web Crypto): one for the
 * back-in-stock handles, one for the captcha challenges. The secret itself is never used directly, never stored
 * elsewhere, and a derived key cannot give it back.
 */
const enc = new TextEncoder();

function b64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromB64url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const s = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4));
    return Uint8Array.from(s, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

const toHex = (bytes: ArrayBuffer | Uint8Array) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** SHA-256 of a text, hex (cache keys for tokens: the token itself is never kept). */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', enc.encode(text)));
}

async function hkdf(secret: string, info: string): Promise<ArrayBuffer> {
  const base = await crypto.subtle.importKey('raw', enc.encode(secret), 'HKDF', false, ['deriveBits']);
  return crypto.subtle.deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt: enc.encode('inlay-companion/v1'), info: enc.encode(info) },
    base,
    256,
  );
}

/** The captcha's HMAC key (altcha-lib takes a string). */
export async function captchaKey(secret: string): Promise<string> {
  return toHex(await hkdf(secret, 'altcha-hmac'));
}

export interface Handles {
  /** An opaque handle for a back-in-stock request id: the id and its HMAC, base64url. */
  sign(id: string): Promise<string>;
  /** The request id a handle stands for, or undefined when it is not one this site signed. */
  open(handle: string): Promise<string | undefined>;
}

/**
 * Back-in-stock handles: `<base64url(id)>.<base64url(HMAC-SHA256(key, "stock-request:" + id))>`. Any instance with
 * the same secret opens them (no shared state); without the key nobody can make one for another request's id.
 */
export async function createHandles(secret: string): Promise<Handles> {
  const key = await crypto.subtle.importKey(
    'raw',
    await hkdf(secret, 'stock-request-handles'),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const message = (id: string) => enc.encode(`stock-request:${id}`);
  return {
    async sign(id) {
      const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, message(id)));
      return `${b64url(enc.encode(id))}.${b64url(mac)}`;
    },
    async open(handle) {
      if (handle.length > 400) return undefined;
      const [idPart, macPart, extra] = handle.split('.');
      if (idPart === undefined || macPart === undefined || extra !== undefined) return undefined;
      const idBytes = fromB64url(idPart);
      const mac = fromB64url(macPart);
      if (!idBytes || !mac || mac.length !== 32 || idBytes.length === 0) return undefined;
      let id: string;
      try {
        id = new TextDecoder('utf-8', { fatal: true }).decode(idBytes);
      } catch {
        return undefined;
      }
      // constant time: Web Crypto's verify
      return (await crypto.subtle.verify('HMAC', key, mac as Uint8Array<ArrayBuffer>, message(id))) ? id : undefined;
    },
  };
}

export interface CursorSeals {
  /** The companion's `next` for a platform cursor, bound to one member: base64url(cursor) and an HMAC over both. */
  seal(memberId: string, cursor: string): Promise<string>;
  /** The platform cursor a `next` carries, or undefined when this site did not seal it for this member. */
  open(memberId: string, next: string): Promise<string | undefined>;
}

/**
 * Order cursors for one member: `<base64url(cursor)>.<base64url(HMAC-SHA256(k, "order-cursor:" + memberId + "\n" +
 * cursor))>`, `k` derived from the secret. The platform's cursor carries the member filter; the seal keeps another
 * member, or anyone, from using or making one.
 */
export async function createCursorSeals(secret: string): Promise<CursorSeals> {
  const key = await crypto.subtle.importKey(
    'raw',
    await hkdf(secret, 'order-cursors'),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const message = (memberId: string, cursor: string) => enc.encode(`order-cursor:${memberId}\n${cursor}`);
  return {
    async seal(memberId, cursor) {
      const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, message(memberId, cursor)));
      return `${b64url(enc.encode(cursor))}.${b64url(mac)}`;
    },
    async open(memberId, next) {
      if (next.length > 12_000) return undefined;
      const [cursorPart, macPart, extra] = next.split('.');
      if (cursorPart === undefined || macPart === undefined || extra !== undefined) return undefined;
      const bytes = fromB64url(cursorPart);
      const mac = fromB64url(macPart);
      if (!bytes || !mac || mac.length !== 32 || bytes.length === 0) return undefined;
      let cursor: string;
      try {
        cursor = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        return undefined;
      }
      const ok = await crypto.subtle.verify('HMAC', key, mac as Uint8Array<ArrayBuffer>, message(memberId, cursor));
      return ok ? cursor : undefined;
    },
  };
}
