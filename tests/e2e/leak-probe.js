// Installed with page.addInitScript before any page script (tests/e2e/spa.test.ts): counts what is live — event
// listeners, timers, animation frames, observers, broadcast channels — so a test can compare two moments.
// Plain JS: an init script is sent as source text, so it must not depend on a compiler's helpers.
(() => {
  const origAdd = EventTarget.prototype.addEventListener;
  const origRemove = EventTarget.prototype.removeEventListener;
  /** target → listener → "type|capture" keys (the browser's own identity for a listener) */
  const listeners = new Map();
  /** `once` listeners run through a wrapper that forgets them when they fire */
  const onceWrappers = new WeakMap();
  // Playwright's own injected script (used by locators and clicks) adds listeners and an observer in this world:
  // they belong to the test harness, not to the page, so they are not counted. (page.evaluate runs through its
  // UtilityScript, which the page's own code called from an evaluate also has on its stack: that one counts.)
  const harness = () => /\bInjectedScript\./.test(String(new Error().stack));
  const keyOf = (type, opts) => `${type}|${typeof opts === 'boolean' ? opts : !!(opts && opts.capture)}`;
  const forget = (t, l, k) => {
    const m = listeners.get(t);
    const s = m && m.get(l);
    if (!s || !s.delete(k)) return;
    if (!s.size) m.delete(l);
    if (!m.size) listeners.delete(t);
  };
  EventTarget.prototype.addEventListener = function (type, l, opts) {
    if (!l || harness()) return origAdd.call(this, type, l, opts);
    const k = keyOf(type, opts);
    const target = this; // eslint-disable-line @typescript-eslint/no-this-alias -- the `once` wrapper needs it
    let m = listeners.get(target);
    if (!m) listeners.set(target, (m = new Map()));
    let s = m.get(l);
    if (!s) m.set(l, (s = new Set()));
    s.add(k);
    if (opts && typeof opts === 'object' && opts.signal) {
      if (opts.signal.aborted) forget(target, l, k);
      else origAdd.call(opts.signal, 'abort', () => forget(target, l, k), { once: true });
    }
    if (opts && typeof opts === 'object' && opts.once) {
      const wrapped = function (e) {
        forget(target, l, k);
        return typeof l === 'function' ? l.call(this, e) : l.handleEvent(e);
      };
      let wm = onceWrappers.get(l);
      if (!wm) onceWrappers.set(l, (wm = new Map()));
      wm.set(k, wrapped);
      return origAdd.call(target, type, wrapped, opts);
    }
    return origAdd.call(target, type, l, opts);
  };
  EventTarget.prototype.removeEventListener = function (type, l, opts) {
    if (l) {
      const k = keyOf(type, opts);
      forget(this, l, k);
      const wrapped = onceWrappers.get(l) && onceWrappers.get(l).get(k);
      if (wrapped) origRemove.call(this, type, wrapped, opts);
    }
    return origRemove.call(this, type, l, opts);
  };

  /** timer id → "timeout:<ms>" / "interval:<ms>"; a timeout stops being live when it fires */
  const timers = new Map();
  /** timeout id → its callback, to fire long timers early (`runTimeouts`) */
  const callbacks = new Map();
  const frames = new Set();
  const st = window.setTimeout,
    ct = window.clearTimeout,
    si = window.setInterval,
    ci = window.clearInterval;
  const raf = window.requestAnimationFrame,
    caf = window.cancelAnimationFrame;
  window.setTimeout = function (fn, ms, ...args) {
    const run = () => {
      timers.delete(id);
      callbacks.delete(id);
      if (typeof fn === 'function') fn(...args);
    };
    const id = st(run, ms);
    timers.set(id, `timeout:${Number(ms) || 0}`);
    callbacks.set(id, run);
    return id;
  };
  window.clearTimeout = (id) => {
    timers.delete(id);
    callbacks.delete(id);
    ct(id);
  };
  window.setInterval = function (fn, ms, ...args) {
    const id = si(fn, ms, ...args);
    timers.set(id, `interval:${Number(ms) || 0}`);
    return id;
  };
  window.clearInterval = (id) => {
    timers.delete(id);
    ci(id);
  };
  window.requestAnimationFrame = (fn) => {
    const id = raf((t) => {
      frames.delete(id);
      fn(t);
    });
    frames.add(id);
    return id;
  };
  window.cancelAnimationFrame = (id) => {
    frames.delete(id);
    caf(id);
  };

  /** observer → its kind, while it observes at least one target */
  const observers = new Map();
  for (const name of ['MutationObserver', 'ResizeObserver', 'IntersectionObserver']) {
    const proto = window[name].prototype;
    const targets = new WeakMap();
    const { observe, disconnect, unobserve } = proto;
    proto.observe = function (t, ...rest) {
      if (harness()) return observe.call(this, t, ...rest);
      let s = targets.get(this);
      if (!s) targets.set(this, (s = new Set()));
      s.add(t);
      // where it was started, for a readable failure
      observers.set(this, `${name} ${String(new Error().stack).split('\n')[2] || ''}`.trim());
      return observe.call(this, t, ...rest);
    };
    proto.disconnect = function () {
      targets.delete(this);
      observers.delete(this);
      return disconnect.call(this);
    };
    if (unobserve) {
      proto.unobserve = function (t) {
        const s = targets.get(this);
        if (s) s.delete(t);
        if (!s || !s.size) observers.delete(this);
        return unobserve.call(this, t);
      };
    }
  }
  const channels = new Set();
  const BC = window.BroadcastChannel;
  const channelProto = BC.prototype;
  const close = channelProto.close;
  window.BroadcastChannel = new Proxy(BC, {
    construct(target, args, newTarget) {
      const c = Reflect.construct(target, args, newTarget);
      channels.add(c);
      return c;
    },
  });
  channelProto.close = function () {
    channels.delete(this);
    return close.call(this);
  };

  /** Live counts by kind. Listeners on nodes that left the document go with the nodes, so only connected nodes count. */
  const live = () => {
    const out = {};
    const add = (k, n = 1) => (out[k] = (out[k] || 0) + n);
    for (const [t, m] of listeners) {
      if (t instanceof Node && !t.isConnected) continue;
      let n = 0;
      for (const s of m.values()) n += s.size;
      const kind =
        t === window ? 'window' : t === document ? 'document' : t instanceof Node ? 'node' : t.constructor.name;
      add(`listeners:${kind}`, n);
    }
    for (const kind of timers.values()) add(kind);
    if (frames.size) add('animationFrame', frames.size);
    for (const kind of observers.values()) add(kind.split(' ')[0]);
    if (channels.size) add('BroadcastChannel', channels.size);
    return out;
  };
  /** Which listeners are live on window/document/non-node targets (for a readable failure). */
  const detail = () => {
    const out = [];
    for (const [t, m] of listeners) {
      if (t instanceof Node && t !== document) continue;
      const kind = t === window ? 'window' : t === document ? 'document' : t.constructor.name;
      for (const s of m.values()) for (const k of s) out.push(`${kind} ${k}`);
    }
    for (const where of observers.values()) out.push(where);
    return out.sort();
  };
  /** Listeners on connected nodes, as "host > node type|capture" (for a readable failure). */
  const nodes = () => {
    const name = (n) => (n instanceof Element ? n.localName + (n.id ? `#${n.id}` : '') : n.nodeName);
    const path = (n) => {
      const host = n.getRootNode() instanceof ShadowRoot ? n.getRootNode().host : null;
      return host ? `${path(host)} > ${name(n)}` : name(n);
    };
    const out = [];
    for (const [t, m] of listeners) {
      if (!(t instanceof Node) || t === document || !t.isConnected) continue;
      for (const s of m.values()) for (const k of s) out.push(`${path(t)} ${k}`);
    }
    return out.sort();
  };
  /** Fires now every pending timeout set with exactly `ms` (as if that much time had passed for them); returns how many. */
  const runTimeouts = (ms) => {
    const due = [...timers].filter(([id, kind]) => kind === `timeout:${ms}` && callbacks.has(id)).map(([id]) => id);
    for (const id of due) {
      const run = callbacks.get(id);
      ct(id);
      run();
    }
    return due.length;
  };
  Object.defineProperty(window, '__leakProbe', {
    value: Object.freeze({ live, detail, nodes, runTimeouts }),
    enumerable: false,
  });
})();
