import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import type { WidgetProps } from '../../core/element.ts';
import type { InlayContext } from '../../core/context.ts';
import { cartOf, type CartStore } from '../../core/stores/current-cart.ts';
import type { CartDiscount, CartLine, Money, Totals } from '../../core/api/current-cart.ts';
import { availabilityKey, boundQuantity, couponErrorKey, lineName, maxQuantity, variantText } from './model.ts';
import { httpUrl } from '../../core/safe-url.ts';
import { strings } from './strings.ts';

export interface CartProps {
  /** Whether the cart drawer is open (shared by every `<inlay-cart>` and `Inlay.cart.open()`). */
  open?: boolean;
  /** Where the platform sends the buyer after paying (`?orderId=…` is added); default: this page. */
  thankYouUrl?: string;
}

type T = (key: keyof typeof strings | 'action.retry', params?: Record<string, string | number>) => string;

/** Several `<inlay-cart>` may be on a page: the one clicked shows the drawer, else the first one. */
const $owner = atom<string | undefined>(undefined);
const instances: string[] = [];
/** Quantity the person chose when the change failed, per line (kept and shown with a retry). */
const $failed = atom<Record<string, number>>({});
const setFailed = (id: string, q?: number) => {
  const next = { ...$failed.get() };
  if (q === undefined) delete next[id];
  else next[id] = q;
  $failed.set(next);
};

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

const amount = (m?: Money) => m?.formattedAmount ?? m?.amount ?? '';

/** `<inlay-cart>`: a cart button with a count badge and the cart drawer (a modal dialog). */
export function CartView({ open, thankYouUrl, host, emit, context }: CartProps & WidgetProps) {
  const { i18n } = context;
  const cartStore = cartOf(context.client);
  const { $cart, $cartCount, $cartOpen, $cartStatus, $cartBusy, loadCart, addItems, refresh } = cartStore;
  const t = i18n().strings(strings);
  const me = useId();
  const cart = useStore($cart);
  const count = useStore($cartCount);
  const isOpen = useStore($cartOpen);
  const owner = useStore($owner);
  const status = useStore($cartStatus);
  const busy = useStore($cartBusy) > 0;
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const [removed, setRemoved] = useState<{ name: string; item: { productId: string; variantId?: string; quantity: number }; error?: string }>();

  useEffect(() => {
    instances.push(me);
    loadCart().catch(() => undefined);
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
    $cartOpen.set(false);
    setRemoved(undefined);
    if (host.hasAttribute('open')) host.removeAttribute('open');
    button.current?.focus();
  };

  const lines = cart?.lineItems ?? [];
  const onRemove = (l: CartLine, index: number) => {
    const name = lineName(l);
    const variantId = l.catalogReference.options?.variantId;
    cartStore.removeLine(l.id, host).then(
      // answered after the drawer closed: no undo note left behind for the next opening
      () => dialog.current?.open && setRemoved({ name, item: { productId: l.catalogReference.catalogItemId, ...(typeof variantId === 'string' ? { variantId } : {}), quantity: l.quantity } }),
      (e: unknown) => {
        setRemoved(undefined);
        reportLine(l.id, t('cart.removeFailed', { name }), e);
      },
    );
    // the button goes away: keep focus in the drawer
    requestAnimationFrame(() => (dialog.current?.querySelectorAll<HTMLElement>('[data-remove]')[Math.max(0, index - 1)] ?? title.current)?.focus());
  };

  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const reportLine = (id: string, message: string, e?: unknown) =>
    setLineErrors((x) => ({ ...x, [id]: e ? `${message} ${i18n().error(e)}` : message }));

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
          <path d="M2.5 4h2.3l2.4 10.6a1 1 0 0 0 1 .8h8.7a1 1 0 0 0 1-.8L20.2 8H5.7" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round" stroke-linecap="round" />
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
          const all = [...dialog.current!.querySelectorAll<HTMLElement>('a[href],button:not(:disabled),input:not(:disabled)')].filter((x) => x.getClientRects().length);
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
            <button type="button" class="icon" part="close" aria-label={t('cart.close')} onClick={() => dialog.current?.close()}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" stroke-width="2" />
              </svg>
            </button>
          </div>
          <div class="body">
            {removed && (
              <p class="note" role="status">
                {t('cart.removed', { name: removed.name })} {removed.error}{' '}
                <button
                  type="button"
                  class="link"
                  onClick={() => {
                    const r = removed;
                    setRemoved(undefined);
                    addItems([r.item]).catch((e: unknown) => setRemoved({ ...r, error: i18n().error(e) }));
                  }}
                >
                  {removed.error ? t('action.retry') : t('cart.undo')}
                </button>
              </p>
            )}
            {status.state === 'error' && !cart ? (
              <div class="inlay-alert" role="alert">
                <p>{t('cart.loadFailed')} {i18n().error(status.error)}</p>
                <button type="button" class="secondary" onClick={() => void refresh().catch(() => undefined)}>
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
                  <Line key={l.id} l={l} t={t} cart={cartStore} host={host} error={lineErrors[l.id]} onRemove={() => onRemove(l, i)} clearError={() => setLineErrors(({ [l.id]: _, ...x }) => x)} />
                ))}
              </ul>
            )}
          </div>
          {lines.length > 0 && mine && <Summary t={t} cart={cartStore} i18n={i18n} host={host} busy={busy} revision={String(cart?.revision ?? '')} lines={lines} coupon={cart?.appliedDiscounts?.find((d) => d.coupon)?.coupon?.code} thankYouUrl={thankYouUrl} emit={emit} />}
        </div>
      </dialog>
    </>
  );
}

function Line({ l, t, cart, host, error, onRemove, clearError }: { l: CartLine; t: T; cart: CartStore; host: HTMLElement; error?: string; onRemove: () => void; clearError: () => void }) {
  const failed = useStore($failed)[l.id];
  const [draft, setDraft] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const name = lineName(l);
  const max = maxQuantity(l);
  const img = httpUrl(l.image?.url);
  const href = httpUrl(l.url?.url);
  const problem = availabilityKey(l);
  const variant = variantText(l);
  const id = useId();

  const change = (q: number) => {
    setNote('');
    clearError();
    setFailed(l.id);
    cart.setQuantity(l.id, q, host).catch(() => setFailed(l.id, q));
  };
  const commit = () => {
    if (draft === null) return;
    const b = boundQuantity(draft, l);
    setDraft(null);
    if (!b) return;
    if (b.value !== l.quantity) change(b.value);
    if (b.over) setNote(t('cart.max', { count: max }));
  };

  return (
    <li class="line" part="line">
      {img ? <img src={img} alt="" width={64} height={64} loading="lazy" /> : <span class="img" aria-hidden="true" />}
      <div class="info">
        <p class="name">{href ? <a href={href}>{name}</a> : name}</p>
        {variant && <p class="muted">{variant}</p>}
        <p class="muted">{t('cart.each', { price: amount(l.price) })}</p>
        <div class="qty-row">
          <div class="stepper" role="group" aria-label={t('cart.qty', { name })}>
            <button type="button" aria-label={t('cart.less', { name })} disabled={l.quantity <= 1} onClick={() => change(l.quantity - 1)}>
              −
            </button>
            <input
              id={`${id}-q`}
              type="number"
              inputMode="numeric"
              min={1}
              max={max}
              aria-label={t('cart.qty', { name })}
              aria-describedby={note || failed !== undefined ? `${id}-n` : undefined}
              aria-invalid={failed !== undefined}
              value={draft ?? String(l.quantity)}
              onInput={(e) => setDraft((e.target as HTMLInputElement).value)}
              onBlur={commit}
              onKeyDown={(e) => e.key === 'Enter' && commit()}
            />
            <button
              type="button"
              aria-label={t('cart.more', { name })}
              aria-disabled={l.quantity >= max}
              onClick={() => (l.quantity >= max ? setNote(t('cart.max', { count: max })) : change(l.quantity + 1))}
            >
              +
            </button>
          </div>
          <button type="button" class="remove link" data-remove aria-label={t('cart.remove', { name })} onClick={onRemove}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M5 7h14M10 7V4h4v3m-7 0 1 13h8l1-13" fill="none" stroke="currentColor" stroke-width="1.8" />
            </svg>
          </button>
        </div>
        {failed !== undefined ? (
          <p class="err" id={`${id}-n`} role="alert">
            {t('cart.qtyFailed', { name, count: failed })}{' '}
            <button type="button" class="link" onClick={() => change(failed)}>
              {t('action.retry')}
            </button>
          </p>
        ) : (
          note && (
            <p class="hint" id={`${id}-n`} role="status">
              {note}
            </p>
          )
        )}
        {problem && <p class="err">{t(problem, { count: l.availability?.quantityAvailable ?? 0 })}</p>}
        {error && (
          <p class="err" role="alert">
            {error}
          </p>
        )}
      </div>
      {/* the line's amount in the same column as the totals' */}
      <span class="price">{amount(l.lineItemPrice)}</span>
    </li>
  );
}

function Summary(p: { t: T; cart: CartStore; i18n: InlayContext['i18n']; host: HTMLElement; busy: boolean; revision: string; lines: CartLine[]; coupon?: string; thankYouUrl?: string; emit: WidgetProps['emit'] }) {
  const { t } = p;
  const { cart } = p;
  const { i18n } = p;
  const [totals, setTotals] = useState<{ data?: Totals; error?: unknown }>({});
  const [again, setAgain] = useState(0);
  const [code, setCode] = useState('');
  const [couponError, setCouponError] = useState('');
  const [couponBusy, setCouponBusy] = useState(false);
  const [checkout, setCheckout] = useState<{ busy?: boolean; error?: string }>({});
  const id = useId();

  useEffect(() => {
    if (p.busy) return;
    let live = true;
    cart.estimateTotals().then(
      (data) => live && setTotals({ data }),
      (error: unknown) => live && setTotals((x) => ({ ...x, error })),
    );
    return () => void (live = false);
  }, [p.revision, p.busy, again]);

  const apply = async (e: Event) => {
    e.preventDefault();
    if (!code.trim()) return setCouponError(t('cart.couponMissing'));
    setCouponBusy(true);
    setCouponError('');
    try {
      await cart.applyCoupon(code.trim(), p.host);
      setCode('');
    } catch (err) {
      const key = couponErrorKey(err);
      setCouponError(key ? t(key) : i18n().error(err));
    }
    setCouponBusy(false);
  };

  const go = async () => {
    setCheckout({ busy: true });
    try {
      const here = location.href;
      const thanks = httpUrl(p.thankYouUrl || here, here) ?? here;
      const r = await cart.startCheckout({ postFlowUrl: here, cartPageUrl: here, thankYouPageUrl: thanks });
      if (p.emit('inlay-checkout', r, { cancelable: true })) location.assign(r.url);
      else setCheckout({});
    } catch (err) {
      setCheckout({ error: `${t('cart.checkoutFailed')} ${i18n().error(err)}` });
    }
  };

  const s = totals.data?.priceSummary;
  const discounts = (totals.data?.appliedDiscounts ?? []).filter((d: CartDiscount) => d.coupon ?? d.discountRule ?? d.merchantDiscount);
  const blocked = p.lines.some((l) => availabilityKey(l));
  return (
    <div class="foot">
      {p.coupon ? (
        <p class="coupon-on">
          <span>{t('cart.applied', { code: p.coupon })}</span>{' '}
          <button type="button" class="link" onClick={() => void cart.removeCoupon(p.host).catch((err: unknown) => setCouponError(i18n().error(err)))}>
            {t('cart.removeCoupon')}
          </button>
        </p>
      ) : (
        <form class="coupon" part="coupon" onSubmit={(e) => void apply(e as unknown as Event)} noValidate>
          <label for={`${id}-c`}>{t('cart.coupon')}</label>
          <div class="row">
            <input
              id={`${id}-c`}
              value={code}
              autocomplete="off"
              autoCapitalize="characters"
              spellcheck={false}
              aria-invalid={!!couponError}
              aria-describedby={couponError ? `${id}-ce` : undefined}
              onInput={(e) => setCode((e.target as HTMLInputElement).value)}
            />
            <button type="submit" class="secondary" aria-busy={couponBusy} disabled={couponBusy}>
              {t('cart.apply')}
            </button>
          </div>
        </form>
      )}
      {couponError && (
        <p class="err" id={`${id}-ce`} role="alert">
          {couponError}
        </p>
      )}
      {totals.error && !s ? (
        <p class="err" role="alert">
          {t('cart.totalsFailed')}{' '}
          <button type="button" class="link" onClick={() => setAgain((n) => n + 1)}>
            {t('action.retry')}
          </button>
        </p>
      ) : (
        <dl class="totals" part="totals" aria-busy={!s || p.busy}>
          <dt>{t('cart.subtotal')}</dt>
          <dd>{amount(s?.subtotal) || '…'}</dd>
          {discounts.map((d, i) => {
            const x = d.coupon ?? d.discountRule ?? d.merchantDiscount;
            const label = d.coupon ? d.coupon.code : (d.discountRule?.name?.translated ?? d.discountRule?.name?.original ?? t('cart.discount'));
            return [<dt key={`t${i}`}>{label}</dt>, <dd key={`d${i}`}>−{amount(x?.amount)}</dd>];
          })}
          <dt>{t('cart.shipping')}</dt>
          <dd>{s?.shipping ? (Number(s.shipping.amount) ? amount(s.shipping) : t('cart.free')) : '…'}</dd>
          <dt>{t('cart.tax')}</dt>
          <dd>{amount(s?.tax) || '…'}</dd>
          <dt class="total">{t('cart.total')}</dt>
          <dd class="total">{amount(s?.total) || '…'}</dd>
        </dl>
      )}
      {blocked && <p class="err">{t('cart.fixLines')}</p>}
      {checkout.error && (
        <p class="err" role="alert">
          {checkout.error}
        </p>
      )}
      <button type="button" class="primary" part="checkout" disabled={blocked || p.busy || checkout.busy} aria-busy={!!checkout.busy} onClick={() => void go()}>
        {checkout.busy ? t('cart.checkingOut') : t('cart.checkout')}
      </button>
    </div>
  );
}
