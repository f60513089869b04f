import { useEffect, useState } from 'react';
import { addStrings, type I18n } from '../../../core/i18n/index.ts';

/** A section's French: its own chunk, `{ fr }` as each section's strings.fr.ts exports it. */
type French = () => Promise<{ fr: Record<string, string> }>;

/**
 * A section's view with, on a French page, its French (its own chunk, added before the view shows): each section
 * brings its words, so the console's French carries only the list's names.
 */
export const withFrench = <T>(language: string, view: Promise<T>, fr: French): Promise<T> =>
  Promise.all([view, language === 'fr' && fr().then((m) => addStrings('fr', m.fr))]).then(([v]) => v);

/**
 * The page turned French after a section loaded (its French loads with it otherwise, {@link withFrench}): load it now
 * and render again. `english` is the section's English dictionary (its first word tells whether French is there); a
 * French chunk that cannot load leaves the section in English, and the next turn to French asks again. (Its own
 * module, so a section's view can use it without importing the list of sections that imports the view.)
 */
export function useFrench(i: I18n, english: Record<string, string>, fr: French): void {
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
