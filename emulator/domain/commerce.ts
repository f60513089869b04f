/**
 * Commerce data and math: current carts (visitor/member, merged on sign-in), line items from the catalog, discount
 * rules and coupons, tax by region, shipping options, totals, checkouts and orders. Money is integer cents inside,
 * 4-field money objects with decimal-string amounts on the wire.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { Identity } from './auth.ts';
import { cartTax, rateString } from './taxes.ts';
import {
  discountedCents,
  findVariant,
  formatMoney,
  getProductRecord,
  mediaItem,
  siteUrl,
  STORES_APP_ID,
  type ProductRecord,
  type VariantRecord,
} from './catalog.ts';
import { badRequest, badRequestApp, notFound } from '../errors.ts';
import type { SalesSource } from './recommendations.ts';
import type { WireOrder } from './order-store.ts';
import { placedPayment, saveTransactions, type PlacedPayment } from './payments.ts';
import { recordOrderTip, tipFee, withTip, type TipAsk, type TipChoice } from './tips.ts';
import { liveDiscountRules, ruleDiscounts, type DiscountRuleRecord, type RuleLine } from './discount-rules.ts';
import { checkoutOptions, checkoutOptionsFor, offerPrices, type ShippingOption } from './shipping-options.ts';

export const CURRENCY = 'USD';
export const MAX_QUANTITY = 9999;

// ------------------------------------------------------------------------------------------------ money

/** Cents → `"12.50"` (a decimal string, as the platform sends amounts). */
export const decimal = (cents: number) => (cents / 100).toFixed(2);

/** The platform's 4-field money object. */
export function money(cents: number, currency = CURRENCY) {
  const amount = decimal(cents);
  const formatted = formatMoney(cents, currency);
  return { amount, convertedAmount: amount, formattedAmount: formatted, formattedConvertedAmount: formatted };
}

/** Half-up rounding of a cents × basis-points product. */
export const applyBp = (cents: number, bp: number) => Math.round((cents * bp) / 10000);

// ------------------------------------------------------------------------------------------------ rules

export interface Coupon {
  id: string;
  code: string;
  name: string;
  discountType: 'PERCENTAGE' | 'FIXED_AMOUNT';
  value: number;
  startsDate: string | null;
  expiresDate: string | null;
}

/**
 * An order-level amount off the subtotal (an edited order's kept discount, orders.ts `editedTotals`). The store's
 * discount rules are the platform's model, domain/discount-rules.ts, passed as `discountRules`.
 */
export interface DiscountRule {
  id: string;
  name: string;
  fromCents: number | null;
  toCents: number | null;
  discountType: 'PERCENTAGE' | 'FIXED_AMOUNT';
  value: number;
}

/** A shipping option as the totals see it (domain/shipping-options.ts: regions, conditional rates). */
export type { ShippingOption };

export interface Address {
  country?: string;
  subdivision?: string;
  city?: string;
  postalCode?: string;
  addressLine1?: string;
  addressLine?: string;
}

export function findCoupon(db: Database, code: string): Coupon | undefined {
  const r = db
    .prepare<
      [string],
      {
        id: string;
        code: string;
        name: string;
        discount_type: Coupon['discountType'];
        value: number;
        starts_date: string | null;
        expires_date: string | null;
      }
    >('SELECT * FROM coupons WHERE code = ?')
    .get(code.trim());
  return (
    r && {
      id: r.id,
      code: r.code,
      name: r.name,
      discountType: r.discount_type,
      value: r.value,
      startsDate: r.starts_date,
      expiresDate: r.expires_date,
    }
  );
}

/** Why a coupon cannot be used now, or undefined when it can. */
export function couponProblem(c: Coupon, nowMs: number): 'COUPON_IS_EXPIRED' | 'COUPON_NOT_ACTIVE_YET' | undefined {
  if (c.expiresDate && Date.parse(c.expiresDate) <= nowMs) return 'COUPON_IS_EXPIRED';
  if (c.startsDate && Date.parse(c.startsDate) > nowMs) return 'COUPON_NOT_ACTIVE_YET';
  return undefined;
}

/** Every shipping option (a code a checkout may name); what an address is offered: domain/shipping-options.ts. */
export function shippingOptions(db: Database): ShippingOption[] {
  return checkoutOptions(db);
}

/**
 * The tax region of an address, its name and the default tax group's rate there in basis points (an order's edit
 * reprices at it); taxes.ts holds the model (groups, regions, rates) and the cart's tax by group.
 */
export function taxRegion(db: Database, address?: Address): { name: string; rateBp: number } {
  const t = cartTax(db, address, []);
  return { name: t.name, rateBp: t.ratePpm / 100 };
}

// ------------------------------------------------------------------------------------------------ totals

export interface TotalsInput {
  lines: (RuleLine & { weight?: number })[];
  rules: DiscountRule[];
  /** The store's live discount rules (domain/discount-rules.ts), applied to the lines in their scopes. */
  discountRules?: readonly DiscountRuleRecord[];
  coupon?: Coupon;
  options: ShippingOption[];
  selectedCode?: string;
  taxRateBp: number;
  /** The tax of `taxable` of `subtotal` (taxes.ts `cartTax`), in place of `taxRateBp`. */
  taxOf?: (taxable: number, subtotal: number) => number;
  /** The prices include the tax: it is part of the total, not added to it. */
  taxIncluded?: boolean;
}

export interface Totals {
  subtotal: number;
  /** Each applied discount (rules first, then the coupon), in cents. */
  discounts: {
    kind: 'rule' | 'coupon';
    id: string;
    name: string;
    code?: string;
    amount: number;
    /** A discount rule's lines and what it took off each. */
    lines?: { id: string; amount: number }[];
  }[];
  discount: number;
  shipping: number;
  shippingOption?: ShippingOption;
  /** Price of every option for this cart (free-over thresholds applied). */
  optionPrices: { option: ShippingOption; cents: number }[];
  taxable: number;
  tax: number;
  total: number;
}

/**
 * The totals, as chosen here (hand-checkable): subtotal = Σ unit × quantity; every discount (automatic rules whose
 * subtotal range holds, then the coupon) is computed on the subtotal, their sum capped at it; shipping is the
 * selected option's price (default the first offered): its lowest rate whose conditions hold, the total price being
 * the discounted subtotal (domain/shipping-options.ts), none for an empty cart; tax = rate × (subtotal − discounts), shipping not taxed; all rounded half-up to cents.
 */
export function computeTotals(input: TotalsInput): Totals {
  const subtotal = input.lines.reduce((n, l) => n + l.unitCents * l.quantity, 0);
  const discountOf = (type: 'PERCENTAGE' | 'FIXED_AMOUNT', value: number) =>
    type === 'PERCENTAGE' ? applyBp(subtotal, value) : Math.min(value, subtotal);
  const discounts: Totals['discounts'] = [];
  for (const r of input.rules) {
    if (
      subtotal > 0 &&
      (r.fromCents === null || subtotal >= r.fromCents) &&
      (r.toCents === null || subtotal < r.toCents)
    ) {
      discounts.push({ kind: 'rule', id: r.id, name: r.name, amount: discountOf(r.discountType, r.value) });
    }
  }
  for (const a of ruleDiscounts(input.lines, input.discountRules ?? [], STORES_APP_ID))
    discounts.push({ kind: 'rule', ...a });
  if (input.coupon && subtotal > 0) {
    discounts.push({
      kind: 'coupon',
      id: input.coupon.id,
      name: input.coupon.name,
      code: input.coupon.code,
      amount: discountOf(input.coupon.discountType, input.coupon.value),
    });
  }
  const discount = Math.min(
    subtotal,
    discounts.reduce((n, d) => n + d.amount, 0),
  );
  const taxable = subtotal - discount;
  const optionPrices = offerPrices(input.options, taxable, input.lines);
  const chosen = optionPrices.find((o) => o.option.code === input.selectedCode) ?? optionPrices[0];
  const shipping = input.lines.length && chosen ? chosen.cents : 0;
  const tax = input.taxOf ? input.taxOf(taxable, subtotal) : applyBp(taxable, input.taxRateBp);
  return {
    subtotal,
    discounts,
    discount,
    shipping,
    ...(input.lines.length && chosen ? { shippingOption: chosen.option } : {}),
    optionPrices,
    taxable,
    tax,
    total: taxable + shipping + (input.taxIncluded ? 0 : tax),
  };
}

// ------------------------------------------------------------------------------------------------ carts

export interface CartRow {
  id: string;
  owner: string;
  coupon_code: string | null;
  checkout_id: string | null;
  revision: number;
  created_date: string;
  updated_date: string;
}

export interface LineRow {
  id: string;
  cart_id: string;
  product_id: string;
  variant_id: string;
  options: string;
  quantity: number;
  seq: number;
}

export const ownerKey = (identity: Identity) =>
  identity.kind === 'member' ? `m:${identity.memberId}` : `v:${identity.visitorId}`;

const nowIso = (ms: number) => new Date(ms).toISOString();

export function cartByOwner(db: Database, owner: string): CartRow | undefined {
  return db.prepare<[string], CartRow>('SELECT * FROM carts WHERE owner = ?').get(owner);
}

export function cartById(db: Database, id: string): CartRow | undefined {
  return db.prepare<[string], CartRow>('SELECT * FROM carts WHERE id = ?').get(id);
}

export function cartLines(db: Database, cartId: string): LineRow[] {
  return db.prepare<[string], LineRow>('SELECT * FROM cart_lines WHERE cart_id = ? ORDER BY seq').all(cartId);
}

function createCart(db: Database, owner: string, nowMs: number): CartRow {
  const id = randomUUID();
  db.prepare<[string, string, string, string]>(
    'INSERT INTO carts (id, owner, created_date, updated_date) VALUES (?, ?, ?, ?)',
  ).run(id, owner, nowIso(nowMs), nowIso(nowMs));
  return cartById(db, id)!;
}

/** Bump the revision after a change (the widgets' cross-tab sync compares it). */
export function touchCart(db: Database, cartId: string, nowMs: number): void {
  db.prepare<[string, string]>(
    'UPDATE carts SET revision = revision + 1, updated_date = ?, checkout_id = NULL WHERE id = ?',
  ).run(nowIso(nowMs), cartId);
}

/** Add `quantity` of a variant to a cart (merging with its line); returns the line id. */
export function addLine(
  db: Database,
  cartId: string,
  productId: string,
  variantId: string,
  options: unknown,
  quantity: number,
): string {
  const existing = db
    .prepare<[string, string, string], LineRow>(
      'SELECT * FROM cart_lines WHERE cart_id = ? AND product_id = ? AND variant_id = ?',
    )
    .get(cartId, productId, variantId);
  if (existing) {
    db.prepare<[number, string]>('UPDATE cart_lines SET quantity = ? WHERE id = ?').run(
      Math.min(MAX_QUANTITY, existing.quantity + quantity),
      existing.id,
    );
    return existing.id;
  }
  const seq =
    (db.prepare<[string], { n: number | null }>('SELECT MAX(seq) AS n FROM cart_lines WHERE cart_id = ?').get(cartId)
      ?.n ?? 0) + 1;
  const id = randomUUID();
  db.prepare<[string, string, string, string, string, number, number]>(
    'INSERT INTO cart_lines (id, cart_id, product_id, variant_id, options, quantity, seq) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(id, cartId, productId, variantId, JSON.stringify(options ?? {}), quantity, seq);
  return id;
}

/** One item of an add-to-cart, resolved against the catalog. */
export interface CartAddition {
  productId: string;
  variantId: string;
  options: unknown;
  quantity: number;
}

/**
 * Add items to the caller's current cart (made if none) in one transaction: a line would pass {@link MAX_QUANTITY},
 * counting earlier items of the same request for the same variant, → 400 `MAX` on `lineItems[i].quantity` and
 * nothing changes.
 */
export function addToCart(db: Database, identity: Identity, items: readonly CartAddition[], nowMs: number): CartRow {
  return db.transaction(() => {
    const c = currentCart(db, identity, nowMs, true)!;
    const held = new Map(cartLines(db, c.id).map((l) => [`${l.product_id}/${l.variant_id}`, l.quantity]));
    items.forEach((r, i) => {
      const key = `${r.productId}/${r.variantId}`;
      const have = held.get(key) ?? 0;
      if (have + r.quantity > MAX_QUANTITY) {
        throw badRequest([
          {
            field: `lineItems[${i}].quantity`,
            description: `a line holds at most ${MAX_QUANTITY}`,
            violatedRule: 'MAX',
            data: { threshold: MAX_QUANTITY - have },
          },
        ]);
      }
      held.set(key, have + r.quantity);
    });
    for (const r of items) addLine(db, c.id, r.productId, r.variantId, r.options, r.quantity);
    touchCart(db, c.id, nowMs);
    return c;
  })();
}

/** Set line quantities (ids checked by the caller) and bump the revision. */
export function setLineQuantities(
  db: Database,
  cartId: string,
  lines: readonly { id: string; quantity: number }[],
  nowMs: number,
): void {
  db.transaction(() => {
    const q = db.prepare<[number, string, string]>('UPDATE cart_lines SET quantity = ? WHERE id = ? AND cart_id = ?');
    for (const l of lines) q.run(l.quantity, l.id, cartId);
    touchCart(db, cartId, nowMs);
  })();
}

/** Remove lines (ids checked by the caller) and bump the revision. */
export function removeLines(db: Database, cartId: string, lineIds: readonly string[], nowMs: number): void {
  db.transaction(() => {
    const q = db.prepare<[string, string]>('DELETE FROM cart_lines WHERE id = ? AND cart_id = ?');
    for (const id of lineIds) q.run(id, cartId);
    touchCart(db, cartId, nowMs);
  })();
}

/** Apply (a coupon's code) or remove (null) the cart's coupon and bump the revision. */
export function setCartCoupon(db: Database, cartId: string, code: string | null, nowMs: number): void {
  db.prepare<[string | null, string]>('UPDATE carts SET coupon_code = ? WHERE id = ?').run(code, cartId);
  touchCart(db, cartId, nowMs);
}

/** Delete a cart (its lines go with it). */
export function deleteCart(db: Database, cartId: string): void {
  db.prepare<[string]>('DELETE FROM carts WHERE id = ?').run(cartId);
}

/**
 * The caller's current cart. A member who signed in from a visitor session with a non-empty cart gets that
 * cart's lines merged into theirs once (the visitor cart is then deleted). `create` makes an empty cart if none.
 */
export function currentCart(db: Database, identity: Identity, nowMs: number, create: boolean): CartRow | undefined {
  return db.transaction(() => {
    const owner = ownerKey(identity);
    let cart = cartByOwner(db, owner);
    if (identity.kind === 'member' && identity.visitorId) {
      const visitorCart = cartByOwner(db, `v:${identity.visitorId}`);
      const lines = visitorCart ? cartLines(db, visitorCart.id) : [];
      if (visitorCart && lines.length) {
        cart ??= createCart(db, owner, nowMs);
        for (const l of lines) addLine(db, cart.id, l.product_id, l.variant_id, JSON.parse(l.options), l.quantity);
        if (!cart.coupon_code && visitorCart.coupon_code)
          db.prepare<[string, string]>('UPDATE carts SET coupon_code = ? WHERE id = ?').run(
            visitorCart.coupon_code,
            cart.id,
          );
        touchCart(db, cart.id, nowMs);
      }
      if (visitorCart) db.prepare<[string]>('DELETE FROM carts WHERE id = ?').run(visitorCart.id);
      cart = cartByOwner(db, owner);
    }
    if (!cart && create) cart = createCart(db, owner, nowMs);
    return cart;
  })();
}

/** The caller's cart or 404 `OWNED_CART_NOT_FOUND` (the platform's answer when there is none). */
export function requireCart(db: Database, identity: Identity, nowMs: number): CartRow {
  const cart = currentCart(db, identity, nowMs, false);
  if (!cart) throw notFound('Cart not found', 'OWNED_CART_NOT_FOUND');
  return cart;
}

// ------------------------------------------------------------------------------------------------ wire

export interface ResolvedLine {
  row: Pick<LineRow, 'id' | 'product_id' | 'variant_id' | 'options' | 'quantity'>;
  product?: ProductRecord;
  variant?: VariantRecord;
  unitCents: number;
  fullCents: number;
  status: 'AVAILABLE' | 'NOT_FOUND' | 'NOT_AVAILABLE' | 'PARTIALLY_AVAILABLE';
  /** Units in stock; undefined when not tracked. */
  quantityAvailable?: number;
}

export function resolveLine(db: Database, row: ResolvedLine['row']): ResolvedLine {
  const product = getProductRecord(db, row.product_id);
  const variant = product?.variants.find((v) => v.id === row.variant_id);
  if (!product || !variant || !product.visible) return { row, unitCents: 0, fullCents: 0, status: 'NOT_FOUND' };
  const fullCents = variant.priceCents ?? product.priceCents;
  const unitCents = discountedCents(product, fullCents);
  const tracked = product.trackInventory;
  const stock = tracked ? (variant.quantity ?? 0) : undefined;
  const status =
    !variant.visible || stock === 0
      ? 'NOT_AVAILABLE'
      : stock !== undefined && stock < row.quantity
        ? 'PARTIALLY_AVAILABLE'
        : 'AVAILABLE';
  return {
    row,
    product,
    variant,
    unitCents,
    fullCents,
    status,
    ...(stock !== undefined ? { quantityAvailable: stock } : {}),
  };
}

export interface WireContext {
  db: Database;
  baseUrl: string;
  /** The data API's origin: where media URLs point, whichever origin the caller reached (the hosted checkout's too). */
  apiUrl: string;
  now: () => number;
}

export function wireLine(ctx: WireContext, l: ResolvedLine) {
  const p = l.product;
  const site = siteUrl(ctx.db).replace(/\/$/, '');
  const colorOption = (name: string) => p?.options.find((o) => o.name === name);
  const descriptionLines = Object.entries(l.variant?.choices ?? {}).map(([name, value]) => {
    const opt = colorOption(name);
    const color = opt?.optionType === 'color' ? opt.choices.find((c) => c.description === value)?.value : undefined;
    return color
      ? {
          name: { original: name, translated: name },
          colorInfo: { original: value, translated: value, code: color },
          lineType: 'COLOR',
        }
      : {
          name: { original: name, translated: name },
          plainText: { original: value, translated: value },
          lineType: 'PLAIN_TEXT',
        };
  });
  const variantMedia =
    p && l.variant
      ? p.options.flatMap((o) =>
          o.choices.filter((c) => l.variant!.choices[o.name] === c.description).flatMap((c) => c.mediaIds ?? []),
        )
      : [];
  const mediaId = variantMedia[0] ?? p?.mediaIds[0];
  const media = mediaId && p ? mediaItem(mediaId, p.name, ctx.apiUrl) : undefined;
  const options = JSON.parse(l.row.options) as Record<string, unknown>;
  return {
    id: l.row.id,
    quantity: l.row.quantity,
    catalogReference: {
      appId: STORES_APP_ID,
      catalogItemId: l.row.product_id,
      options: Object.keys(options).length ? options : { variantId: l.row.variant_id },
    },
    productName: { original: p?.name ?? '', translated: p?.name ?? '' },
    url: p ? { relativePath: `/product-page/${p.slug}`, url: `${site}/product-page/${p.slug}` } : undefined,
    price: money(l.unitCents),
    fullPrice: money(l.fullCents),
    priceBeforeDiscounts: money(l.unitCents),
    lineItemPrice: money(l.unitCents * l.row.quantity),
    descriptionLines,
    ...(media
      ? {
          image: {
            id: media.id,
            url: media.image.url,
            height: media.image.height,
            width: media.image.width,
            filename: `${media.id}.svg`,
          },
        }
      : {}),
    availability: {
      status: l.status,
      ...(l.quantityAvailable !== undefined ? { quantityAvailable: l.quantityAvailable } : {}),
    },
    physicalProperties: { sku: l.variant?.sku ?? p?.sku ?? undefined, shippable: true },
    itemType: { preset: 'PHYSICAL' },
    paymentOption: 'FULL_PAYMENT_ONLINE',
    couponScopes: [{ namespace: 'stores', group: { name: 'product', entityId: l.row.product_id } }],
  };
}

/** Everything the cart and checkout answers are built from. */
export function priceCart(
  db: Database,
  lines: ResolvedLine['row'][],
  couponCode: string | null,
  opts: { address?: Address; shippingCode?: string; nowMs: number; tip?: TipAsk },
) {
  const resolved = lines.map((r) => resolveLine(db, r));
  const coupon = couponCode ? findCoupon(db, couponCode) : undefined;
  const usable = coupon && !couponProblem(coupon, opts.nowMs) ? coupon : undefined;
  const priced = resolved.filter((l) => l.status !== 'NOT_FOUND');
  const region = cartTax(
    db,
    opts.address,
    priced.map((l) => ({ productId: l.row.product_id, cents: l.unitCents * l.row.quantity })),
  );
  // a checkout's tip (domain/tips.ts): none for a cart, none when the shop offers no tip
  const totals = withTip(
    db,
    computeTotals({
      lines: priced.map((l) => ({
        id: l.row.id,
        unitCents: l.unitCents,
        quantity: l.row.quantity,
        productId: l.row.product_id,
        collectionIds: l.product?.collectionIds ?? [],
        weight: l.variant?.weight ?? l.product?.weight ?? 0,
      })),
      rules: [],
      discountRules: liveDiscountRules(db, opts.nowMs),
      ...(usable ? { coupon: usable } : {}),
      options: checkoutOptionsFor(db, opts.address),
      ...(opts.shippingCode ? { selectedCode: opts.shippingCode } : {}),
      taxRateBp: 0,
      taxOf: region.amount,
      taxIncluded: region.included,
    }),
    opts.tip,
  );
  return { resolved, coupon: usable, region, totals, purchaseFlowId: opts.tip?.purchaseFlowId };
}

export function wireDiscounts(totals: Totals) {
  return totals.discounts.map((d) =>
    d.kind === 'coupon'
      ? { discountType: 'GLOBAL', coupon: { id: d.id, code: d.code, name: d.name, amount: money(d.amount) } }
      : {
          discountType: d.lines ? 'SPECIFIC_ITEMS' : 'GLOBAL',
          ...(d.lines ? { lineItemIds: d.lines.map((l) => l.id) } : {}),
          discountRule: { id: d.id, name: { original: d.name, translated: d.name }, amount: money(d.amount) },
        },
  );
}

export function wireCart(ctx: WireContext, cart: CartRow) {
  const lines = cartLines(ctx.db, cart.id);
  const { resolved, totals } = priceCart(ctx.db, lines, cart.coupon_code, { nowMs: ctx.now() });
  const [kind, id] = [cart.owner.slice(0, 1), cart.owner.slice(2)];
  return {
    id: cart.id,
    lineItems: resolved.map((l) => wireLine(ctx, l)),
    buyerInfo: kind === 'm' ? { memberId: id } : { visitorId: id },
    currency: CURRENCY,
    conversionCurrency: CURRENCY,
    buyerLanguage: 'en',
    siteLanguage: 'en',
    taxIncludedInPrices: false,
    weightUnit: 'KG',
    subtotal: money(totals.subtotal),
    subtotalAfterDiscounts: money(totals.subtotal - totals.discount),
    discount: money(totals.discount),
    ...(cart.checkout_id ? { checkoutId: cart.checkout_id } : {}),
    appliedDiscounts: wireDiscounts({ ...totals, discounts: totals.discounts.filter((d) => d.kind === 'coupon') }),
    createdDate: cart.created_date,
    updatedDate: cart.updated_date,
    purchaseFlowId: cart.id,
    paymentCurrency: CURRENCY,
    revision: String(cart.revision),
  };
}

/** Per-line availability problems, as `calculationErrors.orderValidationErrors`. */
export function availabilityErrors(resolved: ResolvedLine[]) {
  return resolved
    .filter((l) => l.status !== 'AVAILABLE')
    .map((l) => ({
      code:
        l.status === 'PARTIALLY_AVAILABLE'
          ? 'INSUFFICIENT_INVENTORY'
          : l.status === 'NOT_FOUND'
            ? 'ITEM_NOT_FOUND'
            : 'ITEM_OUT_OF_STOCK',
      description:
        l.status === 'PARTIALLY_AVAILABLE'
          ? `Only ${l.quantityAvailable} of ${l.product?.name} left`
          : l.status === 'NOT_FOUND'
            ? 'This item is no longer sold'
            : `${l.product?.name} is out of stock`,
      data: {
        lineItemId: l.row.id,
        ...(l.quantityAvailable !== undefined ? { quantityAvailable: l.quantityAvailable } : {}),
      },
    }));
}

/** The estimate-totals answer (also used for checkouts). */
export function wireTotals(ctx: WireContext, priced: ReturnType<typeof priceCart>) {
  const { totals, resolved, region } = priced;
  const m = money;
  const priceSummary = {
    subtotal: m(totals.subtotal),
    shipping: m(totals.shipping),
    tax: m(totals.tax),
    discount: m(totals.discount),
    total: m(totals.total),
    additionalFees: m(totals.tip?.cents ?? 0),
  };
  const errors = availabilityErrors(resolved);
  const opt = totals.shippingOption;
  const optionWire = (o: ShippingOption, cents: number) => ({
    code: o.code,
    title: o.title,
    logistics: { deliveryTime: o.deliveryTime },
    cost: {
      price: m(cents),
      totalPriceBeforeTax: m(cents),
      totalPriceAfterTax: m(cents),
      taxDetails: { taxRate: '0' },
    },
  });
  return {
    calculatedLineItems: resolved.map((l) => ({
      lineItemId: l.row.id,
      pricesBreakdown: {
        price: m(l.unitCents),
        lineItemPrice: m(l.unitCents * l.row.quantity),
        fullPrice: m(l.fullCents),
        priceBeforeDiscounts: m(l.unitCents),
        totalPriceBeforeTax: m(l.unitCents * l.row.quantity),
        taxDetails: {
          taxRate: rateString(region.rateOf(l.row.product_id)),
          taxableAmount: m(l.unitCents * l.row.quantity),
        },
        // what the discount rules took off this line (discount-rules.ts; a coupon is on the whole subtotal)
        totalDiscount: m(
          totals.discounts.flatMap((d) => d.lines ?? []).reduce((n, x) => (x.id === l.row.id ? n + x.amount : n), 0),
        ),
      },
      paymentOption: 'FULL_PAYMENT_ONLINE',
    })),
    priceSummary,
    taxSummary: {
      taxableAmount: m(totals.taxable),
      totalTax: m(totals.tax),
      calculationDetails: {
        rateType: 'MANUAL_RATE',
        taxRegion: region.name,
        taxRate: rateString(region.ratePpm),
      },
    },
    shippingInfo: {
      ...(opt
        ? { selectedCarrierServiceOption: { carrierId: opt.carrierId, ...optionWire(opt, totals.shipping) } }
        : {}),
      carrierServiceOptions: [
        {
          carrierId: totals.optionPrices[0]?.option.carrierId,
          shippingOptions: totals.optionPrices.map((o) => optionWire(o.option, o.cents)),
        },
      ],
    },
    appliedDiscounts: wireDiscounts(totals),
    ...(errors.length ? { calculationErrors: { orderValidationErrors: errors } } : {}),
    weightUnit: 'KG',
    currency: CURRENCY,
    payNow: priceSummary,
    payLater: { subtotal: m(0), shipping: m(0), tax: m(0), discount: m(0), total: m(0), additionalFees: m(0) },
    membershipOptions: { eligibleMemberships: [], invalidMemberships: [], selectedMemberships: { memberships: [] } },
    additionalFees: tipFee(totals.tip, priced.purchaseFlowId ?? '', m),
  };
}

// ------------------------------------------------------------------------------------------------ checkouts

export interface CheckoutData {
  lines: ResolvedLine['row'][];
  couponCode: string | null;
  email?: string;
  shippingAddress?: Address;
  billingAddress?: Address;
  shippingCode?: string;
  channelType: string;
}

export interface CheckoutRow {
  id: string;
  cart_id: string;
  owner: string;
  data: string;
  completed: number;
  order_id: string | null;
  created_date: string;
  updated_date: string;
}

export function checkoutById(db: Database, id: string): CheckoutRow | undefined {
  return db.prepare<[string], CheckoutRow>('SELECT * FROM checkouts WHERE id = ?').get(id);
}

export function createCheckout(
  db: Database,
  cart: CartRow,
  input: Omit<CheckoutData, 'lines' | 'couponCode'>,
  nowMs: number,
): string {
  const lines = cartLines(db, cart.id);
  if (!lines.length) throw badRequestApp('CART_IS_EMPTY', 'The cart is empty');
  const problems = availabilityErrors(lines.map((l) => resolveLine(db, l)));
  if (problems.length)
    throw badRequestApp('ITEMS_NOT_AVAILABLE', 'Some items are not available in the requested quantity', {
      errors: problems,
    });
  const id = randomUUID();
  const data: CheckoutData = {
    ...input,
    lines: lines.map(({ id: lid, product_id, variant_id, options, quantity }) => ({
      id: lid,
      product_id,
      variant_id,
      options,
      quantity,
    })),
    couponCode: cart.coupon_code,
  };
  db.prepare<[string, string, string, string, string, string]>(
    'INSERT INTO checkouts (id, cart_id, owner, data, created_date, updated_date) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(id, cart.id, cart.owner, JSON.stringify(data), nowIso(nowMs), nowIso(nowMs));
  db.prepare<[string, string]>('UPDATE carts SET checkout_id = ? WHERE id = ?').run(id, cart.id);
  return id;
}

/** The checkout's coupon (the hosted checkout's discount-code field): a code, or null to remove it. */
export function setCheckoutCoupon(db: Database, id: string, code: string | null, nowMs: number): void {
  const row = checkoutById(db, id);
  if (!row) return;
  const data = JSON.parse(row.data) as CheckoutData;
  db.prepare<[string, string, string]>('UPDATE checkouts SET data = ?, updated_date = ? WHERE id = ?').run(
    JSON.stringify({ ...data, couponCode: code }),
    nowIso(nowMs),
    id,
  );
}

export function wireCheckout(ctx: WireContext, row: CheckoutRow) {
  const data = JSON.parse(row.data) as CheckoutData;
  const priced = priceCart(ctx.db, data.lines, data.couponCode, {
    ...(data.shippingAddress ? { address: data.shippingAddress } : {}),
    ...(data.shippingCode ? { shippingCode: data.shippingCode } : {}),
    nowMs: ctx.now(),
    tip: { purchaseFlowId: row.cart_id },
  });
  const t = wireTotals(ctx, priced);
  const [kind, id] = [row.owner.slice(0, 1), row.owner.slice(2)];
  return {
    id: row.id,
    cartId: row.cart_id,
    lineItems: priced.resolved.map((l) => wireLine(ctx, l)),
    buyerInfo: {
      ...(kind === 'm' ? { memberId: id } : { visitorId: id }),
      ...(data.email ? { email: data.email } : {}),
    },
    channelType: data.channelType,
    currency: CURRENCY,
    priceSummary: t.priceSummary,
    taxSummary: t.taxSummary,
    shippingInfo: {
      ...t.shippingInfo,
      ...(data.shippingAddress ? { shippingDestination: { address: data.shippingAddress } } : {}),
    },
    appliedDiscounts: t.appliedDiscounts,
    additionalFees: t.additionalFees,
    ...(t.calculationErrors ? { calculationErrors: t.calculationErrors } : {}),
    completed: row.completed === 1,
    ...(row.order_id ? { orderId: row.order_id } : {}),
    createdDate: row.created_date,
    updatedDate: row.updated_date,
  };
}

// ------------------------------------------------------------------------------------------------ orders

export interface PlaceOrderInput {
  email: string;
  firstName: string;
  lastName: string;
  address: Address & { addressLine: string; city: string; postalCode: string; country: string };
  shippingCode: string;
  /**
   * How the payment ended: PAID (the test card), PENDING (the test card for a payment the provider has not confirmed
   * yet: the order is placed, its payment still open), AUTHORIZED (delayed capture: funds held until the owner
   * captures or voids them) or NOT_PAID (an offline order, no payment yet). See domain/payments.ts.
   */
  payment?: PlacedPayment;
  /** The card's last four digits (default 4242). */
  cardLast4?: string;
  /** The tip chosen on the hosted checkout (null: none); default the purchase flow's stored choice (domain/tips.ts). */
  tip?: TipChoice | null;
}

/**
 * Places the order of a checkout in one transaction: stock checked and decreased (tracked variants), order with
 * payment status PAID and activities ORDER_PLACED + ORDER_PAID (PENDING and ORDER_PLACED alone for a pending
 * payment), buyerInfo with the member's contact id for a member, checkout completed, the lines it held taken out of
 * the cart ({@link removeBoughtLines}).
 * Throws 400 `ITEMS_NOT_AVAILABLE` when stock ran out meanwhile.
 */
export function placeOrder(ctx: WireContext, checkoutId: string, input: PlaceOrderInput): string {
  const { db } = ctx;
  return db.transaction(() => {
    const row = checkoutById(db, checkoutId);
    if (!row) throw notFound('Checkout not found', 'CHECKOUT_NOT_FOUND');
    if (row.completed) return row.order_id!;
    const data = JSON.parse(row.data) as CheckoutData;
    const address = {
      addressLine1: input.address.addressLine,
      city: input.address.city,
      postalCode: input.address.postalCode,
      country: input.address.country,
      subdivision: input.address.subdivision ?? '',
    };
    const priced = priceCart(db, data.lines, data.couponCode, {
      address,
      shippingCode: input.shippingCode,
      nowMs: ctx.now(),
      tip: { purchaseFlowId: row.cart_id, ...(input.tip !== undefined ? { choice: input.tip } : {}) },
    });
    const problems = availabilityErrors(priced.resolved);
    if (problems.length)
      throw badRequestApp('ITEMS_NOT_AVAILABLE', problems.map((p) => p.description).join('; '), { errors: problems });
    for (const l of priced.resolved) {
      if (l.product?.trackInventory) {
        // variant ids are unique per product only (every product without options has the default variant id)
        db.prepare<[number, string, string]>(
          'UPDATE product_variants SET quantity = quantity - ? WHERE product_id = ? AND id = ?',
        ).run(l.row.quantity, l.row.product_id, l.variant!.id);
      }
    }
    const t = wireTotals(ctx, priced);
    const now = nowIso(ctx.now());
    const number = (db.prepare<[], { n: number | null }>('SELECT MAX(number) AS n FROM orders').get()?.n ?? 10000) + 1;
    const orderId = randomUUID();
    const [kind, ownerId] = [row.owner.slice(0, 1), row.owner.slice(2)];
    const contact = { firstName: input.firstName, lastName: input.lastName };
    const contactId =
      kind === 'm'
        ? db.prepare<[string], { contact_id: string }>('SELECT contact_id FROM members WHERE id = ?').get(ownerId)
            ?.contact_id
        : undefined;
    const order = {
      id: orderId,
      number: String(number),
      checkoutId: row.id,
      cartId: row.cart_id,
      buyerInfo: {
        ...(kind === 'm' ? { memberId: ownerId } : { visitorId: ownerId }),
        ...(contactId ? { contactId } : {}),
        email: input.email,
      },
      buyerLanguage: 'en',
      currency: CURRENCY,
      status: 'APPROVED',
      paymentStatus: 'NOT_PAID',
      fulfillmentStatus: 'NOT_FULFILLED',
      lineItems: priced.resolved.map((l) => {
        const w = wireLine(ctx, l);
        return {
          id: w.id,
          productName: w.productName,
          catalogReference: w.catalogReference,
          quantity: w.quantity,
          price: w.price,
          totalPriceBeforeTax: w.lineItemPrice,
          descriptionLines: w.descriptionLines,
          image: w.image,
          physicalProperties: w.physicalProperties,
          itemType: w.itemType,
        };
      }),
      priceSummary: t.priceSummary,
      taxSummary: t.taxSummary,
      appliedDiscounts: t.appliedDiscounts,
      additionalFees: t.additionalFees,
      billingInfo: { address, contactDetails: contact },
      shippingInfo: {
        code: priced.totals.shippingOption?.code,
        title: priced.totals.shippingOption?.title,
        cost: { price: money(priced.totals.shipping) },
        logistics: {
          deliveryTime: priced.totals.shippingOption?.deliveryTime,
          shippingDestination: { address, contactDetails: contact },
        },
      },
      activities: [{ id: randomUUID(), type: 'ORDER_PLACED', createdDate: now }] as WireOrder['activities'],
      createdDate: now,
      updatedDate: now,
      purchasedDate: now,
    };
    // the payment lives in order_transactions (domain/payments.ts); it sets paymentStatus and its activities
    const transactions = placedPayment(
      order as WireOrder,
      input.payment ?? 'PAID',
      { lastFourDigits: input.cardLast4 ?? '4242', brand: 'Visa' },
      ctx.now(),
    );
    db.prepare<[string, number, string, string, string, string]>(
      'INSERT INTO orders (id, number, checkout_id, owner, data, created_date) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(orderId, number, row.id, row.owner, JSON.stringify(order), now);
    saveTransactions(db, orderId, transactions);
    if (priced.totals.tip) recordOrderTip(db, orderId, row.cart_id, priced.totals.tip, ctx.now());
    const ins = db.prepare<[string, string, string, number]>(
      'INSERT INTO order_lines (order_id, product_id, variant_id, quantity) VALUES (?, ?, ?, ?)',
    );
    for (const l of priced.resolved) ins.run(orderId, l.row.product_id, l.row.variant_id, l.row.quantity);
    db.prepare<[string, string, string]>(
      'UPDATE checkouts SET completed = 1, order_id = ?, updated_date = ? WHERE id = ?',
    ).run(orderId, now, row.id);
    removeBoughtLines(db, row.cart_id, data.lines, ctx.now());
    return orderId;
  })();
}

/**
 * Takes what a paid checkout held out of its cart, and nothing else: each of the checkout's lines (the cart line it
 * was copied from, by id) loses the quantity bought, at most what it still holds, and goes when nothing is left. A
 * line added after the checkout was created (another tab, even of the same variant after a removal) has another id
 * and stays; a quantity raised since keeps the difference. A changed cart gets a new revision (other tabs refetch);
 * the cart is deleted once it has no line left (the next cart call makes a new empty one), else it stays with its
 * coupon. A cart already gone (deleted, or merged into a member's cart on sign-in) is left alone.
 */
function removeBoughtLines(db: Database, cartId: string, bought: CheckoutData['lines'], nowMs: number): void {
  if (!cartById(db, cartId)) return;
  const line = db.prepare<[string, string], { quantity: number }>(
    'SELECT quantity FROM cart_lines WHERE id = ? AND cart_id = ?',
  );
  const setQuantity = db.prepare<[number, string]>('UPDATE cart_lines SET quantity = ? WHERE id = ?');
  const remove = db.prepare<[string]>('DELETE FROM cart_lines WHERE id = ?');
  let changed = false;
  for (const b of bought) {
    const held = line.get(b.id, cartId);
    if (!held) continue;
    const left = held.quantity - Math.min(held.quantity, b.quantity);
    if (left > 0) setQuantity.run(left, b.id);
    else remove.run(b.id);
    changed = true;
  }
  if (!cartLines(db, cartId).length) db.prepare<[string]>('DELETE FROM carts WHERE id = ?').run(cartId);
  else if (changed) touchCart(db, cartId, nowMs);
}

export function orderById(db: Database, id: string): { owner: string; order: Record<string, unknown> } | undefined {
  const r = db
    .prepare<[string], { owner: string; data: string }>('SELECT owner, data FROM orders WHERE id = ?')
    .get(id);
  return r && { owner: r.owner, order: JSON.parse(r.data) as Record<string, unknown> };
}

/** Every line of every placed order: what "Best sellers" and "Frequently bought together" read. */
export const orderSales: SalesSource = (db) => {
  try {
    return db
      .prepare<[], { orderId: string; productId: string; quantity: number }>(
        'SELECT order_id AS orderId, product_id AS productId, quantity FROM order_lines',
      )
      .all();
  } catch {
    return []; // before migration 005
  }
};

export { findVariant };
