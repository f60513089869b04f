import { useState } from 'react';
import { addressLines } from '../../../ui/address.ts';
import type { InlayContext } from '../../../core/context.ts';
import type { Member } from '../../../core/api/members.ts';
import { Section, type SectionProps } from '../section.tsx';
import { ItemActions, Loading, Status, useMember, type T } from '../member/fields.tsx';
import { detailStrings } from '../member/strings.ts';
import type { Address } from '../member/model.ts';
import { createAddressesModel, formOf, MAX_ADDRESSES } from './model.ts';
import { AddressForm } from './form.tsx';

/** The account's Addresses section: the address book once the member is there. */
export function AddressesSection({ context, ids }: SectionProps) {
  const t: T = context.i18n().strings(detailStrings);
  const [model] = useState(() => createAddressesModel(context));
  const { member, error, retry } = useMember(model);
  if (!member) return <Loading error={error} retry={retry} t={t} />;
  return (
    <Section>
      <AddressBook context={context} ids={ids} member={member} model={model} />
    </Section>
  );
}

/**
 * The member's addresses (the account's section and the shared profile): the first is the default (it fills in the
 * checkout, with the member's name); add, edit, make default, remove.
 */
export function AddressBook({
  context,
  ids,
  member,
  model: given,
}: {
  context: InlayContext;
  ids: string;
  member: Member;
  model?: ReturnType<typeof createAddressesModel>;
}) {
  const i18n = context.i18n();
  const t: T = i18n.strings(detailStrings);
  const [model] = useState(() => given ?? createAddressesModel(context));
  const [editing, setEditing] = useState<number | 'new'>();
  const list = member.contact?.addresses ?? [];
  const save = (next: Address[]) => void model.save(member, next, editing !== undefined);
  const label = (a: Address) => addressLines(i18n, a).slice(0, 2).join(', ');
  const edit = (i: number | 'new') => {
    model.w.errors({});
    setEditing(i);
  };

  return (
    <section class="stack" aria-labelledby={`${ids}ad`}>
      <h3 id={`${ids}ad`}>{t('me.addresses')}</h3>
      <p class="muted">{t('me.defaultHint')}</p>
      {list.length ? (
        <ul class="items cards" part="addresses">
          {list.map((a, i) => (
            <li key={a.id ?? i} class="item card" part="address">
              <p class="addr grow">
                {addressLines(i18n, a, member.contact).map((x, j) => (
                  <span key={j}>
                    <bdi>{x}</bdi>
                  </span>
                ))}
              </p>
              {i === 0 ? <span class="chip">{t('me.default')}</span> : null}
              <ItemActions
                t={t}
                item={label(a)}
                first={i === 0 ? undefined : ['me.makeDefault', 'me.defaultLabel']}
                toFirst={() => save([a, ...list.filter((_, j) => j !== i)])}
                edit={() => edit(i)}
                remove={() => save(list.filter((_, j) => j !== i))}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">{t('me.noAddresses')}</p>
      )}
      {editing !== undefined ? (
        <AddressForm
          key={String(editing)}
          model={model}
          member={member}
          editing={editing}
          initial={formOf(member, typeof editing === 'number' ? list[editing] : undefined)}
          i18n={i18n}
          ids={ids}
          t={t}
          close={() => setEditing(undefined)}
        />
      ) : list.length < MAX_ADDRESSES ? (
        <button type="button" class="btn" onClick={() => edit('new')}>
          {t('me.addAddress')}
        </button>
      ) : (
        <p class="muted">
          <bdi>{t('me.tooMany', { n: MAX_ADDRESSES })}</bdi>
        </p>
      )}
      <Status w={model.w} t={t} />
    </section>
  );
}
