import { useEffect, useState } from 'react';
import type { MemberSummary } from '../../../core/api/admin-members.ts';
import type { ActUi, MembersModel } from './model.ts';
import { isolate } from '../../../core/i18n/index.ts';
import { has, nameOf, type K, type T } from './words.ts';

/** What the last action did, or why it failed (in words). */
export function Outcome({ act, t }: { act: ActUi; t: T }) {
  return act.done && has(`mm.done.${act.done}`) ? (
    <p class="ok" role="status" part="done">
      {t(`mm.done.${act.done}` as K)}
    </p>
  ) : act.error ? (
    <p class="err" role="alert" part="error">
      <bdi>{act.error}</bdi>
    </p>
  ) : null;
}

/**
 * Who receives a deleted member's content: nobody, or one of the approved members (read when asked); each name and
 * email isolated for bidi (an option holds text only, so Unicode isolates, not `<bdi>`).
 */
export function Heir({ model, t, not }: { model: MembersModel; t: T; not: string }) {
  const [list, setList] = useState<MemberSummary[]>([]);
  useEffect(() => {
    model.assignees(not).then(setList, () => setList([]));
  }, [not]);
  return (
    <label>
      {t('mm.heir')}
      <select name="heir">
        <option value="">{t('mm.heir.none')}</option>
        {list.map((m) => (
          <option key={m.id} value={m.id}>
            {isolate(nameOf(m, t))}
            {m.email ? ` (${isolate(m.email)})` : ''}
          </option>
        ))}
      </select>
    </label>
  );
}
