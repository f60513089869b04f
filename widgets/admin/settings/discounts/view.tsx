import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { adoptSheet } from '../../../../core/element.ts';
import type { I18n } from '../../../../core/i18n/index.ts';
import { Confirm } from '../../../../ui/confirm.tsx';
import { ErrorLine } from '../../../../ui/states.tsx';
import type { ConsoleSectionProps } from '../../section.ts';
import { before } from '../../states.tsx';
import { createDiscountsModel, type DiscountsModel, type Rule } from './model.ts';
import type { T } from './words.ts';
import { discountStrings } from './strings.ts';
import { useFrench } from '../french.ts';
import { discountsCss } from './styles.ts';
import { RuleEditor } from './form.tsx';

const CURRENCY = 'USD';

/** What a rule takes off, in words ("15 % off", "$5.00 off each", "Each at $15.00"). */
export const discountOf = (r: Pick<Rule, 'type' | 'value'>, t: T, i: I18n) =>
  r.type === 'PERCENTAGE'
    ? t('dr.pct', { value: i.number(Number(r.value)) })
    : t(r.type === 'FIXED_PRICE' ? 'dr.price' : 'dr.amount', { value: i.money(r.value, CURRENCY) });

function windowOf(r: Rule, t: T, i: I18n) {
  const d = (s: string) => i.date(s, 'medium');
  if (r.start && r.end) return t('dr.between', { start: d(r.start), end: d(r.end) });
  if (r.end) return t('dr.until', { date: d(r.end) });
  return r.start ? t('dr.from', { date: d(r.start) }) : t('dr.always');
}

function Row({ r, t, i, model, ids }: { r: Rule; t: T; i: I18n; model: DiscountsModel; ids: string }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const status = r.active ? r.status : 'off';
  const k = (s: string) => `dr.${s}` as keyof typeof discountStrings;
  return (
    <li class="card" part="discount-rule">
      <div class="top">
        <h4 dir="auto">
          <bdi>{r.name}</bdi>
        </h4>
        <span class={`badge s-${status}`} part="discount-status">
          {t(k(status === 'off' ? 'off' : ['LIVE', 'PENDING', 'EXPIRED'].includes(status) ? status : 'LIVE'))}
        </span>
      </div>
      <dl class="facts">
        <div>
          <dt>{t('dr.discount')}</dt>
          <dd>
            <bdi>{discountOf(r, t, i)}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('dr.appliesTo')}</dt>
          <dd>
            {r.appliesTo === 'ALL'
              ? t('dr.ALL')
              : t(r.appliesTo === 'PRODUCTS' ? 'dr.products' : 'dr.collections', { count: r.ids.length })}
          </dd>
        </div>
        <div>
          <dt>{t('dr.when')}</dt>
          <dd>
            <bdi>
              {r.trigger === 'SUBTOTAL'
                ? t('dr.SUBTOTAL', { value: i.money(r.min ?? '0', CURRENCY) })
                : r.trigger === 'QUANTITY'
                  ? t('dr.QUANTITY', { value: i.number(Number(r.min ?? 1)) })
                  : t(r.trigger === 'NONE' ? 'dr.NONE' : 'dr.OTHER')}
            </bdi>
          </dd>
        </div>
        <div>
          <dt>{t('dr.window')}</dt>
          <dd>
            <bdi>{windowOf(r, t, i)}</bdi>
          </dd>
        </div>
      </dl>
      <p class="muted">{t('dr.used', { count: r.usageCount })}</p>
      {!r.editable ? <p class="muted">{t('dr.notEditable')}</p> : null}
      {asking ? (
        <Confirm
          id={`${ids}d${r.id}`}
          question={t('dr.confirmDelete', { name: r.name })}
          confirm={t('dr.delete')}
          busyLabel={t('dr.deleting')}
          keep={t('dr.keep')}
          busy={busy}
          error={error}
          focus
          onConfirm={async () => {
            setBusy(true);
            const e = await model.remove(r.id);
            setBusy(false);
            setError(e);
            if (!e) setAsking(false);
          }}
          onKeep={() => setAsking(false)}
        />
      ) : (
        <div class="actions">
          {r.editable ? (
            <button type="button" class="btn" aria-label={`${t('dr.edit')} ${r.name}`} onClick={() => model.edit(r)}>
              {t('dr.edit')}
            </button>
          ) : null}
          <button
            type="button"
            class="btn"
            aria-label={`${t('dr.delete')} ${r.name}`}
            onClick={() => (setError(undefined), setAsking(true))}
          >
            {t('dr.delete')}
          </button>
        </div>
      )}
    </li>
  );
}

function PreviewBox({ model, t, i, ids }: { model: DiscountsModel; t: T; i: I18n; ids: string }) {
  const cat = useStore(model.$catalog);
  const p = useStore(model.$preview);
  const sample = cat.products.slice(0, 4);
  const [qty, setQty] = useState<Record<string, number>>({});
  const q = (id: string, n: number) => qty[id] ?? (n === 0 ? 2 : 1);
  const m = (a: string) => i.money(a, p.result?.currency ?? CURRENCY);
  if (!sample.length) return null;
  return (
    <section class="card preview" aria-labelledby={`${ids}pv`} part="discount-preview">
      <h4 id={`${ids}pv`}>{t('dr.preview')}</h4>
      <p class="muted">{t('dr.previewHint')}</p>
      <form
        class="sample"
        onSubmit={(e) => {
          e.preventDefault();
          const lines = sample
            .map((s, n) => ({
              productId: s.id,
              ...(s.variantId ? { variantId: s.variantId } : {}),
              quantity: q(s.id, n),
            }))
            .filter((l) => l.quantity > 0);
          if (lines.length) void model.preview(lines);
        }}
      >
        {sample.map((s, n) => (
          <label key={s.id} class="qty">
            <bdi class="grow">{s.name}</bdi>
            <input
              type="number"
              min={0}
              max={99}
              value={q(s.id, n)}
              aria-label={t('dr.qty', { name: s.name })}
              onInput={(e) => setQty({ ...qty, [s.id]: Math.max(0, Math.min(99, Number(e.currentTarget.value) || 0)) })}
            />
          </label>
        ))}
        <button type="submit" class="btn" aria-busy={p.busy || undefined}>
          {t('dr.run')}
        </button>
      </form>
      <ErrorLine error={p.error} />
      {p.result ? (
        <div aria-live="polite">
          <table class="lines">
            <thead>
              <tr>
                <th scope="col">{t('dr.item')}</th>
                <th scope="col">{t('dr.lineTotal')}</th>
                <th scope="col">{t('dr.lineOff')}</th>
              </tr>
            </thead>
            <tbody>
              {p.result.lines.map((l) => (
                <tr key={l.productId} class={Number(l.discount) > 0 ? 'hit' : ''}>
                  <th scope="row">
                    <bdi>
                      {l.name} × {i.number(l.quantity)}
                    </bdi>
                    {l.rules.map((n) => (
                      <span key={n} class="muted rule">
                        <bdi>{n}</bdi>
                      </span>
                    ))}
                  </th>
                  <td>
                    <bdi>{m(l.total)}</bdi>
                  </td>
                  <td>{Number(l.discount) > 0 ? <bdi>−{m(l.discount)}</bdi> : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p class="sum">
            <span>{t('dr.subtotal')}</span> <bdi>{m(p.result.subtotal)}</bdi>
          </p>
          <p class="sum strong" part="discount-preview-total">
            <span>{t('dr.after')}</span> <bdi>{m(p.result.after)}</bdi>
          </p>
          {Number(p.result.discount) ? null : <p class="muted">{t('dr.none')}</p>}
        </div>
      ) : null}
    </section>
  );
}

/**
 * Settings › Discounts: the store's automatic discounts (the platform's discount rules) with what each takes off, on
 * which items, on what condition, when, and its status; create and edit in a form, delete, each change confirmed;
 * a preview of the saved rules on a sample cart, priced by the platform as a shopper's cart.
 */
export function Discounts(props: ConsoleSectionProps) {
  const { context, ids } = props;
  const i = context.i18n();
  const t: T = i.strings(discountStrings);
  // the page turned French after the section loaded: its French now (french.ts)
  useFrench(i, discountStrings, () => import('./strings.fr.ts'));
  const model = useMemo(() => createDiscountsModel(context), []);
  const l = useStore(model.$list);
  const form = useStore(model.$form);
  const note = useStore(model.$note);
  useEffect(() => void (model.load(), model.catalog()), [model]);
  const editing = form?.id ? l.rules.find((r) => r.id === form.id) : undefined;
  return (
    <div class="dr" ref={(n) => adoptSheet(n, discountsCss)}>
      <div class="head">
        <h3 id={`${ids}dr`}>{t('dr.title')}</h3>
        {form ? null : (
          <button type="button" class="btn primary" onClick={() => model.edit()}>
            {t('dr.new')}
          </button>
        )}
      </div>
      <p class="muted">{t('dr.intro')}</p>
      {note ? (
        <p class="ok" role="status">
          {t(note === 'madeAnyway' ? 'dr.madeAnyway' : note === 'deleted' ? 'dr.deleted' : 'dr.saved')}
        </p>
      ) : null}
      {form ? (
        <RuleEditor key={form.id ?? 'new'} model={model} form={form} rule={editing} t={t} i={i} ids={ids} />
      ) : null}
      {before({
        i18n: i,
        status: l.status,
        error: l.error,
        retry: () => model.load(),
        empty: !l.rules.length && t('dr.empty'),
      }) ?? (
        <ul class="list" aria-labelledby={`${ids}dr`}>
          {l.rules.map((r) => (
            <Row key={r.id} r={r} t={t} i={i} model={model} ids={ids} />
          ))}
        </ul>
      )}
      <PreviewBox model={model} t={t} i={i} ids={ids} />
    </div>
  );
}
export default Discounts;
