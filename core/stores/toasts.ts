import { atom, type ReadableAtom } from 'nanostores';
import type { InlayClient } from '../client.ts';
import { TOAST_DURATION_MS } from '../constants.ts';
import { oncePer } from '../context.ts';

export type ToastType = 'success' | 'info' | 'warning' | 'error' | 'loading';

export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  description?: string;
  /** Milliseconds before it goes away; `Infinity` for loading toasts and for toasts with an action. */
  duration: number;
  action?: { label: string; onClick: () => void };
}

export type ToastInput = Partial<Omit<Toast, 'title'>> & { title: string };
type Options = Omit<ToastInput, 'title' | 'type'>;

/** Show a toast: `toast(input)`, or `toast.success(title, options)` and the like. */
export interface ShowToast {
  /**
   * Show a toast (or replace the one with the same `id`); returns its id. Auto-dismissed after `duration` (4000 ms),
   * except a loading toast and one with an action, which stay until dismissed (or acted on).
   */
  (input: ToastInput | string): string;
  success(title: string, options?: Options): string;
  info(title: string, options?: Options): string;
  warning(title: string, options?: Options): string;
  error(title: string, options?: Options): string;
  /** Stays until `update` gives it another type (or it is dismissed). */
  loading(title: string, options?: Options): string;
}

/** A page's notifications and what shows, changes and dismisses them. */
export interface Toasts {
  /** The page's notifications, oldest first. The one toaster view shows the last `TOAST_VISIBLE_MAX`. */
  $toasts: ReadableAtom<Toast[]>;
  toast: ShowToast;
  /** Change a toast (e.g. loading → success); the timer restarts with the new duration. */
  update(id: string, patch: Partial<Omit<Toast, 'id'>>): void;
  /** Remove one toast, or all of them without an id. */
  dismiss(id?: string): void;
  /** Hover/focus on the toaster: hold every timer. */
  pauseToasts(): void;
  /** Resume the timers with the time each had left. */
  resumeToasts(): void;
}

// An action ("Try again") is something to do, not just to read: that toast stays until dismissed or acted on.
const stays = (t?: Partial<Toast>) => t?.type === 'loading' || !!t?.action;

/** A page's toasts: their list, their timers (paused together while the toaster is hovered or focused). */
export function createToasts(): Toasts {
  const $toasts = atom<Toast[]>([]);
  const timers = new Map<string, { timer?: ReturnType<typeof setTimeout>; end: number; left?: number }>();
  let seq = 0;
  let paused = false;

  function arm(t: Toast, ms = t.duration) {
    clearTimeout(timers.get(t.id)?.timer);
    if (t.type === 'loading' || !Number.isFinite(ms)) return void timers.delete(t.id);
    timers.set(
      t.id,
      paused ? { end: 0, left: ms } : { timer: setTimeout(() => dismiss(t.id), ms), end: Date.now() + ms },
    );
  }

  function normalize(input: ToastInput, prev?: Toast): Toast {
    const t = { ...prev, ...input, id: prev?.id ?? input.id ?? `t${++seq}`, type: input.type ?? prev?.type ?? 'info' };
    return {
      ...t,
      duration: input.duration ?? (stays(t) ? Infinity : prev && !stays(prev) ? prev.duration : TOAST_DURATION_MS),
    };
  }

  const toast = ((input: ToastInput | string): string => {
    const t = normalize(typeof input === 'string' ? { title: input } : input);
    const list = $toasts.get();
    const at = list.findIndex((x) => x.id === t.id);
    $toasts.set(at < 0 ? [...list, t] : list.map((x, i) => (i === at ? t : x)));
    arm(t);
    return t.id;
  }) as ShowToast;
  for (const type of ['success', 'info', 'warning', 'error', 'loading'] as const)
    toast[type] = (title, options = {}) => toast({ ...options, title, type });

  function update(id: string, patch: Partial<Omit<Toast, 'id'>>): void {
    const prev = $toasts.get().find((x) => x.id === id);
    if (!prev) return;
    const t = normalize({ title: prev.title, ...patch, duration: patch.duration }, prev);
    $toasts.set($toasts.get().map((x) => (x.id === id ? t : x)));
    arm(t);
  }

  function dismiss(id?: string): void {
    for (const [k, v] of timers) {
      if (id !== undefined && k !== id) continue;
      clearTimeout(v.timer);
      timers.delete(k);
    }
    $toasts.set(id === undefined ? [] : $toasts.get().filter((x) => x.id !== id));
  }

  function pauseToasts(): void {
    if (paused) return;
    paused = true;
    const now = Date.now();
    for (const v of timers.values()) {
      clearTimeout(v.timer);
      v.left = Math.max(0, v.end - now);
      v.timer = undefined;
    }
  }

  function resumeToasts(): void {
    if (!paused) return;
    paused = false;
    for (const t of $toasts.get()) {
      const left = timers.get(t.id)?.left;
      if (left !== undefined) arm(t, left);
    }
  }

  return { $toasts, toast, update, dismiss, pauseToasts, resumeToasts };
}

/**
 * A client's page's toasts, made on first use: whatever code shows one (a widget, a core flow) and the page's one
 * toaster see the same list; a second client has its own.
 */
export const toastsOf: (client: InlayClient) => Toasts = oncePer(createToasts);
