/**
 * Numbered schema migrations, applied in order, each in its own transaction (see `migrate` in ../db.ts).
 * To add one: create `NNN_name.ts` exporting a {@link Migration} with the next version and append it below.
 * Never edit a migration that has shipped; add a new one.
 */
import type { Migration } from './migration.ts';
import { migration001 } from './001_core.ts';
import { migration002 } from './002_catalog.ts';
import { migration003 } from './003_identity.ts';
import { migration004 } from './004_reviews.ts';
import { migration005 } from './005_commerce.ts';
import { migration006 } from './006_back_in_stock.ts';
import { migration007 } from './007_admin_identity.ts';
import { migration008 } from './008_redirect_uris.ts';
import { migration009 } from './009_contacts.ts';
import { migration010 } from './010_member_contact.ts';
import { migration011 } from './011_order_fulfillments.ts';
import { migration012 } from './012_order_transactions.ts';
import { migration014 } from './014_abandoned_checkouts.ts';
import { migration015 } from './015_restock_quantities.ts';
import { migration016 } from './016_draft_orders.ts';
import { migration017 } from './017_second_factors.ts';
import { migration018 } from './018_members_admin.ts';
import { migration019 } from './019_media_library.ts';
import { migration021 } from './021_discount_rules.ts';
import { migration022 } from './022_shipping_options.ts';
import { migration023 } from './023_taxes.ts';
import { migration024 } from './024_tips.ts';

export type { Migration };

/** All migrations, in version order. */
export const MIGRATIONS: readonly Migration[] = [
  migration001,
  migration002,
  migration003,
  migration004,
  migration005,
  migration006,
  migration007,
  migration008,
  migration009,
  migration010,
  migration011,
  migration012,
  migration014,
  migration015,
  migration016,
  migration017,
  migration018,
  migration019,
  migration021,
  migration022,
  migration023,
  migration024,
];
