/**
 * Where the sign-in flows meet the page (a seam: member-login.ts itself reaches no browser global): this page's URL and
 * fragment, going to another page, the hosted login's callback URI, the tab's sessionStorage (the hosted login's state
 * until it comes back) and the hidden frame the silent sign-in answers from. In the flows' lazy chunk.
 */
import { SILENT_LOGIN_TIMEOUT_MS } from '../constants.ts';

/** This page's URL without its fragment (where the flows come back to). */
export const pageUrl = () => location.href.split('#')[0]!;
export const pageHash = () => location.hash;
export const goTo = (url: string) => location.assign(url);
/** Go back to the page the shopper was on, in place of this one (the callback page stays out of the history). */
export const goBack = (url: string) => location.replace(url);
/** True when `url` is a page of this origin other than this one (where a hosted sign-in goes back to). */
export const otherPageHere = (url: string) => {
  try {
    return new URL(url).origin === location.origin && url !== pageUrl();
  } catch {
    return false;
  }
};

/**
 * Where the hosted sign-in returns: `data-redirect-uri` as written (it must equal a redirect URI registered on the OAuth
 * app, character for character) or, for a path, on this origin; by default this origin's home page, `origin + '/'`.
 * Throws when it is on another origin: the flow's state waits in this tab's sessionStorage, which only this origin
 * reads.
 */
export function callbackUri(configured: string | undefined): string {
  const uri = configured?.startsWith('/') ? location.origin + configured : (configured ?? `${location.origin}/`);
  if (new URL(uri).origin !== location.origin)
    throw new Error(`data-redirect-uri must be on this page's origin (${location.origin}): the sign-in finishes there`);
  return uri;
}
/** Drop the fragment from the URL (history, no reload): the hosted login's answer is read once. */
export const dropHash = () => history.replaceState(history.state, '', pageUrl());
/** The tab's sessionStorage (throws where it is blocked: the hosted login cannot be finished without it). */
export const tabStorage = (): Storage => sessionStorage;

/**
 * Wait for the authorize page in a hidden iframe to post `{code, state}`. Only messages from that frame
 * (`event.source`) carrying the state sent count, whatever origin serves the page (the platform serves it from the
 * site's domain, not the API's: docs/spec/wire-protocol.md §11.1); anything else is ignored, as the SDK ignores other
 * states. From the frame with our state, a missing code (e.g. `{error: 'login_required'}`) fails with 'Missing code or
 * _state'; no answer in time with 'OAuth flow timed out'. The iframe and the listener are removed in every case.
 */
export function awaitWebMessage(
  url: string,
  state: string,
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
      if (!e.source || e.source !== frame.contentWindow) return;
      const d = (e.data ?? {}) as { code?: unknown; state?: unknown };
      if (d.state !== state) return;
      if (typeof d.code !== 'string' || !d.code) return finish(() => reject(new Error('Missing code or _state')));
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
