import { atom } from 'nanostores';
import type { I18n, Translator } from '../../../core/i18n/index.ts';
import * as api from '../../../core/api/admin-payments.ts';
import type { Method, Payment, PaymentsView, RefundBody } from '../../../core/api/admin-payments.ts';
import { InlayApiError, outcomeUnknown } from '../../../core/errors.ts';
import type { Http } from '../../../core/http.ts';
import { paymentsStrings } from './strings.ts';

type K = keyof typeof paymentsStrings;

export interface PaymentsUi {
  status: 'loading' | 'ready' | 'error';
  view?: PaymentsView;
  /** The read's failure (with no view to show), in words. */
  error?: string;
  /** The change under way: `mark`, `manual`, `refund:<payment>`, `capture:<payment>`, `void:<payment>`. */
  busy?: string;
  /** The last change's failure, in words, on the change it was (what was typed stays in its form). */
  failed?: { on: string; text: string };
  /** The last change done (announced). */
  done?: string;
  /**
   * A change's answer was lost and the view could not be read again since: what is shown may be out of date, so no
   * change is offered until a read succeeds.
   */
  stale?: boolean;
}

const code = (e: unknown) => (e instanceof InlayApiError ? e.applicationError?.code : undefined);
/** The order's money as the companion found it when it refused a change (409 `data.view`), when it sent it. */
const viewIn = (e: unknown): PaymentsView | undefined => {
  const d = e instanceof InlayApiError ? (e.applicationError?.data as { view?: unknown } | undefined) : undefined;
  const v = d?.view as PaymentsView | undefined;
  return v && typeof v === 'object' && typeof v.revision === 'string' && Array.isArray(v.payments) ? v : undefined;
};
/**
 * Refusals after which the change may have been made or is still under way: the form gives way to the order as it
 * is now, so what was typed is never one click from being sent again.
 */
const UNCERTAIN = new Set(['ANSWER_LOST', 'CHANGE_IN_PROGRESS']);
/** What the companion says the platform refused to the site (403 `NOT_AVAILABLE_HERE`): the action, else ''. */
const actionOf = (e: unknown) => {
  const d = e instanceof InlayApiError ? (e.applicationError?.data as { action?: unknown } | undefined) : undefined;
  return typeof d?.action === 'string' ? d.action : '';
};
const reasonOf = (e: unknown) => {
  const d = e instanceof InlayApiError ? (e.applicationError?.data as { reason?: unknown } | undefined) : undefined;
  return typeof d?.reason === 'string' ? d.reason : '';
};

/** How many decimals `currency` has (JPY 0, USD 2, KWD 3), as Intl formats it; 2 for a code Intl doesn't know. */
export function digitsOf(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** What is left of a payment to refund, in minor units: its amount less what its refunds that did not fail took. */
export function leftOfPayment(v: PaymentsView, p: Payment, digits = 2): number {
  let left = minor(p.amount?.amount, digits);
  for (const r of v.refunds)
    for (const x of r.transactions ?? [])
      if (x.paymentId === p.id && x.refundStatus !== 'FAILED') left -= minor(x.amount?.amount, digits);
  return Math.max(0, left);
}
/**
 * A decimal string as minor units of a currency with `digits` decimals (NaN when it isn't one, or has more decimals
 * than that other than zeros: the platform's "1000.00" in JPY is 1000). A decimal comma is a point ("12,50").
 */
export function minor(s: string | undefined, digits = 2): number {
  const m = /^(\d{1,12})(?:[.,](\d*))?$/.exec(s?.trim() ?? '');
  if (!m) return NaN;
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > digits) return NaN;
  return Number(m[1]) * 10 ** digits + Number(frac.padEnd(digits, '0') || 0);
}
/** How many decimals a typed amount has (after a point or a comma). */
export const decimalsIn = (s: string) => /[.,](\d*)$/.exec(s.trim())?.[1]?.length ?? 0;
/** Minor units as the decimal string the platform takes: exactly `digits` decimals ("1001", "12.50", "12.345"). */
export function decimal(m: number, digits = 2): string {
  const s = String(Math.max(0, Math.round(m))).padStart(digits + 1, '0');
  return digits ? `${s.slice(0, -digits)}.${s.slice(-digits)}` : s;
}

/** A delayed-capture payment's reason it can't be captured or voided (the companion's rule), else undefined. */
export function unavailable(p: Payment): string | undefined {
  const d = p.regularPaymentDetails;
  if (!d?.authorizationDetails) return undefined;
  if (p.status === 'VOIDED') return d.authorizationDetails.void?.reason === 'SCHEDULED' ? 'EXPIRED' : 'VOIDED';
  if (d.authorizationDetails.captures?.some((c) => c.status === 'SUCCEEDED')) return 'CAPTURED';
  return p.status === 'AUTHORIZED' ? undefined : 'NOT_SUPPORTED';
}

/**
 * One order's money in the owner console (docs/companion.md "Owner console: payments"): its payments, refunds, what
 * can be refunded and what is left to collect, and the changes to it. Each change carries the revision of the view
 * the owner confirmed; when the companion says it moved (409 `PAYMENTS_CHANGED`, `ANSWER_LOST`), that another change
 * is under way (`CHANGE_IN_PROGRESS`) or no answer came, the order as it is now is shown, saying so, before anything
 * is offered again (after a lost answer, in place of the form). Never two changes at once. After a
 * change, `changed()` lets the order's detail read the order again (its status and timeline).
 */
export function createPaymentsModel(o: {
  http: () => Http;
  i18n: () => I18n;
  orderId: string;
  changed?: () => unknown;
}) {
  const $ui = atom<PaymentsUi>({ status: 'loading' });
  const t = (k: K, p?: Record<string, string | number>) => o.i18n().strings(paymentsStrings)(k, p);
  const patch = (p: Partial<PaymentsUi>) => $ui.set({ ...$ui.get(), ...p });
  let reads = 0;

  async function load() {
    const mine = ++reads;
    if (!$ui.get().view) patch({ status: 'loading', error: undefined });
    try {
      const view = await api.paymentsView(o.http(), o.orderId);
      if (mine === reads) patch({ status: 'ready', view, error: undefined, stale: undefined });
      return true;
    } catch (e) {
      if (mine === reads) patch({ status: $ui.get().view ? 'ready' : 'error', error: o.i18n().error(e, true) });
      return false;
    }
  }

  /** A refusal in words: the companion's reasons worded here, the platform's codes known, else the usual text. */
  function words(e: unknown): string {
    const c = code(e);
    const r = reasonOf(e);
    if (c === 'PAYMENTS_CHANGED') return t('ap.changed');
    if (c === 'CHANGE_IN_PROGRESS') return t('ap.inProgress');
    if (c === 'ANSWER_LOST') return t('ap.landed');
    if (outcomeUnknown(e)) return t('ap.lost');
    // an internal call the platform refused to the site: where to do it instead
    if (c === 'NOT_AVAILABLE_HERE') {
      const a = actionOf(e);
      if (a === 'refund') return t('ap.here.refund');
      if (a === 'markAsPaid' || a === 'manualPayment')
        return t('ap.here', { action: t(a === 'markAsPaid' ? 'ap.markPaid' : 'ap.manualPay') });
    }
    if (c === 'REFUNDABILITY_UNAVAILABLE') return t('ap.here.refund');
    if (c === 'REFUND_NOT_AVAILABLE') {
      const k = `ap.${Object.hasOwn(MANUAL_REASONS, r) ? 'manual' : 'no'}.${r}`;
      return t((k in paymentsStrings ? k : 'ap.no.other') as K);
    }
    if (c === 'AUTHORIZATION_UNAVAILABLE' && r && `ap.un.${r}` in paymentsStrings) return t(`ap.un.${r}` as K);
    if (c && `ap.err.${c}` in paymentsStrings) return t(`ap.err.${c}` as K);
    if (e instanceof InlayApiError && e.fieldViolations?.some((f) => /lineItems/.test(f.field)))
      return t('ap.err.lines');
    return o.i18n().error(e, true);
  }

  /**
   * One change, never two at once, with the revision of the view the owner's question showed (`revision`, kept by the
   * form when it asked: not the view shown when "yes" is clicked, which may have been read again since). True when the
   * form closes: the change was made, or it may have been (no answer, `ANSWER_LOST`, `CHANGE_IN_PROGRESS`), and then the
   * order as it is now takes the form's place, so nothing typed is left one click from being sent again. False when
   * it was refused (the form keeps what was typed; the view is read again where it may have moved).
   */
  async function act(
    on: string,
    revision: string,
    call: (http: Http, id: string, revision: string) => Promise<PaymentsView>,
  ) {
    const { view, busy, stale } = $ui.get();
    if (!view || busy || stale) return false;
    // a read started before the change must not overwrite the view the change returns
    reads++;
    patch({ busy: on, failed: undefined, done: undefined });
    try {
      const next = await call(o.http(), o.orderId, revision);
      reads++;
      const failed = (next as { failed?: boolean }).failed === true;
      patch({
        view: next,
        busy: undefined,
        ...(failed ? { failed: { on, text: t('ap.refundFailed') } } : { done: on.replace(/:.*/, '') }),
      });
      void o.changed?.();
      return !failed;
    } catch (e) {
      const c = code(e);
      const uncertain = outcomeUnknown(e) || UNCERTAIN.has(c ?? '');
      // anything but a plain refusal of the input: the money may have moved; nothing is offered before a new read
      const again = uncertain || (e instanceof InlayApiError && [404, 409, 428].includes(e.status ?? 0));
      if (again) {
        // the companion's refusal carries the order as it found it; else it is read here
        const fresh = viewIn(e);
        if (fresh) {
          reads++;
          patch({ view: fresh, stale: undefined });
        } else if (!(await load()) && uncertain) patch({ stale: true });
        void o.changed?.();
      }
      patch({ busy: undefined, failed: { on: uncertain ? 'panel' : on, text: words(e) } });
      return uncertain;
    }
  }

  return {
    $ui,
    load,
    /** Mark the order as paid (what is left, by `method`). Each change takes the revision its question showed. */
    markAsPaid: (revision: string, method?: Method) =>
      act('mark', revision, (h, id, rev) => api.markAsPaid(h, id, rev, method)),
    /** Record `amount` paid outside the site. */
    manualPayment: (revision: string, amount: string, method?: Method) =>
      act('manual', revision, (h, id, rev) => api.manualPayment(h, id, rev, amount, method)),
    refund: (revision: string, body: RefundBody) =>
      act(`refund:${body.paymentId}`, revision, (h, id, rev) => api.refund(h, id, rev, body)),
    capture: (revision: string, paymentId: string, amount?: string) =>
      act(`capture:${paymentId}`, revision, (h, id, rev) => api.capture(h, id, rev, paymentId, amount)),
    voidPayment: (revision: string, paymentId: string) =>
      act(`void:${paymentId}`, revision, (h, id, rev) => api.voidPayment(h, id, rev, paymentId)),
    /** Forget the last failure and what was done (a form closed). */
    clear: () => patch({ failed: undefined, done: undefined }),
  };
}
export type PaymentsModel = ReturnType<typeof createPaymentsModel>;

/** The spec's reasons a payment is refunded by hand (`MANUAL`), the others being `NOT_REFUNDABLE`'s. */
export const MANUAL_REASONS = { OFFLINE: 1, EXPIRED: 1, NOT_SUPPORTED: 1, REQUIRES_CARD_READER: 1 } as const;

/** How a payment was made, in words: the card, the owner's named method, or the platform's name for it. */
export function labelOf(t: Translator<K>, p: Payment): string {
  const d = p.regularPaymentDetails;
  const card = d?.creditCardDetails;
  if (card?.lastFourDigits) return t('ap.card', { brand: card.brand ?? '', last4: card.lastFourDigits });
  const u = d?.paymentMethodName?.userDefinedName;
  const k = `ap.method.${u?.predefined}`;
  if (k in paymentsStrings) return t(k as K);
  return u?.custom || d?.paymentMethodName?.siteLanguageName || (d?.offlinePayment ? t('ap.offline') : '');
}
