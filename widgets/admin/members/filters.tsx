import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { isolate } from '../../../core/i18n/index.ts';
import { badRange, MEMBER_SORTS, MEMBER_STATUSES, NO_FILTERS, type Filters } from './model.ts';
import { statusWords, type P } from './words.ts';

/**
 * The saved views ("All members", "Pending sign-ups"), the filters (applied as they change; the search as typed, what
 * was typed kept) and the filters in use as removable chips.
 */
export function FilterBar({ model, t, i }: Omit<P, 'ids'>) {
  const f = useStore(model.$filters);
  const [text, setText] = useState(f.text);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => setText(f.text), [f.text]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const bad = badRange(f);
  const set = model.change;
  const chips = (['status', 'from', 'to', 'text'] as const).filter((k) => f[k]);
  // each a value in the page's words, isolated for bidi (a date, the text searched)
  const chipWords = (k: (typeof chips)[number]) =>
    k === 'status'
      ? statusWords({ id: '', status: f.status, activity: '' }, t)
      : k === 'text'
        ? `“${isolate(f.text)}”`
        : `${t(k === 'from' ? 'mm.from' : 'mm.to')} ${isolate(i.date(`${f[k]}T12:00:00`))}`;
  const pending = f.status === 'PENDING';
  return (
    <>
      <div class="row" part="views" role="group" aria-label={t('mm.views')}>
        <button type="button" class="btn" aria-pressed={!pending} onClick={() => set({ status: '' })}>
          {t('mm.view.all')}
        </button>
        <button type="button" class="btn" aria-pressed={pending} onClick={() => set({ status: 'PENDING' })}>
          {t('mm.view.pending')}
        </button>
      </div>
      <form class="filters" part="filters" aria-label={t('mm.filters')} onSubmit={(e) => e.preventDefault()}>
        <label class="wide">
          {t('mm.text')}
          <input
            type="search"
            dir="auto"
            maxLength={100}
            value={text}
            onInput={(e) => {
              const v = e.currentTarget.value;
              setText(v);
              clearTimeout(timer.current);
              timer.current = setTimeout(() => set({ text: v.trim() }), 350);
            }}
          />
        </label>
        <label>
          {t('mm.status')}
          <select value={f.status} onChange={(e) => set({ status: e.currentTarget.value as Filters['status'] })}>
            <option value="">{t('mm.any')}</option>
            {MEMBER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`mm.st.${s}`)}
              </option>
            ))}
          </select>
        </label>
        {(['from', 'to'] as const).map((k) => (
          <label key={k}>
            {t(`mm.${k}`)}
            <input type="date" value={f[k]} aria-invalid={bad} onInput={(e) => set({ [k]: e.currentTarget.value })} />
          </label>
        ))}
        <label>
          {t('mm.sort')}
          <select value={f.sort} onChange={(e) => set({ sort: e.currentTarget.value as Filters['sort'] })}>
            {MEMBER_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`mm.sort.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </form>
      {bad ? (
        <p class="err" role="alert">
          {t('mm.badRange')}
        </p>
      ) : null}
      {chips.length ? (
        <ul class="row chips" part="chips" aria-label={t('mm.chips')}>
          {chips.map((k) => (
            <li key={k}>
              <button
                type="button"
                class="chip"
                aria-label={t('mm.remove', { what: chipWords(k) })}
                onClick={() => set({ [k]: '' })}
              >
                <bdi>{chipWords(k)}</bdi> <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
          <li>
            <button type="button" class="link" onClick={() => set({ ...NO_FILTERS, sort: f.sort })}>
              {t('mm.clear')}
            </button>
          </li>
        </ul>
      ) : null}
    </>
  );
}
