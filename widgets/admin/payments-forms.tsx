import { useEffect, useRef, useState } from 'react';
import type { ComponentChildren } from 'preact';
import type { I18n, Translator } from '../../core/i18n/index.ts';
import type { Method, Payment, PaymentsView } from '../../core/api/admin-payments.ts';
import { cents_, decimal, labelOf, leftOfPayment, type PaymentsModel } from './payments-model.ts';
import { paymentsStrings } from './payments-strings.ts';
import { paymentFormStrings } from './payments-forms-strings.ts';

const both = { ...paymentsStrings, ...paymentFormStrings };
type T = Translator<keyof typeof both>;
const tr = (i18n: I18n): T => i18n.strings(both);

/** What the panel gives each form. */
export interface Parts {
  i18n: I18n;
  v: PaymentsView;
  model: PaymentsModel;
  busy: boolean;
  money: (cents: number) => string;
  onClose: () => void;
}

/**
 * A form's two steps: what to do, then the question naming it ("yes" disabled while sending: no double submit). A
 * refusal brings back the first step with what was typed (the panel shows why, after the view was read again).
 */
function Step(
  p: Parts & {
    part: 'refund-form' | 'mark-paid' | 'manual-payment' | 'capture-form' | 'void-form';
    label: string;
    direct?: boolean;
    check?: () => string | undefined;
    ask: () => string;
    yes: string;
    onYes: () => Promise<boolean>;
    children?: ComponentChildren;
  },
) {
  const t = tr(p.i18n);
  const [asking, setAsking] = useState(!!p.direct);
  const [bad, setBad] = useState<string>();
  const q = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (asking) q.current?.focus();
  }, [asking]);
  return (
    <form
      class="confirm"
      part={p.part}
      aria-label={p.label}
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        if (p.busy) return;
        if (!asking) {
          const x = p.check?.();
          setBad(x);
          if (!x) setAsking(true);
        } else if (await p.onYes()) p.onClose();
        else if (!p.direct) setAsking(false);
      }}
    >
      {p.children ? <fieldset disabled={asking || p.busy}>{p.children}</fieldset> : null}
      {bad ? (
        <p class="err" role="alert">
          {bad}
        </p>
      ) : null}
      {asking ? (
        <p class="strong" part="ask" tabIndex={-1} ref={q}>
          {p.ask()}
        </p>
      ) : null}
      <div class="actions">
        <button type="submit" class="btn primary" disabled={p.busy} aria-busy={p.busy}>
          {asking ? p.yes : t('ap.continue')}
        </button>
        <button
          type="button"
          class="btn"
          disabled={p.busy}
          onClick={() => (asking && !p.direct ? setAsking(false) : p.onClose())}
        >
          {asking && !p.direct ? t('ap.back') : t('ap.close')}
        </button>
      </div>
    </form>
  );
}

/** An amount field (the order's currency), at most `max` cents. */
function Amount(p: { t: T; cur: string; max: string; value: string; set: (s: string) => void }) {
  return (
    <label>
      {p.t('ap.amount', { currency: p.cur })}
      <input
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={p.value}
        onInput={(e) => p.set(e.currentTarget.value)}
      />
      <span class="muted">{p.t('ap.upTo', { amount: p.max })}</span>
    </label>
  );
}
const amountOk = (c: number, max: number) => c > 0 && c <= max;

function Choice<V extends string>(p: { legend: string; value: V; set: (v: V) => void; options: [V, string][] }) {
  return (
    <fieldset>
      <legend>{p.legend}</legend>
      {p.options.map(([v, text]) => (
        <label key={v} class="check">
          <input type="radio" checked={p.value === v} onChange={() => p.set(v)} />
          {text}
        </label>
      ))}
    </fieldset>
  );
}

/** Refund one payment: everything left, some items or an amount; restock, email, reason; or record one made elsewhere. */
export function RefundForm(props: Parts & { p: Payment; external: boolean }) {
  const { v, p, money, external } = props;
  const t = tr(props.i18n);
  const cur = v.order.currency ?? 'USD';
  const left = leftOfPayment(v, p);
  const lines = v.order.lineItems
    .map((l) => ({ ...l, max: l.quantity - (l.refundedQuantity ?? 0) }))
    .filter((l) => l.max > 0);
  const [how, setHow] = useState<'full' | 'lines' | 'amount'>('full');
  const [qty, setQty] = useState<Record<string, string>>({});
  const [amount, setAmount] = useState('');
  const [restock, setRestock] = useState(false);
  const [email, setEmail] = useState(!external);
  const [message, setMessage] = useState('');
  const [reason, setReason] = useState('');
  const picked =
    how === 'full'
      ? lines.map((l) => ({ lineItemId: l.id, quantity: l.max }))
      : how === 'lines'
        ? lines
            .map((l) => ({ lineItemId: l.id, quantity: Number(qty[l.id] || 0) }))
            .filter((x) => Number.isInteger(x.quantity) && x.quantity > 0)
        : [];
  const cents =
    how === 'full'
      ? left
      : how === 'lines'
        ? picked.reduce((n, x) => n + cents_(lines.find((l) => l.id === x.lineItemId)?.price?.amount) * x.quantity, 0)
        : cents_(amount);
  const items = restock ? picked.reduce((n, x) => n + x.quantity, 0) : 0;
  const m = message.trim();
  const to = v.order.buyerEmail ?? '';
  return (
    <Step
      {...props}
      part="refund-form"
      label={t(external ? 'ap.external' : 'ap.refund')}
      check={() => {
        if (how === 'lines' && (!picked.length || lines.some((l) => Number(qty[l.id] || 0) > l.max)))
          return t('ap.noLines');
        if (!amountOk(cents, left)) return t('ap.badAmount', { amount: money(left) });
      }}
      ask={() =>
        [
          t(external ? 'ap.ask.external' : 'ap.ask.refund', { amount: money(cents), payment: labelOf(t, p) }),
          email ? t(m ? 'ap.willEmailMsg' : 'ap.willEmail', { email: to }) : t('ap.noEmail'),
          how === 'amount' ? '' : items ? t('ap.willRestock', { count: items }) : t('ap.noRestock'),
        ]
          .filter(Boolean)
          .join(' ')
      }
      yes={external ? t('ap.yes.external') : t('ap.yes.refund', { amount: money(cents) })}
      onYes={() =>
        props.model.refund({
          paymentId: p.id,
          amount: decimal(cents),
          ...(external ? { externalRefund: true } : {}),
          ...(picked.length ? { lineItems: picked } : {}),
          ...(reason.trim() ? { reason: reason.trim() } : {}),
          restock: items ? { type: 'SOME_ITEMS', items: picked } : { type: 'NO_ITEMS' },
          sendEmail: email,
          ...(email && m ? { customMessage: m } : {}),
        })
      }
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
              {t('ap.qtyOf', { name: l.name ?? '', n: l.max })}
            </label>
          ))
        : null}
      {how === 'amount' ? <Amount t={t} cur={cur} max={money(left)} value={amount} set={setAmount} /> : null}
      {how !== 'amount' ? (
        <label class="check">
          <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.currentTarget.checked)} />
          {t('ap.restock')}
        </label>
      ) : null}
      <label class="check">
        <input type="checkbox" checked={email} onChange={(e) => setEmail(e.currentTarget.checked)} />
        {t('ap.email')}
      </label>
      {email ? (
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

const METHODS = ['CASH', 'BANK_TRANSFER', 'CHECK', 'custom'] as const;

/** Mark as paid (what is left) or record a payment of an amount, with how it was paid. */
export function CollectForm(props: Parts & { mark: boolean; number: string }) {
  const { v, money, mark } = props;
  const t = tr(props.i18n);
  const left = cents_(v.collectability.amount?.amount);
  const [method, setMethod] = useState<(typeof METHODS)[number]>('CASH');
  const [custom, setCustom] = useState('');
  const [amount, setAmount] = useState('');
  const cents = mark ? left : cents_(amount);
  const name = method === 'custom' ? custom.trim() : t(`ap.method.${method}`);
  const m: Method = method === 'custom' ? { custom: custom.trim() } : { predefined: method };
  return (
    <Step
      {...props}
      part={mark ? 'mark-paid' : 'manual-payment'}
      label={t(mark ? 'ap.markPaid' : 'ap.manualPay')}
      check={() =>
        method === 'custom' && !name
          ? t('ap.badMethod')
          : amountOk(cents, left)
            ? undefined
            : t('ap.badAmount', { amount: money(left) })
      }
      ask={() =>
        `${t(mark ? 'ap.ask.mark' : 'ap.ask.manual', { number: props.number, amount: money(cents), method: name })} ${t('ap.noEmail')}`
      }
      yes={mark ? t('ap.yes.mark') : t('ap.yes.manual', { amount: money(cents) })}
      onYes={() => (mark ? props.model.markAsPaid(m) : props.model.manualPayment(decimal(cents), m))}
    >
      <label>
        {t('ap.method')}
        <select value={method} onChange={(e) => setMethod(e.currentTarget.value as typeof method)}>
          {METHODS.map((x) => (
            <option key={x} value={x}>
              {t(`ap.method.${x}`)}
            </option>
          ))}
        </select>
      </label>
      {method === 'custom' ? (
        <label>
          {t('ap.customMethod')}
          <input maxLength={150} value={custom} onInput={(e) => setCustom(e.currentTarget.value)} />
        </label>
      ) : null}
      {mark ? null : <Amount t={t} cur={v.order.currency ?? 'USD'} max={money(left)} value={amount} set={setAmount} />}
    </Step>
  );
}

/** Capture an authorization: all of it, or an amount (the rest released). */
export function CaptureForm(props: Parts & { p: Payment }) {
  const { v, p, money } = props;
  const t = tr(props.i18n);
  const all = cents_(p.amount?.amount);
  const [how, setHow] = useState<'full' | 'amount'>('full');
  const [amount, setAmount] = useState('');
  const cents = how === 'full' ? all : cents_(amount);
  return (
    <Step
      {...props}
      part="capture-form"
      label={t('ap.capture')}
      check={() => (amountOk(cents, all) ? undefined : t('ap.badAmount', { amount: money(all) }))}
      ask={() =>
        `${t(cents < all ? 'ap.ask.capturePart' : 'ap.ask.capture', { amount: money(cents), payment: labelOf(t, p) })} ${t('ap.noEmail')}`
      }
      yes={t('ap.yes.capture', { amount: money(cents) })}
      onYes={() => props.model.capture(p.id, how === 'full' ? undefined : decimal(cents))}
    >
      <Choice
        legend={t('ap.capHow')}
        value={how}
        set={setHow}
        options={[
          ['full', t('ap.cap.full', { amount: money(all) })],
          ['amount', t('ap.how.amount')],
        ]}
      />
      {how === 'amount' ? (
        <Amount t={t} cur={v.order.currency ?? 'USD'} max={money(all)} value={amount} set={setAmount} />
      ) : null}
    </Step>
  );
}

/** Void an authorization: only the question (nothing to fill in). */
export function VoidForm(props: Parts & { p: Payment }) {
  const { p, money } = props;
  const t = tr(props.i18n);
  return (
    <Step
      {...props}
      direct
      part="void-form"
      label={t('ap.void')}
      ask={() =>
        `${t('ap.ask.void', { amount: money(cents_(p.amount?.amount)), payment: labelOf(t, p) })} ${t('ap.noEmail')}`
      }
      yes={t('ap.yes.void')}
      onYes={() => props.model.voidPayment(p.id)}
    />
  );
}
