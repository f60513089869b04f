/**
 * Where the sign-in flows meet the page (a seam: member-login.ts itself reaches no browser global): this page's URL and
 * fragment, going to another page, the tab's sessionStorage (the hosted login's state until it comes back) and the
 * hidden frame the silent sign-in answers from. In the flows' lazy chunk.
 */
import { SILENT_LOGIN_TIMEOUT_MS } from '../constants.ts';

/** This page's URL without its fragment (where the flows come back to). */
export const pageUrl = () => location.href.split('#')[0]!;
export const pageHash = () => location.hash;
export const goTo = (url: string) => location.assign(url);
/** Drop the fragment from the URL (history, no reload): the hosted login's answer is read once. */
export const dropHash = () => history.replaceState(history.state, '', pageUrl());
/** The tab's sessionStorage (throws where it is blocked: the hosted login cannot be finished without it). */
export const tabStorage = (): Storage => sessionStorage;

/**
 * Wait for the authorize page in a hidden iframe to post `{code, state}`. Messages from any origin but the API's
 * are ignored; from it, a different state fails with 'Invalid _state', a missing code or state (e.g.
 * `{error: 'login_required'}`) with 'Missing code or _state'; no answer in time with 'OAuth flow timed out'.
 * The iframe and the listener are removed in every case.
 */
export function awaitWebMessage(
  url: string,
  state: string,
  origin: string,
  timeoutMs = SILENT_LOGIN_TIMEOUT_MS,
): Promise<{ code: string; state: string }> {
  return new Promise((resolve, reject) => {
    const frame = document.createElement('iframe');
    const finish = (fn: () => void) => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      frame.remove();
      fn();
    };
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== origin) return;
      const d = (e.data ?? {}) as { code?: unknown; state?: unknown };
      if (typeof d.code !== 'string' || !d.code || typeof d.state !== 'string' || !d.state) {
        return finish(() => reject(new Error('Missing code or _state')));
      }
      if (d.state !== state) return finish(() => reject(new Error('Invalid _state')));
      finish(() => resolve({ code: d.code as string, state }));
    };
    const timer = setTimeout(() => finish(() => reject(new Error('OAuth flow timed out'))), timeoutMs);
    window.addEventListener('message', onMessage);
    frame.style.display = 'none';
    frame.tabIndex = -1;
    frame.title = 'sign-in';
    frame.setAttribute('aria-hidden', 'true');
    frame.src = url;
    document.body.append(frame);
  });
}
