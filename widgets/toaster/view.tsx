import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { TOAST_VISIBLE_MAX } from '../../core/constants.ts';
import { onDemand } from '../../core/on-demand.ts';
import type { WidgetProps } from '../../core/element.ts';
import { toastsOf } from '../../core/stores/toasts.ts';

type ItemsView = typeof import('./toast-list.tsx').ToastItems;
/** The toasts' chunk, once per page (a failed load is forgotten, so the next call tries again). */
export const items = onDemand((): Promise<ItemsView> => import('./toast-list.tsx').then((m) => m.ToastItems));

/**
 * The page's one toaster (spec: bottom-right, 356 px, 14 px gap, at most 3 visible, Alt+T to focus). The live
 * region exists before any toast so screen readers announce what arrives.
 */
export function ToasterView({ context }: WidgetProps) {
  const page = toastsOf(context.client);
  const { pauseToasts, resumeToasts } = page;
  const toasts = useStore(page.$toasts);
  const [Items, setItems] = useState(items.loaded);
  const [failed, setFailed] = useState(false);
  const region = useRef<HTMLElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const t = context.i18n().t;
  // the toasts' chunk comes with the first toast; a failed load is tried again with the next change
  useEffect(() => {
    if (toasts.length && !Items)
      items.load().then(
        (v) => setItems(() => v),
        () => setFailed(true),
      );
  }, [toasts, Items]);

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
      <ol ref={list} aria-live="polite" aria-relevant="additions text" part="list">
        {Items ? (
          <Items t={t} anchor={list.current} toasts={page} />
        ) : failed ? (
          // the toasts' chunk could not load: their titles still reach the reader
          toasts.slice(-TOAST_VISIBLE_MAX).map((x) => <li key={x.id}>{x.title}</li>)
        ) : null}
      </ol>
    </section>
  );
}
