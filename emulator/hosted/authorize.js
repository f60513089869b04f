// The silent sign-in page's script (GET /oauth2/authorize, prompt `none`, in a hidden iframe of the site): posts the
// answer the server prepared (a code or `login_required`) to the embedding page, on its registered origin only.
// Without a usable Referer the server names no target origin: the script then posts once per registered origin, and
// the browser delivers the message only to the one the parent is on.
(function () {
  const el = document.getElementById('inlay-oauth');
  if (!el || window.parent === window) return;
  const data = JSON.parse(el.textContent || '{}');
  const targets = data.targetOrigin ? [data.targetOrigin] : data.allowedOrigins || [];
  for (const origin of targets) window.parent.postMessage(data.message, origin);
})();
