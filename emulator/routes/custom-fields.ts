/**
 * Member custom fields (`@wix/auto_sdk_members_custom-fields`; issue 41; docs/wire.md "Members admin, badges, custom
 * fields"): list, get, create, update, delete, hide and the order within a section. The site's admin identity only.
 * A member's values show in `member.contact.customFields` (FULL), keyed by the field's key; Update Member sets them.
 * `revision` (int64 as a string) guards update, delete and hide: a stale one is 409 REVISION_MISMATCH.
 */
import { z } from 'zod';
import { adminOps } from '../../core/urls.ts';
import {
  createCustomField,
  customFieldById,
  deleteCustomField,
  FIELD_TYPES,
  hideCustomField,
  reorderCustomFields,
  SECTIONS,
  sectionFields,
  updateCustomField,
  visibleCustomFields,
  type CustomFieldRow,
} from '../domain/custom-fields.ts';
import { offsetPage } from '../domain/query.ts';
import { badRequest, badRequestApp, conflict, invalidField, notFound, type FieldViolation } from '../errors.ts';
import type { RequestContext, RouteModule } from '../router.ts';
import { GUID, oneLine, paramsObject, validate } from '../validate.ts';

/** The client's social networks (`SocialTypeType`, less UNKNOWN). */
export const SOCIAL_TYPES = [
  'FACEBOOK',
  'INSTAGRAM',
  'LINKEDIN',
  'TWITTER',
  'YOUTUBE',
  'PINTEREST',
  'TIKTOK',
  'DEVIANTART',
  'SOUNDCLOUD',
  'TUMBLR',
  'VIMEO',
  'VKONTAKTE',
  'ODNOKLASSNIKI',
  'OTHER',
] as const;
/** A site's custom fields at most (Inlay's limit; Update Custom Fields Order takes 100). */
export const MAX_CUSTOM_FIELDS = 100;

export const toWireCustomField = (f: CustomFieldRow) => ({
  id: f.id,
  name: f.name,
  key: f.key,
  defaultPrivacy: f.default_privacy,
  fieldType: f.field_type,
  ...(f.social_type ? { socialType: f.social_type } : {}),
  fieldOrigin: 'CUSTOM',
  appliesTo: 'ALL_MEMBERS',
  section: f.section,
  createdDate: f.created_date,
  updatedDate: f.updated_date,
  revision: String(f.revision),
});

const name = oneLine().trim().min(1).max(150);
/** Read-only fields the SDK may send back: accepted, ignored. */
const readOnly = {
  key: z.unknown().optional(),
  fieldOrigin: z.unknown().optional(),
  appliesTo: z.unknown().optional(),
  section: z.unknown().optional(),
  createdDate: z.unknown().optional(),
  updatedDate: z.unknown().optional(),
};
const createSchema = z.object({
  field: z.object({
    id: z.unknown().optional(),
    name,
    fieldType: z.string().max(50),
    defaultPrivacy: z.string().max(50).optional(),
    socialType: z.string().max(50).nullish(),
    revision: z.unknown().optional(),
    ...readOnly,
  }),
});
const revision = z.string().regex(/^\d{1,18}$/, 'must be a revision number');
const updateSchema = z.object({
  field: z.object({
    id: z.string().max(100).nullish(),
    name: name.optional(),
    fieldType: z.string().max(50).optional(),
    defaultPrivacy: z.string().max(50).optional(),
    socialType: z.string().max(50).nullish(),
    revision: revision.nullish(),
    ...readOnly,
  }),
});

const privacyOf = (v: string | undefined, fallback: 'PUBLIC' | 'PRIVATE') => {
  if (v === undefined) return fallback;
  if (v === 'PUBLIC' || v === 'PRIVATE') return v;
  throw badRequestApp('INCORRECT_FIELD_PRIVACY', 'defaultPrivacy must be PUBLIC or PRIVATE', {
    incorrectPrivacy: v,
    correctPrivacy: fallback,
  });
};
const socialOf = (v: string | null | undefined) => {
  if (!(SOCIAL_TYPES as readonly string[]).includes(v ?? ''))
    throw badRequestApp('INVALID_FIELD_SOCIAL_TYPE', `socialType must be one of: ${SOCIAL_TYPES.join(', ')}`, {
      invalidSocialType: v ?? 'UNKNOWN',
    });
  return v!;
};

/** The field of the path: a GUID (400) of an existing field (404 CUSTOM_FIELD_NOT_FOUND). */
function fieldOf(ctx: RequestContext, param = 'id'): CustomFieldRow {
  ctx.requireAdmin();
  const id = ctx.params[param] ?? '';
  if (!GUID.test(id)) throw invalidField(param, 'must be a GUID', 'FORMAT');
  const f = customFieldById(ctx.db, id.toLowerCase());
  if (!f) throw notFound('Custom field not found', 'CUSTOM_FIELD_NOT_FOUND', { id });
  return f;
}

function checkRevision(f: CustomFieldRow, sent: string | null | undefined, field = 'revision'): void {
  if (sent === undefined || sent === null) return;
  if (sent !== String(f.revision))
    throw conflict('The custom field changed since it was read: read it again', 'REVISION_MISMATCH', {
      [field]: sent,
      currentRevision: String(f.revision),
    });
}

export const customFieldsRoutes: RouteModule = (router) => {
  // List Custom Fields: offset paging (limit ≤ 100, default 100); by section, then the section's order.
  router.operation(adminOps.listCustomFields, (ctx) => {
    ctx.requireAdmin();
    const { paging } = validate(
      z.object({
        paging: z
          .object({
            limit: z.coerce.number().int().min(0).max(100).nullish(),
            offset: z.coerce.number().int().min(0).nullish(),
          })
          .optional(),
      }),
      paramsObject(ctx.query),
    );
    const rows = visibleCustomFields(ctx.db);
    const p = offsetPage(rows, { limit: paging?.limit ?? 100, offset: paging?.offset ?? 0 }, 100);
    return {
      json: {
        fields: p.items.map(toWireCustomField),
        metadata: { count: p.items.length, offset: p.offset, total: rows.length, tooManyToCount: false },
      },
    };
  });

  router.operation(adminOps.getCustomField, (ctx) => ({ json: { field: toWireCustomField(fieldOf(ctx)) } }));

  // Create Custom Field: name, fieldType (TEXT, NUMBER, DATE, URL, SOCIAL), defaultPrivacy (PRIVATE unless said),
  // socialType for SOCIAL only. Its key is `custom.` and the name as a slug.
  router.operation(adminOps.createCustomField, (ctx) => {
    ctx.requireAdmin();
    const { field } = validate(createSchema, ctx.body);
    if (!(FIELD_TYPES as readonly string[]).includes(field.fieldType))
      throw badRequestApp('INCORRECT_FIELD_TYPE', `fieldType must be one of: ${FIELD_TYPES.join(', ')}`, {
        incorrectType: field.fieldType,
      });
    const fieldType = field.fieldType as (typeof FIELD_TYPES)[number];
    const socialType =
      fieldType === 'SOCIAL'
        ? socialOf(field.socialType)
        : field.socialType && field.socialType !== 'UNKNOWN'
          ? socialOf(null)
          : null;
    if (visibleCustomFields(ctx.db).length >= MAX_CUSTOM_FIELDS)
      throw badRequest([
        {
          field: 'field',
          description: `a site has at most ${MAX_CUSTOM_FIELDS} custom fields`,
          violatedRule: 'MAX_SIZE',
        },
      ]);
    const id = createCustomField(
      ctx.db,
      { name: field.name, fieldType, socialType, privacy: privacyOf(field.defaultPrivacy, 'PRIVATE') },
      ctx.now(),
    );
    return { json: { field: toWireCustomField(customFieldById(ctx.db, id)!) } };
  });

  // Update Custom Field: name, defaultPrivacy and (SOCIAL) socialType; fieldType cannot change.
  router.operation(adminOps.updateCustomField, (ctx) => {
    const f = fieldOf(ctx, 'fieldId');
    const { field } = validate(updateSchema, ctx.body);
    if (field.id !== undefined && field.id !== null && field.id.toLowerCase() !== f.id)
      throw invalidField('field.id', 'must be the custom field id of the path');
    if (field.fieldType !== undefined && field.fieldType !== f.field_type)
      throw badRequestApp('INCORRECT_FIELD_TYPE', 'fieldType cannot change', {
        incorrectType: field.fieldType,
        correctType: f.field_type,
      });
    checkRevision(f, field.revision, 'field.revision');
    const socialType =
      field.socialType === undefined || field.socialType === null
        ? undefined
        : f.field_type === 'SOCIAL'
          ? socialOf(field.socialType)
          : socialOf(null);
    updateCustomField(
      ctx.db,
      f.id,
      {
        name: field.name,
        privacy: field.defaultPrivacy === undefined ? undefined : privacyOf(field.defaultPrivacy, f.default_privacy),
        socialType,
      },
      ctx.now(),
    );
    return { json: { field: toWireCustomField(customFieldById(ctx.db, f.id)!) } };
  });

  // Delete Custom Field: `?revision=` required (the client's signature); members' values go with it.
  router.operation(adminOps.deleteCustomField, (ctx) => {
    const f = fieldOf(ctx);
    const q = paramsObject(ctx.query);
    checkRevision(f, validate(revision, q['revision'], 'revision'));
    deleteCustomField(ctx.db, f.id);
    return { json: {} };
  });

  // Hide Custom Field: `{revision}` required; out of the list and off members' records, values kept.
  router.operation(adminOps.hideCustomField, (ctx) => {
    const f = fieldOf(ctx);
    const body = validate(z.object({ id: z.unknown().optional(), revision }), ctx.body);
    checkRevision(f, body.revision);
    hideCustomField(ctx.db, f.id, ctx.now());
    return { json: {} };
  });

  // Update Custom Fields Order: the ids lead their section (GENERAL unless said), in that order; every id must be a
  // shown field of that section. Answers the section's fields in the new order.
  router.operation(adminOps.updateCustomFieldsOrder, (ctx) => {
    ctx.requireAdmin();
    const { fieldIds, section = 'GENERAL' } = validate(
      z.object({
        fieldIds: z.array(z.string().regex(GUID, 'must be a GUID')).min(1).max(MAX_CUSTOM_FIELDS),
        section: z.enum(SECTIONS).optional(),
      }),
      ctx.body,
    );
    const ids = fieldIds.map((i) => i.toLowerCase());
    const inSection = new Set(sectionFields(ctx.db, section).map((f) => f.id));
    const bad: FieldViolation[] = [];
    ids.forEach((id, i) => {
      if (!inSection.has(id))
        bad.push({
          field: `fieldIds[${i}]`,
          description: `is not a field of section ${section}`,
          violatedRule: 'VALIDATION',
        });
      else if (ids.indexOf(id) !== i)
        bad.push({ field: `fieldIds[${i}]`, description: 'is given twice', violatedRule: 'VALIDATION' });
    });
    if (bad.length) throw badRequest(bad);
    reorderCustomFields(ctx.db, section, ids);
    return { json: { fields: sectionFields(ctx.db, section).map(toWireCustomField), section } };
  });
};
