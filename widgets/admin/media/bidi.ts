/** A name inside a sentence, isolated for bidi (FSI … PDI): a name in another script does not reorder the words. */
export { isolate as iso } from '../../../core/i18n/index.ts';
