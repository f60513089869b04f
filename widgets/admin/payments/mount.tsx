import { useEffect, useState } from 'react';
import { onDemand } from '../../../core/on-demand.ts';
import type { I18n } from '../../../core/i18n/index.ts';
import type { AdminOrdersModel, DetailUi } from '../orders/model.ts';

/** The payments panel: its own chunk, imported when an order first opens. */
const panel = onDemand(() => import('./view.tsx').then((m) => m.PaymentsPanel));

/** Where an order's detail shows its payments: a skeleton while the panel's chunk arrives, its failure with a retry. */
export function Payments({ model, d, i18n, ids }: { model: AdminOrdersModel; d: DetailUi; i18n: I18n; ids: string }) {
  const [Panel, setPanel] = useState(() => panel.loaded());
  const [failed, setFailed] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (Panel) return;
    setFailed(undefined);
    panel.load().then(
      (C) => setPanel(() => C),
      (e: unknown) => setFailed(i18n.error(e)),
    );
  }, [attempt]);
  if (!d.order) return null;
  if (Panel) return <Panel key={d.id} link={model.payments()} order={d.order} i18n={i18n} ids={ids} />;
  return failed ? (
    <p class="err" role="alert">
      {failed}{' '}
      <button type="button" class="link" onClick={() => setAttempt(attempt + 1)}>
        {i18n.t('action.retry')}
      </button>
    </p>
  ) : (
    <div class="bones" aria-hidden="true">
      <div class="skeleton" />
    </div>
  );
}
