import { useState } from 'react';
import { useStore } from '@nanostores/react';
import {
  FULFILLMENT_STATUSES,
  NO_FILTERS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  SORTS,
  TAG,
  type Filters,
} from './model.ts';
import type { K, Parts } from './parts.ts';

/**
 * The list's filters and sort: applied when sent (kept in the page's URL by the model), cleared in one press; a range
 * that ends before it starts, or a tag that is not one, is refused before searching.
 */
export function FilterForm({ model, t }: Pick<Parts, 'model' | 't'>) {
  const list = useStore(model.$list);
  const filters = useStore(model.$filters);
  const [draft, setDraft] = useState<Filters>(filters);
  // the filter refused before searching: `range` (end before start) or `tag` (not a tag)
  const [bad, setBad] = useState<string>();
  const set = (k: keyof Filters) => (e: { currentTarget: { value: string } }) => {
    const v = e.currentTarget.value;
    setDraft((d) => ({ ...d, [k]: v }));
  };
  // the sort: a row of its own, its select as wide as its longest choice (a grid cell clipped the French)
  const select = (k: keyof Filters, label: K, prefix: string, values: readonly string[], any = true) => (
    <label class={any ? undefined : 'wide fit'}>
      {t(label)}
      <select name={k} value={draft[k]} onChange={set(k)}>
        {any ? <option value="">{t('ao.any')}</option> : null}
        {values.map((v) => (
          <option key={v} value={v}>
            {t(`${prefix}${v}` as K)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form
      class="filters"
      part="filters"
      aria-label={t('ao.filters')}
      onSubmit={(e) => {
        e.preventDefault();
        // what the fields hold now (a render may not have caught up with the last keystroke)
        const form = new FormData(e.currentTarget);
        const f = Object.fromEntries(
          Object.keys(NO_FILTERS).map((k) => [k, String(form.get(k) ?? '')]),
        ) as unknown as Filters;
        f.tag = f.tag.trim();
        f.requested = model.$filters.get().requested; // the saved view stays (list.tsx switches it)
        const wrong = f.from && f.to && f.to < f.from ? 'range' : f.tag && !TAG.test(f.tag) ? 'tag' : undefined;
        setBad(wrong);
        if (!wrong) void model.search(f);
      }}
    >
      <label class="wide">
        {t('ao.text')}
        <input type="search" name="text" maxLength={100} value={draft.text} onInput={set('text')} />
      </label>
      {select('status', 'ao.status', 'ao.st.', ORDER_STATUSES)}
      {select('payment', 'ao.payment', 'ao.pay.', PAYMENT_STATUSES)}
      {select('fulfillment', 'ao.fulfillment', 'ao.ful.', FULFILLMENT_STATUSES)}
      <label>
        {t('ao.from')}
        <input type="date" name="from" value={draft.from} onInput={set('from')} aria-invalid={bad === 'range'} />
      </label>
      <label>
        {t('ao.to')}
        <input type="date" name="to" value={draft.to} onInput={set('to')} aria-invalid={bad === 'range'} />
      </label>
      <label>
        {t('ao.tag')}
        <input name="tag" maxLength={100} value={draft.tag} onInput={set('tag')} aria-invalid={bad === 'tag'} />
      </label>
      {select('sort', 'ao.sort', 'ao.sort.', SORTS, false)}
      <div class="actions wide">
        <button type="submit" class="btn primary" aria-busy={list.status === 'loading'}>
          {t('ao.apply')}
        </button>
        <button
          type="button"
          class="btn"
          onClick={() => {
            setDraft(NO_FILTERS);
            setBad(undefined);
            void model.search(NO_FILTERS);
          }}
        >
          {t('ao.clear')}
        </button>
      </div>
      {bad ? (
        <p class="err wide" role="alert">
          {t(bad === 'tag' ? 'ao.badTag' : 'ao.badRange')}
        </p>
      ) : null}
    </form>
  );
}
