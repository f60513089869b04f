import type { I18n } from '../../../core/i18n/index.ts';
import type { Fulfillment, Order } from '../../../core/api/orders.ts';
import { httpUrl } from '../../../core/safe-url.ts';
import { orderStrings as strings } from './strings.ts';
import type { T } from './words.ts';

/** The platform's predefined carriers (the fulfillments client's `shippingProvider` keys) by their own names. */
const CARRIER: Record<string, string> = {
  fedex: 'FedEx',
  ups: 'UPS',
  usps: 'USPS',
  dhl: 'DHL',
  canadaPost: 'Canada Post',
};

/** Beside the addresses: the shipping method and the tracking numbers (a link only when it is http(s)). */
export function Shipping({ o, fulfillments, t }: { o: Order; fulfillments?: Fulfillment[]; t: T }) {
  const tracking = (fulfillments ?? []).filter((f): f is Fulfillment & { trackingInfo: object } => !!f.trackingInfo);
  return (
    <>
      {o.shippingInfo?.title ? (
        <section>
          <h4>{t('acct.method')}</h4>
          <p>
            <bdi>{o.shippingInfo.title}</bdi>
            {o.shippingInfo.logistics?.deliveryTime ? (
              <>
                {' · '}
                <bdi>{o.shippingInfo.logistics.deliveryTime}</bdi>
              </>
            ) : null}
          </p>
        </section>
      ) : null}
      {tracking.length ? (
        <section>
          <h4>{t('acct.tracking')}</h4>
          {tracking.map((f, i) => {
            const ti = f.trackingInfo as NonNullable<Fulfillment['trackingInfo']>;
            const text = t('acct.trackingNo', {
              provider: Object.hasOwn(CARRIER, ti.shippingProvider ?? '')
                ? CARRIER[ti.shippingProvider!]!
                : (ti.shippingProvider ?? ''),
              number: ti.trackingNumber ?? '',
            });
            const href = httpUrl(ti.trackingLink);
            return (
              <p key={f.id ?? i}>
                <bdi>
                  {href ? (
                    <a href={href} target="_blank" rel="noopener noreferrer">
                      {text.trim()}
                    </a>
                  ) : (
                    text.trim()
                  )}
                </bdi>
              </p>
            );
          })}
        </section>
      ) : null}
    </>
  );
}

/** The order's history in words (an activity the strings do not know is left out). */
export function History({ o, i18n, t }: { o: Order; i18n: I18n; t: T }) {
  const history = (o.activities ?? []).map((a) => ({ a, key: `act.${a.type}` })).filter((x) => x.key in strings);
  return history.length ? (
    <section>
      <h4>{t('acct.history')}</h4>
      <ol class="history" part="history">
        {history.map(({ a, key }, i) => (
          <li key={a.id ?? i}>
            <span>{t(key as keyof typeof strings)}</span>
            {a.createdDate ? (
              <time dateTime={a.createdDate}>
                <bdi>{i18n.date(a.createdDate)}</bdi>
              </time>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  ) : null;
}
