import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $toasts, dismiss, pauseToasts, resumeToasts } from '../../core/stores/toasts.ts';
import { TOAST_VISIBLE_MAX } from '../../core/constants.ts';
import { i18n } from '../../core/boot.ts';
import type { WidgetProps } from '../../core/element.ts';

const ICON: Record<string, string> = { success: '✓', info: 'i', warning: '!', error: '!', loading: '' };

/**
 * The page's one toaster (spec: bottom-right, 356 px, 14 px gap, at most 3 visible, Alt+T to focus). The live
 * region exists before any toast so screen readers announce what arrives.
 */
export function ToasterView(_: WidgetProps) {
  const toasts = useStore($toasts);
  const region = useRef<HTMLElement>(null);
  const t = i18n().t;
  const visible = toasts.slice(-TOAST_VISIBLE_MAX);

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
        {visible.map((toast) => (
          <li key={toast.id} data-type={toast.type} part={`toast toast-${toast.type}`}>
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
