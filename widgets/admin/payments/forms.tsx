import { useState } from 'react';
import type { Method, Payment } from '../../../core/api/admin-payments.ts';
import { decimal, labelOf, minor } from './model.ts';
import { Amount, badAmount, Choice, Step, tr, typedAmount } from './step.tsx';
import type { Parts } from './step.tsx';

export type { Parts } from './step.tsx';
export { RefundForm } from './refund.tsx';

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
