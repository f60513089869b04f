/**
 * Reading request bodies within a limit: refused at once when Content-Length says more, and while streaming
 * otherwise (a chunked body stops being read as soon as it passes the limit). JSON is parsed without prototype-named
 * keys and without deep nesting; a UTF-8 byte order mark before it is allowed.
 */
import { badInput, CompanionError, tooLarge, unsupportedType } from './errors.ts';

export const JSON_LIMIT_BYTES = 32 * 1024;
export const PHOTO_LIMIT_BYTES = 10 * 1024 * 1024;
const MAX_DEPTH = 12;
const BAD_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** The body's bytes, at most `limit` of them; 413 with `code` beyond. */
export async function readLimited(req: Request, limit: number, code: string): Promise<Uint8Array> {
  const declared = req.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit) throw tooLarge(code, limit);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(code, limit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

function depthAndKeys(v: unknown, depth: number): void {
  if (depth > MAX_DEPTH) throw badInput('', `is nested deeper than ${MAX_DEPTH} levels`);
  if (Array.isArray(v)) for (const x of v) depthAndKeys(x, depth + 1);
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      if (BAD_KEYS.has(k)) throw badInput(k, 'is not an allowed key', 'FIELD_NOT_ALLOWED');
      depthAndKeys(x, depth + 1);
    }
  }
}

/**
 * A JSON object body (≤ 32 KB), `application/json`; 400 for anything else, 413 when too large. `plain`: the body is
 * also taken without a type or as `text/plain` (the public reads, sent so that no CORS preflight is needed), within
 * `limit` bytes, and too large is a 400 like any other bad batch (docs/companion.md "Public reads").
 */
export async function readJson(req: Request, plain?: { limit: number }): Promise<Record<string, unknown>> {
  const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const types = plain ? ['application/json', 'text/plain', ''] : ['application/json'];
  if (!types.includes(type)) throw unsupportedType('Send the body as application/json');
  const bytes = plain
    ? await readLimited(req, plain.limit, 'PAYLOAD_TOO_LARGE').catch((e: unknown) => {
        throw e instanceof CompanionError && e.status === 413
          ? badInput('', `is larger than ${plain.limit} bytes`, 'PAYLOAD_TOO_LARGE')
          : e;
      })
    : await readLimited(req, JSON_LIMIT_BYTES, 'PAYLOAD_TOO_LARGE');
  let value: unknown;
  try {
    // one UTF-8 byte order mark is read past (`ignoreBOM: false`: the decoder drops it), so a body a Windows tool
    // saved with one parses as sent; a second mark, another encoding (UTF-16) or bad bytes are a 400, never `{}`
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes));
  } catch {
    throw new CompanionError(400, 'MALFORMED_JSON', 'The request body is not valid UTF-8 JSON');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badInput('', 'must be a JSON object');
  // JSON.parse makes `__proto__` an own key (no prototype change), which this refuses before anything reads it
  depthAndKeys(value, 0);
  return value as Record<string, unknown>;
}
