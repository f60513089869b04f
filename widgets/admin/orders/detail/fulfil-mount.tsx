import { LazyPart, useLazyPart } from '../../../../ui/lazy-part.tsx';
import { onDemand } from '../../../../core/on-demand.ts';
import type { FulfilProps } from './fulfil.tsx';

/** The fulfilment panel: its own chunk, imported when an order first opens. */
const panel = onDemand(() => import('./fulfil.tsx').then((m) => m.FulfilPanel));

/** Where an order's detail shows its shipments: bones while the panel's chunk arrives, its failure with a retry. */
export function Fulfil(p: FulfilProps) {
  const part = useLazyPart(
    'panel',
    () => panel.load(),
    () => p.i18n,
    { ready: () => panel.loaded() },
  );
  if (!p.d.order) return null;
  return (
    <LazyPart state={part} retryLabel={p.i18n.t('action.retry')} bones={1}>
      {(Panel) => <Panel key={p.d.id} {...p} />}
    </LazyPart>
  );
}
