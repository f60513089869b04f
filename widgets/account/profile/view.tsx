import { useState } from 'react';
import { Section, type SectionProps } from '../section.tsx';
import { Loading, useMember, type T } from '../member/fields.tsx';
import { detailStrings } from '../member/strings.ts';
import { checkedPasswordChange } from '../../login/password-change.ts';
import { PasswordForm } from '../../login/password-form.tsx';
import { AddressBook } from '../addresses/view.tsx';
import { createProfileModel } from './model.ts';
import { NameForm } from './name.tsx';
import { Emails, Phones } from './phones.tsx';
import { DeleteAccount } from './delete.tsx';
import { PublicForm, profileStrings } from './public.tsx';

/**
 * The member's one profile, in `<inlay-account>`'s Profile section and in `<inlay-login>`'s "Edit profile" panel:
 * names, the name shown on the site and the community, phone numbers, contact emails, addresses (`addresses`: the
 * header's panel; the account shows them in its own Addresses section, with the same `AddressBook`), the password and deleting the account.
 */
export function ProfileSection({
  context,
  ids,
  emit,
  contentAssignee,
  addresses = false,
}: Pick<SectionProps, 'context' | 'ids' | 'emit' | 'contentAssignee'> & { addresses?: boolean }) {
  const t: T = context.i18n().strings(detailStrings);
  const tp = context.i18n().strings(profileStrings);
  const [model] = useState(() => createProfileModel(context, { emit, contentAssignee }));
  const [change] = useState(() => checkedPasswordChange(context.client.http));
  const { member, error, retry } = useMember(model);
  if (!member) return <Loading error={error} retry={retry} t={t} />;
  const p = { model, member, ids, t };
  return (
    <Section>
      <NameForm {...p} />
      <PublicForm context={context} member={member} ids={ids} />
      <Phones {...p} />
      <section aria-labelledby={`${ids}em`}>
        <h3 id={`${ids}em`}>{t('me.emails')}</h3>
        <p class="muted">{t('me.emailsHint')}</p>
        <Emails {...p} />
      </section>
      {addresses ? <AddressBook context={context} ids={ids} member={member} /> : null}
      {member.loginEmail ? (
        <section aria-labelledby={`${ids}pw`}>
          <h3 id={`${ids}pw`}>{tp('profile.password')}</h3>
          <PasswordForm i18n={context.i18n} email={member.loginEmail} ids={ids} change={change} />
        </section>
      ) : null}
      <DeleteAccount {...p} assignee={!!contentAssignee} />
    </Section>
  );
}
