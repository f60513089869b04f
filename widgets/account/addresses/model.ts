import type { InlayContext } from '../../../core/context.ts';
import type { Member } from '../../../core/api/members.ts';
import { updateContact } from '../../../core/api/members.ts';
import { createMemberBase, fieldErrors, PHONE, type Address, type Errors } from '../member/model.ts';
import type { K } from '../member/fields.tsx';

export type Field =
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'addressLine'
  | 'addressLine2'
  | 'city'
  | 'postalCode'
  | 'subdivision'
  | 'country';
/** The most addresses the form offers (the emulator's limits, docs/wire.md "Member contact details"). */
export const MAX_ADDRESSES = 10;
/** Countries offered first in the address form; the member's own stays when it is another one. */
export const COUNTRIES =
  'US CA GB IE FR DE ES IT PT NL BE LU CH AT DK SE NO FI PL CZ GR IL AE IN JP KR SG AU NZ BR MX AR ZA'.split(' ');
/**
 * The address form's text fields, in the order shown after the country: name, label, autocomplete, most characters
 * (the platform's limits). The region (a select or a text field, after the city) is drawn on its own.
 */
export const ADDRESS_FIELDS: [Exclude<Field, 'country'>, K, string, number][] = [
  ['firstName', 'me.first', 'given-name', 100],
  ['lastName', 'me.last', 'family-name', 100],
  ['phone', 'me.phoneOptional', 'tel', 50],
  ['addressLine', 'me.line1', 'address-line1', 200],
  ['addressLine2', 'me.line2', 'address-line2', 200],
  ['city', 'me.city', 'address-level2', 100],
  ['postalCode', 'me.postal', 'postal-code', 32],
  ['subdivision', 'me.region', 'address-level1', 6],
];
export const blank: Record<Field, string> = {
  firstName: '',
  lastName: '',
  phone: '',
  addressLine: '',
  addressLine2: '',
  city: '',
  postalCode: '',
  subdivision: '',
  country: '',
};

/**
 * An address as the form shows it, with the member's name and main phone: the platform keeps no name or phone on a
 * member's address, so every address carries the member's (the checkout fills them in with it).
 */
export const formOf = (member: Member, a?: Address): Record<Field, string> => ({
  ...blank,
  firstName: member.contact?.firstName ?? '',
  lastName: member.contact?.lastName ?? '',
  phone: member.contact?.phones?.[0] ?? '',
  ...(a
    ? {
        addressLine: a.addressLine ?? [a.streetAddress?.number, a.streetAddress?.name].filter(Boolean).join(' '),
        addressLine2: a.addressLine2 ?? '',
        city: a.city ?? '',
        postalCode: a.postalCode ?? '',
        subdivision: (a.subdivision ?? '').replace(/^[A-Z]{2}-/, ''),
        country: a.country ?? '',
      }
    : {}),
});

/** The addresses section's state and calls: the member's addresses, the first the default (it fills in the checkout). */
export function createAddressesModel(context: InlayContext) {
  const base = createMemberBase(context);
  const { t } = base;
  const w = base.writer();
  /** Save the whole list; a refused field is told on the form while one is open (`editing`). */
  const save = (member: Member, next: Address[], editing = false) =>
    w.run(
      () => base.saveSet(member.id, 'addresses', next),
      (e) => {
        const f = fieldErrors(e);
        w.errors(f);
        return Object.keys(f).length > 0 && editing;
      },
    );
  return {
    ...base,
    w,
    save,
    /**
     * Check the form's fields and save the address as entry `editing` (or a new last one). Returns the first field in
     * error when the fields are not right (nothing is sent), else whether it was saved.
     */
    async saveAddress(
      member: Member,
      typed: Record<string, string>,
      editing: number | 'new',
    ): Promise<boolean | Field> {
      const list = member.contact?.addresses ?? [];
      const f = { ...blank, ...typed } as Record<Field, string>;
      const errs: Errors = {};
      for (const k of ['country', 'addressLine', 'city', 'postalCode'] as const) if (!f[k]) errs[k] = t('me.required');
      for (const [k, , , n] of ADDRESS_FIELDS) if (f[k].length > n) errs[k] ??= t('me.tooLong', { n });
      if (f.subdivision && !/^[A-Za-z0-9]{1,3}$/.test(f.subdivision.replace(/^[A-Z]{2}-/, '')))
        errs['subdivision'] = t('me.badRegion');
      if (f.phone && (!PHONE.test(f.phone) || f.phone.replace(/\D/g, '').length < 4)) errs['phone'] = t('me.badPhone');
      w.errors(errs);
      const first = Object.keys(errs)[0] as Field | undefined;
      if (first) return first;
      const region = f.subdivision.replace(/^[A-Z]{2}-/i, '').toUpperCase();
      const address: Address = {
        ...(typeof editing === 'number' ? list[editing] : {}),
        addressLine: f.addressLine,
        addressLine2: f.addressLine2 || undefined,
        city: f.city,
        postalCode: f.postalCode,
        country: f.country,
        subdivision: region ? `${f.country}-${region}` : undefined,
      };
      delete (address as { streetAddress?: unknown }).streetAddress;
      const next = editing === 'new' ? [...list, address] : list.map((a, i) => (i === editing ? address : a));
      // one write: the addresses, and the member's name and main phone when the form changed them
      const c = member.contact;
      const phones = c?.phones ?? [];
      const contact = {
        addresses: next,
        ...(('firstName' in typed || 'lastName' in typed) &&
        (f.firstName !== (c?.firstName ?? '') || f.lastName !== (c?.lastName ?? ''))
          ? { firstName: f.firstName, lastName: f.lastName }
          : {}),
        ...(f.phone && f.phone !== phones[0]
          ? { phones: [f.phone, ...phones.filter((x) => x !== f.phone)].slice(0, 10) }
          : {}),
      };
      return w.run(
        () => updateContact(context.client.http, member.id, contact),
        (e) => {
          // the platform names `…addresses[i].city`, `…contact.firstName` or `…contact.phones[i]`: told on the field;
          // anything else is told as the form's failure
          const fe: Errors = {};
          for (const [k, v] of Object.entries(fieldErrors(e))) fe[k.startsWith('phones') ? 'phone' : k] = v;
          w.errors(fe);
          return Object.keys(fe).some((k) => k in blank);
        },
      );
    },
  };
}

export type AddressesModel = ReturnType<typeof createAddressesModel>;
