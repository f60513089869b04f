/**
 * Tag → chunk. The loader imports a widget's chunk only when its tag appears in the page. Each element module
 * defines its tag when imported. Add a widget here when it lands.
 */
export const registry: Record<string, () => Promise<unknown>> = {
  'inlay-toaster': () => import('./toaster/element.ts'),
  'inlay-back-in-stock': () => import('./back-in-stock/element.ts'),
  'inlay-recommendations': () => import('./recommendations/element.ts'),
  'inlay-reviews': () => import('./reviews/element.ts'),
  'inlay-rating': () => import('./rating/element.ts'),
  'inlay-login': () => import('./login/element.ts'),
  'inlay-cart': () => import('./cart/element.ts'),
  'inlay-add-to-cart': () => import('./add-to-cart/element.ts'),
};

/**
 * Space reserved for every public tag until its element is defined, so the page does not shift when it upgrades.
 * Each widget's own loading state keeps the same box.
 */
export const reserveCss =
  'inlay-reviews:not(:defined),inlay-recommendations:not(:defined),inlay-login:not(:defined),' +
  'inlay-back-in-stock:not(:defined){display:block}' +
  'inlay-reviews:not(:defined){min-height:420px}inlay-recommendations:not(:defined){min-height:412px}' +
  'inlay-login:not(:defined){min-height:44px;min-width:96px}inlay-back-in-stock:not(:defined){min-height:44px}' +
  'inlay-cart:not(:defined),inlay-add-to-cart:not(:defined),inlay-rating:not(:defined){display:inline-block;' +
  'min-height:44px;min-width:44px;vertical-align:middle}inlay-rating:not(:defined){min-height:20.88px;min-width:120px}' +
  'inlay-toaster:not(:defined){display:none}';
