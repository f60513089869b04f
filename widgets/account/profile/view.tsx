import { useState } from 'react';
import { Section, type SectionProps } from '../section.tsx';
import { Loading, useMember, type T } from '../member/fields.tsx';
import { detailStrings } from '../member/strings.ts';
import { createProfileModel } from './model.ts';
import { NameForm } from './name.tsx';
import { Emails, Phones } from './phones.tsx';
import { DeleteAccount } from './delete.tsx';

/** Name, phone numbers, contact emails and deleting the account. */
export function ProfileSection({ context, ids, emit, contentAssignee }: SectionProps) {
  const t: T = context.i18n().strings(detailStrings);
  const [model] = useState(() => createProfileModel(context, { emit, contentAssignee }));
  const { member, error, retry } = useMember(model);
  if (!member) return <Loading error={error} retry={retry} t={t} />;
  const p = { model, member, ids, t };
  return (
    <Section>
      <NameForm {...p} />
      <Phones {...p} />
      <section aria-labelledby={`${ids}em`}>
        <h3 id={`${ids}em`}>{t('me.emails')}</h3>
        <p class="muted">{t('me.emailsHint')}</p>
        <Emails {...p} />
      </section>
      <DeleteAccount {...p} assignee={!!contentAssignee} />
    </Section>
  );
}
