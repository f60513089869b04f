import type { InlayContext } from '../../../core/context.ts';
import type { Emit } from '../../../core/events.ts';
import { clearContactSet, deleteMyAccount, updateContact, type Member } from '../../../core/api/members.ts';
import { createMemberBase, fieldErrors, PHONE, type Errors } from '../member/model.ts';

/** The most phone numbers the form offers (the emulator's limits, docs/wire.md "Member contact details"). */
export const MAX_PHONES = 10;

/**
 * The profile section's state and calls: the member's name, phone numbers, contact emails, and deleting the account
 * (its content goes to `contentAssignee` when the site names one).
 */
export function createProfileModel(context: InlayContext, props: { emit: Emit; contentAssignee?: string }) {
  const { client } = context;
  const base = createMemberBase(context);
  const { t, writer, saveSet } = base;
  const name = writer();
  const phones = writer();
  const emails = writer();
  const remove = writer();
  return {
    ...base,
    name,
    phones,
    emails,
    remove,
    /** Save the name (at most 100 characters each); refused fields are told on the fields. */
    saveName(member: Member, { firstName = '', lastName = '' }: Record<string, string>) {
      const errs: Errors = {};
      if (firstName.length > 100) errs['firstName'] = t('me.tooLong', { n: 100 });
      if (lastName.length > 100) errs['lastName'] = t('me.tooLong', { n: 100 });
      name.errors(errs);
      if (Object.keys(errs).length) return Promise.resolve(false);
      return name.run(
        () => updateContact(client.http, member.id, { firstName, lastName }),
        (e) => (name.errors(fieldErrors(e)), Object.keys(fieldErrors(e)).length > 0),
      );
    },
    /** Save the phones as `list`; `typed`, when given, is checked first (a number the person typed). */
    savePhones(member: Member, list: string[], typed?: string) {
      if (typed !== undefined) {
        const bad = !PHONE.test(typed) || typed.replace(/\D/g, '').length < 4;
        phones.errors(bad ? { phone: t('me.badPhone') } : {});
        if (bad) return Promise.resolve(false);
      }
      return phones.run(() => saveSet(member.id, 'phones', list));
    },
    /** Remove every contact email (the login email stays). */
    clearEmails: (member: Member) => emails.run(() => clearContactSet(client.http, member.id, 'emails')),
    /** Delete the account; then the platform revoked this member's tokens: drop them here and in every other tab. */
    deleteAccount: () =>
      remove.run(async () => {
        await deleteMyAccount(client.http, props.contentAssignee || undefined);
        await client.tokens.logout();
        props.emit('inlay-account-delete', {});
      }),
  };
}

export type ProfileModel = ReturnType<typeof createProfileModel>;
