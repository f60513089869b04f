import { atom } from 'nanostores';
import type { InlayContext } from '../../../../core/context.ts';
import { InlayApiError, outcomeUnknown } from '../../../../core/errors.ts';
import { companionHttp } from '../../../../core/api/companion.ts';
import * as api from '../../../../core/api/admin-taxes.ts';
import type { TaxGroup, TaxRate, TaxRegion } from '../../../../core/api/admin-taxes.ts';

export type { TaxGroup, TaxRate, TaxRegion };
export { fractionOf, percentOf } from '../../../../core/api/admin-taxes.ts';

export interface TaxesUi {
  status: 'loading' | 'ready' | 'error';
  regions: TaxRegion[];
  groups: TaxGroup[];
  rates: TaxRate[];
  error?: string;
}
/** One form's write: under way, or its refusal (the platform's code, else words). */
export interface WriteUi {
  busy?: boolean;
  /** The platform's or the companion's code (`ALREADY_EXISTS`…), when it gave one. */
  code?: string;
  /** Words for a failure without a known code. */
  error?: string;
  /** The answer was lost: the list was read again and shows what is saved. */
  unknown?: boolean;
}
export interface RegionInput {
  country: string;
  subdivision: string;
  taxIncludedInPrice: boolean;
  percent: string;
}

/**
 * Settings › Taxes (owner only, through the site companion): the regions with their rate (the default group's there),
 * the rate where no region covers the address, the tax groups and a group's own rate in a region. Every write is
 * followed by a fresh read of the list (what is saved is what shows); a write whose answer was lost is never sent
 * again by itself: the list is read and the form says so.
 */
export function createTaxesModel(context: InlayContext, props: { page?: () => string } = {}) {
  const { client, i18n } = context;
  const page = props.page ?? (() => location.href);
  const http = () => companionHttp(client, page());
  const $taxes = atom<TaxesUi>({ status: 'loading', regions: [], groups: [], rates: [] });
  /** Each form's write, by a key the view chooses (`region:new`, `region:<id>`, `group:<id>`…). */
  const $writes = atom<Record<string, WriteUi>>({});
  const setWrite = (k: string, w: WriteUi | undefined) => {
    const next = { ...$writes.get() };
    if (w) next[k] = w;
    else delete next[k];
    $writes.set(next);
  };
  let reading = 0;

  async function load(quiet = false) {
    const n = ++reading;
    if (!quiet) $taxes.set({ ...$taxes.get(), status: 'loading' });
    try {
      const r = await api.listTaxes(http());
      if (n === reading) $taxes.set({ status: 'ready', regions: r.regions, groups: r.groups, rates: r.rates });
    } catch (e) {
      if (n === reading) $taxes.set({ ...$taxes.get(), status: 'error', error: i18n().error(e, true) });
    }
  }

  /** Runs one write for form `k`; true when it was saved. Its refusal stays on the form, with what was typed. */
  async function write(k: string, run: () => Promise<unknown>): Promise<boolean> {
    if ($writes.get()[k]?.busy) return false;
    setWrite(k, { busy: true });
    try {
      await run();
      setWrite(k, undefined);
      await load(true);
      return true;
    } catch (e) {
      if (outcomeUnknown(e)) {
        setWrite(k, { unknown: true });
        await load(true);
        return false;
      }
      const code = e instanceof InlayApiError ? e.applicationError?.code : undefined;
      const words =
        e instanceof InlayApiError && e.status >= 400 && e.status < 500
          ? (e.applicationError?.description ?? e.fieldViolations?.[0]?.description ?? i18n().error(e, true))
          : i18n().error(e, true);
      setWrite(k, { ...(code ? { code } : {}), error: words });
      return false;
    }
  }

  /** The default group (the platform's; a product without a group is in it). */
  const defaultGroup = () => $taxes.get().groups.find((g) => g.system);
  /** A group's own rate in a region (null: where no region covers the address). */
  const rateOf = (groupId: string | undefined, regionId: string | null) =>
    $taxes.get().rates.find((r) => r.groupId === groupId && r.regionId === regionId);

  return {
    $taxes,
    $writes,
    load,
    defaultGroup,
    rateOf,
    clear: (k: string) => setWrite(k, undefined),
    addRegion: (input: RegionInput) =>
      write('region:new', () =>
        api.createTaxRegion(http(), {
          country: input.country,
          ...(input.subdivision ? { subdivision: input.subdivision } : {}),
          taxIncludedInPrice: input.taxIncludedInPrice,
          percent: input.percent,
        }),
      ),
    /** The region's place and prices (with its revision), then its rate if it changed. */
    editRegion: (r: TaxRegion, input: RegionInput, ratePercent: string | undefined) =>
      write(`region:${r.id}`, async () => {
        if (
          input.country !== r.country ||
          input.subdivision !== r.subdivision ||
          input.taxIncludedInPrice !== r.taxIncludedInPrice
        )
          await api.updateTaxRegion(http(), r.id, {
            revision: r.revision,
            country: input.country,
            subdivision: input.subdivision,
            taxIncludedInPrice: input.taxIncludedInPrice,
          });
        const g = defaultGroup();
        if (g && input.percent !== ratePercent)
          await api.setTaxRate(http(), { groupId: g.id, regionId: r.id, percent: input.percent });
      }),
    deleteRegion: (r: TaxRegion) => write(`region:${r.id}`, () => api.deleteTaxRegion(http(), r.id)),
    setRate: (k: string, groupId: string, regionId: string | null, percent: string) =>
      write(k, () => api.setTaxRate(http(), { groupId, regionId, percent })),
    deleteRate: (k: string, rate: TaxRate) => write(k, () => api.deleteTaxRate(http(), rate.id)),
    addGroup: (name: string) => write('group:new', () => api.createTaxGroup(http(), name)),
    renameGroup: (g: TaxGroup, name: string) =>
      write(`group:${g.id}`, () => api.updateTaxGroup(http(), g.id, { name, revision: g.revision })),
    deleteGroup: (g: TaxGroup) => write(`group:${g.id}`, () => api.deleteTaxGroup(http(), g.id)),
  };
}
export type TaxesModel = ReturnType<typeof createTaxesModel>;
