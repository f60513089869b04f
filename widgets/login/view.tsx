import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { WidgetProps } from '../../core/element.ts';
import { httpUrl } from '../../core/safe-url.ts';
import type { Member } from '../../core/api/members.ts';
import { $session } from '../../core/stores/session.ts';
import { toast } from '../../core/stores/toasts.ts';
import { createLoginModel, type Field, type LoginModel, type LoginUi } from './model.ts';
import { strings } from './strings.ts';

export interface LoginProps {
  /**
   * `sign-in` or `sign-up`: the form the panel opens on.
   * @default sign-in
   */
  view?: string;
  /** Sign in on the platform's hosted login page instead of the inline form. */
  hosted?: boolean;
}

type T = (key: keyof typeof strings, params?: Record<string, string | number>) => string;

/** Two letters for the avatar: "Ada Lovelace" → "AL", "maya" → "M". */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/**
 * `<inlay-login>`: a "Sign in" button opening a panel (sign in, sign up, email code, forgot and reset password), or,
 * signed in, the member's avatar and name with a menu (my account, sign out). Emits `inlay-login` / `inlay-logout`
 * when the session changes while the page is open (also when another tab signs in or out).
 */
export function LoginView({ view, hosted, emit, host, context }: LoginProps & WidgetProps) {
  const { i18n } = context;
  const t = i18n().strings(strings);
  const model = useMemo(() => createLoginModel(context), []);
  const ui = useStore(model.$ui);
  const session = useStore($session);
  const member = session.role === 'member' ? (session.member as Member | undefined) : undefined;
  const [menu, setMenu] = useState(false);
  // the profile panel is its own chunk, loaded when the member opens it
  const [Profile, setProfile] = useState<typeof import('./profile.tsx').ProfilePanel>();
  const [profileOpen, setProfileOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const prevRole = useRef(session.role);
  const announce = useRef(false);
  const ids = useId();
  const open = ui.step !== 'closed';
  // Closing: the panel stays a moment, inert and hidden from screen readers, with what it last showed, while it moves
  // out (not under reduced motion; at once when the menu or the profile takes its place).
  const shown = useRef(ui);
  if (open) shown.current = ui;
  const leaving = useLeaving(open);
  const menuLeaving = useLeaving(menu);
  const profileLeaving = useLeaving(profileOpen);

  useEffect(() => void model.takeResetToken(), [model]);

  // Events on session changes seen by this page (not for the session it started with).
  useEffect(() => {
    if (prevRole.current !== session.role) {
      if (session.role === 'member') announce.current = true;
      else if (prevRole.current === 'member') {
        setMenu(false);
        setProfileOpen(false);
        emit('inlay-logout', {});
      }
      prevRole.current = session.role;
    }
    if (announce.current && member) {
      announce.current = false;
      emit('inlay-login', { member });
    }
  }, [session.role, member, emit]);

  // Focus: the new step's first field (or its title); back to the button when the panel closes.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) (panel.current?.querySelector('input') ?? panel.current?.querySelector<HTMLElement>('[data-focus]'))?.focus();
    else if (wasOpen.current) trigger.current?.focus();
    wasOpen.current = open;
  }, [ui.step, open]);
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('[aria-invalid=true]')?.focus();
    // without the panel (menu actions, hosted sign-in) a failure is told by the page's toaster
    if (!open && ui.errors.form) toast.error(ui.errors.form);
  }, [ui.errors]);

  // A click outside closes the panel, the profile or the menu.
  useEffect(() => {
    if (!open && !menu && !profileOpen) return;
    const onDown = (e: Event) => {
      if (e.composedPath().includes(host)) return;
      setMenu(false);
      setProfileOpen(false);
      model.close();
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open, menu, profileOpen, host, model]);

  if (session.role === 'member') {
    const name = member?.profile?.nickname || member?.loginEmail || '';
    const photo = httpUrl(member?.profile?.photo?.url);
    return (
      <div class="root" part="root">
        <button
          ref={trigger}
          type="button"
          part="button member"
          class="member"
          aria-haspopup="menu"
          aria-expanded={menu}
          aria-controls={`${ids}m`}
          aria-label={t('login.menu', { name })}
          aria-busy={!member || ui.busy}
          // one surface at a time: the menu replaces an open profile panel
          onClick={() => (setProfileOpen(false), setMenu(!menu))}
          onKeyDown={(e) => e.key === 'ArrowDown' && (e.preventDefault(), setProfileOpen(false), setMenu(true))}
        >
          {/* initials as generated content: not part of the button's visible text, which is the name */}
          <span class="avatar" part="avatar" aria-hidden="true" data-i={photo ? undefined : initials(name)}>
            {photo ? <img src={photo} alt="" width={32} height={32} /> : null}
          </span>
          <span class="name">{name}</span>
        </button>
        {menu || (menuLeaving && !profileOpen) ? (
          <Surface open={menu}>
            <Menu
              id={`${ids}m`}
              model={model}
              t={t}
              member={member}
              close={() => (setMenu(false), trigger.current?.focus())}
              profile={() => {
                setMenu(false);
                import('./profile.tsx').then(
                  (m) => (setProfile(() => m.ProfilePanel), setProfileOpen(true)),
                  (e: unknown) => toast.error(i18n().error(e)),
                );
              }}
            />
          </Surface>
        ) : null}
        {(profileOpen || (profileLeaving && !menu)) && Profile && member ? (
          <Surface open={profileOpen}>
            <Profile context={context} member={member} ids={ids} changePassword={model.changePassword} close={() => (setProfileOpen(false), trigger.current?.focus())} />
          </Surface>
        ) : null}
      </div>
    );
  }

  return (
    <div class="root" part="root">
      <button
        ref={trigger}
        type="button"
        part="button"
        class="primary"
        aria-expanded={hosted ? undefined : open}
        aria-controls={hosted ? undefined : `${ids}p`}
        disabled={hosted && ui.busy}
        onClick={() => (hosted ? model.hosted() : open ? model.close() : model.open(view === 'sign-up' ? 'sign-up' : 'sign-in'))}
      >
        {t('login.open')}
      </button>
      {open || (leaving && !menu && !profileOpen) ? (
        <div
          ref={panel}
          id={`${ids}p`}
          class={open ? 'panel' : 'panel out'}
          part="panel"
          role="dialog"
          aria-labelledby={`${ids}t`}
          aria-hidden={open ? undefined : 'true'}
          inert={!open}
          onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), model.close())}
        >
          <div class="head">
            <p class="title" id={`${ids}t`} tabIndex={-1} data-focus="">
              {t(TITLES[shown.current.step])}
            </p>
            <button type="button" class="x" aria-label={t('login.close')} onClick={() => model.close()}>
              ×
            </button>
          </div>
          {open && ui.notice ? <p class="notice" role="status">{ui.notice}</p> : null}
          {open && ui.errors.form ? <p class="err" role="alert">{ui.errors.form}</p> : null}
          {/* keyed: each step gets fresh fields (uncontrolled inputs must not carry a value into another field) */}
          <Step key={shown.current.step} ui={shown.current} model={model} t={t} ids={ids} />
        </div>
      ) : null}
    </div>
  );
}

/** True while a surface that just closed moves out: decided while rendering the close, so its element stays and its
 * transition runs; 200 ms, never under reduced motion. */
function useLeaving(open: boolean): boolean {
  const leaving = useRef(false);
  const was = useRef(open);
  if (was.current !== open) {
    leaving.current = !open && !matchMedia('(prefers-reduced-motion: reduce)').matches;
    was.current = open;
  }
  const [, gone] = useState(0);
  useEffect(() => {
    if (!leaving.current) return;
    const t = setTimeout(() => ((leaving.current = false), gone((n) => n + 1)), 200);
    return () => clearTimeout(t);
  }, [open]);
  return leaving.current;
}

/** The member menu's and the profile's box (no layout of its own): while leaving, inert and hidden, its panel moves out. */
function Surface({ open, children }: { open: boolean; children: ReactNode }) {
  return (
    <div class="surface" data-out={open ? undefined : ''} inert={!open} aria-hidden={open ? undefined : 'true'}>
      {children}
    </div>
  );
}

const TITLES = {
  closed: 'login.signInTitle',
  'sign-in': 'login.signInTitle',
  'sign-up': 'login.signUpTitle',
  verify: 'login.verifyTitle',
  forgot: 'login.forgotTitle',
  sent: 'login.forgotTitle',
  reset: 'login.resetTitle',
  pending: 'login.pendingTitle',
} as const;

function Menu({ id, model, t, member, close, profile }: { id: string; model: LoginModel; t: T; member?: Member; close: () => void; profile: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const items = () => [...(ref.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])];
  useEffect(() => items()[0]?.focus(), []);
  const onKey = (e: KeyboardEvent) => {
    const list = items();
    const i = list.indexOf((ref.current?.getRootNode() as ShadowRoot).activeElement as HTMLElement);
    const to = e.key === 'ArrowDown' ? i + 1 : e.key === 'ArrowUp' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? -1 : null;
    if (e.key === 'Escape' || e.key === 'Tab') {
      if (e.key === 'Escape') e.preventDefault();
      close();
    } else if (to !== null) {
      e.preventDefault();
      list.at(to % list.length)?.focus();
    }
  };
  return (
    <div class="panel menu" part="menu" ref={ref} onKeyDown={onKey}>
      {member?.loginEmail ? <p class="who">{member.loginEmail}</p> : null}
      <div role="menu" id={id} aria-label={t('login.account')}>
        <button type="button" role="menuitem" tabIndex={-1} part="menuitem" disabled={!member} onClick={profile}>
          {t('login.profile')}
        </button>
        <button type="button" role="menuitem" tabIndex={-1} part="menuitem" onClick={() => model.account()}>
          {t('login.account')}
        </button>
        <button type="button" role="menuitem" tabIndex={-1} part="menuitem" onClick={() => model.signOut()}>
          {t('login.signOut')}
        </button>
      </div>
    </div>
  );
}

/** A labelled input with its inline error and hint. */
function Input(p: { ids: string; name: string; label: string; error?: string; hint?: string; type?: string; autoComplete: string; value?: string; extra?: Record<string, unknown> }) {
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

function Password({ ids, t, error, autoComplete, label, hint }: { ids: string; t: T; error?: string; autoComplete: string; label: string; hint?: string }) {
  const [show, setShow] = useState(false);
  return (
    <>
      <Input ids={ids} name="password" label={label} error={error} hint={hint} type={show ? 'text' : 'password'} autoComplete={autoComplete} extra={{ required: true }} />
      <label class="check">
        <input type="checkbox" checked={show} onChange={() => setShow(!show)} /> {t('login.show')}
      </label>
    </>
  );
}

function Step({ ui, model, t, ids }: { ui: LoginUi; model: LoginModel; t: T; ids: string }) {
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
    <Input ids={ids} name="email" label={t('login.email')} type="email" autoComplete={autoComplete} value={ui.email} error={e.email} extra={{ required: true, inputMode: 'email', spellcheck: false }} />
  );
  const err = (f: Field) => e[f];

  switch (ui.step) {
    case 'sign-in':
      return (
        <form part="form" onSubmit={submit((f) => model.signIn(f.email ?? '', f.password ?? ''))} noValidate>
          {email('username')}
          <Password ids={ids} t={t} label={t('login.password')} error={err('password')} autoComplete="current-password" />
          {button(t('login.submitIn'))}
          {link(t('login.toForgot'), () => model.go('forgot'))}
          {link(t('login.toUp'), () => model.go('sign-up'))}
        </form>
      );
    case 'sign-up':
      return (
        <form part="form" onSubmit={submit((f) => model.signUp(f.email ?? '', f.password ?? '', f.nickname ?? ''))} noValidate>
          {email('email')}
          <Password ids={ids} t={t} label={t('login.password')} hint={t('login.passwordHint')} error={err('password')} autoComplete="new-password" />
          <Input ids={ids} name="nickname" label={t('login.nickname')} hint={t('login.nicknameHint')} autoComplete="nickname" />
          {button(t('login.submitUp'))}
          {link(t('login.toIn'), () => model.go('sign-in'))}
        </form>
      );
    case 'verify': {
      const wait = Math.max(0, Math.ceil(((ui.resendAt ?? 0) - Date.now()) / 1000));
      return (
        <form part="form" onSubmit={submit((f) => model.verifyCode(f.code ?? ''))} noValidate>
          <p class="hint">{t('login.codeSent', { email: ui.email })}</p>
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
            {wait > 0 ? t('login.resendIn', { s: wait }) : t('login.resend')}
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
          <Password ids={ids} t={t} label={t('login.newPassword')} hint={t('login.passwordHint')} error={err('password')} autoComplete="new-password" />
          {button(t('login.submitReset'))}
          {e.form ? link(t('login.toForgot'), () => model.go('forgot')) : null}
        </form>
      );
    default:
      return (
        <div class="form">
          <p>{ui.step === 'sent' ? t('login.forgotSent', { email: ui.email }) : t('login.pending')}</p>
          {link(t('login.back'), () => model.go('sign-in'))}
        </div>
      );
  }
}
