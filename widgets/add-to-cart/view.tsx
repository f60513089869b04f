import { useMemo } from 'react';
import { useStore } from '@nanostores/react';
import type { WidgetProps } from '../../core/element.ts';
import { blocked, createAddToCartModel, type AddToCartProps } from './model.ts';
import { strings } from './strings.ts';

export type { AddToCartProps } from './model.ts';

/**
 * `<inlay-add-to-cart>`: adds the product (variant, quantity) to the page's cart and opens the drawer unless
 * `no-open`. Reads the product (shared query cache) to know whether it is sold out.
 */
export function AddToCartView(props: AddToCartProps & WidgetProps) {
  const { productId, variantId, context } = props;
  const model = useMemo(() => createAddToCartModel(context, props), []);
  const t = context.i18n().strings(strings);
  const product = useStore(useMemo(() => model.product(productId), [productId])).data;
  const phase = useStore(model.$phase);

  const why = blocked(product, variantId);
  const label = why ? t(why) : phase === 'busy' ? t('atc.adding') : phase === 'done' ? t('atc.added') : t('atc.add');
  return (
    <>
      <button
        type="button"
        part="button"
        disabled={!productId || !!why}
        aria-busy={phase === 'busy'}
        onClick={() => void model.add(props)}
      >
        {label}
      </button>
      <span class="visually-hidden" role="status">
        {phase === 'done' ? t('atc.added') : ''}
      </span>
    </>
  );
}
