import { useEffect, useState, type ComponentType } from 'react';
import { addStrings, type I18n } from '../../../core/i18n/index.ts';
import type { ConsoleSectionProps } from '../section.ts';

/** A settings section: its view, loaded when first opened. */
export type SettingsPart = ComponentType<ConsoleSectionProps>;

/**
 * A section's view with, on a French page, its French (its own chunk, added before the view shows): each section
 * brings its words, so the console's French carries only the list's names.
 */
export const withFrench = <T>(
  language: string,
  view: Promise<T>,
  fr: () => Promise<{ fr: Record<string, string> }>,
): Promise<T> => Promise.all([view, language === 'fr' && fr().then((m) => addStrings('fr', m.fr))]).then(([v]) => v);

/**
 * The store's settings, in the order the list shows them: each key's view (widgets/admin/settings/<key>/view.tsx), its
 * own chunk loaded when it is opened. The list's names and one-line descriptions are the frame's (`admin.set.<key>`,
 * `admin.set.<key>.about`).
 */
export const SETTINGS: Partial<Record<SettingsKey, (language: string) => Promise<SettingsPart>>> = {
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

/**
 * The page turned French after a section loaded (its French loads with it otherwise, {@link withFrench}): load it now
 * and render again. `english` is the section's English dictionary (its first word tells whether French is there); a
 * French chunk that cannot load leaves the section in English, and the next turn to French asks again.
 */
export function useFrench(i: I18n, english: Record<string, string>, fr: () => Promise<{ fr: Record<string, string> }>) {
  const [, bump] = useState(0);
  const [key, word] = Object.entries(english)[0]!;
  const missing = i.language === 'fr' && i.strings(english)(key as never) === word;
  useEffect(() => {
    if (missing)
      void fr().then(
        (m) => (addStrings('fr', m.fr), bump((n) => n + 1)),
        () => {},
      );
  }, [missing]);
}
