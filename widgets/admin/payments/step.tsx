/** The payments forms' shared parts: the two-step form, amount checks and fields. */
import { useEffect, useRef, useState } from 'react';
import type { ComponentChildren } from 'preact';
import type { I18n, Translator } from '../../../core/i18n/index.ts';
import type { PaymentsView } from '../../../core/api/admin-payments.ts';
import { decimalsIn, minor, type PaymentsModel } from './model.ts';
import { paymentsStrings } from './strings.ts';
import { paymentFormStrings } from './forms-strings.ts';
import { ErrorLine } from '../../../ui/states.tsx';

const both = { ...paymentsStrings, ...paymentFormStrings };
export type T = Translator<keyof typeof both>;
export const tr = (i18n: I18n): T => i18n.strings(both);

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
export function Step(
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
      <ErrorLine error={bad} />
      {asked ? (
        <p class="strong" part="ask" tabIndex={-1} ref={q}>
          <bdi>{asked.text}</bdi>
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
export function typedAmount(t: T, i18n: I18n, s: string, max: number, digits: number, money: (m: number) => string) {
  const m = minor(s, digits);
  if (s.trim() && decimalsIn(s) > digits && /^\d+[.,]\d+$/.test(s.trim()))
    return { error: digits ? t('ap.decimals', { count: digits }) : t('ap.noDecimals') };
  if (!(m > 0 && m <= max)) return { error: badAmount(t, i18n, max, digits, money) };
  return { minor: m };
}
export const badAmount = (t: T, i18n: I18n, max: number, digits: number, money: (m: number) => string) =>
  t('ap.badAmount', {
    amount: money(max),
    example: i18n.number(digits ? 12.5 : 12, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    }),
  });

/** An amount field (the order's currency), at most `max` cents. */
export function Amount(p: { t: T; cur: string; max: string; value: string; set: (s: string) => void }) {
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
      <bdi class="muted">{p.t('ap.upTo', { amount: p.max })}</bdi>
    </label>
  );
}

export function Choice<V extends string>(p: { legend: string; value: V; set: (v: V) => void; options: [V, string][] }) {
  return (
    <fieldset>
      <legend>{p.legend}</legend>
      {p.options.map(([v, text]) => (
        <label key={v} class="check">
          <input type="radio" checked={p.value === v} onChange={() => p.set(v)} />
          <bdi>{text}</bdi>
        </label>
      ))}
    </fieldset>
  );
}
