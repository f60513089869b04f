import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { formFields, Input, ItemActions, SaveCancel, Status, type MemberFormProps } from '../member/fields.tsx';
import { MAX_PHONES, type ProfileModel } from './model.ts';

type Props = MemberFormProps & { model: ProfileModel };

/** The member's phone numbers: the first is the main one; add, edit, make main, remove. */
export function Phones({ model, ids, member, t }: Props) {
  const phones = member.contact?.phones ?? [];
  const w = model.phones;
  const s = useStore(w.$state);
  const [editing, setEditing] = useState<number | 'new'>();
  const [value, setValue] = useState('');
  const input = useRef<HTMLFormElement>(null);
  useEffect(() => input.current?.querySelector('input')?.focus(), [editing]);
  const save = (list: string[]) => void model.savePhones(member, list);
  const edit = (i: number | 'new', v: string) => (setEditing(i), setValue(v), w.errors({}));
  const submit = async (e: Event) => {
    e.preventDefault();
    const v = formFields(e)['phone'] ?? '';
    const list = editing === 'new' ? [...phones, v] : phones.map((p, i) => (i === editing ? v : p));
    if (await model.savePhones(member, list, v)) setEditing(undefined);
  };
  return (
    <section aria-labelledby={`${ids}ph`}>
      <h3 id={`${ids}ph`}>{t('me.phones')}</h3>
      {phones.length ? (
        <ul class="items">
          {phones.map((p, i) => (
            <li key={`${i}${p}`} class="item">
              <bdi class="grow">{p}</bdi>
              {i === 0 ? <span class="chip">{t('me.main')}</span> : null}
              <ItemActions
                t={t}
                item={p}
                first={i === 0 ? undefined : ['me.makeMain', 'me.mainLabel']}
                toFirst={() => save([p, ...phones.filter((_, j) => j !== i)])}
                edit={() => edit(i, p)}
                remove={() => save(phones.filter((_, j) => j !== i))}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">{t('me.noPhones')}</p>
      )}
      {editing !== undefined ? (
        <form class="inline" key={String(editing)} onSubmit={(e) => void submit(e)} noValidate ref={input}>
          <Input
            ids={ids}
            name="phone"
            type="tel"
            auto="tel"
            max={50}
            label={t('me.phone')}
            value={value}
            errors={s.errors}
          />
          <SaveCancel t={t} w={w} cancel={() => setEditing(undefined)} />
        </form>
      ) : phones.length < MAX_PHONES ? (
        <button type="button" class="btn" onClick={() => edit('new', '')}>
          {t('me.addPhone')}
        </button>
      ) : (
        <p class="muted">
          <bdi>{t('me.tooMany', { n: MAX_PHONES })}</bdi>
        </p>
      )}
      <Status w={w} t={t} />
    </section>
  );
}

/** The member's contact emails (the platform's set; only removing them all is offered). */
export function Emails({ model, member, t }: Props) {
  const emails = member.contact?.emails ?? [];
  const busy = useStore(model.emails.$state).busy;
  return (
    <>
      {emails.length ? (
        <ul class="items">
          {emails.map((e) => (
            <li key={e} class="item">
              <bdi>{e}</bdi>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">{t('me.noEmails')}</p>
      )}
      {emails.length ? (
        <button type="button" class="btn" aria-busy={busy || undefined} onClick={() => void model.clearEmails(member)}>
          {t('me.removeEmails')}
        </button>
      ) : null}
      <Status w={model.emails} t={t} saved={false} />
    </>
  );
}
