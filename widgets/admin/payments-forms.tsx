import { useEffect, useRef, useState } from 'react';
import type { ComponentChildren } from 'preact';
import type { I18n, Translator } from '../../core/i18n/index.ts';
import type { Method, Payment, PaymentsView } from '../../core/api/admin-payments.ts';
import { decimal, decimalsIn, labelOf, leftOfPayment, minor, type PaymentsModel } from './payments-model.ts';
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
  /** The order's currency (the panel's, the same everywhere) and its decimals. */
  cur: string;
  digits: number;
  money: (minor: number) => string;
  onClose: () => void;
}

/** The question as it was asked: its words, and the change it names with the revision of the view it showed. */
interface Asked {
  revision: string;
  text: string;
  yes: string;
  send: (revision: string) => Promise<boolean>;
}

/**
 * A form's two steps: what to do, then the question naming it ("yes" disabled while sending: no double submit). The
 * question, once asked, is frozen with the change it names and the view's revision: "yes" sends exactly that; if the
 * view is read again with another revision while it is up, the first step comes back (what was typed kept) saying the
 * payments changed. A refusal brings back the first step with what was typed (the panel shows why, after the view was
 * read again). A direct form (nothing to fill in) closes on a refusal: the panel says why, and it is opened again.
 */
function Step(
  p: Parts & {
    part: 'refund-form' | 'mark-paid' | 'manual-payment' | 'capture-form' | 'void-form';
    label: string;
    direct?: boolean;
    check?: () => string | undefined;
    ask: () => string;
    yes: () => string;
    /** The change as the form holds it now, to send with a revision. */
    make: () => (revision: string) => Promise<boolean>;
    children?: ComponentChildren;
  },
) {
  const t = tr(p.i18n);
  const freeze = (): Asked => ({ revision: p.v.revision, text: p.ask(), yes: p.yes(), send: p.make() });
  const [asked, setAsked] = useState<Asked | undefined>(() => (p.direct ? freeze() : undefined));
  const [bad, setBad] = useState<string>();
  const sending = useRef(false);
  const q = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (asked) q.current?.focus();
  }, [!!asked]);
  // the view was read again under the question (not by this form's own change): what it named may be wrong now
  useEffect(() => {
    if (!asked || sending.current || asked.revision === p.v.revision) return;
    setBad(t('ap.changed'));
    setAsked(p.direct ? freeze() : undefined);
  }, [p.v.revision]);
  return (
    <form
      class="confirm"
      part={p.part}
      aria-label={p.label}
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        if (p.busy || sending.current) return;
        if (!asked) {
          const x = p.check?.();
          setBad(x);
          if (!x) setAsked(freeze());
          return;
        }
        sending.current = true;
        const ok = await asked.send(asked.revision);
        sending.current = false;
        if (ok || p.direct) p.onClose();
        else setAsked(undefined);
      }}
    >
      {p.children ? <fieldset disabled={!!asked || p.busy}>{p.children}</fieldset> : null}
      {bad ? (
        <p class="err" role="alert">
          {bad}
        </p>
      ) : null}
      {asked ? (
        <p class="strong" part="ask" tabIndex={-1} ref={q}>
          {asked.text}
        </p>
      ) : null}
      <div class="actions">
        <button type="submit" class="btn primary" disabled={p.busy} aria-busy={p.busy}>
          {asked ? asked.yes : t('ap.continue')}
        </button>
        <button
          type="button"
          class="btn"
          disabled={p.busy}
          onClick={() => (asked && !p.direct ? setAsked(undefined) : p.onClose())}
        >
          {asked && !p.direct ? t('ap.back') : t('ap.close')}
        </button>
      </div>
    </form>
  );
}

/**
 * A typed amount checked against the currency: in minor units when it is one of more than 0 and at most `max`; else
 * the refusal in words (more decimals than the currency has is said as such).
 */
function typedAmount(t: T, i18n: I18n, s: string, max: number, digits: number, money: (m: number) => string) {
  const m = minor(s, digits);
  if (s.trim() && decimalsIn(s) > digits && /^\d+[.,]\d+$/.test(s.trim()))
    return { error: digits ? t('ap.decimals', { count: digits }) : t('ap.noDecimals') };
  if (!(m > 0 && m <= max)) return { error: badAmount(t, i18n, max, digits, money) };
  return { minor: m };
}
const badAmount = (t: T, i18n: I18n, max: number, digits: number, money: (m: number) => string) =>
  t('ap.badAmount', {
    amount: money(max),
    example: i18n.number(digits ? 12.5 : 12, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    }),
  });

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
              {t('ap.qtyOf', { name: l.name ?? '', n: l.max })}
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

const METHODS = ['CASH', 'BANK_TRANSFER', 'CHECK', 'custom'] as const;

/** Mark as paid (what is left) or record a payment of an amount, with how it was paid. */
export function CollectForm(props: Parts & { mark: boolean; number: string }) {
  const { v, money, mark, cur, digits, i18n } = props;
  const t = tr(i18n);
  const left = minor(v.collectability.amount?.amount, digits);
  const [method, setMethod] = useState<(typeof METHODS)[number]>('CASH');
  const [custom, setCustom] = useState('');
  const [amount, setAmount] = useState('');
  const typed = typedAmount(t, i18n, amount, left, digits, money);
  const units = mark ? left : (typed.minor ?? NaN);
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
          : !mark
            ? typed.error
            : left > 0
              ? undefined
              : badAmount(t, i18n, left, digits, money)
      }
      ask={() =>
        `${t(mark ? 'ap.ask.mark' : 'ap.ask.manual', { number: props.number, amount: money(units), method: name })} ${t('ap.noEmail')}`
      }
      yes={() => (mark ? t('ap.yes.mark') : t('ap.yes.manual', { amount: money(units) }))}
      make={() => {
        const sum = decimal(units, digits);
        return (revision) => (mark ? props.model.markAsPaid(revision, m) : props.model.manualPayment(revision, sum, m));
      }}
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
      {mark ? null : <Amount t={t} cur={cur} max={money(left)} value={amount} set={setAmount} />}
    </Step>
  );
}

/** Capture an authorization: all of it, or an amount (the rest released). */
export function CaptureForm(props: Parts & { p: Payment }) {
  const { p, money, cur, digits, i18n } = props;
  const t = tr(i18n);
  const all = minor(p.amount?.amount, digits);
  const [how, setHow] = useState<'full' | 'amount'>('full');
  const [amount, setAmount] = useState('');
  const typed = typedAmount(t, i18n, amount, all, digits, money);
  const units = how === 'full' ? all : (typed.minor ?? NaN);
  return (
    <Step
      {...props}
      part="capture-form"
      label={t('ap.capture')}
      check={() => (how === 'amount' ? typed.error : all > 0 ? undefined : badAmount(t, i18n, all, digits, money))}
      ask={() =>
        `${t(units < all ? 'ap.ask.capturePart' : 'ap.ask.capture', { amount: money(units), payment: labelOf(t, p) })} ${t('ap.noEmail')}`
      }
      yes={() => t('ap.yes.capture', { amount: money(units) })}
      make={() => {
        const sum = how === 'full' ? undefined : decimal(units, digits);
        return (revision) => props.model.capture(revision, p.id, sum);
      }}
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
      {how === 'amount' ? <Amount t={t} cur={cur} max={money(all)} value={amount} set={setAmount} /> : null}
    </Step>
  );
}

/** Void an authorization: only the question (nothing to fill in). */
export function VoidForm(props: Parts & { p: Payment }) {
  const { p, money, digits } = props;
  const t = tr(props.i18n);
  return (
    <Step
      {...props}
      direct
      part="void-form"
      label={t('ap.void')}
      ask={() =>
        `${t('ap.ask.void', { amount: money(minor(p.amount?.amount, digits)), payment: labelOf(t, p) })} ${t('ap.noEmail')}`
      }
      yes={() => t('ap.yes.void')}
      make={() => (revision) => props.model.voidPayment(revision, p.id)}
    />
  );
}
