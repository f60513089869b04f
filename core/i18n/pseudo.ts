/**
 * The right-to-left test language `ar-XB` (the pseudo-bidi locale of Android and Chrome): English whose words read
 * mirrored, as a right-to-left language's would. Used to write the widgets' pack (scripts/pseudo-locale.ts) and by the
 * emulator's hosted pages; no browser entry imports it.
 */
const RLM = '\u200f';
const RLO = '\u202e';
const PDF = '\u202c';

/**
 * One English string in the pseudo-bidi locale: each run of text between `{placeholders}` (not whitespace alone) in
 * RLM RLO … PDF RLM (the marks make the string right-to-left for `dir="auto"` too, as Android's ar-XB does).
 */
export const pseudo = (s: string): string =>
  s
    .split(/(\{\w+\})/)
    .map((part, i) => (i % 2 || !part.trim() ? part : `${RLM}${RLO}${part}${PDF}${RLM}`))
    .join('');
