/**
 * Tax groups, tax regions and their rates (issue 40, i40-tax; docs/wire.md "i40-tax"), admin-only as the platform's
 * billing calls are: `@wix/auto_sdk_ecom_tax-groups` (create, get, update, delete, query, list default),
 * `@wix/auto_sdk_ecom_tax-regions` (create, bulk create, get, update, delete, query) and the rate of a group in a
 * region as `@wix/auto_sdk_ecom_manual-tax-mappings` sends it (create, update, delete, query; that client is not
 * installed: its paths and shapes read from its published package). `revision` guards updates: a stale one is 409.
 */
import { z } from 'zod';
import { adminOps } from '../../core/urls.ts';
import { applyFilter, applySort, cursorPage, cursorQuery, offsetPage, type FieldAccessor } from '../domain/query.ts';
import { regionsOf } from '../domain/regions.ts';
import {
  createTaxGroup,
  createTaxMapping,
  createTaxRegion,
  deleteTaxGroup,
  deleteTaxMapping,
  deleteTaxRegion,
  EMBARGOED,
  MANUAL_TAX_APP_ID,
  ppmOf,
  renameTaxGroup,
  SUBDIVISION_COUNTRIES,
  taxGroupById,
  taxGroups,
  taxMappingById,
  taxMappingOf,
  taxMappings,
  taxRegionAt,
  taxRegionById,
  taxRegionRows,
  toWireTaxGroup,
  toWireTaxMapping,
  toWireTaxRegion,
  updateTaxMapping,
  updateTaxRegion,
  type RegionInput,
  type TaxGroupRow,
  type TaxMappingRow,
  type TaxRegionRow,
} from '../domain/taxes.ts';
import { badRequestApp, conflict, invalidField, notFound, PlatformError } from '../errors.ts';
import type { RequestContext, RouteModule } from '../router.ts';
import { GUID, oneLine, validate } from '../validate.ts';

/** Read-only fields the SDK may send back: accepted, ignored. */
const readOnly = {
  id: z.string().max(100).nullish(),
  createdDate: z.unknown().optional(),
  updatedDate: z.unknown().optional(),
};
const revision = z.string().regex(/^\d{1,18}$/, 'must be a revision number');
const groupName = oneLine().trim().min(1).max(200);
const regionFields = {
  country: z.string().max(10).optional(),
  subdivision: z.string().max(50).nullish(),
  appId: z.string().max(100).optional(),
  taxIncludedInPrice: z.boolean().nullish(),
};
const regionSchema = z.object({ ...regionFields, ...readOnly, revision: z.unknown().optional() });
const cursorPaging = z
  .object({ limit: z.number().int().min(1).max(100).nullish(), cursor: z.string().max(16_000).nullish() })
  .optional();
const querySchema = z.object({
  query: z
    .object({
      filter: z.record(z.string(), z.unknown()).nullish(),
      sort: z
        .array(z.object({ fieldName: z.string().max(100), order: z.enum(['ASC', 'DESC']).optional() }))
        .max(5)
        .optional(),
      cursorPaging,
      paging: z
        .object({ limit: z.number().int().min(1).max(100).nullish(), offset: z.number().int().min(0).nullish() })
        .optional(),
    })
    .default({}),
});

const englishRegions = new Intl.DisplayNames(['en'], { type: 'region' });
const isCountry = (code: string) => {
  try {
    const name = englishRegions.of(code);
    return !!name && name !== code && name !== 'Unknown Region';
  } catch {
    return false;
  }
};

/**
 * A region's country and subdivision as the platform takes them: an ISO 3166-1 country (not an embargoed one); a
 * subdivision's ISO 3166-2 code without the country ('' or '*' for the whole country), only for the countries the
 * client lists (SUBDIVISIONS_NOT_SUPPORTED_FOR_COUNTRY), a code and, where the emulator knows the country's list, one
 * of it (INVALID_SUBDIVISION_FORMAT: a name such as "Georgia" would charge no tax).
 */
function placeOf(at: string, country: string, subdivision: string | null | undefined): [string, string] {
  const c = country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(c) || !isCountry(c))
    throw invalidField(`${at}.country`, 'must be an ISO 3166-1 alpha-2 country code', 'FORMAT');
  if ((EMBARGOED as readonly string[]).includes(c))
    throw invalidField(`${at}.country`, 'tax regions cannot be created for embargoed countries', 'VALIDATION');
  let s = (subdivision ?? '').trim().toUpperCase();
  if (s === '*') s = '';
  if (s.startsWith(`${c}-`)) s = s.slice(3);
  if (!s) return [c, ''];
  if (!(SUBDIVISION_COUNTRIES as readonly string[]).includes(c))
    throw badRequestApp(
      'SUBDIVISIONS_NOT_SUPPORTED_FOR_COUNTRY',
      `Subdivisions are not supported for ${c}: create the region for the whole country`,
      { country: c },
    );
  const known = regionsOf(c);
  if (!/^[A-Z0-9]{1,3}$/.test(s) || (known && !known.regions.some(([code]) => code === s)))
    throw badRequestApp(
      'INVALID_SUBDIVISION_FORMAT',
      `subdivision must be an ISO 3166-2 code of ${c} without the country prefix (for example NY)`,
      { subdivision: s },
    );
  return [c, s];
}

function calculatorOf(at: string, appId: string | undefined): string {
  if (!appId) throw invalidField(`${at}.appId`, 'is required', 'REQUIRED_FIELD');
  if (!GUID.test(appId)) throw invalidField(`${at}.appId`, 'must be a GUID', 'FORMAT');
  if (appId.toLowerCase() !== MANUAL_TAX_APP_ID)
    throw badRequestApp('CALCULATOR_ID_NOT_FOUND', `No tax calculator ${appId} is installed on this site`, { appId });
  return MANUAL_TAX_APP_ID;
}

/** A new region's input, validated (throws the platform's errors); `except` is the region being updated. */
function regionInput(
  ctx: RequestContext,
  at: string,
  r: z.infer<typeof regionSchema>,
  current?: TaxRegionRow,
): RegionInput {
  if (!current && !r.country) throw invalidField(`${at}.country`, 'is required', 'REQUIRED_FIELD');
  const [country, subdivision] = placeOf(
    at,
    r.country ?? current!.country,
    r.subdivision === undefined && current && r.country === undefined ? current.subdivision : r.subdivision,
  );
  const appId = current && r.appId === undefined ? current.app_id : calculatorOf(at, r.appId);
  const other = taxRegionAt(ctx.db, country, subdivision);
  if (other && other.id !== current?.id)
    throw conflict(
      `A tax region for ${subdivision ? `${country}-${subdivision}` : country} already exists`,
      'ALREADY_EXISTS',
      {
        reasonForConflict: 'a tax region with this country and subdivision exists',
        existingEntityId: other.id,
      },
    );
  return {
    country,
    subdivision,
    appId,
    taxIncludedInPrice: r.taxIncludedInPrice ?? (current ? current.tax_included_in_price === 1 : false),
  };
}

function checkRevision(kind: string, row: { revision: number }, sent: string | null | undefined, at: string) {
  if (sent === undefined || sent === null) throw invalidField(at, 'is required', 'REQUIRED_FIELD');
  if (sent !== String(row.revision))
    throw conflict(`The ${kind} changed since it was read: read it again`, 'REVISION_MISMATCH', {
      [at]: sent,
      currentRevision: String(row.revision),
    });
}

function idParam(ctx: RequestContext, name: string): string {
  ctx.requireAdmin();
  const id = ctx.params[name] ?? '';
  if (!GUID.test(id)) throw invalidField(name, 'must be a GUID', 'FORMAT');
  return id.toLowerCase();
}

const groupOf = (ctx: RequestContext, param: string): TaxGroupRow => {
  const id = idParam(ctx, param);
  const g = taxGroupById(ctx.db, id);
  if (!g) throw notFound(`Tax group ${id} not found`, 'TAX_GROUP_NOT_FOUND', { id });
  return g;
};
const regionOfParam = (ctx: RequestContext, param: string): TaxRegionRow => {
  const id = idParam(ctx, param);
  const r = taxRegionById(ctx.db, id);
  if (!r) throw notFound(`Tax region ${id} not found`, 'TAX_REGION_NOT_FOUND', { id });
  return r;
};
const mappingOf = (ctx: RequestContext, param: string): TaxMappingRow => {
  const id = idParam(ctx, param);
  const m = taxMappingById(ctx.db, id);
  if (!m) throw notFound(`Manual tax mapping ${id} not found`, 'MANUAL_TAX_MAPPING_NOT_FOUND', { id });
  return m;
};

/** A platform query over wire items: filter, sort, cursor (or offset) paging; `pagingMetadata` as the clients read. */
function queryOf<T>(
  items: T[],
  body: unknown,
  fields: Record<string, FieldAccessor<T>>,
): { items: T[]; pagingMetadata: Record<string, unknown> } {
  const { query } = validate(querySchema, body);
  const { filter, sort } = cursorQuery({
    ...(query.filter ? { filter: query.filter } : {}),
    ...(query.sort ? { sort: query.sort } : {}),
    ...(query.cursorPaging ? { cursorPaging: { cursor: query.cursorPaging.cursor ?? null } } : {}),
  });
  let rows = applyFilter(items, filter, fields, 'query.filter');
  if (sort) rows = applySort(rows, sort, fields, 'query.sort');
  if (query.paging) {
    const p = offsetPage(rows, { limit: query.paging.limit ?? 50, offset: query.paging.offset ?? 0 }, 50);
    return { items: p.items, pagingMetadata: { count: p.items.length, offset: p.offset, total: rows.length } };
  }
  const page = cursorPage(
    rows,
    { limit: query.cursorPaging?.limit ?? 50, cursor: query.cursorPaging?.cursor ?? null },
    50,
    {
      ...(filter !== undefined ? { filter } : {}),
      ...(sort !== undefined ? { sort } : {}),
    },
  );
  return { items: page.items, pagingMetadata: page.metadata };
}

type WireGroup = ReturnType<typeof toWireTaxGroup>;
type WireRegion = ReturnType<typeof toWireTaxRegion>;
type WireMapping = ReturnType<typeof toWireTaxMapping>;
const GROUP_FIELDS: Record<string, FieldAccessor<WireGroup>> = {
  id: (g) => g.id,
  name: (g) => g.name,
  createdDate: (g) => g.createdDate,
  updatedDate: (g) => g.updatedDate,
};
const REGION_FIELDS: Record<string, FieldAccessor<WireRegion>> = {
  id: (r) => r.id,
  country: (r) => r.country,
  subdivision: (r) => r.subdivision,
  appId: (r) => r.appId,
  taxIncludedInPrice: (r) => r.taxIncludedInPrice,
  createdDate: (r) => r.createdDate,
  updatedDate: (r) => r.updatedDate,
};
const MAPPING_FIELDS: Record<string, FieldAccessor<WireMapping>> = {
  id: (m) => m.id,
  taxGroupId: (m) => m.taxGroupId,
  taxRegionId: (m) => m.taxRegionId,
  taxRate: (m) => m.taxRate,
  createdDate: (m) => m.createdDate,
};

const rateOf = (at: string, rate: string | undefined): number => {
  if (rate === undefined) throw invalidField(at, 'is required', 'REQUIRED_FIELD');
  const ppm = ppmOf(rate);
  if (ppm === undefined)
    throw invalidField(
      at,
      'must be a decimal fraction from 0 to 1 with up to 6 decimal places ("0.08" is 8%)',
      'FORMAT',
    );
  return ppm;
};
const mappingSchema = z.object({
  ...readOnly,
  revision: z.unknown().optional(),
  taxGroupId: z.string().max(100).nullish(),
  taxRegionId: z.string().max(100).nullish(),
  taxRate: z.string().max(20).optional(),
  taxName: oneLine().max(200).optional(),
  description: z.string().max(1000).nullish(),
  taxType: z.string().max(200).optional(),
  jurisdiction: z.string().max(200).optional(),
  jurisdictionType: z.string().max(50).optional(),
});

export const taxesRoutes: RouteModule = (router) => {
  // ---------------------------------------------------------------------------------------------- groups
  router.operation(adminOps.listDefaultTaxGroups, (ctx) => {
    ctx.requireAdmin();
    return {
      json: {
        taxGroups: taxGroups(ctx.db)
          .filter((g) => g.system_defined)
          .map(toWireTaxGroup),
      },
    };
  });

  router.operation(adminOps.createTaxGroup, (ctx) => {
    ctx.requireAdmin();
    const { taxGroup } = validate(
      z.object({ taxGroup: z.object({ name: groupName, ...readOnly, revision: z.unknown().optional() }) }),
      ctx.body,
    );
    return { json: { taxGroup: toWireTaxGroup(createTaxGroup(ctx.db, taxGroup.name, ctx.now())) } };
  });

  router.operation(adminOps.queryTaxGroups, (ctx) => {
    ctx.requireAdmin();
    const page = queryOf(taxGroups(ctx.db).map(toWireTaxGroup), ctx.body, GROUP_FIELDS);
    return { json: { taxGroups: page.items, pagingMetadata: page.pagingMetadata } };
  });

  router.operation(adminOps.getTaxGroup, (ctx) => ({
    json: { taxGroup: toWireTaxGroup(groupOf(ctx, 'taxGroupId')) },
  }));

  // Update: the name (revision required); the default group is the platform's own
  router.operation(adminOps.updateTaxGroup, (ctx) => {
    const g = groupOf(ctx, 'id');
    const { taxGroup } = validate(
      z.object({ taxGroup: z.object({ name: groupName.optional(), ...readOnly, revision: revision.nullish() }) }),
      ctx.body,
    );
    if (taxGroup.id && taxGroup.id.toLowerCase() !== g.id)
      throw invalidField('taxGroup.id', 'must be the tax group id of the path');
    if (g.system_defined)
      throw badRequestApp('ILLEGAL_UPDATE_ON_SYSTEM_DEFINED_TAX_GROUP', 'A default tax group cannot be changed', {
        id: g.id,
      });
    checkRevision('tax group', g, taxGroup.revision, 'taxGroup.revision');
    return { json: { taxGroup: toWireTaxGroup(renameTaxGroup(ctx.db, g.id, taxGroup.name ?? g.name, ctx.now())) } };
  });

  // Delete: its rates go with it, its products fall back to the default group; the default group cannot go
  router.operation(adminOps.deleteTaxGroup, (ctx) => {
    const g = groupOf(ctx, 'taxGroupId');
    if (g.system_defined)
      throw badRequestApp('ILLEGAL_UPDATE_ON_SYSTEM_DEFINED_TAX_GROUP', 'A default tax group cannot be deleted', {
        id: g.id,
      });
    deleteTaxGroup(ctx.db, g.id);
    return { json: {} };
  });

  // ---------------------------------------------------------------------------------------------- regions
  router.operation(adminOps.createTaxRegion, (ctx) => {
    ctx.requireAdmin();
    const { taxRegion } = validate(z.object({ taxRegion: regionSchema }), ctx.body);
    const input = regionInput(ctx, 'taxRegion', taxRegion);
    return { json: { taxRegion: toWireTaxRegion(createTaxRegion(ctx.db, input, ctx.now())) } };
  });

  // Bulk create: each region validated alone; a failure is its item's error, the others are created
  router.operation(adminOps.bulkCreateTaxRegion, (ctx) => {
    ctx.requireAdmin();
    const body = validate(
      z.object({ taxRegions: z.array(regionSchema).min(1).max(100), returnEntity: z.boolean().nullish() }),
      ctx.body,
    );
    const results = body.taxRegions.map((r, i) => {
      try {
        const row = createTaxRegion(ctx.db, regionInput(ctx, `taxRegions[${i}]`, r), ctx.now());
        return {
          itemMetadata: { id: row.id, originalIndex: i, success: true },
          ...(body.returnEntity === false ? {} : { item: toWireTaxRegion(row) }),
        };
      } catch (err) {
        if (!(err instanceof PlatformError)) throw err;
        return {
          itemMetadata: {
            originalIndex: i,
            success: false,
            error: {
              code: err.applicationError?.code ?? 'INVALID_ARGUMENT',
              description: err.applicationError?.description ?? err.message,
            },
          },
        };
      }
    });
    const ok = results.filter((r) => r.itemMetadata.success).length;
    return {
      json: {
        results,
        bulkActionMetadata: { totalSuccesses: ok, totalFailures: results.length - ok, undetailedFailures: 0 },
      },
    };
  });

  router.operation(adminOps.queryTaxRegions, (ctx) => {
    ctx.requireAdmin();
    const page = queryOf(taxRegionRows(ctx.db).map(toWireTaxRegion), ctx.body, REGION_FIELDS);
    return { json: { taxRegions: page.items, pagingMetadata: page.pagingMetadata } };
  });

  router.operation(adminOps.getTaxRegion, (ctx) => ({
    json: { taxRegion: toWireTaxRegion(regionOfParam(ctx, 'taxRegionId')) },
  }));

  router.operation(adminOps.updateTaxRegion, (ctx) => {
    const r = regionOfParam(ctx, 'id');
    const { taxRegion } = validate(
      z.object({ taxRegion: z.object({ ...regionFields, ...readOnly, revision: revision.nullish() }) }),
      ctx.body,
    );
    if (taxRegion.id && taxRegion.id.toLowerCase() !== r.id)
      throw invalidField('taxRegion.id', 'must be the tax region id of the path');
    checkRevision('tax region', r, taxRegion.revision, 'taxRegion.revision');
    const input = regionInput(ctx, 'taxRegion', taxRegion, r);
    return { json: { taxRegion: toWireTaxRegion(updateTaxRegion(ctx.db, r.id, input, ctx.now())) } };
  });

  // Delete: its rates go with it
  router.operation(adminOps.deleteTaxRegion, (ctx) => {
    deleteTaxRegion(ctx.db, regionOfParam(ctx, 'taxRegionId').id);
    return { json: {} };
  });

  // ---------------------------------------------------------------------------------------------- rates
  // A group's rate in a region; `taxRegionId` null is the emulator's rate where no region covers the address
  router.operation(adminOps.createManualTaxMapping, (ctx) => {
    ctx.requireAdmin();
    const { manualTaxMapping: m } = validate(z.object({ manualTaxMapping: mappingSchema }), ctx.body);
    const ratePpm = rateOf('manualTaxMapping.taxRate', m.taxRate);
    const groupId = (m.taxGroupId ?? '').toLowerCase();
    if (!groupId) throw invalidField('manualTaxMapping.taxGroupId', 'is required', 'REQUIRED_FIELD');
    if (!GUID.test(groupId) || !taxGroupById(ctx.db, groupId))
      throw badRequestApp('TAX_GROUP_ID_NOT_FOUND', `Tax group ${groupId} not found`, { taxGroupId: groupId });
    const regionId = m.taxRegionId ? m.taxRegionId.toLowerCase() : null;
    if (regionId !== null && (!GUID.test(regionId) || !taxRegionById(ctx.db, regionId)))
      throw badRequestApp('TAX_REGION_ID_NOT_FOUND', `Tax region ${regionId} not found`, { taxRegionId: regionId });
    const other = taxMappingOf(ctx.db, groupId, regionId);
    if (other)
      throw conflict('This tax group already has a rate in this tax region', 'MANUAL_TAX_MAPPING_ALREADY_EXISTS', {
        existingEntityId: other.id,
      });
    const row = createTaxMapping(ctx.db, { groupId, regionId, ratePpm, taxName: m.taxName ?? '' }, ctx.now());
    return { json: { manualTaxMapping: toWireTaxMapping(row) } };
  });

  router.operation(adminOps.queryManualTaxMappings, (ctx) => {
    ctx.requireAdmin();
    const page = queryOf(taxMappings(ctx.db).map(toWireTaxMapping), ctx.body, MAPPING_FIELDS);
    return { json: { manualTaxMappings: page.items, pagingMetadata: page.pagingMetadata } };
  });

  // Update: the rate and the tax's name (revision required); the group and region stay
  router.operation(adminOps.updateManualTaxMapping, (ctx) => {
    const cur = mappingOf(ctx, 'id');
    const { manualTaxMapping: m } = validate(
      z.object({ manualTaxMapping: mappingSchema.extend({ revision: revision.nullish() }) }),
      ctx.body,
    );
    if (m.id && m.id.toLowerCase() !== cur.id)
      throw invalidField('manualTaxMapping.id', 'must be the manual tax mapping id of the path');
    if (
      (m.taxGroupId && m.taxGroupId.toLowerCase() !== cur.tax_group_id) ||
      (m.taxRegionId !== undefined && (m.taxRegionId?.toLowerCase() ?? null) !== cur.tax_region_id)
    )
      throw invalidField('manualTaxMapping', 'the tax group and tax region of a rate cannot change', 'VALIDATION');
    checkRevision('manual tax mapping', cur, m.revision, 'manualTaxMapping.revision');
    const ratePpm = m.taxRate === undefined ? cur.rate_ppm : rateOf('manualTaxMapping.taxRate', m.taxRate);
    const row = updateTaxMapping(ctx.db, cur.id, { ratePpm, taxName: m.taxName ?? cur.tax_name }, ctx.now());
    return { json: { manualTaxMapping: toWireTaxMapping(row) } };
  });

  router.operation(adminOps.deleteManualTaxMapping, (ctx) => {
    deleteTaxMapping(ctx.db, mappingOf(ctx, 'manualTaxMappingId').id);
    return { json: {} };
  });
};
