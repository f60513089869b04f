/** The classic build's object of what inlay.js hands the owner console's file (vite.config.ts `sharedForConsole`). */
declare module 'virtual:inlay-shared' {
  const shared: Record<string, Record<string, unknown>>;
  export default shared;
}
