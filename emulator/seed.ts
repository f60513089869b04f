/**
 * The demo store's data, "Fernwood Supply Co.": home and outdoor goods, its collections and its demo logins.
 * Data only: `domain/seed.ts` writes it on startup (the catalog once, when it is empty).
 * Ids are derived from slugs (stableId) so tests can rely on them; see {@link seedIds}.
 */
import type { ArtKind, Palette } from './domain/art.ts';
import type { MemberRole } from './domain/auth.ts';
import type { EnrollInput } from './domain/mfa.ts';
import { DEFAULT_VARIANT_ID } from './domain/catalog.ts';
import type { OptionType } from './domain/catalog.ts';
import { stableId } from './db.ts';

/** The OAuth client the demo site and the tests use. */
export const DEMO_CLIENT_ID = 'demo-client';

/** Printed at start and listed in the README. */
export const DEMO_LOGINS = {
  member: { email: 'member@fernwood.example', password: 'fernwood-member' },
  owner: { email: 'owner@fernwood.example', password: 'fernwood-owner' },
  /** Signs in with the password, then a code of an authenticator app ({@link DEMO_TOTP_SECRET}). */
  authenticatorApp: { email: 'authenticator@fernwood.example', password: 'fernwood-authenticator' },
  /** Signs in with the password, then the passkey {@link DEMO_PASSKEY} (its private key: tests/helpers/passkey.ts). */
  passkey: { email: 'passkey@fernwood.example', password: 'fernwood-passkey' },
  /** Sign-ups waiting for the owner's approval (issue 41): their sign-in answers REQUIRE_OWNER_APPROVAL. */
  pending: { email: 'juniper@fernwood.example', password: 'fernwood-pending' },
  pending2: { email: 'rafael@fernwood.example', password: 'fernwood-pending' },
  /** Blocked by the owner (issue 41): sign-in refused. */
  blocked: { email: 'blocked@fernwood.example', password: 'fernwood-blocked' },
} as const;

/**
 * The demo authenticator app's secret (base32, RFC 6238 SHA-1, 6 digits, 30 s): add it to any authenticator app
 * (otpauth://totp/Fernwood:authenticator@fernwood.example?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Fernwood)
 * to sign in as {@link DEMO_LOGINS}.authenticatorApp. Public on purpose: a demo login.
 */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/**
 * The demo passkey's public part (an ES256 key on P-256; the COSE key base64url): {@link DEMO_LOGINS}.passkey's.
 * Its private key is a committed TEST FIXTURE (tests/helpers/passkey.ts), for a Chromium virtual authenticator.
 */
export const DEMO_PASSKEY = {
  credentialId: 'elqBhZuJri9a-H0dN0bWkw',
  publicKey: 'pQECAyYgASFYIL4G3rdDRKOKQdukbFN4QDHuXQJmNbwIsnnGwZhN-aimIlggmPiDFNbHrGxROAtf5lO3I6K7Zr2PRFAyHxQBIQw4N8U',
} as const;

export const SHOP_NAME = 'Fernwood Supply Co.';
/** The shop's logo (the demo site's icon, demo/public/favicon.svg), the `siteLogo` setting its hosted pages show. */
export const SHOP_LOGO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#2f5d50"/><path d="M16 5c-5 6-8 10-8 14a8 8 0 0 0 16 0c0-4-3-8-8-14z" fill="#e9dcc3"/><path d="M16 12v15M16 18l-4-3M16 21l4-3" stroke="#2f5d50" stroke-width="1.6" fill="none" stroke-linecap="round"/></svg>',
)}`;

// --------------------------------------------------------------------------------------------- data

export interface SeedChoice {
  /** For colours, the hex value; otherwise the same as the description. */
  value: string;
  description: string;
  /** Colour options: the palette of this choice's image. */
  palette?: Palette;
}

export interface SeedOption {
  name: string;
  optionType: OptionType;
  choices: SeedChoice[];
}

export interface SeedVariant {
  id: string;
  choices: Record<string, string>;
  sku: string;
  /** Cents; absent = product price. */
  price?: number;
  weight?: number;
  /** Null when inventory is not tracked. */
  quantity: number | null;
}

export interface SeedProduct {
  id: string;
  numericId: number;
  slug: string;
  name: string;
  description: string;
  sku: string;
  brand: string;
  /** Cents, before the discount. */
  price: number;
  discount?: { type: 'AMOUNT' | 'PERCENT'; value: number };
  ribbon?: string;
  weight: number;
  collections: string[];
  art: ArtKind;
  palette: Palette;
  trackInventory: boolean;
  options: SeedOption[];
  variants: SeedVariant[];
  createdDate: string;
  updatedDate: string;
}

export interface SeedCollection {
  id: string;
  slug: string;
  name: string;
  description: string;
}

const pal = (bg: string, main: string, dark: string, light: string, accent: string): Palette => ({
  bg,
  main,
  dark,
  light,
  accent,
});

const COLLECTION_DEFS: Omit<SeedCollection, 'id'>[] = [
  {
    slug: 'kitchen',
    name: 'Kitchen & Table',
    description: 'Cast iron, enamel and wood for everyday cooking and slow breakfasts.',
  },
  { slug: 'textiles', name: 'Home Textiles', description: 'Wool, linen and cotton that get better with every wash.' },
  { slug: 'outdoor', name: 'Outdoor & Camp', description: 'Sturdy gear for the porch, the trail and the campsite.' },
  { slug: 'garden', name: 'Garden', description: 'Planters and tools for windowsills, balconies and backyards.' },
  { slug: 'candles-light', name: 'Candles & Light', description: 'Warm light for long evenings, indoors and out.' },
];

/** The seeded collections (the built-in All Products collection is not among them). */
export const SEED_COLLECTIONS: SeedCollection[] = COLLECTION_DEFS.map((c) => ({
  ...c,
  id: stableId(`collection:${c.slug}`),
}));

interface ProductDef {
  slug: string;
  name: string;
  description: string;
  sku: string;
  price: number;
  discount?: { type: 'AMOUNT' | 'PERCENT'; value: number };
  ribbon?: string;
  weight: number;
  collections: string[];
  art: ArtKind;
  palette: Palette;
  trackInventory?: boolean;
  /** Stock of a product without options. */
  quantity?: number;
  options?: SeedOption[];
  variants?: Omit<SeedVariant, 'id'>[];
}

const color = (description: string, value: string, palette: Palette): SeedChoice => ({ value, description, palette });
const size = (description: string): SeedChoice => ({ value: description, description });

const PRODUCT_DEFS: ProductDef[] = [
  {
    slug: 'enamel-camp-mug',
    name: 'Enamel Camp Mug',
    description:
      'A 12 oz steel mug with a glossy speckled enamel coat and a rolled rim. Light enough for the pack, handsome enough for the breakfast table. Safe on a camp stove; hand wash to keep the shine.',
    sku: 'FW-MUG',
    price: 1800,
    weight: 0.6,
    collections: ['kitchen', 'outdoor'],
    art: 'mug',
    palette: pal('#e9efe6', '#2f5d46', '#1f3b2d', '#f6f1e4', '#c8553d'),
    options: [
      {
        name: 'Color',
        optionType: 'color',
        choices: [
          color('Forest', '#2f5d46', pal('#e9efe6', '#2f5d46', '#1f3b2d', '#f6f1e4', '#c8553d')),
          color('Cream', '#efe6d2', pal('#d9e3e6', '#f1e8d4', '#2d3a4a', '#ffffff', '#c8553d')),
          color('Navy', '#1f3352', pal('#e6ebf2', '#1f3352', '#121f33', '#f4f1ea', '#e0a43a')),
        ],
      },
    ],
    variants: [
      { choices: { Color: 'Forest' }, sku: 'FW-MUG-FOR', quantity: 24 },
      { choices: { Color: 'Cream' }, sku: 'FW-MUG-CRM', quantity: 12 },
      { choices: { Color: 'Navy' }, sku: 'FW-MUG-NVY', quantity: 0 },
    ],
  },
  {
    slug: 'cast-iron-skillet',
    name: 'Cast-Iron Skillet',
    description:
      'Pre-seasoned with flaxseed oil and ready for eggs on day one. Heavy walls hold heat for an even sear, and it moves from stovetop to oven to open fire without complaint.',
    sku: 'FW-SKL',
    price: 3400,
    ribbon: 'Bestseller',
    weight: 5.2,
    collections: ['kitchen'],
    art: 'skillet',
    palette: pal('#efe9e1', '#3a3a3c', '#1f1f21', '#8a8a8f', '#6b8f47'),
    options: [{ name: 'Size', optionType: 'drop_down', choices: [size('8 inch'), size('10 inch'), size('12 inch')] }],
    variants: [
      { choices: { Size: '8 inch' }, sku: 'FW-SKL-08', price: 3400, weight: 3.5, quantity: 9 },
      { choices: { Size: '10 inch' }, sku: 'FW-SKL-10', price: 4200, weight: 5.2, quantity: 15 },
      { choices: { Size: '12 inch' }, sku: 'FW-SKL-12', price: 5400, weight: 7.8, quantity: 2 },
    ],
  },
  {
    slug: 'linen-apron',
    name: 'Linen Apron',
    description:
      'Stonewashed European linen with a deep front pocket and long cross-back ties. Soft from the first wear and cut generously to fit most cooks.',
    sku: 'FW-APR',
    price: 3800,
    weight: 0.5,
    collections: ['kitchen', 'textiles'],
    art: 'apron',
    palette: pal('#eef0ea', '#d8cbb3', '#8c7b5e', '#f7f2e8', '#a4532f'),
    options: [
      {
        name: 'Color',
        optionType: 'color',
        choices: [
          color('Natural', '#d8cbb3', pal('#eef0ea', '#d8cbb3', '#8c7b5e', '#f7f2e8', '#a4532f')),
          color('Charcoal', '#3d3f42', pal('#ecebe8', '#3d3f42', '#26282a', '#9a9ca0', '#d8a24a')),
          color('Rust', '#a4532f', pal('#f1e9e2', '#a4532f', '#6e3519', '#e9c2a8', '#2f5d46')),
        ],
      },
    ],
    variants: [
      { choices: { Color: 'Natural' }, sku: 'FW-APR-NAT', quantity: 10 },
      { choices: { Color: 'Charcoal' }, sku: 'FW-APR-CHR', quantity: 7 },
      { choices: { Color: 'Rust' }, sku: 'FW-APR-RST', quantity: 0 },
    ],
  },
  {
    slug: 'maple-cutting-board',
    name: 'Maple Cutting Board',
    description:
      'Edge-grain hard maple, finished with food-safe mineral oil and beeswax. Kind to knife edges, with a hanging handle and a juice-friendly surface. 16 x 11 inches.',
    sku: 'FW-BRD-MPL',
    price: 4600,
    discount: { type: 'AMOUNT', value: 7 },
    ribbon: 'Sale',
    weight: 2.4,
    collections: ['kitchen'],
    art: 'board',
    palette: pal('#eef1ec', '#d9a86c', '#a8743c', '#f3dcb8', '#e9b824'),
    quantity: 18,
  },
  {
    slug: 'merino-wool-blanket',
    name: 'Merino Wool Blanket',
    description:
      'Woven in a small mill from soft merino wool, with a contrast stripe and a knotted fringe. Warm without weight: throw it on the sofa, the bed or the tailgate. 50 x 70 inches.',
    sku: 'FW-BLK',
    price: 12900,
    weight: 3.1,
    collections: ['textiles'],
    art: 'blanket',
    palette: pal('#eeece8', '#a7a9ac', '#7c7e82', '#e4e4e2', '#c8553d'),
    options: [
      {
        name: 'Color',
        optionType: 'color',
        choices: [
          color('Heather Grey', '#a7a9ac', pal('#eeece8', '#a7a9ac', '#7c7e82', '#e4e4e2', '#c8553d')),
          color('Moss', '#6b7a4b', pal('#eef0e8', '#6b7a4b', '#4d5a33', '#c9d1b5', '#e8d9b5')),
          color('Ochre', '#c8902f', pal('#f4eee2', '#c8902f', '#98691c', '#efd7a8', '#2d3a4a')),
        ],
      },
    ],
    variants: [
      { choices: { Color: 'Heather Grey' }, sku: 'FW-BLK-GRY', quantity: 6 },
      { choices: { Color: 'Moss' }, sku: 'FW-BLK-MOS', quantity: 4 },
      { choices: { Color: 'Ochre' }, sku: 'FW-BLK-OCH', quantity: 5 },
    ],
  },
  {
    slug: 'waffle-cotton-towel',
    name: 'Waffle Cotton Towel',
    description:
      'Long-staple cotton in a deep waffle weave that dries fast and gets softer with every wash. Finished with a woven stripe and a hanging loop.',
    sku: 'FW-TWL',
    price: 1600,
    weight: 0.4,
    collections: ['textiles'],
    art: 'towel',
    palette: pal('#dfe8ec', '#f4f1ea', '#b9b2a3', '#ffffff', '#5c7f92'),
    options: [{ name: 'Size', optionType: 'drop_down', choices: [size('Hand'), size('Bath')] }],
    variants: [
      { choices: { Size: 'Hand' }, sku: 'FW-TWL-HND', price: 1600, weight: 0.4, quantity: 20 },
      { choices: { Size: 'Bath' }, sku: 'FW-TWL-BTH', price: 3200, weight: 1.1, quantity: 14 },
    ],
  },
  {
    slug: 'camp-lantern',
    name: 'Camp Lantern',
    description:
      'A powder-coated steel lantern with a frosted globe and a dimmable warm LED. Runs 40 hours on one charge and hangs from a branch or a hook by its wire bail.',
    sku: 'FW-LNT',
    price: 6400,
    weight: 1.8,
    collections: ['outdoor', 'candles-light'],
    art: 'lantern',
    palette: pal('#1f2a36', '#2f5d46', '#1b3a2a', '#f5e7c0', '#f2a93b'),
    quantity: 3,
  },
  {
    slug: 'waxed-canvas-tote',
    name: 'Waxed Canvas Tote',
    description:
      'Heavy waxed cotton canvas with leather-reinforced handles and an inside pocket. Shrugs off drizzle and carries the market haul, the library books or the picnic.',
    sku: 'FW-TOT',
    price: 4200,
    weight: 1.2,
    collections: ['outdoor'],
    art: 'tote',
    palette: pal('#eef0ea', '#cdb891', '#7a6a4c', '#f1e6cf', '#8a4b2a'),
    options: [
      {
        name: 'Color',
        optionType: 'color',
        choices: [
          color('Natural', '#cdb891', pal('#eef0ea', '#cdb891', '#7a6a4c', '#f1e6cf', '#8a4b2a')),
          color('Olive', '#5e6b3a', pal('#eceee6', '#5e6b3a', '#3d4725', '#b9c196', '#8a4b2a')),
        ],
      },
      { name: 'Size', optionType: 'drop_down', choices: [size('Standard'), size('Large')] },
    ],
    variants: [
      { choices: { Color: 'Natural', Size: 'Standard' }, sku: 'FW-TOT-NAT-S', price: 4200, weight: 1.2, quantity: 12 },
      { choices: { Color: 'Natural', Size: 'Large' }, sku: 'FW-TOT-NAT-L', price: 5200, weight: 1.6, quantity: 5 },
      { choices: { Color: 'Olive', Size: 'Standard' }, sku: 'FW-TOT-OLV-S', price: 4200, weight: 1.2, quantity: 8 },
      { choices: { Color: 'Olive', Size: 'Large' }, sku: 'FW-TOT-OLV-L', price: 5200, weight: 1.6, quantity: 0 },
    ],
  },
  {
    slug: 'waxed-canvas-rucksack',
    name: 'Waxed Canvas Rucksack',
    description:
      'A 22-litre rucksack in waxed canvas with brass buckles, a padded laptop sleeve and leather straps. Our most-wanted piece; the next batch is being stitched.',
    sku: 'FW-RUK',
    price: 14800,
    weight: 2.9,
    collections: ['outdoor'],
    art: 'backpack',
    palette: pal('#ece7df', '#7b5b3a', '#553d25', '#c9a57a', '#2d3a4a'),
    quantity: 0,
  },
  {
    slug: 'folding-camp-stool',
    name: 'Folding Camp Stool',
    description:
      'Oiled beech legs and a heavy cotton duck seat that folds flat in a second. Holds up to 250 lb and carries by its own strap.',
    sku: 'FW-STL',
    price: 5800,
    weight: 2.2,
    collections: ['outdoor'],
    art: 'stool',
    palette: pal('#e9eef2', '#b5532f', '#5a3b26', '#f0c9a8', '#d9a441'),
    quantity: 11,
  },
  {
    slug: 'ceramic-planter',
    name: 'Ceramic Planter',
    description:
      'Hand-thrown stoneware in a warm terracotta glaze, with a drainage hole and a matching saucer. Sized for herbs, ferns and small fiddle-leaf figs.',
    sku: 'FW-PLN',
    price: 2400,
    weight: 1.5,
    collections: ['garden'],
    art: 'planter',
    palette: pal('#eef1ea', '#c86f4b', '#9a4e31', '#f2c9b2', '#5f8a4f'),
    options: [{ name: 'Size', optionType: 'drop_down', choices: [size('Small'), size('Medium'), size('Large')] }],
    variants: [
      { choices: { Size: 'Small' }, sku: 'FW-PLN-S', price: 2400, weight: 1.5, quantity: 14 },
      { choices: { Size: 'Medium' }, sku: 'FW-PLN-M', price: 3600, weight: 2.8, quantity: 9 },
      { choices: { Size: 'Large' }, sku: 'FW-PLN-L', price: 5200, weight: 5.0, quantity: 0 },
    ],
  },
  {
    slug: 'copper-watering-can',
    name: 'Copper Watering Can',
    description:
      'A 1.5-litre copper-plated can with a long, slender spout for reaching under leaves and a removable brass rose for seedlings.',
    sku: 'FW-WCN',
    price: 7200,
    ribbon: 'New',
    weight: 1.9,
    collections: ['garden'],
    art: 'watering-can',
    palette: pal('#e8efe9', '#c27a4a', '#8c4f2a', '#f1c29c', '#6fa3c7'),
    quantity: 7,
  },
  {
    slug: 'beeswax-taper-candles',
    name: 'Beeswax Taper Candles (Pair)',
    description:
      'Two hand-dipped 10-inch tapers of pure beeswax with cotton wicks. They burn clean and slow, with a faint scent of honey. Made to order, so always available.',
    sku: 'FW-TAP-2',
    price: 2200,
    weight: 0.5,
    collections: ['candles-light'],
    art: 'taper-candles',
    palette: pal('#f1ece2', '#e8b64c', '#5a4632', '#fbe6a8', '#f29a2e'),
    trackInventory: false,
  },
  {
    slug: 'cedar-smoke-soy-candle',
    name: 'Cedar & Smoke Soy Candle',
    description:
      'Soy wax poured into a reusable glass jar, scented with cedarwood, vetiver and a wisp of campfire smoke. Comes with a steel lid.',
    sku: 'FW-CND',
    price: 2800,
    weight: 0.9,
    collections: ['candles-light'],
    art: 'jar-candle',
    palette: pal('#e6e9e4', '#efe7d6', '#4a4a3f', '#ffffff', '#3f5e45'),
    options: [{ name: 'Size', optionType: 'drop_down', choices: [size('8 oz'), size('12 oz')] }],
    variants: [
      { choices: { Size: '8 oz' }, sku: 'FW-CND-08', price: 2800, weight: 0.9, quantity: 16 },
      { choices: { Size: '12 oz' }, sku: 'FW-CND-12', price: 3600, weight: 1.3, quantity: 10 },
    ],
  },
];

function choiceKey(choices: Record<string, string>): string {
  return Object.keys(choices)
    .sort()
    .map((k) => `${k}=${choices[k]}`)
    .join('&');
}

/** The variant id of a seeded product's variant (the default variant id when there are no choices). */
export function seedVariantId(productSlug: string, choices: Record<string, string>): string {
  return Object.keys(choices).length === 0
    ? DEFAULT_VARIANT_ID
    : stableId(`variant:${productSlug}:${choiceKey(choices)}`);
}

const DAY = 86_400_000;
const CREATED_BASE = Date.UTC(2025, 0, 6, 9, 0, 0);

/** The seeded products, with their ids, in numericId order. */
export const SEED_PRODUCTS: SeedProduct[] = PRODUCT_DEFS.map((d, i) => {
  const trackInventory = d.trackInventory ?? true;
  const variants: SeedVariant[] = d.variants
    ? d.variants.map((v) => ({ ...v, id: seedVariantId(d.slug, v.choices) }))
    : [{ id: DEFAULT_VARIANT_ID, choices: {}, sku: d.sku, quantity: trackInventory ? (d.quantity ?? 0) : null }];
  return {
    id: stableId(`product:${d.slug}`),
    numericId: 1001 + i,
    slug: d.slug,
    name: d.name,
    description: d.description,
    sku: d.sku,
    brand: 'Fernwood',
    price: d.price,
    ...(d.discount ? { discount: d.discount } : {}),
    ...(d.ribbon ? { ribbon: d.ribbon } : {}),
    weight: d.weight,
    collections: d.collections,
    art: d.art,
    palette: d.palette,
    trackInventory,
    options: d.options ?? [],
    variants,
    createdDate: new Date(CREATED_BASE + i * DAY).toISOString(),
    updatedDate: new Date(CREATED_BASE + (i + 30) * DAY).toISOString(),
  };
});

export interface SeedMember {
  id: string;
  contactId: string;
  email: string;
  password: string;
  role: MemberRole;
  nickname: string;
  firstName: string;
  lastName: string;
  slug: string;
  /** APPROVED unless said (issue 41: sign-ups waiting for the owner, a blocked member, for the console and the demo). */
  status?: 'PENDING' | 'BLOCKED';
  /** A second factor enrolled on every start when the member has none of its type (issue 42). */
  factor?: EnrollInput;
}

export const SEED_MEMBERS: SeedMember[] = [
  {
    id: stableId('member:demo-member'),
    contactId: stableId('contact:demo-member'),
    ...DEMO_LOGINS.member,
    role: 'MEMBER',
    nickname: 'Maya',
    firstName: 'Maya',
    lastName: 'Lindqvist',
    slug: 'maya',
  },
  {
    id: stableId('member:demo-owner'),
    contactId: stableId('contact:demo-owner'),
    ...DEMO_LOGINS.owner,
    role: 'OWNER',
    nickname: 'Theo at Fernwood',
    firstName: 'Theo',
    lastName: 'Okafor',
    slug: 'theo-fernwood',
  },
  {
    id: stableId('member:demo-authenticator'),
    contactId: stableId('contact:demo-authenticator'),
    ...DEMO_LOGINS.authenticatorApp,
    role: 'MEMBER',
    nickname: 'Ada',
    firstName: 'Ada',
    lastName: 'Authenticator',
    slug: 'ada',
    factor: { type: 'TOTP', secret: DEMO_TOTP_SECRET },
  },
  {
    id: stableId('member:demo-passkey'),
    contactId: stableId('contact:demo-passkey'),
    ...DEMO_LOGINS.passkey,
    role: 'MEMBER',
    nickname: 'Pax',
    firstName: 'Pax',
    lastName: 'Passkey',
    slug: 'pax',
    factor: { type: 'WEBAUTHN', ...DEMO_PASSKEY },
  },
  // the owner's members section (issue 41): two sign-ups waiting for approval and a blocked member
  {
    id: stableId('member:demo-pending-1'),
    contactId: stableId('contact:demo-pending-1'),
    ...DEMO_LOGINS.pending,
    role: 'MEMBER',
    nickname: 'Juniper',
    firstName: 'Juniper',
    lastName: 'Hale',
    slug: 'juniper',
    status: 'PENDING',
  },
  {
    id: stableId('member:demo-pending-2'),
    contactId: stableId('contact:demo-pending-2'),
    ...DEMO_LOGINS.pending2,
    role: 'MEMBER',
    nickname: 'Rafael',
    firstName: 'Rafael',
    lastName: 'Quintero',
    slug: 'rafael',
    status: 'PENDING',
  },
  {
    id: stableId('member:demo-blocked'),
    contactId: stableId('contact:demo-blocked'),
    ...DEMO_LOGINS.blocked,
    role: 'MEMBER',
    nickname: 'Boris',
    firstName: 'Boris',
    lastName: 'Blocked',
    slug: 'boris',
    status: 'BLOCKED',
  },
];

/** The demo's member badges (issue 41): the first is assigned to {@link DEMO_LOGINS}.member, the second to nobody. */
export const SEED_BADGES = [
  {
    id: stableId('badge:trail-regular'),
    title: 'Trail regular',
    description: 'Ordered from the trail collection more than five times',
    backgroundColor: '#2F6B4F',
    textColor: '#FFFFFF',
    permissionsEnabled: false,
    assignedTo: [stableId('member:demo-member')],
  },
  {
    id: stableId('badge:founding-member'),
    title: 'Founding member',
    description: 'Joined in the shop’s first season',
    backgroundColor: '#796EFF',
    textColor: '#FFFFFF',
    permissionsEnabled: true,
    assignedTo: [] as string[],
  },
];

/** The demo's member custom field (issue 41) and Maya's value of it. */
export const SEED_CUSTOM_FIELD = {
  id: stableId('custom-field:favourite-trail'),
  name: 'Favourite trail',
  key: 'custom.favourite-trail',
  values: { [stableId('member:demo-member')]: 'Wildwood loop' } as Record<string, string>,
};

/** Ids tests can rely on: `seedIds.products['enamel-camp-mug']`, `seedIds.collections.kitchen`, `seedIds.members.owner`. */
export const seedIds = {
  products: Object.fromEntries(SEED_PRODUCTS.map((p) => [p.slug, p.id])) as Record<string, string>,
  collections: Object.fromEntries(SEED_COLLECTIONS.map((c) => [c.slug, c.id])) as Record<string, string>,
  members: {
    member: SEED_MEMBERS[0]!.id,
    owner: SEED_MEMBERS[1]!.id,
    authenticatorApp: SEED_MEMBERS[2]!.id,
    passkey: SEED_MEMBERS[3]!.id,
    pending: SEED_MEMBERS[4]!.id,
    pending2: SEED_MEMBERS[5]!.id,
    blocked: SEED_MEMBERS[6]!.id,
  },
  badges: { trailRegular: SEED_BADGES[0]!.id, foundingMember: SEED_BADGES[1]!.id },
  customFields: { favouriteTrail: SEED_CUSTOM_FIELD.id },
};

// --------------------------------------------------------------------------------------------- seeding

function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Media file id (= file name) of a product image; `choice` for a colour choice's image. */
export function seedMediaId(productSlug: string, choice?: string): string {
  return choice ? `${productSlug}--${slugify(choice)}.svg` : `${productSlug}.svg`;
}
