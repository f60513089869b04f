import type { Translator } from '../../../core/i18n/index.ts';
import { MEDIA_ROOT, VISITOR_UPLOADS } from './model.ts';
import type { Item } from './items.ts';
import type { mediaStrings } from './strings.ts';

export type T = Translator<keyof typeof mediaStrings>;
/** A form's field as it is when the form is sent (trimmed). */
export const field = (e: Event, name: string) =>
  String(new FormData(e.currentTarget as HTMLFormElement).get(name) ?? '').trim();
export const ROOT_NAMES: Record<string, 'md.library' | 'md.visitors'> = {
  [MEDIA_ROOT]: 'md.library',
  [VISITOR_UPLOADS]: 'md.visitors',
};
/** A system folder by the console's own words (the platform names it in English), any other item by its name. */
export const itemName = (x: Item, t: T) => {
  const root = x.folder && ROOT_NAMES[x.folder.id];
  return root ? t(root) : (x.file ? x.file.name : x.folder.name) || (x.file ? x.key : t('md.folder'));
};
