import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { adoptSheet } from '../../../../core/element.ts';
import type { I18n, Translator } from '../../../../core/i18n/index.ts';
import { Confirm } from '../../../../ui/confirm.tsx';
import { ErrorLine } from '../../../../ui/states.tsx';
import type { ConsoleSectionProps } from '../../section.ts';
import { before } from '../../states.tsx';
import {
  createTaxesModel,
  fractionOf,
  percentOf,
  type RegionInput,
  type TaxGroup,
  type TaxesModel,
  type TaxRegion,
  type WriteUi,
} from './model.ts';
import { taxesStrings } from './strings.ts';
import { useFrench } from '../french.ts';
import { taxesCss } from './styles.ts';

type K = keyof typeof taxesStrings;
type T = Translator<K>;

/** The countries offered for a new region (a region already made for another shows too). */
const COUNTRIES = ['US', 'CA', 'GB', 'FR', 'DE', 'AU', 'IT', 'ES', 'NL', 'PT', 'IE', 'BE', 'CH', 'AT', 'SE', 'DK'];
COUNTRIES.push('NO', 'FI', 'NZ', 'JP', 'MX', 'BR', 'IN', 'AE');

function countryNames(language: string): (code: string) => string {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
  } catch {
    names = undefined;
  }
  return (code) => {
    try {
      return names?.of(code) ?? code;
    } catch {
      return code;
    }
  };
}

interface Ctx {
  t: T;
  i: I18n;
  ids: string;
  model: TaxesModel;
  writes: Record<string, WriteUi>;
  country: (code: string) => string;
}

const place = (c: Ctx, r: { country: string; subdivision: string }) =>
  r.subdivision ? `${c.country(r.country)} – ${r.subdivision}` : c.country(r.country);
const shown = (c: Ctx, fraction: string | undefined) =>
  fraction === undefined
    ? c.t('tax.noRate')
    : c.i.number(Number(percentOf(fraction)) / 100, { style: 'percent', maximumFractionDigits: 4 });

/** A write's refusal in words: the platform's code said plainly, else the platform's own words. */
function Refusal({ c, w, id }: { c: Ctx; w: WriteUi | undefined; id?: string }) {
  if (!w || w.busy) return null;
  if (w.unknown) return <ErrorLine id={id} error={c.t('tax.unknown')} />;
  const known = w.code && `tax.why.${w.code}` in taxesStrings ? c.t(`tax.why.${w.code}` as K) : undefined;
  return <ErrorLine id={id} error={known ?? (w.error ? c.t('tax.platform', { words: w.error }) : undefined)} />;
}

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

/** A region: its place, rate and whether prices include it; edited or deleted in place, each after a question. */
function RegionRow({ c, r, rate }: { c: Ctx; r: TaxRegion; rate: string | undefined }) {
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
        <Confirm
          id={`${c.ids}${k}d`}
          focus
          question={t('tax.confirmDelete', { place: name })}
          hint={t('tax.confirmDeleteHint')}
          confirm={t('tax.delete')}
          busyLabel={t('tax.deleting')}
          keep={t('tax.keep')}
          busy={w?.busy}
          onConfirm={() => void c.model.deleteRegion(r).then((ok) => ok && setMode(undefined))}
          onKeep={() => (c.model.clear(k), setMode(undefined))}
        >
          <Refusal c={c} w={w} />
        </Confirm>
      ) : null}
      {mode ? null : <Refusal c={c} w={w} />}
    </li>
  );
}

/** A region's form (new, or `r`'s): country, subdivision, rate, prices including tax; saved after a question. */
function RegionForm(p: { c: Ctx; k: string; r?: TaxRegion; rates: { current?: string }; onDone: () => void }) {
  const { c, k, r } = p;
  const { t } = c;
  const w = c.writes[k];
  const [ask, setAsk] = useState<RegionInput>();
  const [bad, setBad] = useState(false);
  const id = `${c.ids}${k}`;
  const current = p.rates.current === undefined ? undefined : percentOf(p.rates.current);
  const countries = r && !COUNTRIES.includes(r.country) ? [r.country, ...COUNTRIES] : COUNTRIES;
  const read = (f: HTMLFormElement): RegionInput => {
    const v = (n: string) => (f.elements.namedItem(n) as HTMLInputElement).value.trim();
    return {
      country: v('country'),
      subdivision: v('subdivision').toUpperCase(),
      percent: v('percent').replace(',', '.'),
      taxIncludedInPrice: (f.elements.namedItem('included') as HTMLInputElement).checked,
    };
  };
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
          const input = read(e.currentTarget as HTMLFormElement);
          const ok = fractionOf(input.percent) !== undefined;
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
          <label>
            {t('tax.rate')}
            <input
              name="percent"
              dir="auto"
              inputMode="decimal"
              autoComplete="off"
              required
              maxLength={9}
              defaultValue={current ?? ''}
              aria-invalid={bad || undefined}
              aria-describedby={`${id}rh`}
              disabled={!!ask}
            />
            <span class="hint" id={`${id}rh`}>
              {bad ? <span class="err">{t('tax.badRate')}</span> : t('tax.rateHint')}
            </span>
          </label>
        </div>
        <label class="check">
          <input type="checkbox" name="included" defaultChecked={r?.taxIncludedInPrice ?? false} disabled={!!ask} />
          {t('tax.included')}
        </label>
        {ask ? null : (
          <>
            <Refusal c={c} w={w} />
            <div class="actions">
              <button type="submit" class="btn primary">
                {t('tax.save')}
              </button>
              <button type="button" class="btn" onClick={() => (c.model.clear(k), p.onDone())}>
                {t('tax.cancel')}
              </button>
            </div>
          </>
        )}
      </form>
      {ask ? (
        <Confirm
          id={`${id}c`}
          focus
          danger={false}
          question={t('tax.confirmRate', {
            rate: shown(c, fractionOf(ask.percent)),
            place: place(c, ask),
          })}
          hint={t('tax.confirmRateHint')}
          confirm={t('tax.save')}
          busyLabel={t('tax.saving')}
          keep={t('tax.cancel')}
          busy={w?.busy}
          onConfirm={() => save(ask)}
          onKeep={() => setAsk(undefined)}
        >
          <Refusal c={c} w={w} />
        </Confirm>
      ) : null}
    </div>
  );
}

/** A rate alone (everywhere else, or a group's own rate in a region): a percentage, saved after a question. */
function RateForm(p: {
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
  const w = c.writes[k];
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
          const f = e.currentTarget as HTMLFormElement;
          const percent = (f.elements.namedItem('percent') as HTMLInputElement).value.trim().replace(',', '.');
          const regionId = p.regions ? (f.elements.namedItem('region') as HTMLSelectElement).value : null;
          const ok = fractionOf(percent) !== undefined;
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
          <label>
            {t('tax.rate')}
            <input
              name="percent"
              dir="auto"
              inputMode="decimal"
              autoComplete="off"
              maxLength={9}
              defaultValue={p.current === undefined ? '' : percentOf(p.current)}
              aria-invalid={bad || undefined}
              aria-describedby={`${id}rh`}
              disabled={!!ask}
            />
            <span class="hint" id={`${id}rh`}>
              {bad ? <span class="err">{t('tax.badRate')}</span> : t('tax.rateHint')}
            </span>
          </label>
        </div>
        {ask ? null : (
          <>
            <Refusal c={c} w={w} />
            <div class="actions">
              <button type="submit" class="btn primary">
                {t('tax.save')}
              </button>
              <button type="button" class="btn" onClick={() => (c.model.clear(k), p.onDone())}>
                {t('tax.cancel')}
              </button>
            </div>
          </>
        )}
      </form>
      {ask ? (
        <Confirm
          id={`${id}c`}
          focus
          danger={false}
          question={t('tax.confirmRate', { rate: shown(c, fractionOf(ask.percent)), place: ask.where })}
          hint={t('tax.confirmRateHint')}
          confirm={t('tax.save')}
          busyLabel={t('tax.saving')}
          keep={t('tax.cancel')}
          busy={w?.busy}
          onConfirm={() => void p.onSave(ask.percent, ask.regionId).then((ok) => (setAsk(undefined), ok && p.onDone()))}
          onKeep={() => setAsk(undefined)}
        >
          <Refusal c={c} w={w} />
        </Confirm>
      ) : null}
    </div>
  );
}

/** The rate where no region covers the address. */
function ElsewhereRow({ c, rate, groupId }: { c: Ctx; rate: string | undefined; groupId: string | undefined }) {
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

/** A group's name form (new, or a rename); no money changes by a name: no question. */
function GroupName({ c, k, g, onDone }: { c: Ctx; k: string; g?: TaxGroup; onDone: () => void }) {
  const { t } = c;
  const w = c.writes[k];
  return (
    <form
      class="edit"
      aria-label={g ? t('tax.renameGroup', { name: g.name }) : t('tax.addGroup')}
      onSubmit={(e) => {
        e.preventDefault();
        const name = ((e.currentTarget as HTMLFormElement).elements.namedItem('name') as HTMLInputElement).value.trim();
        if (!name) return;
        void (g ? c.model.renameGroup(g, name) : c.model.addGroup(name)).then((ok) => ok && onDone());
      }}
    >
      <label>
        {t('tax.groupName')}
        <input name="name" dir="auto" required maxLength={200} autoComplete="off" defaultValue={g?.name ?? ''} />
      </label>
      <Refusal c={c} w={w} />
      <div class="actions">
        <button type="submit" class="btn primary" aria-busy={w?.busy || undefined}>
          {w?.busy ? t('tax.saving') : t('tax.save')}
        </button>
        <button type="button" class="btn" onClick={() => (c.model.clear(k), onDone())}>
          {t('tax.cancel')}
        </button>
      </div>
    </form>
  );
}

/** A group: its name, its own rates by region (each removable), a rate set in a region; renamed, deleted. */
function GroupRow({ c, g, regions }: { c: Ctx; g: TaxGroup; regions: TaxRegion[] }) {
  const { t } = c;
  const [mode, setMode] = useState<'rename' | 'delete' | 'rate'>();
  const [removing, setRemoving] = useState<string>();
  const k = `group:${g.id}`;
  const w = c.writes[k];
  const own = c.model.$taxes
    .get()
    .rates.filter((r) => r.groupId === g.id && r.regionId !== null)
    .map((r) => ({ r, region: regions.find((x) => x.id === r.regionId) }))
    .filter((x) => x.region);
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
        <Confirm
          id={`${c.ids}${k}d`}
          focus
          question={t('tax.confirmDeleteGroup', { name: g.name })}
          hint={t('tax.confirmDeleteGroupHint')}
          confirm={t('tax.delete')}
          busyLabel={t('tax.deleting')}
          keep={t('tax.keep')}
          busy={w?.busy}
          onConfirm={() => void c.model.deleteGroup(g).then((ok) => ok && setMode(undefined))}
          onKeep={() => (c.model.clear(k), setMode(undefined))}
        >
          <Refusal c={c} w={w} />
        </Confirm>
      ) : null}
      {mode ? null : <Refusal c={c} w={w} />}
    </li>
  );
}
