/**
 * The site companion as a browser meets it on the demo (issue 16): mounted on the shop's own origin, reachable from
 * its pages without CORS, named on the loader unless `?companion=off`, and unreadable from a page on another origin
 * that is not on `INLAY_ALLOWED_ORIGINS` (the fixture origin here).
 */
import { describe, expect, it } from 'vitest';
import { openPage } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';

const env = useStackAndBrowser();

/** In the page: a visitor token from the platform, then `GET <companion>/v1/me` with it. */
const askMe = async ([companion, api]: [string, string]) => {
  const t = await fetch(`${api}/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ clientId: 'demo-client', grantType: 'anonymous' }),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  try {
    const r = await fetch(`${companion}/v1/me`, { headers: { Authorization: t.access_token }, credentials: 'omit' });
    return { status: r.status, body: (await r.json()) as unknown, cookie: document.cookie };
  } catch (e) {
    return { error: String(e) };
  }
};

describe('site companion on the demo origin', () => {
  it('the demo pages name it on the loader; ?companion=off leaves it out', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug`);
    const attr = () => w.page.locator('script[src$="loader.js"]').getAttribute('data-companion');
    expect(await attr()).toBe(env.stack.companion.path);
    await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug?companion=off`);
    expect(await attr()).toBeNull();
    await w.context.close();
  });

  it('same origin: a page of the shop reads it with its visitor token, and no cookie is set', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug?companion=off`);
    const r = await w.page.evaluate(askMe, [env.stack.companion.url, env.stack.api] as [string, string]);
    expect(r).toMatchObject({ status: 200, body: { kind: 'visitor', owner: false }, cookie: '' });
    expect(await w.context.cookies(env.stack.demo)).toEqual([]);
    await w.context.close();
  });

  it('another origin, not on the allowed list, cannot read it (CORS refused)', async () => {
    const w = await openPage(env.browser);
    w.expected.push(/CORS|Access-Control|Failed to load resource/i);
    const url = env.stack.fixtures.page('/companion-foreign.html', '<!doctype html><title>foreign</title><p>hi</p>');
    await w.page.goto(url);
    const r = await w.page.evaluate(askMe, [env.stack.companion.url, env.stack.api] as [string, string]);
    expect(r).toHaveProperty('error');
    expect((r as { error: string }).error).toMatch(/Failed to fetch|TypeError/);
    await w.context.close();
  });
});
