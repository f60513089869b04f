import type { ComponentType } from 'react';
import type { ConsoleSectionProps } from '../section.ts';
import { withFrench } from './french.ts';

/** A settings section: its view, loaded when first opened. */
export type SettingsPart = ComponentType<ConsoleSectionProps>;

/**
 * The store's settings, in the order the list shows them: each key's view (widgets/admin/settings/<key>/view.tsx), its
 * own chunk loaded when it is opened, with its French on a French page (french.ts). The list's names and one-line
 * descriptions are the frame's (`admin.set.<key>`, `admin.set.<key>.about`).
 */
export const SETTINGS: Partial<Record<SettingsKey, (language: string) => Promise<SettingsPart>>> = {
  tips: (l) =>
    withFrench(
      l,
      import('./tips/view.tsx').then((m) => m.TipsSettings),
      () => import('./tips/strings.fr.ts'),
    ),
  checkout: (l) =>
    withFrench(
      l,
      import('./checkout/view.tsx').then((m) => m.CheckoutSettings),
      () => import('./checkout/strings.fr.ts'),
    ),
  'back-in-stock': (l) =>
    withFrench(
      l,
      import('./back-in-stock/view.tsx').then((m) => m.BackInStock),
      () => import('./back-in-stock/strings.fr.ts'),
    ),
  discounts: (language) =>
    withFrench(
      language,
      import('./discounts/view.tsx').then((m) => m.Discounts),
      () => import('./discounts/strings.fr.ts'),
    ),
  taxes: (language) =>
    withFrench(
      language,
      import('./taxes/view.tsx').then((m) => m.TaxesSettings),
      () => import('./taxes/strings.fr.ts'),
    ),
  shipping: (l) =>
    withFrench(
      l,
      import('./shipping/view.tsx').then((m) => m.ShippingSettings),
      () => import('./shipping/strings.fr.ts'),
    ),
};

/** Every section the frame knows the words of, in the list's order. */
export const SETTINGS_KEYS = ['discounts', 'shipping', 'taxes', 'tips', 'checkout', 'back-in-stock'] as const;
export type SettingsKey = (typeof SETTINGS_KEYS)[number];
