import type { Migration } from './migration.ts';

/**
 * Allowed authorization redirect URIs per OAuth client (docs/spec/wire-protocol.md §11.2; the OAuth app's
 * `allowedRedirectUris`), kept apart from its allowed origins (`allowedRedirectDomains`, CORS): a hosted sign-in may
 * return only to a URI registered here, compared exactly. JSON array of absolute URIs.
 */
export const migration008: Migration = {
  version: 8,
  name: 'redirect-uris',
  sql: `
    ALTER TABLE oauth_clients ADD COLUMN redirect_uris TEXT NOT NULL DEFAULT '[]';
  `,
};
