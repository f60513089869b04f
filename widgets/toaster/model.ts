import { atom, computed } from 'nanostores';
import { TOAST_VISIBLE_MAX } from '../../core/constants.ts';
import type { Toast, Toasts } from '../../core/stores/toasts.ts';

/** How long a dismissed toast stays (inert, hidden from screen readers) while it fades out: the stylesheet's `out`. */
export const LEAVE_MS = 200;

/** A toast as shown: `leaving` while it fades out. */
export interface Shown {
  toast: Toast;
  leaving: boolean;
}

/**
 * The page's toaster over the page's toasts (`toastsOf(client)`: whichever code shows them): `$shown`, the newest
 * `TOAST_VISIBLE_MAX` with each dismissed one kept where it was for `LEAVE_MS` to fade out (one pushed out by a newer
 * toast, still in the store, goes at once), and a toast's action. Follows the toasts until `stop()`.
 */
export function createToasterModel({ $toasts, dismiss }: Pick<Toasts, '$toasts' | 'dismiss'>) {
  const $leaving = atom<{ toast: Toast; at: number }[]>([]);
  let last = $toasts.get().slice(-TOAST_VISIBLE_MAX);
  const stop = $toasts.listen((toasts) => {
    const gone = last.map((toast, at) => ({ toast, at })).filter((x) => !toasts.some((y) => y.id === x.toast.id));
    last = toasts.slice(-TOAST_VISIBLE_MAX);
    if (!gone.length) return;
    $leaving.set([...$leaving.get(), ...gone]);
    setTimeout(() => $leaving.set($leaving.get().filter((x) => !gone.includes(x))), LEAVE_MS);
  });
  return {
    $shown: computed([$toasts, $leaving], (toasts, leaving): Shown[] => {
      const visible = toasts.slice(-TOAST_VISIBLE_MAX);
      const shown = visible.map((toast) => ({ toast, leaving: false }));
      for (const x of leaving) {
        if (!visible.some((v) => v.id === x.toast.id))
          shown.splice(Math.min(x.at, shown.length), 0, { toast: x.toast, leaving: true });
      }
      return shown;
    }),
    stop,
    /** The toast's action ("Undo", "Try again"), once: the toast goes with it. */
    act(toast: Toast) {
      toast.action!.onClick();
      dismiss(toast.id);
    },
  };
}
