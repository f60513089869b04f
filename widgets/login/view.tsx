import { useEffect, useId, useRef, useState } from 'react';
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import type { WidgetProps } from '../../core/element.ts';
import { onDemand } from '../../core/on-demand.ts';
import { httpUrl } from '../../core/safe-url.ts';
import { sessionOf } from '../../core/stores/session.ts';
import { toastsOf } from '../../core/stores/toasts.ts';
import type { LoginModel, LoginUi } from './model.ts';
import { shellStrings } from './shell-strings.ts';
import { Surface, useLeaving } from './surface.tsx';

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

/** Two letters for the avatar: "Ada Lovelace" → "AL", "maya" → "M". */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

type Part = typeof import('./panel.tsx') & typeof import('./steps.tsx');
/**
 * The surfaces (panel.tsx: the sign-in panel, the member menu, their sheet) with the forms, model and platform calls
 * they use (steps.tsx, a chunk the account's inline sign-in shares): both chunks requested at once, one import per
 * page. A failed one is forgotten, so the next try imports again.
 */
const part = onDemand((): Promise<Part> =>
  Promise.all([import('./panel.tsx'), import('./steps.tsx')]).then(([surfaces, forms]) => ({ ...surfaces, ...forms })),
);
const loadPart = part.load;
/** On intent (pointer over or down, focus): the chunks are usually there before the click. */
const warm = part.warm;
/** What the view reads until the part has made its model: closed, idle. */
const idle = atom<LoginUi>({ step: 'closed', busy: false, email: '', errors: {} });
/** The emailed reset link's query parameter (model.ts `RESET_PARAM`): its form loads with the page. */
const RESET_PARAM = 'inlay-reset';

// What shows as the page loads is this file: the button, or the member's. The surfaces (sign-in panel, member menu),
// the model and its platform calls load on intent (`loadPart`) or when something needs them without a click (a reset
// link in the URL); the model is made once they are there. The session events follow the session, so they stay here.

/**
 * `<inlay-login>`: a "Sign in" button opening a panel (sign in, sign up, email code, forgot and reset password), or,
 * signed in, the member's avatar and name with a menu (my account, sign out). Emits `inlay-login` / `inlay-logout`
 * when the session changes while the page is open (also when another tab signs in or out).
 */
export function LoginView({ view, hosted, accountUrl, emit, host, context }: LoginProps & WidgetProps) {
  const { i18n } = context;
  const { toast } = toastsOf(context.client);
  const t = i18n().strings(shellStrings);
  const [loaded, setLoaded] = useState<{ model: LoginModel; views: Part }>();
  const made = useRef(loaded);
  // a click waits for the chunk: the button says busy (and stays focusable)
  const [waiting, setWaiting] = useState(false);
  const model = loaded?.model;
  const ui = useStore(model?.$ui ?? idle);
  const session = useStore(sessionOf(context.client));
  const member = session.role === 'member' ? session.member : undefined;
  const [menu, setMenu] = useState(false);
  // the profile panel is the account's profile (its own chunk), loaded when the member opens it
  const [Profile, setProfile] = useState<typeof import('../account/profile/panel.tsx').ProfilePanel>();
  const [profileOpen, setProfileOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const prevRole = useRef(session.role);
  const announce = useRef(false);
  const ids = useId();
  const open = ui.step !== 'closed';
  // Closing: the panel stays a moment, inert and hidden from screen readers, with what it last showed, while it moves
  // out (not under reduced motion; at once when the menu or the profile takes its place).
  const leaving = useLeaving(open);
  const menuLeaving = useLeaving(menu);
  const profileLeaving = useLeaving(profileOpen);

  /**
   * Runs `act` with the model: at once when the part is there, else once it has loaded (meanwhile the button is busy).
   * A failed load is told by the toaster, and nothing else changes.
   */
  const withModel = (act: (m: LoginModel) => unknown) => {
    if (made.current) return void act(made.current.model);
    setWaiting(true);
    loadPart().then(
      (p) => {
        // the surfaces' sheet, before any of them renders (the profile panel's too)
        made.current ??= (p.adoptPanelCss(trigger.current), { model: p.createLoginModel(context), views: p });
        setLoaded(made.current);
        setWaiting(false);
        act(made.current.model);
      },
      (e: unknown) => (setWaiting(false), toast.error(i18n().error(e))),
    );
  };

  // the emailed reset link came back to this page: its form opens
  useEffect(
    () => void (new URLSearchParams(location.search).has(RESET_PARAM) && withModel((m) => m.takeResetToken())),
    [],
  );

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

  // Focus back to the button when the panel closes (the panel gives it to its fields).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!open && wasOpen.current) trigger.current?.focus();
    wasOpen.current = open;
  }, [open]);
  // without the panel (menu actions, hosted sign-in) a failure is told by the page's toaster
  useEffect(() => void (!open && ui.errors.form && toast.error(ui.errors.form)), [ui.errors]);

  // A click outside closes the panel, the profile or the menu.
  useEffect(() => {
    if (!open && !menu && !profileOpen) return;
    const onDown = (e: Event) => {
      if (e.composedPath().includes(host)) return;
      setMenu(false);
      setProfileOpen(false);
      model?.close();
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open, menu, profileOpen, host, model]);

  if (session.role === 'member') {
    const name = member?.profile?.nickname || member?.loginEmail || '';
    const photo = httpUrl(member?.profile?.photo?.url);
    // one surface at a time: the menu replaces an open profile panel
    const showMenu = (show: boolean) => withModel(() => (setProfileOpen(false), setMenu(show)));
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
          aria-busy={!member || ui.busy || waiting}
          onPointerEnter={warm}
          onPointerDown={warm}
          onFocus={warm}
          onClick={() => showMenu(!menu)}
          onKeyDown={(e) => e.key === 'ArrowDown' && (e.preventDefault(), showMenu(true))}
        >
          {/* initials as generated content: not part of the button's visible text, which is the name */}
          <span class="avatar" part="avatar" aria-hidden="true" data-i={photo ? undefined : initials(name)}>
            {photo ? <img src={photo} alt="" width={32} height={32} /> : null}
          </span>
          <span class="name" dir="auto">
            {name}
          </span>
        </button>
        {loaded && (menu || (menuLeaving && !profileOpen)) ? (
          <Surface open={menu}>
            <loaded.views.Menu
              id={`${ids}m`}
              model={loaded.model}
              i18n={i18n}
              member={member}
              accountUrl={httpUrl(accountUrl, location.href)}
              close={() => (setMenu(false), trigger.current?.focus())}
              profile={() => {
                setMenu(false);
                import('../account/profile/panel.tsx').then(
                  (m) => (setProfile(() => m.ProfilePanel), setProfileOpen(true)),
                  (e: unknown) => toast.error(i18n().error(e)),
                );
              }}
            />
          </Surface>
        ) : null}
        {(profileOpen || (profileLeaving && !menu)) && Profile && member && model ? (
          <Surface open={profileOpen}>
            <Profile
              context={context}
              ids={ids}
              emit={emit}
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
        aria-busy={waiting || undefined}
        disabled={hosted && ui.busy}
        onPointerEnter={warm}
        onPointerDown={warm}
        onFocus={warm}
        onClick={() =>
          waiting ||
          (open
            ? model?.close()
            : withModel((m) => (hosted ? m.hosted() : m.open(view === 'sign-up' ? 'sign-up' : 'sign-in'))))
        }
      >
        {t('login.open')}
      </button>
      {loaded && (open || (leaving && !menu && !profileOpen)) ? (
        <loaded.views.Panel model={loaded.model} ui={ui} open={open} ids={ids} i18n={i18n} />
      ) : null}
    </div>
  );
}
