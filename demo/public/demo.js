// The host page's own script: switching the variant updates the widgets' variant-id attribute, the price shown and
// the product's image (the variant's own when the catalog has one).
const select = document.getElementById('variant');
if (select) {
  /** @type {{id: string, now?: string, was?: string, image?: string}[]} */
  const variants = JSON.parse(select.dataset.variants || '[]');
  const now = document.querySelector('#price [data-now]');
  const was = document.querySelector('#price [data-was]');
  const apply = () => {
    for (const el of document.querySelectorAll('inlay-add-to-cart, inlay-back-in-stock')) {
      el.setAttribute('variant-id', select.value);
    }
    const v = variants.find((x) => x.id === select.value);
    if (v?.now && now && was) {
      now.textContent = v.now;
      was.textContent = v.was ?? '';
      was.hidden = !v.was;
    }
  };
  select.addEventListener('change', apply);
  // the image follows the add-to-cart's variant, whoever sets it (this select, or a reload restoring a choice)
  const buy = document.querySelector('.buy inlay-add-to-cart');
  const img = document.querySelector('.product-media img');
  if (buy && img) {
    new MutationObserver(() => {
      const image = variants.find((x) => x.id === buy.getAttribute('variant-id'))?.image;
      if (image && img.getAttribute('src') !== image) img.src = image;
    }).observe(buy, { attributes: true, attributeFilter: ['variant-id'] });
  }
  // a reload may restore another choice than the page's default
  if (variants.some((v) => v.id === select.value)) apply();
}

// The sticky header's height (it wraps on narrow screens), for the page's scroll-padding-top (demo.css).
const header = document.querySelector('.site-header');
if (header)
  new ResizeObserver(() =>
    document.documentElement.style.setProperty('--header-h', `${header.getBoundingClientRect().height}px`),
  ).observe(header);
