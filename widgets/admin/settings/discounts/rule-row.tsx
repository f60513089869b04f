import { useState } from 'react';
import type { ComponentChildren } from 'preact';
import type { I18n } from '../../../../core/i18n/index.ts';
import { Confirm } from '../../../../ui/confirm.tsx';
import type { DiscountsModel, Rule } from './model.ts';
import type { T } from './words.ts';
import { appliesOf, discountOf, statusKey, triggerOf, windowOf } from './rule-model.ts';

/** One fact of a rule: its label and its value (wrapped in a bdi unless told not to). */
function Fact({ label, bdi = true, children }: { label: string; bdi?: boolean; children: ComponentChildren }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{bdi ? <bdi>{children}</bdi> : children}</dd>
    </div>
  );
}

export function Row({ r, t, i, model, ids }: { r: Rule; t: T; i: I18n; model: DiscountsModel; ids: string }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const { status, key } = statusKey(r);
  return (
    <li class="card" part="discount-rule">
      <div class="top">
        <h4 dir="auto">
          <bdi>{r.name}</bdi>
        </h4>
        <span class={`badge s-${status}`} part="discount-status">
          {t(key)}
        </span>
      </div>
      <dl class="facts">
        <Fact label={t('dr.discount')}>{discountOf(r, t, i)}</Fact>
        <Fact label={t('dr.appliesTo')} bdi={false}>
          {appliesOf(r, t)}
        </Fact>
        <Fact label={t('dr.when')}>{triggerOf(r, t, i)}</Fact>
        <Fact label={t('dr.window')}>{windowOf(r, t, i)}</Fact>
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
