// The single-page shop's router (/spa). Views are built with DOM calls (never markup strings). The product view's
// widgets are kept while moving from product to product: only their attributes change, as a SPA framework would do.
const main = document.getElementById('main');
/** @type {{id: string, slug: string, name: string, price: string, description: string, variantId?: string}[]} */
const products = JSON.parse(main.dataset.products || '[]');
const byId = new Map(products.map((p) => [p.id, p]));

/** `h('p', {class: 'x'}, 'text', child)`: attributes as attributes, strings as text nodes. */
function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {}))
    if (v !== undefined && v !== false) el.setAttribute(k, v === true ? '' : String(v));
  el.append(...children);
  return el;
}

/** The product view while shown (reused across products); dropped when leaving for home. */
let productView = null;

function homeView() {
  return h(
    'section',
    { 'aria-labelledby': 'spa-title' },
    h('h1', { id: 'spa-title', tabindex: '-1' }, 'All products'),
    h(
      'ul',
      { class: 'grid' },
      ...products.map((p) =>
        h(
          'li',
          { class: 'card' },
          h('a', { href: `/spa/product/${p.id}`, class: 'card-name' }, p.name),
          h('inlay-rating', { 'product-id': p.id }),
          h('p', { class: 'price' }, p.price),
        ),
      ),
    ),
  );
}

function createProductView() {
  const title = h('h1', { tabindex: '-1' });
  const crumb = h('span');
  const price = h('p', { class: 'price big' });
  const description = h('p');
  const rating = h('inlay-rating');
  const addToCart = h('inlay-add-to-cart');
  const backInStock = h('inlay-back-in-stock');
  const reviews = h('inlay-reviews');
  const recommendations = h('inlay-recommendations', { algorithm: 'related', limit: 4 });
  const reviewsMain = h('section', { id: 'reviews-main', 'aria-label': 'Reviews' }, reviews);
  const reviewsSide = h('aside', { id: 'reviews-side', 'aria-label': 'Side column' });
  const move = h(
    'button',
    { type: 'button', id: 'move-reviews', class: 'button secondary' },
    'Move reviews to the side column',
  );
  move.addEventListener('click', () => {
    // re-parenting: the element is disconnected and connected again, keeping its attributes
    const toSide = reviews.parentElement === reviewsMain;
    (toSide ? reviewsSide : reviewsMain).append(reviews);
    move.textContent = toSide ? 'Move reviews back' : 'Move reviews to the side column';
  });
  const prev = h('a', { rel: 'prev' }, 'Previous product');
  const next = h('a', { rel: 'next' }, 'Next product');
  const root = h(
    'article',
    { class: 'product spa-product' },
    h('nav', { 'aria-label': 'Breadcrumb', class: 'crumbs' }, h('a', { href: '/spa' }, 'Shop'), ' / ', crumb),
    title,
    rating,
    price,
    h('div', { class: 'buy' }, addToCart, backInStock),
    description,
    h('p', {}, move),
    h('div', { class: 'product-grid' }, reviewsMain, reviewsSide),
    h(
      'section',
      { class: 'band', 'aria-label': 'You may also like' },
      h('h2', {}, 'You may also like'),
      recommendations,
    ),
    h('nav', { 'aria-label': 'More products', class: 'crumbs' }, prev, ' · ', next),
  );
  return {
    root,
    show(p) {
      root.dataset.productId = p.id;
      title.textContent = crumb.textContent = p.name;
      price.textContent = p.price;
      description.textContent = p.description;
      for (const el of [rating, addToCart, backInStock, reviews, recommendations]) el.setAttribute('product-id', p.id);
      for (const el of [addToCart, backInStock]) {
        if (p.variantId) el.setAttribute('variant-id', p.variantId);
        else el.removeAttribute('variant-id');
      }
      const i = products.indexOf(p);
      prev.href = `/spa/product/${products[(i + products.length - 1) % products.length].id}`;
      next.href = `/spa/product/${products[(i + 1) % products.length].id}`;
    },
  };
}

/** `focus`: after an in-app navigation the new view's heading takes focus (as a page load starts reading there). */
function route(focus = true) {
  const m = /^\/spa\/product\/([\w-]+)\/?$/.exec(location.pathname);
  const product = m ? byId.get(m[1]) : undefined;
  if (product) {
    if (!productView) {
      productView = createProductView();
      main.replaceChildren(productView.root);
    }
    productView.show(product);
    document.title = `${product.name} · Fernwood SPA`;
  } else {
    productView = null;
    main.replaceChildren(
      m
        ? h(
            'section',
            {},
            h('h1', { tabindex: '-1' }, 'Product not found'),
            h('a', { href: '/spa' }, 'Back to the shop'),
          )
        : homeView(),
    );
    document.title = 'Fernwood Supply Co. · single-page shop';
  }
  if (focus) main.querySelector('h1')?.focus({ preventScroll: true });
}

// Same-origin links into /spa are handled here; everything else (recommendation cards, the classic site) loads.
document.addEventListener('click', (e) => {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const a = e.composedPath().find((n) => n instanceof HTMLAnchorElement);
  if (!a || a.target || a.origin !== location.origin || !/^\/spa(\/|$)/.test(a.pathname)) return;
  e.preventDefault();
  if (a.pathname !== location.pathname) history.pushState(null, '', a.pathname);
  route();
});
window.addEventListener('popstate', () => route());
route(false);
