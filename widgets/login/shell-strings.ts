/** Strings of what `<inlay-login>` shows as the page loads (its buttons); the rest, strings.ts, loads with the panel. */
export const shellStrings = {
  'login.open': 'Sign in',
  'login.menu': 'Account menu for {name}',
};
