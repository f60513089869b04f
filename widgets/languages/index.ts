import type { LanguagePacks } from '../../core/i18n/index.ts';

/**
 * Languages other than English, each one chunk loaded on demand (English ships in every chunk). To add a language:
 * a `<lang>.fr.ts`-style file next to each widget's strings, a pack here, and its key in `languages`. `ar-XB`: the
 * right-to-left test language, generated from the English strings (scripts/pseudo-locale.ts).
 */
export const languages: LanguagePacks = {
  fr: () => import('./fr.ts'),
  'ar-XB': () => import('./ar-XB.ts'),
};
