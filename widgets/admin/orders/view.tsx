import { useEffect, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { adoptSheet } from '../../../core/element.ts';
import { LazyPart, useLazyPart } from '../../../ui/lazy-part.tsx';
import type { ConsoleSectionProps } from '../section.ts';
import { createAdminOrdersModel } from './model.ts';
import { ordersStrings } from './strings.ts';
import { ordersCss } from './styles.ts';
import type { T } from './parts.ts';
import { Summary } from './summary.tsx';

/**
 * The shop's orders: a summary over a period, then the orders found with the filters and sort (kept in the page's
 * URL), 25 at a time, each opening its detail.
 */
export function AdminOrders({ context, ids }: ConsoleSectionProps) {
  const i18n = context.i18n();
  const t: T = i18n.strings(ordersStrings);
  const model = useMemo(() => createAdminOrdersModel(context), []);
  const detail = useStore(model.$detail);
  // an order's detail and its actions: their own chunk, loaded when an order is first opened
  const order = useLazyPart(
    'detail',
    () => import('./detail/view.tsx').then((m) => m.OrderDetail),
    () => i18n,
    { enabled: !!detail },
  );
  // the list (views, filters, the table): its own chunk, loaded with the section (the summary shows meanwhile)
  const list = useLazyPart(
    'list',
    () => import('./list/view.tsx').then((m) => m.List),
    () => i18n,
  );
  useEffect(() => {
    void model.load();
    void model.summary(model.$summary.get().days);
    // the order the page's URL names (a link, a reload), and Back and Forward between an order and the list
    const follow = () => model.followUrl();
    follow();
    addEventListener('popstate', follow);
    return () => removeEventListener('popstate', follow);
  }, [model]);
  return (
    <div class="orders" ref={(n) => adoptSheet(n, ordersCss)}>
      {detail ? (
        <LazyPart state={order} retryLabel={t('ao.retry')} bones={1}>
          {(Order) => <Order model={model} d={detail} i18n={i18n} ids={ids} />}
        </LazyPart>
      ) : (
        <>
          <Summary model={model} i18n={i18n} t={t} ids={ids} />
          <LazyPart state={list} retryLabel={t('ao.retry')} bones={3}>
            {(List) => <List model={model} i18n={i18n} t={t} ids={ids} context={context} />}
          </LazyPart>
        </>
      )}
    </div>
  );
}
