import { useState } from 'react';
import { fractionOf, percentOf, type TaxRegion } from './model.ts';
import { rateOk, readRate } from './form-model.ts';
import { type Ctx, place, RateField, SaveActions, SaveConfirm, shown } from './parts.tsx';

/** A rate alone (everywhere else, or a group's own rate in a region): a percentage, saved after a question. */
export function RateForm(p: {
  c: Ctx;
  k: string;
  where: string;
  current?: string;
  regions?: TaxRegion[];
  onSave: (percent: string, regionId: string | null) => Promise<boolean>;
  onDone: () => void;
}) {
  const { c, k } = p;
  const { t } = c;
  const [ask, setAsk] = useState<{ percent: string; regionId: string | null; where: string }>();
  const [bad, setBad] = useState(false);
  const id = `${c.ids}${k}`;
  return (
    <div class="edit">
      <form
        noValidate
        aria-label={p.where}
        onSubmit={(e) => {
          e.preventDefault();
          const { percent, regionId } = readRate(e.currentTarget as HTMLFormElement, !!p.regions);
          const ok = rateOk(percent);
          setBad(!ok);
          const r = p.regions?.find((x) => x.id === regionId);
          if (ok) {
            c.model.clear(k);
            setAsk({ percent, regionId, where: r ? place(c, r) : p.where });
          }
        }}
      >
        <div class="fields">
          {p.regions ? (
            <label>
              {t('tax.region')}
              <select name="region" disabled={!!ask}>
                {p.regions.map((r) => (
                  <option key={r.id} value={r.id}>
                    {place(c, r)}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <RateField
            c={c}
            id={id}
            bad={bad}
            disabled={!!ask}
            defaultValue={p.current === undefined ? '' : percentOf(p.current)}
          />
        </div>
        {ask ? null : <SaveActions c={c} k={k} onDone={p.onDone} />}
      </form>
      {ask ? (
        <SaveConfirm
          c={c}
          k={k}
          question={t('tax.confirmRate', { rate: shown(c, fractionOf(ask.percent)), place: ask.where })}
          onConfirm={() => void p.onSave(ask.percent, ask.regionId).then((ok) => (setAsk(undefined), ok && p.onDone()))}
          onKeep={() => setAsk(undefined)}
        />
      ) : null}
    </div>
  );
}
