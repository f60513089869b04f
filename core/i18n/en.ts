/**
 * English strings: the reference dictionary. Every other language must have the same keys (type-checked).
 * `{name}` is replaced by `t(key, {name})`; `key_one`/`key_other` (Intl.PluralRules categories) are picked by `count`.
 */
export const en = {
  'error.network': 'You appear to be offline. Check your connection and try again.',
  'error.timeout': 'The server is taking too long to respond. Try again.',
  'error.server': 'Something went wrong on our side. Try again in a moment.',
  'error.requestId': 'Request ID: {requestId}',
  'error.parse': 'We received an unexpected response. Try again later.',
  'error.config': 'This widget is not set up correctly.',
  'error.unreachable': 'The shop is not available here right now',
  'action.retry': 'Try again',
  'toaster.label': 'Notifications',
  'toaster.close': 'Close',
  'toaster.hotkey': 'Alt+T',
  'toaster.count_one': '{count} notification',
  'toaster.count_other': '{count} notifications',
  loading: 'Loading…',
} as const;

export type MessageKey = keyof typeof en;
/** A dictionary with exactly the English keys. */
export type Messages = Record<MessageKey, string>;
