import type { I18n, Translator } from '../../../../core/i18n/index.ts';
import { Confirm } from '../../../../ui/confirm.tsx';
import { ErrorLine } from '../../../../ui/states.tsx';
import { percentOf, type TaxesModel, type WriteUi } from './model.ts';
import { taxesStrings } from './strings.ts';

export type K = keyof typeof taxesStrings;
export type T = Translator<K>;

/** What every part of the section is drawn with. */
export interface Ctx {
  t: T;
  i: I18n;
  ids: string;
  model: TaxesModel;
  writes: Record<string, WriteUi>;
  country: (code: string) => string;
}

export const place = (c: Ctx, r: { country: string; subdivision: string }) =>
  r.subdivision ? `${c.country(r.country)} – ${r.subdivision}` : c.country(r.country);
export const shown = (c: Ctx, fraction: string | undefined) =>
  fraction === undefined
    ? c.t('tax.noRate')
    : c.i.number(Number(percentOf(fraction)) / 100, { style: 'percent', maximumFractionDigits: 4 });

/** A write's refusal in words: the platform's code said plainly, else the platform's own words. */
export function Refusal({ c, w, id }: { c: Ctx; w: WriteUi | undefined; id?: string }) {
  if (!w || w.busy) return null;
  if (w.unknown) return <ErrorLine id={id} error={c.t('tax.unknown')} />;
  const known = w.code && `tax.why.${w.code}` in taxesStrings ? c.t(`tax.why.${w.code}` as K) : undefined;
  return <ErrorLine id={id} error={known ?? (w.error ? c.t('tax.platform', { words: w.error }) : undefined)} />;
}

/** A form's rate field: the percentage, its hint, or the word that it does not read as a rate. */
export function RateField(p: {
  c: Ctx;
  id: string;
  bad: boolean;
  disabled: boolean;
  defaultValue: string;
  required?: boolean;
}) {
  const { t } = p.c;
  return (
    <label>
      {t('tax.rate')}
      <input
        name="percent"
        dir="auto"
        inputMode="decimal"
        autoComplete="off"
        required={p.required}
        maxLength={9}
        defaultValue={p.defaultValue}
        aria-invalid={p.bad || undefined}
        aria-describedby={`${p.id}rh`}
        disabled={p.disabled}
      />
      <span class="hint" id={`${p.id}rh`}>
        {p.bad ? <span class="err">{t('tax.badRate')}</span> : t('tax.rateHint')}
      </span>
    </label>
  );
}

/** A rate form's foot before its question: the refusal, save and cancel. */
export function SaveActions({ c, k, onDone }: { c: Ctx; k: string; onDone: () => void }) {
  const { t } = c;
  return (
    <>
      <Refusal c={c} w={c.writes[k]} />
      <div class="actions">
        <button type="submit" class="btn primary">
          {t('tax.save')}
        </button>
        <button type="button" class="btn" onClick={() => (c.model.clear(k), onDone())}>
          {t('tax.cancel')}
        </button>
      </div>
    </>
  );
}

/** The question before a rate is saved. */
export function SaveConfirm(p: { c: Ctx; k: string; question: string; onConfirm: () => void; onKeep: () => void }) {
  const { c } = p;
  const { t } = c;
  const w = c.writes[p.k];
  return (
    <Confirm
      id={`${c.ids}${p.k}c`}
      focus
      danger={false}
      question={p.question}
      hint={t('tax.confirmRateHint')}
      confirm={t('tax.save')}
      busyLabel={t('tax.saving')}
      keep={t('tax.cancel')}
      busy={w?.busy}
      onConfirm={p.onConfirm}
      onKeep={p.onKeep}
    >
      <Refusal c={c} w={w} />
    </Confirm>
  );
}

/** The question before a region or a group is deleted. */
export function DeleteConfirm(p: {
  c: Ctx;
  k: string;
  question: string;
  hint: string;
  onConfirm: () => void;
  onDone: () => void;
}) {
  const { c, k } = p;
  const { t } = c;
  const w = c.writes[k];
  return (
    <Confirm
      id={`${c.ids}${k}d`}
      focus
      question={p.question}
      hint={p.hint}
      confirm={t('tax.delete')}
      busyLabel={t('tax.deleting')}
      keep={t('tax.keep')}
      busy={w?.busy}
      onConfirm={p.onConfirm}
      onKeep={() => (c.model.clear(k), p.onDone())}
    >
      <Refusal c={c} w={w} />
    </Confirm>
  );
}
