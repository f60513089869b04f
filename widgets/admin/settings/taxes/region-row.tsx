import { useState } from 'react';
import type { TaxRegion } from './model.ts';
import { type Ctx, DeleteConfirm, place, Refusal, shown } from './parts.tsx';
import { RateForm } from './rate-form.tsx';
import { RegionForm } from './region-form.tsx';

/** A region: its place, rate and whether prices include it; edited or deleted in place, each after a question. */
export function RegionRow({ c, r, rate }: { c: Ctx; r: TaxRegion; rate: string | undefined }) {
  const { t } = c;
  const [mode, setMode] = useState<'edit' | 'delete'>();
  const k = `region:${r.id}`;
  const w = c.writes[k];
  const name = place(c, r);
  return (
    <li part="tax-region" data-region={`${r.country}-${r.subdivision}`} aria-busy={!!w?.busy}>
      <div class="row r">
        <span class="place">
          <bdi>{name}</bdi>
          <small>
            {r.subdivision ? `${r.country}-${r.subdivision}` : t('tax.wholeCountry')} ·{' '}
            {r.taxIncludedInPrice ? t('tax.includedShort') : t('tax.addedShort')}
          </small>
        </span>
        <span class="pct">{shown(c, rate)}</span>
        {mode ? null : (
          <span class="actions">
            <button
              type="button"
              class="btn"
              aria-label={t('tax.editPlace', { place: name })}
              onClick={() => setMode('edit')}
            >
              {t('tax.edit')}
            </button>
            <button
              type="button"
              class="btn danger"
              aria-label={t('tax.deletePlace', { place: name })}
              onClick={() => setMode('delete')}
            >
              {t('tax.delete')}
            </button>
          </span>
        )}
      </div>
      {mode === 'edit' ? (
        <RegionForm c={c} k={k} r={r} rates={{ current: rate }} onDone={() => setMode(undefined)} />
      ) : mode === 'delete' ? (
        <DeleteConfirm
          c={c}
          k={k}
          question={t('tax.confirmDelete', { place: name })}
          hint={t('tax.confirmDeleteHint')}
          onConfirm={() => void c.model.deleteRegion(r).then((ok) => ok && setMode(undefined))}
          onDone={() => setMode(undefined)}
        />
      ) : null}
      {mode ? null : <Refusal c={c} w={w} />}
    </li>
  );
}

/** The rate where no region covers the address. */
export function ElsewhereRow({ c, rate, groupId }: { c: Ctx; rate: string | undefined; groupId: string | undefined }) {
  const { t } = c;
  const [edit, setEdit] = useState(false);
  const k = 'rate:elsewhere';
  return (
    <li part="tax-region" data-region="*">
      <div class="row r">
        <span class="place">
          {t('tax.elsewhere')}
          <small>{t('tax.elsewhereAbout')}</small>
        </span>
        <span class="pct">{shown(c, rate)}</span>
        {edit || !groupId ? null : (
          <span class="actions">
            <button
              type="button"
              class="btn"
              aria-label={t('tax.editPlace', { place: t('tax.elsewhere') })}
              onClick={() => setEdit(true)}
            >
              {t('tax.edit')}
            </button>
          </span>
        )}
      </div>
      {edit && groupId ? (
        <RateForm
          c={c}
          k={k}
          where={t('tax.elsewhere')}
          current={rate}
          onSave={(percent) => c.model.setRate(k, groupId, null, percent)}
          onDone={() => setEdit(false)}
        />
      ) : null}
    </li>
  );
}
