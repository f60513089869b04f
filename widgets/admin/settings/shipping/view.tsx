import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { adoptSheet } from '../../../../core/element.ts';
import type { I18n } from '../../../../core/i18n/index.ts';
import type { T } from './words.ts';
import type { ConsoleSectionProps } from '../../section.ts';
import type { DeliveryRegionView, ShippingOptionView } from '../../../../core/api/admin-shipping.ts';
import { before } from '../../states.tsx';
import { Confirm } from '../../../../ui/confirm.tsx';
import { ErrorLine } from '../../../../ui/states.tsx';
import { createShippingModel, type EditUi, type Rate, type ShippingModel } from './model.ts';
import type { ShippingOptionBody } from '../../../../core/api/admin-shipping.ts';
import { shippingStrings } from './strings.ts';
import { useFrench } from '../french.ts';
import { shippingCss } from './styles.ts';
import type { LabelPanel } from './label.tsx';

export type { T };
const TYPES = ['BY_TOTAL_PRICE', 'BY_TOTAL_WEIGHT', 'BY_TOTAL_QUANTITY'] as const;
const OPS = ['GTE', 'GT', 'EQ', 'LTE', 'LT'] as const;
const DEC2 = /^\d{1,9}(\.\d{1,2})?$/;
const DEC6 = /^\d{1,9}(\.\d{1,6})?$/;

/** A rate in words: its price, and its first condition ("$0.00 when the order total is at least $75.00"). */
function rateWords(t: T, i: I18n, r: ShippingOptionView['rates'][number]) {
  const price = Number(r.amount) ? i.money(r.amount, 'USD') : t('sh.free');
  const c = r.conditions[0];
  if (!c) return t('sh.rate', { price });
  const value =
    c.type === 'BY_TOTAL_PRICE'
      ? i.money(c.value, 'USD')
      : c.type === 'BY_TOTAL_WEIGHT'
        ? t('sh.kg', { value: c.value })
        : c.value;
  const more = r.conditions.length > 1 ? ` ${t('sh.more', { count: r.conditions.length - 1 })}` : '';
  return (
    t('sh.rateWhen', { price, what: t(`sh.what.${c.type}` as never), op: t(`sh.op.${c.operator}` as never), value }) +
    more
  );
}

/** A region's places in words ("United States, Canada"; none: everywhere else). */
function placesOf(t: T, i: I18n, r: DeliveryRegionView) {
  if (!r.destinations.length) return t('sh.world');
  const names = new Intl.DisplayNames([i.language], { type: 'region' });
  return r.destinations
    .map((d) =>
      d.subdivisions?.length ? `${names.of(d.countryCode)} (${d.subdivisions.join(', ')})` : names.of(d.countryCode),
    )
    .join(', ');
}

/** Settings › Shipping: the options by region, each made, changed and deleted after a confirmation; the label panel. */
export function ShippingSettings({ context, ids }: ConsoleSectionProps) {
  const i = context.i18n();
  const t: T = i.strings(shippingStrings);
  // the page turned French after the section loaded: its French now (french.ts)
  useFrench(i, shippingStrings, () => import('./strings.fr.ts'));
  const model = useMemo(() => createShippingModel(context), []);
  const l = useStore(model.$list);
  const edit = useStore(model.$edit);
  const remove = useStore(model.$remove);
  const notice = useStore(model.$notice);
  // the label panel is its own chunk, loaded beside the options (its failure, like its calls', is its own)
  const [Label, setLabel] = useState<{ C?: typeof LabelPanel; failed?: boolean }>({});
  const loadPanel = () =>
    import('./label.tsx').then(
      (m) => setLabel({ C: m.LabelPanel }),
      () => setLabel({ failed: true }),
    );
  useEffect(() => {
    void model.load().catch(() => undefined);
    void model.loadLabel();
    void loadPanel();
  }, [model]);

  const groups: { key: string; name: string; places: string; options: ShippingOptionView[] }[] = l.regions.map((r) => ({
    key: r.id,
    name: r.name,
    places: placesOf(t, i, r),
    options: l.options.filter((o) => o.deliveryRegionIds.includes(r.id)),
  }));
  const nowhere = l.options.filter((o) => !o.deliveryRegionIds.some((id) => l.regions.some((r) => r.id === id)));
  if (nowhere.length) groups.push({ key: 'none', name: t('sh.noRegion'), places: '', options: nowhere });

  return (
    <div class="sh" ref={(n) => adoptSheet(n, shippingCss)}>
      <div class="head">
        <h3 id={`${ids}sh3`}>{t('sh.title')}</h3>
        {l.status === 'ready' && !edit ? (
          <button type="button" class="btn primary" part="add-shipping" onClick={() => model.edit()}>
            {t('sh.add')}
          </button>
        ) : null}
      </div>
      <p class="muted">{t('sh.intro')}</p>
      <p role="status" class="ok">
        {notice ? t('sh.saved', { title: notice }) : ''}
      </p>
      {edit && !edit.id ? <Editor t={t} i={i} ids={ids} model={model} e={edit} regions={l.regions} /> : null}
      {before({
        i18n: i,
        status: l.status,
        error: l.error,
        retry: () => void model.load().catch(() => undefined),
        empty: !l.options.length && !edit && t('sh.empty'),
        bones: 3,
      }) ?? (
        <div class="groups">
          {groups.map((g) => (
            <section key={g.key} class="group" aria-labelledby={`${ids}g${g.key}`} part="shipping-region">
              <h4 id={`${ids}g${g.key}`}>
                <bdi>{g.name}</bdi>
              </h4>
              {g.places && g.places !== g.name ? (
                <p class="muted">
                  <bdi>{g.places}</bdi>
                </p>
              ) : null}
              {g.options.length ? (
                <ul class="list">
                  {g.options.map((o) => (
                    <li key={o.id} class="card" part="shipping-option">
                      <div class="row">
                        <div class="what">
                          <span class="strong">
                            <bdi>{o.title}</bdi>
                          </span>
                          {o.estimatedDeliveryTime ? (
                            <span class="muted">
                              <bdi>{o.estimatedDeliveryTime}</bdi>
                            </span>
                          ) : null}
                          <ul class="rates">
                            {o.rates.map((r, n) => (
                              <li key={n}>
                                <bdi>{rateWords(t, i, r)}</bdi>
                              </li>
                            ))}
                          </ul>
                        </div>
                        <div class="actions">
                          <button
                            type="button"
                            class="btn"
                            aria-label={t('sh.editOf', { title: o.title })}
                            onClick={() => model.edit(o.id)}
                          >
                            {t('sh.edit')}
                          </button>
                          <button
                            type="button"
                            class="btn danger"
                            aria-label={t('sh.deleteOf', { title: o.title })}
                            onClick={() => void model.remove(o.id)}
                          >
                            {t('sh.delete')}
                          </button>
                        </div>
                      </div>
                      {edit?.id === o.id && g.key === (o.deliveryRegionIds[0] ?? 'none') ? (
                        <Editor t={t} i={i} ids={ids} model={model} e={edit} regions={l.regions} />
                      ) : null}
                      {remove?.id === o.id && g.key === (o.deliveryRegionIds[0] ?? 'none') ? (
                        <Confirm
                          id={`${ids}del`}
                          focus
                          question={t('sh.deleteQ', { title: o.title })}
                          confirm={t('sh.delete')}
                          busyLabel={t('sh.deleting')}
                          busy={remove.busy}
                          error={remove.error}
                          keep={t('sh.keep')}
                          onConfirm={() => void model.remove()}
                          onKeep={() => void model.remove('')}
                        />
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : (
                <p class="muted">{t('sh.none')}</p>
              )}
            </section>
          ))}
        </div>
      )}
      {Label.C ? (
        <Label.C t={t} i={i} ids={ids} model={model} />
      ) : (
        before({
          i18n: i,
          status: Label.failed ? 'error' : 'loading',
          error: t('sh.labelFailed'),
          retry: () => (setLabel({}), void loadPanel()),
          bones: 1,
        })
      )}
    </div>
  );
}

/** What is wrong with a draft, in words (false: nothing). */
function check(t: T, d: ShippingOptionBody) {
  return {
    title: !d.title.trim() && t('sh.err.title'),
    regions: !d.regionIds.length && t('sh.err.regions'),
    rates: d.rates.map((r) => ({
      amount: !DEC2.test(r.amount) && t('sh.err.amount'),
      value: !!r.conditions[0] && !DEC6.test(r.conditions[0].value) && t('sh.err.value'),
    })),
  };
}
const invalid = (p: ReturnType<typeof check>) => !!p.title || !!p.regions || p.rates.some((r) => r.amount || r.value);

/** The option's form: name, delivery time, regions, rates; Save asks first (what shoppers pay changes). */
function Editor(p: { t: T; i: I18n; ids: string; model: ShippingModel; e: EditUi; regions: DeliveryRegionView[] }) {
  const { t, i, ids, model, e } = p;
  const d = e.draft;
  const [shown, show] = useState(false);
  const f = `${ids}ed`;
  const set = (patch: (d: ShippingOptionBody) => Partial<ShippingOptionBody>) =>
    model.change((now) => ({ ...now, ...patch(now) }));
  const setRate = (n: number, r: (r: Rate) => Rate) =>
    set((now) => ({ rates: now.rates.map((x, k) => (k === n ? r(x) : x)) }));
  const problems = check(t, d);
  const err = (on: boolean, msg: string | false | undefined, id: string) =>
    on && msg ? (
      <span class="err" id={id}>
        {msg}
      </span>
    ) : null;
  // what most shoppers pay: the lowest rate without a condition (else the lowest of all)
  const plain = d.rates.filter((r) => !r.conditions.length);
  const lowest = Math.min(...(plain.length ? plain : d.rates).map((r) => Number(r.amount) || 0));
  const names = p.regions.filter((r) => d.regionIds.includes(r.id)).map((r) => r.name);
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
        {d.rates.map((r, n) => {
          const c = r.conditions[0];
          const rid = `${f}r${n}`;
          const pr = problems.rates[n]!;
          return (
            <div key={n} class="rate" role="group" aria-label={t('sh.rateN', { n: n + 1 })}>
              <div class="field">
                <label for={`${rid}a`}>{t('sh.amount')}</label>
                <input
                  id={`${rid}a`}
                  inputMode="decimal"
                  dir="ltr"
                  value={r.amount}
                  aria-invalid={shown && !!pr.amount}
                  aria-describedby={shown && pr.amount ? `${rid}ae` : undefined}
                  onInput={(ev) => {
                    const amount = ev.currentTarget.value.trim();
                    setRate(n, (x) => ({ ...x, amount }));
                  }}
                />
                {err(shown, pr.amount, `${rid}ae`)}
              </div>
              <div class="field">
                <label for={`${rid}c`}>{t('sh.if')}</label>
                <select
                  id={`${rid}c`}
                  value={c?.type ?? ''}
                  onChange={(ev) => {
                    const type = ev.currentTarget.value as (typeof TYPES)[number] | '';
                    setRate(n, (x) => ({
                      ...x,
                      conditions: type
                        ? [
                            { type, operator: x.conditions[0]?.operator ?? 'GTE', value: x.conditions[0]?.value ?? '' },
                            ...x.conditions.slice(1),
                          ]
                        : [],
                    }));
                  }}
                >
                  <option value="">{t('sh.always')}</option>
                  {TYPES.map((x) => (
                    <option key={x} value={x}>
                      {t(`sh.${x}` as never)}
                    </option>
                  ))}
                </select>
              </div>
              {c ? (
                <>
                  <div class="field">
                    <label for={`${rid}o`}>{t('sh.op')}</label>
                    <select
                      id={`${rid}o`}
                      value={c.operator}
                      onChange={(ev) => {
                        const operator = ev.currentTarget.value as (typeof OPS)[number];
                        setRate(n, (x) => ({
                          ...x,
                          conditions: [{ ...x.conditions[0]!, operator }, ...x.conditions.slice(1)],
                        }));
                      }}
                    >
                      {OPS.map((x) => (
                        <option key={x} value={x}>
                          {t(`sh.op.${x}` as never)}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div class="field">
                    <label for={`${rid}v`}>{t('sh.value')}</label>
                    <input
                      id={`${rid}v`}
                      inputMode="decimal"
                      dir="ltr"
                      value={c.value}
                      aria-invalid={shown && !!pr.value}
                      aria-describedby={shown && pr.value ? `${rid}ve` : undefined}
                      onInput={(ev) => {
                        const value = ev.currentTarget.value.trim();
                        setRate(n, (x) => ({
                          ...x,
                          conditions: [{ ...x.conditions[0]!, value }, ...x.conditions.slice(1)],
                        }));
                      }}
                    />
                    {err(shown, pr.value, `${rid}ve`)}
                  </div>
                </>
              ) : null}
              {d.rates.length > 1 ? (
                <button
                  type="button"
                  class="btn link"
                  aria-label={t('sh.removeRate', { n: n + 1 })}
                  onClick={() => set((now) => ({ rates: now.rates.filter((_, k) => k !== n) }))}
                >
                  ×
                </button>
              ) : null}
            </div>
          );
        })}
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
