import type { InlayContext } from '../context.ts';
import { toastsOf } from '../stores/toasts.ts';

/**
 * The platform does not answer the page at all while the browser is online (client.ts `Reach`): most likely the page's
 * origin (`here`) is not allowed for the client id, so no answer passes CORS. Says so once in the console, with the
 * fix, and with one calm toast for the visitor (the widgets hide meanwhile: core/element.ts); the toast goes with the
 * first answer. Loaded by boot only when that happens.
 */
export function reportUnreachable(context: InlayContext, here: string, reload: () => void): void {
  const c = context.client;
  const { t } = context.i18n();
  const { toast, dismiss } = toastsOf(c);
  console.error(
    `Inlay: ${c.config.apiBase} does not answer, though the browser is online: ${here} is likely not an allowed origin of client id "${c.config.clientId}". Add it to the OAuth app's allowed URLs (emulator: INLAY_DEMO_ORIGINS=${here}).`,
  );
  const id = toast({
    type: 'info',
    title: t('error.unreachable'),
    action: { label: t('action.retry'), onClick: reload },
  });
  const stop = c.$reach.listen(() => (dismiss(id), stop()));
}
