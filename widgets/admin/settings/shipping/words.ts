import type { Translator } from '../../../../core/i18n/index.ts';
import type { shippingStrings } from './strings.ts';

/** Settings › Shipping's translator. */
export type T = Translator<keyof typeof shippingStrings>;
