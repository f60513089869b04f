import type { I18n } from '../../core/i18n/index.ts';
import type { PartProps } from './form-fields.tsx';

/**
 * A visitor's sign-in prompt in the form, where they must sign in (no companion) or chose to: the prompt, and once
 * asked for (`ask`) the login widget inline, or why it could not load, with a retry.
 */
export function SignIn({
  t,
  model,
  ui: { waiting, login },
  i18n,
  companion,
  ask,
  loadLogin,
}: Omit<PartProps, 'ids'> & { i18n: () => I18n; companion: boolean; ask: boolean; loadLogin: () => Promise<unknown> }) {
  return (
    <div class="signin" part="signin">
      <p>{t(companion ? 'f.signInHere' : waiting ? 'f.signInFirst' : 'f.signIn')}</p>
      {!ask ? null : login === true ? (
        <inlay-login view="sign-in" />
      ) : login ? (
        <p class="err" role="alert">
          {i18n().error(login)}{' '}
          <button type="button" class="link" onClick={() => model.loadLogin(loadLogin)}>
            {i18n().t('action.retry')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
