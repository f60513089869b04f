import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { adoptSheet } from '../../../../core/element.ts';
import { Confirm } from '../../../../ui/confirm.tsx';
import { ErrorLine } from '../../../../ui/states.tsx';
import type { ConsoleSectionProps } from '../../section.ts';
import { before } from '../../states.tsx';
import { createTipsModel, draftOf, presetProblem, type TipDraft } from './model.ts';
import { tipsStrings } from './strings.ts';
import { useFrench } from '../french.ts';
import { settingsFormCss } from './styles.ts';

/**
 * Settings › Tips: tips on or off, their type (a percentage or an amount), up to three choices with the preselected
 * one, a custom amount or not; saved after a confirmation (shoppers see it at checkout), what was typed kept through
 * any failure.
 */
export function TipsSettings({ context, ids }: ConsoleSectionProps) {
  const i = context.i18n();
  const t = i.strings(tipsStrings);
  // the page turned French after the section loaded: its French now (french.ts)
  useFrench(i, tipsStrings, () => import('./strings.fr.ts'));
  const model = useMemo(() => createTipsModel(context), []);
  const ui = useStore(model.$ui);
  const [draft, setDraft] = useState<TipDraft | undefined>();
  const [asking, setAsking] = useState(false);
  const [checked, setChecked] = useState(false);
  useEffect(() => void model.load().then((s) => s !== undefined && setDraft(draftOf(s))), [model]);

  const d = draft ?? draftOf(ui.saved);
  // each change from the draft as it is then (two events before a render both count)
  const latest = useRef<TipDraft | undefined>(undefined);
  latest.current = d;
  const change = (f: (x: TipDraft) => Partial<TipDraft>) => {
    const x = latest.current!;
    setDraft((latest.current = { ...x, ...f(x) }));
  };
  const set = (next: Partial<TipDraft>) => change(() => next);
  const setPreset = (n: number, p: Partial<TipDraft['presets'][number]>) =>
    change((x) => ({
      presets: x.presets.map((y, k) => (k === n ? { ...y, ...p } : p.default ? { ...y, default: false } : y)),
    }));
  const problems = d.presets.map((p) => presetProblem(p.value, d.type));
  const bad = problems.some(Boolean);
  const id = `${ids}tp`;
  const percent = d.type === 'PERCENTAGE';
  const fmt = (v: string) => {
    const n = Number(v.trim().replace(',', '.'));
    return percent
      ? i.number(n / 100, { style: 'percent', maximumFractionDigits: 2 })
      : i.number(n, { minimumFractionDigits: 2 });
  };
  const preview = [
    t('tips.noTip'),
    ...d.presets.map((p, n) => (problems[n] ? '…' : fmt(p.value))),
    ...(d.custom ? [t('tips.customShort')] : []),
  ].join(' · ');

  return (
    <div class="sf" part="tips-settings" ref={(n) => adoptSheet(n, settingsFormCss)}>
      <h3 id={`${id}h`}>{t('tips.title')}</h3>
      <p class="muted">{t('tips.intro')}</p>
      {before({ i18n: i, status: ui.status, error: ui.error, retry: () => void model.load() }) ?? (
        <form
          aria-labelledby={`${id}h`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setChecked(true);
            // the draft as it is now (a value typed just before the press counts)
            const now = latest.current!;
            if (!now.presets.some((p) => presetProblem(p.value, now.type))) setAsking(true);
          }}
        >
          {ui.saved === null ? <p class="note">{t('tips.none')}</p> : null}
          <label class="check">
            <input type="checkbox" checked={d.on} onChange={(e) => set({ on: e.currentTarget.checked })} />
            {t('tips.on')}
          </label>
          <fieldset>
            <legend>{t('tips.type')}</legend>
            {(['PERCENTAGE', 'AMOUNT'] as const).map((k) => (
              <label class="check" key={k}>
                <input type="radio" name={`${id}type`} checked={d.type === k} onChange={() => set({ type: k })} />
                {t(`tips.${k}`)}
              </label>
            ))}
          </fieldset>
          <fieldset aria-describedby={`${id}ch`}>
            <legend>{t('tips.choices')}</legend>
            <p class="muted" id={`${id}ch`}>
              {t('tips.choicesHint')}
            </p>
            {d.presets.map((p, n) => {
              const problem = checked && problems[n];
              const fid = `${id}v${n}`;
              return (
                <div class="row" key={n} part="tip-choice">
                  <div class="field">
                    <label for={fid}>{t('tips.value', { n: n + 1 })}</label>
                    <span class="unit">
                      <input
                        id={fid}
                        inputMode="decimal"
                        dir="ltr"
                        value={p.value}
                        aria-invalid={problem ? 'true' : undefined}
                        aria-describedby={problem ? `${fid}e` : undefined}
                        onInput={(e) => setPreset(n, { value: e.currentTarget.value })}
                      />
                      {percent ? <span aria-hidden="true">{t('tips.percentSuffix')}</span> : null}
                    </span>
                    <ErrorLine id={`${fid}e`} error={problem && t(problem)} />
                  </div>
                  <label class="check">
                    <input
                      type="radio"
                      name={`${id}def`}
                      checked={p.default}
                      onChange={() => setPreset(n, { default: true })}
                    />
                    {t('tips.preselect')}
                  </label>
                  <button
                    type="button"
                    class="link"
                    disabled={d.presets.length < 2}
                    aria-label={t('tips.remove', { n: n + 1 })}
                    onClick={() => change((x) => ({ presets: x.presets.filter((_, k) => k !== n) }))}
                  >
                    {t('tips.removeShort')}
                  </button>
                </div>
              );
            })}
            {d.presets.length < 3 ? (
              <button
                type="button"
                class="link"
                onClick={() => change((x) => ({ presets: [...x.presets, { value: '', default: false }] }))}
              >
                {t('tips.add')}
              </button>
            ) : null}
          </fieldset>
          <label class="check">
            <input type="checkbox" checked={d.custom} onChange={(e) => set({ custom: e.currentTarget.checked })} />
            {t('tips.custom')}
          </label>
          {d.on ? (
            <p class="muted" part="tips-preview">
              <bdi>{t('tips.preview', { choices: preview })}</bdi>
            </p>
          ) : null}
          <ErrorLine error={checked && bad && t('tips.fix')} />
          {ui.notice === 'saved' ? (
            <p class="ok" role="status">
              {t('tips.saved')}
            </p>
          ) : ui.notice === 'changed' ? (
            <p class="note" role="alert">
              {t('tips.changed')}
            </p>
          ) : null}
          {asking ? null : (
            <>
              <ErrorLine error={ui.saveError} />
              <div class="actions">
                <button type="submit" class="btn primary">
                  {t('tips.save')}
                </button>
              </div>
            </>
          )}
        </form>
      )}
      {asking ? (
        <Confirm
          id={`${id}c`}
          focus
          question={t('tips.confirm')}
          hint={t(d.on ? 'tips.confirmOn' : 'tips.confirmOff')}
          busy={ui.saving}
          busyLabel={t('tips.saving')}
          error={ui.saveError}
          confirm={t('tips.save')}
          keep={t('tips.keep')}
          danger={false}
          part="tips-confirm"
          onConfirm={() =>
            void model.save(latest.current!).then((ok) => {
              setAsking(false);
              if (ok) setDraft(draftOf(model.$ui.get().saved));
            })
          }
          onKeep={() => setAsking(false)}
        />
      ) : null}
    </div>
  );
}
