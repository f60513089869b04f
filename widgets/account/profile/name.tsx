import { useStore } from '@nanostores/react';
import { formFields, Input, Status, type MemberFormProps } from '../member/fields.tsx';
import type { ProfileModel } from './model.ts';

/** The member's first and last name (and the login email, read only). */
export function NameForm({ model, ids, member, t }: MemberFormProps & { model: ProfileModel }) {
  const w = model.name;
  const s = useStore(w.$state);
  const c = member.contact;
  const submit = (e: Event) => {
    e.preventDefault();
    void model.saveName(member, formFields(e));
  };
  return (
    <form aria-labelledby={`${ids}nm`} onSubmit={submit} noValidate part="name-form">
      <h3 id={`${ids}nm`}>{t('me.name')}</h3>
      <div class="grid">
        <Input
          ids={ids}
          name="firstName"
          label={t('me.first')}
          value={c?.firstName ?? ''}
          errors={s.errors}
          auto="given-name"
        />
        <Input
          ids={ids}
          name="lastName"
          label={t('me.last')}
          value={c?.lastName ?? ''}
          errors={s.errors}
          auto="family-name"
        />
      </div>
      {member.loginEmail ? (
        <p class="muted">
          {t('me.loginEmail')}: <bdi>{member.loginEmail}</bdi>
        </p>
      ) : null}
      <button type="submit" class="btn primary" aria-busy={s.busy || undefined}>
        {s.busy ? t('me.saving') : t('me.save')}
      </button>
      <Status w={w} t={t} />
    </form>
  );
}
