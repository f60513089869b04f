import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { httpUrl } from '../../../core/safe-url.ts';
import { More } from '../../../ui/more.tsx';
import { Bones, ErrorLine } from '../../../ui/states.tsx';
import { Empty, ErrorState } from '../../../ui/part-states.tsx';
import { money } from '../../../ui/words.ts';
import { Section, type SectionProps } from '../section.tsx';
import { createOrdersModel, ordersModelOf, type OrdersModel } from './model.ts';
import { orderStrings as strings } from './strings.ts';
import { Chips, OrderDetail } from './detail.tsx';
import { count } from './words.ts';

/** The member's orders (pages of 10, newest first) or, once one is opened, that order. */
export function OrdersSection({ context, emit, host, shopUrl, ids, visit }: SectionProps) {
  const model = ordersModelOf(host, visit, () => createOrdersModel(context, { emit }));
  return (
    <Section>
      <Orders model={model} context={context} shopUrl={shopUrl} ids={ids} />
    </Section>
  );
}

function Orders({
  context,
  model,
  shopUrl,
  ids,
}: Pick<SectionProps, 'context' | 'shopUrl' | 'ids'> & { model: OrdersModel }) {
  const i18n = context.i18n();
  const t = i18n.strings(strings);
  const ui = useStore(model.$orders);
  const detail = useStore(model.$detail);
  useEffect(() => {
    if (!model.hasCompanion()) return;
    if (model.$orders.get().status === 'idle') void model.loadOrders();
    // the order the page's URL names (a link, a reload), and Back and Forward between an order and the list
    const follow = () => model.followUrl();
    follow();
    addEventListener('popstate', follow);
    return () => removeEventListener('popstate', follow);
  }, [model]);

  if (!model.hasCompanion()) return <p class="msg">{t('acct.noCompanion')}</p>;
  if (detail) return <OrderDetail model={model} d={detail} i18n={i18n} t={t} ids={ids} />;
  if (ui.status === 'idle' || ui.status === 'loading') return <Bones rows={3} />;
  if (ui.status === 'error')
    return <ErrorState error={ui.error} retry={() => void model.loadOrders()} label={t('acct.retry')} />;
  if (!ui.orders.length) {
    const shop = httpUrl(shopUrl, location.href) ?? httpUrl('/', location.href);
    return (
      <Empty>
        <p class="big">{t('acct.noOrders')}</p>
        <p class="muted">{t('acct.noOrdersHint')}</p>
        {shop ? (
          <a class="btn primary" href={shop} part="shop">
            {t('acct.shop')}
          </a>
        ) : null}
      </Empty>
    );
  }
  return (
    <>
      <ul class="orders" part="orders">
        {ui.orders.map((o) => (
          <li key={o.id} class="card" part="order">
            <div class="row">
              <p class="num">
                <bdi>{t('acct.order', { number: String(o.number) })}</bdi>
              </p>
              <p class="amt">
                <bdi>{money(i18n, o.priceSummary?.total, o.currency)}</bdi>
              </p>
            </div>
            <p class="muted">
              {o.createdDate ? <bdi>{t('acct.placed', { date: i18n.date(o.createdDate) })}</bdi> : null} ·{' '}
              <bdi>{count(t, o)}</bdi>
            </p>
            <Chips t={t} o={o} />
            <div class="row">
              <span class="thumbs" aria-hidden="true">
                {o.lineItems.slice(0, 4).map((l) => {
                  const src = httpUrl(l.image?.url);
                  return src ? <img key={l.id} src={src} alt="" width={44} height={44} loading="lazy" /> : null;
                })}
              </span>
              <button
                type="button"
                class="btn"
                aria-label={t('acct.view', { number: String(o.number) })}
                onClick={() => void model.openOrder(o.id)}
              >
                {t('acct.details')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ErrorLine error={ui.error} />
      <More
        next={!!ui.next}
        busy={ui.more}
        label={t('acct.more')}
        busyLabel={t('acct.loading')}
        onMore={() => void model.moreOrders()}
      />
    </>
  );
}
