import { useState } from 'react';
import type { I18n } from '../../../../core/i18n/index.ts';
import type { DeliveryRegionView, ShippingOptionBody } from '../../../../core/api/admin-shipping.ts';
import { Confirm } from '../../../../ui/confirm.tsx';
import { ErrorLine } from '../../../../ui/states.tsx';
import type { EditUi, Rate, ShippingModel } from './model.ts';
import type { T } from './words.ts';
import { check, invalid, lowestOf, regionNames } from './view-model.ts';
import { errLine as err, RateRow } from './rate-row.tsx';

/** The option's form: name, delivery time, regions, rates; Save asks first (what shoppers pay changes). */
export function Editor(p: {
  t: T;
  i: I18n;
  ids: string;
  model: ShippingModel;
  e: EditUi;
  regions: DeliveryRegionView[];
}) {
  const { t, i, ids, model, e } = p;
  const d = e.draft;
  const [shown, show] = useState(false);
  const f = `${ids}ed`;
  const set = (patch: (d: ShippingOptionBody) => Partial<ShippingOptionBody>) =>
    model.change((now) => ({ ...now, ...patch(now) }));
  const setRate = (n: number, r: (r: Rate) => Rate) =>
    set((now) => ({ rates: now.rates.map((x, k) => (k === n ? r(x) : x)) }));
  const problems = check(t, d);
  const lowest = lowestOf(d);
  const names = regionNames(d, p.regions);
  return (
    <form
      class="editor"
      part="shipping-editor"
      aria-labelledby={`${f}h`}
      noValidate
      onSubmit={(ev) => {
        ev.preventDefault();
        show(true);
        // the draft as it is now (an input just before the press may not have rendered yet)
        const now = model.$edit.get();
        if (now && !invalid(check(t, now.draft))) model.ask(true);
      }}
    >
      <h4 id={`${f}h`}>{e.id ? t('sh.editOf', { title: d.title }) : t('sh.new')}</h4>
      <div class="grid">
        <div class="field">
          <label for={`${f}t`}>{t('sh.name')}</label>
          <input
            id={`${f}t`}
            dir="auto"
            maxLength={200}
            value={d.title}
            aria-invalid={shown && !!problems.title}
            aria-describedby={shown && problems.title ? `${f}te` : undefined}
            onInput={(ev) => {
              const title = ev.currentTarget.value;
              set(() => ({ title }));
            }}
          />
          {err(shown, problems.title, `${f}te`)}
        </div>
        <div class="field">
          <label for={`${f}d`}>{t('sh.time')}</label>
          <input
            id={`${f}d`}
            dir="auto"
            maxLength={200}
            value={d.estimatedDeliveryTime ?? ''}
            aria-describedby={`${f}dh`}
            onInput={(ev) => {
              const estimatedDeliveryTime = ev.currentTarget.value;
              set(() => ({ estimatedDeliveryTime }));
            }}
          />
          <span class="muted" id={`${f}dh`}>
            {t('sh.timeHint')}
          </span>
        </div>
      </div>
      <fieldset aria-describedby={shown && problems.regions ? `${f}re` : undefined}>
        <legend>{t('sh.regions')}</legend>
        <div class="checks">
          {p.regions.map((r) => (
            <label key={r.id} class="check">
              <input
                type="checkbox"
                checked={d.regionIds.includes(r.id)}
                onChange={(ev) => {
                  const on = ev.currentTarget.checked;
                  set((now) => ({
                    regionIds: on ? [...now.regionIds, r.id] : now.regionIds.filter((x) => x !== r.id),
                  }));
                }}
              />
              <bdi>{r.name}</bdi>
            </label>
          ))}
        </div>
        {err(shown, problems.regions, `${f}re`)}
      </fieldset>
      <fieldset>
        <legend>{t('sh.rates')}</legend>
        <p class="muted">{t('sh.ratesHint')}</p>
        {d.rates.map((r, n) => (
          <RateRow
            key={n}
            t={t}
            f={f}
            n={n}
            r={r}
            count={d.rates.length}
            shown={shown}
            problems={problems.rates[n]!}
            setRate={setRate}
            onRemove={() => set((now) => ({ rates: now.rates.filter((_, k) => k !== n) }))}
          />
        ))}
        {d.rates.length < 20 ? (
          <button
            type="button"
            class="btn"
            onClick={() => set((now) => ({ rates: [...now.rates, { amount: '', conditions: [] }] }))}
          >
            {t('sh.addRate')}
          </button>
        ) : null}
      </fieldset>
      {e.confirming ? (
        <Confirm
          id={`${f}c`}
          focus
          danger={false}
          question={t(lowest ? 'sh.confirmQ' : 'sh.confirmFree', {
            title: d.title.trim(),
            regions: names.join(', '),
            price: i.money(String(lowest), 'USD'),
          })}
          confirm={t('sh.confirm')}
          busyLabel={t('sh.saving')}
          busy={e.busy}
          keep={t('sh.cancel')}
          onConfirm={() => void model.save()}
          onKeep={() => model.ask(false)}
        />
      ) : (
        <div class="actions">
          <button type="submit" class="btn primary">
            {t('sh.save')}
          </button>
          <button type="button" class="btn" onClick={() => model.close()}>
            {t('sh.cancel')}
          </button>
        </div>
      )}
      <ErrorLine
        error={
          e.error && (e.error === 'TITLE_TAKEN' || e.error === 'REVISION_MISMATCH' ? t(`sh.err.${e.error}`) : e.error)
        }
      />
    </form>
  );
}
