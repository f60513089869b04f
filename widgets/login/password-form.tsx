import { useEffect, useRef, useState } from 'react';
import type { InlayContext } from '../../core/context.ts';
import type { checkedPasswordChange, PasswordProblem } from './password-change.ts';

/** Strings of the change-password form (in the profile panel's chunk). */
export const passwordStrings = {
  'pw.open': 'Change password',
  'pw.current': 'Current password',
  'pw.next': 'New password',
  'pw.hint': 'At least 8 characters. You’ll stay signed in here; other devices are signed out.',
  'pw.save': 'Change password',
  'pw.saving': 'Changing…',
  'pw.done': 'Password changed. Other devices were signed out.',
  'pw.wrong': 'That isn’t your current password.',
  'pw.required': 'Enter your current password.',
  'pw.short': 'Use at least 8 characters.',
  'pw.same': 'Choose a password different from the current one.',
  'pw.locked': 'Too many attempts. Try again later.',
};

/**
 * Change the member's password: the current one is checked first (the platform's call takes only the new one), so
 * someone at a session left open on a shared computer cannot use this form to take the account over. What was typed
 * stays on failure.
 */
export function PasswordForm({
  i18n,
  email,
  ids,
  change,
}: {
  i18n: InlayContext['i18n'];
  email: string;
  ids: string;
  change: ReturnType<typeof checkedPasswordChange>;
}) {
  const t = i18n().strings(passwordStrings);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<PasswordProblem>({});
  const form = useRef<HTMLFormElement>(null);
  // the link that opened the form is gone: focus goes on to its first field, not to <body>
  useEffect(
    () => void (open && (form.current?.elements.namedItem('current') as HTMLInputElement | null)?.focus()),
    [open],
  );

  if (!open)
    return (
      <button type="button" class="link" aria-expanded="false" onClick={() => setOpen(true)}>
        {t('pw.open')}
      </button>
    );

  const submit = async (e: Event) => {
    e.preventDefault();
    if (busy) return;
    const el = form.current!.elements;
    const current = (el.namedItem('current') as HTMLInputElement).value;
    const next = (el.namedItem('next') as HTMLInputElement).value;
    setFields({});
    setError(undefined);
    setDone(false);
    setBusy(true);
    try {
      const problem = await change(email, current, next);
      if (!problem) {
        form.current!.reset();
        setDone(true);
      } else {
        setFields(problem);
        if (problem.form) setError(t(problem.form));
        else (el.namedItem(problem.current ? 'current' : 'next') as HTMLInputElement).focus();
      }
    } catch (err) {
      setError(i18n().error(err));
    } finally {
      setBusy(false);
    }
  };

  const input = (name: 'current' | 'next', auto: string) => (
    <>
      <label for={ids + name}>{t(name === 'current' ? 'pw.current' : 'pw.next')}</label>
      <input
        id={ids + name}
        name={name}
        type="password"
        part="input"
        autoComplete={auto}
        maxLength={100}
        aria-invalid={fields[name] ? 'true' : undefined}
        aria-describedby={fields[name] ? `${ids}${name}e` : name === 'next' ? `${ids}pwh` : undefined}
      />
      {fields[name] ? (
        <p class="err" id={`${ids}${name}e`}>
          {t(fields[name])}
        </p>
      ) : null}
    </>
  );

  return (
    <form
      ref={form}
      class="pw"
      part="form password"
      aria-labelledby={`${ids}pwt`}
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <p class="sub" id={`${ids}pwt`}>
        {t('pw.open')}
      </p>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      {input('current', 'current-password')}
      {input('next', 'new-password')}
      <p class="hint" id={`${ids}pwh`}>
        {t('pw.hint')}
      </p>
      {done ? (
        <p class="notice" role="status">
          {t('pw.done')}
        </p>
      ) : null}
      {error ? (
        <p class="err" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" class="btn primary" aria-busy={busy} aria-disabled={busy || undefined}>
        {busy ? t('pw.saving') : t('pw.save')}
      </button>
    </form>
  );
}
