import { useLayoutEffect, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { adoptSheet } from '../../core/element.ts';
import type { Toasts } from '../../core/stores/toasts.ts';
import type { I18n } from '../../core/i18n/index.ts';
import { createToasterModel } from './model.ts';
import { itemsCss } from './item-styles.ts';

const ICON: Record<string, string> = { success: '✓', info: 'i', warning: '!', error: '!', loading: '' };

/**
 * The toasts themselves: their own chunk with their sheet, loaded with the page's first toast (the live region they
 * go into is the element's, there from the start).
 */
export function ToastItems({ t, anchor, toasts }: { t: I18n['t']; anchor: Node | null; toasts: Toasts }) {
  const model = useMemo(() => createToasterModel(toasts), []);
  const shown = useStore(model.$shown);
  useLayoutEffect(() => adoptSheet(anchor, itemsCss), [anchor]);
  useLayoutEffect(() => model.stop, []);
  return (
    <>
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
            <p class="title">
              <bdi>{toast.title}</bdi>
            </p>
            {toast.description ? (
              <p class="desc">
                <bdi>{toast.description}</bdi>
              </p>
            ) : null}
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
              onClick={() => toasts.dismiss(toast.id)}
            >
              ×
            </button>
          </div>
        </li>
      ))}
    </>
  );
}
