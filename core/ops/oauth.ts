import { op } from './op.ts';

// OAuth (docs/spec/wire-protocol.md §1): no version prefix, no Authorization header.
export const token = op('POST', '/oauth2/token');
// Redirect session (docs/spec/wire-protocol.md §2): login, silent login, logout, checkout.
export const redirectSession = op('POST', '/_api/redirects-api/v1/redirect-session');
