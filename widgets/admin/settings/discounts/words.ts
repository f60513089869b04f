import type { Translator } from '../../../../core/i18n/index.ts';
import type { discountStrings } from './strings.ts';

export type T = Translator<keyof typeof discountStrings>;
