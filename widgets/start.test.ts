import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyToken, LOADER_API_BASE } from './start.ts';
import { DEFAULT_API_BASE } from '../core/constants.ts';

describe('the loader’s early token request', () => {
  const fetch = vi.fn(async () => new Response('{}'));
  afterEach(() => {
    fetch.mockClear();
    localStorage.clear();
    sessionStorage.clear();
    vi.unstubAllGlobals();
  });
  const start = (data: Record<string, string | undefined>) => {
    vi.stubGlobal('fetch', fetch);
    return earlyToken(data);
  };

  it('asks for a visitor token at once when this browser holds no tokens for the client', async () => {
    const e = start({ clientId: ' demo ', apiBase: 'https://api.example/' });
    expect(e?.url).toBe('https://api.example/oauth2/token');
    expect(JSON.parse(e!.body)).toEqual({ clientId: 'demo', grantType: 'anonymous' });
    expect(fetch).toHaveBeenCalledWith('https://api.example/oauth2/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"clientId":"demo","grantType":"anonymous"}',
    });
    expect(start({ clientId: 'demo' })?.url).toBe(`${DEFAULT_API_BASE}/oauth2/token`);
    expect(start({ clientId: 'demo', tokenStorage: 'memory' })).toBeDefined();
  });

  it('sends nothing when tokens are stored (the core uses or renews them), or the configuration is not usable', () => {
    localStorage.setItem('inlay.tokens.demo', '{}');
    expect(start({ clientId: 'demo' })).toBeUndefined();
    sessionStorage.setItem('inlay.tokens.s', '{}');
    expect(start({ clientId: 's', tokenStorage: 'session' })).toBeUndefined();
    expect(start({ clientId: '' })).toBeUndefined();
    expect(start({ clientId: 'x', apiBase: 'javascript:alert(1)' })).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('uses the core’s default API base', () => {
    expect(LOADER_API_BASE).toBe(DEFAULT_API_BASE);
  });
});
