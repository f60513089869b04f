/** Strings of the security section (its own chunk). */
export const securityStrings = {
  'sec.title': 'Second factors',
  'sec.what':
    'A second factor asks for more than your password when you sign in: an authenticator app, a code by email or by SMS, or a passkey.',
  'sec.managed': 'Second factors are managed on your account page on {site}.',
  'sec.cannot': 'This page can’t show which ones are on, or add or remove one: the platform offers sites no way to.',
  'sec.open': 'Manage second factors on {site}',
  'sec.opening': 'Opening your account page…',
  'sec.refused': 'Your account page can’t be opened from here. Use the site’s own account page, or ask the shop.',
  'sec.retry': 'Try again',
};
