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
  // open on the sign-in form from the first render: nothing changes, and nothing takes focus, as the page loads
  const model = useMemo(() => {
    const m = createLoginModel(context);
    m.open('sign-in');
    return m;
  }, []);
  const ui = useStore(model.$ui);
  const box = useRef<HTMLDivElement>(null);
  const shown = useRef(ui.step);
  useEffect(() => {
    if (ui.step === 'closed') return void model.open('sign-in');
    // focus follows the person's moves through the flow (another step), never the page's load
    // (its first field to type in, not a checkbox: a passkey's step has none, so its title)
    if (shown.current !== ui.step)
      (
        box.current?.querySelector<HTMLElement>('input:not([type=checkbox]),select') ??
        box.current?.querySelector<HTMLElement>('[data-focus]')
      )?.focus();
    shown.current = ui.step;
  }, [ui.step]);
  useEffect(() => {
    // a refused step: the field that says why (only after a send, which is the person's own move)
    box.current?.querySelector<HTMLElement>('[aria-invalid=true]')?.focus();
  }, [ui.errors]);
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
