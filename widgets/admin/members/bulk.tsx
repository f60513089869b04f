import { useStore } from '@nanostores/react';
import { Confirm } from '../../../ui/confirm.tsx';
import { isolate } from '../../../core/i18n/index.ts';
import { BULK_ACTIONS } from './model.ts';
import { Heir } from './parts.tsx';
import type { K, P } from './words.ts';

/**
 * The bulk actions on every member the filters match (only with a filter in use), each asked first with the count
 * shown (deleting asks who receives their content); the count is sent, so a list that changed meanwhile is refused.
 */
export function BulkBar({ model, t, ids, count }: Omit<P, 'i'> & { count: number }) {
  const ask = useStore(model.$bulkAsk);
  const act = useStore(model.$act);
  return (
    <>
      <div class="row" part="bulk" role="group" aria-label={t('mm.bulk', { count })}>
        {BULK_ACTIONS.map((a) => (
          <button key={a} type="button" class="btn" disabled={!!ask || act.busy} onClick={() => model.$bulkAsk.set(a)}>
            {t(`mm.bulk.${a}`)}
          </button>
        ))}
      </div>
      {ask ? (
        <Confirm
          id={`${ids}b`}
          part="confirm"
          focus
          key={ask}
          // the sentence keeps its own direction on a right-to-left page ("Approve 3 members?", not "members? 3")
          question={isolate(t(`mm.ask.bulk-${ask}` as K, { count }))}
          danger={ask !== 'approve'}
          busy={act.busy}
          confirm={t('mm.yes')}
          keep={t('mm.keep')}
          onConfirm={(form) => void model.confirmBulk(count, String(new FormData(form).get('heir') ?? '') || undefined)}
          onKeep={() => model.$bulkAsk.set(undefined)}
        >
          {ask === 'delete' ? <Heir model={model} t={t} not="" /> : null}
        </Confirm>
      ) : null}
    </>
  );
}
