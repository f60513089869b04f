/**
 * Tips and checkout settings (issue 40, i40-tips; docs/wire.md "i40-tips"), as the generated clients send them:
 * - tip settings (`@wix/auto_sdk_ecom_tip-settings`): query, create, update, create the default, delete; the site's
 *   admin identity only;
 * - tips (`@wix/auto_sdk_ecom_tips`): preview a tip (any caller), a purchase flow's tip choice (its own visitor or
 *   member, or the admin identity), an order's tip (admin);
 * - checkout settings (`@wix/auto_sdk_ecom_checkout-settings`): get and update (admin).
 * Limits the types do not document are Inlay's (TIP_LIMITS, CHECKOUT_LIMITS) and written in docs/wire.md.
 */
import { z } from 'zod';
import { adminOps } from '../../core/urls.ts';
import { cursorAlone, cursorPage, cursorQuery, applyFilter, applySort, type FieldAccessor } from '../domain/query.ts';
import {
  allTipSettings,
  decimalOf,
  defaultChoice,
  defaultTipSettings,
  deleteTipSettings,
  hundredthsOf,
  insertTipSettings,
  offeredTipSettings,
  orderTip,
  purchaseFlowOwner,
  saveTipChoice,
  saveTipSettings,
  storedTipChoice,
  TIP_SETTINGS_DEFAULTS,
  tipCentsOf,
  tipSettingsById,
  type TipSettings,
  type TipSettingsData,
} from '../domain/tips.ts';
import { checkoutSettings, updateCheckoutSettings } from '../domain/checkout-settings.ts';
import { orderById, ownerKey } from '../domain/commerce.ts';
import { badRequestApp, conflict, notFound } from '../errors.ts';
import type { RequestContext, RouteModule } from '../router.ts';
import { GUID, httpUrl, oneLine, paramsObject, validate } from '../validate.ts';

/** Inlay's bounds where the types give none: an AMOUNT preset and a tip choice's value (currency units). */
export const TIP_LIMITS = { maxAmount: 10000, maxPercentage: 100, queryLimit: 100 } as const;
/** Inlay's bounds for the checkout settings' texts (the types bound only the header's text, 55). */
export const CHECKOUT_LIMITS = { headerText: 55, policyContent: 10000, policyTitle: 100 } as const;

const guid = z.string().regex(GUID, 'must be a GUID');
/** A decimal string, at least 0, at most two decimals (`@decimalValue options { gte:0, maxScale:2 }`). */
const decimal = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, { message: 'must be a decimal of at least 0 with at most 2 decimals' });
const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

const presetSchema = z.object({
  value: z
    .number()
    .min(0)
    .max(TIP_LIMITS.maxAmount)
    .refine(twoDecimals, { message: 'must have at most 2 decimals', params: { violatedRule: 'DECIMAL_MAX_SCALE' } }),
  default: z.boolean().nullish(),
});

/** The fields a settings object may be given; read-only ones (id, revision, dates, default) are accepted as sent. */
const settingsFields = {
  id: z.string().max(100).nullish(),
  locationId: guid.nullish(),
  paymentTerminalId: oneLine().max(30).nullish(),
  userId: guid.nullish(),
  tipType: z.enum(['PERCENTAGE', 'AMOUNT'], { message: 'must be PERCENTAGE or AMOUNT' }),
  presets: z.array(presetSchema).min(1).max(3),
  allowCustomerTip: z.boolean().nullish(),
  allowBusinessTipAtPayment: z.boolean().nullish(),
  allowCustomAmount: z.boolean().nullish(),
  allowEditDistribution: z.boolean().nullish(),
  autoTipOnCheckInEnabled: z.boolean().nullish(),
  autoTipOnCheckInPercentage: z.number().min(1).max(100).nullish(),
  staffDistributionMethod: z.enum(['UNKNOWN_SPLIT_METHOD', 'EQUAL', 'PROPORTIONAL']).nullish(),
  revision: z.union([z.string().max(20), z.number()]).nullish(),
  createdDate: z.unknown().optional(),
  updatedDate: z.unknown().optional(),
  default: z.boolean().nullish(),
  appId: guid.nullish(),
  extendedFields: z.unknown().optional(),
};
const createSchema = z.object({ tipSettings: z.object(settingsFields) });
const updateSchema = z.object({
  tipSettings: z.object({
    ...settingsFields,
    id: guid,
    tipType: settingsFields.tipType.optional(),
    presets: settingsFields.presets.optional(),
  }),
  fieldMask: z.unknown().optional(),
});
const querySchema = z.object({
  query: z
    .object({
      filter: z.unknown().optional(),
      sort: z.unknown().optional(),
      cursorPaging: z
        .object({
          limit: z.coerce.number().int().min(0).max(TIP_LIMITS.queryLimit).nullish(),
          cursor: z.string().max(2000).nullish(),
        })
        .optional(),
      paging: z.object({ limit: z.coerce.number().int().min(0).max(TIP_LIMITS.queryLimit).nullish() }).optional(),
    })
    .default({}),
});
const choiceSchema = z.object({
  value: decimal,
  tipType: z.enum(['PERCENTAGE', 'AMOUNT', 'CUSTOM'], { message: 'must be PERCENTAGE, AMOUNT or CUSTOM' }),
});
const updateChoiceSchema = z.object({ tipChoice: choiceSchema, purchaseFlowId: z.string().min(1).max(100) });
const previewSchema = z.object({
  lineItemInfo: z
    .array(
      z.object({
        lineItemId: z.string().min(1).max(100).nullish(),
        catalogReference: z.object({ catalogItemId: z.string().min(1).max(100), appId: z.string().min(1).max(100) }),
        price: decimal,
        name: z.string().min(1).max(200).nullish(),
        quantity: z.number().int().min(1).max(100000).nullish(),
      }),
    )
    .min(1)
    .max(50),
  tipChoice: choiceSchema,
  tipSettingsId: guid.nullish(),
  draftOrderId: guid.nullish(),
});

// ------------------------------------------------------------------------------------------ checkout settings

const hex = z
  .string()
  .regex(/^#[0-9A-Fa-f]{6}$/, { message: 'must be a hex colour, as #1A2B3C' })
  .nullish();
const image = z.object({
  id: z.string().max(500).nullish(),
  url: httpUrl,
  height: z.number().int().min(0).nullish(),
  width: z.number().int().min(0).nullish(),
  altText: z.string().max(200).nullish(),
});
const fill = z.object({ color: hex, image: image.nullish() }).nullish();
const policy = z
  .object({ visible: z.boolean().nullish(), content: z.string().max(CHECKOUT_LIMITS.policyContent).nullish() })
  .nullish();
const checkbox = z.object({ visible: z.boolean().nullish(), checkedByDefault: z.boolean().nullish() }).nullish();
const checkoutSettingsSchema = z.object({
  checkoutSettings: z.object({
    checkoutPolicies: z
      .object({
        termsAndConditions: policy,
        privacyPolicy: policy,
        returnPolicy: policy,
        digitalItemPolicy: policy,
        contactUs: policy,
        customPolicy: z
          .object({
            visible: z.boolean().nullish(),
            content: z.string().max(CHECKOUT_LIMITS.policyContent).nullish(),
            title: oneLine().max(CHECKOUT_LIMITS.policyTitle).nullish(),
          })
          .nullish(),
      })
      .nullish(),
    checkoutFields: z
      .object({
        subscriptionCheckbox: z
          .object({
            visible: z.boolean().nullish(),
            checkedByDefault: z.boolean().nullish(),
            splitByChannel: z.boolean().nullish(),
          })
          .nullish(),
        policyAgreementCheckbox: checkbox,
        giftCardRedeemEnabled: z.boolean().nullish(),
        mitEnabled: z.boolean().nullish(),
        delayCaptureEnabled: z.boolean().nullish(),
        captureBeforeExpiryEnabled: z.boolean().nullish(),
      })
      .nullish(),
    checkoutBrand: z
      .object({
        header: z
          .object({
            text: oneLine().max(CHECKOUT_LIMITS.headerText).nullish(),
            textColor: hex,
            logo: z.object({ size: z.enum(['SMALL', 'MEDIUM', 'LARGE']).nullish(), image: image.nullish() }).nullish(),
            alignment: z.enum(['SIDE', 'CENTER']).nullish(),
            displayCheckoutLabel: z.boolean().nullish(),
            continueShopping: z
              .object({ hidden: z.boolean().nullish(), displayType: z.enum(['TEXT', 'ICON']).nullish() })
              .nullish(),
            backgroundFill: fill,
            dividerColor: hex,
          })
          .nullish(),
        mainSection: z
          .object({
            formBackgroundFill: fill,
            summaryBackgroundFill: fill,
            dividerColor: hex,
            tintedBoxColor: hex,
            expressButtonsCornerRadius: z.enum(['RECTANGLE', 'PILL']).nullish(),
            cornerRadius: z.number().int().min(0).max(100).nullish(),
          })
          .nullish(),
        footer: z.object({ backgroundFill: fill, dividerColor: hex }).nullish(),
        global: z.object({ selectionColor: hex, placeOrderButtonColor: hex, buttonColor: hex }).nullish(),
      })
      .nullish(),
    checkoutBillingFields: z.enum(['All_FIELDS', 'MINIMUM_REQUIRED_FIELDS']).nullish(),
    createdDate: z.unknown().optional(),
    updatedDate: z.unknown().optional(),
  }),
  fieldMask: z.unknown().optional(),
});

// ------------------------------------------------------------------------------------------ helpers

const TIP_FIELDS: Record<string, FieldAccessor<TipSettings>> = {
  id: (s) => s.id,
  default: (s) => s.default,
  tipType: (s) => s.tipType,
  locationId: (s) => s.locationId ?? null,
  paymentTerminalId: (s) => s.paymentTerminalId ?? null,
  userId: (s) => s.userId ?? null,
  appId: (s) => s.appId ?? null,
  allowCustomerTip: (s) => s.allowCustomerTip,
  createdDate: (s) => s.createdDate,
  updatedDate: (s) => s.updatedDate,
};

/** A settings object as the wire has it (numbers for presets, revision a string). */
const wireSettings = (s: TipSettings) => ({
  ...s,
  presets: s.presets.map((p) => ({ value: p.value, default: p.default })),
});

type SettingsInput = z.output<typeof createSchema>['tipSettings'];

/** The stored fields of an input: one identifier at most, at most one default preset, a percentage up to 100. */
function settingsData(input: Partial<SettingsInput>, base: TipSettingsData | undefined, path: string): TipSettingsData {
  const ids = (['locationId', 'paymentTerminalId', 'userId'] as const).filter((k) => input[k]);
  if (ids.length > 1)
    throw badRequestApp('INVALID_ARGUMENT', 'Give one of locationId, paymentTerminalId and userId', {
      fields: ids.map((k) => `${path}.${k}`),
    });
  const tipType = input.tipType ?? base?.tipType ?? 'PERCENTAGE';
  const presets = (input.presets ?? base?.presets ?? []).map((p) => ({ value: p.value, default: p.default === true }));
  if (presets.filter((p) => p.default).length > 1)
    throw badRequestApp('CANNOT_HAVE_MORE_THAN_ONE_DEFAULT_PRESET', 'Only one preset can be the default');
  if (tipType === 'PERCENTAGE' && presets.some((p) => p.value > TIP_LIMITS.maxPercentage))
    throw badRequestApp('PRESET_PERCENTAGE_TOO_HIGH', `A percentage preset can be at most ${TIP_LIMITS.maxPercentage}`);
  const flag = (k: (keyof typeof TIP_SETTINGS_DEFAULTS & `allow${string}`) | 'autoTipOnCheckInEnabled') =>
    input[k] ?? base?.[k] ?? (TIP_SETTINGS_DEFAULTS[k] as boolean);
  const keep = <K extends 'locationId' | 'paymentTerminalId' | 'userId' | 'appId'>(k: K) =>
    (input[k] ?? base?.[k]) ? { [k]: (input[k] ?? base?.[k])! } : {};
  const auto = input.autoTipOnCheckInPercentage ?? base?.autoTipOnCheckInPercentage;
  return {
    ...keep('locationId'),
    ...keep('paymentTerminalId'),
    ...keep('userId'),
    ...keep('appId'),
    tipType,
    presets,
    allowCustomerTip: flag('allowCustomerTip'),
    allowBusinessTipAtPayment: flag('allowBusinessTipAtPayment'),
    allowCustomAmount: flag('allowCustomAmount'),
    allowEditDistribution: flag('allowEditDistribution'),
    autoTipOnCheckInEnabled: flag('autoTipOnCheckInEnabled'),
    ...(auto != null ? { autoTipOnCheckInPercentage: auto } : {}),
    staffDistributionMethod:
      input.staffDistributionMethod ?? base?.staffDistributionMethod ?? TIP_SETTINGS_DEFAULTS.staffDistributionMethod,
  };
}

/** The wire's tip choice. */
const wireChoice = (c: { tipType: string; hundredths: number }) => ({
  value: decimalOf(c.hundredths),
  tipType: c.tipType,
});

/** A purchase flow the caller may see: its own cart's (visitor or member), any for the admin identity; else 404. */
function flowOf(ctx: RequestContext, purchaseFlowId: string): string {
  const caller = ctx.caller();
  const owner = purchaseFlowOwner(ctx.db, purchaseFlowId);
  if (caller.kind === 'admin' || (owner !== undefined && owner === ownerKey(caller))) return purchaseFlowId;
  throw notFound('Purchase flow not found', 'PERSON_IDENTITY_NOT_FOUND');
}

export const tipsRoutes: RouteModule = (router) => {
  // ---------------------------------------------------------------------------------------- tip settings
  router.operation(adminOps.queryTipSettings, (ctx) => {
    ctx.requireAdmin();
    const { query } = validate(querySchema, ctx.body);
    cursorAlone(query);
    const { filter, sort } = cursorQuery(query);
    const rows = applySort(applyFilter(allTipSettings(ctx.db), filter, TIP_FIELDS), sort, TIP_FIELDS);
    const limit = query.cursorPaging?.limit ?? query.paging?.limit ?? 50;
    const page = cursorPage(rows, { limit, cursor: query.cursorPaging?.cursor ?? null }, 50, { filter, sort });
    return { json: { tipSettings: page.items.map(wireSettings), pagingMetadata: page.metadata } };
  });

  router.operation(adminOps.createTipSettings, (ctx) => {
    ctx.requireAdmin();
    const { tipSettings } = validate(createSchema, ctx.body);
    if (tipSettings.default)
      throw badRequestApp('INVALID_ARGUMENT', 'You can’t create tip settings with default: true (use create-default)');
    const data = settingsData(tipSettings, undefined, 'tipSettings');
    return { json: { tipSettings: wireSettings(insertTipSettings(ctx.db, data, false, ctx.now())) } };
  });

  router.operation(adminOps.createDefaultTipSettings, (ctx) => {
    ctx.requireAdmin();
    const { tipSettings } = validate(createSchema, ctx.body);
    const data = settingsData(tipSettings, undefined, 'tipSettings');
    const made = ctx.db.transaction(() => {
      if (defaultTipSettings(ctx.db))
        throw badRequestApp('DEFAULT_SETTINGS_ALREADY_EXISTS', 'The site already has default tip settings');
      return insertTipSettings(ctx.db, data, true, ctx.now());
    })();
    return { json: { tipSettings: wireSettings(made) } };
  });

  router.operation(adminOps.updateTipSettings, (ctx) => {
    ctx.requireAdmin();
    const { tipSettings } = validate(updateSchema, ctx.body);
    const saved = ctx.db.transaction(() => {
      const current = tipSettingsById(ctx.db, tipSettings.id);
      if (!current) throw notFound('Tip settings not found', 'TIP_SETTINGS_NOT_FOUND');
      if (tipSettings.default === true && !current.default)
        throw badRequestApp('DEFAULT_SETTINGS_ALREADY_EXISTS', 'You can’t make these settings the default');
      if (tipSettings.revision != null && String(tipSettings.revision) !== current.revision)
        throw conflict('The tip settings changed since they were read: read them again', 'REVISION_MISMATCH', {
          revision: current.revision,
        });
      return saveTipSettings(ctx.db, current.id, settingsData(tipSettings, current, 'tipSettings'), ctx.now());
    })();
    return { json: { tipSettings: wireSettings(saved) } };
  });

  router.operation(adminOps.deleteTipSettings, (ctx) => {
    ctx.requireAdmin();
    const id = validate(guid, ctx.params.tipSettingsId, 'tipSettingsId');
    const current = tipSettingsById(ctx.db, id);
    if (!current) throw notFound('Tip settings not found', 'TIP_SETTINGS_NOT_FOUND');
    if (current.default)
      throw badRequestApp('CANNOT_DELETE_DEFAULT_SETTINGS', 'The default tip settings can’t be deleted');
    deleteTipSettings(ctx.db, id);
    return { json: {} };
  });

  // ---------------------------------------------------------------------------------------- tips
  router.operation(adminOps.previewTip, (ctx) => {
    ctx.caller();
    const body = validate(previewSchema, ctx.body);
    if (body.tipSettingsId && !tipSettingsById(ctx.db, body.tipSettingsId))
      throw notFound('Tip settings not found', 'TIP_SETTINGS_NOT_FOUND');
    const subtotal = body.lineItemInfo.reduce((n, l) => n + hundredthsOf(l.price) * (l.quantity ?? 1), 0);
    const amount = tipCentsOf(
      { tipType: body.tipChoice.tipType, hundredths: hundredthsOf(body.tipChoice.value) },
      subtotal,
    );
    const d = (c: number) => (c / 100).toFixed(2);
    return {
      json: {
        tip: { lineItemSubtotal: d(subtotal), amount: d(amount), distributions: [], undistributedAmount: d(amount) },
      },
    };
  });

  router.operation(adminOps.getTipChoice, (ctx) => {
    const flow = flowOf(ctx, validate(z.string().min(1).max(100), ctx.params.purchaseFlowId, 'purchaseFlowId'));
    const offered = offeredTipSettings(ctx.db);
    const choice = storedTipChoice(ctx.db, flow) ?? (offered && defaultChoice(offered));
    return { json: { tipChoice: choice ? wireChoice(choice) : { tipType: 'UNKNOWN_TIP_TYPE' } } };
  });

  router.operation(adminOps.updateTipChoice, (ctx) => {
    const body = validate(updateChoiceSchema, ctx.body);
    const flow = flowOf(ctx, body.purchaseFlowId);
    const choice = { tipType: body.tipChoice.tipType, hundredths: hundredthsOf(body.tipChoice.value) };
    saveTipChoice(ctx.db, flow, choice, ctx.now());
    return { json: { tipChoice: wireChoice(choice) } };
  });

  router.operation(adminOps.getTipByOrderId, (ctx) => {
    ctx.requireAdmin();
    const orderId = validate(z.string().min(1).max(100), ctx.params.orderId, 'orderId');
    if (!orderById(ctx.db, orderId)) throw notFound('Order not found', 'ORDER_NOT_FOUND');
    const tip = orderTip(ctx.db, orderId);
    if (!tip) throw notFound('The order has no tip', 'TIP_NOT_FOUND');
    return { json: { tip } };
  });

  // ---------------------------------------------------------------------------------------- checkout settings
  router.operation(adminOps.getCheckoutSettings, (ctx) => {
    ctx.requireAdmin();
    paramsObject(ctx.query);
    return { json: { checkoutSettings: checkoutSettings(ctx.db) } };
  });

  router.operation(adminOps.updateCheckoutSettings, (ctx) => {
    ctx.requireAdmin();
    const { checkoutSettings: patch } = validate(checkoutSettingsSchema, ctx.body);
    const { createdDate: _c, updatedDate: _u, ...fields } = patch;
    return { json: { checkoutSettings: updateCheckoutSettings(ctx.db, fields, ctx.now()) } };
  });
};
