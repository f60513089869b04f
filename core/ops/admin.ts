import { op } from './op.ts';

/*
 * Operations only an admin identity may call and no browser code calls: the site companion's and the emulator's
 * (urls.ts `adminOps`). Not in ops.ts, the table the browser reads, so nothing of them can reach a browser chunk.
 */

// Who a token stands for, and the site's contacts: the site companion's identity checks and a visitor's review
// (docs/wire.md "Token info" and "Contacts"; the platform serves these to an admin identity only).
export const tokenInfo = op('POST', '/oauth2/token-info');
export const createContact = op('POST', '/contacts/v4/contacts');
export const queryContacts = op('POST', '/contacts/v4/contacts/query');
export const getContact = op('GET', '/contacts/v4/contacts/{id}');
// eCommerce orders (`@wix/auto_sdk_ecom_orders`; docs/wire.md "Orders").
export const getOrder = op('GET', '/ecom/v1/orders/{id}');
export const searchOrders = op('POST', '/ecom/v1/orders/search');
export const cancelOrder = op('POST', '/ecom/v1/orders/{id}/cancel');
// AddActivity: internal and deprecated in the generated client (replaced by AddActivities, "Activities with type
// CustomActivity not supported"); the emulator still serves it for merchant comments. Nothing in Inlay sends it.
export const addOrderActivity = op('POST', '/ecom/v1/orders/{id}/activities');
// AddActivities, its public replacement: merchant comments only (docs/wire.md "Order activities and cancellation requests").
export const addOrderActivities = op('POST', '/ecom/v1/orders/{orderId}/activities/add');
export const listOrderFulfillments = op('GET', '/ecom/v1/fulfillments/orders/{orderId}');
export const createFulfillment = op('POST', '/ecom/v1/fulfillments/orders/{orderId}/create-fulfillment');
// The rest of the order fulfillments service (issue 40, i40-ful; docs/wire.md "i40-ful: fulfilment").
const FULFILLMENTS = '/ecom/v1/fulfillments';
export const listFulfillmentsForOrders = op('POST', `${FULFILLMENTS}/list-by-ids`);
export const updateFulfillment = op('PATCH', `${FULFILLMENTS}/{fulfillmentId}/orders/{orderId}`);
export const deleteFulfillment = op('DELETE', `${FULFILLMENTS}/{fulfillmentId}/orders/{orderId}`);
export const bulkCreateFulfillments = op('POST', `${FULFILLMENTS}/orders/bulk/create-fulfillments`);
// SendBuyerShippingConfirmationEmail: its request type ({orderId}) is in @wix/auto_sdk_ecom_orders, no generated
// client has the method; the path is chosen (the orders service's, the method's name), the call isolated.
export const sendShippingConfirmationEmail = op(
  'POST',
  '/ecom/v1/orders/{orderId}/send-buyer-shipping-confirmation-email',
);
// Order management for the owner console (issue 22, helper O; docs/wire.md "Orders: owner console").
export const updateOrderStatus = op('POST', '/ecom/v1/orders/{orderId}/update-status');
export const updateOrderActivity = op('PATCH', '/ecom/v1/orders/{id}/activities/{activityId}');
export const deleteOrderActivity = op('DELETE', '/ecom/v1/orders/{id}/activities/{activityId}');
export const bulkUpdateOrderTags = op('POST', '/ecom/v1/bulk/orders/update-tags');
export const aggregateOrders = op('POST', '/ecom/v1/orders/aggregate');
export const commitOrderDeltas = op('POST', '/ecom/v1/orders/{id}/commit-deltas');

// Order edits through draft orders (`@wix/auto_sdk_ecom_draft-orders`; docs/wire.md "Order edits: Draft Orders").
const DRAFTS = '/ecom/v1/draft-orders';
export const getOrderDraftability = op('GET', `${DRAFTS}/{orderId}/draftability`);
export const createDraftOrder = op('POST', DRAFTS);
export const updateDraftLineItems = op('POST', `${DRAFTS}/{draftOrderId}/line-items`);
export const setDraftShippingInfo = op('PUT', `${DRAFTS}/set-shipping-info`);
export const setDraftBillingInfo = op('PUT', `${DRAFTS}/set-billing-info`);
export const getDraftOrder = op('GET', `${DRAFTS}/{draftOrderId}`);
export const commitDraftOrder = op('POST', `${DRAFTS}/{draftOrderId}/commit`);
export const deleteDraftOrder = op('DELETE', `${DRAFTS}/{draftOrderId}`);

// Abandoned checkouts (`@wix/auto_sdk_ecom_abandoned-checkouts`; docs/wire.md "Abandoned checkouts").
const ABANDONED = '/ecom/v1/abandoned-checkout';
export const queryAbandonedCheckouts = op('POST', `${ABANDONED}/query`);
export const searchAbandonedCheckouts = op('POST', `${ABANDONED}/search`);
export const getAbandonedCheckout = op('GET', `${ABANDONED}/{abandonedCheckoutId}`);
// (the platform's own path says "checkouts" here)
export const addAbandonedCheckoutActivity = op(
  'POST',
  '/ecom/v1/abandoned-checkouts/{abandonedCheckoutId}/add-activity',
);
export const redirectToAbandonedCheckout = op('GET', `${ABANDONED}/{abandonedCheckoutId}/redirect-to-checkout`);

// Payments: order transactions (`@wix/auto_sdk_ecom_order-transactions`) and the payments collector
// (`@wix/auto_sdk_ecom_orders`); docs/wire.md "Payments".
const COLLECTOR = '/ecom/v1/payments-collector/orders';
export const listOrderTransactions = op('GET', '/ecom/v1/payments/orders/{orderId}');
export const getPaymentCollectability = op('GET', `${COLLECTOR}/{ecomOrderId}/payment-collectability-status`);
export const recordManualPayment = op('POST', `${COLLECTOR}/{orderId}/manual-payment`);
export const markOrderAsPaid = op('POST', `${COLLECTOR}/{ecomOrderId}/mark-as-paid`);
// the one path the generated client does not prefix with `/ecom` (its URL map for www.wixapis.com maps only
// `/ecom/v1/payments-collector`): `/v1/bulk/…` is sent as is (docs/wire.md "Payments: public and internal calls")
export const bulkMarkOrdersAsPaid = op('POST', '/v1/bulk/payments-collector/mark-as-paid');
export const getRefundability = op('GET', `${COLLECTOR}/{ecomOrderId}/refundability`);
export const triggerRefund = op('POST', `${COLLECTOR}/{ecomOrderId}/trigger-refund`);
export const voidAuthorizedPayments = op('POST', `${COLLECTOR}/{ecomOrderId}/void-authorized-payments`);
export const captureAuthorizedPayments = op('POST', `${COLLECTOR}/{ecomOrderId}/capture-authorized-payments`);

// Members: get any member by id and query members (`@wix/auto_sdk_members_members` getMember, queryMembers; docs/wire.md
// "Admin fidelity fixes"): the emulator serves them; no Inlay code calls them yet.
export const getMember = op('GET', '/members/v1/members/{id}');
export const queryMembers = op('POST', '/members/v1/members/query');

// The owner's members service (issue 41; `@wix/auto_sdk_members_members`; docs/wire.md "Members admin, badges, custom
// fields"): list, create, approve, block, mute, unmute, disconnect, delete, the bulk actions and a member's slug.
const MEMBERS = '/members/v1/members';
export const listMembers = op('GET', MEMBERS);
export const createMember = op('POST', MEMBERS);
export const approveMember = op('POST', `${MEMBERS}/{id}/approve`);
export const blockMember = op('POST', `${MEMBERS}/{id}/block`);
export const muteMember = op('POST', `${MEMBERS}/{id}/mute`);
export const unmuteMember = op('POST', `${MEMBERS}/{id}/unmute`);
export const disconnectMember = op('POST', `${MEMBERS}/{id}/disconnect`);
export const deleteMember = op('DELETE', `${MEMBERS}/{id}`);
export const updateMemberSlug = op('POST', `${MEMBERS}/{id}/slug`);
export const bulkApproveMembers = op('POST', `${MEMBERS}/bulk/approve-by-filter`);
export const bulkBlockMembers = op('POST', `${MEMBERS}/bulk/block-by-filter`);
export const bulkDeleteMembers = op('POST', `${MEMBERS}/bulk/delete`);
export const bulkDeleteMembersByFilter = op('POST', `${MEMBERS}/bulk/delete-by-filter`);

// Member badges, v3 (`@wix/auto_sdk_members_badges`; issue 41).
const BADGES = '/members/v3/badges';
export const createBadge = op('POST', BADGES);
export const listBadges = op('GET', BADGES);
export const getBadge = op('GET', `${BADGES}/{id}`);
export const updateBadge = op('PATCH', `${BADGES}/{badgeId}`);
export const deleteBadge = op('DELETE', `${BADGES}/{id}`);
export const assignBadge = op('POST', `${BADGES}/{id}/members`);
export const unassignBadge = op('DELETE', `${BADGES}/{id}/members`);
export const listMembersByBadge = op('GET', `${BADGES}/{id}/members`);
export const listBadgesPerMember = op('POST', `${BADGES}/members`);
export const getMemberCountsPerBadge = op('GET', `${BADGES}/members/count`);
export const updateBadgesDisplayOrder = op('PATCH', `${BADGES}/order`);

// Member custom fields (`@wix/auto_sdk_members_custom-fields`; issue 41).
const CUSTOM_FIELDS = '/members/v1/custom-fields';
export const listCustomFields = op('GET', CUSTOM_FIELDS);
export const getCustomField = op('GET', `${CUSTOM_FIELDS}/{id}`);
export const createCustomField = op('POST', CUSTOM_FIELDS);
export const updateCustomField = op('PATCH', `${CUSTOM_FIELDS}/{fieldId}`);
export const deleteCustomField = op('DELETE', `${CUSTOM_FIELDS}/{id}`);
export const hideCustomField = op('POST', `${CUSTOM_FIELDS}/{id}/hide`);
export const updateCustomFieldsOrder = op('POST', `${CUSTOM_FIELDS}/order`);
// The media library for the owner console (issue 41; `@wix/auto_sdk_media_files`, `@wix/auto_sdk_media_folders`;
// docs/wire.md "Media library"). generateUploadUrl, shared with review photos, is in ops/reviews.ts.
const MEDIA = '/site-media/v1';
export const listFiles = op('GET', `${MEDIA}/files`);
export const searchFiles = op('POST', `${MEDIA}/files/search`);
export const getFileDescriptor = op('GET', `${MEDIA}/files/get-file-by-id`);
export const getFileDescriptors = op('POST', `${MEDIA}/files/get-files`);
export const updateFileDescriptor = op('PATCH', `${MEDIA}/files/update-file-descriptor`);
export const bulkDeleteFiles = op('POST', `${MEDIA}/bulk/files/delete`);
export const listDeletedFiles = op('GET', `${MEDIA}/trash-bin/files`);
export const bulkRestoreFilesFromTrashBin = op('POST', `${MEDIA}/bulk/trash-bin/files/restore`);
export const createFolder = op('POST', `${MEDIA}/folders`);
export const listFolders = op('GET', `${MEDIA}/folders`);
export const getFolder = op('GET', `${MEDIA}/folders/{folderId}`);
export const updateFolder = op('PATCH', `${MEDIA}/folders/{folderId}`);
export const searchFolders = op('POST', `${MEDIA}/folders/search`);
export const queryFolders = op('POST', `${MEDIA}/folders/query`);
export const bulkDeleteFolders = op('POST', `${MEDIA}/bulk/folders/delete`);
export const listDeletedFolders = op('GET', `${MEDIA}/trash-bin/folders`);
export const bulkRestoreFoldersFromTrashBin = op('POST', `${MEDIA}/bulk/trash-bin/folders/restore`);
export const importFile = op('POST', `${MEDIA}/files/import`);
export const bulkImportFiles = op('POST', `${MEDIA}/bulk/files/import`);
export const bulkImportFile = op('POST', `${MEDIA}/bulk/files/import-v2`);
export const generateFileDownloadUrl = op('POST', `${MEDIA}/files/generate-file-download-url`);
export const generateFilesDownloadUrl = op('POST', `${MEDIA}/files/generate-download-url`);
export const generateVideoStreamingUrl = op('POST', `${MEDIA}/files/generate-video-stream-url`);
export const generateFolderDownloadUrl = op('POST', `${MEDIA}/folders/{folderId}/generate-download-url`);
export const generateFileResumableUploadUrl = op('POST', `${MEDIA}/files/generate-resumable-upload-url`);

// Tips and checkout settings (issue 40, i40-tips; docs/wire.md "i40-tips"): the Tips app's settings
// (`@wix/auto_sdk_ecom_tip-settings`), tips (`@wix/auto_sdk_ecom_tips`: a purchase flow's choice, a preview, an order's
// tip) and the site's checkout settings (`@wix/auto_sdk_ecom_checkout-settings`). The generated clients' own hosts map
// `/tip-settings` and `/tips` before the service's path.
const TIP_SETTINGS = '/tip-settings/v1/tip-settings';
export const queryTipSettings = op('POST', `${TIP_SETTINGS}/query`);
export const createTipSettings = op('POST', TIP_SETTINGS);
export const updateTipSettings = op('PATCH', TIP_SETTINGS);
export const createDefaultTipSettings = op('POST', `${TIP_SETTINGS}/create-default`);
export const deleteTipSettings = op('DELETE', `${TIP_SETTINGS}/{tipSettingsId}`);
const TIPS = '/tips/v1/tips';
export const previewTip = op('POST', `${TIPS}/preview`);
export const getTipByOrderId = op('GET', `${TIPS}/order/{orderId}`);
export const getTipChoice = op('GET', `${TIPS}/choice/{purchaseFlowId}`);
export const updateTipChoice = op('PATCH', `${TIPS}/choice`);
export const getCheckoutSettings = op('GET', '/ecom/v1/checkout-settings');
export const updateCheckoutSettings = op('PATCH', '/ecom/v1/checkout-settings');
// Back in stock, the owner's side (issue 40, i40-bis; docs/wire.md "i40-bis"): the report that sends the waiting
// shoppers' notices, marking one request notified by hand, and collecting on or off
// (`@wix/auto_sdk_ecom_back-in-stock-notifications`, `_back-in-stock-settings`: GetSettings is a PUT).
const BIS = '/back-in-stock-service/v1/back-in-stock-notification-requests';
export const reportItemsBackInStock = op('POST', `${BIS}/report-items-back-in-stock`);
export const markStockRequestSent = op('PUT', `${BIS}/{id}/mark-as-notification-sent`);
export const getStockSettings = op('PUT', `${BIS}/settings`);
export const startCollectingStockRequests = op('POST', `${BIS}/settings/start-collecting`);
export const stopCollectingStockRequests = op('POST', `${BIS}/settings/stop-collecting`);
// Discount rules, the store's automatic discounts (issue 40; `@wix/auto_sdk_ecom_discount-rules`; docs/wire.md
// "i40-disc").
const DISCOUNT_RULES = '/ecom/v1/discount-rules';
export const createDiscountRule = op('POST', DISCOUNT_RULES);
export const getDiscountRule = op('GET', `${DISCOUNT_RULES}/{discountRuleId}`);
export const updateDiscountRule = op('PATCH', `${DISCOUNT_RULES}/{discountRuleId}`);
export const deleteDiscountRule = op('DELETE', `${DISCOUNT_RULES}/{discountRuleId}`);
export const queryDiscountRules = op('POST', `${DISCOUNT_RULES}/query`);
// Tax groups, tax regions and their rates (issue 40, i40-tax; `@wix/auto_sdk_ecom_tax-groups`, `_tax-regions`,
// `_manual-tax-mappings`; docs/wire.md "i40-tax").
const TAX_GROUPS = '/billing/v1/tax-groups';
export const listDefaultTaxGroups = op('GET', `${TAX_GROUPS}/default-tax-groups`);
export const createTaxGroup = op('POST', TAX_GROUPS);
export const queryTaxGroups = op('POST', `${TAX_GROUPS}/query`);
export const getTaxGroup = op('GET', `${TAX_GROUPS}/{taxGroupId}`);
export const updateTaxGroup = op('PATCH', `${TAX_GROUPS}/{id}`);
export const deleteTaxGroup = op('DELETE', `${TAX_GROUPS}/{taxGroupId}`);
const TAX_REGIONS = '/billing/v1/tax-regions';
export const createTaxRegion = op('POST', TAX_REGIONS);
export const bulkCreateTaxRegion = op('POST', '/billing/v1/bulk/tax-regions/create');
export const queryTaxRegions = op('POST', `${TAX_REGIONS}/query`);
export const getTaxRegion = op('GET', `${TAX_REGIONS}/{taxRegionId}`);
export const updateTaxRegion = op('PATCH', `${TAX_REGIONS}/{id}`);
export const deleteTaxRegion = op('DELETE', `${TAX_REGIONS}/{taxRegionId}`);
const TAX_MAPPINGS = '/billing/v1/manual-tax-mappings';
export const createManualTaxMapping = op('POST', TAX_MAPPINGS);
export const queryManualTaxMappings = op('POST', `${TAX_MAPPINGS}/query`);
export const updateManualTaxMapping = op('PATCH', `${TAX_MAPPINGS}/{id}`);
export const deleteManualTaxMapping = op('DELETE', `${TAX_MAPPINGS}/{manualTaxMappingId}`);
// Shipping options (`@wix/auto_sdk_ecom_shipping-options`; docs/wire.md "i40-ship"), the delivery profile's regions
// they serve (Delivery Profiles: no generated client installed; the platform's docs' path) and the shipping label
// provider's configuration (the spec names it with its base path only: Inlay's choice of path and methods).
const SHIP = '/ecom/v1/shipping-options';
export const createShippingOption = op('POST', SHIP);
export const getShippingOption = op('GET', `${SHIP}/{shippingOptionId}`);
export const updateShippingOption = op('PATCH', `${SHIP}/{id}`);
export const deleteShippingOption = op('DELETE', `${SHIP}/{shippingOptionId}`);
export const queryShippingOptions = op('GET', `${SHIP}/query`, `${SHIP}/query`);
export const addShippingOptionRegion = op('POST', `${SHIP}/{shippingOptionId}/add-delivery-region`);
export const removeShippingOptionRegion = op('POST', `${SHIP}/{shippingOptionId}/remove-delivery-region`);
export const queryDeliveryProfiles = op('POST', '/ecom/v1/delivery-profiles/query');
const LABELS = '/ecom/v1/shipping-label-provider-configurations';
export const listShippingLabelConfigurations = op('GET', LABELS);
export const updateShippingLabelConfiguration = op('PATCH', `${LABELS}/{id}`);
