import type { I18n } from '../../../../core/i18n/index.ts';
import { httpUrl } from '../../../../core/safe-url.ts';
import { Confirm } from '../../../../ui/confirm.tsx';
import { ErrorLine } from '../../../../ui/states.tsx';
import { carrierName, type Fulfillment } from './fulfil-model.ts';
import { TrackingFields, type T } from './fulfil-tracking.tsx';

// a shipment's card (its own here: the orders sheet is at its chunk's ceiling), wrapping its buttons under it at 375 px
const SHIP = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '8px 12px',
  justifyContent: 'space-between',
  padding: '8px 12px',
  border: '1px solid var(--_border)',
  borderRadius: 'var(--_radius)',
} as const;
const WIDE = { flexBasis: '100%' } as const;
const PLAIN = { listStyle: 'none', margin: 0, padding: 0 } as const;

export interface ShipmentProps {
  t: T;
  i18n: I18n;
  f: Fulfillment;
  /** the panel's id, its sub-ids made from it */
  id: string;
  /** what the model is busy with, if anything */
  busyOn: string | undefined;
  /** its tracking form open; its deletion asked */
  editing: boolean;
  asking: boolean;
  bad: string | undefined;
  name: (lineId: string) => string;
  onEdit: () => void;
  onClose: () => void;
  onDelete: () => void;
  onKeep: () => void;
  onSave: (form: HTMLFormElement) => void;
  onConfirm: () => void;
}

/** A shipment: its date and carrier, items and tracking; its tracking edited or it deleted (asked first). */
export function ShipmentRow(p: ShipmentProps) {
  const { t, i18n, f, id, busyOn, bad } = p;
  const busy = !!busyOn;
  const ti = f.trackingInfo;
  const href = httpUrl(ti?.trackingLink);
  return (
    <li part="shipment" style={SHIP}>
      <div style={{ flex: '1 1 14em', minWidth: 0, overflowWrap: 'anywhere' }}>
        <p class="strong">
          {f.createdDate ? t('af.shipped', { date: i18n.date(f.createdDate, 'long') }) : null}
          {ti?.shippingProvider ? (
            <>
              {' · '}
              <bdi>{carrierName(ti.shippingProvider)}</bdi>
            </>
          ) : null}
        </p>
        <ul class="muted" style={PLAIN}>
          {(f.lineItems ?? []).map((l) => (
            <li key={l.id}>
              <bdi>{t('af.item', { quantity: l.quantity ?? 0, name: p.name(l.id) })}</bdi>
            </li>
          ))}
        </ul>
        <p>
          {ti?.trackingNumber || href ? (
            href ? (
              <a href={href} target="_blank" rel="noopener noreferrer" part="tracking-link">
                <bdi>{t(ti?.trackingNumber ? 'af.track' : 'af.link', { number: ti?.trackingNumber ?? '' })}</bdi>
              </a>
            ) : (
              <bdi>{t('af.trackNo', { number: ti?.trackingNumber ?? '' })}</bdi>
            )
          ) : (
            <span class="muted">{t('af.noTracking')}</span>
          )}
        </p>
      </div>
      {f.id ? (
        <div class="actions">
          <button type="button" class="btn" disabled={busy} aria-expanded={p.editing} onClick={p.onEdit}>
            {t('af.edit')}
          </button>
          <button type="button" class="btn" disabled={busy} onClick={p.onDelete}>
            {t('af.delete')}
          </button>
        </div>
      ) : null}
      {p.editing ? (
        <form
          class="confirm"
          style={WIDE}
          noValidate
          aria-label={t('af.edit')}
          onSubmit={(e) => {
            e.preventDefault();
            p.onSave(e.currentTarget);
          }}
        >
          <TrackingFields t={t} id={`${id}e`} init={ti} bad={!!bad} />
          <ErrorLine error={bad} />
          <div class="actions">
            <button type="submit" class="btn primary" aria-busy={busyOn === `track:${f.id}`} disabled={busy}>
              {t('af.save')}
            </button>
            <button type="button" class="btn" onClick={p.onClose}>
              {t('af.close')}
            </button>
          </div>
        </form>
      ) : null}
      {p.asking ? (
        <div style={WIDE}>
          <Confirm
            id={`${id}d`}
            part="confirm"
            focus
            question={t('af.askDelete')}
            confirm={t('af.yesDelete')}
            keep={t('af.close')}
            busy={busyOn === `unship:${f.id}`}
            onConfirm={p.onConfirm}
            onKeep={p.onKeep}
          />
        </div>
      ) : null}
    </li>
  );
}
