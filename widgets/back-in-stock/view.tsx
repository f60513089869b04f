import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { $session } from '../../core/stores/session.ts';
import { inStock } from '../../core/api/products.ts';
import { productStore } from '../../core/stores/products.ts';
import { createStockRequest, deleteStockRequest, openRequests, stillWaiting } from '../../core/api/back-in-stock.ts';
import { InlayApiError } from '../../core/errors.ts';
import type { WidgetProps } from '../../core/element.ts';
import { createSavedRequests, failureKind, itemKey, maskEmail, subscribe } from './model.ts';
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

type Phase = 'loading' | 'closed' | 'open' | 'sending' | 'subscribed' | 'already';

/**
 * `<inlay-back-in-stock>`: shown only while the product (or chosen variant) is out of stock, unless `always`.
 * A small form asks for the email (prefilled for members). A visitor's request is kept in this browser (it survives
 * reloads, and goes with the visitor when they sign in); a member sees their own requests, from the platform.
 */
export function BackInStockView({ productId, variantId, always, emit, context }: BackInStockProps & WidgetProps) {
  const { client, i18n } = context;
  const { http } = client;
  const t = i18n().strings(strings);
  const $product = useMemo(() => (productId ? productStore(client, productId) : undefined), [productId]);
  const product = useStore($product ?? NONE);
  const session = useStore($session);
  const member = session.role === 'member';
  const memberEmail = (session.member as { loginEmail?: string } | undefined)?.loginEmail ?? '';
  const saved = useMemo(() => createSavedRequests(client.config.clientId), []);
  const key = itemKey(productId ?? '', variantId);
  const wanted = !!product.data && (always || !inStock(product.data, variantId));

  const [phase, setPhase] = useState<Phase>('closed');
  const [email, setEmail] = useState('');
  const [subscribedAs, setSubscribedAs] = useState('');
  const [error, setError] = useState<{ field?: string; general?: string }>({});
  const [notice, setNotice] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  // the requests "Don't notify me" ends: the member's open ones for this item, or the one this browser made
  const mine = useRef<Promise<string[]>>(Promise.resolve([]));
  const load = useRef(() => mine.current);
  const moved = useRef(false);
  const opener = useRef<HTMLButtonElement>(null);
  /** A step the person took: focus moves with it. */
  const go = (p: Phase) => {
    moved.current = true;
    setPhase(p);
  };
  const ids = useId();

  // What this person asked for this item (variant switches and sign-in/out change it): shown as subscribed while it waits.
  const ask = member && wanted;
  useEffect(() => {
    setError({});
    setNotice('');
    let live = true;
    const show = (r?: { email: string }) => {
      if (!live) return;
      if (r) setSubscribedAs(r.email);
      setPhase(r ? 'subscribed' : 'closed');
    };
    const s = saved.get(key);
    // left behind by a sign-in's carry-over (core/services/stock-carry.ts): made again below
    const pending = s && !s.id && s.body ? s : undefined;
    // a visitor sees the saved state at once (after a sign-out: not the member's); a member's comes from the platform
    if (!member || pending) show(pending ?? (s?.id ? s : undefined));
    else setPhase((p) => (!ask ? 'closed' : p === 'closed' ? 'loading' : p));
    load.current = async () => {
      if (pending?.body) {
        const r = await createStockRequest(http, pending.body.request, pending.body.itemDetails);
        if (member) saved.forget(key);
        else saved.set(key, { ...pending, id: r.id });
        return [r.id];
      }
      if (member) {
        const list = ask ? await openRequests(http, productId!, variantId) : [];
        show(list[0]);
        return list.map((r) => r.id);
      }
      if (s?.id && (await stillWaiting(http, s.id))) return [s.id];
      if (s?.id) saved.forget(key); // sent or deleted meanwhile
      show();
      return [];
    };
    mine.current = load.current();
    mine.current.catch(() => live && setPhase((p) => (p === 'loading' ? 'closed' : p))); // offline: keep what we knew
    return () => {
      live = false;
    };
  }, [key, member, ask, saved]);

  // Focus follows the person's own actions only (never on load, nor when a sign-in changes what is shown).
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    (phase === 'open' ? input : phase === 'closed' ? opener : status).current?.focus();
  }, [phase]);

  if (!productId) return <div part="root" />;
  if (product.error && !product.data) {
    return (
      <div part="root" class="box">
        <p class="msg" role="alert">{i18n().error(product.error)}</p>
        <button type="button" part="button" class="link" onClick={() => client.cache.invalidate(`stores:product:${productId}`)}>
          {t('action.retry')}
        </button>
      </div>
    );
  }
  if (!product.data || phase === 'loading' || (!wanted && phase !== 'subscribed' && phase !== 'already')) {
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
      const r = await subscribe(http, item, variantId, value, location.href);
      if (!member) saved.set(key, { id: r.request.id, email: r.request.email, body: r.body });
      mine.current = Promise.resolve([r.request.id]);
      setSubscribedAs(r.request.email);
      go(r.kind);
      if (r.kind === 'subscribed') emit('inlay-stock-subscribe', { request: r.request });
    } catch (err) {
      const kind = failureKind(err);
      go('open');
      if (kind === 'email') setError({ field: t('bis.badEmail') });
      else setError({ general: kind === 'not-collecting' ? t('bis.notCollecting') : kind === 'too-many' ? t('bis.tooMany') : i18n().error(err) });
    }
  }

  async function stop() {
    setError({});
    try {
      // what could not be read at first (offline) is read again now
      for (const id of await mine.current.catch(() => (mine.current = load.current()))) {
        // already gone (sent, or ended elsewhere): what the person wants
        await deleteStockRequest(http, id).catch((e: unknown) => {
          if (!(e instanceof InlayApiError && e.status === 404)) throw e;
        });
      }
      saved.forget(key);
      mine.current = Promise.resolve([]);
      go('closed');
      setNotice(t('bis.unsubscribed'));
    } catch {
      setError({ general: t('bis.stopFailed') });
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
          ref={opener}
          type="button"
          part="button"
          class="primary"
          onClick={() => {
            setEmail((v) => v || memberEmail);
            go('open');
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
        <button type="button" part="cancel" class="link" disabled={sending} onClick={() => go('closed')}>
          {t('bis.cancel')}
        </button>
      </div>
    </form>
  );
}

