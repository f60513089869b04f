import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $toasts, dismiss, pauseToasts, resumeToasts, type Toast } from '../../core/stores/toasts.ts';
import { TOAST_VISIBLE_MAX } from '../../core/constants.ts';
import type { WidgetProps } from '../../core/element.ts';

const ICON: Record<string, string> = { success: '✓', info: 'i', warning: '!', error: '!', loading: '' };
/** How long a dismissed toast stays (inert, hidden from screen readers) while it fades out: the stylesheet's `out`. */
const LEAVE_MS = 200;

/**
 * The page's one toaster (spec: bottom-right, 356 px, 14 px gap, at most 3 visible, Alt+T to focus). The live
 * region exists before any toast so screen readers announce what arrives.
 */
export function ToasterView({ context }: WidgetProps) {
  const toasts = useStore($toasts);
  const region = useRef<HTMLElement>(null);
  const t = context.i18n().t;
  const visible = toasts.slice(-TOAST_VISIBLE_MAX);
  // A dismissed toast stays where it was for LEAVE_MS (inert, hidden from screen readers) to fade out; the layout
  // effect adds it back before the next paint. One pushed out by a newer toast (still in the store) goes at once.
  const last = useRef<Toast[]>([]);
  const [leaving, setLeaving] = useState<{ toast: Toast; at: number }[]>([]);
  useLayoutEffect(() => {
    const gone = last.current.map((toast, at) => ({ toast, at })).filter((x) => !toasts.some((y) => y.id === x.toast.id));
    last.current = visible;
    if (!gone.length) return;
    setLeaving((l) => [...l, ...gone]);
    setTimeout(() => setLeaving((l) => l.filter((x) => !gone.includes(x))), LEAVE_MS);
  }, [toasts]);
  const shown = visible.map((toast) => ({ toast, leaving: false }));
  for (const x of leaving) {
    if (!visible.some((v) => v.id === x.toast.id)) shown.splice(Math.min(x.at, shown.length), 0, { toast: x.toast, leaving: true });
  }

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && e.code === 'KeyT') {
        e.preventDefault();
        region.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    // Timers pause while the pointer or focus is on a toast, so nobody loses a message they are reading.
    <section
      ref={region}
      tabIndex={-1}
      aria-label={`${t('toaster.label')} (${t('toaster.hotkey')})`}
      part="region"
      onMouseEnter={pauseToasts}
      onMouseLeave={resumeToasts}
      onFocusIn={pauseToasts}
      onFocusOut={resumeToasts}
    >
      <ol aria-live="polite" aria-relevant="additions text" part="list">
        {shown.map(({ toast, leaving }) => (
          <li key={toast.id} data-type={toast.type} part={`toast toast-${toast.type}`} data-leaving={leaving ? '' : undefined} aria-hidden={leaving ? 'true' : undefined} inert={leaving}>
            <span class="icon" aria-hidden="true">
              {ICON[toast.type]}
            </span>
            <div>
              <p class="title">{toast.title}</p>
              {toast.description ? <p class="desc">{toast.description}</p> : null}
            </div>
            <div class="actions">
              {toast.action ? (
                <button
                  type="button"
                  part="toast-action"
                  onClick={() => {
                    toast.action!.onClick();
                    dismiss(toast.id);
                  }}
                >
                  {toast.action.label}
                </button>
              ) : null}
              <button type="button" class="close" part="toast-close" aria-label={t('toaster.close')} onClick={() => dismiss(toast.id)}>
                ×
              </button>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
