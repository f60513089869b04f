/**
 * What the built bundle (dist/inlay, `npm run build` first) is made of, read from its files and their source maps:
 * which chunk holds which source module. The owner's console is told by its folder (widgets/admin/), not by a file
 * name, so the size budgets and the browser tests find it wherever the console's files move within that folder.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const DIST = join(root, 'dist/inlay');

/** The hashed chunks, as paths relative to dist/inlay (`assets/<name>-<hash>.js`). */
export const chunkFiles = (dir = DIST): string[] =>
  existsSync(join(dir, 'assets'))
    ? readdirSync(join(dir, 'assets'))
        .filter((f) => f.endsWith('.js'))
        .map((f) => `assets/${f}`)
    : [];

/** The source modules a built file holds (repository paths, `/`-separated), from its source map (none without one). */
export function sourcesOf(file: string, dir = DIST): string[] {
  const map = join(dir, `${file}.map`);
  if (!existsSync(map)) return [];
  const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
  return sources.map((s) =>
    relative(root, resolve(dirname(map), s))
      .split(sep)
      .join('/'),
  );
}

/** Whether a source module is in `folder` (`widgets/admin`, `ui`…), at any depth. */
export const inFolder = (module: string, folder: string) => module.startsWith(`${folder.replace(/\/$/, '')}/`);

/**
 * The owner's console: every chunk holding a module of widgets/admin/ but the tag's own (the one holding
 * widgets/admin/element.ts), which a page with `<inlay-admin>` loads to learn whether an owner is signed in.
 */
export const consoleChunks = (dir = DIST): string[] =>
  chunkFiles(dir).filter((f) => {
    const modules = sourcesOf(f, dir);
    return modules.some((m) => inFolder(m, 'widgets/admin')) && !modules.includes('widgets/admin/element.ts');
  });

/**
 * The chunk that holds a widget's element (widgets/<name>/element.ts): its own, or its group's when it is one of the
 * widgets shown together (vite.config.ts `WIDGET_GROUPS`).
 */
export const elementChunk = (widget: string, dir = DIST): string | undefined => {
  const files = chunkFiles(dir).filter((f) => sourcesOf(f, dir).includes(`widgets/${widget}/element.ts`));
  if (files.length > 1) throw new Error(`widgets/${widget}/element.ts is in ${files.length} chunks`);
  return files[0];
};
