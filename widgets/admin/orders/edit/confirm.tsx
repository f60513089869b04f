import type { RefObject } from 'react';
import type { I18n, Translator } from '../../../../core/i18n/index.ts';
import type { Order } from '../../../../core/api/orders.ts';
import type { editStrings } from './strings.ts';
import { centsOf, lineName, type Sure } from './model.ts';

export type K = keyof typeof editStrings;
export type T = Translator<K>;

/**
 * The edit's second step: what will be sent (each line's old and new quantity, the new address, the reason, the email
 * and the stock), the new total as the platform priced it and what is left to collect or to refund; "yes" sends
 * exactly that, disabled while an action runs.
 */
export function EditConfirm({
  o,
  sure,
  t,
  i18n,
  busy,
  focus,
  onYes,
  onBack,
}: {
  o: Order;
  sure: Sure;
  t: T;
  i18n: I18n;
  /** The order's action under way. */
  busy: string | undefined;
  /** The question (it takes focus when the step shows). */
  focus: RefObject<HTMLParagraphElement>;
  onYes: () => void;
  onBack: () => void;
}) {
  return (
    <div class="noteform" part="edit-confirm">
      <p tabIndex={-1} ref={focus}>
        {t('oe.ask', { number: String(o.number) })}
      </p>
      <ul part="edit-changes">
        {sure.changed.map((x) => (
          <li key={x.l.id}>
            {x.to
              ? t('oe.qty', { name: lineName(x.l), from: x.l.quantity, to: x.to })
              : t('oe.removed', { name: lineName(x.l) })}
          </li>
        ))}
        {sure.body.shippingAddress ? <li>{t('oe.newShip', { address: sure.where })}</li> : null}
        <li>{t('oe.because', { reason: sure.body.reason })}</li>
        <li>{sure.email ? t('oe.willEmail', { email: sure.email }) : t('oe.noEmail')}</li>
        {sure.changed.length ? <li>{t(sure.body.restock ? 'oe.stock' : 'oe.noStock')}</li> : null}
      </ul>
      <Money sure={sure} t={t} i18n={i18n} currency={o.currency ?? 'USD'} />
      <div class="actions">
        <button type="button" class="btn primary" disabled={!!busy} aria-busy={busy === 'change'} onClick={onYes}>
          {t('oe.yes')}
        </button>
        <button type="button" class="btn" onClick={onBack}>
          {t('oe.back')}
        </button>
      </div>
    </div>
  );
}

/**
 * The edit's money as the platform priced it (its draft order): the new total beside the one now (when it moves), then
 * what was paid
 * and the balance after saving (the draft's `balanceSummary.balance`: the new total less what was paid), to collect
 * when above zero, to refund when below.
 */
function Money({ sure, t, i18n, currency }: { sure: Sure; t: T; i18n: I18n; currency: string }) {
  const { priceSummary, balanceSummary, totalBefore } = sure.preview;
  const money = (c: number) => i18n.money((Math.abs(c) / 100).toFixed(2), currency);
  const now = centsOf(priceSummary.total);
  const before = totalBefore ? centsOf(totalBefore) : now;
  const balance = centsOf(balanceSummary.balance);
  const paid = money(centsOf(balanceSummary.paid));
  return (
    <div part="edit-money">
      {now === before ? null : (
        <p class="strong" part="edit-total">
          {t('oe.newTotal', { total: money(now), before: money(before) })}
        </p>
      )}
      <p part="edit-balance">
        {balance > 0
          ? t('oe.collect', { paid, amount: money(balance) })
          : balance < 0
            ? t('oe.refundDue', { paid, amount: money(balance) })
            : t('oe.settled', { paid })}
      </p>
    </div>
  );
}
