import { useEffect, useId, useMemo, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $session } from '../../core/stores/session.ts';
import { inStock } from '../../core/api/products.ts';
import type { WidgetProps } from '../../core/element.ts';
import { createBackInStockModel, maskEmail } from './model.ts';
import { strings } from './strings.ts';

export interface BackInStockProps {
  /** The Stores product id to watch. */
  productId?: string;
  /** The variant id, when the product has options (its own stock is what counts). */
  variantId?: string;
  /** Show the form even while the item is in stock. */
  always?: boolean;
}

/**
 * `<inlay-back-in-stock>`: shown only while the product (or chosen variant) is out of stock, unless `always`.
 * A small form asks for the email (prefilled for members). What was asked is kept in this browser (it survives reloads,
 * and goes with the visitor when they sign in). Where the page names a site companion, the request goes through it:
 * its status is read again and "Stop notifying me" deletes it; without one the platform is never asked to read or
 * delete a request, and the widget says how to stop instead.
 */
export function BackInStockView(props: BackInStockProps & WidgetProps) {
  const { productId, variantId, always, context } = props;
  const { i18n } = context;
  const t = i18n().strings(strings);
  const model = useMemo(() => createBackInStockModel(context, props), [productId]);
  const product = useStore(model.$product);
  const ui = useStore(model.$ui);
  const session = useStore($session);
  const member = session.role === 'member';
  const memberEmail = session.member?.loginEmail ?? '';
  const wanted = !!product.data && (always || !inStock(product.data, variantId));
  // in stock again: the notice has gone out, so what this browser kept for the item is done with
  const back = !!product.data && !wanted;
  const { phase, error } = ui;
  const general =
    error && error !== 'bis.badEmail' ? (typeof error === 'string' ? t(error) : i18n().error(error.cause)) : '';
  const input = useRef<HTMLInputElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const ids = useId();

  // What was asked here for this item (variant switches and sign-in/out change it): shown as subscribed while it waits.
  useEffect(() => model.follow(variantId, member, back), [model, variantId, member, back]);

  // Focus follows the person's own actions only (never on load, nor when a sign-in changes what is shown).
  useEffect(() => {
    if (ui.moves) (phase === 'open' ? input : phase === 'closed' ? opener : status).current?.focus();
  }, [ui.moves]);

  // (no product-id: no product, nothing to show)
  if (product.error && !product.data) {
    return (
      <div part="root" class="box">
        <p class="msg" role="alert">
          {i18n().error(product.error)}
        </p>
        <button type="button" part="button" class="link" onClick={model.retry}>
          {t('action.retry')}
        </button>
      </div>
    );
  }
  if (!wanted) {
    return <div part="root" />;
  }

  if (phase === 'subscribed' || phase === 'already' || phase === 'stopping') {
    const stopping = phase === 'stopping';
    return (
      <div part="root" class="box done">
        <p ref={status} tabIndex={-1} class="msg" part="status" role="status">
          <span aria-hidden="true" class="tick">
            ✓
          </span>{' '}
          {t(ui.status === 'NOTIFICATION_SENT' ? 'bis.sent' : phase === 'already' ? 'bis.already' : 'bis.subscribed', {
            email: maskEmail(ui.subscribedAs),
          })}
        </p>
        {ui.stoppable ? (
          <button
            type="button"
            part="stop"
            class="link"
            disabled={stopping}
            aria-busy={stopping}
            onClick={() => void model.stop()}
          >
            {t(stopping ? 'bis.stopping' : 'bis.stop')}
          </button>
        ) : (
          <p class="hint" part="hint">
            {t('bis.noStop')}
          </p>
        )}
        {general ? (
          <p class="err" role="alert">
            {general}
          </p>
        ) : null}
      </div>
    );
  }

  if (phase === 'closed' || phase === 'stopped') {
    return (
      <div part="root">
        {phase === 'stopped' ? (
          <p ref={status} tabIndex={-1} class="msg" part="status" role="status">
            {t('bis.stopped')}
          </p>
        ) : null}
        <button ref={opener} type="button" part="button" class="primary" onClick={() => model.open(memberEmail)}>
          {t('bis.open')}
        </button>
      </div>
    );
  }

  const { email } = ui;
  const bad = error === 'bis.badEmail';
  const sending = phase === 'sending';
  return (
    <form
      part="root form"
      class="box"
      onSubmit={(e) => {
        e.preventDefault();
        // the field itself, not state: autofill or a fast Enter can submit before the next render
        void model.submit(input.current?.value ?? email);
      }}
      aria-labelledby={`${ids}t`}
      noValidate
    >
      <p id={`${ids}t`} class="title">
        {t('bis.title')}
      </p>
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
        aria-invalid={bad ? 'true' : undefined}
        aria-describedby={`${ids}h${bad ? ` ${ids}x` : ''}`}
        onInput={(e) => model.setEmail((e.target as HTMLInputElement).value)}
      />
      {bad ? (
        <p id={`${ids}x`} class="err">
          {t(error)}
        </p>
      ) : null}
      <p id={`${ids}h`} class="hint">
        {memberEmail && email === memberEmail ? t('bis.confirm', { email: memberEmail }) + ' ' : ''}
        {t('bis.consent')}
      </p>
      {general ? (
        <p class="err" role="alert">
          {general}
        </p>
      ) : null}
      <div class="row">
        <button type="submit" part="submit" class="primary" disabled={sending} aria-busy={sending}>
          {sending ? t('bis.sending') : t('bis.submit')}
        </button>
        <button type="button" part="cancel" class="link" disabled={sending} onClick={model.cancel}>
          {t('bis.cancel')}
        </button>
      </div>
    </form>
  );
}
