import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64url, codeChallengeS256, createCodeVerifier, createPkce, createState } from './pkce.ts';

const CHARSET = /^[A-Za-z0-9\-._~]+$/;

afterEach(() => vi.restoreAllMocks());

describe('PKCE', () => {
  it('matches RFC 7636 appendix B', async () => {
    // The RFC's verifier is base64url of the 32 octets listed there (116, 24, 223, 180, …).
    expect(
      base64url(
        new Uint8Array([
          116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214, 191,
          240, 91, 88, 5, 88, 83, 132, 141, 121,
        ]),
      ),
    ).toBe('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');
    expect(await codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('base64url has no padding and URL-safe characters', () => {
    expect(base64url(new Uint8Array([251, 255, 191]))).toBe('-_-_');
    expect(base64url(new Uint8Array([1]))).toBe('AQ');
  });

  it.each([42, 129, 0, 43.5, Number.NaN])('refuses length %s', (n) => {
    expect(() => createCodeVerifier(n)).toThrow(new Error('Expected a length between 43 and 128'));
  });

  it('defaults to 43 and accepts 43..128, unreserved characters only', () => {
    expect(createCodeVerifier()).toHaveLength(43);
    expect(createCodeVerifier(43)).toMatch(CHARSET);
    const v = createCodeVerifier(128);
    expect(v).toHaveLength(128);
    expect(v).toMatch(CHARSET);
  });

  it('uses every one of the 66 characters', () => {
    const seen = new Set(Array.from({ length: 100 }, () => createCodeVerifier(128)).join(''));
    expect(seen.size).toBe(66);
  });

  it('rejects bytes that would bias the distribution', () => {
    let call = 0;
    vi.spyOn(crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(a: T): T => {
      const bytes = a as unknown as Uint8Array;
      // first batch: only bytes >= 198 (rejected); then 0, 65, 66 → 'A', '~', 'A'
      bytes.fill(call++ === 0 ? 198 : 0);
      if (call === 2) {
        bytes[1] = 65;
        bytes[2] = 66;
      }
      return a;
    });
    const v = createCodeVerifier(43);
    expect(v.startsWith('A~A')).toBe(true);
    expect(v).toHaveLength(43);
    expect(call).toBe(2);
  });

  it('creates a full PKCE set whose challenge matches its verifier', async () => {
    const p = await createPkce();
    expect(p.codeChallengeMethod).toBe('S256');
    expect(p.codeVerifier).toMatch(CHARSET);
    expect(p.codeChallenge).toBe(await codeChallengeS256(p.codeVerifier));
    expect(p.codeChallenge).not.toMatch(/[=+/]/);
    expect(p.state).toHaveLength(43);
    expect(p.state).not.toBe(p.codeVerifier);
    expect(createState()).not.toBe(createState());
  });
});
