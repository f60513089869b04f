import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { adoptSheet } from '../../../../core/element.ts';
import type { T } from './words.ts';
import type { ConsoleSectionProps } from '../../section.ts';
import { before } from '../../states.tsx';
import { createShippingModel } from './model.ts';
import { shippingStrings } from './strings.ts';
import { useFrench } from '../french.ts';
import { shippingCss } from './styles.ts';
import type { LabelPanel } from './label.tsx';
import { groupsOf } from './view-model.ts';
import { Editor } from './editor.tsx';
import { OptionCard } from './option-card.tsx';

export type { T };

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

  const groups = groupsOf(t, i, l.regions, l.options);

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
                    <OptionCard
                      key={o.id}
                      t={t}
                      i={i}
                      ids={ids}
                      model={model}
                      o={o}
                      groupKey={g.key}
                      edit={edit}
                      remove={remove}
                      regions={l.regions}
                    />
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
