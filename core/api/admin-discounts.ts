/**
 * The owner console's discount rules, through the site companion (docs/companion.md "Owner console: discount rules";
 * companion/admin-discounts.ts). Owner only: anyone else gets 403 `NOT_OWNER`. The console speaks a rule as its form
 * has it ({@link RuleForm}); the companion turns it into the platform's model (`@wix/auto_sdk_ecom_discount-rules`)
 * and back. Only the console's discounts chunk imports this file.
 */
import { z } from 'zod/mini';
import type { Http } from '../http.ts';
import { callRoute, type CompanionRoutes } from './companion.ts';
import type { CompanionRequests } from './companion-requests.ts';

export const RULE_TYPES = ['PERCENTAGE', 'FIXED_AMOUNT', 'FIXED_PRICE'] as const;
export const RULE_TARGETS = ['ALL', 'PRODUCTS', 'COLLECTIONS'] as const;
export const RULE_TRIGGERS = ['NONE', 'SUBTOTAL', 'QUANTITY'] as const;
export const RULE_NAME_MAX = 50;

const str = z.optional(z.string());
/** A rule as the console shows and edits it. `editable: false`: a shape the form cannot hold (an and/or trigger…). */
export const ruleSchema = z.looseObject({
  id: z.string(),
  revision: z.string(),
  name: z.string(),
  active: z.boolean(),
  status: z.string(),
  usageCount: z.number(),
  start: str,
  end: str,
  type: z.string(),
  value: z.string(),
  appliesTo: z.string(),
  ids: z.array(z.string()),
  trigger: z.string(),
  min: str,
  editable: z.boolean(),
});
export type Rule = z.infer<typeof ruleSchema>;
/** What the form sends (companion-requests.ts checks it). */
export type RuleForm = z.infer<CompanionRequests['POST /admin/discount-rules']>;

const previewSchema = z.looseObject({
  lines: z.array(
    z.looseObject({
      productId: z.string(),
      name: z.string(),
      quantity: z.number(),
      total: z.string(),
      discount: z.string(),
      rules: z.array(z.string()),
    }),
  ),
  subtotal: z.string(),
  discount: z.string(),
  after: z.string(),
  currency: z.string(),
});
export type Preview = z.infer<typeof previewSchema>;

const listRoute = {
  method: 'POST',
  path: '/admin/discount-rules/query',
  kind: 'read',
  schema: z.looseObject({ rules: z.array(ruleSchema), next: str }),
} as const;
const getRoute = {
  method: 'GET',
  path: '/admin/discount-rules/{id}',
  schema: z.looseObject({ rule: ruleSchema }),
} as const;
const createRoute = {
  method: 'POST',
  path: '/admin/discount-rules',
  schema: z.looseObject({ rule: ruleSchema }),
} as const;
const updateRoute = {
  method: 'PATCH',
  path: '/admin/discount-rules/{id}',
  schema: z.looseObject({ rule: ruleSchema }),
} as const;
const deleteRoute = { method: 'DELETE', path: '/admin/discount-rules/{id}', schema: z.looseObject({}) } as const;
const previewRoute = {
  method: 'POST',
  path: '/admin/discount-rules/preview',
  kind: 'read',
  schema: previewSchema,
} as const;

/** The owner's discount-rule routes, their bodies in companion-requests.ts. */
export const adminDiscountsRoutes = [
  listRoute,
  getRoute,
  createRoute,
  updateRoute,
  deleteRoute,
  previewRoute,
] as const satisfies CompanionRoutes;

/** Oldest first; `cursor` (the last page's `next`) reads on. */
export const listRules = (http: Http, cursor?: string) =>
  callRoute(http, listRoute, { body: cursor ? { cursor } : {} });
export const getRule = async (http: Http, id: string) => (await callRoute(http, getRoute, { id })).rule;
/** 409 `ALREADY_EXISTS` (with the rule's `id`) when a rule has that name: a retry after a lost answer makes none. */
export const createRule = async (http: Http, form: RuleForm) =>
  (await callRoute(http, createRoute, { body: form })).rule;
/** With the revision the form was read at: 409 `REVISION_MISMATCH` when it moved on. */
export const updateRule = async (http: Http, id: string, revision: string, form: RuleForm) =>
  (await callRoute(http, updateRoute, { id, body: { ...form, revision } })).rule;
export const deleteRule = (http: Http, id: string) => callRoute(http, deleteRoute, { id });
/** The store's live rules on a sample cart, as the platform's cart estimate prices it. */
export const previewRules = (http: Http, lines: { productId: string; variantId?: string; quantity: number }[]) =>
  callRoute(http, previewRoute, { body: { lines } });
