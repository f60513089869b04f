import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorLine } from '../../../ui/states.tsx';
import type { MemberFormProps } from '../member/fields.tsx';
import type { ProfileModel } from './model.ts';

/** Deleting the account: a box to tick first; what happens to the member's content depends on the site. */
export function DeleteAccount({
  model,
  ids,
  t,
  assignee,
}: MemberFormProps & { model: ProfileModel; assignee: boolean }) {
  const [open, setOpen] = useState(false);
  const [sure, setSure] = useState(false);
  const [need, setNeed] = useState(false);
  const s = useStore(model.remove.$state);
  const submit = (e: Event) => {
    e.preventDefault();
    const box = (e.currentTarget as HTMLFormElement).elements.namedItem('sure') as HTMLInputElement;
    setSure(box.checked);
    if (!box.checked) return setNeed(true);
    void model.deleteAccount();
  };
  return (
    <section class="danger-zone" aria-labelledby={`${ids}del`}>
      <h3 id={`${ids}del`}>{t('me.delete')}</h3>
      <p class="muted">{t('me.deleteHint')}</p>
      {!open ? (
        <button type="button" class="btn danger" aria-expanded="false" onClick={() => setOpen(true)}>
          {t('me.delete')}
        </button>
      ) : (
        <form onSubmit={submit} noValidate part="delete-form">
          <p>{t(assignee ? 'me.deleteContent' : 'me.deleteNoContent')}</p>
          <label class="check">
            <input
              type="checkbox"
              name="sure"
              checked={sure}
              aria-invalid={need && !sure ? 'true' : undefined}
              aria-describedby={need && !sure ? `${ids}dele` : undefined}
              onChange={(e) => setSure((e.currentTarget as HTMLInputElement).checked)}
            />
            {t('me.deleteConfirm')}
          </label>
          {need && !sure ? (
            <p class="err" id={`${ids}dele`}>
              {t('me.deleteConfirmNeeded')}
            </p>
          ) : null}
          <div class="row">
            <button type="submit" class="btn danger" aria-busy={s.busy || undefined}>
              {s.busy ? t('me.deleting') : t('me.deleteGo')}
            </button>
            <button type="button" class="btn" onClick={() => setOpen(false)}>
              {t('me.cancel')}
            </button>
          </div>
          <ErrorLine error={s.error} />
        </form>
      )}
    </section>
  );
}
