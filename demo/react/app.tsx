/**
 * The demo's React page (`/react`): a host app built with React 19 that uses `inlay/react`. Rendered on the demo
 * server with react-dom/server and hydrated in the browser; its own state (the member's greeting, a cart count, the
 * last cart change) follows the widgets through the hooks, and its own button changes the cart the widgets show.
 */
import { useState } from 'react';
import {
  InlayAddToCart,
  InlayCart,
  InlayLogin,
  InlayRating,
  InlayRecommendations,
  InlayReviews,
  InlayScript,
  useInlayCart,
  useInlayMember,
} from '../../react/index.tsx';

export interface AppProps {
  apiBase: string;
  assetsBase: string;
  clientId: string;
  product: { id: string; name: string; variantId?: string; price?: string; image?: string; description?: string };
}

/** The React-rendered part of the page: header widgets, the app's own panel, and a product. */
export function App({ apiBase, assetsBase, clientId, product }: AppProps) {
  const member = useInlayMember();
  const { cart, count, add } = useInlayCart();
  const [lastChange, setLastChange] = useState<string>();
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string>();
  const name = member?.profile?.nickname ?? member?.loginEmail;

  return (
    <>
      <InlayScript clientId={clientId} assetsBase={assetsBase} apiBase={apiBase} />
      <header className="site-header">
        <div className="wrap header-row">
          <a className="brand" href="/">
            <span>Fernwood Supply Co.</span>
          </a>
          <nav aria-label="For site builders" className="tools">
            <a href="/snippet">Get the snippet</a>
            <a href="/spa">SPA demo</a>
            <a href="/react" aria-current="page">
              React demo
            </a>
          </nav>
          <div className="header-widgets">
            <InlayLogin />
            <InlayCart thankYouUrl="/thank-you" onInlayCartChange={(e) => setLastChange(e.detail.reason)} />
          </div>
        </div>
      </header>
      <main id="main" className="wrap">
        <section className="react-panel" aria-labelledby="react-panel-title">
          <h2 id="react-panel-title">This panel is the host app’s own React state</h2>
          <p data-testid="member">{name ? `Signed in as ${name}.` : 'You are browsing as a visitor.'}</p>
          <p data-testid="count" aria-live="polite">
            {cart === undefined
              ? 'Reading your cart…'
              : count === 1
                ? '1 item in your cart.'
                : `${count} items in your cart.`}
          </p>
          <p data-testid="last-change">
            {lastChange ? `Last cart change: ${lastChange}.` : 'No cart change on this page yet.'}
          </p>
          <button
            type="button"
            className="button"
            disabled={adding}
            onClick={() => {
              setAdding(true);
              setAddError(undefined);
              add(
                { productId: product.id, ...(product.variantId ? { variantId: product.variantId } : {}) },
                { open: false },
              )
                .catch((e: unknown) => setAddError(`Could not add it: ${e instanceof Error ? e.message : String(e)}`))
                .finally(() => setAdding(false));
            }}
          >
            Add one {product.name} from React
          </button>
          {addError ? <p role="alert">{addError}</p> : null}
        </section>
        <article className="react-product">
          <h1>{product.name}</h1>
          <InlayRating productId={product.id} />
          {product.price ? <p className="price">{product.price}</p> : null}
          {product.description ? <p>{product.description}</p> : null}
          <div className="buy">
            <InlayAddToCart
              productId={product.id}
              {...(product.variantId ? { variantId: product.variantId } : {})}
              onInlayCartChange={(e) => setLastChange(e.detail.reason)}
            />
          </div>
          <InlayReviews productId={product.id} pageSize={3} />
          <InlayRecommendations productId={product.id} limit={6} />
        </article>
      </main>
    </>
  );
}
