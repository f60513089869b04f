import type { ComponentChild } from 'preact';
import type { I18n, Translator } from '../../../core/i18n/index.ts';
import type { Payment, PaymentsView } from '../../../core/api/admin-payments.ts';
import { labelOf, unavailable } from './model.ts';
import type * as Forms from './forms.tsx';
import type { Parts } from './forms.tsx';
import type { paymentsStrings } from './strings.ts';

export type K = keyof typeof paymentsStrings;
export type T = Translator<K>;

/** How the payments panel's parts speak: its strings, a key said when it is one, an amount in the order's currency. */
export interface Speech {
  i18n: I18n;
  t: T;
  say: (k: string) => string;
  amount: (s: string | undefined) => string;
}

/**
 * The order's total, what was paid and refunded, and what is left to pay: the platform's balance (total less paid),
 * said "to refund" when it is below zero (an order edited down after it was paid).
 */
export function Balance({ v, t, amount }: Pick<Speech, 't' | 'amount'> & { v: PaymentsView }) {
  const b = v.order.balanceSummary;
  const over = b?.balance?.amount.startsWith('-');
  return (
    <dl class="figures" part="balance">
      {(
        [
          ['ap.total', v.order.priceSummary?.total],
          ['ap.paid', b?.paid],
          ['ap.refunded', b?.refunded],
          over ? ['ap.toRefund', { amount: b!.balance!.amount.slice(1) }] : ['ap.left', b?.balance],
        ] as [K, { amount: string } | undefined][]
      ).map(([k, m]) =>
        m ? (
          <div key={k}>
            <dt>{t(k)}</dt>
            <dd>
              <bdi>{amount(m.amount)}</bdi>
            </dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}

export interface RowProps extends Speech {
  v: PaymentsView;
  p: Payment;
  /** The payment's place in the list (its label's id). */
  i: number;
  ids: string;
  busy: boolean;
  /** The panel's open form (`refund:<payment>`, `capture:<payment>`, `void:<payment>`, …). */
  open: string | undefined;
  toggle: (k: string) => void;
  failed: (on: string) => ComponentChild;
  form: (show: (f: typeof Forms) => ComponentChild) => ComponentChild;
  parts: (v: PaymentsView) => Parts;
  /** Read the payments again (refundability failed this time). */
  reread: () => void;
}

/** One payment: how and what was paid, its status, why it can't be refunded or captured; its buttons and open form. */
export function PaymentRow({
  v,
  p,
  i,
  ids,
  i18n,
  t,
  say,
  amount,
  busy,
  open,
  toggle,
  failed,
  form,
  parts,
  reread,
}: RowProps) {
  const r = v.refundabilities.find((x) => x.paymentId === p.id);
  const auth = p.regularPaymentDetails?.authorizationDetails;
  const expires = auth?.scheduledAction?.actionType === 'VOID' ? auth.scheduledAction.executionDate : '';
  const why = unavailable(p);
  const refundable = r?.refundabilityStatus === 'REFUNDABLE' || r?.refundabilityStatus === 'MANUAL';
  const kind = r?.refundabilityStatus === 'MANUAL' ? 'external' : 'refund';
  const here = v.unavailable?.refundability;
  return (
    <li class="pm" part="payment">
      <div class="pm-head">
        {/* a method's name (a custom one is typed by the owner) and an amount, each in its own run */}
        <bdi class="strong" id={`${ids}pm${i}`}>
          {labelOf(t, p)}
        </bdi>
        <bdi>{amount(p.amount?.amount)}</bdi>
        <span part="payment-status">{say(`ap.ps.${p.status}`)}</span>
      </div>
      {p.status === 'AUTHORIZED' && expires ? (
        <p class="muted">
          <bdi>{t('ap.expires', { date: i18n.date(expires, 'medium') })}</bdi>
        </p>
      ) : null}
      {why && p.status !== 'AUTHORIZED' ? (
        <p class="muted" part="capture-reason">
          {say(`ap.un.${why}`)}
        </p>
      ) : null}
      {/* (an authorization is captured or voided first: that it can't be refunded yet goes without saying) */}
      {p.status === 'AUTHORIZED' ? null : here && (p.status === 'APPROVED' || p.status === 'PARTIALLY_REFUNDED') ? (
        // refundability was not read (an internal call): refunds are not offered here, and the words say where; when
        // it failed this time rather than being refused, it can be read again
        <p class="muted" part="refund-reason">
          {t('ap.here.refund')}
          {here === 'FAILED' ? (
            <>
              {' '}
              <button type="button" class="link" disabled={busy} onClick={reread}>
                {t('ap.reread')}
              </button>
            </>
          ) : null}
        </p>
      ) : r?.refundabilityStatus === 'NOT_REFUNDABLE' ? (
        <p class="muted" part="refund-reason">
          {say(`ap.no.${r.nonRefundableReason}`) || t('ap.no.other')}
        </p>
      ) : r?.refundabilityStatus === 'MANUAL' ? (
        <p class="muted" part="refund-reason">
          {say(`ap.manual.${r.manuallyRefundableReason}`) || t('ap.manual.other')}
        </p>
      ) : null}
      <div class="actions">
        {refundable ? (
          <button
            type="button"
            class="btn"
            disabled={busy}
            aria-expanded={open === `refund:${p.id}`}
            aria-describedby={`${ids}pm${i}`}
            data-opens={`refund:${p.id}`}
            onClick={() => toggle(`refund:${p.id}`)}
          >
            {t(kind === 'external' ? 'ap.external' : 'ap.refund')}
          </button>
        ) : null}
        {p.status === 'AUTHORIZED' && !why
          ? (['capture', 'void'] as const).map((a) => (
              <button
                key={a}
                type="button"
                class="btn"
                disabled={busy}
                aria-expanded={open === `${a}:${p.id}`}
                aria-describedby={`${ids}pm${i}`}
                data-opens={`${a}:${p.id}`}
                onClick={() => toggle(`${a}:${p.id}`)}
              >
                {t(`ap.${a}`)}
              </button>
            ))
          : null}
      </div>
      {open === `refund:${p.id}` && refundable
        ? form((f) => <f.RefundForm {...parts(v)} p={p} external={kind === 'external'} />)
        : null}
      {open === `capture:${p.id}` && p.status === 'AUTHORIZED'
        ? form((f) => <f.CaptureForm {...parts(v)} p={p} />)
        : null}
      {open === `void:${p.id}` && p.status === 'AUTHORIZED' ? form((f) => <f.VoidForm {...parts(v)} p={p} />) : null}
      {failed(`refund:${p.id}`) ?? failed(`capture:${p.id}`) ?? failed(`void:${p.id}`)}
    </li>
  );
}

/** The order's refunds, each transaction with its amount, status, date and reason. */
export function Refunds({ v, i18n, t, say, amount }: Speech & { v: PaymentsView }) {
  return v.refunds.length ? (
    <>
      <h4>{t('ap.refunds')}</h4>
      <ul class="list" part="refunds">
        {v.refunds.flatMap((r) =>
          (r.transactions ?? []).map((x, i) => (
            <li key={`${r.id}${i}`} class="pm" part="refund">
              <div class="pm-head">
                <bdi>{amount(x.amount?.amount)}</bdi>
                <span part="refund-status">
                  {say(
                    x.externalRefund && x.refundStatus === 'SUCCEEDED' ? 'ap.rs.external' : `ap.rs.${x.refundStatus}`,
                  )}
                </span>
                {r.createdDate ? <bdi class="muted">{i18n.date(r.createdDate)}</bdi> : null}
              </div>
              {r.details?.reason ? (
                <p class="note">
                  <bdi>{t('ap.why', { reason: r.details.reason })}</bdi>
                </p>
              ) : null}
            </li>
          )),
        )}
      </ul>
    </>
  ) : null;
}
