/**
 * Startup seeding: registers `demo-client`, the demo logins and the default site settings on every start, and
 * writes the demo store (`../seed.ts`) and its reviews once, when the database has none.
 */
import type { Database } from 'better-sqlite3';
import { stableId } from '../db.ts';
import {
  DEMO_CLIENT_ID,
  SEED_BADGES,
  SEED_COLLECTIONS,
  SEED_CUSTOM_FIELD,
  SEED_MEMBERS,
  SEED_PRODUCTS,
  SHOP_LOGO,
  SHOP_NAME,
  seedMediaId,
} from '../seed.ts';
import { productSvg } from './art.ts';
import { hashPassword, upsertClient } from './auth.ts';
import type { StoredOption } from './catalog.ts';
import { seedReviews } from './reviews.ts';
import { seedAbandonedCheckouts } from './abandoned.ts';
import { CONTENT_ASSIGNEES } from './identity.ts';
import { enrollFactor, memberFactors } from './mfa.ts';

export interface SeedOptions {
  demoOrigins: string[];
  /** `demo-client`'s authorization redirect URIs; default each demo origin's home page (`<origin>/`). */
  demoRedirectUris?: string[];
  nowMs: number;
}

/** The default redirect URIs of `demo-client`: each demo origin's home page, Inlay's default `data-redirect-uri`. */
export const demoRedirectUris = (origins: readonly string[]): string[] => origins.map((o) => `${o}/`);

export interface SeedResult {
  /** True when the catalog was empty and the demo store was inserted. */
  catalogSeeded: boolean;
  membersCreated: number;
}

/**
 * Runs on every start: registers/updates `demo-client` with the demo origins and redirect URIs, ensures the demo logins and the
 * default site settings exist, inserts the demo catalog when it is empty, and the demo reviews once per database.
 */
export async function seed(db: Database, opts: SeedOptions): Promise<SeedResult> {
  const nowIso = new Date(opts.nowMs).toISOString();
  upsertClient(
    db,
    {
      id: DEMO_CLIENT_ID,
      name: 'Inlay demo storefront',
      allowedOrigins: opts.demoOrigins,
      // the hosted sign-in's callback: Inlay's default `data-redirect-uri` is the site's home page
      redirectUris: opts.demoRedirectUris ?? demoRedirectUris(opts.demoOrigins),
    },
    nowIso,
  );

  const defaults: Record<string, unknown> = {
    siteName: SHOP_NAME,
    siteLogo: SHOP_LOGO,
    siteUrl: `${opts.demoOrigins[0] ?? 'http://127.0.0.1:5173'}/`,
    currency: 'USD',
    locale: 'en-US',
    weightUnit: 'LB',
    // who may receive a leaving member's reviews (Delete My Member's contentAssigneeId): none, as the demo's
    // <inlay-account> names no content-assignee (docs/wire.md "Members: contact details and account deletion")
    [CONTENT_ASSIGNEES]: [],
  };
  const insertSetting = db.prepare<[string, string]>('INSERT OR IGNORE INTO site_settings (key, value) VALUES (?, ?)');
  for (const [k, v] of Object.entries(defaults)) insertSetting.run(k, JSON.stringify(v));

  // Hash outside the transaction (scrypt is async), only for members that are missing.
  const exists = db.prepare<[string], { id: string }>('SELECT id FROM members WHERE email = ?');
  const missing = SEED_MEMBERS.filter((m) => !exists.get(m.email));
  const hashes = await Promise.all(missing.map((m) => hashPassword(m.password)));
  const insertMember = db.prepare<
    [string, string, string, string, string, string, string, string, string, string, string, string]
  >(
    `INSERT OR IGNORE INTO members (id, contact_id, email, email_verified, password_hash, role, status, nickname, first_name, last_name, slug, created_date, updated_date)
     VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    missing.forEach((m, i) =>
      insertMember.run(
        m.id,
        m.contactId,
        m.email,
        hashes[i] as string,
        m.role,
        m.status ?? 'APPROVED',
        m.nickname,
        m.firstName,
        m.lastName,
        m.slug,
        nowIso,
        nowIso,
      ),
    );
  })();

  // the demo logins' second factors (issue 42): enrolled again when removed
  for (const m of SEED_MEMBERS)
    if (m.factor && !memberFactors(db, m.id).some((f) => f.type === m.factor!.type))
      enrollFactor(db, m.id, m.factor, opts.nowMs);

  const count = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM products').get()?.n ?? 0;
  if (count === 0) db.transaction(() => seedCatalog(db, nowIso))();
  seedReviews(db);
  if (count === 0) seedAbandonedCheckouts(db, opts.nowMs); // once: with the demo store
  if (count === 0) seedMembersAdmin(db, nowIso); // once: with the demo store
  return { catalogSeeded: count === 0, membersCreated: missing.length };
}

function seedCatalog(db: Database, nowIso: string): void {
  const insertMedia = db.prepare<[string, string, string, Buffer, number, number, string, string]>(
    'INSERT INTO media_files (id, filename, mime_type, content, width, height, title, created_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const addImage = (id: string, svg: string, title: string) =>
    insertMedia.run(id, id, 'image/svg+xml', Buffer.from(svg, 'utf8'), 800, 800, title, nowIso);

  const insertCollection = db.prepare<[string, string, string, string, number, string]>(
    'INSERT INTO collections (id, slug, name, description, visible, sort_order, created_date) VALUES (?, ?, ?, ?, 1, ?, ?)',
  );
  SEED_COLLECTIONS.forEach((c, i) => insertCollection.run(c.id, c.slug, c.name, c.description, i, nowIso));

  const insertProduct = db.prepare<
    [
      string,
      number,
      string,
      string,
      string,
      string,
      number,
      number,
      string,
      number,
      number,
      number,
      string | null,
      string,
      string,
      string,
      string,
      string,
      string,
    ]
  >(
    `INSERT INTO products (id, numeric_id, slug, name, description, sku, weight, price_cents, discount_type, discount_value,
       track_inventory, manage_variants, ribbon, brand, inventory_item_id, options, media_ids, created_date, updated_date)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertVariant = db.prepare<
    [string, string, string, string, number | null, number | null, number | null, number]
  >(
    'INSERT INTO product_variants (id, product_id, choices, sku, weight, price_cents, quantity, sort_order) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const link = db.prepare<[string, string, number]>(
    'INSERT INTO product_collections (product_id, collection_id, sort_order) VALUES (?, ?, ?)',
  );

  for (const p of SEED_PRODUCTS) {
    const mediaIds: string[] = [];
    const options: StoredOption[] = p.options.map((o) => ({
      name: o.name,
      optionType: o.optionType,
      choices: o.choices.map((c) => {
        if (!c.palette) return { value: c.value, description: c.description };
        const id = seedMediaId(p.slug, c.description);
        addImage(id, productSvg(p.art, c.palette, `${p.name}, ${c.description}`), `${p.name}, ${c.description}`);
        mediaIds.push(id);
        return { value: c.value, description: c.description, mediaIds: [id] };
      }),
    }));
    if (mediaIds.length === 0) {
      const id = seedMediaId(p.slug);
      addImage(id, productSvg(p.art, p.palette, p.name), p.name);
      mediaIds.push(id);
    }
    insertProduct.run(
      p.id,
      p.numericId,
      p.slug,
      p.name,
      p.description,
      p.sku,
      p.weight,
      p.price,
      p.discount?.type ?? 'NONE',
      p.discount?.value ?? 0,
      p.trackInventory ? 1 : 0,
      p.options.length > 0 ? 1 : 0,
      p.ribbon ?? null,
      p.brand,
      stableId(`inventory:${p.slug}`),
      JSON.stringify(options),
      JSON.stringify(mediaIds),
      p.createdDate,
      p.updatedDate,
    );
    p.variants.forEach((v, i) =>
      insertVariant.run(v.id, p.id, JSON.stringify(v.choices), v.sku, v.weight ?? null, v.price ?? null, v.quantity, i),
    );
    p.collections.forEach((slug, i) => {
      const c = SEED_COLLECTIONS.find((x) => x.slug === slug);
      if (!c) throw new Error(`seed: unknown collection ${slug}`);
      link.run(p.id, c.id, i);
    });
  }
}

/** The demo's member badges (one assigned) and custom field with a value (issue 41). */
function seedMembersAdmin(db: Database, nowIso: string): void {
  db.transaction(() => {
    const badge = db.prepare<[string, string, string, string, string, number, string, number, string, string]>(
      `INSERT OR IGNORE INTO member_badges (id, title, description, background_color, text_color, permissions_enabled, slug, position, created_date, updated_date)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const assign = db.prepare<[string, string, string]>(
      'INSERT OR IGNORE INTO member_badge_assignments (badge_id, member_id, assigned_date) VALUES (?, ?, ?)',
    );
    SEED_BADGES.forEach((b, i) => {
      const slug = b.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      badge.run(
        b.id,
        b.title,
        b.description,
        b.backgroundColor,
        b.textColor,
        b.permissionsEnabled ? 1 : 0,
        slug,
        i,
        nowIso,
        nowIso,
      );
      for (const m of b.assignedTo) assign.run(b.id, m, nowIso);
    });
    const f = SEED_CUSTOM_FIELD;
    db.prepare<[string, string, string, string, string]>(
      `INSERT OR IGNORE INTO member_custom_field_defs (id, name, key, field_type, default_privacy, section, position, created_date, updated_date)
       VALUES (?, ?, ?, 'TEXT', 'PUBLIC', 'GENERAL', 0, ?, ?)`,
    ).run(f.id, f.name, f.key, nowIso, nowIso);
    const value = db.prepare<[string, string, string]>(
      'INSERT OR IGNORE INTO member_custom_fields (member_id, name, value) VALUES (?, ?, ?)',
    );
    for (const [member, v] of Object.entries(f.values))
      value.run(member, f.key.replace(/^custom\./, ''), JSON.stringify({ strValue: v }));
  })();
}
