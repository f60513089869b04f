// The hosted checkout page's script: live totals (shipping option, tax of the region typed), the card number in
// groups of four, one submit at a time, and the order summary open on wide screens. The page works without it.
(function () {
  const form = document.getElementById('checkout');
  if (!form) return;
  const money = (cents) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: form.dataset.currency || 'USD' }).format(cents / 100);
  // [country, subdivision, name, rate in basis points]; '*' is the default region
  const regions = JSON.parse(form.dataset.tax || '[]');
  const taxable = Number(form.dataset.taxable);

  /** The tax region of the address typed: its subdivision, else its country, else the default. */
  function region() {
    const country = (form.elements.country.value || '').toUpperCase();
    const subdivision = (form.elements.subdivision.value || '')
      .trim()
      .toUpperCase()
      .replace(/^[A-Z]{2}-/, '');
    const find = (c, s) => regions.find((r) => r[0] === c && r[1] === s);
    return (subdivision && find(country, subdivision)) || find(country, '') || find('*', '') || ['*', '', '', 0];
  }

  function text(id, value) {
    const el = document.getElementById(id);
    if (el) el.textContent = value;
  }

  function update() {
    const option = form.querySelector('input[name=shipping]:checked');
    const shipping = option ? Number(option.dataset.cents) : 0;
    const r = region();
    const tax = Math.round((taxable * r[3]) / 10000);
    const total = taxable + shipping + tax;
    text('sum-shipping', shipping ? money(shipping) : 'Free');
    text('sum-tax-name', 'Tax (' + r[2] + ')');
    text('sum-tax', money(tax));
    text('sum-total', money(total));
    text('sum-total-top', money(total));
    const pay = form.querySelector('button[type=submit]');
    if (pay && !pay.disabled) pay.textContent = 'Pay ' + money(total);
  }

  form.addEventListener('change', update);
  form.addEventListener('input', (e) => {
    if (e.target && e.target.name === 'subdivision') update();
  });

  const card = document.getElementById('cardNumber');
  if (card) {
    card.addEventListener('input', () => {
      const digits = card.value.replace(/\D/g, '').slice(0, 19);
      const grouped = digits.replace(/(.{4})/g, '$1 ').trim();
      if (grouped !== card.value) card.value = grouped;
    });
  }

  form.addEventListener('submit', () => {
    const pay = form.querySelector('button[type=submit]');
    if (pay) {
      pay.disabled = true;
      pay.textContent = 'Paying…';
    }
  });

  update();

  const summary = document.getElementById('summary');
  if (summary && window.matchMedia) {
    const wide = window.matchMedia('(min-width:900px)');
    const fit = () => {
      summary.open = wide.matches;
    };
    fit();
    wide.addEventListener('change', fit);
  }
})();
