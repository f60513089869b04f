import { useEffect, useId, useMemo, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import type { WidgetProps } from '../../core/element.ts';
import type { CartLine } from '../../core/api/current-cart.ts';
import { Line } from './lines.tsx';
import { createCartModel } from './model.ts';
import { Summary } from './summary.tsx';
import { strings } from './strings.ts';

export interface CartProps {
  /** Whether the cart drawer is open (shared by every `<inlay-cart>` and `Inlay.cart.open()`). */
  open?: boolean;
  /** Where the platform sends the buyer after paying (`?orderId=…` is added); default: this page. */
  thankYouUrl?: string;
}

/** Several `<inlay-cart>` may be on a page: the one clicked shows the drawer, else the first one. */
const $owner = atom<string | undefined>(undefined);
const instances: string[] = [];

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

/** `<inlay-cart>`: a cart button with a count badge and the cart drawer (a modal dialog). */
export function CartView({ open, thankYouUrl, host, emit, context }: CartProps & WidgetProps) {
  const model = useMemo(() => createCartModel(context, { host, emit }), []);
  const { $cart, $cartCount, $cartOpen, $cartStatus, $cartBusy } = model.cart;
  const { i18n } = context;
  const t = i18n().strings(strings);
  const me = useId();
  const cart = useStore($cart);
  const count = useStore($cartCount);
  const isOpen = useStore($cartOpen);
  const owner = useStore($owner);
  const status = useStore($cartStatus);
  const busy = useStore($cartBusy) > 0;
  const removed = useStore(model.$removed);
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const title = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    instances.push(me);
    model.load();
    return () => void instances.splice(instances.indexOf(me), 1);
  }, []);
  useEffect(() => {
    if (open) $cartOpen.set(true);
  }, [open]);

  const mine = isOpen && (owner && instances.includes(owner) ? owner : instances[0]) === me;
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
    <>
      <button
        ref={button}
        type="button"
        part="button"
        class="cart-button"
        aria-haspopup="dialog"
        aria-expanded={mine}
        aria-label={t('cart.button', { count })}
        onClick={() => {
          $owner.set(me);
          $cartOpen.set(true);
        }}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          {/* a cart, not a bag: a lidded bag read as the drawer's own remove (trash) icon */}
          <path
            d="M2.5 4h2.3l2.4 10.6a1 1 0 0 0 1 .8h8.7a1 1 0 0 0 1-.8L20.2 8H5.7"
            fill="none"
            stroke="currentColor"
            stroke-width="1.8"
            stroke-linejoin="round"
            stroke-linecap="round"
          />
          <circle cx="9.6" cy="19.2" r="1.6" fill="currentColor" />
          <circle cx="16.8" cy="19.2" r="1.6" fill="currentColor" />
        </svg>
        {count > 0 && (
          <span class="badge" part="badge" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
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
                {t('cart.removed', { name: removed.name })} {removed.error}{' '}
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
    </>
  );
}
