import { useEffect, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { adoptSheet } from '../../../../core/element.ts';
import type { ConsoleSectionProps } from '../../section.ts';
import { before } from '../../states.tsx';
import { createDiscountsModel } from './model.ts';
import type { T } from './words.ts';
import { discountStrings } from './strings.ts';
import { useFrench } from '../french.ts';
import { discountsCss } from './styles.ts';
import { RuleEditor } from './form.tsx';
import { Row } from './rule-row.tsx';
import { PreviewBox } from './preview.tsx';

/** What a rule takes off, in words (kept here for its importers). */
export { discountOf } from './rule-model.ts';

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
