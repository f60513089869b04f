import type { RefObject } from 'react';
import type { I18n, Translator } from '../../../../core/i18n/index.ts';
import type { Order } from '../../../../core/api/orders.ts';
import { total } from '../words.ts';
import type { editStrings } from './strings.ts';
import { lineName, type Sure } from './model.ts';

export type K = keyof typeof editStrings;
export type T = Translator<K>;

/**
 * The edit's second step: what will be sent (each line's old and new quantity, the new address, the reason, the email
 * and the stock) and the order's total; "yes" sends exactly that, disabled while an action runs.
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
      <p class="muted">{t('oe.total', { total: total(i18n, o) })}</p>
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
