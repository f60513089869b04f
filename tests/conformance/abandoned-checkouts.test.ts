/**
 * Conformance of abandoned checkouts (issue 22): the platform's generated client
 * `@wix/auto_sdk_ecom_abandoned-checkouts`, unmodified, against an in-process emulator, the same boundary as
 * sdk.test.ts (platform hosts sent to the emulator, nothing else changed). Query (builder and cursor pages), Search,
 * Get, Add Activity and Redirect to Checkout as an admin (AppStrategy and ApiKeyStrategy); a visitor refused.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiKeyStrategy, AppStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import * as abandoned from '@wix/auto_sdk_ecom_abandoned-checkouts';
import { seedAbandonedIds } from '../../emulator/domain/abandoned.ts';
import { SITE_ID } from '../../emulator/domain/auth.ts';
import type { RunningEmulator } from '../../emulator/server.ts';
import { DEMO_CLIENT_ID, startTestEmulator } from '../helpers/emulator.ts';

const API_KEY = 'conformance-api-key-0123456789';
const PLATFORM_HOSTS = new Set(['www.wixapis.com', 'edge.wixapis.com']);
const realFetch = globalThis.fetch;

let emu: RunningEmulator;
const sent: string[] = [];
/** The answers to the SDK's requests, kept for the redirect (the SDK's fetch follows it). */
const answers: { url: string; status: number; redirected: boolean; location: string | null }[] = [];

const boundaryFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  if (!PLATFORM_HOSTS.has(url.hostname)) return realFetch(request);
  sent.push(`${request.method} ${url.pathname}`);
  const res = await realFetch(new Request(new URL(`${url.pathname}${url.search}`, emu.url), request), {
    redirect: 'manual',
  });
  answers.push({ url: url.pathname, status: res.status, redirected: false, location: res.headers.get('location') });
  return res;
};

beforeAll(async () => {
  emu = await startTestEmulator({ apiKey: API_KEY });
  vi.stubGlobal('fetch', boundaryFetch);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await emu.close();
});

const strategies = {
  'AppStrategy (client_credentials)': () =>
    AppStrategy({ appId: DEMO_CLIENT_ID, appSecret: emu.clientSecret, instanceId: SITE_ID }),
  ApiKeyStrategy: () => ApiKeyStrategy({ apiKey: API_KEY, siteId: SITE_ID }),
};

describe('abandoned checkouts (admin)', () => {
  for (const [name, auth] of Object.entries(strategies)) {
    it(`${name}: query (builder, cursor pages), search, get, add activity`, async () => {
      const admin = createClient({ auth: auth(), modules: { abandoned } });
      const page = await admin.abandoned.queryAbandonedCheckouts().eq('status', 'ABANDONED').limit(1).find();
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({ _id: seedAbandonedIds.maya.id, status: 'ABANDONED' });
      expect(page.items[0]!._createdDate).toBeInstanceOf(Date); // the SDK's timestamp transform read the wire date
      expect(page.hasNext()).toBe(true);
      const next = await page.next();
      expect(next.items.map((a) => a._id)).toEqual([seedAbandonedIds.sam.id]);

      const found = await admin.abandoned.searchAbandonedCheckouts({
        filter: { 'buyerInfo.email': 'sam.rivera@example.com' },
        sort: [{ fieldName: '_createdDate', order: 'DESC' }],
        cursorPaging: { limit: 5 },
      });
      expect(found.abandonedCheckouts?.map((a) => a._id)).toEqual([seedAbandonedIds.sam.id]);

      const one = await admin.abandoned.getAbandonedCheckout(seedAbandonedIds.maya.id);
      expect(one).toMatchObject({
        _id: seedAbandonedIds.maya.id,
        buyerInfo: { email: 'member@fernwood.example' },
        totalPrice: { amount: expect.stringMatching(/^\d+\.\d{2}$/) },
      });
      expect(one.lineItems?.length).toBe(2);

      // in the module's runtime (its meta.js) but not in its typings
      const { addAbandonedCheckoutActivity } = admin.abandoned as unknown as {
        addAbandonedCheckoutActivity(
          id: string,
          options: { activityType: string },
        ): Promise<{ abandonedCheckout?: abandoned.AbandonedCheckout }>;
      };
      const added = await addAbandonedCheckoutActivity(seedAbandonedIds.maya.id, { activityType: 'EMAIL_SENT' });
      expect(added.abandonedCheckout?.activities?.at(-1)).toMatchObject({ type: 'EMAIL_SENT' });
      expect(added.abandonedCheckout?.activities?.at(-1)?._createdDate).toBeInstanceOf(Date);
    });
  }

  it('redirectToCheckout: the recovery link answers a redirect to the hosted checkout', async () => {
    const admin = createClient({ auth: strategies.ApiKeyStrategy(), modules: { abandoned } });
    answers.length = 0;
    // the platform answers a raw HTTP response (RawHttpResponse); the emulator's is a 302 to the hosted page, which
    // the SDK's JSON reading does not turn into an object: what counts is what went over the wire
    await admin.abandoned.redirectToCheckout(seedAbandonedIds.sam.id, SITE_ID).catch(() => undefined);
    const answer = answers.find((a) => a.url.endsWith('/redirect-to-checkout'));
    expect(answer?.status).toBe(302);
    expect(new URL(answer!.location!).origin).toBe(emu.hostedUrl);
  });

  it('a visitor token is refused (403 PERMISSION_DENIED)', async () => {
    const shopper = createClient({ auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID }), modules: { abandoned } });
    await expect(shopper.abandoned.getAbandonedCheckout(seedAbandonedIds.sam.id)).rejects.toMatchObject({
      details: { applicationError: { code: 'PERMISSION_DENIED' } },
    });
  });
});

describe('coverage', () => {
  it('the SDK reached every abandoned-checkout call the emulator serves (METHOD path as it sent them)', () => {
    const ID = '[^/]+';
    const expected = [
      'POST /ecom/v1/abandoned-checkout/query',
      'POST /ecom/v1/abandoned-checkout/search',
      `GET /ecom/v1/abandoned-checkout/${ID}`,
      `POST /ecom/v1/abandoned-checkouts/${ID}/add-activity`,
      `GET /ecom/v1/abandoned-checkout/${ID}/redirect-to-checkout`,
    ];
    const missing = expected.filter((pattern) => !sent.some((call) => new RegExp(`^(${pattern})$`).test(call)));
    expect(missing, sent.join('\n')).toEqual([]);
  });
});
