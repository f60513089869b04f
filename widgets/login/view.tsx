import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { WidgetProps } from '../../core/element.ts';
import { httpUrl } from '../../core/safe-url.ts';
import { $session } from '../../core/stores/session.ts';
import { toast } from '../../core/stores/toasts.ts';
import { createLoginModel, initials } from './model.ts';
import { Menu } from './menu.tsx';
import { Step, TITLES } from './steps.tsx';
import { Surface, useLeaving } from './surface.tsx';
import { strings } from './strings.ts';

export interface LoginProps {
  /**
   * `sign-in` or `sign-up`: the form the panel opens on.
   * @default sign-in
   */
  view?: string;
  /** Sign in on the platform's hosted login page instead of the inline form. */
  hosted?: boolean;
  /**
   * The site's own account page (with `<inlay-account>`): "My account" goes there instead of the platform's hosted
   * account page.
   */
  accountUrl?: string;
}

/**
 * `<inlay-login>`: a "Sign in" button opening a panel (sign in, sign up, email code, forgot and reset password), or,
 * signed in, the member's avatar and name with a menu (my account, sign out). Emits `inlay-login` / `inlay-logout`
 * when the session changes while the page is open (also when another tab signs in or out).
 */
export function LoginView({ view, hosted, accountUrl, emit, host, context }: LoginProps & WidgetProps) {
  const { i18n } = context;
  const t = i18n().strings(strings);
  const model = useMemo(() => createLoginModel(context), []);
  const ui = useStore(model.$ui);
  const session = useStore($session);
  const member = session.role === 'member' ? session.member : undefined;
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
    if (open)
      (panel.current?.querySelector('input') ?? panel.current?.querySelector<HTMLElement>('[data-focus]'))?.focus();
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
              accountUrl={httpUrl(accountUrl, location.href)}
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
            <Profile
              context={context}
              member={member}
              ids={ids}
              changePassword={model.changePassword}
              close={() => (setProfileOpen(false), trigger.current?.focus())}
            />
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
        onClick={() =>
          hosted ? model.hosted() : open ? model.close() : model.open(view === 'sign-up' ? 'sign-up' : 'sign-in')
        }
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
          {open && ui.notice ? (
            <p class="notice" role="status">
              {ui.notice}
            </p>
          ) : null}
          {open && ui.errors.form ? (
            <p class="err" role="alert">
              {ui.errors.form}
            </p>
          ) : null}
          {/* keyed: each step gets fresh fields (uncontrolled inputs must not carry a value into another field) */}
          <Step key={shown.current.step} ui={shown.current} model={model} t={t} ids={ids} />
        </div>
      ) : null}
    </div>
  );
}
