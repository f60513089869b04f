import { useState } from 'react';
import type { Translator } from '../../../../core/i18n/index.ts';
import { CARRIERS, NAMES, known, type Fulfillment } from './fulfil-model.ts';
import type { fulfilStrings } from './fulfil-strings.ts';

export type K = keyof typeof fulfilStrings;
export type T = Translator<K>;

/** Carrier (a list and "other"), tracking number and link: what a shipment's tracking form holds. */
export function TrackingFields({
  t,
  id,
  init,
  bad,
}: {
  t: T;
  id: string;
  init?: Fulfillment['trackingInfo'];
  bad: boolean;
}) {
  const isKnown = !init?.shippingProvider || known(init.shippingProvider);
  const [carrier, setCarrier] = useState(isKnown ? (init?.shippingProvider ?? CARRIERS[0]) : 'other');
  return (
    <div class="filters">
      <label>
        {t('af.carrier')}
        <select name="carrier" value={carrier} onChange={(e) => setCarrier(e.currentTarget.value)}>
          {CARRIERS.map((c) => (
            <option key={c} value={c}>
              {NAMES[c]}
            </option>
          ))}
          <option value="other">{t('af.other')}</option>
        </select>
      </label>
      {carrier === 'other' ? (
        <label>
          {t('af.otherName')}
          <input name="otherName" maxLength={100} dir="auto" defaultValue={isKnown ? '' : init?.shippingProvider} />
        </label>
      ) : null}
      <label>
        {t('af.number')}
        <input name="number" maxLength={100} dir="auto" autoComplete="off" defaultValue={init?.trackingNumber} />
      </label>
      <label class="wide">
        {t('af.link')}
        <input
          name="link"
          type="url"
          inputMode="url"
          maxLength={2048}
          dir="ltr"
          aria-invalid={bad}
          aria-describedby={`${id}h`}
          defaultValue={init?.trackingLink}
        />
        <span id={`${id}h`} class="muted" style={{ fontWeight: 400 }}>
          {t('af.linkHint')}
        </span>
      </label>
    </div>
  );
}
