import { useEffect, useMemo, useRef, useState } from 'react';
import type { ComponentChildren } from 'preact';
import { useStore } from '@nanostores/react';
import { adoptSheet } from '../../core/element.ts';
import type { I18n, Translator } from '../../core/i18n/index.ts';
import type { Http } from '../../core/http.ts';
import type { Order } from '../../core/api/orders.ts';
import type { Method, Payment, PaymentsView } from '../../core/api/admin-payments.ts';
import {
  cents_,
  createPaymentsModel,
  decimal,
  leftOfPayment,
  unavailable,
  type PaymentsModel,
} from './payments-model.ts';
import { paymentsStrings } from './payments-strings.ts';

type K = keyof typeof paymentsStrings;
type T = Translator<K>;

export interface PanelProps {
  /** From the orders model (`payments()`): the companion's http, and a new read of the open order. */
  link: { http: () => Http; reload: () => unknown };
  order: Order;
  i18n: I18n;
  ids: string;
}

const css = `
.pay fieldset{border:0;padding:0;margin:0;min-width:0;display:flex;flex-direction:column;gap:8px}
.pay legend{font-weight:600;font-size:14px;padding:0;margin-block-end:4px}
.pay .pm{display:flex;flex-direction:column;gap:6px;padding:8px 12px;border:1px solid var(--_border);
border-radius:var(--_radius);overflow-wrap:anywhere}
.pay .qty{flex-direction:row;flex-wrap:wrap;align-items:center;font-weight:400}.pay .qty input{width:6em}
`;

interface Parts {
  t: T;
  i18n: I18n;
  v: PaymentsView;
  model: PaymentsModel;
  busy: boolean;
  money: (cents: number) => string;
  onClose: () => void;
}

/**
 * An order's payments in the owner console: what was paid, how, and refunded; what is left to pay; and, as the
 * platform allows them, mark as paid, a manual payment, a refund (full, by items or an amount; or one made elsewhere),
 * capture or void of an authorization. Each asks first, naming the amount and whether the buyer is emailed.
 */
export function PaymentsPanel({ link, order, i18n, ids }: PanelProps) {
  const t: T = i18n.strings(paymentsStrings);
  const lang = useRef(i18n);
  lang.current = i18n;
  const model = useMemo(
    () => createPaymentsModel({ http: link.http, i18n: () => lang.current, orderId: order.id, changed: link.reload }),
    [],
  );
  const ui = useStore(model.$ui);
  // the form open: `mark`, `manual`, `refund:<payment>`, `capture:<payment>`, `void:<payment>`
  const [open, setOpen] = useState<string>();
  // read again when the order's own status moves (approved, canceled: what can be refunded or collected changes)
  useEffect(() => void model.load(), [order.status]);
  const v = ui.view;
  const cur = v?.order.currency ?? order.currency ?? 'USD';
  const money = (c: number) => (isNaN(c) ? '' : i18n.money(decimal(c), cur));
  const say = (k: string) => (k in paymentsStrings ? t(k as K) : '');
  const busy = !!ui.busy || ui.status === 'loading';
  const failed = (on: string) =>
    ui.failed?.on === on ? (
      <p class="err" role="alert" part="pay-error">
        {ui.failed.text}
      </p>
    ) : null;
  const toggle = (k: string) => {
    model.clear();
    setOpen(open === k ? undefined : k);
  };
  const parts = (v: PaymentsView): Parts => ({
    t,
    i18n,
    v,
    model,
    busy: !!ui.busy,
    money,
    onClose: () => setOpen(undefined),
  });
  const b = v?.order.balanceSummary;
  return (
    <section
      class="card pay"
      part="payments"
      aria-labelledby={`${ids}p`}
      aria-busy={busy}
      ref={(n) => adoptSheet(n, css)}
    >
      <h4 id={`${ids}p`}>{t('ap.title')}</h4>
      <p class="visually-hidden" role="status">
        {ui.done ? say(`ap.done.${ui.done}`) : ''}
      </p>
      {!v ? (
        ui.status === 'error' ? (
          <p class="err" role="alert">
            {ui.error}{' '}
            <button type="button" class="link" onClick={() => void model.load()}>
              {t('ap.retry')}
            </button>
          </p>
        ) : (
          <div class="bones" aria-hidden="true">
            <div class="skeleton" />
          </div>
        )
      ) : (
        <>
          {ui.error ? (
            <p class="err" role="alert">
              {ui.error}{' '}
              <button type="button" class="link" onClick={() => void model.load()}>
                {t('ap.retry')}
              </button>
            </p>
          ) : null}
          <dl class="figures" part="balance">
            {(
              [
                ['ap.total', v.order.priceSummary?.total],
                ['ap.paid', b?.paid],
                ['ap.refunded', b?.refunded],
                ['ap.left', b?.balance],
              ] as const
            ).map(([k, m]) =>
              m ? (
                <div key={k}>
                  <dt>{t(k)}</dt>
                  <dd>{money(cents_(m.amount))}</dd>
                </div>
              ) : null,
            )}
          </dl>
          {v.payments.length ? null : <p class="muted">{t('ap.none')}</p>}
          <ul class="list">
            {v.payments.map((p) => {
              const r = v.refundabilities.find((x) => x.paymentId === p.id);
              const auth = p.regularPaymentDetails?.authorizationDetails;
              const expires = auth?.scheduledAction?.actionType === 'VOID' ? auth.scheduledAction.executionDate : '';
              const why = unavailable(p);
              const refundable = r?.refundabilityStatus === 'REFUNDABLE' || r?.refundabilityStatus === 'MANUAL';
              const kind = r?.refundabilityStatus === 'MANUAL' ? 'external' : 'refund';
              return (
                <li key={p.id} class="pm" part="payment">
                  <div class="line">
                    <span class="strong">{labelOf(t, p)}</span>
                    <span>{money(cents_(p.amount?.amount))}</span>
                    <span part="payment-status">{say(`ap.ps.${p.status}`)}</span>
                  </div>
                  {p.status === 'AUTHORIZED' && expires ? (
                    <p class="muted">{t('ap.expires', { date: i18n.date(expires, 'medium') })}</p>
                  ) : null}
                  {why && p.status !== 'AUTHORIZED' ? (
                    <p class="muted" part="capture-reason">
                      {say(`ap.un.${why}`)}
                    </p>
                  ) : null}
                  {r?.refundabilityStatus === 'NOT_REFUNDABLE' ? (
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
                            onClick={() => toggle(`${a}:${p.id}`)}
                          >
                            {t(`ap.${a}`)}
                          </button>
                        ))
                      : null}
                  </div>
                  {open === `refund:${p.id}` && refundable ? (
                    <RefundForm {...parts(v)} p={p} external={kind === 'external'} />
                  ) : null}
                  {open === `capture:${p.id}` && p.status === 'AUTHORIZED' ? <CaptureForm {...parts(v)} p={p} /> : null}
                  {open === `void:${p.id}` && p.status === 'AUTHORIZED' ? (
                    <Step
                      {...parts(v)}
                      direct
                      part="void-form"
                      label={t('ap.void')}
                      ask={() =>
                        `${t('ap.ask.void', { amount: money(cents_(p.amount?.amount)), payment: labelOf(t, p) })} ${t('ap.noEmail')}`
                      }
                      yes={t('ap.yes.void')}
                      onYes={() => model.voidPayment(p.id)}
                    />
                  ) : null}
                  {failed(`refund:${p.id}`) ?? failed(`capture:${p.id}`) ?? failed(`void:${p.id}`)}
                </li>
              );
            })}
          </ul>
          {v.collectability.status === 'COLLECTABLE' ? (
            <div class="actions">
              {(['mark', 'manual'] as const).map((a) => (
                <button
                  key={a}
                  type="button"
                  class="btn"
                  disabled={busy}
                  aria-expanded={open === a}
                  onClick={() => toggle(a)}
                >
                  {t(a === 'mark' ? 'ap.markPaid' : 'ap.manualPay')}
                </button>
              ))}
            </div>
          ) : (
            <p class="muted" part="collect-reason">
              {say(`ap.col.${v.collectability.status}`)}
            </p>
          )}
          {(open === 'mark' || open === 'manual') && v.collectability.status === 'COLLECTABLE' ? (
            <CollectForm {...parts(v)} mark={open === 'mark'} number={String(v.order.number ?? order.number)} />
          ) : null}
          {failed('mark') ?? failed('manual')}
          {v.refunds.length ? (
            <>
              <h4>{t('ap.refunds')}</h4>
              <ul class="list" part="refunds">
                {v.refunds.flatMap((r) =>
                  (r.transactions ?? []).map((x, i) => (
                    <li key={`${r.id}${i}`} class="pm" part="refund">
                      <div class="line">
                        <span>{money(cents_(x.amount?.amount))}</span>
                        <span part="refund-status">
                          {say(
                            x.externalRefund && x.refundStatus === 'SUCCEEDED'
                              ? 'ap.rs.external'
                              : `ap.rs.${x.refundStatus}`,
                          )}
                        </span>
                        {r.createdDate ? <span class="muted">{i18n.date(r.createdDate)}</span> : null}
                      </div>
                      {r.details?.reason ? <p class="note">{t('ap.why', { reason: r.details.reason })}</p> : null}
                    </li>
                  )),
                )}
              </ul>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}

/** How a payment was made, in words: the card, the owner's named method, or the platform's name for it. */
function labelOf(t: T, p: Payment): string {
  const d = p.regularPaymentDetails;
  const card = d?.creditCardDetails;
  if (card?.lastFourDigits) return t('ap.card', { brand: card.brand ?? '', last4: card.lastFourDigits });
  const u = d?.paymentMethodName?.userDefinedName;
  const k = `ap.method.${u?.predefined}`;
  if (k in paymentsStrings) return t(k as K);
  return u?.custom || d?.paymentMethodName?.siteLanguageName || (d?.offlinePayment ? t('ap.offline') : '');
}

/**
 * A form's two steps: what to do, then the question naming it ("yes" disabled while sending: no double submit). A
 * refusal brings back the first step with what was typed (the panel shows why, after the view was read again).
 */
function Step(
  p: Parts & {
    part: string;
    label: string;
    direct?: boolean;
    check?: () => string | undefined;
    ask: () => string;
    yes: string;
    onYes: () => Promise<boolean>;
    children?: ComponentChildren;
  },
) {
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
          {asking ? p.yes : p.t('ap.continue')}
        </button>
        <button
          type="button"
          class="btn"
          disabled={p.busy}
          onClick={() => (asking && !p.direct ? setAsking(false) : p.onClose())}
        >
          {asking && !p.direct ? p.t('ap.back') : p.t('ap.close')}
        </button>
      </div>
    </form>
  );
}

/** An amount field (the order's currency), at most `max` cents. */
function Amount(p: { t: T; cur: string; max: string; value: string; set: (s: string) => void; bad?: boolean }) {
  return (
    <label>
      {p.t('ap.amount', { currency: p.cur })}
      <input
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={p.value}
        aria-invalid={p.bad}
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
function RefundForm(props: Parts & { p: Payment; external: boolean }) {
  const { t, v, p, money, external } = props;
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
function CollectForm(props: Parts & { mark: boolean; number: string }) {
  const { t, v, money, mark } = props;
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
function CaptureForm(props: Parts & { p: Payment }) {
  const { t, v, p, money } = props;
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
