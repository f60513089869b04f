import type { InlayContext } from '../../core/context.ts';

/**
 * The console frame's calls. The console and its French are their own chunks, imported on demand once an owner is
 * known (on a page with the module tag or the classic inlay.js alike: one chunk graph), so no other visitor downloads
 * them.
 */
export const loadConsole = () => import('./console.tsx').then((m) => m.AdminConsole);
export const loadConsoleFrench = () => import('./console-fr.ts').then((m) => m.default);

/**
 * Whether member `memberId` is one of the site's owners: core's owner check (the companion's `GET me`, once per member
 * per page, shared with the reviews' owner tools); it rejects when it cannot be asked (the console then says so, with a
 * retry). Its chunk loads only for a signed-in member on a page that names a companion.
 */
export const isSiteOwner = ({ client }: InlayContext, memberId: string): Promise<boolean> =>
  import('../../core/api/companion.ts').then((m) => m.isOwner(client, location.href, memberId));
