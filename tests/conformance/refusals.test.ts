/**
 * Conformance: every admin-only call (tests/conformance/calls.ts, identity `admin`) is refused to a visitor's and to a
 * member's token, and every member-only call (identity `member`) to a visitor's token (the site owner signed in as a member too: a member role gives no admin power, issue 15), 403
 * `PERMISSION_DENIED` in the platform's error format, as the SDK reads a refusal. Each request is the operation's
 * method and path with placeholder ids, sent through the boundary as a raw client sends it; coverage.test.ts checks
 * that each path is the generated client's own (its meta.js request builder).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../core/urls.ts';
import { memberTokens, visitorTokens } from '../helpers/emulator.ts';
import { ALL_OPS, platformBoundary } from './boundary.ts';
import { CALLS } from './calls.ts';

const platform = platformBoundary();
const { refuses } = platform;

// literal names: coverage.test.ts reads this claim
const ADMIN_ONLY = refuses(
  'addOrderActivities',
  'getOrderDraftability',
  'createDraftOrder',
  'updateDraftLineItems',
  'setDraftShippingInfo',
  'setDraftBillingInfo',
  'getDraftOrder',
  'commitDraftOrder',
  'deleteDraftOrder',
  'queryMembers',
  'replyToReview',
  'deleteReviewReply',
  'moderateReview',
  'bulkModerateReviews',
  'bulkDeleteReviews',
  'generateUploadUrl',
  'getStockRequest',
  'deleteStockRequest',
  'queryStockRequests',
  'countStockRequests',
  'reportItemsBackInStock',
  'markStockRequestSent',
  'getStockSettings',
  'startCollectingStockRequests',
  'stopCollectingStockRequests',
  'createContact',
  'queryContacts',
  'getContact',
  'getOrder',
  'searchOrders',
  'cancelOrder',
  'addOrderActivity',
  'listOrderFulfillments',
  'createFulfillment',
  'listFulfillmentsForOrders',
  'updateFulfillment',
  'deleteFulfillment',
  'bulkCreateFulfillments',
  'sendShippingConfirmationEmail',
  'updateOrderStatus',
  'updateOrderActivity',
  'deleteOrderActivity',
  'bulkUpdateOrderTags',
  'aggregateOrders',
  'commitOrderDeltas',
  'queryAbandonedCheckouts',
  'searchAbandonedCheckouts',
  'getAbandonedCheckout',
  'addAbandonedCheckoutActivity',
  'listOrderTransactions',
  'getPaymentCollectability',
  'recordManualPayment',
  'markOrderAsPaid',
  'bulkMarkOrdersAsPaid',
  'getRefundability',
  'triggerRefund',
  'voidAuthorizedPayments',
  'captureAuthorizedPayments',
  'listMembers',
  'createMember',
  'approveMember',
  'blockMember',
  'muteMember',
  'unmuteMember',
  'disconnectMember',
  'deleteMember',
  'updateMemberSlug',
  'bulkApproveMembers',
  'bulkBlockMembers',
  'bulkDeleteMembers',
  'bulkDeleteMembersByFilter',
  'createBadge',
  'listBadges',
  'getBadge',
  'updateBadge',
  'deleteBadge',
  'assignBadge',
  'unassignBadge',
  'listMembersByBadge',
  'listBadgesPerMember',
  'getMemberCountsPerBadge',
  'updateBadgesDisplayOrder',
  'listCustomFields',
  'getCustomField',
  'createCustomField',
  'updateCustomField',
  'deleteCustomField',
  'hideCustomField',
  'updateCustomFieldsOrder',
  'listFiles',
  'searchFiles',
  'getFileDescriptor',
  'getFileDescriptors',
  'updateFileDescriptor',
  'bulkDeleteFiles',
  'listDeletedFiles',
  'bulkRestoreFilesFromTrashBin',
  'createFolder',
  'listFolders',
  'getFolder',
  'updateFolder',
  'searchFolders',
  'queryFolders',
  'bulkDeleteFolders',
  'listDeletedFolders',
  'bulkRestoreFoldersFromTrashBin',
  'importFile',
  'bulkImportFiles',
  'bulkImportFile',
  'generateFileDownloadUrl',
  'generateFilesDownloadUrl',
  'generateVideoStreamingUrl',
  'generateFolderDownloadUrl',
  'generateFileResumableUploadUrl',
  'queryTipSettings',
  'createTipSettings',
  'updateTipSettings',
  'createDefaultTipSettings',
  'deleteTipSettings',
  'getTipByOrderId',
  'getCheckoutSettings',
  'updateCheckoutSettings',
  'createDiscountRule',
  'getDiscountRule',
  'updateDiscountRule',
  'deleteDiscountRule',
  'queryDiscountRules',
  'listDefaultTaxGroups',
  'createTaxGroup',
  'queryTaxGroups',
  'getTaxGroup',
  'updateTaxGroup',
  'deleteTaxGroup',
  'createTaxRegion',
  'bulkCreateTaxRegion',
  'queryTaxRegions',
  'getTaxRegion',
  'updateTaxRegion',
  'deleteTaxRegion',
  'createManualTaxMapping',
  'queryManualTaxMappings',
  'updateManualTaxMapping',
  'deleteManualTaxMapping',
  'createShippingOption',
  'getShippingOption',
  'updateShippingOption',
  'deleteShippingOption',
  'queryShippingOptions',
  'addShippingOptionRegion',
  'removeShippingOptionRegion',
  'queryDeliveryProfiles',
  'listShippingLabelConfigurations',
  'updateShippingLabelConfiguration',
);

const hasBody = (method: string) => method !== 'GET' && method !== 'DELETE';

/** Every `{name}` of a path filled with a placeholder id. */
const placeholders = (path: string) =>
  Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, '00000000-0000-4000-8000-000000000000']));

describe('admin-only calls refused to a visitor and a member (403 PERMISSION_DENIED)', () => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    tokens['visitor'] = (await visitorTokens(platform.emu)).access;
    tokens['member'] = (await memberTokens(platform.emu, 'member')).access;
    tokens['owner signed in as a member'] = (await memberTokens(platform.emu, 'owner')).access;
  });

  for (const name of ADMIN_ONLY) {
    it(name, async () => {
      const op = ALL_OPS[name]!;
      const { method, path } = route(op, placeholders(op.path));
      for (const [who, token] of Object.entries(tokens)) {
        const res = await platform.platformFetch(path, {
          method,
          headers: {
            Authorization: token,
            ...(hasBody(method) ? { 'Content-Type': 'application/json' } : {}),
          },
          ...(hasBody(method) ? { body: '{}' } : {}),
        });
        const body = (await res.json()) as { details?: { applicationError?: { code?: string } } };
        expect(res.status, `${who}: ${method} ${path}`).toBe(403);
        expect(body.details?.applicationError?.code, `${who}: ${method} ${path}`).toBe('PERMISSION_DENIED');
      }
    });
  }
});

// a member's own record, password and review: a visitor's token is refused (literal names: coverage.test.ts reads them)
const MEMBER_ONLY = refuses(
  'changePassword',
  'myMember',
  'deleteMyMember',
  'updateMember',
  'joinCommunity',
  'leaveCommunity',
  'deleteMemberPhones',
  'deleteMemberEmails',
  'deleteMemberAddresses',
  'createReview',
);

describe('member-only calls refused to a visitor (403 PERMISSION_DENIED)', () => {
  let visitor: string;
  beforeAll(async () => {
    visitor = (await visitorTokens(platform.emu)).access;
  });
  for (const name of MEMBER_ONLY) {
    it(name, async () => {
      const op = ALL_OPS[name]!;
      const { method, path } = route(op, placeholders(op.path));
      const res = await platform.platformFetch(path, {
        method,
        headers: { Authorization: visitor, ...(hasBody(method) ? { 'Content-Type': 'application/json' } : {}) },
        ...(hasBody(method) ? { body: '{}' } : {}),
      });
      const body = (await res.json()) as { details?: { applicationError?: { code?: string } } };
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(body.details?.applicationError?.code, `${method} ${path}`).toBe('PERMISSION_DENIED');
    });
  }
});

describe('coverage', () => {
  it('the lists are every admin-only and every member-only call of the table', () => {
    const withIdentity = (identity: string) =>
      Object.entries(CALLS)
        .filter(([, c]) => c.identity === identity)
        .map(([n]) => n)
        .sort();
    expect([...ADMIN_ONLY].sort()).toEqual(withIdentity('admin'));
    expect([...MEMBER_ONLY].sort()).toEqual(withIdentity('member'));
  });
  platform.coverageCase();
});
