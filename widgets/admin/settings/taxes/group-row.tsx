import { useState } from 'react';
import { Confirm } from '../../../../ui/confirm.tsx';
import type { TaxGroup, TaxRegion } from './model.ts';
import { ownRates } from './form-model.ts';
import { GroupName } from './group-name.tsx';
import { type Ctx, DeleteConfirm, place, Refusal, shown } from './parts.tsx';
import { RateForm } from './rate-form.tsx';

/** A group: its name, its own rates by region (each removable), a rate set in a region; renamed, deleted. */
export function GroupRow({ c, g, regions }: { c: Ctx; g: TaxGroup; regions: TaxRegion[] }) {
  const { t } = c;
  const [mode, setMode] = useState<'rename' | 'delete' | 'rate'>();
  const [removing, setRemoving] = useState<string>();
  const k = `group:${g.id}`;
  const w = c.writes[k];
  const own = ownRates(c.model.$taxes.get().rates, g, regions);
  return (
    <li part="tax-group" aria-busy={!!w?.busy}>
      <div class="row">
        <span class="place">
          <bdi>{g.name}</bdi>
        </span>
        {g.system ? <span class="badge">{t('tax.default')}</span> : null}
        {mode || g.system ? null : (
          <span class="actions">
            <button
              type="button"
              class="btn"
              aria-label={t('tax.renameGroup', { name: g.name })}
              onClick={() => setMode('rename')}
            >
              {t('tax.rename')}
            </button>
            <button type="button" class="btn danger" onClick={() => setMode('delete')}>
              {t('tax.delete')}
            </button>
          </span>
        )}
      </div>
      {g.system ? null : (
        <>
          {own.length ? (
            <ul class="own" aria-label={t('tax.ownRates')}>
              {own.map(({ r, region }) => {
                const where = place(c, region!);
                const rk = `rate:${r.id}`;
                return (
                  <li key={r.id}>
                    <bdi>{where}</bdi>
                    <span class="pct">{shown(c, r.rate)}</span>
                    {removing === r.id ? (
                      <Confirm
                        id={`${c.ids}${rk}`}
                        focus
                        question={t('tax.confirmRemoveRate', { name: g.name, place: where })}
                        hint={t('tax.confirmRemoveRateHint')}
                        confirm={t('tax.remove')}
                        keep={t('tax.keep')}
                        busy={c.writes[rk]?.busy}
                        onConfirm={() => void c.model.deleteRate(rk, r).then((ok) => ok && setRemoving(undefined))}
                        onKeep={() => setRemoving(undefined)}
                      >
                        <Refusal c={c} w={c.writes[rk]} />
                      </Confirm>
                    ) : (
                      <button
                        type="button"
                        class="btn"
                        aria-label={t('tax.removeRate', { place: where })}
                        onClick={() => setRemoving(r.id)}
                      >
                        {t('tax.remove')}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          ) : (
            <p class="muted">{t('tax.noOwnRates')}</p>
          )}
          {mode === 'rate' ? (
            <RateForm
              c={c}
              k={`${k}:rate`}
              where={g.name}
              regions={regions}
              onSave={(percent, regionId) => c.model.setRate(`${k}:rate`, g.id, regionId, percent)}
              onDone={() => setMode(undefined)}
            />
          ) : mode || !regions.length ? null : (
            <div class="actions">
              <button type="button" class="btn" onClick={() => setMode('rate')}>
                {t('tax.setRate')}
              </button>
            </div>
          )}
        </>
      )}
      {mode === 'rename' ? <GroupName c={c} k={k} g={g} onDone={() => setMode(undefined)} /> : null}
      {mode === 'delete' ? (
        <DeleteConfirm
          c={c}
          k={k}
          question={t('tax.confirmDeleteGroup', { name: g.name })}
          hint={t('tax.confirmDeleteGroupHint')}
          onConfirm={() => void c.model.deleteGroup(g).then((ok) => ok && setMode(undefined))}
          onDone={() => setMode(undefined)}
        />
      ) : null}
      {mode ? null : <Refusal c={c} w={w} />}
    </li>
  );
}
