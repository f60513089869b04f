import type { T } from './step.tsx';

/** One row of the summary (a discount shows as taken off). */
function SumRow(p: { label: string; c: number; minus?: boolean; money: (m: number) => string }) {
  return (
    <div class="row">
      <dt>{p.label}</dt>
      <dd>
        <bdi>{p.minus ? `−${p.money(p.c)}` : p.money(p.c)}</bdi>
      </dd>
    </div>
  );
}

/** The summary that follows the lines and shipping live: items, their discount and tax, shipping, total. */
export function RefundSummary(p: {
  t: T;
  sum: { subtotal: number; discount: number; tax: number; shipping: number; total: number };
  money: (m: number) => string;
}) {
  const { t, sum, money } = p;
  return (
    <dl class="totals" part="refund-summary" aria-label={t('ap.sum')} aria-live="polite">
      <SumRow label={t('ap.sum.items')} c={sum.subtotal} money={money} />
      {sum.discount ? <SumRow label={t('ap.sum.discount')} c={sum.discount} minus money={money} /> : null}
      <SumRow label={t('ap.sum.tax')} c={sum.tax} money={money} />
      <SumRow label={t('ap.sum.shipping')} c={sum.shipping} money={money} />
      <div class="row grand">
        <dt>{t('ap.sum.total')}</dt>
        <dd>
          <bdi part="refund-total">{money(sum.total)}</bdi>
        </dd>
      </div>
    </dl>
  );
}
