import { useId, useState } from 'react';
import type { Order } from '../../../../core/api/orders.ts';
import { MAX_TAGS, TAG, type AdminOrdersModel, type DetailUi } from '../model.ts';
import { tagsOf } from '../words.ts';
import { changeTags } from './model.ts';
import type { K, T } from './bits.tsx';
import { ErrorLine } from '../../../../ui/states.tsx';

/**
 * The order's private tags (the buyer never sees them): each removable, one added at a time. Tags are sent as typed
 * (trimmed) and must be the companion's tag ids: letters, digits and `._:-`, at most 100 characters, 100 an order.
 */
export function Tags(p: { o: Order; d: DetailUi; model: AdminOrdersModel; t: T }) {
  const { o, d, t } = p;
  const [typed, setTyped] = useState('');
  const [bad, setBad] = useState<K>();
  const id = useId();
  const tags = tagsOf(o);
  const change = (add: string[], drop: string[]) => changeTags(p.model, o, add, drop);
  return (
    <section class="noteform" part="tags" aria-labelledby={`${id}h`}>
      <h4 id={`${id}h`}>{t('ao.tags')}</h4>
      {tags.length ? (
        <ul class="chips">
          {tags.map((g) => (
            <li key={g} class="chip tag">
              {g}
              <button
                type="button"
                class="x"
                disabled={!!d.busy}
                aria-label={t('ao.untag', { tag: g })}
                onClick={() => void change([], [g])}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">{t('ao.noTags')}</p>
      )}
      <form
        class="actions"
        onSubmit={async (e) => {
          e.preventDefault();
          const g = String(new FormData(e.currentTarget).get('tag') ?? '').trim();
          const wrong: K | undefined = !TAG.test(g)
            ? 'ao.badTag'
            : tags.includes(g)
              ? 'ao.hasTag'
              : tags.length >= MAX_TAGS
                ? 'ao.why.TOO_MANY_TAGS'
                : undefined;
          setBad(wrong);
          if (!wrong && !d.busy && (await change([g], []))) setTyped('');
        }}
      >
        <label for={id} class="visually-hidden">
          {t('ao.tagLabel')}
        </label>
        <input
          id={id}
          name="tag"
          maxLength={100}
          value={typed}
          placeholder={t('ao.tagLabel')}
          aria-invalid={!!bad}
          onInput={(e) => setTyped(e.currentTarget.value)}
        />
        <button type="submit" class="btn" disabled={!!d.busy} aria-busy={d.busy === 'tag'}>
          {t('ao.addTag')}
        </button>
      </form>
      <ErrorLine error={bad && t(bad)} />
    </section>
  );
}
