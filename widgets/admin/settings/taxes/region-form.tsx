import { useState } from 'react';
import { fractionOf, percentOf, type RegionInput, type TaxRegion } from './model.ts';
import { countriesFor, rateOk, readRegion } from './form-model.ts';
import { type Ctx, place, RateField, SaveActions, SaveConfirm, shown } from './parts.tsx';

/** A region's form (new, or `r`'s): country, subdivision, rate, prices including tax; saved after a question. */
export function RegionForm(p: { c: Ctx; k: string; r?: TaxRegion; rates: { current?: string }; onDone: () => void }) {
  const { c, k, r } = p;
  const { t } = c;
  const [ask, setAsk] = useState<RegionInput>();
  const [bad, setBad] = useState(false);
  const id = `${c.ids}${k}`;
  const current = p.rates.current === undefined ? undefined : percentOf(p.rates.current);
  const countries = countriesFor(r);
  const save = (input: RegionInput) =>
    void (r ? c.model.editRegion(r, input, current) : c.model.addRegion(input)).then((ok) => {
      setAsk(undefined);
      if (ok) p.onDone();
    });
  return (
    <div class="edit" part="tax-region-form">
      <form
        aria-labelledby={`${id}h`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const input = readRegion(e.currentTarget as HTMLFormElement);
          const ok = rateOk(input.percent);
          setBad(!ok);
          if (ok) {
            c.model.clear(k);
            setAsk(input);
          }
        }}
      >
        <p id={`${id}h`} class="strong">
          {r ? <bdi>{place(c, r)}</bdi> : t('tax.addRegion')}
        </p>
        <div class="fields">
          <label>
            {t('tax.country')}
            <select name="country" disabled={!!ask}>
              {countries.map((code) => (
                <option key={code} value={code} selected={code === (r?.country ?? 'US')}>
                  {c.country(code)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('tax.subdivision')}
            <input
              name="subdivision"
              dir="auto"
              autoComplete="off"
              maxLength={50}
              defaultValue={r?.subdivision ?? ''}
              aria-describedby={`${id}sh`}
              disabled={!!ask}
            />
            <span class="hint" id={`${id}sh`}>
              {t('tax.subdivisionHint')}
            </span>
          </label>
          <RateField c={c} id={id} bad={bad} disabled={!!ask} defaultValue={current ?? ''} required />
        </div>
        <label class="check">
          <input type="checkbox" name="included" defaultChecked={r?.taxIncludedInPrice ?? false} disabled={!!ask} />
          {t('tax.included')}
        </label>
        {ask ? null : <SaveActions c={c} k={k} onDone={p.onDone} />}
      </form>
      {ask ? (
        <SaveConfirm
          c={c}
          k={k}
          question={t('tax.confirmRate', { rate: shown(c, fractionOf(ask.percent)), place: place(c, ask) })}
          onConfirm={() => save(ask)}
          onKeep={() => setAsk(undefined)}
        />
      ) : null}
    </div>
  );
}
