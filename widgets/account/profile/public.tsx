import { useState } from 'react';
import type { InlayContext } from '../../../core/context.ts';
import { setCommunity, updateNickname } from '../../../core/stores/member.ts';
import type { Member } from '../../../core/api/members.ts';

/** Strings of the profile's display name and community form, and of the header's profile panel. */
export const profileStrings = {
  'profile.title': 'Your profile',
  'profile.public': 'On the site',
  'profile.nickname': 'Name shown with your reviews',
  'profile.nicknameRequired': 'Enter a name (up to 100 characters).',
  'profile.community': 'Show my profile in the site’s community',
  'profile.communityHint': 'Other members can see your name and your public activity.',
  'profile.save': 'Save',
  'profile.saving': 'Saving…',
  'profile.saved': 'Profile saved.',
  'profile.close': 'Close',
  'profile.password': 'Password',
};

/**
 * The display name and joining or leaving the community. Both calls answer with the member, which replaces the
 * session's `member` (every widget sees the new name). What the person typed stays in the fields on failure.
 */
export function PublicForm({ context, member, ids }: { context: InlayContext; member: Member; ids: string }) {
  const { client, i18n } = context;
  const t = i18n().strings(profileStrings);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fieldError, setFieldError] = useState<string>();
  const [saved, setSaved] = useState(false);

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
    <form part="public-form" aria-labelledby={`${ids}pub`} onSubmit={(e) => void submit(e)} noValidate>
      <h3 id={`${ids}pub`}>{t('profile.public')}</h3>
      <div class="field">
        <label for={`${ids}nick`}>{t('profile.nickname')}</label>
        <input
          id={`${ids}nick`}
          name="nickname"
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
      </div>
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
      {/* never `disabled`: a focused button that becomes disabled drops focus to <body> */}
      <div class="row">
        <button type="submit" class="btn primary" aria-busy={busy || undefined}>
          {busy ? t('profile.saving') : t('profile.save')}
        </button>
      </div>
      {error ? (
        <p class="err" role="alert">
          {error}
        </p>
      ) : null}
      <p class="ok" role="status">
        {saved ? t('profile.saved') : ''}
      </p>
    </form>
  );
}
