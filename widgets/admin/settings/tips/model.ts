import { atom } from 'nanostores';
import type { InlayContext } from '../../../../core/context.ts';
import { InlayApiError, outcomeUnknown } from '../../../../core/errors.ts';
import { companionHttp } from '../../../../core/api/companion.ts';
import {
  getTipSettings,
  saveTipSettings,
  type TipSettingsInput,
  type TipSettingsView,
} from '../../../../core/api/admin-tips.ts';

/** What the form edits: the values as typed (strings), so nothing typed is lost to a failure. */
export interface TipDraft {
  on: boolean;
  type: 'PERCENTAGE' | 'AMOUNT';
  presets: { value: string; default: boolean }[];
  custom: boolean;
}

export interface TipsUi {
  status: 'loading' | 'ready' | 'error';
  error?: string;
  /** The settings as saved (null: the site has none yet). */
  saved?: TipSettingsView | null;
  saving?: boolean;
  saveError?: string;
  /** After a save: `saved`; or `changed` (they moved since read: shown as they are now, check and save again). */
  notice?: 'saved' | 'changed';
}

export const draftOf = (s: TipSettingsView | null | undefined): TipDraft => ({
  on: s?.allowCustomerTip ?? false,
  type: s?.tipType === 'AMOUNT' ? 'AMOUNT' : 'PERCENTAGE',
  presets: s?.presets.length
    ? s.presets.map((p) => ({ value: String(p.value), default: p.default }))
    : [
        { value: '10', default: false },
        { value: '15', default: true },
        { value: '20', default: false },
      ],
  custom: s?.allowCustomAmount ?? true,
});

/** A preset's value as typed: a number of at least 0 with at most 2 decimals, up to 100 for a percentage. */
export const presetProblem = (value: string, type: TipDraft['type']): 'tips.badValue' | 'tips.tooHigh' | undefined => {
  const v = value.trim().replace(',', '.');
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(v)) return 'tips.badValue';
  return type === 'PERCENTAGE' && Number(v) > 100 ? 'tips.tooHigh' : undefined;
};

const inputOf = (d: TipDraft, revision?: string): TipSettingsInput => ({
  ...(revision ? { revision } : {}),
  tipType: d.type,
  presets: d.presets.map((p) => ({ value: Number(p.value.trim().replace(',', '.')), default: p.default })),
  allowCustomerTip: d.on,
  allowCustomAmount: d.custom,
});

/** The same settings (what a save sent and what is there now). */
const same = (a: TipSettingsInput, b: TipSettingsView) =>
  a.tipType === b.tipType &&
  a.allowCustomerTip === b.allowCustomerTip &&
  a.allowCustomAmount === b.allowCustomAmount &&
  JSON.stringify(a.presets) === JSON.stringify(b.presets.map((p) => ({ value: p.value, default: p.default })));

/**
 * Settings › Tips (owner only, through the site companion): the site's default tip settings, read and saved at the
 * revision read. A save whose answer is lost reads the settings again before anything is offered: what was sent is
 * there (saved), or not (said, the draft kept); a stale revision (another tab, a save sent twice) is refused by the
 * platform and the settings are shown as they are now.
 */
export function createTipsModel(context: InlayContext, props: { page?: () => string } = {}) {
  const { client, i18n } = context;
  const page = props.page ?? (() => location.href);
  const http = () => companionHttp(client, page());
  const $ui = atom<TipsUi>({ status: 'loading' });
  const words = (e: unknown) => i18n().error(e, true);

  async function load(notice?: TipsUi['notice']) {
    if (!notice) $ui.set({ status: 'loading' });
    try {
      const saved = await getTipSettings(http());
      $ui.set({ status: 'ready', saved, ...(notice ? { notice } : {}) });
      return saved;
    } catch (e) {
      $ui.set({ status: 'error', error: words(e) });
      return undefined;
    }
  }

  /** Saves the draft; true when it is saved (the form then shows the saved settings). */
  async function save(d: TipDraft): Promise<boolean> {
    const ui = $ui.get();
    if (ui.saving || ui.status !== 'ready') return false;
    const input = inputOf(d, ui.saved?.revision);
    $ui.set({ ...ui, saving: true, saveError: undefined, notice: undefined });
    try {
      const saved = await saveTipSettings(http(), input);
      $ui.set({ status: 'ready', saved, notice: 'saved' });
      return true;
    } catch (e) {
      const code = e instanceof InlayApiError ? e.applicationError?.code : undefined;
      if (code === 'REVISION_MISMATCH' || code === 'DEFAULT_SETTINGS_ALREADY_EXISTS') {
        const now = await load('changed');
        return !!now && same(input, now);
      }
      if (outcomeUnknown(e)) {
        // the answer was lost: what is there now says whether it went
        try {
          const now = await getTipSettings(http());
          if (now && same(input, now)) {
            $ui.set({ status: 'ready', saved: now, notice: 'saved' });
            return true;
          }
          $ui.set({ status: 'ready', saved: now, saveError: words(e) });
          return false;
        } catch {
          /* say the first failure */
        }
      }
      $ui.set({ ...$ui.get(), saving: false, saveError: words(e) });
      return false;
    }
  }

  return { $ui, load, save };
}
export type TipsModel = ReturnType<typeof createTipsModel>;
