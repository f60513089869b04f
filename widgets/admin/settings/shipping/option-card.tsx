import type { I18n } from '../../../../core/i18n/index.ts';
import type { DeliveryRegionView, ShippingOptionView } from '../../../../core/api/admin-shipping.ts';
import { Confirm } from '../../../../ui/confirm.tsx';
import type { EditUi, ShippingModel } from './model.ts';
import type { T } from './words.ts';
import { rateWords } from './view-model.ts';
import { Editor } from './editor.tsx';

/** One option in its region's list: title, time, rates, Edit and Delete; its form or its delete question below. */
export function OptionCard(p: {
  t: T;
  i: I18n;
  ids: string;
  model: ShippingModel;
  o: ShippingOptionView;
  groupKey: string;
  edit: EditUi | null | undefined;
  remove: { id: string; busy?: boolean; error?: string } | null | undefined;
  regions: DeliveryRegionView[];
}) {
  const { t, i, ids, model, o, edit, remove } = p;
  const here = p.groupKey === (o.deliveryRegionIds[0] ?? 'none');
  return (
    <li class="card" part="shipping-option">
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
      {edit?.id === o.id && here ? <Editor t={t} i={i} ids={ids} model={model} e={edit} regions={p.regions} /> : null}
      {remove?.id === o.id && here ? (
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
  );
}
