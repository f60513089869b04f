import { useEffect, useRef } from 'react';
import type { InlayContext } from '../../core/context.ts';
import type { Member } from '../../core/api/members.ts';
import type { LoginModel } from './model.ts';
import { strings } from './strings.ts';

/** The signed-in member's menu (edit profile, my account or sign-in security, sign out): arrow keys, Home/End, Escape and Tab close it. */
export function Menu({
  id,
  model,
  i18n,
  member,
  close,
  profile,
  accountUrl,
}: {
  id: string;
  model: LoginModel;
  i18n: InlayContext['i18n'];
  member?: Member;
  close: () => void;
  profile: () => void;
  /** The site's account page, when it has one. */
  accountUrl?: string;
}) {
  const t = i18n().strings(strings);
  const ref = useRef<HTMLDivElement>(null);
  const items = () => [...(ref.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])];
  useEffect(() => items()[0]?.focus(), []);
  const onKey = (e: KeyboardEvent) => {
    const list = items();
    const i = list.indexOf((ref.current?.getRootNode() as ShadowRoot).activeElement as HTMLElement);
    const to =
      e.key === 'ArrowDown' ? i + 1 : e.key === 'ArrowUp' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? -1 : null;
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
      {member?.loginEmail ? (
        <p class="who">
          <bdi>{member.loginEmail}</bdi>
        </p>
      ) : null}
      <div role="menu" id={id} aria-label={t('login.account')}>
        <button type="button" role="menuitem" tabIndex={-1} part="menuitem" disabled={!member} onClick={profile}>
          {t('login.profile')}
        </button>
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          part="menuitem"
          onClick={() => (accountUrl ? location.assign(accountUrl) : model.account())}
        >
          {/* the site's account page adds the orders; without one, the platform's hosted page adds only the second
              factors (everything else is in "Edit profile"), so it is named for them */}
          {t(accountUrl ? 'login.account' : 'login.security')}
        </button>
        <button type="button" role="menuitem" tabIndex={-1} part="menuitem" onClick={() => model.signOut()}>
          {t('login.signOut')}
        </button>
      </div>
    </div>
  );
}
