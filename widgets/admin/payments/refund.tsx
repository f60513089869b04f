import { useState } from 'react';
import type { Payment } from '../../../core/api/admin-payments.ts';
import { backableOf, pickedOf, REASONS, reasonOf, refundBasis, refundBody, refundSums } from './refund-model.ts';
import { decimal, labelOf, leftOfPayment } from './model.ts';
import { Amount, badAmount, Step, tr, typedAmount } from './step.tsx';
import type { Parts } from './step.tsx';
import { RefundLines, RefundShipping } from './refund-lines.tsx';
import { RefundSummary } from './refund-summary.tsx';

/**
 * Refund one payment as owners expect it (Shopify's refund panel): per line a stepper up to what is not refunded yet,
 * some of the shipping up to what is not refunded yet, and a summary that follows them live (items, their discount
 * and tax as the order charged them, shipping, total: core/api/refund-calc.ts, what the platform gives back for them);
 * the amount follows the total until the owner types another, up to what is left of the payment; a reason from a
 * list plus details; restock, email. Or record a refund made elsewhere (the same form).
 */
export function RefundForm(props: Parts & { p: Payment; external: boolean }) {
  const { v, p, money, external, cur, digits, i18n } = props;
  const t = tr(i18n);
  const left = leftOfPayment(v, p, digits);
  const { shares, refunded, lines, shipLeft, allBack, to } = refundBasis(v, digits);
  const [qty, setQty] = useState<Record<string, number>>({});
  const [ship, setShip] = useState<string>();
  // the amount typed by the owner; undefined: it follows the summary's total
  const [amount, setAmount] = useState<string>();
  const [restock, setRestock] = useState(false);
  const [email, setEmail] = useState(!external && !!to);
  const [message, setMessage] = useState('');
  const [why, setWhy] = useState('');
  const [note, setNote] = useState('');
  const emailed = email && !!to;
  const picked = pickedOf(lines, qty);
  const shipTyped = ship === undefined ? undefined : typedAmount(t, i18n, ship, shipLeft, digits, money);
  const shipping = shipTyped?.minor ?? 0;
  const sum = refundSums(shares, refunded, Object.fromEntries(picked.map((x) => [x.lineItemId, x.quantity])), shipping);
  const typed = amount === undefined ? undefined : typedAmount(t, i18n, amount, left, digits, money);
  const units = typed ? (typed.minor ?? NaN) : sum.total;
  // the amount sent only when it is not what the platform computes from the lines and shipping named
  const own = typed !== undefined && units !== sum.total;
  const pick = (next: Record<string, number>, s = ship) => {
    setQty(next);
    setShip(s);
    setAmount(undefined);
  };
  const backable = backableOf(lines, picked);
  const items = restock ? backable.reduce((n, x) => n + x.quantity, 0) : 0;
  const msg = message.trim();
  const reason = reasonOf(why, why && t(`ap.r.${why}` as 'ap.r.OTHER'), note);
  return (
    <Step
      {...props}
      part="refund-form"
      label={t(external ? 'ap.external' : 'ap.refund')}
      check={() => {
        if (shipTyped?.error) return t('ap.badShipping', { amount: money(shipLeft) });
        if (typed?.error) return typed.error;
        if (!(units > 0)) return t('ap.nothing');
        if (units > left) return badAmount(t, i18n, left, digits, money);
      }}
      ask={() =>
        [
          t(external ? 'ap.ask.external' : 'ap.ask.refund', { amount: money(units), payment: labelOf(t, p) }),
          emailed ? t(msg ? 'ap.willEmailMsg' : 'ap.willEmail', { email: to }) : t('ap.noEmail'),
          !picked.length
            ? ''
            : items
              ? t('ap.willRestock', { count: items })
              : restock
                ? t('ap.alreadyBack')
                : t('ap.noRestock'),
        ]
          .filter(Boolean)
          .join(' ')
      }
      yes={() => (external ? t('ap.yes.external') : t('ap.yes.refund', { amount: money(units) }))}
      make={() => {
        const body = refundBody({
          paymentId: p.id,
          digits,
          units,
          own,
          external,
          picked,
          shipping,
          reason,
          items,
          backable,
          emailed,
          msg,
        });
        return (revision) => props.model.refund(revision, body);
      }}
    >
      {lines.length ? (
        <RefundLines t={t} lines={lines} qty={qty} shipLeft={shipLeft} digits={digits} money={money} pick={pick} />
      ) : null}
      {shipLeft ? (
        <RefundShipping
          t={t}
          cur={cur}
          ship={ship}
          shipLeft={shipLeft}
          digits={digits}
          money={money}
          setShip={(s) => pick(qty, s)}
        />
      ) : null}
      <RefundSummary t={t} sum={sum} money={money} />
      <Amount
        t={t}
        cur={cur}
        max={money(left)}
        value={amount ?? (sum.total > 0 ? decimal(sum.total, digits) : '')}
        set={setAmount}
      />
      {own ? (
        <p class="muted" part="amount-own">
          {t('ap.own', { amount: money(sum.total) })}{' '}
          <button type="button" class="link" onClick={() => setAmount(undefined)}>
            {t('ap.useTotal')}
          </button>
        </p>
      ) : null}
      {!picked.length ? null : allBack ? (
        <p class="muted" part="restocked">
          {t('ap.allBack')}
        </p>
      ) : (
        <label class="check">
          <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.currentTarget.checked)} />
          {t('ap.restock')}
        </label>
      )}
      <label>
        {t('ap.reasonPick')}
        <select value={why} onChange={(e) => setWhy(e.currentTarget.value)}>
          <option value="">{t('ap.r.none')}</option>
          {REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`ap.r.${r}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('ap.reason')}
        <input maxLength={150} value={note} onInput={(e) => setNote(e.currentTarget.value)} />
      </label>
      {to ? (
        <label class="check">
          <input type="checkbox" checked={email} onChange={(e) => setEmail(e.currentTarget.checked)} />
          {t('ap.email')}
        </label>
      ) : (
        <p class="muted" part="no-buyer-email">
          {t('ap.noBuyerEmail')}
        </p>
      )}
      {emailed ? (
        <label>
          {t('ap.message')}
          <textarea rows={2} maxLength={1000} value={message} onInput={(e) => setMessage(e.currentTarget.value)} />
        </label>
      ) : null}
    </Step>
  );
}
