import { useEffect, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { useStore } from '@nanostores/react';
import { adoptSheet, type WidgetProps } from '../../core/element.ts';
import type { CartLine } from '../../core/api/current-cart.ts';
import { drawerStrings } from './drawer-strings.ts';
import { drawerCss } from './drawer-styles.ts';
import { Line } from './lines.tsx';
import { createCartModel } from './model.ts';
import { Summary } from './summary.tsx';

/** The page's own `overflow` while an open drawer locks its scrolling (one lock, whichever cart holds it). */
let pageOverflow: string | undefined;
const lockScroll = () => {
  const style = document.documentElement.style;
  if (pageOverflow === undefined) [pageOverflow, style.overflow] = [style.overflow, 'hidden'];
};
const unlockScroll = () => {
  if (pageOverflow !== undefined) document.documentElement.style.overflow = pageOverflow;
  pageOverflow = undefined;
};

export interface DrawerProps extends WidgetProps {
  /** The element's id (`useId`), for the title's id. */
  me: string;
  /** Whether this element's drawer is the one shown. */
  mine: boolean;
  /** `<inlay-cart thank-you-url>`. */
  thankYouUrl?: string;
  /** The cart button, where focus goes back when the drawer closes. */
  button: RefObject<HTMLButtonElement>;
}

/**
 * The cart drawer (a modal dialog: lines, undo, coupon, totals, checkout), in its own chunk: `<inlay-cart>` (view.tsx)
 * loads it when the shopper is about to open it, or when the drawer is opened for them.
 */
export function CartDrawer({ me, mine, thankYouUrl, host, emit, context, button }: DrawerProps) {
  const model = useMemo(() => createCartModel(context, { host, emit }), []);
  const { $cart, $cartStatus, $cartBusy } = model.cart;
  const { i18n } = context;
  const t = i18n().strings(drawerStrings);
  const cart = useStore($cart);
  const status = useStore($cartStatus);
  const busy = useStore($cartBusy) > 0;
  const removed = useStore(model.$removed);
  const dialog = useRef<HTMLDialogElement>(null);
  const title = useRef<HTMLHeadingElement>(null);

  // the drawer's sheet, before it is first painted
  useLayoutEffect(() => adoptSheet(dialog.current, drawerCss), []);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (mine && !d.open) {
      lockScroll();
      d.showModal();
    } else if (!mine && d.open) d.close();
  }, [mine]);
  // removed while open (a single-page app changing views): no close event comes, so give the page its scrolling back
  useEffect(() => {
    const d = dialog.current;
    return () => void (d?.open && unlockScroll());
  }, []);

  const onClose = () => {
    unlockScroll();
    model.closed();
    host.removeAttribute('open');
    button.current?.focus();
  };

  const lines = cart?.lineItems ?? [];
  const onRemove = (l: CartLine, index: number) => {
    void model.remove(l);
    // the button goes away: keep focus in the drawer
    requestAnimationFrame(() =>
      (
        dialog.current?.querySelectorAll<HTMLElement>('[data-remove]')[Math.max(0, index - 1)] ?? title.current
      )?.focus(),
    );
  };

  return (
    <dialog
      ref={dialog}
      part="drawer"
      class="drawer"
      aria-labelledby={`${me}-t`}
      onClose={onClose}
      onClick={(e) => e.target === dialog.current && dialog.current?.close()}
      onKeyDown={(e) => {
        // Tab cycles inside the drawer (browsers let it leave a modal dialog for their own UI)
        if (e.key !== 'Tab') return;
        const all = [
          ...dialog.current!.querySelectorAll<HTMLElement>('a[href],button:not(:disabled),input:not(:disabled)'),
        ].filter((x) => x.getClientRects().length);
        const edge = e.shiftKey ? all[0] : all.at(-1);
        if (host.shadowRoot!.activeElement === edge) {
          e.preventDefault();
          (e.shiftKey ? all.at(-1) : all[0])?.focus();
        }
      }}
    >
      <div class="panel">
        <div class="head">
          <h2 id={`${me}-t`} ref={title} tabIndex={-1}>
            {t('cart.title')}
          </h2>
          <button
            type="button"
            class="icon"
            part="close"
            aria-label={t('cart.close')}
            onClick={() => dialog.current?.close()}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" stroke-width="2" />
            </svg>
          </button>
        </div>
        <div class="body">
          {removed && (
            <p class="note" role="status">
              <bdi>{t('cart.removed', { name: removed.name })}</bdi> {removed.error}{' '}
              <button type="button" class="link" onClick={() => void model.undo()}>
                {removed.error ? t('action.retry') : t('cart.undo')}
              </button>
            </p>
          )}
          {status.state === 'error' && !cart ? (
            <div class="inlay-alert" role="alert">
              <p>
                {t('cart.loadFailed')} {i18n().error(status.error)}
              </p>
              <button type="button" class="secondary" onClick={model.reload}>
                {t('action.retry')}
              </button>
            </div>
          ) : status.state !== 'ready' && !cart ? (
            <div class="skeleton" aria-busy="true" />
          ) : lines.length === 0 ? (
            <div class="empty">
              <p>{t('cart.empty')}</p>
              <button type="button" class="secondary" onClick={() => dialog.current?.close()}>
                {t('cart.continue')}
              </button>
            </div>
          ) : (
            <ul class="lines" part="lines">
              {lines.map((l, i) => (
                <Line key={l.id} l={l} t={t} model={model} onRemove={() => onRemove(l, i)} />
              ))}
            </ul>
          )}
        </div>
        {lines.length > 0 && mine && (
          <Summary
            t={t}
            model={model}
            busy={busy}
            revision={String(cart?.revision ?? '')}
            lines={lines}
            coupon={cart?.appliedDiscounts?.find((d) => d.coupon)?.coupon?.code}
            thankYouUrl={thankYouUrl}
          />
        )}
      </div>
    </dialog>
  );
}
