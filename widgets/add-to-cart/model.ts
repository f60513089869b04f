import { atom } from 'nanostores';
import type { InlayContext } from '../../core/context.ts';
import type { WidgetProps } from '../../core/element.ts';
import { inStock, variantOf, type Product } from '../../core/api/products.ts';
import { cartOf } from '../../core/stores/current-cart.ts';
import { productKey, productStore } from '../../core/reads/products.ts';
import { toastsOf } from '../../core/stores/toasts.ts';
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

/** Why the button cannot add (the product is known): sold out, or a variant to choose first. */
export const blocked = (product: Product | undefined, variantId?: string) =>
  product &&
  (!inStock(product, variantId) ? 'atc.soldOut' : !variantId && product.variants?.[1] ? 'atc.choose' : undefined);

/**
 * One `<inlay-add-to-cart>`: the product it adds (shared query cache: whether it is sold out) and the add itself,
 * `idle` → `busy` → `done` (for 2.5 s) or, failed, a toast whose "Try again" repeats it. `host` is where the cart's
 * `inlay-cart-change` is dispatched.
 */
export function createAddToCartModel({ client, i18n }: InlayContext, { host }: Pick<WidgetProps, 'host'>) {
  const cart = cartOf(client);
  const $phase = atom<'idle' | 'busy' | 'done'>('idle');
  /**
   * Add `quantity` of the product (variant) to the page's cart and open the drawer unless `noOpen`. One at a time
   * from the button; `previous`, a retry's failed try, so an add whose answer was lost is not made twice.
   */
  const add = async (props: AddToCartProps, previous?: unknown): Promise<void> => {
    const { productId } = props;
    if ((!previous && $phase.get() === 'busy') || !productId) return;
    $phase.set('busy');
    const known = client.cache.get<Product>(productKey(productId))?.data;
    try {
      await cart.addItems(
        [
          {
            productId,
            // Catalog V3 wants the variant always: a product's only one when none is given (V1 takes it too)
            variantId: props.variantId ?? (known && variantOf(known)?.id),
            quantity: Math.min(9999, Math.max(1, Math.floor(Number(props.quantity) || 1))),
          },
        ],
        host,
        previous,
      );
      $phase.set('done');
      if (!props.noOpen) cart.$cartOpen.set(true);
      // (an element removed meanwhile: a store nobody reads any more)
      setTimeout(() => $phase.set('idle'), 2500);
    } catch (e) {
      $phase.set('idle');
      const t = i18n().strings(strings);
      toastsOf(client).toast.error(t('atc.failed'), {
        description: i18n().error(e),
        action: { label: t('action.retry'), onClick: () => void add(props, e) },
      });
    }
  };
  return {
    $phase,
    /** The product's store (`data` once read). */
    product: (productId?: string) => (productId ? productStore(client, productId) : NONE),
    add,
  };
}
