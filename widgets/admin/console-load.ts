/**
 * Where the owner's console and its French come from: their own chunks, imported on demand once an owner is known (on a
 * page with the module tag or the classic inlay.js alike: one chunk graph), so no other visitor downloads them.
 */
export const loadConsole = () => import('./console.tsx').then((m) => m.AdminConsole);
export const loadConsoleFrench = () => import('./console-fr.ts').then((m) => m.default);
