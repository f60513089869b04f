/**
 * Where the owner's console and its French come from. Here, in the module build: their own chunks, imported on demand.
 * The classic build (`inlay.js`) swaps this module for console-load-classic.ts (vite.config.ts), which loads them
 * from one separate file, `assets/inlay-console-<hash>.js`, so the one-file bundle every visitor loads does not carry them.
 */
export const loadConsole = () => import('./console.tsx').then((m) => m.AdminConsole);
export const loadConsoleFrench = () => import('./console-fr.ts').then((m) => m.default);
