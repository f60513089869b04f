import { useEffect, useRef, useState } from 'react';
import type { InlayContext } from '../../core/context.ts';
import { setCommunity, updateNickname } from '../../core/stores/member.ts';
import type { Member } from '../../core/api/members.ts';
import type { LoginModel } from './model.ts';
import { PasswordForm } from './password-form.tsx';

/** Strings of the profile panel (its own chunk, loaded from the member menu). */
export const profileStrings = {
  'profile.title': 'Your profile',
  'profile.nickname': 'Name shown with your reviews',
  'profile.nicknameRequired': 'Enter a name (up to 100 characters).',
  'profile.community': 'Show my profile in the site’s community',
  'profile.communityHint': 'Other members can see your name and your public activity.',
  'profile.save': 'Save',
  'profile.saving': 'Saving…',
  'profile.saved': 'Profile saved.',
  'profile.close': 'Close',
};

/**
 * Edit the nickname and join or leave the community. Both calls answer with the member, which replaces
 * the session's `member` (every widget sees the new name). What the person typed stays in the fields on failure.
 */
export function ProfilePanel({
  context,
  member,
  ids,
  close,
  changePassword,
}: {
  context: InlayContext;
  member: Member;
  ids: string;
  close: () => void;
  changePassword: LoginModel['changePassword'];
}) {
  const { client, i18n } = context;
  const t = i18n().strings(profileStrings);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fieldError, setFieldError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const title = useRef<HTMLParagraphElement>(null);
  useEffect(() => title.current?.focus(), []);

  const submit = async (e: Event) => {
    e.preventDefault();
    if (busy) return;
    const form = e.currentTarget as HTMLFormElement;
    const nickname = (form.elements.namedItem('nickname') as HTMLInputElement).value.trim();
    const join = (form.elements.namedItem('community') as HTMLInputElement).checked;
    setSaved(false);
    setError(undefined);
    if (!nickname || nickname.length > 100) {
      setFieldError(t('profile.nicknameRequired'));
      (form.elements.namedItem('nickname') as HTMLInputElement).focus();
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      if (nickname !== (member.profile?.nickname ?? '')) await updateNickname(client, member.id, nickname);
      if (join !== (member.privacyStatus === 'PUBLIC')) await setCommunity(client, join);
      setSaved(true);
    } catch (err) {
      setError(i18n().error(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      class="panel"
      part="panel profile"
      role="dialog"
      aria-labelledby={`${ids}pt`}
      onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), close())}
    >
      <div class="head">
        <p class="title" id={`${ids}pt`} ref={title} tabIndex={-1}>
          {t('profile.title')}
        </p>
        <button type="button" class="x" aria-label={t('profile.close')} onClick={close}>
          ×
        </button>
      </div>
      {saved ? (
        <p class="notice" role="status">
          {t('profile.saved')}
        </p>
      ) : null}
      {error ? (
        <p class="err" role="alert">
          {error}
        </p>
      ) : null}
      <form part="form" onSubmit={(e) => void submit(e)} noValidate>
        <label for={`${ids}nick`}>{t('profile.nickname')}</label>
        <input
          id={`${ids}nick`}
          name="nickname"
          part="input"
          autoComplete="nickname"
          maxLength={100}
          defaultValue={member.profile?.nickname ?? ''}
          aria-invalid={fieldError ? 'true' : undefined}
          aria-describedby={fieldError ? `${ids}nicke` : undefined}
        />
        {fieldError ? (
          <p class="err" id={`${ids}nicke`}>
            {fieldError}
          </p>
        ) : null}
        <label class="check">
          <input
            type="checkbox"
            name="community"
            defaultChecked={member.privacyStatus === 'PUBLIC'}
            aria-describedby={`${ids}ch`}
          />
          {t('profile.community')}
        </label>
        <p class="hint" id={`${ids}ch`}>
          {t('profile.communityHint')}
        </p>
        {/* never `disabled`: a focused button that becomes disabled drops focus to <body>, and Escape with it */}
        <button type="submit" part="submit" class="primary wide" aria-busy={busy} aria-disabled={busy || undefined}>
          {busy ? t('profile.saving') : t('profile.save')}
        </button>
      </form>
      {member.loginEmail ? (
        <PasswordForm i18n={i18n} email={member.loginEmail} ids={ids} change={changePassword} />
      ) : null}
    </div>
  );
}
