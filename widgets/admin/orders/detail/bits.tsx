import type { Translator } from '../../../../core/i18n/index.ts';
import { ordersStrings } from '../strings.ts';
import { orderStrings } from './strings.ts';

export const both = { ...ordersStrings, ...orderStrings };
export type K = keyof typeof both;
export type T = Translator<K>;
