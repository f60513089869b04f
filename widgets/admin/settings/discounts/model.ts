import { atom } from 'nanostores';
import { z } from 'zod/mini';
import type { InlayContext } from '../../../../core/context.ts';
import { InlayApiError, outcomeUnknown } from '../../../../core/errors.ts';
import { companionHttp } from '../../../../core/api/companion.ts';
import { ops } from '../../../../core/urls.ts';
import {
  createRule,
  deleteRule,
  listRules,
  previewRules,
  updateRule,
  type Preview,
  type Rule,
  type RuleForm,
} from '../../../../core/api/admin-discounts.ts';

export { RULE_TYPES } from '../../../../core/api/admin-discounts.ts';
export type { Rule, RuleForm };

export interface ListUi {
  status: 'loading' | 'ready' | 'error';
  rules: Rule[];
  error?: string;
}
/** The form: a new rule (`id` undefined) or one being edited at `revision`; what the owner typed is kept. */
export interface FormUi {
  id?: string;
  revision?: string;
  busy?: boolean;
  error?: string;
}
export interface PreviewUi {
  busy?: boolean;
  result?: Preview;
  error?: string;
}
/** A product or collection to pick from. */
export interface Choice {
  id: string;
  name: string;
  /** A product's first variant in stock (what the sample cart adds). */
  variantId?: string;
}

const named = z.array(z.looseObject({ id: z.string(), name: z.string() }));
const withVariants = z.array(
  z.looseObject({
    id: z.string(),
    name: z.string(),
    variants: z.optional(
      z.array(
        z.looseObject({ id: z.string(), stock: z.optional(z.looseObject({ inStock: z.optional(z.boolean()) })) }),
      ),
    ),
  }),
);
const code = (e: unknown) => (e instanceof InlayApiError ? e.applicationError?.code : undefined);

/**
 * Settings › Discounts (owner only, through the site companion): the rules, the form that creates or edits one, delete,
 * and a preview of the saved rules on a sample cart. A create whose answer is lost is read back by name before
 * anything is offered again (the companion refuses a second rule of the same name); an edit carries the revision it
 * was read at, and a stale one reloads the rule as it is now.
 */
export function createDiscountsModel(context: InlayContext, props: { page?: () => string } = {}) {
  const { client, i18n } = context;
  const page = props.page ?? (() => location.href);
  const http = () => companionHttp(client, page());
  const $list = atom<ListUi>({ status: 'loading', rules: [] });
  const $form = atom<FormUi | undefined>(undefined);
  const $preview = atom<PreviewUi>({});
  const $catalog = atom<{ products: Choice[]; collections: Choice[] }>({ products: [], collections: [] });
  /** What was last done, said once (saved, deleted, created after a lost answer). */
  const $note = atom<'saved' | 'deleted' | 'madeAnyway' | undefined>(undefined);
  const words = (e: unknown) => i18n().error(e, true);

  async function load() {
    $list.set({ ...$list.get(), status: 'loading' });
    try {
      const rules: Rule[] = [];
      let next: string | undefined;
      do {
        const r = await listRules(http(), next);
        rules.push(...r.rules);
        next = r.next;
      } while (next && rules.length < 500);
      $list.set({ status: 'ready', rules });
    } catch (e) {
      $list.set({ status: 'error', rules: [], error: words(e) });
    }
  }

  /** The catalog's products and collections (public reads), for the pickers and the sample cart. */
  async function catalog() {
    if ($catalog.get().products.length) return;
    try {
      const [p, c] = await Promise.all([
        client.http.request({
          ...ops.queryProducts,
          kind: 'read',
          body: { query: { paging: { limit: 100 } }, includeVariants: true },
          schema: z.object({ products: withVariants }),
        }),
        client.http.request({
          ...ops.queryCollections,
          kind: 'read',
          body: { query: { paging: { limit: 100 } } },
          schema: z.object({ collections: named }),
        }),
      ]);
      const products = p.products.map((x) => {
        const v = x.variants?.find((y) => y.stock?.inStock !== false) ?? x.variants?.[0];
        return { id: x.id, name: x.name, ...(v ? { variantId: v.id } : {}) };
      });
      $catalog.set({ products, collections: c.collections.filter((x) => !x.id.startsWith('00000000-')) });
    } catch {
      // the pickers say there is nothing to pick; the list and the form still work
    }
  }

  const byName = (name: string) => $list.get().rules.find((r) => r.name === name);

  /** Save the form (after the view's confirmation). True when it landed. */
  async function save(form: RuleForm): Promise<boolean> {
    const f = $form.get();
    if (!f || f.busy) return false;
    $form.set({ ...f, busy: true, error: undefined });
    try {
      const saved = f.id ? await updateRule(http(), f.id, f.revision!, form) : await createRule(http(), form);
      $form.set(undefined);
      $note.set('saved');
      await load();
      return !!saved;
    } catch (e) {
      const c = code(e);
      // read back before saying anything: a create that landed is done, an edit shows the rule as it is now
      await load();
      if (!f.id && outcomeUnknown(e) && byName(form.name)) {
        $form.set(undefined);
        $note.set('madeAnyway');
        return true;
      }
      const now = f.id ? $list.get().rules.find((r) => r.id === f.id) : undefined;
      $form.set({
        ...f,
        ...(c === 'REVISION_MISMATCH' && now ? { revision: now.revision } : {}),
        busy: false,
        error: c === 'ALREADY_EXISTS' ? 'exists' : c === 'REVISION_MISMATCH' ? 'moved' : words(e),
      });
      return false;
    }
  }

  /** Delete (after the view's confirmation); a lost answer reads the list back. */
  async function remove(id: string): Promise<string | undefined> {
    try {
      await deleteRule(http(), id);
      $note.set('deleted');
      await load();
      return undefined;
    } catch (e) {
      await load();
      if (!$list.get().rules.some((r) => r.id === id)) return undefined;
      return words(e);
    }
  }

  async function preview(lines: { productId: string; variantId?: string; quantity: number }[]) {
    $preview.set({ ...$preview.get(), busy: true, error: undefined });
    try {
      $preview.set({ result: await previewRules(http(), lines) });
    } catch (e) {
      $preview.set({ ...$preview.get(), busy: false, error: words(e) });
    }
  }

  return {
    $list,
    $form,
    $preview,
    $catalog,
    $note,
    load,
    catalog,
    /** Open the form on a new rule or on `rule` (at its revision). */
    edit(rule?: Rule) {
      $note.set(undefined);
      $form.set(rule ? { id: rule.id, revision: rule.revision } : {});
      void catalog();
    },
    cancel: () => $form.set(undefined),
    save,
    remove,
    preview,
  };
}
export type DiscountsModel = ReturnType<typeof createDiscountsModel>;
