import { useEffect, useId, useLayoutEffect, useMemo, useRef } from 'react';
import { useStore } from '@nanostores/react';
import type { InlayContext } from '../../core/context.ts';
import { createReviewFormModel, type ReviewFormModelProps } from './form-model.ts';
import { formStrings } from './form-strings.ts';
import { adoptFormCss } from './form-styles.ts';
import { Field, RatingInput } from './form-fields.tsx';
import { Photos } from './form-photos.tsx';
import { SignIn } from './form-signin.tsx';

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
 * The review form (its own chunk, loaded on "Write a review"): a real radio group for the rating, title, body
 * (form-fields.tsx), up to 5 photos where the site runs a companion (form-photos.tsx), and for a visitor the login
 * widget's inline sign-in (form-signin.tsx): the review they typed goes as soon as they are signed in. Its state and
 * flows are form-model.ts's, its rules form-rules.ts's.
 */
export function ReviewForm({ context, onCancel, member, visitor, companion, loadLogin, ...props }: FormProps) {
  const { i18n } = context;
  const t = i18n().strings(formStrings);
  const model = useMemo(() => createReviewFormModel(context, props), []);
  const ui = useStore(model.$form);
  const ids = useId();
  const form = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => adoptFormCss(form.current), []);
  // a visitor on a site without a companion can only post once signed in: the form's foot is the sign-in alone (its
  // prompt and the login widget, at once), never beside "Submit review" or an error saying the same
  const alone = visitor && !companion;
  const asked = useRef(false);
  if (alone) asked.current = true;
  // the inline sign-in: when a review waits for it, when a visitor on a companion site chose it (one who has an
  // account may sign in instead of giving a name and email), and at once where it is the only way
  const ask = visitor && (ui.waiting || !!ui.instead || alone);
  useEffect(() => void (ask && ui.login === false && model.loadLogin(loadLogin)), [ask]);
  // a visitor on a site with a companion: the companion's check starts while they type
  const guest = visitor && companion;
  useEffect(() => void (guest && model.start()), [guest]);
  // signed in (here, in another tab, or back from the hosted page): a review that waited for it, or typed in full
  // while only the sign-in was offered, goes now
  useEffect(() => void (member && model.signedIn(asked.current)), [member]);

  function submit(e: Event) {
    e.preventDefault();
    if (!model.submit(member))
      form.current?.querySelector<HTMLElement>('[aria-invalid=true], .stars-input input')?.focus();
  }

  const part = { t, model, ui, ids };
  return (
    <form ref={form} class="form" part="form" onSubmit={submit} noValidate aria-labelledby={`${ids}t`}>
      <h3 id={`${ids}t`}>{t('f.formTitle')}</h3>
      <RatingInput {...part} />
      <Field {...part} k="title" />
      <Field {...part} k="body" />
      {companion ? <Photos {...part} /> : <p class="hint">{t('f.noPhotos')}</p>}
      {guest && !ui.instead ? (
        <p class="hint">
          {t('f.haveAccount')}{' '}
          <button type="button" class="link" part="sign-in-instead" onClick={model.signInInstead}>
            {t('f.signInInstead')}
          </button>
        </p>
      ) : null}
      {guest ? <Field {...part} k="name" /> : null}
      {guest ? <Field {...part} k="email" /> : null}
      {guest ? (
        <p class="hint" role="status" part="check">
          {ui.check === 'solving' ? t('f.checking') : ui.check === 'ready' ? t('f.checked') : ''}
        </p>
      ) : null}
      {visitor && (!companion || ui.instead) ? (
        <SignIn {...part} i18n={i18n} companion={companion} ask={ask} loadLogin={loadLogin} />
      ) : null}
      {ui.general ? (
        <p class="err" role="alert">
          {ui.general}
        </p>
      ) : null}
      <div class="row">
        {alone ? null : (
          <button type="submit" part="submit" class="primary" disabled={ui.busy} aria-busy={ui.busy}>
            {t(ui.busy ? 'f.sending' : 'f.submit')}
          </button>
        )}
        <button type="button" class="link" disabled={ui.busy} onClick={onCancel}>
          {t('f.cancel')}
        </button>
      </div>
    </form>
  );
}
