import type { Rate } from './model.ts';
import type { T } from './words.ts';
import { OPS, TYPES } from './view-model.ts';

/** A field's error line (shown after the first Save). */
export const errLine = (on: boolean, msg: string | false | undefined, id: string) =>
  on && msg ? (
    <span class="err" id={id}>
      {msg}
    </span>
  ) : null;

/** A decimal input with its label and its error (a rate's amount, a condition's value). */
function DecimalField(p: {
  id: string;
  label: string;
  value: string;
  shown: boolean;
  error: string | false;
  onValue: (value: string) => void;
}) {
  return (
    <div class="field">
      <label for={p.id}>{p.label}</label>
      <input
        id={p.id}
        inputMode="decimal"
        dir="ltr"
        value={p.value}
        aria-invalid={p.shown && !!p.error}
        aria-describedby={p.shown && p.error ? `${p.id}e` : undefined}
        onInput={(ev) => p.onValue(ev.currentTarget.value.trim())}
      />
      {errLine(p.shown, p.error, `${p.id}e`)}
    </div>
  );
}

/** One rate of the form: its amount, its condition (kind, comparison, value), and × when there are more. */
export function RateRow(p: {
  t: T;
  f: string;
  n: number;
  r: Rate;
  count: number;
  shown: boolean;
  problems: { amount: string | false; value: string | false };
  setRate: (n: number, r: (r: Rate) => Rate) => void;
  onRemove: () => void;
}) {
  const { t, n, r, shown, setRate } = p;
  const c = r.conditions[0];
  const rid = `${p.f}r${n}`;
  const pr = p.problems;
  return (
    <div class="rate" role="group" aria-label={t('sh.rateN', { n: n + 1 })}>
      <DecimalField
        id={`${rid}a`}
        label={t('sh.amount')}
        value={r.amount}
        shown={shown}
        error={pr.amount}
        onValue={(amount) => setRate(n, (x) => ({ ...x, amount }))}
      />
      <div class="field">
        <label for={`${rid}c`}>{t('sh.if')}</label>
        <select
          id={`${rid}c`}
          value={c?.type ?? ''}
          onChange={(ev) => {
            const type = ev.currentTarget.value as (typeof TYPES)[number] | '';
            setRate(n, (x) => ({
              ...x,
              conditions: type
                ? [
                    { type, operator: x.conditions[0]?.operator ?? 'GTE', value: x.conditions[0]?.value ?? '' },
                    ...x.conditions.slice(1),
                  ]
                : [],
            }));
          }}
        >
          <option value="">{t('sh.always')}</option>
          {TYPES.map((x) => (
            <option key={x} value={x}>
              {t(`sh.${x}` as never)}
            </option>
          ))}
        </select>
      </div>
      {c ? (
        <>
          <div class="field">
            <label for={`${rid}o`}>{t('sh.op')}</label>
            <select
              id={`${rid}o`}
              value={c.operator}
              onChange={(ev) => {
                const operator = ev.currentTarget.value as (typeof OPS)[number];
                setRate(n, (x) => ({
                  ...x,
                  conditions: [{ ...x.conditions[0]!, operator }, ...x.conditions.slice(1)],
                }));
              }}
            >
              {OPS.map((x) => (
                <option key={x} value={x}>
                  {t(`sh.op.${x}` as never)}
                </option>
              ))}
            </select>
          </div>
          <DecimalField
            id={`${rid}v`}
            label={t('sh.value')}
            value={c.value}
            shown={shown}
            error={pr.value}
            onValue={(value) =>
              setRate(n, (x) => ({
                ...x,
                conditions: [{ ...x.conditions[0]!, value }, ...x.conditions.slice(1)],
              }))
            }
          />
        </>
      ) : null}
      {p.count > 1 ? (
        <button type="button" class="btn link" aria-label={t('sh.removeRate', { n: n + 1 })} onClick={p.onRemove}>
          ×
        </button>
      ) : null}
    </div>
  );
}
