import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { toast } from '../../core/stores/toasts.ts';
import { inStock } from '../../core/api/products.ts';
import { productStore } from '../../core/stores/products.ts';
import { cartOf } from '../../core/stores/current-cart.ts';
import type { WidgetProps } from '../../core/element.ts';
import { strings } from './strings.ts';

const NONE = atom<{ data?: undefined }>({});

export interface AddToCartProps {
  /** The Stores product id to add. */
  productId?: string;
  /** The variant id, for products with options (the button stays disabled without one when it is needed). */
  variantId?: string;
  /**
   * Units to add (1 to 9999).
   * @default 1
   */
  quantity?: number;
  /** Do not open the cart drawer after adding. */
  noOpen?: boolean;
}

/**
 * `<inlay-add-to-cart>`: adds the product (variant, quantity) to the page's cart and opens the drawer unless
 * `no-open`. Reads the product (shared query cache) to know whether it is sold out.
 */
export function AddToCartView({ productId, variantId, quantity, noOpen, host, context }: AddToCartProps & WidgetProps) {
  const { client, i18n } = context;
  const cart = cartOf(client);
  const t = i18n().strings(strings);
  const $product = useMemo(() => (productId ? productStore(client, productId) : NONE), [productId]);
  const product = useStore($product).data;
  const [phase, setPhase] = useState<'idle' | 'busy' | 'done'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const soldOut = !!product && !inStock(product, variantId);
  const needsChoice = !!product && !variantId && (product.variants?.length ?? 0) > 1;
  const qty = Math.min(9999, Math.max(1, Math.floor(Number(quantity) || 1)));

  /** `previous`: the failed try this one repeats, so an add whose answer was lost is not made twice. */
  const add = async (previous?: unknown) => {
    if (phase === 'busy' || !productId) return;
    setPhase('busy');
    try {
      await cart.addItems([{ productId, ...(variantId ? { variantId } : {}), quantity: qty }], host, previous);
      setPhase('done');
      if (!noOpen) cart.$cartOpen.set(true);
      timer.current = setTimeout(() => setPhase('idle'), 2500);
    } catch (e) {
      setPhase('idle');
      toast.error(t('atc.failed'), { description: i18n().error(e), action: { label: t('action.retry'), onClick: () => void add(e) } });
    }
  };

  const label = soldOut ? t('atc.soldOut') : needsChoice ? t('atc.choose') : phase === 'busy' ? t('atc.adding') : phase === 'done' ? t('atc.added') : t('atc.add');
  return (
    <>
      <button type="button" part="button" disabled={!productId || soldOut || needsChoice} aria-busy={phase === 'busy'} onClick={() => void add()}>
        {label}
      </button>
      <span class="visually-hidden" role="status">
        {phase === 'done' ? t('atc.added') : ''}
      </span>
    </>
  );
}
