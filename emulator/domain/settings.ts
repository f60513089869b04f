/**
 * Site settings (`site_settings`): JSON values by key (`siteName`, `siteUrl`, `signupPolicy`, `reviewsModeration`,
 * `backInStock:<appId>`…), seeded at startup and changed by the dev helpers and tests.
 */
import type { Database } from 'better-sqlite3';

/** Read a JSON value from `site_settings`. */
export function getSetting<T = unknown>(db: Database, key: string): T | undefined {
  const row = db.prepare<[string], { value: string }>('SELECT value FROM site_settings WHERE key = ?').get(key);
  return row ? (JSON.parse(row.value) as T) : undefined;
}

/** Write a JSON value to `site_settings`. */
export function setSetting(db: Database, key: string, value: unknown): void {
  db.prepare<[string, string]>(
    'INSERT INTO site_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  ).run(key, JSON.stringify(value));
}

/** The shop as its hosted pages show it: `siteName`, and `siteLogo` (a `data:image/…` or https URL) when set. */
export interface SiteBrand {
  name: string;
  logo?: string;
}

/** The site's name and logo from its settings; a logo that is not an image data URL or an http(s) URL is left out. */
export function siteBrand(db: Database): SiteBrand {
  const name = getSetting<unknown>(db, 'siteName');
  const logo = getSetting<unknown>(db, 'siteLogo');
  return {
    name: typeof name === 'string' && name.trim() ? name.trim() : 'this site',
    ...(typeof logo === 'string' &&
    (/^data:image\/(svg\+xml|png|jpeg|webp|gif)[;,]/.test(logo) || (/^https?:\/\//.test(logo) && URL.canParse(logo)))
      ? { logo }
      : {}),
  };
}
