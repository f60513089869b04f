import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import { adoptSheet } from '../../../core/element.ts';
import type { ConsoleSectionProps } from '../section.ts';
import { createAdminOrdersModel } from './model.ts';
import { ordersStrings } from './strings.ts';
import { ordersCss } from './styles.ts';
import type { T } from './parts.ts';
import { Summary } from './summary.tsx';
import { List } from './list.tsx';
import type { OrderProps } from './detail/view.tsx';

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
  const [Order, setOrder] = useState<{ C: ComponentType<OrderProps> }>();
  const [failed, setFailed] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    void model.load();
    void model.summary(model.$summary.get().days);
  }, [model]);
  useEffect(() => {
    if (!detail || Order) return;
    setFailed(undefined);
    import('./detail/view.tsx').then(
      (m) => setOrder({ C: m.OrderDetail }),
      (e: unknown) => setFailed(i18n.error(e)),
    );
  }, [!detail, attempt]);
  return (
    <div class="orders" ref={(n) => adoptSheet(n, ordersCss)}>
      {detail ? (
        Order ? (
          <Order.C model={model} d={detail} i18n={i18n} ids={ids} />
        ) : failed ? (
          <p class="err" role="alert">
            {failed}{' '}
            <button type="button" class="link" onClick={() => setAttempt(attempt + 1)}>
              {t('ao.retry')}
            </button>
          </p>
        ) : (
          <div class="bones" aria-hidden="true">
            <div class="skeleton" />
          </div>
        )
      ) : (
        <>
          <Summary model={model} i18n={i18n} t={t} ids={ids} />
          <List model={model} i18n={i18n} t={t} ids={ids} context={context} />
        </>
      )}
    </div>
  );
}
