/**
 * The request bodies of the site companion's routes (docs/companion.md), by `METHOD /path`: the companion checks
 * every body with these schemas (400 with field violations otherwise), and the browser's calls take their types
 * (`import type`) from here, so a body is declared once. The routes themselves (method, path, answer schema) are in
 * the areas' tables (companion-routes.ts, orders.ts, admin-orders.ts, order-changes.ts, admin-payments.ts,
 * admin-abandoned.ts, admin-media.ts); companion-table.ts joins the two, and refuses a body here for a route there is not.
 *
 * Only the companion and the tests import this file's values. A browser module imports its types only: its schemas,
 * and the zod kinds they use that the browser's answers never need (`email`, `iso.datetime`, `record`, `union`, the
 * number formats…), would otherwise be paid on every page (zod travels in the core chunk). A widget chunk imported as
 * a whole namespace (`import('…/companion.ts')`) keeps every export of its module, so they cannot sit beside the
 * calls either.
 */
/* eslint-disable no-restricted-properties -- record and union are the companion's, never a browser's (above) */
import { z } from 'zod/mini';
import {
  FULFILLMENT_STATUSES,
  ORDER_ID,
  ORDER_SORT_FIELDS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  TAG,
} from './admin-orders.ts';
import { BULK_MAX, MEMBER_ID, MEMBER_SORTS, MEMBER_STATUSES } from './admin-members.ts';
import { MEDIA_MAX_BYTES, MEDIA_TYPES } from './admin-media.ts';
import { MAX_PRESETS, TIP_TYPES } from './admin-tips.ts';
import { PUBLIC_READS_MAX, safePath } from './public-reads.ts';
import { RULE_NAME_MAX, RULE_TARGETS, RULE_TRIGGERS, RULE_TYPES } from './admin-discounts.ts';

/**
 * A request body the route takes as raw bytes, not JSON: a review photo (the image's own type in Content-Type; the
 * companion checks the type, the size and the bytes).
 */
export const IMAGE_BYTES = 'image bytes';

const text = (...checks: z.core.$ZodCheck<string>[]) => z.string().check(...checks);
const int = (min: number, max?: number) =>
  z.number().check(z.int(), z.gte(min), ...(max === undefined ? [] : [z.lte(max)]));
const trimmed = (min: number, max: number) => text(z.trim(), z.minLength(min), z.maxLength(max));
/** Optional, trimmed, at most `max` characters. */
const upTo = (max: number) => z.optional(text(z.trim(), z.maxLength(max)));
const email = text(z.trim(), z.maxLength(254), z.email());
const isoDate = z.iso.datetime({ offset: true });
const size = { width: z.optional(int(0)), height: z.optional(int(0)) };

// ------------------------------------------------------------------ a visitor's and a member's (companion-routes.ts)

const namespace = trimmed(1, 50);
const decision = z.enum(['APPROVED', 'REJECTED']);

const visitor = {
  'POST /reviews': z.strictObject({
    namespace,
    entityId: trimmed(1, 100),
    name: trimmed(1, 50),
    email,
    content: z.strictObject({
      title: z.optional(text(z.maxLength(100))),
      body: z.optional(text(z.maxLength(3000))),
      rating: int(1, 5),
      media: z.optional(
        z
          .array(
            z.strictObject({
              image: z.strictObject({ id: text(z.maxLength(200)), url: z.optional(text(z.maxLength(2000))), ...size }),
            }),
          )
          .check(z.maxLength(5)),
      ),
    }),
    captcha: text(z.minLength(1), z.maxLength(2000)),
  }),
  /** A JPEG, PNG, WebP or GIF, its own type in Content-Type, at most 10 MB, its bytes the type it says. */
  'POST /media': IMAGE_BYTES,
  /** The platform's create body (docs/spec/wire-protocol.md §7), strict. */
  'POST /stock-requests': z.strictObject({
    request: z.strictObject({
      catalogReference: z.strictObject({
        appId: text(z.minLength(1), z.maxLength(100)),
        catalogItemId: text(z.minLength(1), z.maxLength(100)),
        options: z.optional(
          z.strictObject({
            variantId: z.optional(text(z.maxLength(100))),
            options: z.optional(z.record(text(z.maxLength(100)), text(z.maxLength(200)))),
          }),
        ),
      }),
      email,
      itemUrl: z.optional(text(z.maxLength(2000))),
    }),
    itemDetails: z.strictObject({
      name: trimmed(1, 200),
      price: text(z.maxLength(30)),
      image: z.optional(
        z.strictObject({ id: z.optional(text(z.maxLength(200))), url: text(z.maxLength(2000)), ...size }),
      ),
    }),
  }),
  // the owner's review moderation
  'POST /reviews/pending': z.strictObject({
    namespace,
    entityId: z.optional(trimmed(1, 100)),
    cursor: z.optional(text(z.minLength(1), z.maxLength(16_000))),
  }),
  'POST /reviews/bulk-moderate': z.strictObject({ namespace, entityId: trimmed(1, 100), status: decision }),
  'POST /reviews/{id}/moderate': z.strictObject({ status: decision }),
  'PUT /reviews/{id}/reply': z.strictObject({ message: trimmed(1, 3000) }),
  // public reads (companion/public.ts): which reads are public is public-reads.ts's, per read (403 in its slot)
  'POST /public/reads': z.strictObject({
    reads: z
      .array(
        z
          .strictObject({
            method: z.enum(['GET', 'POST']),
            path: text(
              z.maxLength(2000),
              z.refine(safePath, 'must be a platform path: one leading /, no //, .., # or scheme'),
            ),
            body: z.optional(z.unknown()),
          })
          .check(z.refine((r) => r.method === 'POST' || r.body === undefined, 'a GET read takes no body')),
      )
      .check(z.maxLength(PUBLIC_READS_MAX)),
  }),
} as const;

// ------------------------------------------------------------------ a member's orders (orders.ts)

const account = {
  'POST /my/orders': z.strictObject({
    cursor: z.optional(text(z.minLength(1), z.maxLength(12_000))),
    limit: z.optional(int(1, 50)),
  }),
  'POST /my/orders/{id}/cancel': z.strictObject({ reason: upTo(500) }),
};

// ------------------------------------------------------------------ the owner's orders (admin-orders.ts, order-changes.ts)

const few = <T extends z.ZodMiniType>(t: T) => z.optional(z.array(t).check(z.minLength(1), z.maxLength(10)));
const tags = z.optional(z.array(text(z.regex(TAG))).check(z.maxLength(100)));
const note = z.strictObject({ message: trimmed(1, 5000) });
const addressWithContact = z.strictObject({
  address: z.strictObject({
    country: text(z.regex(/^[A-Za-z]{2}$/)),
    subdivision: upTo(50),
    city: upTo(100),
    postalCode: upTo(50),
    addressLine1: upTo(200),
    addressLine2: upTo(200),
  }),
  contactDetails: z.optional(
    z.strictObject({ firstName: upTo(100), lastName: upTo(100), phone: upTo(50), company: upTo(100) }),
  ),
});
const MAX_PERIOD_MS = 5 * 366 * 24 * 3600 * 1000;

/** An order edit (the edit and its preview take the same body). */
const orderEdit = z
  .strictObject({
    lines: z.optional(
      z
        .array(
          z.strictObject({
            id: text(z.regex(ORDER_ID)),
            /** The quantity the owner saw: a line that changed meanwhile is refused (409 `ORDER_CHANGED`). */
            before: int(1, 100_000),
            /** The new quantity; 0 removes the line. */
            quantity: int(0, 100_000),
          }),
        )
        .check(z.maxLength(300)),
    ),
    shippingAddress: z.optional(addressWithContact),
    billingAddress: z.optional(addressWithContact),
    reason: trimmed(1, 200),
    restock: z.optional(z.boolean()),
    notifyBuyer: z.optional(z.boolean()),
  })
  .check(
    z.superRefine((b, ctx) => {
      const ids = (b.lines ?? []).map((l) => l.id);
      if (new Set(ids).size !== ids.length)
        ctx.addIssue({ code: 'custom', path: ['lines'], message: 'lists a line twice' });
      if (!(b.lines ?? []).some((l) => l.quantity !== l.before) && !b.shippingAddress && !b.billingAddress)
        ctx.addIssue({ code: 'custom', path: ['lines'], message: 'nothing to change' });
    }),
  );

const adminOrders = {
  'POST /admin/orders/search': z.strictObject({
    status: few(z.enum(ORDER_STATUSES)),
    paymentStatus: few(z.enum(PAYMENT_STATUSES)),
    fulfillmentStatus: few(z.enum(FULFILLMENT_STATUSES)),
    from: z.optional(isoDate),
    to: z.optional(isoDate),
    text: z.optional(trimmed(1, 100)),
    tag: z.optional(text(z.regex(TAG))),
    sort: z.optional(z.strictObject({ field: z.enum(ORDER_SORT_FIELDS), order: z.optional(z.enum(['ASC', 'DESC'])) })),
    limit: z.optional(int(1, 100)),
    cursor: z.optional(text(z.minLength(1), z.maxLength(12_000))),
    /** Only orders whose buyer's cancellation request awaits an answer (read in one go, at most the 1000 newest open). */
    requested: z.optional(z.literal(true)),
  }),
  'POST /admin/orders/summary': z.strictObject({ from: isoDate, to: isoDate }).check(
    z.refine((b) => Date.parse(b.from) < Date.parse(b.to), { path: ['to'], message: 'must be after from' }),
    z.refine((b) => Date.parse(b.to) - Date.parse(b.from) <= MAX_PERIOD_MS, {
      path: ['to'],
      message: 'a period is at most 5 years',
    }),
  ),
  'POST /admin/orders/{id}/notes': note,
  'PATCH /admin/orders/{id}/notes/{activityId}': note,
  'POST /admin/orders/{id}/status': z.strictObject({ status: z.enum(ORDER_STATUSES) }),
  /** `note`: the owner's own words, kept in the decline's merchant comment (never shown to the buyer). */
  'POST /admin/orders/{id}/cancel-request/decline': z.strictObject({ note: z.optional(trimmed(1, 1000)) }),
  'POST /admin/orders/{id}/cancel': z
    .strictObject({ sendEmail: z.boolean(), message: z.optional(trimmed(1, 1000)), restock: z.boolean() })
    .check(
      z.refine((b) => b.sendEmail || b.message === undefined, {
        path: ['message'],
        message: 'goes in the email: send the email or leave the message out',
      }),
    ),
  'POST /admin/orders/tags': z
    .strictObject({
      orderIds: z.array(text(z.regex(ORDER_ID))).check(z.minLength(1), z.maxLength(100)),
      assign: tags,
      remove: tags,
    })
    .check(
      z.superRefine((b, ctx) => {
        if (new Set(b.orderIds).size !== b.orderIds.length)
          ctx.addIssue({ code: 'custom', path: ['orderIds'], message: 'lists an order twice' });
        if (!b.assign?.length && !b.remove?.length)
          ctx.addIssue({ code: 'custom', path: ['assign'], message: 'assign or remove at least one tag' });
        const assigned = new Set(b.assign ?? []);
        if ((b.remove ?? []).some((t) => assigned.has(t)))
          ctx.addIssue({ code: 'custom', path: ['remove'], message: 'a tag cannot be assigned and removed at once' });
      }),
    ),
  'POST /admin/orders/{id}/edit': orderEdit,
  /** The same edit priced as a draft order and not applied: the confirmation's totals. */
  'POST /admin/orders/{id}/edit/preview': orderEdit,
};

// ------------------------------------------------------------------ the owner's payments (admin-payments.ts, order-changes.ts)

/** Every change to one order carries the `revision` of the money its confirmation showed. */
const revision = text(z.minLength(1), z.maxLength(64));
const id = text(z.regex(ORDER_ID, 'is not a valid id'));
/** A positive amount in the order's currency, as the platform writes it: `"12.50"`. */
const amount = text(
  z.regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be an amount like 12.50'),
  z.refine((s: string) => Number(s) > 0, 'must be more than 0'),
);
const method = z.union([
  z.strictObject({ predefined: z.enum(['CASH', 'BANK_TRANSFER', 'CHECK']) }),
  z.strictObject({ custom: trimmed(1, 150) }),
]);
const lines = z.optional(
  z.array(z.strictObject({ lineItemId: id, quantity: int(1, 100_000) })).check(z.maxLength(300)),
);
const ids = (max: number) => z.array(id).check(z.minLength(1), z.maxLength(max));

const adminPayments = {
  'POST /admin/orders/{id}/mark-as-paid': z.strictObject({ revision, method: z.optional(method) }),
  'POST /admin/orders/{id}/manual-payment': z.strictObject({ revision, amount, method: z.optional(method) }),
  'POST /admin/orders/{id}/refund': z.strictObject({
    revision,
    paymentId: id,
    amount: z.optional(amount),
    externalRefund: z.optional(z.boolean()),
    lineItems: lines,
    shippingIncluded: z.optional(z.boolean()),
    /** Some of the shipping (at most what is not refunded yet): the platform's `details.shipping.amount`. */
    shippingAmount: z.optional(amount),
    reason: upTo(200),
    restock: z.optional(z.strictObject({ type: z.enum(['NO_ITEMS', 'ALL_ITEMS', 'SOME_ITEMS']), items: lines })),
    sendEmail: z.optional(z.boolean()),
    customMessage: z.optional(trimmed(1, 1000)),
  }),
  'POST /admin/orders/{id}/capture': z.strictObject({
    revision,
    payments: z
      .array(z.strictObject({ paymentId: id, amount: z.optional(amount) }))
      .check(z.minLength(1), z.maxLength(20)),
  }),
  'POST /admin/orders/{id}/void': z.strictObject({ revision, paymentIds: ids(20) }),
  'POST /admin/orders/mark-as-paid': z.strictObject({
    orderIds: ids(100).check(z.refine((l: string[]) => new Set(l).size === l.length, 'lists an order twice')),
  }),
};

// ------------------------------------------------------------------ the owner's fulfilment (admin-fulfillments.ts)

/** A link the buyer will open: an absolute http(s) URL, at most 2048 characters, no whitespace. */
const trackingLink = text(
  z.trim(),
  z.maxLength(2048),
  z.regex(/^https?:\/\/[^\s]+$/i, 'must be an http(s) link'),
  z.refine((v: string) => {
    try {
      return /^https?:$/.test(new URL(v).protocol);
    } catch {
      return false;
    }
  }, 'must be an http(s) link'),
);
/** Carrier (a predefined one or any name), number and link: each optional; an empty string clears it in an edit. */
const tracking = z.strictObject({
  carrier: z.optional(text(z.trim(), z.maxLength(100))),
  number: z.optional(text(z.trim(), z.maxLength(100))),
  link: z.optional(z.union([z.literal(''), trackingLink])),
});

const adminFulfillments = {
  'POST /admin/orders/{id}/fulfillments': z.strictObject({
    revision,
    lines: z.array(z.strictObject({ lineItemId: id, quantity: z.optional(int(1, 100_000)) })).check(
      z.minLength(1),
      z.maxLength(300),
      z.refine(
        (l: { lineItemId: string }[]) => new Set(l.map((x) => x.lineItemId)).size === l.length,
        'lists a line twice',
      ),
    ),
    tracking: z.optional(tracking),
    notify: z.boolean(),
  }),
  'PATCH /admin/orders/{id}/fulfillments/{fulfillmentId}': z.strictObject({ revision, tracking }),
  'POST /admin/orders/mark-shipped': z.strictObject({
    orderIds: ids(100).check(z.refine((l: string[]) => new Set(l).size === l.length, 'lists an order twice')),
    notify: z.boolean(),
  }),
};

// ------------------------------------------------------------------ the owner's abandoned checkouts (admin-abandoned.ts)

const adminAbandoned = {
  'POST /admin/abandoned-checkouts': z.strictObject({
    status: z.optional(z.enum(['ABANDONED', 'RECOVERED'])),
    cursor: z.optional(text(z.minLength(1), z.maxLength(16_000))),
    limit: z.optional(int(1, 50)),
  }),
  'POST /admin/abandoned-checkouts/{id}/recovery-email': z.strictObject({ force: z.optional(z.boolean()) }),
};

// ------------------------------------------------------------------ the owner's members (admin-members.ts)

const memberId = text(z.regex(MEMBER_ID, 'must be a member id'));
/** The list's filter, which a bulk action acts by. */
const memberFilter = {
  status: z.optional(z.enum(MEMBER_STATUSES)),
  joinedFrom: z.optional(isoDate),
  joinedTo: z.optional(isoDate),
  search: z.optional(text(z.trim(), z.minLength(1), z.maxLength(100))),
};
const bulkMembers = (assignee: boolean) =>
  z.strictObject({
    filter: z.strictObject(memberFilter),
    count: int(1, BULK_MAX),
    ...(assignee ? { contentAssigneeId: z.optional(memberId) } : {}),
  });
const color = z.optional(text(z.regex(/^#[0-9A-Fa-f]{6}$/, 'must be a colour as #RRGGBB')));

const adminMembers = {
  'POST /admin/members/search': z.strictObject({
    ...memberFilter,
    sort: z.optional(z.enum(MEMBER_SORTS)),
    offset: z.optional(int(0, 10_000)),
    limit: z.optional(int(1, 100)),
  }),
  'POST /admin/members/badges': z.strictObject({
    title: trimmed(1, 100),
    description: upTo(500),
    backgroundColor: color,
    textColor: color,
  }),
  'POST /admin/members/bulk-approve': bulkMembers(false),
  'POST /admin/members/bulk-block': bulkMembers(false),
  'POST /admin/members/bulk-delete': bulkMembers(true),
  'POST /admin/members/{id}/approve': z.strictObject({}),
  'POST /admin/members/{id}/block': z.strictObject({}),
  'POST /admin/members/{id}/mute': z.strictObject({}),
  'POST /admin/members/{id}/unmute': z.strictObject({}),
  'POST /admin/members/{id}/disconnect': z.strictObject({}),
  'POST /admin/members/{id}/delete': z.strictObject({ contentAssigneeId: z.optional(memberId) }),
  'POST /admin/members/{id}/custom-fields': z.strictObject({
    key: text(z.minLength(1), z.maxLength(200), z.regex(/^[\w.-]+$/, 'must be a custom field key')),
    value: text(z.maxLength(1000)),
  }),
  'POST /admin/members/{id}/badges': z.strictObject({
    badgeId: text(z.regex(MEMBER_ID, 'must be a badge id')),
    assigned: z.boolean(),
  }),
};

// ------------------------------------------------------------------ the owner's media library (admin-media.ts)

/** A file's or folder's id as the platform gives them: no slashes, no spaces, nothing a path could split on. */
const mediaId = text(z.minLength(1), z.maxLength(200), z.regex(/^[\w.:-]+$/, 'is not a media id'));
const mediaIds = z.array(mediaId).check(
  z.maxLength(100),
  z.refine((l: string[]) => new Set(l).size === l.length, 'lists an item twice'),
);
const mediaCursor = z.optional(text(z.minLength(1), z.maxLength(16_000)));
/** A file or folder name: no line breaks or other control characters. */
const mediaName = text(
  z.trim(),
  z.minLength(1),
  z.maxLength(200),
  // eslint-disable-next-line no-control-regex -- the control characters are what it refuses
  z.regex(/^[^\u0000-\u001f\u007f]*$/, 'has a control character'),
);
const label = text(z.trim(), z.minLength(1), z.maxLength(100));

const adminMedia = {
  'POST /admin/media/browse': z.strictObject({ folderId: z.optional(mediaId), cursor: mediaCursor }),
  'POST /admin/media/search': z.strictObject({ query: trimmed(1, 100), cursor: mediaCursor }),
  'POST /admin/media/trash': z.strictObject({ cursor: mediaCursor }),
  'POST /admin/media/upload-url': z.strictObject({
    folderId: mediaId,
    fileName: mediaName,
    mimeType: z.enum(MEDIA_TYPES),
    sizeInBytes: int(1, MEDIA_MAX_BYTES),
  }),
  'POST /admin/media/import': z.strictObject({
    url: text(z.trim(), z.minLength(1), z.maxLength(2000)),
    folderId: mediaId,
    displayName: z.optional(mediaName),
  }),
  'PATCH /admin/media/files/{id}': z.strictObject({
    displayName: z.optional(mediaName),
    labels: z.optional(z.array(label).check(z.maxLength(20))),
    folderId: z.optional(mediaId),
  }),
  'POST /admin/media/folders': z.strictObject({ displayName: mediaName, parentId: mediaId }),
  'PATCH /admin/media/folders/{id}': z.strictObject({
    displayName: z.optional(mediaName),
    parentId: z.optional(mediaId),
  }),
  'POST /admin/media/delete': z.strictObject({ fileIds: mediaIds, folderIds: mediaIds, permanent: z.boolean() }),
  'POST /admin/media/restore': z.strictObject({ fileIds: mediaIds, folderIds: mediaIds }),
};

// ------------------------------------------------------------------ the owner's tips and checkout settings (admin-tips.ts)

const policyBody = z.strictObject({ visible: z.boolean(), content: text(z.maxLength(10_000)) });
const adminTips = {
  'PUT /admin/settings/tips': z.strictObject({
    revision: z.optional(text(z.regex(/^\d{1,18}$/))),
    tipType: z.enum(TIP_TYPES),
    presets: z
      .array(
        z.strictObject({
          // percent or currency units, at most 2 decimals (the emulator and the platform check the rest)
          value: z.number().check(z.gte(0), z.lte(10_000)),
          default: z.boolean(),
        }),
      )
      .check(z.minLength(1), z.maxLength(MAX_PRESETS)),
    allowCustomerTip: z.boolean(),
    allowCustomAmount: z.boolean(),
  }),
  'PATCH /admin/settings/checkout': z.strictObject({
    checkoutPolicies: z.strictObject({
      termsAndConditions: policyBody,
      privacyPolicy: policyBody,
      returnPolicy: policyBody,
      digitalItemPolicy: policyBody,
      contactUs: policyBody,
      customPolicy: z.strictObject({
        visible: z.boolean(),
        content: text(z.maxLength(10_000)),
        title: text(z.trim(), z.maxLength(100)),
      }),
    }),
    checkoutFields: z.strictObject({
      subscriptionCheckbox: z.strictObject({
        visible: z.boolean(),
        checkedByDefault: z.boolean(),
        splitByChannel: z.boolean(),
      }),
      policyAgreementCheckbox: z.strictObject({ visible: z.boolean(), checkedByDefault: z.boolean() }),
    }),
    header: z.strictObject({
      text: text(z.trim(), z.maxLength(55)),
      logoSize: z.enum(['SMALL', 'MEDIUM', 'LARGE']),
      alignment: z.enum(['SIDE', 'CENTER']),
      displayCheckoutLabel: z.boolean(),
    }),
  }),
};

// ------------------------------------------------------------------ the owner's back in stock (admin-back-in-stock.ts)

/** A catalog item or variant id as the catalogs write them (GUIDs, or the variant ids of Catalog V1). */
const catalogId = text(z.regex(/^[\w-]{1,100}$/, 'is not a valid id'));
const adminBackInStock = {
  'PUT /admin/back-in-stock/settings': z.strictObject({ collecting: z.boolean() }),
  'POST /admin/back-in-stock/report': z.strictObject({
    catalogItemId: catalogId,
    variantId: z.optional(catalogId),
  }),
};

// ------------------------------------------------------------------ the owner's discount rules (admin-discounts.ts)

/** A decimal as the platform bounds a rule's amounts (≤ 4 decimals; the form sends what the owner typed). */
const ruleDecimal = text(z.trim(), z.regex(/^\d{1,12}(\.\d{1,4})?$/, 'must be a number like 12.50'));
const ruleForm = {
  name: trimmed(1, RULE_NAME_MAX),
  active: z.boolean(),
  start: z.optional(isoDate),
  end: z.optional(isoDate),
  type: z.enum(RULE_TYPES),
  value: ruleDecimal,
  appliesTo: z.enum(RULE_TARGETS),
  ids: z.array(trimmed(1, 100)).check(z.maxLength(50)),
  trigger: z.enum(RULE_TRIGGERS),
  min: z.optional(ruleDecimal),
};
const adminDiscounts = {
  'POST /admin/discount-rules/query': z.strictObject({ cursor: z.optional(text(z.minLength(1), z.maxLength(16_000))) }),
  'POST /admin/discount-rules': z.strictObject(ruleForm),
  'PATCH /admin/discount-rules/{id}': z.strictObject({ ...ruleForm, revision: text(z.regex(/^\d{1,18}$/)) }),
  'POST /admin/discount-rules/preview': z.strictObject({
    lines: z
      .array(
        z.strictObject({ productId: trimmed(1, 100), variantId: z.optional(trimmed(1, 100)), quantity: int(1, 9999) }),
      )
      .check(z.minLength(1), z.maxLength(20)),
  }),
};

// ------------------------------------------------------------------ the owner's taxes (admin-taxes.ts)

/** A GUID (the platform's ids of regions, groups, options). */
const guid = text(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a GUID'));
const percent = text(z.trim(), z.regex(/^\d{1,3}(?:[.,]\d{1,4})?$/, 'a percentage from 0 to 100, up to 4 decimals'));
const country = text(z.trim(), z.regex(/^[A-Za-z]{2}$/, 'an ISO 3166-1 alpha-2 country code'));
const subdivision = text(z.trim(), z.maxLength(50));
const adminTaxes = {
  'POST /admin/taxes/regions': z.strictObject({
    country,
    subdivision: z.optional(subdivision),
    taxIncludedInPrice: z.boolean(),
    percent,
  }),
  'PATCH /admin/taxes/regions/{id}': z.strictObject({
    revision,
    country,
    subdivision,
    taxIncludedInPrice: z.boolean(),
  }),
  'PUT /admin/taxes/rates': z.strictObject({ groupId: guid, regionId: z.nullable(guid), percent }),
  'POST /admin/taxes/groups': z.strictObject({ name: trimmed(1, 200) }),
  'PATCH /admin/taxes/groups/{id}': z.strictObject({ name: trimmed(1, 200), revision }),
};

// ------------------------------------------------------------------ the owner's shipping settings (admin-shipping.ts)

/** A decimal string, `scale` decimals at most (the platform's `@decimalValue`). */
const decimalText = (scale: number) =>
  text(z.regex(new RegExp(`^\\d{1,9}(\\.\\d{1,${scale}})?$`), `a number with at most ${scale} decimals`));
const shipRate = z.strictObject({
  amount: decimalText(2),
  conditions: z
    .array(
      z.strictObject({
        type: z.enum(['BY_TOTAL_WEIGHT', 'BY_TOTAL_PRICE', 'BY_TOTAL_QUANTITY']),
        operator: z.enum(['EQ', 'GT', 'GTE', 'LT', 'LTE']),
        value: decimalText(6),
      }),
    )
    .check(z.maxLength(10)),
  multiplyByQuantity: z.optional(z.boolean()),
});
const shipFields = {
  title: trimmed(1, 200),
  estimatedDeliveryTime: upTo(200),
  regionIds: z.array(guid).check(z.minLength(1), z.maxLength(50)),
  rates: z.array(shipRate).check(z.minLength(1), z.maxLength(20)),
};
const adminShipping = {
  'POST /admin/shipping/options': z.strictObject(shipFields),
  'PATCH /admin/shipping/options/{id}': z.strictObject({
    revision: text(z.regex(/^\d{1,12}$/)),
    title: z.optional(shipFields.title),
    estimatedDeliveryTime: shipFields.estimatedDeliveryTime,
    regionIds: z.optional(shipFields.regionIds),
    rates: z.optional(shipFields.rates),
  }),
  'PATCH /admin/shipping/label/{id}': z.strictObject({
    revision: text(z.regex(/^\d{1,12}$/)),
    shipFromAddress: z.optional(
      z.strictObject({
        country: text(z.regex(/^[A-Z]{2}$/)),
        subdivision: upTo(10),
        city: trimmed(1, 100),
        postalCode: trimmed(1, 20),
        addressLine1: trimmed(1, 200),
      }),
    ),
    defaultPackage: z.optional(
      z.strictObject({
        type: z.enum([
          'CUSTOM',
          'FLAT_RATE_ENVELOPE',
          'PADDED_FLAT_RATE_ENVELOPE',
          'SMALL_FLAT_RATE_BOX',
          'MEDIUM_FLAT_RATE_BOX',
          'LARGE_FLAT_RATE_BOX',
        ]),
        dimensions: z.optional(
          z.strictObject({ length: decimalText(2), width: decimalText(2), height: decimalText(2) }),
        ),
      }),
    ),
    services: z.optional(
      z
        .array(
          z.enum([
            'GROUND_ADVANTAGE',
            'PRIORITY_MAIL',
            'PRIORITY_MAIL_EXPRESS',
            'PRIORITY_MAIL_INTERNATIONAL',
            'PRIORITY_MAIL_EXPRESS_INTERNATIONAL',
            'FIRST_CLASS_PACKAGE_INTERNATIONAL',
          ]),
        )
        .check(z.maxLength(6)),
    ),
    markup: z.optional(z.strictObject({ type: z.enum(['FIXED', 'PERCENTAGE']), value: decimalText(2) })),
  }),
};

/** Every route's request body, by `METHOD /path` (a route not named here takes none: a GET or a DELETE). */
export const companionRequests = {
  ...visitor,
  ...account,
  ...adminOrders,
  ...adminPayments,
  ...adminFulfillments,
  ...adminAbandoned,
  ...adminMembers,
  ...adminMedia,
  ...adminTips,
  ...adminBackInStock,
  ...adminDiscounts,
  ...adminTaxes,
  ...adminShipping,
};
export type CompanionRequests = typeof companionRequests;
