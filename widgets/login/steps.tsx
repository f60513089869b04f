import { useEffect, useState } from 'react';
import { challengePart, type Field, type LoginModel, type LoginUi, type T } from './model.ts';

// The forms with their model: one chunk, which `<inlay-login>` loads with its surfaces (view.tsx) and the account's
// inline sign-in with its section.
export { createLoginModel } from './model.ts';

/** Each step's title. */
export const TITLES = {
  closed: 'login.signInTitle',
  'sign-in': 'login.signInTitle',
  'sign-up': 'login.signUpTitle',
  verify: 'login.verifyTitle',
  forgot: 'login.forgotTitle',
  sent: 'login.forgotTitle',
  reset: 'login.resetTitle',
  pending: 'login.pendingTitle',
  mfa: 'login.mfaTitle',
  fields: 'login.fieldsTitle',
} as const;

/** A labelled input with its inline error and hint. */
function Input(p: {
  ids: string;
  name: string;
  label: string;
  error?: string;
  hint?: string;
  type?: string;
  autoComplete: string;
  value?: string;
  extra?: Record<string, unknown>;
}) {
  const id = `${p.ids}${p.name}`;
  const described = [p.hint ? `${id}h` : '', p.error ? `${id}e` : ''].filter(Boolean).join(' ');
  return (
    <>
      <label for={id}>{p.label}</label>
      <input
        id={id}
        name={p.name}
        part="input"
        type={p.type ?? 'text'}
        autoComplete={p.autoComplete}
        defaultValue={p.value}
        aria-invalid={p.error ? 'true' : undefined}
        aria-describedby={described || undefined}
        {...p.extra}
      />
      {p.hint ? (
        <p class="hint" id={`${id}h`}>
          {p.hint}
        </p>
      ) : null}
      {p.error ? (
        <p class="err" id={`${id}e`}>
          {p.error}
        </p>
      ) : null}
    </>
  );
}

function Password({
  ids,
  t,
  error,
  autoComplete,
  label,
  hint,
  value,
}: {
  ids: string;
  t: T;
  error?: string;
  autoComplete: string;
  label: string;
  hint?: string;
  value?: string;
}) {
  const [show, setShow] = useState(false);
  return (
    <>
      <Input
        ids={ids}
        name="password"
        label={label}
        error={error}
        hint={hint}
        type={show ? 'text' : 'password'}
        autoComplete={autoComplete}
        value={value}
        extra={{ required: true }}
      />
      <label class="check">
        <input type="checkbox" checked={show} onChange={() => setShow(!show)} /> {t('login.show')}
      </label>
    </>
  );
}

/** The panel's form for its step (sign in, sign up, code, forgot, reset) or its message (sent, pending). */
export function Step({ ui, model, t, ids }: { ui: LoginUi; model: LoginModel; t: T; ids: string }) {
  const e = ui.errors;
  const [, tick] = useState(0);
  useEffect(() => {
    if (ui.step !== 'verify') return;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [ui.step]);

  const submit = (fn: (f: Record<string, string>) => void) => (ev: Event) => {
    ev.preventDefault();
    fn(Object.fromEntries(new FormData(ev.currentTarget as HTMLFormElement)) as Record<string, string>);
  };
  const button = (label: string) => (
    <button type="submit" part="submit" class="primary wide" disabled={ui.busy} aria-busy={ui.busy}>
      {ui.busy ? t('login.working') : label}
    </button>
  );
  const link = (label: string, fn: () => void) => (
    <button type="button" class="link" onClick={fn} disabled={ui.busy}>
      {label}
    </button>
  );
  const email = (autoComplete: string) => (
    <Input
      ids={ids}
      name="email"
      label={t('login.email')}
      type="email"
      autoComplete={autoComplete}
      value={ui.email}
      error={e.email}
      extra={{ required: true, inputMode: 'email', spellcheck: false }}
    />
  );
  const err = (f: Field) => e[f];

  switch (ui.step) {
    case 'sign-in':
      return (
        <form part="form" onSubmit={submit((f) => model.signIn(f.email ?? '', f.password ?? ''))} noValidate>
          {email('username')}
          <Password
            ids={ids}
            t={t}
            label={t('login.password')}
            error={err('password')}
            autoComplete="current-password"
            value={model.kept()}
          />
          {button(t('login.submitIn'))}
          {link(t('login.toForgot'), () => model.go('forgot'))}
          {link(t('login.toUp'), () => model.go('sign-up'))}
        </form>
      );
    case 'sign-up':
      return (
        <form
          part="form"
          onSubmit={submit((f) => model.signUp(f.email ?? '', f.password ?? '', f.nickname ?? ''))}
          noValidate
        >
          {email('email')}
          <Password
            ids={ids}
            t={t}
            label={t('login.password')}
            hint={t('login.passwordHint')}
            error={err('password')}
            autoComplete="new-password"
            value={model.kept()}
          />
          <Input
            ids={ids}
            name="nickname"
            label={t('login.nickname')}
            hint={t('login.nicknameHint')}
            autoComplete="nickname"
          />
          {button(t('login.submitUp'))}
          {link(t('login.toIn'), () => model.go('sign-in'))}
        </form>
      );
    case 'verify': {
      const wait = Math.max(0, Math.ceil(((ui.resendAt ?? 0) - Date.now()) / 1000));
      return (
        <form part="form" onSubmit={submit((f) => model.verifyCode(f.code ?? ''))} noValidate>
          <p class="hint">
            <bdi>{t('login.codeSent', { email: ui.email })}</bdi>
          </p>
          <Input
            ids={ids}
            name="code"
            label={t('login.code')}
            autoComplete="one-time-code"
            error={err('code')}
            extra={{ inputMode: 'numeric', maxLength: 6, required: true, pattern: '[0-9]*', class: 'code' }}
          />
          {button(t('login.submitCode'))}
          <button type="button" class="link" disabled={ui.busy || wait > 0} onClick={() => model.resend()}>
            {wait > 0 ? <bdi>{t('login.resendIn', { s: wait })}</bdi> : t('login.resend')}
          </button>
          {link(t('login.back'), () => model.go('sign-in'))}
        </form>
      );
    }
    case 'forgot':
      return (
        <form part="form" onSubmit={submit((f) => model.forgot(f.email ?? ''))} noValidate>
          {email('username')}
          {button(t('login.submitForgot'))}
          {link(t('login.back'), () => model.go('sign-in'))}
        </form>
      );
    case 'reset':
      return (
        <form part="form" onSubmit={submit((f) => model.reset(f.password ?? ''))} noValidate>
          <Password
            ids={ids}
            t={t}
            label={t('login.newPassword')}
            hint={t('login.passwordHint')}
            error={err('password')}
            autoComplete="new-password"
          />
          {button(t('login.submitReset'))}
          {e.form ? link(t('login.toForgot'), () => model.go('forgot')) : null}
        </form>
      );
    case 'mfa':
    case 'fields': {
      // the part is there: the model loaded it before it moved to the step
      const P = challengePart.loaded();
      return P ? <P.Step ui={ui} model={model} ids={ids} /> : null;
    }
    default:
      return (
        <div class="form">
          <p>
            <bdi>{ui.step === 'sent' ? t('login.forgotSent', { email: ui.email }) : t('login.pending')}</bdi>
          </p>
          {link(t('login.back'), () => model.go('sign-in'))}
        </div>
      );
  }
}
