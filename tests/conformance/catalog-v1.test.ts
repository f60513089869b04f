/**
 * Conformance of the Catalog V1 reads no generated client makes (issue 38 point 5) on a V1 site, sent as Inlay sends
 * them (core/api/products.ts; docs/wire.md "Catalog V1 and V3"): the catalog version, Query Products
 * (`POST /stores-reader/v1/products/query`, the filter a JSON string) and Query Collections. The generated
 * `@wix/auto_sdk_stores_products` sends its own query (`GET …/products/query-platformized`): run unmodified here too,
 * and both answer the same products.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, OAuthStrategy } from '@wix/sdk';
import * as products from '@wix/auto_sdk_stores_products';
import { seedIds } from '../../emulator/seed.ts';
import { DEMO_CLIENT_ID, visitorTokens } from '../helpers/emulator.ts';
import { platformBoundary } from './boundary.ts';

const platform = platformBoundary({ catalog: 'v1' });
const { covers } = platform;
const mug = seedIds.products['enamel-camp-mug']!;
const rucksack = seedIds.products['waxed-canvas-rucksack']!;

let token: string;
beforeAll(async () => {
  token = (await visitorTokens(platform.emu)).access;
});
const post = async (path: string, body: unknown) => {
  const res = await platform.platformFetch(path, {
    method: 'POST',
    headers: { Authorization: token, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};

describe('catalog V1 (visitor)', () => {
  it('catalogVersion answers V1_CATALOG', async () => {
    const res = await platform.platformFetch('/stores/v3/provision/version', { headers: { Authorization: token } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ catalogVersion: 'V1_CATALOG' });
  });

  it('queryProducts as Inlay sends it, and the SDK’s queryProducts: the same products', async () => {
    const mine = await post('/stores-reader/v1/products/query', {
      query: { filter: JSON.stringify({ id: { $hasSome: [mug, rucksack] } }), paging: { limit: 2 } },
      includeVariants: true,
    });
    expect(mine.status).toBe(200);
    const listed = mine.json['products'] as {
      id: string;
      variants?: unknown[];
      price?: { formatted?: { price?: string } };
    }[];
    expect(listed.map((p) => p.id).sort()).toEqual([mug, rucksack].sort());
    expect(listed.find((p) => p.id === mug)!.variants!.length).toBeGreaterThan(1);
    expect(listed[0]!.price?.formatted?.price).toMatch(/\$/);

    const sdk = createClient({ auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID }), modules: { products } });
    const page = await sdk.products.queryProducts().in('_id', [mug, rucksack]).limit(2).find();
    expect(page.items.map((p) => p._id).sort()).toEqual(listed.map((p) => p.id).sort());
  });

  it('queryCollections: the visible collections with their product counts; a bad filter is 400', async () => {
    const { status, json } = await post('/stores-reader/v1/collections/query', { query: { paging: { limit: 50 } } });
    expect(status).toBe(200);
    const collections = json['collections'] as { id: string; name: string; numberOfProducts?: number }[];
    expect(collections.length).toBeGreaterThan(0);
    expect(collections[0]).toMatchObject({ id: expect.any(String), name: expect.any(String) });
    const bad = await post('/stores-reader/v1/collections/query', { query: { paging: { limit: 'many' } } });
    expect(bad.status).toBe(400);
  });
});

describe('coverage', () => {
  covers('catalogVersion', 'queryProducts', 'queryCollections');
  platform.coverageCase();
});
