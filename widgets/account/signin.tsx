import { useEffect, useMemo, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { createLoginModel } from '../login/model.ts';
import { Step, TITLES } from '../login/steps.tsx';
import { strings as loginStrings } from '../login/strings.ts';
import { Section, type SectionProps } from './section.tsx';

export const signInStrings = {
  'acct.signInTitle': 'Sign in to see your account',
  'acct.signInHint': 'Your orders, addresses and profile are here once you sign in.',
};

/**
 * A visitor's account: the sign-in form inline, the same flow as `<inlay-login>` (sign in, sign up, email code,
 * forgot password); once signed in, the account's sections replace it.
 */
export function SignInSection({ context, ids }: SectionProps) {
  const i18n = context.i18n();
  const t = i18n.strings(signInStrings);
  const lt = i18n.strings(loginStrings);
  const model = useMemo(() => createLoginModel(context), []);
  const ui = useStore(model.$ui);
  const box = useRef<HTMLDivElement>(null);
  const started = useRef(false);
  useEffect(() => {
    if (ui.step === 'closed') model.open('sign-in');
  }, [ui.step]);
  useEffect(() => {
    // focus follows the flow's steps, not the page's first render
    if (started.current) box.current?.querySelector<HTMLElement>('[aria-invalid=true], input')?.focus();
    started.current = true;
  }, [ui.step, ui.errors]);
  const step = ui.step === 'closed' ? { ...ui, step: 'sign-in' as const } : ui;
  return (
    <Section class="signin">
      <div ref={box} part="sign-in" class="stack">
        <p class="big">{t('acct.signInTitle')}</p>
        <p class="muted">{t('acct.signInHint')}</p>
        {step.step === 'sign-in' ? null : <p class="strong">{lt(TITLES[step.step])}</p>}
        {ui.notice ? (
          <p class="ok" role="status">
            {ui.notice}
          </p>
        ) : null}
        {ui.errors.form ? (
          <p class="err" role="alert">
            {ui.errors.form}
          </p>
        ) : null}
        <Step key={step.step} ui={step} model={model} t={lt} ids={`${ids}s`} />
      </div>
    </Section>
  );
}
