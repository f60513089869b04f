/**
 * The owner console's taxes (Settings › Taxes; issue 40, i40-tax; docs/companion.md "Owner console: taxes"): the tax
 * regions, the tax groups and the rate of a group in a region. Every route is the owner's (403 `NOT_OWNER` for anyone
 * else, before the body is read) and calls the platform as the admin identity: Tax Regions, Tax Groups and Manual Tax
 * Mappings (docs/wire.md "i40-tax").
 *
 * - A new region takes the tax calculator of the site's regions (the platform has no public call that lists them in an
 *   installed client; a site without any region answers 409 `NO_TAX_CALCULATOR`) and its rate becomes the default
 *   group's rate there. A repeated create (a lost answer) is the platform's 409 `ALREADY_EXISTS`: nothing twice.
 * - A rate is set, not added: the group's mapping in the region is read and changed (with its revision) or created, so
 *   a retry sets the same value again.
 * - A group's name is unique here: a second create with the same name (a lost answer) is 409 `ALREADY_EXISTS`.
 */
import { Hono } from 'hono';
import { z as zm } from 'zod/mini';
import { fractionOf } from '../core/api/admin-taxes.ts';
import { adminOps, route } from '../core/urls.ts';
import type { Env, Kit } from './context.ts';
import { CompanionError } from './errors.ts';
import { bodyOf, serve, wire } from './wire.ts';

const region = zm.looseObject({
  id: zm.string(),
  country: zm.string(),
  subdivision: zm.optional(zm.string()),
  appId: zm.optional(zm.string()),
  taxIncludedInPrice: zm.optional(zm.boolean()),
  revision: zm.optional(zm.nullable(zm.string())),
});
const group = zm.looseObject({ id: zm.string(), name: zm.string(), revision: zm.optional(zm.nullable(zm.string())) });
const mapping = zm.looseObject({
  id: zm.string(),
  taxGroupId: zm.string(),
  taxRegionId: zm.optional(zm.nullable(zm.string())),
  taxRate: zm.string(),
  revision: zm.optional(zm.nullable(zm.string())),
});
const paging = zm.optional(
  zm.looseObject({
    cursors: zm.optional(zm.looseObject({ next: zm.optional(zm.nullable(zm.string())) })),
  }),
);
const regionsAnswer = zm.looseObject({ taxRegions: zm.optional(zm.array(region)), pagingMetadata: paging });
const groupsAnswer = zm.looseObject({ taxGroups: zm.optional(zm.array(group)), pagingMetadata: paging });
const mappingsAnswer = zm.looseObject({
  manualTaxMappings: zm.optional(zm.array(mapping)),
  pagingMetadata: paging,
});
type Region = zm.infer<typeof region>;
type Group = zm.infer<typeof group>;
type Mapping = zm.infer<typeof mapping>;

const toRegion = (r: Region) => ({
  id: r.id,
  country: r.country,
  subdivision: r.subdivision ?? '',
  taxIncludedInPrice: r.taxIncludedInPrice ?? false,
  revision: r.revision ?? '0',
});
const toRate = (m: Mapping) => ({
  id: m.id,
  groupId: m.taxGroupId,
  regionId: m.taxRegionId ?? null,
  rate: m.taxRate,
  revision: m.revision ?? '0',
});

export function adminTaxesApp(kit: Kit): Hono<Env> {
  const { asAdmin } = kit;
  const app = new Hono<Env>();
  const owner = [kit.guard.owner];

  /** Every page of a query (at most 10 pages of 100). */
  async function all<T>(
    what: string,
    op: { method: string; path: string },
    schema: zm.ZodMiniType<{ pagingMetadata?: { cursors?: { next?: string | null } } | undefined }>,
    pick: (a: never) => T[] | undefined,
  ): Promise<T[]> {
    const out: T[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const page = await asAdmin(what, {
        ...(op as typeof adminOps.queryTaxRegions),
        kind: 'read',
        body: { query: cursor ? { cursorPaging: { cursor, limit: 100 } } : { cursorPaging: { limit: 100 } } },
        schema,
      });
      out.push(...(pick(page as never) ?? []));
      cursor = page.pagingMetadata?.cursors?.next ?? undefined;
      if (!cursor) break;
    }
    return out;
  }
  const regions = () =>
    all(
      'query tax regions',
      adminOps.queryTaxRegions,
      regionsAnswer,
      (a: zm.infer<typeof regionsAnswer>) => a.taxRegions,
    );
  const groups = () =>
    all('query tax groups', adminOps.queryTaxGroups, groupsAnswer, (a: zm.infer<typeof groupsAnswer>) => a.taxGroups);
  const mappings = () =>
    all(
      'query manual tax mappings',
      adminOps.queryManualTaxMappings,
      mappingsAnswer,
      (a: zm.infer<typeof mappingsAnswer>) => a.manualTaxMappings,
    );
  const defaultGroups = async () =>
    (
      await asAdmin('list default tax groups', {
        ...adminOps.listDefaultTaxGroups,
        kind: 'read',
        schema: zm.looseObject({ taxGroups: zm.optional(zm.array(group)) }),
      })
    ).taxGroups ?? [];

  const percentOf = (percent: string) => {
    const rate = fractionOf(percent);
    if (rate === undefined)
      throw new CompanionError(400, 'INVALID_ARGUMENT', 'The rate must be a percentage from 0 to 100.', {
        data: { field: 'percent' },
      });
    return rate;
  };

  /** Sets the group's rate in the region: its mapping changed (with its revision) or created. */
  async function setRate(groupId: string, regionId: string | null, rate: string) {
    const own = (await mappings()).find((m) => m.taxGroupId === groupId && (m.taxRegionId ?? null) === regionId);
    const answer = zm.looseObject({ manualTaxMapping: mapping });
    if (own) {
      if (own.taxRate === rate) return own;
      return (
        await asAdmin('update manual tax mapping', {
          ...route(adminOps.updateManualTaxMapping, { id: own.id }),
          body: { manualTaxMapping: { id: own.id, taxRate: rate, revision: own.revision } },
          schema: answer,
        })
      ).manualTaxMapping;
    }
    return (
      await asAdmin('create manual tax mapping', {
        ...adminOps.createManualTaxMapping,
        body: { manualTaxMapping: { taxGroupId: groupId, taxRegionId: regionId, taxRate: rate } },
        schema: answer,
      })
    ).manualTaxMapping;
  }

  /** A delete answered 404 was already done (a retry after a lost answer). */
  async function remove(what: string, o: { method: string; path: string }) {
    try {
      await asAdmin(what, { ...(o as typeof adminOps.deleteTaxRegion), schema: zm.looseObject({}) });
      return true;
    } catch (e) {
      if (e instanceof CompanionError && e.status === 404) return false;
      throw e;
    }
  }

  serve(app, wire['GET /admin/taxes'], owner, async (c) => {
    const [r, g, m, d] = await Promise.all([regions(), groups(), mappings(), defaultGroups()]);
    const system = new Set(d.map((x) => x.id));
    return c.json(
      {
        regions: r.map(toRegion),
        groups: g.map((x) => ({ id: x.id, name: x.name, revision: x.revision ?? '0', system: system.has(x.id) })),
        rates: m.map(toRate),
      },
      200,
    );
  });

  serve(app, wire['POST /admin/taxes/regions'], owner, async (c) => {
    const body = bodyOf(c, wire['POST /admin/taxes/regions']);
    const rate = percentOf(body.percent);
    const appId = (await regions()).find((r) => r.appId)?.appId;
    if (!appId)
      throw new CompanionError(
        409,
        'NO_TAX_CALCULATOR',
        'The site has no tax calculator yet: set up taxes once in the site dashboard.',
      );
    const made = await asAdmin('create tax region', {
      ...adminOps.createTaxRegion,
      body: {
        taxRegion: {
          country: body.country.toUpperCase(),
          subdivision: (body.subdivision ?? '').toUpperCase(),
          appId,
          taxIncludedInPrice: body.taxIncludedInPrice,
        },
      },
      schema: zm.looseObject({ taxRegion: region }),
    });
    const defaultGroup = (await defaultGroups())[0];
    const set = defaultGroup ? await setRate(defaultGroup.id, made.taxRegion.id, rate) : undefined;
    return c.json({ region: toRegion(made.taxRegion), ...(set ? { rate: toRate(set) } : {}) }, 200);
  });

  serve(app, wire['PATCH /admin/taxes/regions/{id}'], owner, async (c) => {
    const body = bodyOf(c, wire['PATCH /admin/taxes/regions/{id}']);
    const id = c.req.param('id') ?? '';
    const r = await asAdmin('update tax region', {
      ...route(adminOps.updateTaxRegion, { id }),
      body: {
        taxRegion: {
          id,
          country: body.country.toUpperCase(),
          subdivision: body.subdivision.toUpperCase(),
          taxIncludedInPrice: body.taxIncludedInPrice,
          revision: body.revision,
        },
      },
      schema: zm.looseObject({ taxRegion: region }),
    });
    return c.json({ region: toRegion(r.taxRegion) }, 200);
  });

  serve(app, wire['DELETE /admin/taxes/regions/{id}'], owner, async (c) => {
    const deleted = await remove(
      'delete tax region',
      route(adminOps.deleteTaxRegion, { taxRegionId: c.req.param('id') ?? '' }),
    );
    return c.json({ deleted }, 200);
  });

  serve(app, wire['PUT /admin/taxes/rates'], owner, async (c) => {
    const body = bodyOf(c, wire['PUT /admin/taxes/rates']);
    const set = await setRate(
      body.groupId.toLowerCase(),
      body.regionId?.toLowerCase() ?? null,
      percentOf(body.percent),
    );
    return c.json({ rate: toRate(set) }, 200);
  });

  serve(app, wire['DELETE /admin/taxes/rates/{id}'], owner, async (c) => {
    const deleted = await remove(
      'delete manual tax mapping',
      route(adminOps.deleteManualTaxMapping, { manualTaxMappingId: c.req.param('id') ?? '' }),
    );
    return c.json({ deleted }, 200);
  });

  serve(app, wire['POST /admin/taxes/groups'], owner, async (c) => {
    const { name } = bodyOf(c, wire['POST /admin/taxes/groups']);
    const same = (await groups()).find((g: Group) => g.name.trim().toLowerCase() === name.trim().toLowerCase());
    if (same)
      throw new CompanionError(409, 'ALREADY_EXISTS', 'A tax group with this name exists.', {
        data: { id: same.id },
      });
    const made = await asAdmin('create tax group', {
      ...adminOps.createTaxGroup,
      body: { taxGroup: { name: name.trim() } },
      schema: zm.looseObject({ taxGroup: group }),
    });
    return c.json({ group: { ...made.taxGroup, revision: made.taxGroup.revision ?? '0', system: false } }, 200);
  });

  serve(app, wire['PATCH /admin/taxes/groups/{id}'], owner, async (c) => {
    const body = bodyOf(c, wire['PATCH /admin/taxes/groups/{id}']);
    const id = c.req.param('id') ?? '';
    const r = await asAdmin('update tax group', {
      ...route(adminOps.updateTaxGroup, { id }),
      body: { taxGroup: { id, name: body.name.trim(), revision: body.revision } },
      schema: zm.looseObject({ taxGroup: group }),
    });
    return c.json({ group: { ...r.taxGroup, revision: r.taxGroup.revision ?? '0', system: false } }, 200);
  });

  serve(app, wire['DELETE /admin/taxes/groups/{id}'], owner, async (c) => {
    const deleted = await remove(
      'delete tax group',
      route(adminOps.deleteTaxGroup, { taxGroupId: c.req.param('id') ?? '' }),
    );
    return c.json({ deleted }, 200);
  });

  return app;
}
