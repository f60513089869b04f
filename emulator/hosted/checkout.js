// The hosted checkout page's script: live totals (shipping option, tax of the region chosen, the tip), the region select
// following the country, the card number in groups of four, Enter pays (the discount code's Apply button comes first
// in the form), one submit at a time, and the order summary open on wide screens. The page works without it.
(function () {
  const form = document.getElementById('checkout');
  if (!form) return;
  // one formatter: the page's language (`<html lang>`, the server's too) and the checkout's currency
  const format = new Intl.NumberFormat(document.documentElement.lang || 'en', {
    style: 'currency',
    currency: form.dataset.currency || 'USD',
  });
  const money = (cents) => format.format(cents / 100);
  // the page's words come from the server, in the page's language (no English of its own here): "Free" for a shipping
  // option that costs nothing (data-free), "Paying…" on the pay button (data-paying)
  const shippingCell = document.getElementById('sum-shipping');
  const free = (shippingCell && shippingCell.dataset.free) || '';
  // [country, subdivision, name, this cart's tax in cents, 1 when the prices include it]; '*': where no region covers
  const regions = JSON.parse(form.dataset.tax || '[]');
  const taxable = Number(form.dataset.taxable);
  // country → [label, [[code, name], …]] for the countries with a region select
  const countryRegions = JSON.parse(form.dataset.regions || '{}');
  const country = form.elements.country;
  const subdivision = form.elements.subdivision;
  const selectedText = (select) => (select.selectedIndex >= 0 ? select.options[select.selectedIndex].text : '');

  /** The region select of the country chosen: its label and options, hidden (and not sent) where it has none. */
  function fitRegions() {
    const list = Object.prototype.hasOwnProperty.call(countryRegions, country.value)
      ? countryRegions[country.value]
      : undefined;
    const field = document.getElementById('region-f');
    const label = document.getElementById('subdivision-label');
    if (!field || !subdivision) return;
    field.hidden = !list;
    subdivision.disabled = !list;
    if (!list) return;
    if (label) label.textContent = list.label;
    const keep = subdivision.value;
    const first = subdivision.options[0];
    subdivision.replaceChildren(first);
    for (const [code, name] of list.regions) subdivision.add(new Option(name, code, false, code === keep));
  }

  /** The tax of the address chosen: its region's, else its country's, else the fallback named after the address. */
  function region() {
    const c = country.value;
    const s = subdivision && !subdivision.disabled ? subdivision.value : '';
    const find = (cc, ss) => regions.find((r) => r[0] === cc && r[1] === ss);
    const r = (s && find(c, s)) || find(c, '');
    if (r) return r;
    const d = find('*', '') || ['*', '', '', 0, 0];
    return [c, s, s ? selectedText(subdivision) : selectedText(country), d[3], d[4]];
  }

  // the places some delivery region names; an option's data-where: its own ("*": the rest of the world's)
  const covered = (form.dataset.covered || '').split(' ');
  /** The shipping options of the address chosen shown, the others hidden (and not sent); the first kept checked. */
  function fitOptions() {
    const c = country.value;
    const s = subdivision && !subdivision.disabled && subdivision.value ? c + '-' + subdivision.value : '';
    const named = covered.includes(c) || (s && covered.includes(s));
    let any = false;
    for (const input of form.querySelectorAll('input[name=shipping]')) {
      const where = (input.dataset.where || '').split(' ');
      const ok = where.includes(c) || (s && where.includes(s)) || (!named && where.includes('*'));
      input.disabled = !ok;
      input.closest('label').hidden = !ok;
      if (!ok) input.checked = false;
      any = any || ok;
    }
    const first = form.querySelector('input[name=shipping]:not(:disabled)');
    if (first && !form.querySelector('input[name=shipping]:checked')) first.checked = true;
    const none = document.getElementById('no-shipping');
    if (none) none.hidden = any;
  }

  function text(id, value) {
    const el = document.getElementById(id);
    if (el) el.textContent = value;
  }

  /** The tip chosen (a choice's cents, or the custom amount typed), not taxed; its row hidden when none. */
  function tip() {
    const choice = form.querySelector('input[name=tip]:checked');
    const custom = form.elements.tipCustom;
    const field = document.getElementById('tip-custom-f');
    if (field) field.hidden = !choice || choice.value !== 'custom';
    if (!choice) return 0;
    if (choice.value !== 'custom') return Number(choice.dataset.cents) || 0;
    const m = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(custom ? custom.value.trim() : '');
    return m ? Number(m[1]) * 100 + Number(((m[2] || '') + '00').slice(0, 2)) : 0;
  }

  function update() {
    const option = form.querySelector('input[name=shipping]:checked');
    const shipping = option ? Number(option.dataset.cents) : 0;
    const r = region();
    const tax = r[3];
    const tipped = tip();
    const total = taxable + shipping + (r[4] ? 0 : tax) + tipped;
    text('sum-tip', money(tipped));
    const tipRow = document.getElementById('sum-tip-row');
    if (tipRow) tipRow.hidden = !tipped;
    text('sum-shipping', shipping ? money(shipping) : free);
    text('sum-tax-region', r[2]);
    text('sum-tax', money(tax));
    text('sum-total', money(total));
    text('sum-total-top', money(total));
    const pay = form.querySelector('button.pay');
    if (pay && !pay.disabled) text('pay-amount', money(total));
  }

  form.addEventListener('change', (e) => {
    if (e.target === country) fitRegions();
    if (e.target === country || e.target === subdivision) fitOptions();
    update();
  });
  form.addEventListener('input', (e) => {
    if (e.target && e.target.name === 'tipCustom') update();
  });
  // Enter in a field pays, as on a form with one button; in the discount code it applies the code
  form.addEventListener('keydown', (e) => {
    const t = e.target;
    if (e.key !== 'Enter' || !t || t.tagName !== 'INPUT' || t.type === 'radio' || t.type === 'checkbox') return;
    const button = form.querySelector(t.name === 'discountCode' ? 'button[value=discount]' : 'button.pay');
    if (!button) return;
    e.preventDefault();
    form.requestSubmit(button);
  });

  const card = document.getElementById('cardNumber');
  if (card) {
    card.addEventListener('input', () => {
      const digits = card.value.replace(/\D/g, '').slice(0, 19);
      const grouped = digits.replace(/(.{4})/g, '$1 ').trim();
      if (grouped !== card.value) card.value = grouped;
    });
  }

  form.addEventListener('submit', (e) => {
    if (e.submitter && !e.submitter.classList.contains('pay')) return;
    const pay = form.querySelector('button.pay');
    if (pay) {
      pay.disabled = true;
      if (pay.dataset.paying) pay.textContent = pay.dataset.paying;
    }
  });

  fitRegions();
  fitOptions();
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
