import type { I18n, Translator } from '../../../core/i18n/index.ts';
import type { AbandonedSummary } from '../../../core/api/admin-abandoned.ts';
import { abandonedStrings } from './strings.ts';

export type T = Translator<keyof typeof abandonedStrings>;
export type K = keyof typeof abandonedStrings;
export const has = (k: string): k is K => k in abandonedStrings;
export const name = (a: AbandonedSummary, t: T) =>
  [a.buyer.firstName, a.buyer.lastName].filter(Boolean).join(' ').trim() || a.buyer.email || t('ab.unknownBuyer');
export const value = (a: AbandonedSummary, i: I18n) =>
  a.value.currency ? i.money(a.value.amount, a.value.currency) : a.value.formatted;
