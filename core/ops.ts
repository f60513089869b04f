/**
 * Every platform operation the widgets use, one export each, with its real path on `www.wixapis.com`
 * (docs/spec/wire-protocol.md §10.1: the spec's protoPaths plus their service prefixes); `{name}` is a path parameter
 * (urls.ts `route`), `fallbackPath` the POST used when a GET's query string gets too long. Read through urls.ts's
 * `ops` namespace: one module per service, one export per operation, so each chunk holds only the operations its
 * code calls (the sign-in's travel with the sign-in, not in the core every page loads).
 */
export * from './ops/oauth.ts';
export * from './ops/identity.ts';
export * from './ops/members.ts';
export * from './ops/reviews.ts';
export * from './ops/cart.ts';
export * from './ops/stock.ts';
export * from './ops/recommendations.ts';
export * from './ops/stores.ts';
