import { useStore } from '@nanostores/react';
import type { MemberDetail } from '../../../../core/api/admin-members.ts';
import { isolate } from '../../../../core/i18n/index.ts';
import { Confirm } from '../../../../ui/confirm.tsx';
import type { Ask, MembersModel } from '../model.ts';
import { Heir } from '../parts.tsx';
import type { K, T } from '../words.ts';

/**
 * What may be done to `m` now: a disconnected member (OFFLINE, for good) may only be deleted; an owner never blocked,
 * disconnected or deleted.
 */
function actionsFor(m: MemberDetail | undefined): Ask[] {
  const live = m && m.status !== 'OFFLINE';
  return (
    [
      (m?.status === 'PENDING' || m?.status === 'BLOCKED') && 'approve',
      live && m.status !== 'BLOCKED' && !m.owner && 'block',
      live && (m.activity === 'MUTED' ? 'unmute' : 'mute'),
      live && !m.owner && 'disconnect',
      m && !m.owner && 'delete',
    ] as const
  ).filter((a): a is Ask => !!a);
}
/** The actions asked first (the others run at once). */
const asked = (a: Ask) => a === 'block' || a === 'disconnect' || a === 'delete';

/**
 * The actions on one member that may be done now (`actionsFor`): approving and muting at once; blocking,
 * disconnecting and deleting asked first, the question naming the member (deleting asks who receives their content).
 */
export function ActionBar({
  model,
  t,
  m,
  name,
  ids,
}: {
  model: MembersModel;
  t: T;
  m: MemberDetail;
  name: string;
  ids: string;
}) {
  const act = useStore(model.$act);
  const ask = useStore(model.$ask);
  // the action (deleting gives their content to `heir`); a question asked closes after it
  const run = (a: Ask, heir?: string) =>
    (a === 'delete' ? model.remove(m.id, heir) : model.action(m.id, a)).then(() => model.$ask.set(undefined));
  return (
    <>
      <div class="row" role="group" aria-label={t('mm.actions')} part="actions">
        {actionsFor(m).map((a) => (
          <button
            key={a}
            type="button"
            class={a === 'approve' ? 'btn primary' : 'btn'}
            disabled={act.busy || !!ask}
            onClick={() => (asked(a) ? model.$ask.set(a) : void run(a))}
          >
            {t(`mm.do.${a}`)}
          </button>
        ))}
      </div>
      {ask ? (
        <Confirm
          id={`${ids}a`}
          key={ask}
          part="confirm"
          focus
          // the sentence in its own direction, the name isolated inside it ("Delete שרה for good?")
          question={isolate(t(`mm.ask.${ask}` as K, { name }))}
          busy={act.busy}
          confirm={t(`mm.do.${ask}`)}
          keep={t('mm.keep')}
          onConfirm={(form) => void run(ask, String(new FormData(form).get('heir') ?? '') || undefined)}
          onKeep={() => model.$ask.set(undefined)}
        >
          {ask === 'delete' ? <Heir model={model} t={t} not={m.id} /> : null}
        </Confirm>
      ) : null}
    </>
  );
}
