import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { isolate } from '../../../../core/i18n/index.ts';
import {
  badRange,
  FULFILLMENT_STATUSES,
  NO_FILTERS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  SORTS,
  TAG,
  VIEWS,
  viewOf,
  withView,
  type Filters,
  type View,
} from '../model.ts';
import type { K, Parts } from '../parts.ts';

/** The saved views, a row of tabs above the list: each sets its filters (model.ts `VIEWS`), kept in the page's URL. */
export function Views({ model, t }: Pick<Parts, 'model' | 't'>) {
  const f = useStore(model.$filters);
  const now = viewOf(f);
  return (
    <div class="views" part="views" role="group" aria-label={t('ao.views')}>
      {(Object.keys(VIEWS) as View[]).map((v) => (
        <button
          key={v}
          type="button"
          class="view"
          aria-pressed={v === now}
          onClick={() => void model.change(withView(model.$filters.get(), v))}
        >
          {t(`ao.view.${v}`)}
        </button>
      ))}
    </div>
  );
}

/** The filters a chip shows (the view "Cancellation requested" is its tab's; the sort is not a filter). */
const CHIPS = ['status', 'payment', 'fulfillment', 'from', 'to', 'text', 'tag'] as const;
/** A filter's name, as its field says it. */
const NAMES: Record<(typeof CHIPS)[number], K> = {
  status: 'ao.status',
  payment: 'ao.payment',
  fulfillment: 'ao.fulfillment',
  from: 'ao.from',
  to: 'ao.to',
  text: 'ao.search',
  tag: 'ao.tag',
};

/**
 * The list's filters, applied as they change (no Search button): the text and the tag once typing pauses (300 ms; Enter
 * at once), a choice or a date at once; the most used in one row, the others behind "More filters"; the filters in use
 * as removable chips with "Clear all". A range that ends before it starts, or a tag that is not one, is said and not
 * searched; what was typed stays.
 */
export function FilterForm({ model, t, i18n }: Pick<Parts, 'model' | 't' | 'i18n'>) {
  const f = useStore(model.$filters);
  const list = useStore(model.$list);
  const id = useId();
  const [text, setText] = useState(f.text);
  const [tag, setTag] = useState(f.tag);
  const [badTag, setBadTag] = useState(false);
  const [more, setMore] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  // a chip removed, a view, Back: the fields follow (not while the owner's own typing is what the filter holds)
  useEffect(() => setText((v) => (v.trim() === f.text ? v : f.text)), [f.text]);
  useEffect(() => {
    setTag((v) => (v.trim() === f.tag ? v : f.tag));
    setBadTag(false);
  }, [f.tag]);
  useEffect(() => () => clearTimeout(timer.current), []);
  /** What was typed, searched when it differs from what is (a tag that is not one: said, not searched). */
  const send = (typed: { text: string; tag: string }) => {
    clearTimeout(timer.current);
    const now = model.$filters.get();
    const p = { text: typed.text.trim(), tag: typed.tag.trim() };
    const wrong = !!p.tag && !TAG.test(p.tag);
    setBadTag(wrong);
    if (wrong) p.tag = now.tag;
    if (p.text !== now.text || p.tag !== now.tag) void model.change(p);
  };
  const later = (typed: { text: string; tag: string }) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => send(typed), 300);
  };
  const bad = badRange(f);
  const select = (k: keyof Filters, label: K, prefix: string, values: readonly string[], any = true) => (
    <label>
      {t(label)}
      <select name={k} value={f[k]} onChange={(e) => void model.change({ [k]: e.currentTarget.value })}>
        {any ? <option value="">{t('ao.any')}</option> : null}
        {values.map((v) => (
          <option key={v} value={v}>
            {t(`${prefix}${v}` as K)}
          </option>
        ))}
      </select>
    </label>
  );
  const chips = CHIPS.filter((k) => f[k]);
  const value = (k: (typeof CHIPS)[number]) =>
    k === 'status'
      ? t(`ao.st.${f.status}` as K)
      : k === 'payment'
        ? t(`ao.pay.${f.payment}` as K)
        : k === 'fulfillment'
          ? t(`ao.ful.${f.fulfillment}` as K)
          : k === 'from' || k === 'to'
            ? i18n.date(`${f[k]}T12:00:00`)
            : k === 'text'
              ? `“${f.text}”`
              : f.tag;
  // the owner's own words (the text, a tag) isolated for bidi; the statuses and dates are the page's
  const chipWords = (k: (typeof CHIPS)[number]) =>
    t('ao.chip', { name: t(NAMES[k]), value: k === 'text' || k === 'tag' ? isolate(value(k)) : value(k) });
  return (
    <>
      <form
        class="filters"
        part="filters"
        aria-label={t('ao.filters')}
        aria-busy={list.status === 'loading'}
        onSubmit={(e) => {
          e.preventDefault();
          // what the fields hold now (a render may not have caught up with the last keystroke)
          const form = new FormData(e.currentTarget);
          send({ text: String(form.get('text') ?? ''), tag: String(form.get('tag') ?? '') });
        }}
      >
        <label class="grow">
          {t('ao.text')}
          <input
            type="search"
            name="text"
            dir="auto"
            maxLength={100}
            value={text}
            onInput={(e) => {
              const v = e.currentTarget.value;
              setText(v);
              later({ text: v, tag });
            }}
          />
        </label>
        {select('payment', 'ao.payment', 'ao.pay.', PAYMENT_STATUSES)}
        {select('fulfillment', 'ao.fulfillment', 'ao.ful.', FULFILLMENT_STATUSES)}
        {select('sort', 'ao.sort', 'ao.sort.', SORTS, false)}
        <button
          type="button"
          class="btn more-f"
          aria-expanded={more}
          aria-controls={`${id}m`}
          onClick={() => setMore((m) => !m)}
        >
          {t('ao.moreFilters')}
          <span aria-hidden="true">{more ? ' ▴' : ' ▾'}</span>
        </button>
        <div class="more-fields" id={`${id}m`} hidden={!more}>
          {select('status', 'ao.status', 'ao.st.', ORDER_STATUSES)}
          {(['from', 'to'] as const).map((k) => (
            <label key={k}>
              {t(`ao.${k}`)}
              <input
                type="date"
                name={k}
                value={f[k]}
                aria-invalid={bad}
                onInput={(e) => void model.change({ [k]: e.currentTarget.value })}
              />
            </label>
          ))}
          <label>
            {t('ao.tag')}
            <input
              name="tag"
              dir="auto"
              maxLength={100}
              value={tag}
              aria-invalid={badTag}
              onInput={(e) => {
                const v = e.currentTarget.value;
                setTag(v);
                later({ text, tag: v });
              }}
            />
          </label>
        </div>
      </form>
      {bad || badTag ? (
        <p class="err" role="alert">
          {t(badTag ? 'ao.badTag' : 'ao.badRange')}
        </p>
      ) : null}
      {chips.length ? (
        <ul class="chips" part="chips" aria-label={t('ao.chips')}>
          {chips.map((k) => (
            <li key={k}>
              <button type="button" class="chip" part="chip" onClick={() => void model.change({ [k]: '' })}>
                <span class="visually-hidden">{t('ao.remove')} </span>
                <bdi>{chipWords(k)}</bdi> <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              class="link"
              onClick={() => void model.change({ ...NO_FILTERS, sort: f.sort, requested: f.requested })}
            >
              {t('ao.clear')}
            </button>
          </li>
        </ul>
      ) : null}
    </>
  );
}
