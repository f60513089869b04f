import type { AdminConsole } from './console.tsx';

/**
 * The classic build's way to the owner's console (vite.config.ts puts it in place of console-load.ts in `inlay.js`):
 * the console, its sections and its French are one separate file, `assets/inlay-console-<hash>.js` beside `inlay.js`, imported
 * only once an owner is known. That file carries none of what `inlay.js` has: it takes preact, the stores and core
 * from `inlay.js` (`InlayBundle`, vite.config.ts `SHARED_WITH_CONSOLE`), and hands over what it holds with `arrive`.
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
let got: ConsolePart | undefined;

/** Called by the console's file as it runs. */
export const arrive = (part: ConsolePart) => void (got = part);

// import() rather than a <script> element: not a Trusted Types sink, and held to script-src like the rest
const load = (): Promise<ConsolePart> =>
  got
    ? Promise.resolve(got)
    : url
      ? import(/* @vite-ignore */ url).then(() => got ?? Promise.reject(new Error(`${url} did not load the console`)))
      : Promise.reject(new Error('the owner console: the URL of inlay.js is not known'));

export const loadConsole = () => load().then((p) => p.AdminConsole);
export const loadConsoleFrench = () => load().then((p) => p.fr);
