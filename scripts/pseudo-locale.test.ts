import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { englishDictionaries, frenchFiles, generate, PACK, pseudo } from './pseudo-locale.ts';
import pack from '../widgets/languages/ar-XB.ts';
import { languages } from '../widgets/languages/index.ts';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the right-to-left test language ar-XB (widgets/languages/ar-XB.ts)', () => {
  it('is what scripts/pseudo-locale.ts writes today (regenerate it after changing an English string)', async () => {
    expect(readFileSync(PACK, 'utf8') === (await generate()), 'stale: run npx tsx scripts/pseudo-locale.ts').toBe(true);
  });

  it('has every key a French dictionary has (the pack, the console and its sections, the sign-in challenge), no more', async () => {
    const french = new Set<string>();
    for (const file of frenchFiles()) {
      const m = (await import(file)) as { fr: Record<string, string> };
      expect(Object.keys(m.fr).length, file).toBeGreaterThan(0);
      for (const k of Object.keys(m.fr)) french.add(k);
    }
    expect(frenchFiles().some((f) => f.endsWith('widgets/admin/members/strings.fr.ts'))).toBe(true);
    expect(frenchFiles().some((f) => f.endsWith('widgets/login/challenge-strings.fr.ts'))).toBe(true);
    expect(Object.keys(pack).sort()).toEqual([...french].sort());
  });

  it("mirrors each English string's words and only them: its placeholders stay outside the override", () => {
    const english = Object.assign({}, ...englishDictionaries().map((d) => d.strings)) as Record<string, string>;
    for (const [k, v] of Object.entries(pack)) {
      expect(v, k).toBe(pseudo(english[k]!));
      expect(placeholders(v), k).toEqual(placeholders(english[k]!));
      // outside RLM RLO … PDF RLM: placeholders and spaces only
      const outside = v.replace(/\u200f\u202e[^\u202c]*\u202c\u200f/g, '').replace(/\{\w+\}/g, '');
      expect(outside.trim(), k).toBe('');
    }
    expect(pseudo('Remove {name} from {list}?')).toBe(
      '\u200f\u202eRemove \u202c\u200f{name}\u200f\u202e from \u202c\u200f{list}\u200f\u202e?\u202c\u200f',
    );
    expect(pseudo('{count} items')).toBe('{count}\u200f\u202e items\u202c\u200f');
    expect(pseudo('{a} {b}')).toBe('{a} {b}');
  });

  it('is the chunk the languages map loads for ar-XB', async () => {
    expect(Object.keys(languages)).toEqual(['fr', 'ar-XB']);
    expect((await languages['ar-XB']!()).default).toBe(pack);
  });
});
