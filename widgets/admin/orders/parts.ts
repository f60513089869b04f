import type { I18n, Translator } from '../../../core/i18n/index.ts';
import type { ConsoleSectionProps } from '../section.ts';
import type { AdminOrdersModel } from './model.ts';
import type { ordersStrings } from './strings.ts';

export type K = keyof typeof ordersStrings;
export type T = Translator<K>;

/** What the orders section gives its parts (the summary, the filters, the list). */
export interface Parts {
  context?: ConsoleSectionProps['context'];
  model: AdminOrdersModel;
  i18n: I18n;
  t: T;
  ids: string;
}
