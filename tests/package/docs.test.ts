/**
 * The repository's documents link only inside the repository (a person who clones it can follow every link), and
 * every such link resolves to a file that is there.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const documents = [
  'README.md',
  'emulator/README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

describe.each(documents)('%s', (doc) => {
  it('links to files inside the repository that exist (or to the web)', () => {
    const text = readFileSync(join(ROOT, doc), 'utf8').replace(/```[\s\S]*?```/g, '');
    const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((m) => m[1]!)
      .filter((t) => !/^(https?:|mailto:|#)/.test(t));
    for (const target of targets) {
      const path = resolve(dirname(join(ROOT, doc)), decodeURI(target.replace(/#.*$/, '')));
      expect(relative(ROOT, path).startsWith('..'), `${doc} → ${target} leaves the repository`).toBe(false);
      expect(existsSync(path), `${doc} → ${target}`).toBe(true);
    }
  });
});
