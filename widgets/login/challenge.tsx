import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { adoptSheet } from '../../core/element.ts';
import type { LoginModel, LoginUi } from './model.ts';

// The second-factor and required-fields steps: one chunk with their flows and strings, imported by the login model
// only when the platform asks for one of them (model.ts `challengePart`).
export { createChallenge, type Challenge } from './challenge-model.ts';

const css = `.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
select{width:100%;min-height:44px;padding:8px 12px;border:1px solid var(--_border);border-radius:calc(var(--_radius) - 2px);
background:var(--_bg);color:inherit;font:inherit}select[aria-invalid=true]{border-color:var(--_danger)}
fieldset,.fld{display:flex;flex-direction:column;gap:6px}fieldset{border:0;padding:0;margin:6px 0 0;gap:2px}legend{font-weight:600;font-size:14.4px}`;

interface Props {
  ui: LoginUi;
  model: LoginModel;
  ids: string;
}

const form = (ev: Event) => {
  ev.preventDefault();
  return Object.fromEntries(new FormData(ev.currentTarget as HTMLFormElement)) as Record<string, string>;
};

/** The error under a field, and the field's `aria-*` naming it. */
const invalid = (id: string, error?: string) => ({
  'aria-invalid': error ? ('true' as const) : undefined,
  'aria-describedby': error ? `${id}e` : `${id}h`,
});
const Err = ({ id, error }: { id: string; error?: string }) =>
  error ? (
    <p class="err" id={`${id}e`}>
      {error}
    </p>
  ) : null;

/**
 * A second factor, asked inline: the code from an authenticator app or one sent by email or text (with "Send again"
 * after a countdown, announced when it starts and when it ends, not every second), or a passkey; the member's other
 * factors; "Remember this device"; back to the filled sign-in form.
 */
export function Mfa({ ui, model, ids }: Props) {
  const c = model.challenge()!;
  const { t } = c;
  const s = useStore(c.$c);
  const box = useRef<HTMLFormElement>(null);
  const [, tick] = useState(0);
  const wait = Math.max(0, Math.ceil(((s.resendAt ?? 0) - Date.now()) / 1000));
  // the countdown as it started: the live region's words change twice, not every second
  const said = useMemo(() => wait, [s.resendAt]);
  useEffect(() => {
    if (!wait) return;
    const timer = setTimeout(() => tick((n) => n + 1), 1000);
    return () => clearTimeout(timer);
  });
  useLayoutEffect(() => adoptSheet(box.current, css), []);
  // another factor: focus goes to its field, or to the step's title (a passkey has none to type in)
  const first = useRef(true);
  useEffect(() => {
    if (first.current) return void (first.current = false);
    const f = box.current;
    (
      f?.querySelector<HTMLElement>('input[name=code]') ?? f?.parentElement?.querySelector<HTMLElement>('[data-focus]')
    )?.focus();
  }, [s.factor]);

  const id = `${ids}mfa`;
  const factor = s.factor;
  const code = c.isCode(factor);
  const busy = ui.busy;
  const submit = (ev: Event) => {
    const f = form(ev);
    if (code) void c.code(f.code ?? '', f.remember === 'on');
    else void c.passkey(f.remember === 'on');
  };
  return (
    <form ref={box} part="form mfa" onSubmit={submit} noValidate>
      <p class="hint">{t(s.reason === 'HIGH_RISK_LOGIN' ? 'mfa.risk' : 'mfa.intro')}</p>
      {!factor ? (
        <p class="err">{t('mfa.err.none')}</p>
      ) : code ? (
        <>
          <label for={id}>{t(`mfa.${factor}` as 'mfa.TOTP')}</label>
          <input
            key={factor}
            id={id}
            name="code"
            part="input"
            class="code"
            autoComplete="one-time-code"
            inputMode={factor === 'RECOVERY_CODE' ? 'text' : 'numeric'}
            maxLength={factor === 'RECOVERY_CODE' ? 100 : 10}
            spellcheck={false}
            required
            {...invalid(id, ui.errors.code)}
          />
          <p class="hint" id={`${id}h`}>
            {t(`mfa.${factor}.hint` as 'mfa.TOTP.hint')} {s.hint ? <bdi>{t('mfa.sentTo', { to: s.hint })}</bdi> : null}
          </p>
          <Err id={id} error={ui.errors.code} />
        </>
      ) : (
        <>
          <p class="sub">{t('mfa.WEBAUTHN')}</p>
          <p class="hint">{t('mfa.WEBAUTHN.hint')}</p>
        </>
      )}
      {factor ? (
        <>
          <label class="check">
            <input type="checkbox" name="remember" aria-describedby={`${id}r`} /> {t('mfa.remember')}
          </label>
          <p class="hint" id={`${id}r`}>
            {t('mfa.rememberHint')}
          </p>
          <button type="submit" part="submit" class="primary wide" disabled={busy} aria-busy={busy}>
            {t(code ? 'mfa.verify' : 'mfa.usePasskey')}
          </button>
        </>
      ) : null}
      {c.isSent(factor) ? (
        <>
          <button type="button" class="link" disabled={busy || wait > 0} onClick={() => void c.resend()}>
            {t('mfa.resend')}
            {wait > 0 ? <bdi aria-hidden="true"> {t('mfa.resendIn', { s: wait })}</bdi> : null}
          </button>
          <p class="sr" role="status">
            {wait > 0 ? t('mfa.waitSaid', { s: said }) : t('mfa.canResend')}
          </p>
        </>
      ) : null}
      {s.factors.length > 1 ? (
        <fieldset>
          <legend>{t('mfa.other')}</legend>
          {s.factors
            .filter((f) => f !== factor)
            .map((f) => (
              <button key={f} type="button" class="link" disabled={busy} onClick={() => void c.use(f)}>
                {t(`mfa.${f}` as 'mfa.TOTP')}
              </button>
            ))}
        </fieldset>
      ) : null}
      <button type="button" class="link" disabled={busy} onClick={() => model.back()}>
        {t('mfa.back')}
      </button>
    </form>
  );
}

/** The step the platform asked for: a second factor, or the required fields. */
export const Step = (p: Props) => (p.ui.step === 'fields' ? <Fields {...p} /> : <Mfa {...p} />);

/** The site's required sign-up fields the platform named: text, number, date or a choice, each checked as it checks. */
export function Fields({ ui, model, ids }: Props) {
  const c = model.challenge()!;
  const { t } = c;
  const s = useStore(c.$c);
  const box = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => adoptSheet(box.current, css), []);
  return (
    <form ref={box} part="form fields" onSubmit={(ev) => void c.fields(form(ev))} noValidate>
      <p class="hint">{t('fld.intro')}</p>
      {s.fields.map((f) => {
        const id = `${ids}f${f.name}`;
        const error = ui.errors[`f.${f.name}`];
        const common = { id, name: f.name, required: true, 'aria-required': 'true' as const };
        return (
          <div key={f.name} class="fld">
            <label for={id}>{f.label}</label>
            {f.type === 'CHOICE' ? (
              <select part="input" {...common} {...invalid(id, error)} aria-describedby={error ? `${id}e` : undefined}>
                <option value="">{t('fld.choose')}</option>
                {f.options?.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            ) : (
              <input
                part="input"
                {...common}
                type={f.type === 'DATE' ? 'date' : 'text'}
                inputMode={f.type === 'NUMBER' ? 'decimal' : undefined}
                maxLength={f.type === 'TEXT' ? 1000 : undefined}
                {...invalid(id, error)}
                aria-describedby={error ? `${id}e` : undefined}
              />
            )}
            <Err id={id} error={error} />
          </div>
        );
      })}
      <button type="submit" part="submit" class="primary wide" disabled={ui.busy} aria-busy={ui.busy}>
        {t('fld.continue')}
      </button>
      <button type="button" class="link" disabled={ui.busy} onClick={() => model.back()}>
        {t('mfa.back')}
      </button>
    </form>
  );
}
