import type { ComponentProps } from 'react';
import { LazyPart, useLazyPart } from '../../../../ui/lazy-part.tsx';
import { onDemand } from '../../../../core/on-demand.ts';
import { cancelRequestOf } from '../words.ts';
import type { CancelRequest } from './request.tsx';
import type { I18n } from '../../../../core/i18n/index.ts';

/** The cancellation request's part: its own chunk, imported only for an order whose buyer asked to cancel it. */
const part = onDemand(() => import('./request.tsx').then((m) => m.CancelRequest));

/** Where an order's detail shows its buyer's cancellation request (nothing for an order without one). */
export function Request({ i18n, ...p }: ComponentProps<typeof CancelRequest> & { i18n: I18n }) {
  const asked = !!cancelRequestOf(p.o);
  const state = useLazyPart(
    'request',
    () => part.load(),
    () => i18n,
    {
      enabled: asked,
      ready: () => part.loaded(),
    },
  );
  if (!asked) return null;
  return (
    <LazyPart state={state} retryLabel={i18n.t('action.retry')} bones={1}>
      {(Part) => <Part {...p} />}
    </LazyPart>
  );
}
