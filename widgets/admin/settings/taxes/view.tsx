import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { adoptSheet } from '../../../../core/element.ts';
import type { ConsoleSectionProps } from '../../section.ts';
import { before } from '../../states.tsx';
import { createTaxesModel } from './model.ts';
import { countryNames } from './form-model.ts';
import { GroupName } from './group-name.tsx';
import { GroupRow } from './group-row.tsx';
import type { Ctx, T } from './parts.tsx';
import { RegionForm } from './region-form.tsx';
import { ElsewhereRow, RegionRow } from './region-row.tsx';
import { taxesStrings } from './strings.ts';
import { useFrench } from '../french.ts';
import { taxesCss } from './styles.ts';

/** Settings › Taxes: the regions with their rate, the rate everywhere else, the tax groups and their own rates. */
export function TaxesSettings({ context, ids }: ConsoleSectionProps) {
  const i = context.i18n();
  const t: T = i.strings(taxesStrings);
  // the page turned French after the section loaded: its French now (french.ts)
  useFrench(i, taxesStrings, () => import('./strings.fr.ts'));
  const model = useMemo(() => createTaxesModel(context), []);
  const s = useStore(model.$taxes);
  const writes = useStore(model.$writes);
  useEffect(() => void model.load(), [model]);
  const c: Ctx = { t, i, ids, model, writes, country: useMemo(() => countryNames(i.language), [i.language]) };
  const [adding, setAdding] = useState(false);
  const [addingGroup, setAddingGroup] = useState(false);
  const g = s.groups.find((x) => x.system);
  const elsewhere = model.rateOf(g?.id, null);

  return (
    <div class="tx" ref={(n) => adoptSheet(n, taxesCss)} part="taxes">
      <div>
        <h3 id={`${ids}tx`}>{t('tax.title')}</h3>
        <p class="muted">{t('tax.about')}</p>
      </div>
      {before({ i18n: i, status: s.status, error: s.error, retry: () => model.load(), bones: 3 }) ?? (
        <>
          <section aria-labelledby={`${ids}txr`}>
            <div class="head">
              <h4 id={`${ids}txr`}>{t('tax.regions')}</h4>
              {adding ? null : (
                <button type="button" class="btn" onClick={() => setAdding(true)}>
                  {t('tax.addRegion')}
                </button>
              )}
            </div>
            {adding ? <RegionForm c={c} k="region:new" onDone={() => setAdding(false)} rates={{}} /> : null}
            <ul class="list" aria-labelledby={`${ids}txr`} part="tax-regions">
              {s.regions.map((r) => (
                <RegionRow key={r.id} c={c} r={r} rate={model.rateOf(g?.id, r.id)?.rate} />
              ))}
              <ElsewhereRow c={c} rate={elsewhere?.rate} groupId={g?.id} />
            </ul>
            {!s.regions.length ? <p class="empty">{t('tax.noRegions')}</p> : null}
          </section>
          <section aria-labelledby={`${ids}txg`}>
            <div class="head">
              <h4 id={`${ids}txg`}>{t('tax.groups')}</h4>
              {addingGroup ? null : (
                <button type="button" class="btn" onClick={() => setAddingGroup(true)}>
                  {t('tax.addGroup')}
                </button>
              )}
            </div>
            <p class="muted">{t('tax.groupsAbout')}</p>
            {addingGroup ? <GroupName c={c} k="group:new" onDone={() => setAddingGroup(false)} /> : null}
            <ul class="list" aria-labelledby={`${ids}txg`} part="tax-groups">
              {s.groups.map((x) => (
                <GroupRow key={x.id} c={c} g={x} regions={s.regions} />
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
