import { useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { CartLine } from '../../core/api/current-cart.ts';
import { httpUrl } from '../../core/safe-url.ts';
import { lineName, variantText } from './format.ts';
import { availabilityKey, boundQuantity, maxQuantity, type CartModel, type T } from './model.ts';

/** One line of the drawer: image, name, variant, price each, the quantity stepper, remove, and its messages. */
export function Line({ l, t, model, onRemove }: { l: CartLine; t: T; model: CartModel; onRemove: () => void }) {
  const failed = useStore(model.$failed)[l.id];
  const error = useStore(model.$lineErrors)[l.id];
  const [draft, setDraft] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const name = lineName(l);
  const max = maxQuantity(l);
  const img = httpUrl(l.image?.url);
  const href = httpUrl(l.url?.url);
  const problem = availabilityKey(l);
  const variant = variantText(l, t);
  const id = useId();

  const change = (q: number) => {
    setNote('');
    void model.setQuantity(l, q);
  };
  const commit = () => {
    if (draft === null) return;
    const b = boundQuantity(draft, l);
    setDraft(null);
    if (!b) return;
    if (b.value !== l.quantity) change(b.value);
    if (b.over) setNote(t('cart.max', { count: max }));
  };

  return (
    <li class="line" part="line">
      {img ? <img src={img} alt="" width={64} height={64} loading="lazy" /> : <span class="img" aria-hidden="true" />}
      <div class="info">
        <p class="name">
          <bdi>{href ? <a href={href}>{name}</a> : name}</bdi>
        </p>
        {variant && (
          <p class="muted">
            <bdi>{variant}</bdi>
          </p>
        )}
        <p class="muted">
          <bdi>{t('cart.each', { price: model.money(l.price) })}</bdi>
        </p>
        <div class="qty-row">
          <div class="stepper" role="group" aria-label={t('cart.qty', { name })}>
            <button
              type="button"
              aria-label={t('cart.less', { name })}
              disabled={l.quantity <= 1}
              onClick={() => change(l.quantity - 1)}
            >
              −
            </button>
            <input
              id={`${id}-q`}
              type="number"
              inputMode="numeric"
              min={1}
              max={max}
              aria-label={t('cart.qty', { name })}
              aria-describedby={note || failed !== undefined ? `${id}-n` : undefined}
              aria-invalid={failed !== undefined}
              value={draft ?? String(l.quantity)}
              onInput={(e) => setDraft((e.target as HTMLInputElement).value)}
              onBlur={commit}
              onKeyDown={(e) => e.key === 'Enter' && commit()}
            />
            <button
              type="button"
              aria-label={t('cart.more', { name })}
              aria-disabled={l.quantity >= max}
              onClick={() => (l.quantity >= max ? setNote(t('cart.max', { count: max })) : change(l.quantity + 1))}
            >
              +
            </button>
          </div>
          <button
            type="button"
            class="remove link"
            data-remove
            aria-label={t('cart.remove', { name })}
            onClick={onRemove}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M5 7h14M10 7V4h4v3m-7 0 1 13h8l1-13" fill="none" stroke="currentColor" stroke-width="1.8" />
            </svg>
          </button>
        </div>
        {failed !== undefined ? (
          <p class="err" id={`${id}-n`} role="alert">
            <bdi>{t('cart.qtyFailed', { name, count: failed })}</bdi>{' '}
            <button type="button" class="link" onClick={() => change(failed)}>
              {t('action.retry')}
            </button>
          </p>
        ) : (
          note && (
            <p class="hint" id={`${id}-n`} role="status">
              <bdi>{note}</bdi>
            </p>
          )
        )}
        {problem && (
          <p class="err">
            <bdi>{t(problem, { count: l.availability?.quantityAvailable ?? 0 })}</bdi>
          </p>
        )}
        {error && (
          <p class="err" role="alert">
            {error}
          </p>
        )}
      </div>
      {/* the line's amount in the same column as the totals' */}
      <span class="price">
        <bdi>{model.money(l.lineItemPrice)}</bdi>
      </span>
    </li>
  );
}
