import { atom } from 'nanostores';
import type { InlayContext } from '../../../../core/context.ts';
import { InlayApiError, outcomeUnknown } from '../../../../core/errors.ts';
import { companionHttp } from '../../../../core/api/companion.ts';
import {
  createShipping,
  deleteShipping,
  getLabel,
  listShipping,
  updateLabel,
  updateShipping,
  type DeliveryRegionView,
  type LabelConfiguration,
  type LabelPatch,
  type ShippingOptionBody,
  type ShippingOptionView,
} from '../../../../core/api/admin-shipping.ts';

export type Rate = ShippingOptionBody['rates'][number];
export interface ListUi {
  status: 'loading' | 'ready' | 'error';
  options: ShippingOptionView[];
  regions: DeliveryRegionView[];
  error?: string;
}
/** The option being edited (`id` undefined: a new one), what the owner typed kept through a failure. */
export interface EditUi {
  id?: string;
  revision?: string;
  draft: ShippingOptionBody;
  /** The confirm step is showing. */
  confirming?: boolean;
  busy?: boolean;
  error?: string;
}
export interface LabelUi {
  status: 'loading' | 'ready' | 'error';
  config?: LabelConfiguration;
  error?: string;
  busy?: boolean;
  saved?: boolean;
  saveError?: string;
}

const code = (e: unknown) => (e instanceof InlayApiError ? e.applicationError?.code : undefined);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Settings › Shipping (owner only, through the site companion): the options with the regions they serve, an option
 * made, changed or deleted after a confirmation (what shoppers pay changes), and the label provider's configuration
 * (apart: its failure leaves the options alone). A change whose answer is lost reads the list back before saying
 * anything: an option with the new title, an option whose fields are those sent, or one gone, means it landed.
 */
export function createShippingModel(context: InlayContext, props: { page?: () => string } = {}) {
  const { client, i18n } = context;
  const page = props.page ?? (() => location.href);
  const http = () => companionHttp(client, page());
  const words = (e: unknown) => i18n().error(e, true);
  const $list = atom<ListUi>({ status: 'loading', options: [], regions: [] });
  const $edit = atom<EditUi | undefined>(undefined);
  const $remove = atom<{ id: string; busy?: boolean; error?: string } | undefined>(undefined);
  const $label = atom<LabelUi>({ status: 'loading' });
  const $notice = atom<string | undefined>(undefined);

  async function load(): Promise<ListUi> {
    if ($list.get().status !== 'ready') $list.set({ ...$list.get(), status: 'loading' });
    try {
      const r = await listShipping(http());
      const next: ListUi = { status: 'ready', options: r.options, regions: r.regions };
      $list.set(next);
      return next;
    } catch (e) {
      $list.set({ ...$list.get(), status: 'error', error: words(e) });
      throw e;
    }
  }

  async function loadLabel() {
    $label.set({ status: 'loading' });
    try {
      $label.set({ status: 'ready', config: await getLabel(http()) });
    } catch (e) {
      $label.set({ status: 'error', error: words(e) });
    }
  }

  const blank = (): ShippingOptionBody => ({
    title: '',
    estimatedDeliveryTime: '',
    regionIds: [],
    rates: [{ amount: '', conditions: [] }],
  });

  function edit(id?: string) {
    $notice.set(undefined);
    const o = id ? $list.get().options.find((x) => x.id === id) : undefined;
    $edit.set(
      o
        ? {
            id: o.id,
            revision: o.revision,
            draft: {
              title: o.title,
              estimatedDeliveryTime: o.estimatedDeliveryTime ?? '',
              regionIds: o.deliveryRegionIds,
              rates: o.rates.map((r) => ({
                amount: r.amount,
                conditions: r.conditions as Rate['conditions'],
                multiplyByQuantity: r.multiplyByQuantity ?? false,
              })),
            },
          }
        : { draft: blank() },
    );
  }
  /** A change to the draft, from the draft as it is now (two events before a render both count). */
  const change = (next: (d: ShippingOptionBody) => ShippingOptionBody) => {
    const e = $edit.get();
    if (e) $edit.set({ ...e, draft: next(e.draft), error: undefined, confirming: false });
  };
  const close = () => $edit.set(undefined);
  const ask = (confirming: boolean) => {
    const e = $edit.get();
    if (e) $edit.set({ ...e, confirming, error: undefined });
  };

  /** Whether the list (read again) holds the change `e` asked for. */
  const landed = (l: ListUi, e: EditUi) => {
    const d = e.draft;
    const o = e.id
      ? l.options.find((x) => x.id === e.id)
      : l.options.find((x) => x.title.trim().toLowerCase() === d.title.trim().toLowerCase());
    return (
      !!o &&
      o.title === d.title.trim() &&
      same([...o.deliveryRegionIds].sort(), [...d.regionIds].sort()) &&
      same(
        o.rates.map((r) => [r.amount, r.conditions]),
        d.rates.map((r) => [r.amount, r.conditions]),
      )
    );
  };

  async function save() {
    const e = $edit.get();
    if (!e || e.busy) return;
    $edit.set({ ...e, busy: true, error: undefined });
    const d = { ...e.draft, title: e.draft.title.trim() };
    const body = {
      ...d,
      ...(d.estimatedDeliveryTime ? {} : { estimatedDeliveryTime: undefined }),
    };
    try {
      if (e.id) await updateShipping(http(), e.id, { revision: e.revision!, ...body });
      else await createShipping(http(), body);
      $edit.set(undefined);
      $notice.set(d.title);
      await load().catch(() => undefined);
    } catch (err) {
      // no answer, or a resend that found it made / moved on: read back, and a change that landed counts as done
      const c = code(err);
      if (outcomeUnknown(err) || c === 'TITLE_TAKEN' || c === 'REVISION_MISMATCH') {
        const l = await load().catch(() => undefined);
        if (l && landed(l, e)) {
          $edit.set(undefined);
          $notice.set(d.title);
          return;
        }
        const fresh = e.id && l?.options.find((x) => x.id === e.id);
        $edit.set({
          ...e,
          ...(fresh ? { revision: fresh.revision } : {}),
          busy: false,
          confirming: false,
          error: c ?? words(err),
        });
        return;
      }
      $edit.set({ ...e, busy: false, confirming: false, error: words(err) });
    }
  }

  async function remove(id?: string) {
    if (id !== undefined) return $remove.set(id ? { id } : undefined);
    const r = $remove.get();
    if (!r || r.busy) return;
    $remove.set({ ...r, busy: true });
    try {
      await deleteShipping(http(), r.id);
    } catch (e) {
      if (code(e) !== 'NOT_FOUND' && !outcomeUnknown(e)) return $remove.set({ id: r.id, error: words(e) });
      const l = await load().catch(() => undefined);
      if (!l || l.options.some((o) => o.id === r.id)) return $remove.set({ id: r.id, error: words(e) });
    }
    $remove.set(undefined);
    await load().catch(() => undefined);
  }

  async function saveLabel(patch: Omit<LabelPatch, 'revision'>) {
    const l = $label.get();
    if (!l.config || l.busy) return;
    $label.set({ ...l, busy: true, saved: false, saveError: undefined });
    try {
      $label.set({
        status: 'ready',
        config: await updateLabel(http(), l.config.id, { revision: l.config.revision, ...patch }),
        saved: true,
      });
    } catch (e) {
      $label.set({ ...l, busy: false, saveError: code(e) === 'REVISION_MISMATCH' ? 'REVISION_MISMATCH' : words(e) });
    }
  }

  return { $list, $edit, $remove, $label, $notice, load, loadLabel, edit, change, close, ask, save, remove, saveLabel };
}
export type ShippingModel = ReturnType<typeof createShippingModel>;
