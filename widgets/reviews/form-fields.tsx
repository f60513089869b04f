import type { FormT } from './form-rules.ts';
import type { FormUi, ReviewFormModel } from './form-model.ts';

/** What every part of the review form is given: its translator, model and state, and the form's id prefix. */
export interface PartProps {
  t: FormT;
  model: ReviewFormModel;
  ui: FormUi;
  ids: string;
}

/** The rating: a real radio group of five stars (unselected ones drawn as outlines), its error under it. */
export function RatingInput({ t, model, ui: { draft: d, errors }, ids }: PartProps) {
  return (
    <fieldset class="stars-input" aria-describedby={errors.rating ? `${ids}re` : undefined}>
      <legend>{t('f.yourRating')}</legend>
      {[1, 2, 3, 4, 5].map((n) => (
        <label key={n} class={n <= d.rating ? 'on' : ''}>
          <input
            type="radio"
            name="rating"
            value={n}
            checked={d.rating === n}
            required
            onChange={() => model.set('rating', n)}
          />
          <span aria-hidden="true">★</span>
          <span class="visually-hidden">{t('f.starN', { count: n })}</span>
        </label>
      ))}
      {errors.rating ? (
        <p id={`${ids}re`} class="err">
          {errors.rating}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * One text field of the form (`k`: the draft's key and the input's name), its error under it. A visitor's own fields
 * (name, email) are required and autocompleted.
 */
export function Field({
  k,
  t,
  model,
  ui: { draft: d, errors },
  ids,
}: PartProps & { k: 'title' | 'body' | 'name' | 'email' }) {
  const auto = k === 'name' || k === 'email' ? k : undefined;
  const Tag = k === 'body' ? 'textarea' : 'input';
  return (
    <div class="field">
      <label for={ids + k}>{t(`f.${k}`)}</label>
      <Tag
        id={ids + k}
        name={k}
        part="input"
        type={k === 'body' ? undefined : k === 'email' ? k : 'text'}
        rows={k === 'body' ? 5 : undefined}
        maxLength={k === 'body' ? 3000 : k === 'email' ? 254 : 100}
        autoComplete={auto}
        required={!!auto || undefined}
        value={d[k] ?? ''}
        aria-invalid={errors[k] ? 'true' : undefined}
        aria-describedby={errors[k] ? ids + k + 'e' : undefined}
        onInput={(e: Event) => model.set(k, (e.target as HTMLInputElement).value)}
      />
      {errors[k] ? (
        <p id={ids + k + 'e'} class="err">
          {errors[k]}
        </p>
      ) : null}
    </div>
  );
}
