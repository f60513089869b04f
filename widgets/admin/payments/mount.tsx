import { LazyPart, useLazyPart } from '../../../ui/lazy-part.tsx';
import { onDemand } from '../../../core/on-demand.ts';
import type { I18n } from '../../../core/i18n/index.ts';
import type { AdminOrdersModel, DetailUi } from '../orders/model.ts';

/** The payments panel: its own chunk, imported when an order first opens. */
const panel = onDemand(() => import('./view.tsx').then((m) => m.PaymentsPanel));

/** Where an order's detail shows its payments: a skeleton while the panel's chunk arrives, its failure with a retry. */
export function Payments({ model, d, i18n, ids }: { model: AdminOrdersModel; d: DetailUi; i18n: I18n; ids: string }) {
  const part = useLazyPart(
    'panel',
    () => panel.load(),
    () => i18n,
    { ready: () => panel.loaded() },
  );
  if (!d.order) return null;
  const order = d.order;
  return (
    <LazyPart state={part} retryLabel={i18n.t('action.retry')} bones={1}>
      {(Panel) => <Panel key={d.id} link={model.payments()} order={order} i18n={i18n} ids={ids} />}
    </LazyPart>
  );
}
