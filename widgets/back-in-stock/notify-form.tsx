import { useId, type RefObject } from 'react';
import type { I18n } from '../../core/i18n/index.ts';
import { maskEmail, type BackInStockModel, type BackInStockUi } from './model.ts';
import { formStrings } from './form-strings.ts';

export { createBackInStockModel } from './model.ts';
export { formCss } from './form-styles.ts';

export interface NotifyFormProps {
  model: BackInStockModel;
  ui: BackInStockUi;
  i18n: () => I18n;
  /** The signed-in member's email ('' for a visitor). */
  memberEmail: string;
  /** Where focus goes as the person moves (the view moves it, view.tsx). */
  input: RefObject<HTMLInputElement>;
  status: RefObject<HTMLParagraphElement>;
}

/**
 * What `<inlay-back-in-stock>` shows past its closed button, loaded on demand (view.tsx): the form (`open`,
 * `sending`), the subscribed states with "Stop notifying me" or how to stop, and the "stopped" confirmation (which
 * the view shows above its button).
 */
export function NotifyForm({ model, ui, i18n, memberEmail, input, status }: NotifyFormProps) {
  const t = i18n().strings(formStrings);
  const ids = useId();
  const { phase, error } = ui;
  const general =
    error && error !== 'bis.badEmail' ? (typeof error === 'string' ? t(error) : i18n().error(error.cause)) : '';

  if (phase === 'stopped') {
    return (
      <p ref={status} tabIndex={-1} class="msg" part="status" role="status">
        {t('bis.stopped')}
      </p>
    );
  }

  if (phase === 'subscribed' || phase === 'already' || phase === 'stopping') {
    const stopping = phase === 'stopping';
    return (
      <div part="root" class="box done">
        <p ref={status} tabIndex={-1} class="msg" part="status" role="status">
          <span aria-hidden="true" class="tick">
            ✓
          </span>{' '}
          <bdi>
            {t(
              ui.status === 'NOTIFICATION_SENT' ? 'bis.sent' : phase === 'already' ? 'bis.already' : 'bis.subscribed',
              {
                email: maskEmail(ui.subscribedAs),
              },
            )}
          </bdi>
        </p>
        {ui.stoppable ? (
          <button
            type="button"
            part="stop"
            class="link"
            disabled={stopping}
            aria-busy={stopping}
            onClick={() => void model.stop()}
          >
            {t(stopping ? 'bis.stopping' : 'bis.stop')}
          </button>
        ) : (
          <p class="hint" part="hint">
            {t('bis.noStop')}
          </p>
        )}
        {general ? (
          <p class="err" role="alert">
            {general}
          </p>
        ) : null}
      </div>
    );
  }

  const { email } = ui;
  const bad = error === 'bis.badEmail';
  const sending = phase === 'sending';
  return (
    <form
      part="root form"
      class="box"
      onSubmit={(e) => {
        e.preventDefault();
        // the field itself, not state: autofill or a fast Enter can submit before the next render
        void model.submit(input.current?.value ?? email);
      }}
      aria-labelledby={`${ids}t`}
      noValidate
    >
      <p id={`${ids}t`} class="title">
        {t('bis.title')}
      </p>
      <label for={`${ids}e`}>{t('bis.email')}</label>
      <input
        ref={input}
        id={`${ids}e`}
        part="input"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        aria-invalid={bad ? 'true' : undefined}
        aria-describedby={`${ids}h${bad ? ` ${ids}x` : ''}`}
        onInput={(e) => model.setEmail((e.target as HTMLInputElement).value)}
      />
      {bad ? (
        <p id={`${ids}x`} class="err">
          {t(error)}
        </p>
      ) : null}
      <p id={`${ids}h`} class="hint">
        {memberEmail && email === memberEmail ? <bdi>{t('bis.confirm', { email: memberEmail })} </bdi> : ''}
        {t('bis.consent')}
      </p>
      {general ? (
        <p class="err" role="alert">
          {general}
        </p>
      ) : null}
      <div class="row">
        <button type="submit" part="submit" class="primary" disabled={sending} aria-busy={sending}>
          {sending ? t('bis.sending') : t('bis.submit')}
        </button>
        <button type="button" part="cancel" class="link" disabled={sending} onClick={model.cancel}>
          {t('bis.cancel')}
        </button>
      </div>
    </form>
  );
}
