import { op } from './op.ts';

const STORES = '/stores-reader/v1';

// Stores catalog reader (V1).
export const queryProducts = op('POST', `${STORES}/products/query`);
export const getProduct = op('GET', `${STORES}/products/{id}`);
export const queryCollections = op('POST', `${STORES}/collections/query`);
// Stores catalog V3 (`@wix/auto_sdk_stores_products-v-3`; docs/wire.md "Catalog V1 and V3"): a site is on one of them.
export const catalogVersion = op('GET', '/stores/v3/provision/version');
export const getProductV3 = op('GET', '/stores/v3/products/{id}');
export const queryProductsV3 = op('POST', '/stores/v3/products/query');
