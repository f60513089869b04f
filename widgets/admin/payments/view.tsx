import { useEffect, useMemo, useRef, useState } from 'react';
import type { ComponentChild } from 'preact';
import { useStore } from '@nanostores/react';
import { before } from '../states.tsx';
import { adoptSheet } from '../../../core/element.ts';
import type { I18n } from '../../../core/i18n/index.ts';
import type { Http } from '../../../core/http.ts';
import type { Order } from '../../../core/api/orders.ts';
import type { PaymentsView } from '../../../core/api/admin-payments.ts';
import { onDemand } from '../../../core/on-demand.ts';
import { createPaymentsModel, decimal, digitsOf, minor } from './model.ts';
import type { Parts } from './forms.tsx';
import { paymentsStrings } from './strings.ts';
import { Balance, PaymentRow, Refunds, type K, type Speech, type T } from './parts.tsx';

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
.pay .qty{display:flex;flex-wrap:wrap;align-items:center;gap:4px 12px}.pay .stepper{display:inline-flex;gap:4px}
.pay .stepper input{width:4em;text-align:center}.pay .stepper .btn{min-width:44px;padding-inline:0}
`;

/** The forms (refund, capture, void, mark as paid, a manual payment): their own chunk, imported when one opens. */
const forms = onDemand(() => import('./forms.tsx'));

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
  const [F, setF] = useState(() => forms.loaded());
  const [formsFailed, setFormsFailed] = useState<string>();
  // a form closed: focus goes back to the button that opened it (or the panel's heading when that button is gone)
  const [back, setBack] = useState<{ to: string }>();
  const section = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!back) return;
    const root = section.current;
    const opener = [...(root?.querySelectorAll<HTMLButtonElement>('button[data-opens]') ?? [])].find(
      (b) => b.dataset['opens'] === back.to && !b.disabled,
    );
    (opener ?? root?.querySelector<HTMLElement>('h4'))?.focus();
  }, [back]);
  const getForms = () => {
    setFormsFailed(undefined);
    forms.load().then(setF, (e: unknown) => setFormsFailed(i18n.error(e, true)));
  };
  // read again when the order's own status or total moves (approved, canceled, edited: what can be refunded or
  // collected changes)
  useEffect(() => void model.load(), [order.status, order.priceSummary?.total?.amount]);
  const v = ui.view;
  // the order's currency, said once for the panel and its forms; its decimals for every amount read, typed and sent
  const cur = v?.order.currency ?? order.currency ?? 'USD';
  const digits = useMemo(() => digitsOf(cur), [cur]);
  const money = (c: number) => (isNaN(c) ? '' : i18n.money(decimal(c, digits), cur));
  const amount = (s: string | undefined) => money(minor(s, digits));
  const say = (k: string) => (k in paymentsStrings ? t(k as K) : '');
  // a change's answer lost and the order not read since: nothing is offered on what may be out of date
  const busy = !!ui.busy || ui.status === 'loading' || !!ui.stale;
  const failed = (on: string) =>
    ui.failed?.on === on ? (
      <p class="err" role="alert" part="pay-error">
        {ui.failed.text}
      </p>
    ) : null;
  const toggle = (k: string) => {
    model.clear();
    setOpen(open === k ? undefined : k);
    if (!F) getForms();
  };
  /** A form once its chunk is here; a skeleton until then, or why it didn't come with a retry. */
  const form = (show: (f: NonNullable<typeof F>) => ComponentChild) =>
    F
      ? show(F)
      : before({ i18n, status: formsFailed ? 'error' : 'loading', error: formsFailed, retry: getForms, bones: 1 });
  const parts = (v: PaymentsView): Parts => ({
    i18n,
    v,
    model,
    busy: !!ui.busy,
    cur,
    digits,
    money,
    onClose: () => {
      if (open) setBack({ to: open });
      setOpen(undefined);
    },
  });
  const speech: Speech = { i18n, t, say, amount };
  return (
    <section
      class="card pay"
      part="payments"
      aria-labelledby={`${ids}pay`}
      aria-busy={busy}
      ref={(n) => {
        section.current = n;
        adoptSheet(n, css);
      }}
    >
      <h4 id={`${ids}pay`} tabIndex={-1}>
        {t('ap.title')}
      </h4>
      <p class="visually-hidden" role="status">
        {ui.done ? say(`ap.done.${ui.done}`) : ''}
      </p>
      {failed('panel')}
      {ui.stale ? (
        <p class="muted" part="pay-stale">
          {t('ap.stale')}{' '}
          <button type="button" class="btn" disabled={!!ui.busy} onClick={() => void model.load()}>
            {t('ap.reread')}
          </button>
        </p>
      ) : null}
      {!v ? (
        before({
          i18n,
          status: ui.status === 'error' ? 'error' : 'loading',
          error: ui.error,
          retry: () => void model.load(),
          bones: 1,
        })
      ) : (
        <>
          {ui.error ? before({ i18n, status: 'error', error: ui.error, retry: () => void model.load() }) : null}
          <Balance v={v} t={t} amount={amount} />
          {v.payments.length ? null : <p class="muted">{t('ap.none')}</p>}
          <ul class="list">
            {v.payments.map((p, i) => (
              <PaymentRow
                key={p.id}
                {...speech}
                v={v}
                p={p}
                i={i}
                ids={ids}
                busy={busy}
                open={open}
                toggle={toggle}
                failed={failed}
                form={form}
                parts={parts}
                reread={() => void model.load()}
              />
            ))}
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
                  data-opens={a}
                  onClick={() => toggle(a)}
                >
                  {t(a === 'mark' ? 'ap.markPaid' : 'ap.manualPay')}
                </button>
              ))}
            </div>
          ) : (
            <p class="muted" part="collect-reason">
              {say(
                // nothing left to collect, though some is not paid yet: it is authorized or on its way
                v.collectability.status === 'NONCOLLECTABLE_ORDER_IS_PAID' &&
                  v.payments.some((p) => ['AUTHORIZED', 'PENDING', 'PENDING_MERCHANT'].includes(p.status ?? ''))
                  ? 'ap.col.covered'
                  : `ap.col.${v.collectability.status}`,
              )}
            </p>
          )}
          {(open === 'mark' || open === 'manual') && v.collectability.status === 'COLLECTABLE'
            ? form((f) => (
                <f.CollectForm {...parts(v)} mark={open === 'mark'} number={String(v.order.number ?? order.number)} />
              ))
            : null}
          {failed('mark') ?? failed('manual')}
          <Refunds {...speech} v={v} />
        </>
      )}
    </section>
  );
}
