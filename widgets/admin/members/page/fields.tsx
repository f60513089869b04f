import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { MemberDetail } from '../../../../core/api/admin-members.ts';
import type { MembersModel } from '../model.ts';
import type { T } from '../words.ts';

/** The site's custom fields with the member's values, each edited in place. */
export function Fields({ model, t, m }: { model: MembersModel; t: T; m: MemberDetail }) {
  const busy = !!useStore(model.$act).busy;
  return m.customFields.length ? (
    <div class="col" part="fields">
      {m.customFields.map((c) => (
        <Field key={c.key} model={model} t={t} id={m.id} f={c} busy={busy} />
      ))}
    </div>
  ) : (
    <p class="muted">{t('mm.noFields')}</p>
  );
}

/** One custom field's value, edited in place (what was typed kept when saving fails). */
function Field(p: { model: MembersModel; t: T; id: string; f: MemberDetail['customFields'][number]; busy: boolean }) {
  const [value, setValue] = useState(p.f.value);
  useEffect(() => setValue(p.f.value), [p.f.value]);
  return (
    <form
      class="row"
      onSubmit={(e) => {
        e.preventDefault();
        void p.model.setField(p.id, p.f.key, value);
      }}
    >
      <label>
        <bdi>{p.f.name}</bdi>
        <input
          dir="auto"
          value={value}
          maxLength={1000}
          type={p.f.fieldType === 'NUMBER' ? 'number' : p.f.fieldType === 'DATE' ? 'date' : 'text'}
          onInput={(e) => setValue(e.currentTarget.value)}
        />
      </label>
      <button type="submit" class="btn" disabled={p.busy || value === p.f.value}>
        {p.t('mm.save')}
      </button>
    </form>
  );
}
