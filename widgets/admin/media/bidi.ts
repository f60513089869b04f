/** A name inside a sentence, isolated for bidi (FSI … PDI): a name in another script does not reorder the words. */
export const iso = (s: string) => `\u2068${s}\u2069`;
