/**
 * Conformance of abandoned checkouts (issue 22): the platform's generated client
 * `@wix/auto_sdk_ecom_abandoned-checkouts`, unmodified, against an in-process emulator, the same boundary as
 * sdk.test.ts (platform hosts sent to the emulator, nothing else changed). Query (builder and cursor pages), Search,
 * Get, Add Activity and Redirect to Checkout as an admin (AppStrategy and ApiKeyStrategy); a visitor refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyStrategy, AppStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import * as abandoned from '@wix/auto_sdk_ecom_abandoned-checkouts';
import { seedAbandonedIds } from '../../emulator/domain/abandoned.ts';
import { SITE_ID } from '../../emulator/domain/auth.ts';
import type { RunningEmulator } from '../../emulator/server.ts';
import { DEMO_CLIENT_ID } from '../helpers/emulator.ts';
import { API_KEY, platformBoundary } from './boundary.ts';

// the SDK gets the recovery link's redirect as it is (its fetch would follow it)
const platform = platformBoundary({ redirect: 'manual' });
const { covers, refuses } = platform;
let emu: RunningEmulator;
beforeAll(() => {
  emu = platform.emu;
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
    const from = platform.exchanges.length;
    // the platform answers a raw HTTP response (RawHttpResponse); the emulator's is a 302 to the hosted page, which
    // the SDK's JSON reading does not turn into an object: what counts is what went over the wire
    await admin.abandoned.redirectToCheckout(seedAbandonedIds.sam.id, SITE_ID).catch(() => undefined);
    const answer = platform.exchanges.slice(from).find((a) => a.path.endsWith('/redirect-to-checkout'));
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
  covers(
    'queryAbandonedCheckouts',
    'searchAbandonedCheckouts',
    'getAbandonedCheckout',
    'addAbandonedCheckoutActivity',
    'redirectToAbandonedCheckout',
  );
  refuses('getAbandonedCheckout');
  platform.coverageCase();
});
