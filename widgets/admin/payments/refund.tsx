import { useState } from 'react';
import type { Payment } from '../../../core/api/admin-payments.ts';
import { decimal, labelOf, leftOfPayment, minor } from './model.ts';
import { Amount, badAmount, Choice, Step, tr, typedAmount } from './step.tsx';
import type { Parts } from './step.tsx';

/** Refund one payment: everything left, some items or an amount; restock, email, reason; or record one made elsewhere. */
export function RefundForm(props: Parts & { p: Payment; external: boolean }) {
  const { v, p, money, external, cur, digits, i18n } = props;
  const t = tr(i18n);
  const left = leftOfPayment(v, p, digits);
  const lines = v.order.lineItems
    .map((l) => ({ ...l, max: l.quantity - (l.refundedQuantity ?? 0) }))
    .filter((l) => l.max > 0);
  // no buyer email on the order: nobody to email
  const to = v.order.buyerEmail ?? '';
  const [how, setHow] = useState<'full' | 'lines' | 'amount'>('full');
  const [qty, setQty] = useState<Record<string, string>>({});
  const [amount, setAmount] = useState('');
  const [restock, setRestock] = useState(false);
  const [email, setEmail] = useState(!external && !!to);
  const [message, setMessage] = useState('');
  const [reason, setReason] = useState('');
  const emailed = email && !!to;
  const picked =
    how === 'full'
      ? lines.map((l) => ({ lineItemId: l.id, quantity: l.max }))
      : how === 'lines'
        ? lines
            .map((l) => ({ lineItemId: l.id, quantity: Number(qty[l.id] || 0) }))
            .filter((x) => Number.isInteger(x.quantity) && x.quantity > 0)
        : [];
  const typed = typedAmount(t, i18n, amount, left, digits, money);
  const units =
    how === 'full'
      ? left
      : how === 'lines'
        ? picked.reduce(
            (n, x) => n + minor(lines.find((l) => l.id === x.lineItemId)?.price?.amount, digits) * x.quantity,
            0,
          )
        : (typed.minor ?? NaN);
  // a unit comes back in stock once: what a refund may put back is what is not back yet (a cancel, an earlier refund)
  const backable = picked
    .map((x) => {
      const l = lines.find((y) => y.id === x.lineItemId);
      const out = l ? l.quantity - (l.restockedQuantity ?? 0) : 0;
      return { lineItemId: x.lineItemId, quantity: Math.max(0, Math.min(x.quantity, out)) };
    })
    .filter((x) => x.quantity > 0);
  // nothing of the order is out of stock any more: there is nothing to offer
  const allBack = v.order.lineItems.every((l) => (l.restockedQuantity ?? 0) >= l.quantity);
  const items = restock ? backable.reduce((n, x) => n + x.quantity, 0) : 0;
  const m = message.trim();
  return (
    <Step
      {...props}
      part="refund-form"
      label={t(external ? 'ap.external' : 'ap.refund')}
      check={() => {
        if (how === 'lines' && (!picked.length || lines.some((l) => Number(qty[l.id] || 0) > l.max)))
          return t('ap.noLines');
        if (how === 'amount') return typed.error;
        if (!(units > 0 && units <= left)) return badAmount(t, i18n, left, digits, money);
      }}
      ask={() =>
        [
          t(external ? 'ap.ask.external' : 'ap.ask.refund', { amount: money(units), payment: labelOf(t, p) }),
          emailed ? t(m ? 'ap.willEmailMsg' : 'ap.willEmail', { email: to }) : t('ap.noEmail'),
          how === 'amount'
            ? ''
            : items
              ? t('ap.willRestock', { count: items })
              : restock && picked.length
                ? t('ap.alreadyBack')
                : t('ap.noRestock'),
        ]
          .filter(Boolean)
          .join(' ')
      }
      yes={() => (external ? t('ap.yes.external') : t('ap.yes.refund', { amount: money(units) }))}
      make={() => {
        const body = {
          paymentId: p.id,
          amount: decimal(units, digits),
          ...(external ? { externalRefund: true } : {}),
          ...(picked.length ? { lineItems: picked } : {}),
          ...(reason.trim() ? { reason: reason.trim() } : {}),
          restock: items ? { type: 'SOME_ITEMS' as const, items: backable } : { type: 'NO_ITEMS' as const },
          sendEmail: emailed,
          ...(emailed && m ? { customMessage: m } : {}),
        };
        return (revision) => props.model.refund(revision, body);
      }}
    >
      <Choice
        legend={t('ap.how')}
        value={how}
        set={setHow}
        options={[
          ['full', t('ap.how.full', { amount: money(left) })],
          ...(lines.length ? [['lines', t('ap.how.lines')] as ['lines', string]] : []),
          ['amount', t('ap.how.amount')],
        ]}
      />
      {how === 'lines'
        ? lines.map((l) => (
            <label key={l.id} class="qty">
              <input
                type="number"
                min={0}
                max={l.max}
                step={1}
                value={qty[l.id] ?? ''}
                onInput={(e) => setQty({ ...qty, [l.id]: e.currentTarget.value })}
              />
              <bdi>{t('ap.qtyOf', { name: l.name ?? '', n: l.max })}</bdi>
            </label>
          ))
        : null}
      {how === 'amount' ? <Amount t={t} cur={cur} max={money(left)} value={amount} set={setAmount} /> : null}
      {how === 'amount' ? null : allBack ? (
        <p class="muted" part="restocked">
          {t('ap.allBack')}
        </p>
      ) : (
        <label class="check">
          <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.currentTarget.checked)} />
          {t('ap.restock')}
        </label>
      )}
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
      <label>
        {t('ap.reason')}
        <input maxLength={200} value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
      </label>
    </Step>
  );
}
