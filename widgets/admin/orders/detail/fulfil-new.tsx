import { ErrorLine } from '../../../../ui/states.tsx';
import type { LineLeft } from './fulfil-model.ts';
import { TrackingFields, type T } from './fulfil-tracking.tsx';

export interface NewShipmentProps {
  t: T;
  /** the panel's id, its sub-ids made from it */
  id: string;
  left: readonly LineLeft[];
  busy: boolean;
  bad: string | undefined;
  /** the shipment is being asked (its buttons hidden meanwhile) */
  asking: boolean;
  onSubmit: (form: HTMLFormElement) => void;
  onClose: () => void;
}

/** The new shipment's form: the items left (all by default, each quantity changeable), tracking, the buyer emailed. */
export function NewShipmentForm({ t, id, left, busy, bad, asking, onSubmit, onClose }: NewShipmentProps) {
  return (
    <form
      class="confirm"
      part="fulfil-form"
      noValidate
      aria-labelledby={`${id}n`}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(e.currentTarget);
      }}
    >
      <p id={`${id}n`} class="strong">
        {t('af.lines')}
      </p>
      {left.map((l) => (
        <label key={l.id} class="inline">
          <input
            name={`q-${l.id}`}
            type="number"
            inputMode="numeric"
            min={0}
            max={l.left}
            step={1}
            defaultValue={String(l.left)}
            aria-describedby={`${id}n`}
            style={{ width: '5.5em' }}
          />
          <span>
            <bdi>{l.name}</bdi> <span class="muted">{t('af.qtyShort', { left: l.left })}</span>
          </span>
        </label>
      ))}
      <TrackingFields t={t} id={`${id}n`} bad={!!bad && bad === t('af.badLink')} />
      <label class="check">
        <input type="checkbox" name="notify" defaultChecked />
        {t('af.notify')}
      </label>
      <ErrorLine error={bad} />
      {asking ? null : (
        <div class="actions">
          <button type="submit" class="btn primary" disabled={busy}>
            {t('af.ship')}
          </button>
          <button type="button" class="btn" onClick={onClose}>
            {t('af.close')}
          </button>
        </div>
      )}
    </form>
  );
}
