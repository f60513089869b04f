import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { I18n } from '../../../../core/i18n/index.ts';
import { ErrorLine } from '../../../../ui/states.tsx';
import type { DiscountsModel } from './model.ts';
import type { T } from './words.ts';
import { CURRENCY, clampQty, sampleLines, sampleQty } from './rule-model.ts';

export function PreviewBox({ model, t, i, ids }: { model: DiscountsModel; t: T; i: I18n; ids: string }) {
  const cat = useStore(model.$catalog);
  const p = useStore(model.$preview);
  const sample = cat.products.slice(0, 4);
  const [qty, setQty] = useState<Record<string, number>>({});
  const q = (id: string, n: number) => sampleQty(qty, id, n);
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
          const lines = sampleLines(sample, q);
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
              onInput={(e) => setQty({ ...qty, [s.id]: clampQty(e.currentTarget.value) })}
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
