import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { InlayContext } from '../../core/context.ts';
import { createReviewFormModel, PHOTO_MAX, type ReviewFormModelProps } from './form-model.ts';
import { formStrings } from './form-strings.ts';
import { adoptFormCss } from './form-styles.ts';

/**
 * A chosen photo's preview, drawn into a canvas (centre square, like object-fit: cover): no blob: or data: URL, so a
 * strict `img-src` that allows only the platform keeps working.
 */
function Thumb({ file }: { file: File }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let live = true;
    createImageBitmap(file).then(
      (b) => {
        const s = Math.min(b.width, b.height);
        if (live)
          ref.current?.getContext('2d')?.drawImage(b, (b.width - s) / 2, (b.height - s) / 2, s, s, 0, 0, 192, 192);
        b.close();
      },
      () => undefined, // undecodable: an empty tile; the platform checks the upload itself
    );
    return () => void (live = false);
  }, [file]);
  return <canvas ref={ref} width={192} height={192} />;
}

export interface FormProps extends ReviewFormModelProps {
  /** The page's context (its client and translations). */
  context: InlayContext;
  /** A signed-in member whose contact is known: the review goes as that member. */
  member: boolean;
  /** Nobody is signed in: the form asks for a sign-in, inline, and keeps what was typed. */
  visitor: boolean;
  /**
   * The page names a site companion (`data-companion`): photos are offered, and a visitor gives a name and email
   * instead of signing in. Without one, no photo UI at all, and a visitor signs in.
   */
  companion: boolean;
  /** Defines `<inlay-login>` (its chunk: the widget's model imports it, so it is never loaded twice). */
  loadLogin: () => Promise<unknown>;
  onCancel: () => void;
}

/**
 * The review form (its own chunk, loaded on "Write a review"): a real radio group for the rating, title, body, up to
 * 5 photos where the site runs a companion (a drop zone over a visually hidden file input; previewed), and for a
 * visitor the login widget's inline sign-in: the review they typed goes as soon as they are signed in. Its flows are
 * form-model.ts's.
 */
export function ReviewForm({ context, onCancel, member, visitor, companion, loadLogin, ...props }: FormProps) {
  const { i18n } = context;
  const t = i18n().strings(formStrings);
  const model = useMemo(() => createReviewFormModel(context, props), []);
  const ui = useStore(model.$form);
  const { draft: d, errors, busy, photos } = ui;
  const [over, setOver] = useState(false);
  // the inline sign-in: false while its element loads, true once defined, or why it could not load
  const [login, setLogin] = useState<unknown>(false);
  const ids = useId();
  const form = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => adoptFormCss(form.current), []);
  const defineLogin = () => {
    setLogin(false);
    loadLogin().then(() => setLogin(true), setLogin);
  };
  // a visitor on a companion site who has an account may sign in instead of giving a name and email (the login
  // widget comes then, or when a review waits for a sign-in), not with every opened form
  const [instead, setInstead] = useState(false);
  // a visitor on a site without a companion can only post once signed in: the form's foot is the sign-in alone (its
  // prompt and the login widget, at once), never beside "Submit review" or an error saying the same
  const alone = visitor && !companion;
  const asked = useRef(false);
  if (alone) asked.current = true;
  const ask = visitor && (ui.waiting || instead || alone);
  useEffect(() => void (ask && login === false && defineLogin()), [ask]);
  // a visitor on a site with a companion: the companion's check starts while they type
  const guest = visitor && companion;
  useEffect(() => void (guest && model.start()), [guest]);
  // signed in (here, in another tab, or back from the hosted page): a review that waited for it, or typed in full
  // while only the sign-in was offered, goes now
  useEffect(() => void (member && model.signedIn(asked.current)), [member]);

  const field = (k: 'title' | 'body' | 'name' | 'email', type: string, max: number, auto?: string) => {
    const Tag = k === 'body' ? 'textarea' : 'input';
    return (
      <div class="field">
        <label for={ids + k}>{t(`f.${k}`)}</label>
        <Tag
          id={ids + k}
          name={k}
          part="input"
          type={k === 'body' ? undefined : type}
          rows={k === 'body' ? 5 : undefined}
          maxLength={max}
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
  };

  const full = photos.length >= PHOTO_MAX;
  const drag = (e: DragEvent) => {
    e.preventDefault();
    setOver(!full);
  };

  function submit(e: Event) {
    e.preventDefault();
    if (!model.submit(member))
      form.current?.querySelector<HTMLElement>('[aria-invalid=true], .stars-input input')?.focus();
  }

  return (
    <form ref={form} class="form" part="form" onSubmit={submit} noValidate aria-labelledby={`${ids}t`}>
      <h3 id={`${ids}t`}>{t('f.formTitle')}</h3>
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
      {field('title', 'text', 100)}
      {field('body', 'text', 3000)}
      {companion ? (
        <div class="field">
          <div
            class={over ? 'drop over' : 'drop'}
            onDragEnter={drag}
            onDragOver={drag}
            onDragLeave={(e) => (e.currentTarget as Node).contains(e.relatedTarget as Node) || setOver(false)}
            onDrop={(e) => {
              e.preventDefault();
              setOver(false);
              if (!full) model.addPhotos(e.dataTransfer?.files);
            }}
          >
            <input
              id={`${ids}p`}
              class="file visually-hidden"
              type="file"
              part="photos"
              accept="image/png,image/jpeg,image/gif,image/webp"
              multiple
              disabled={full || busy}
              aria-describedby={`${ids}ph`}
              onChange={(e) => {
                const input = e.target as HTMLInputElement;
                model.addPhotos(input.files);
                input.value = '';
              }}
            />
            <label for={`${ids}p`} class="dz" part="dropzone">
              <svg
                viewBox="0 0 24 24"
                width="24"
                height="24"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                stroke-width="2"
              >
                <path d="M4 8h3l2-3h6l2 3h3v11H4zM12 16a3 3 0 1 0 0-6 3 3 0 0 0 0 6" />
              </svg>
              <span class="dzt">{t(full ? 'f.photoMax' : 'f.addPhotos')}</span>
              {full ? null : <span>{t('f.drop')}</span>}
            </label>
          </div>
          <p id={`${ids}ph`} class="hint">
            {t('f.photos')} {photos.length ? t('f.photoCount', { n: photos.length, max: PHOTO_MAX }) : ''}
          </p>
          {ui.photoMsg ? (
            <p class="err" role="alert">
              {ui.photoMsg}
            </p>
          ) : null}
          {photos.length ? (
            <ul class="photos">
              {photos.map((p, i) => (
                <li key={p.key} class={p.error ? 'preview bad' : 'preview'}>
                  <Thumb file={p.file} />
                  <button
                    type="button"
                    class="x"
                    disabled={busy}
                    aria-label={t('f.remove', { n: i + 1 })}
                    onClick={() => model.removePhoto(i)}
                  >
                    <svg
                      viewBox="0 0 24 24"
                      width="18"
                      height="18"
                      aria-hidden="true"
                      stroke="currentColor"
                      stroke-width="2.5"
                    >
                      <path d="M6 6l12 12M18 6L6 18" />
                    </svg>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {photos.map((p) =>
            p.error ? (
              <p key={p.key} class="err">
                {p.error}
              </p>
            ) : null,
          )}
        </div>
      ) : (
        <p class="hint">{t('f.noPhotos')}</p>
      )}
      {guest && !instead ? (
        <p class="hint">
          {t('f.haveAccount')}{' '}
          <button type="button" class="link" part="sign-in-instead" onClick={() => setInstead(true)}>
            {t('f.signInInstead')}
          </button>
        </p>
      ) : null}
      {guest ? field('name', 'text', 100, 'name') : null}
      {guest ? field('email', 'email', 254, 'email') : null}
      {guest ? (
        <p class="hint" role="status" part="check">
          {ui.check === 'solving' ? t('f.checking') : ui.check === 'ready' ? t('f.checked') : ''}
        </p>
      ) : null}
      {visitor && (!companion || instead) ? (
        <div class="signin" part="signin">
          <p>{t(companion ? 'f.signInHere' : ui.waiting ? 'f.signInFirst' : 'f.signIn')}</p>
          {!ask ? null : login === true ? (
            <inlay-login view="sign-in" />
          ) : login ? (
            <p class="err" role="alert">
              {i18n().error(login)}{' '}
              <button type="button" class="link" onClick={defineLogin}>
                {i18n().t('action.retry')}
              </button>
            </p>
          ) : null}
        </div>
      ) : null}
      {ui.general ? (
        <p class="err" role="alert">
          {ui.general}
        </p>
      ) : null}
      <div class="row">
        {alone ? null : (
          <button type="submit" part="submit" class="primary" disabled={busy} aria-busy={busy}>
            {t(busy ? 'f.sending' : 'f.submit')}
          </button>
        )}
        <button type="button" class="link" disabled={busy} onClick={onCancel}>
          {t('f.cancel')}
        </button>
      </div>
    </form>
  );
}
