import { useEffect, useMemo, useRef } from 'react';
import { useStore } from '@nanostores/react';
import type { WidgetProps } from '../../core/element.ts';
import { dismiss, pauseToasts, resumeToasts } from '../../core/stores/toasts.ts';
import { createToasterModel } from './model.ts';

const ICON: Record<string, string> = { success: '✓', info: 'i', warning: '!', error: '!', loading: '' };

/**
 * The page's one toaster (spec: bottom-right, 356 px, 14 px gap, at most 3 visible, Alt+T to focus). The live
 * region exists before any toast so screen readers announce what arrives.
 */
export function ToasterView({ context }: WidgetProps) {
  const model = useMemo(createToasterModel, []);
  const shown = useStore(model.$shown);
  const region = useRef<HTMLElement>(null);
  const t = context.i18n().t;
  useEffect(() => model.stop, []);

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
          <li
            key={toast.id}
            data-type={toast.type}
            part={`toast toast-${toast.type}`}
            data-leaving={leaving ? '' : undefined}
            aria-hidden={leaving ? 'true' : undefined}
            inert={leaving}
          >
            <span class="icon" aria-hidden="true">
              {ICON[toast.type]}
            </span>
            <div>
              <p class="title">{toast.title}</p>
              {toast.description ? <p class="desc">{toast.description}</p> : null}
            </div>
            <div class="actions">
              {toast.action ? (
                <button type="button" part="toast-action" onClick={() => model.act(toast)}>
                  {toast.action.label}
                </button>
              ) : null}
              <button
                type="button"
                class="close"
                part="toast-close"
                aria-label={t('toaster.close')}
                onClick={() => dismiss(toast.id)}
              >
                ×
              </button>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
