/**
 * Conformance of the owner's back-in-stock calls (issue 40 item 4, i40-bis) through the platform's generated clients
 * unmodified: the settings (`@wix/auto_sdk_ecom_back-in-stock-settings`: getSettings, startCollectingRequests,
 * stopCollectingRequests) and the report and mark-as-sent (`@wix/auto_sdk_ecom_back-in-stock-notifications`), each as
 * the admin identity (an API key), each refused to a visitor's token.
 */
import { describe, expect, it } from 'vitest';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import * as backInStock from '@wix/auto_sdk_ecom_back-in-stock-notifications';
import * as backInStockSettings from '@wix/auto_sdk_ecom_back-in-stock-settings';
import { SITE_ID } from '../../emulator/domain/auth.ts';
import { STORES_APP_ID } from '../../emulator/domain/catalog.ts';
import { seedIds } from '../../emulator/seed.ts';
import { DEMO_CLIENT_ID } from '../helpers/emulator.ts';
import { API_KEY, platformBoundary } from './boundary.ts';

const platform = platformBoundary();
const { covers, refuses } = platform;

const modules = { backInStock, backInStockSettings };
const visitor = () => createClient({ auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID }), modules });
const admin = () => createClient({ auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: SITE_ID }), modules });
const rucksack = seedIds.products['waxed-canvas-rucksack']!;
const ref = { appId: STORES_APP_ID, catalogItemId: rucksack };
const item = { name: 'Waxed Canvas Rucksack', price: '148.00' };
const refused = { status: 403, details: { applicationError: { code: 'PERMISSION_DENIED' } } };

const mailTo = (to: string) =>
  platform.emu.db
    .prepare<[string], { subject: string }>('SELECT subject FROM mail_messages WHERE to_email = ?')
    .all(to)
    .map((m) => m.subject);

describe('back-in-stock settings (admin only)', () => {
  it('getSettings, stopCollectingRequests, startCollectingRequests: one collection state for Wix Stores; stopped refuses a shopper', async () => {
    const owner = admin();
    expect((await owner.backInStockSettings.getSettings()).settings).toEqual({
      collectionStates: [{ appId: STORES_APP_ID, collectingRequests: true }],
    });
    const stopped = await owner.backInStockSettings.stopCollectingRequests(STORES_APP_ID);
    expect(stopped.settings?.collectionStates).toEqual([{ appId: STORES_APP_ID, collectingRequests: false }]);
    expect((await owner.backInStockSettings.getSettings()).settings?.collectionStates?.[0]?.collectingRequests).toBe(
      false,
    );
    // a shopper's request while stopped: the platform's code, as the SDK reads it
    await expect(
      visitor().backInStock.createBackInStockNotificationRequest(
        { catalogReference: ref, email: 'sdk-stopped@example.com' },
        item,
      ),
    ).rejects.toMatchObject({ status: 428, details: { applicationError: { code: 'REQUEST_COLLECTION_DISABLED' } } });
    const started = await owner.backInStockSettings.startCollectingRequests(STORES_APP_ID);
    expect(started.settings?.collectionStates).toEqual([{ appId: STORES_APP_ID, collectingRequests: true }]);
    // another app: NOT_SUPPORTED_APP_DEF_ID (StartCollectingRequestsApplicationErrors)
    await expect(
      owner.backInStockSettings.startCollectingRequests('13d21c63-b5ec-5912-8397-c3a5ddb27a97'),
    ).rejects.toMatchObject({ status: 400, details: { applicationError: { code: 'NOT_SUPPORTED_APP_DEF_ID' } } });
  });

  it('a visitor is refused all three, and nothing changes', async () => {
    const shopper = visitor();
    await expect(shopper.backInStockSettings.getSettings()).rejects.toMatchObject(refused);
    await expect(shopper.backInStockSettings.stopCollectingRequests(STORES_APP_ID)).rejects.toMatchObject(refused);
    await expect(shopper.backInStockSettings.startCollectingRequests(STORES_APP_ID)).rejects.toMatchObject(refused);
    expect((await admin().backInStockSettings.getSettings()).settings?.collectionStates?.[0]?.collectingRequests).toBe(
      true,
    );
  });
});

describe('report items back in stock and mark as sent (admin only)', () => {
  it('reportItemsBackInStock by catalog reference emails the waiting shopper once; by request ids too', async () => {
    const shopper = visitor();
    const a = await shopper.backInStock.createBackInStockNotificationRequest(
      { catalogReference: ref, email: 'sdk-report-a@example.com' },
      item,
    );
    const owner = admin();
    await expect(
      shopper.backInStock.reportItemsBackInStock(item, { catalogReference: ref }),
      'visitor',
    ).rejects.toMatchObject(refused);
    expect(await owner.backInStock.reportItemsBackInStock(item, { catalogReference: ref })).toEqual({});
    expect(await owner.backInStock.getBackInStockNotificationRequest(a._id!)).toMatchObject({
      status: 'NOTIFICATION_SENT',
      autoNotified: true,
    });
    expect(mailTo('sdk-report-a@example.com')).toEqual(['Waxed Canvas Rucksack is back in stock']);

    const b = await shopper.backInStock.createBackInStockNotificationRequest(
      { catalogReference: ref, email: 'sdk-report-b@example.com' },
      item,
    );
    await owner.backInStock.reportItemsBackInStock({ ...item, name: 'Rucksack' }, { requestIds: [b._id!, a._id!] });
    expect(mailTo('sdk-report-b@example.com')).toEqual(['Rucksack is back in stock']);
    expect(mailTo('sdk-report-a@example.com')).toHaveLength(1);
    await expect(
      owner.backInStock.reportItemsBackInStock(item, { catalogReference: ref, requestIds: [b._id!] }),
    ).rejects.toMatchObject({
      status: 400,
      details: { applicationError: { code: 'REQUEST_CONTAINS_BOTH_CATALOG_REFERENCE_AND_REQUEST_IDS' } },
    });
  });

  it('markAsNotificationSent: NOTIFICATION_SENT, autoNotified false, no email; a visitor is refused', async () => {
    const shopper = visitor();
    const r = await shopper.backInStock.createBackInStockNotificationRequest(
      { catalogReference: ref, email: 'sdk-mark@example.com' },
      item,
    );
    await expect(shopper.backInStock.markAsNotificationSent(r._id!)).rejects.toMatchObject(refused);
    const marked = await admin().backInStock.markAsNotificationSent(r._id!);
    expect(marked.request).toMatchObject({ _id: r._id, status: 'NOTIFICATION_SENT', autoNotified: false });
    expect(mailTo('sdk-mark@example.com')).toEqual([]);
  });
});

describe('coverage', () => {
  covers(
    'getStockSettings',
    'startCollectingStockRequests',
    'stopCollectingStockRequests',
    'reportItemsBackInStock',
    'markStockRequestSent',
  );
  refuses(
    'getStockSettings',
    'startCollectingStockRequests',
    'stopCollectingStockRequests',
    'reportItemsBackInStock',
    'markStockRequestSent',
  );
  platform.coverageCase();
});
