import { atom } from 'nanostores';
import type { InlayContext } from '../../../../core/context.ts';
import { outcomeUnknown } from '../../../../core/errors.ts';
import { companionHttp } from '../../../../core/api/companion.ts';
import {
  getStockSettings,
  listWaitingItems,
  reportBackInStock,
  setCollecting,
  type WaitingItem,
} from '../../../../core/api/admin-back-in-stock.ts';

type Status = 'loading' | 'ready' | 'error';
export interface SettingsUi {
  status: Status;
  collecting?: boolean;
  error?: string;
  /** Start or stop under way. */
  saving?: boolean;
  /** Why the last start or stop did not happen. */
  saveError?: string;
}
export interface ItemsUi {
  status: Status;
  items: WaitingItem[];
  truncated?: boolean;
  error?: string;
}
/** What the last report did: for which item, how many emailed and how many failed (`known`: counted, else read back). */
export interface Outcome {
  name: string;
  sent: number;
  failed: number;
  known: boolean;
}
/** One item's report: under way, or why it failed. */
export interface ReportUi {
  busy?: boolean;
  error?: string;
}

/** An item's key in the list: the product and the variant. */
export const keyOf = (i: Pick<WaitingItem, 'catalogItemId' | 'variantId'>) => `${i.catalogItemId}:${i.variantId ?? ''}`;

/**
 * Settings › Back in stock (owner only, through the site companion): whether shoppers may ask to be told, the items
 * they wait for, and "report back in stock". A start or stop sets a state, so a lost answer is read back and never
 * harms; a report whose answer is lost re-reads the list before anything is offered again: an item that no longer
 * waits was reported (its shoppers were emailed), one still waiting may be reported again (the companion reports only
 * requests still waiting, so nobody is emailed twice).
 */
export function createBackInStockModel(context: InlayContext, props: { page?: () => string } = {}) {
  const { client, i18n } = context;
  const page = props.page ?? (() => location.href);
  const http = () => companionHttp(client, page());
  const words = (e: unknown) => i18n().error(e, true);
  const $settings = atom<SettingsUi>({ status: 'loading' });
  const $items = atom<ItemsUi>({ status: 'loading', items: [] });
  const $report = atom<Record<string, ReportUi>>({});
  const $outcome = atom<Outcome | undefined>(undefined);
  const setReport = (k: string, r: ReportUi) => $report.set({ ...$report.get(), [k]: r });

  async function loadSettings() {
    $settings.set({ ...$settings.get(), status: 'loading', error: undefined });
    try {
      $settings.set({ status: 'ready', collecting: (await getStockSettings(http())).collecting });
    } catch (e) {
      $settings.set({ status: 'error', error: words(e) });
    }
  }

  /** The waiting items; `quiet`: keep showing the list while it is read again. */
  async function loadItems(quiet = false): Promise<WaitingItem[] | undefined> {
    if (!quiet) $items.set({ status: 'loading', items: [] });
    try {
      const r = await listWaitingItems(http());
      $items.set({ status: 'ready', items: r.items, truncated: r.truncated });
      return r.items;
    } catch (e) {
      if (!quiet) $items.set({ status: 'error', items: [], error: words(e) });
      return undefined;
    }
  }

  /** Start (`true`) or stop (`false`) collecting; after an answer we cannot trust, the settings are read back. */
  async function collect(on: boolean): Promise<boolean> {
    const s = $settings.get();
    if (s.saving) return false;
    $settings.set({ ...s, saving: true, saveError: undefined });
    try {
      $settings.set({ status: 'ready', collecting: (await setCollecting(http(), on)).collecting });
      return true;
    } catch (e) {
      if (outcomeUnknown(e)) {
        try {
          const now = (await getStockSettings(http())).collecting;
          $settings.set({ status: 'ready', collecting: now, ...(now === on ? {} : { saveError: words(e) }) });
          return now === on;
        } catch {
          // not known: said as the change's own failure
        }
      }
      $settings.set({ ...$settings.get(), saving: false, saveError: words(e) });
      return false;
    }
  }

  /** Email everyone waiting for `item` (after the view's confirmation). */
  async function report(item: WaitingItem): Promise<boolean> {
    const k = keyOf(item);
    if ($report.get()[k]?.busy) return false;
    setReport(k, { busy: true });
    $outcome.set(undefined);
    const name = item.variant ? `${item.name} — ${item.variant}` : item.name;
    try {
      const r = await reportBackInStock(http(), {
        catalogItemId: item.catalogItemId,
        ...(item.variantId ? { variantId: item.variantId } : {}),
      });
      setReport(k, {});
      $outcome.set({ name, sent: r.sent, failed: r.failed, known: true });
      await loadItems(true);
      return true;
    } catch (e) {
      // read the list back before anything is offered again: gone from it means its shoppers were emailed
      const after = outcomeUnknown(e) ? await loadItems(true) : undefined;
      if (after && !after.some((x) => keyOf(x) === k)) {
        setReport(k, {});
        $outcome.set({ name, sent: item.waiting, failed: 0, known: false });
        return true;
      }
      setReport(k, { error: words(e) });
      return false;
    }
  }

  return {
    $settings,
    $items,
    $report,
    $outcome,
    load: () => Promise.all([loadSettings(), loadItems()]),
    loadSettings,
    loadItems: () => loadItems(),
    collect,
    report,
  };
}
export type BackInStockModel = ReturnType<typeof createBackInStockModel>;
