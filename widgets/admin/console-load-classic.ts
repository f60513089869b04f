import shared from 'virtual:inlay-shared';
import type { AdminConsole } from './console.tsx';

/**
 * The classic build's way to the owner's console (vite.config.ts puts it in place of console-load.ts in `inlay.js`):
 * the console, its sections and its French are one separate file, `assets/inlay-console-<hash>.js` beside `inlay.js`,
 * imported only once an owner is known. That file carries none of what `inlay.js` has: its `start` takes preact, the
 * stores and core from here (`virtual:inlay-shared`, vite.config.ts `SHARED_WITH_CONSOLE`), handed over privately:
 * nothing is put on the page's `window`.
 */
export interface ConsolePart {
  AdminConsole: typeof AdminConsole;
  fr: Record<string, string>;
}

/** The console's file, `assets/inlay-console-<hash>.js`: the one built with this inlay.js (vite.config.ts). */
declare const __INLAY_CONSOLE_FILE__: string;
// where inlay.js came from (read while it first runs): the console's file is beside it, in the same version
const self = typeof document === 'undefined' ? null : (document.currentScript as HTMLScriptElement | null);
const url = self?.src ? new URL(__INLAY_CONSOLE_FILE__, self.src).href : undefined;
let part: ConsolePart | undefined;

// import() rather than a <script> element: not a Trusted Types sink, and held to script-src like the rest
const load = async (): Promise<ConsolePart> => {
  if (!url) throw new Error('the owner console: the URL of inlay.js is not known');
  const m = (await import(/* @vite-ignore */ url)) as { start?: (s: typeof shared) => ConsolePart };
  if (typeof m.start !== 'function') throw new Error(`${url} is not the owner console`);
  return (part ??= m.start(shared));
};

export const loadConsole = () => load().then((p) => p.AdminConsole);
export const loadConsoleFrench = () => load().then((p) => p.fr);
