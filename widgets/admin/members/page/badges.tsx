import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { MemberDetail } from '../../../../core/api/admin-members.ts';
import type { MembersModel } from '../model.ts';
import type { T } from '../words.ts';

/** A member's badges, each taken away in one press; give one of the site's others, or create a new one. */
export function MemberBadges({ model, t, m }: { model: MembersModel; t: T; m: MemberDetail }) {
  const busy = !!useStore(model.$act).busy;
  return (
    <>
      {m.badges.length ? (
        <ul class="row chips" part="badges">
          {m.badges.map((b) => (
            <li key={b.id}>
              <button
                type="button"
                class="chip"
                disabled={busy}
                aria-label={t('mm.take', { badge: b.title })}
                onClick={() => void model.setBadge(m.id, b.id, false)}
              >
                <bdi>{b.title}</bdi> <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">{t('mm.noBadges')}</p>
      )}
      <Give model={model} t={t} id={m.id} have={m.badges.map((b) => b.id)} busy={busy} />
    </>
  );
}

/** Give one of the site's badges, or create a new one (what was typed kept when it fails). */
function Give({ model, t, id, have, busy }: { model: MembersModel; t: T; id: string; have: string[]; busy: boolean }) {
  const all = useStore(model.$badges) ?? [];
  const [title, setTitle] = useState('');
  const left = all.filter((b) => !have.includes(b.id));
  return (
    <>
      {left.length ? (
        <form
          class="row"
          onSubmit={(e) => {
            e.preventDefault();
            const b = String(new FormData(e.currentTarget).get('badge') ?? '');
            if (b) void model.setBadge(id, b, true);
          }}
        >
          <label>
            {t('mm.give')}
            <select name="badge">
              {left.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.title}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" class="btn" disabled={busy}>
            {t('mm.giveBtn')}
          </button>
        </form>
      ) : null}
      <form
        class="row"
        onSubmit={(e) => {
          e.preventDefault();
          if (title.trim()) void model.createBadge(title.trim()).then((ok) => ok && setTitle(''));
        }}
      >
        <label>
          {t('mm.newBadge')}
          <input value={title} dir="auto" maxLength={100} required onInput={(e) => setTitle(e.currentTarget.value)} />
        </label>
        <button type="submit" class="btn" disabled={busy}>
          {t('mm.create')}
        </button>
      </form>
    </>
  );
}
