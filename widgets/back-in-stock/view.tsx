import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { client, i18n } from '../../core/boot.ts';
import { $session } from '../../core/stores/session.ts';
import { inStock, productStore } from '../../core/services/products.ts';
import type { WidgetProps } from '../../core/element.ts';
import { createSavedRequests, failureKind, itemKey, maskEmail, stillWaiting, subscribe, unsubscribe } from './model.ts';
import { strings } from './strings.ts';

const NONE = atom<{ data?: undefined; error?: undefined; loading: boolean }>({ loading: false });

export interface BackInStockProps {
  /** The Stores product id to watch. */
  productId?: string;
  /** The variant id, when the product has options (its own stock is what counts). */
  variantId?: string;
  /** Show the form even while the item is in stock. */
  always?: boolean;
}

type Phase = 'closed' | 'open' | 'sending' | 'subscribed' | 'already';

/**
 * `<inlay-back-in-stock>`: shown only while the product (or chosen variant) is out of stock, unless `always`.
 * A small form asks for the email (prefilled for members); the subscribed state survives reloads.
 */
export function BackInStockView({ productId, variantId, always, emit }: BackInStockProps & WidgetProps) {
  const t = i18n().strings(strings);
  const $product = useMemo(() => (productId ? productStore(productId) : undefined), [productId]);
  const product = useStore($product ?? NONE);
  const session = useStore($session);
  const memberEmail = (session.member as { loginEmail?: string } | undefined)?.loginEmail ?? '';
  const saved = useMemo(() => createSavedRequests(client().config.clientId), []);
  const key = itemKey(productId ?? '', variantId);

  const [phase, setPhase] = useState<Phase>('closed');
  const [email, setEmail] = useState('');
  const [subscribedAs, setSubscribedAs] = useState('');
  const [error, setError] = useState<{ field?: string; general?: string }>({});
  const [notice, setNotice] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const ids = useId();

  // A saved request for this item (variant switches change the key): shown as subscribed while it waits.
  useEffect(() => {
    setError({});
    setNotice('');
    const s = saved.get(key);
    if (!s) return setPhase('closed');
    setSubscribedAs(s.email);
    setPhase('subscribed');
    let live = true;
    stillWaiting(s.id)
      .then((waiting) => {
        if (!waiting && live) {
          saved.forget(key);
          setPhase('closed');
        }
      })
      .catch(() => {
        /* offline: keep showing what we knew */
      });
    return () => {
      live = false;
    };
  }, [key, saved]);

  useEffect(() => {
    if (phase === 'open') input.current?.focus();
    if (phase === 'subscribed' || phase === 'already') status.current?.focus();
  }, [phase]);

  if (!productId) return <div part="root" />;
  if (product.error && !product.data) {
    return (
      <div part="root" class="box">
        <p class="msg" role="alert">{i18n().error(product.error)}</p>
        <button type="button" part="button" class="link" onClick={() => client().cache.invalidate(`stores:product:${productId}`)}>
          {t('action.retry')}
        </button>
      </div>
    );
  }
  if (!product.data || (inStock(product.data, variantId) && !always && phase !== 'subscribed' && phase !== 'already')) {
    return <div part="root" />;
  }
  const item = product.data;

  async function submit(e: Event) {
    e.preventDefault();
    if (phase === 'sending') return;
    // the field itself, not state: autofill or a fast Enter can submit before the next render
    const value = (input.current?.value ?? email).trim();
    setEmail(value);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
      setError({ field: t('bis.badEmail') });
      input.current?.focus();
      return;
    }
    setPhase('sending');
    setError({});
    try {
      const r = await subscribe(item, variantId, value, location.href);
      saved.set(key, { id: r.request.id, email: r.request.email });
      setSubscribedAs(r.request.email);
      setPhase(r.kind);
      if (r.kind === 'subscribed') emit('inlay-stock-subscribe', { request: r.request });
    } catch (err) {
      const kind = failureKind(err);
      setPhase('open');
      if (kind === 'email') {
        setError({ field: t('bis.badEmail') });
        input.current?.focus();
      } else setError({ general: kind === 'not-collecting' ? t('bis.notCollecting') : kind === 'too-many' ? t('bis.tooMany') : i18n().error(err) });
    }
  }

  async function stop() {
    const s = saved.get(key);
    setError({});
    try {
      if (s) await unsubscribe(s.id);
      saved.forget(key);
      setPhase('closed');
      setNotice(t('bis.unsubscribed'));
    } catch (err) {
      setError({ general: i18n().error(err) });
    }
  }

  if (phase === 'subscribed' || phase === 'already') {
    return (
      <div part="root" class="box done">
        <p ref={status} tabIndex={-1} class="msg" part="status" role="status">
          <span aria-hidden="true" class="tick">✓</span> {t(phase === 'already' ? 'bis.already' : 'bis.subscribed', { email: maskEmail(subscribedAs) })}
        </p>
        <button type="button" part="button" class="link" onClick={stop}>
          {t('bis.unsubscribe')}
        </button>
        {error.general ? <p class="err" role="alert">{error.general}</p> : null}
      </div>
    );
  }

  if (phase === 'closed') {
    return (
      <div part="root">
        <button
          type="button"
          part="button"
          class="primary"
          onClick={() => {
            setEmail((v) => v || memberEmail);
            setPhase('open');
            setNotice('');
          }}
        >
          {t('bis.open')}
        </button>
        {notice ? <p class="msg" role="status">{notice}</p> : null}
      </div>
    );
  }

  const sending = phase === 'sending';
  return (
    <form part="root form" class="box" onSubmit={submit} aria-labelledby={`${ids}t`} noValidate>
      <p id={`${ids}t`} class="title">{t('bis.title')}</p>
      <label for={`${ids}e`}>{t('bis.email')}</label>
      <input
        ref={input}
        id={`${ids}e`}
        part="input"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        aria-invalid={error.field ? 'true' : undefined}
        aria-describedby={`${ids}h${error.field ? ` ${ids}x` : ''}`}
        onInput={(e) => setEmail((e.target as HTMLInputElement).value)}
      />
      {error.field ? (
        <p id={`${ids}x`} class="err">
          {error.field}
        </p>
      ) : null}
      <p id={`${ids}h`} class="hint">
        {memberEmail && email === memberEmail ? t('bis.confirm', { email: memberEmail }) + ' ' : ''}
        {t('bis.consent')}
      </p>
      {error.general ? (
        <p class="err" role="alert">
          {error.general}
        </p>
      ) : null}
      <div class="row">
        <button type="submit" part="submit" class="primary" disabled={sending} aria-busy={sending}>
          {sending ? t('bis.sending') : t('bis.submit')}
        </button>
        <button type="button" part="cancel" class="link" disabled={sending} onClick={() => setPhase('closed')}>
          {t('bis.cancel')}
        </button>
      </div>
    </form>
  );
}

