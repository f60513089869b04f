import { atom } from 'nanostores';
import type { InlayContext } from '../../../../core/context.ts';
import { outcomeUnknown } from '../../../../core/errors.ts';
import { companionHttp } from '../../../../core/api/companion.ts';
import {
  getCheckoutSettings,
  saveCheckoutSettings,
  type CheckoutSettingsInput,
  type CheckoutSettingsView,
} from '../../../../core/api/admin-tips.ts';

export interface CheckoutUi {
  status: 'loading' | 'ready' | 'error';
  error?: string;
  saved?: CheckoutSettingsView;
  saving?: boolean;
  saveError?: string;
  notice?: 'saved';
}

/** The policies the platform has, in the order the form shows them. */
export const POLICIES = [
  'termsAndConditions',
  'privacyPolicy',
  'returnPolicy',
  'digitalItemPolicy',
  'contactUs',
] as const;

/** The form's values: the view's fields only (what the save sends). */
export const draftOf = (s: CheckoutSettingsView): CheckoutSettingsInput => ({
  checkoutPolicies: {
    ...(Object.fromEntries(
      POLICIES.map((k) => [k, { visible: s.checkoutPolicies[k].visible, content: s.checkoutPolicies[k].content }]),
    ) as Pick<CheckoutSettingsInput['checkoutPolicies'], (typeof POLICIES)[number]>),
    customPolicy: {
      visible: s.checkoutPolicies.customPolicy.visible,
      content: s.checkoutPolicies.customPolicy.content,
      title: s.checkoutPolicies.customPolicy.title,
    },
  },
  checkoutFields: {
    subscriptionCheckbox: {
      visible: s.checkoutFields.subscriptionCheckbox.visible,
      checkedByDefault: s.checkoutFields.subscriptionCheckbox.checkedByDefault,
      splitByChannel: s.checkoutFields.subscriptionCheckbox.splitByChannel,
    },
    policyAgreementCheckbox: {
      visible: s.checkoutFields.policyAgreementCheckbox.visible,
      checkedByDefault: s.checkoutFields.policyAgreementCheckbox.checkedByDefault,
    },
  },
  header: {
    text: s.header.text,
    logoSize: s.header.logoSize as CheckoutSettingsInput['header']['logoSize'],
    alignment: s.header.alignment as CheckoutSettingsInput['header']['alignment'],
    displayCheckoutLabel: s.header.displayCheckoutLabel,
  },
});

/**
 * Settings › Checkout (owner only, through the site companion): the checkout settings read and saved. A save sets the
 * fields to the values sent (the same save twice leaves them as once); one whose answer is lost reads them again:
 * what was sent is there (saved) or not (said, the draft kept).
 */
export function createCheckoutModel(context: InlayContext, props: { page?: () => string } = {}) {
  const { client, i18n } = context;
  const page = props.page ?? (() => location.href);
  const http = () => companionHttp(client, page());
  const $ui = atom<CheckoutUi>({ status: 'loading' });
  const words = (e: unknown) => i18n().error(e, true);

  async function load() {
    $ui.set({ status: 'loading' });
    try {
      const saved = await getCheckoutSettings(http());
      $ui.set({ status: 'ready', saved });
      return saved;
    } catch (e) {
      $ui.set({ status: 'error', error: words(e) });
      return undefined;
    }
  }

  async function save(d: CheckoutSettingsInput): Promise<boolean> {
    const ui = $ui.get();
    if (ui.saving || ui.status !== 'ready') return false;
    $ui.set({ ...ui, saving: true, saveError: undefined, notice: undefined });
    const body = { ...d, header: { ...d.header, text: d.header.text.trim() } };
    try {
      $ui.set({ status: 'ready', saved: await saveCheckoutSettings(http(), body), notice: 'saved' });
      return true;
    } catch (e) {
      if (outcomeUnknown(e)) {
        try {
          const now = await getCheckoutSettings(http());
          if (JSON.stringify(draftOf(now)) === JSON.stringify(body)) {
            $ui.set({ status: 'ready', saved: now, notice: 'saved' });
            return true;
          }
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
