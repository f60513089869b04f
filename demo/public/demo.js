// The host page's own script: switching the variant updates the widgets' variant-id attribute.
const select = document.getElementById('variant');
if (select) {
  select.addEventListener('change', () => {
    for (const el of document.querySelectorAll('inlay-add-to-cart, inlay-back-in-stock')) {
      el.setAttribute('variant-id', select.value);
    }
  });
}
