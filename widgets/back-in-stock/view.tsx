import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import { sessionOf } from '../../core/stores/session.ts';
import { onDemand } from '../../core/on-demand.ts';
import { toastsOf } from '../../core/stores/toasts.ts';
import { productKey, productStore } from '../../core/reads/products.ts';
import { createSavedStockRequests } from '../../core/stores/stock-saved.ts';
import { inStock } from '../../core/api/products.ts';
import { adoptSheet, type WidgetProps } from '../../core/element.ts';
import type { BackInStockUi } from './model.ts';
import { strings } from './strings.ts';

export interface BackInStockProps {
  /** The Stores product id to watch. */
  productId?: string;
  /** The variant id, when the product has options (its own stock is what counts). */
  variantId?: string;
  /** Show the form even while the item is in stock. */
  always?: boolean;
}

type Form = typeof import('./notify-form.tsx');
/**
 * The form, the subscribed states and their model and calls: one chunk, imported once per page when the person is
 * about to need it (or at once for a request this browser kept); a failed import is tried again next time.
 */
const loadForm = onDemand((): Promise<Form> => import('./notify-form.tsx')).load;

const NONE = atom<{ data?: undefined; error?: undefined }>({});
const CLOSED = atom<BackInStockUi>({ phase: 'closed', email: '', subscribedAs: '', moves: 0 });

/**
 * `<inlay-back-in-stock>`: shown only while the product (or chosen variant) is out of stock, unless `always`.
 * A small form asks for the email (prefilled for members). What was asked is kept in this browser (it survives reloads,
 * and goes with the visitor when they sign in). Where the page names a site companion, the request goes through it:
 * its status is read again and "Stop notifying me" deletes it; without one the platform is never asked to read or
 * delete a request, and the widget says how to stop instead.
 */
export function BackInStockView(props: BackInStockProps & WidgetProps) {
  // This view decides whether anything shows and holds the closed button; the rest (notify-form.tsx, its model,
  // calls and sheet) loads on the button's hover, press or focus, or at once when a request kept here is to be shown.
  const { productId, variantId, always, host, context } = props;
  const { i18n, client } = context;
  const t = i18n().strings(strings);
  const $product = useMemo(() => (productId ? productStore(client, productId) : NONE), [productId]);
  const product = useStore($product);
  const session = useStore(sessionOf(client));
  const member = session.role === 'member';
  const memberEmail = session.member?.loginEmail ?? '';
  const wanted = !!product.data && (always || !inStock(product.data, variantId));
  // in stock again: the notice has gone out, so what this browser kept for the item is done with
  const back = !!product.data && !wanted;
  const item = `${productId ?? ''}:${variantId ?? ''}`;
  const saved = useMemo(() => createSavedStockRequests(client.config.clientId), []);
  // a request kept here for the item shown: the form's chunk loads at once to show it
  const kept = useMemo(() => wanted && !!saved.get(item, member), [wanted, item, member]);
  const [Form, setForm] = useState<Form>();
  const [busy, setBusy] = useState(false);
  const [opening, setOpening] = useState(false);
  const [failed, setFailed] = useState(false);
  const model = useMemo(() => Form?.createBackInStockModel(context, props), [Form, productId]);
  // What was asked here for this item (variant switches and sign-in/out change it): shown as subscribed while it waits.
  // (As the model is made or what it follows changes, before its state is read below: a kept request shows at once,
  // never after a frame of the closed button.)
  useMemo(() => model?.follow(variantId, member, back), [model, variantId, member, back]);
  const ui = useStore(model?.$ui ?? CLOSED);
  const input = useRef<HTMLInputElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const opener = useRef<HTMLButtonElement>(null);

  /** Load the form's chunk; `click`: the person pressed the button (busy meanwhile, a failure told by the toaster). */
  const load = (click?: boolean) => {
    if (click) setBusy(true);
    loadForm()
      .then(
        (m) => {
          setForm(() => m);
          if (click) setOpening(true);
        },
        (e: unknown) => {
          // an intent that did not load is tried again on the click; a click or a kept request says why
          if (click !== undefined) toastsOf(client).toast.error(i18n().error(e));
          if (click === false) setFailed(true);
        },
      )
      .finally(() => click && setBusy(false));
  };

  useEffect(() => void (back && saved.forget(item)), [back, item]);
  useEffect(() => void (kept && !Form && !failed && load(false)), [kept]);
  // the form's sheet is in place before it shows
  useLayoutEffect(() => void (Form && adoptSheet(host.shadowRoot, Form.formCss)), [Form]);
  // a press that loaded the form opens it now (unless a request kept here shows instead)
  useEffect(() => {
    if (!opening || !model) return;
    setOpening(false);
    if (model.$ui.get().phase === 'closed') model.open(memberEmail);
  }, [opening, model]);

  // Focus follows the person's own actions only (never on load, nor when a sign-in changes what is shown).
  useEffect(() => {
    if (ui.moves) (ui.phase === 'open' ? input : ui.phase === 'closed' ? opener : status).current?.focus();
  }, [ui.moves]);

  // (no product-id: no product, nothing to show)
  if (product.error && !product.data) {
    return (
      <div part="root" class="box">
        <p class="msg" role="alert">
          {i18n().error(product.error)}
        </p>
        <button
          type="button"
          part="button"
          class="link"
          onClick={() => client.cache.invalidate(productKey(productId!))}
        >
          {t('action.retry')}
        </button>
      </div>
    );
  }
  // (a kept request's form is on its way: nothing until it shows, as before the product was read)
  if (!wanted || (kept && !model && !failed)) {
    return <div part="root" />;
  }

  const { phase } = ui;
  const shown =
    Form && model ? (
      <Form.NotifyForm model={model} ui={ui} i18n={i18n} memberEmail={memberEmail} input={input} status={status} />
    ) : null;
  if (phase !== 'closed' && phase !== 'stopped') return shown;
  const intent = () => void (!Form && load());
  return (
    <div part="root">
      {phase === 'stopped' ? shown : null}
      <button
        ref={opener}
        type="button"
        part="button"
        class="primary"
        aria-busy={busy ? 'true' : undefined}
        onPointerEnter={intent}
        onPointerDown={intent}
        onFocus={intent}
        onClick={() => (model ? model.open(memberEmail) : busy || load(true))}
      >
        {t('bis.open')}
      </button>
    </div>
  );
}
