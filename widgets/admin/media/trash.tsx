import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { Confirm } from '../../../ui/confirm.tsx';
import { isolate } from '../../../core/i18n/index.ts';
import type { MediaModel } from './model.ts';
import type { T } from './words.ts';

/**
 * The trash's actions on its selection (`count` of them): restore, or delete for good after a confirmation naming the
 * count (on a line of its own in the selection's row).
 */
export function Trash({ model, t, ids, count }: { model: MediaModel; t: T; ids: string; count: number }) {
  const busy = useStore(model.$busy);
  const [ask, setAsk] = useState(false);
  return (
    <>
      <button type="button" class="btn" disabled={busy} onClick={() => model.restore()}>
        {t('md.restore')}
      </button>
      <button type="button" class="btn danger" disabled={busy} onClick={() => setAsk(true)}>
        {t('md.forGood')}
      </button>
      {ask ? (
        <Confirm
          id={`${ids}x`}
          focus
          question={isolate(t('md.confirm', { count }))}
          confirm={t('md.forGood')}
          keep={t('md.cancel')}
          busy={busy}
          onConfirm={async () => {
            await model.destroy();
            setAsk(false);
          }}
          onKeep={() => setAsk(false)}
        />
      ) : null}
    </>
  );
}
