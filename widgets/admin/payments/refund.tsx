import { useState } from 'react';
import type { Payment } from '../../../core/api/admin-payments.ts';
import { lineShares, refundSums } from './refund-model.ts';
import { decimal, labelOf, leftOfPayment, minor } from './model.ts';
import { Amount, badAmount, Step, tr, typedAmount } from './step.tsx';
import type { Parts } from './step.tsx';

/** The reasons offered (the platform's `reason` is free text: the owner's words for the one chosen, then the details). */
const REASONS = ['RETURNED', 'DAMAGED', 'CHANGED_MIND', 'OTHER'] as const;

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
  const o = v.order;
  const left = leftOfPayment(v, p, digits);
  const m$ = (x: { amount?: string } | undefined) => minor(x?.amount ?? '0', digits) || 0;
  const shares = lineShares(
    o.lineItems.map((l) => ({
      id: l.id,
      quantity: l.quantity,
      unit: m$(l.price),
      discount: l.totalDiscount ? m$(l.totalDiscount) : undefined,
      tax: l.taxAmount ? m$(l.taxAmount) : undefined,
    })),
    m$(o.priceSummary?.discount),
    m$(o.priceSummary?.tax),
  );
  const refunded = Object.fromEntries(o.lineItems.map((l) => [l.id, l.refundedQuantity ?? 0]));
  const lines = o.lineItems
    .map((l) => ({ ...l, max: l.quantity - (l.refundedQuantity ?? 0) }))
    .filter((l) => l.max > 0);
  // the shipping not refunded yet: the order's, less what refunds that did not fail gave back of it
  const shipAll = m$(o.priceSummary?.shipping);
  const shipLeft = Math.max(
    0,
    v.refunds.reduce(
      (n, r) =>
        r.transactions?.some((x) => x.refundStatus !== 'FAILED')
          ? n - (r.details?.shipping ? m$(r.details.shipping.amount) : r.details?.shippingIncluded ? shipAll : 0)
          : n,
      shipAll,
    ),
  );
  // no buyer email on the order: nobody to email
  const to = o.buyerEmail ?? '';
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
  const picked = lines
    .map((l) => ({ lineItemId: l.id, quantity: Math.min(qty[l.id] ?? 0, l.max) }))
    .filter((x) => x.quantity > 0);
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
  // a unit comes back in stock once: what a refund may put back is what is not back yet (a cancel, an earlier refund)
  const backable = picked
    .map((x) => {
      const l = lines.find((y) => y.id === x.lineItemId);
      const out = l ? l.quantity - (l.restockedQuantity ?? 0) : 0;
      return { lineItemId: x.lineItemId, quantity: Math.max(0, Math.min(x.quantity, out)) };
    })
    .filter((x) => x.quantity > 0);
  // nothing of the order is out of stock any more: there is nothing to offer
  const allBack = o.lineItems.every((l) => (l.restockedQuantity ?? 0) >= l.quantity);
  const items = restock ? backable.reduce((n, x) => n + x.quantity, 0) : 0;
  const msg = message.trim();
  const reason = [why && t(`ap.r.${why}` as 'ap.r.OTHER'), note.trim()].filter(Boolean).join(' — ').slice(0, 200);
  const row = (k: string, label: string, c: number, minus = false) => (
    <div key={k} class="row">
      <dt>{label}</dt>
      <dd>
        <bdi>{minus ? `−${money(c)}` : money(c)}</bdi>
      </dd>
    </div>
  );
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
        const body = {
          paymentId: p.id,
          ...(own || (!picked.length && !shipping) ? { amount: decimal(units, digits) } : {}),
          ...(external ? { externalRefund: true } : {}),
          ...(picked.length ? { lineItems: picked } : {}),
          ...(shipping ? { shippingAmount: decimal(shipping, digits) } : {}),
          ...(reason ? { reason } : {}),
          restock: items ? { type: 'SOME_ITEMS' as const, items: backable } : { type: 'NO_ITEMS' as const },
          sendEmail: emailed,
          ...(emailed && msg ? { customMessage: msg } : {}),
        };
        return (revision) => props.model.refund(revision, body);
      }}
    >
      {lines.length ? (
        <fieldset part="refund-lines">
          <legend>{t('ap.items')}</legend>
          {lines.map((l) => {
            const n = Math.min(qty[l.id] ?? 0, l.max);
            const name = l.name ?? '';
            const step = (d: number) => pick({ ...qty, [l.id]: Math.max(0, Math.min(l.max, n + d)) });
            return (
              <div key={l.id} class="qty" part="refund-line">
                <bdi class="grow">
                  {name}
                  <span class="muted"> · {t('ap.each', { price: money(m$(l.price)), n: l.max })}</span>
                </bdi>
                <span class="stepper">
                  <button
                    type="button"
                    class="btn"
                    disabled={n <= 0}
                    aria-label={t('ap.fewer', { name })}
                    onClick={() => step(-1)}
                  >
                    −
                  </button>
                  <input
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={l.max}
                    step={1}
                    value={String(n)}
                    aria-label={t('ap.qtyOf', { name, n: l.max })}
                    onInput={(e) => {
                      const x = Math.trunc(Number(e.currentTarget.value));
                      pick({ ...qty, [l.id]: Number.isFinite(x) ? Math.max(0, Math.min(l.max, x)) : 0 });
                    }}
                  />
                  <button
                    type="button"
                    class="btn"
                    disabled={n >= l.max}
                    aria-label={t('ap.more', { name })}
                    onClick={() => step(1)}
                  >
                    +
                  </button>
                </span>
              </div>
            );
          })}
          <button
            type="button"
            class="link"
            onClick={() =>
              pick(
                Object.fromEntries(lines.map((l) => [l.id, l.max])),
                shipLeft ? decimal(shipLeft, digits) : undefined,
              )
            }
          >
            {t('ap.all')}
          </button>
        </fieldset>
      ) : null}
      {shipLeft ? (
        <>
          <label class="check">
            <input
              type="checkbox"
              checked={ship !== undefined}
              onChange={(e) => pick(qty, e.currentTarget.checked ? decimal(shipLeft, digits) : undefined)}
            />
            <bdi>{t('ap.shipping', { amount: money(shipLeft) })}</bdi>
          </label>
          {ship !== undefined ? (
            <label>
              {t('ap.shipAmount', { currency: cur })}
              <input
                name="shipping"
                inputMode="decimal"
                autoComplete="off"
                value={ship}
                onInput={(e) => pick(qty, e.currentTarget.value)}
              />
            </label>
          ) : null}
        </>
      ) : null}
      <dl class="totals" part="refund-summary" aria-label={t('ap.sum')} aria-live="polite">
        {row('s', t('ap.sum.items'), sum.subtotal)}
        {sum.discount ? row('d', t('ap.sum.discount'), sum.discount, true) : null}
        {row('t', t('ap.sum.tax'), sum.tax)}
        {row('h', t('ap.sum.shipping'), sum.shipping)}
        <div class="row grand">
          <dt>{t('ap.sum.total')}</dt>
          <dd>
            <bdi part="refund-total">{money(sum.total)}</bdi>
          </dd>
        </div>
      </dl>
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
