/**
 * The proof-of-work check the site companion asks of a visitor's review (ALTCHA v1, docs/wire.md "Site companion"):
 * find `number` in 0..maxnumber with SHA-256(salt + number) = challenge, with Web Crypto, in small batches so the page
 * stays responsive (typing never waits for it). Loads with the review form.
 */
import type { Challenge } from '../../core/api/companion.ts';

const BATCH = 200;

/** The `captcha` value for `c`: base64 of `{algorithm, challenge, number, salt, signature}`. Rejects if none fits. */
export async function solveChallenge(c: Challenge, signal?: AbortSignal): Promise<string> {
  const enc = new TextEncoder();
  const want = c.challenge.toLowerCase();
  const hex = (b: ArrayBuffer) => Array.from(new Uint8Array(b), (x) => x.toString(16).padStart(2, '0')).join('');
  for (let n = 0; n <= c.maxnumber; n += BATCH) {
    signal?.throwIfAborted();
    const batch = Array.from({ length: Math.min(BATCH, c.maxnumber - n + 1) }, (_, i) =>
      crypto.subtle.digest('SHA-256', enc.encode(c.salt + (n + i))),
    );
    const found = (await Promise.all(batch)).findIndex((d) => hex(d) === want);
    if (found >= 0) {
      const { algorithm, challenge, salt, signature } = c;
      return btoa(JSON.stringify({ algorithm, challenge, number: n + found, salt, signature }));
    }
  }
  throw new Error('The check could not be solved');
}
