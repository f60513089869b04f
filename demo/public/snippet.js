// "Get the snippet": builds the snippet from the form's labelled controls (each carries data-* saying what it sets),
// shows it, copies exactly that text, and mirrors the same choices on real widgets in the live preview. The loader on
// this page defines the widgets the preview adds (it watches the document for new tags). Text only: no innerHTML.
const form = document.getElementById('snippet-form');
const code = document.getElementById('snippet-code');
const copy = document.getElementById('snippet-copy');
const status = document.getElementById('snippet-status');
const preview = document.getElementById('snippet-preview');
const resetTheme = document.getElementById('snippet-reset-theme');

if (form && code && copy && status && preview) {
  /** @type {Record<string, [string, string, boolean][]>} */
  const catalog = JSON.parse(form.dataset.catalog || '{}');
  const widgets = [...form.querySelectorAll('input[data-widget]')];
  /** @type {Map<string, HTMLElement>} the preview's element per tag, kept while its checkbox is on */
  const live = new Map();

  const esc = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  /** The chosen attributes of one tag, in the form's order: [name, value] with value `true` for booleans. */
  function attributes(tag) {
    const out = [];
    for (const c of form.querySelectorAll(`[data-tag="${tag}"]`)) {
      const name = c.dataset.attr;
      if (c.dataset.kind === 'boolean') {
        if (c.checked) out.push([name, true]);
      } else if (c.value.trim() !== '') {
        out.push([name, c.value.trim()]);
      }
    }
    return out;
  }

  /** Tokens that differ from their defaults: [name, css value]. */
  function tokens() {
    const out = [];
    for (const c of form.querySelectorAll('[data-token]')) {
      const v = c.value.trim();
      if (v === '' || v.toLowerCase() === c.dataset.default) continue;
      if (c.dataset.unit && !/^\d+(\.\d+)?$/.test(v)) continue;
      out.push([c.dataset.token, c.dataset.unit ? v + c.dataset.unit : v]);
    }
    return out;
  }

  const config = (key) => form.querySelector(`[data-config="${key}"]`)?.value.trim() ?? '';

  const httpUrl = (v) => {
    try {
      return /^https?:$/.test(new URL(v).protocol);
    } catch {
      return false;
    }
  };
  /** The loader's own checks (core/config.ts): an invalid value would stop every widget, so it stays out of the snippet. */
  const CHECKS = {
    companion: [
      (v) => httpUrl(v) || /^\/[^/\\\s][^\\\s]*$/.test(v),
      'Use an absolute http(s) URL or a path starting with / (not //).',
    ],
    'redirect-uri': [
      (v) => !v.includes('#') && (/^\/(?:[^/\\\s][^\\\s]*)?$/.test(v) || httpUrl(v)),
      'Use an absolute http(s) URL or a path starting with /, without a #fragment.',
    ],
  };
  /** A checked setting's value when the loader would take it ('' otherwise); its field says why not. */
  function checked(key) {
    const input = form.querySelector(`[data-check="${key}"]`);
    const err = document.getElementById(`cfg-${key}-err`);
    const v = config(key);
    const [ok, why] = CHECKS[key];
    const bad = v !== '' && !ok(v);
    if (input) input.setAttribute('aria-invalid', String(bad));
    if (err) {
      err.hidden = !bad;
      err.textContent = bad ? why : '';
    }
    return bad ? '' : v;
  }

  function scriptTag() {
    const classic = form.querySelector('input[name="script"]:checked')?.value === 'classic';
    const assets = config('assets').replace(/\/+$/, '');
    // pinned: the version's folder, and the SRI value the server read from its integrity.json
    const pin = form.querySelector('input[name="version"][value="pinned"]:checked');
    const src = `${assets}${pin ? '/' + pin.dataset.version : ''}/${classic ? 'inlay.js' : 'loader.js'}`;
    let tag = classic ? `<script src="${esc(src)}"` : `<script type="module" src="${esc(src)}"`;
    if (pin) {
      const integrity = classic ? pin.dataset.integrityInlay : pin.dataset.integrityLoader;
      tag += ` integrity="${esc(integrity ?? '')}" crossorigin="anonymous"`;
    }
    tag += ` data-client-id="${esc(config('client-id'))}"`;
    for (const key of ['api-base', 'locale', 'token-storage', 'companion', 'redirect-uri']) {
      const v = key in CHECKS ? checked(key) : config(key);
      if (v) tag += ` data-${key}="${esc(v)}"`;
    }
    return tag + '></script>';
  }

  /**
   * The connection to the platform's API, opened while the page parses: the loader's first request (the visitor token)
   * goes out only once the loader has arrived and run (README, The snippet). None for a base the loader would refuse.
   */
  function preconnect() {
    const input = form.querySelector('[data-config="api-base"]');
    const base = config('api-base') || input?.placeholder || '';
    return httpUrl(base) ? [`<link rel="preconnect" href="${esc(new URL(base).origin)}" crossorigin>`] : [];
  }

  function snippet() {
    const lines = [...preconnect(), scriptTag()];
    const chosen = tokens();
    if (chosen.length) lines.push('<style>', ':root {', ...chosen.map(([n, v]) => `  ${n}: ${v};`), '}', '</style>');
    for (const w of widgets) {
      if (!w.checked) continue;
      const tag = w.dataset.widget;
      const attrs = attributes(tag)
        .map(([n, v]) => (v === true ? ` ${n}` : ` ${n}="${esc(v)}"`))
        .join('');
      lines.push(`<${tag}${attrs}></${tag}>`);
    }
    return lines.join('\n');
  }

  /** The preview holds the same elements, attributes and tokens as the snippet. */
  function syncPreview() {
    for (const c of form.querySelectorAll('[data-token]')) {
      // tokens the site left alone are reset here, so this page's own theme does not colour the preview
      const set = tokens().find(([n]) => n === c.dataset.token);
      preview.style.setProperty(c.dataset.token, set ? set[1] : 'initial');
    }
    let before = null;
    for (const w of [...widgets].reverse()) {
      const tag = w.dataset.widget;
      let el = live.get(tag);
      if (!w.checked) {
        el?.remove();
        live.delete(tag);
        continue;
      }
      if (!el) {
        el = document.createElement(tag);
        live.set(tag, el);
      }
      const want = new Map(attributes(tag).map(([n, v]) => [n, v === true ? '' : v]));
      for (const a of [...el.attributes]) if (!want.has(a.name)) el.removeAttribute(a.name);
      for (const [n, v] of want) if (el.getAttribute(n) !== v) el.setAttribute(n, v);
      if (el.parentNode !== preview || el.nextSibling !== before) preview.insertBefore(el, before);
      before = el;
    }
  }

  function render() {
    code.textContent = snippet();
    syncPreview();
  }

  /** Fills a variant list from its product, preselecting the first variant in stock (as a product page would). */
  function fillVariants(select) {
    const product = document.getElementById(select.dataset.variantOf)?.value ?? '';
    const variants = catalog[product] ?? [];
    while (select.options.length > 1) select.remove(1);
    for (const [id, label, inStock] of variants) {
      const o = document.createElement('option');
      o.value = id;
      o.textContent = inStock ? label : `${label} (sold out)`;
      select.append(o);
    }
    const first = variants.find((v) => v[2]) ?? variants[0];
    select.value = first ? first[0] : '';
    select.disabled = variants.length === 0;
  }

  const variantSelects = [...form.querySelectorAll('select[data-variant-of]')];
  variantSelects.forEach(fillVariants);

  form.addEventListener('input', (e) => {
    const t = e.target;
    if (t instanceof HTMLInputElement && t.dataset.widget) {
      const options = form.querySelector(`[data-options-of="${t.dataset.widget}"]`);
      if (options) options.disabled = !t.checked;
    }
    for (const s of variantSelects) if (s.dataset.variantOf === t.id) fillVariants(s);
    render();
  });
  // a <form> only for grouping: Enter in a field must not reload the page
  form.addEventListener('submit', (e) => e.preventDefault());

  resetTheme?.addEventListener('click', () => {
    for (const c of form.querySelectorAll('[data-token]')) c.value = c.dataset.default;
    render();
    say('Theme reset to the defaults.');
  });

  let clear;
  function say(message) {
    clearTimeout(clear);
    // emptied first so the same message is announced again on a second click
    status.textContent = '';
    setTimeout(() => (status.textContent = message), 50);
    clear = setTimeout(() => (status.textContent = ''), 6000);
  }

  copy.addEventListener('click', async () => {
    const text = code.textContent ?? '';
    try {
      await navigator.clipboard.writeText(text);
      say('Snippet copied to the clipboard.');
    } catch {
      // no clipboard permission (or an insecure origin): select it so the person can copy it themselves
      const range = document.createRange();
      range.selectNodeContents(code);
      const sel = getSelection();
      sel?.removeAllRanges();
      sel?.addRange(range);
      say('Could not copy automatically: the snippet is selected, press Ctrl+C (⌘C on a Mac).');
    }
  });

  render();
}
