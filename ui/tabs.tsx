import { useEffect, useRef } from 'react';
import type { ComponentChildren } from 'preact';

/**
 * The tab a key moves to from `current`: arrows step (mirrored right to left), Home and End go to the ends, wrapping
 * around; `undefined` for any other key.
 */
export function tabAfter<K extends string>(keys: readonly K[], current: K, key: string, rtl: boolean): K | undefined {
  const i = keys.indexOf(current);
  const n = keys.length;
  const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, Home: -i, End: n - 1 - i }[key];
  return step === undefined ? undefined : keys[(i + step + n) % n];
}

/**
 * A row of tabs (`role=tablist`, parts `tabs` and `tab`): one tab stop, arrows, Home and End move and pick (mirrored
 * when `host` is right to left); a row too long for its box wraps (ui/frame-styles.ts `tabsCss`) or, where its sheet makes
 * it scroll sideways (the console's), keeps the current tab in view. Each tab controls
 * the one panel `${ids}p` ({@link TabPanel}); tab ids are `${ids}t<key>`.
 */
export function TabList<K extends string>(p: {
  ids: string;
  /** The list's name for screen readers. */
  label: string;
  keys: readonly K[];
  current: K;
  /** A tab's words (and anything beside them: a count). */
  name: (key: K) => ComponentChildren;
  pick: (key: K) => void;
  /** The element whose direction the arrows follow. */
  host: Element;
}) {
  const list = useRef<HTMLDivElement>(null);
  const tab = (k: K) => list.current?.querySelector<HTMLElement>(`[data-s=${k}]`);
  // a row that scrolls sideways (the console's at 375 px): the current tab kept in view, the page never scrolled; the
  // row says where more tabs are hidden (`data-more`: left, right or both, physical sides; its sheet fades that edge)
  // (again when the row or a tab changes size: its first layout, a count added to a tab, a rotated phone)
  useEffect(() => {
    const l = list.current;
    if (!l) return;
    const mark = () => {
      const r = l.getBoundingClientRect();
      const kids = [...l.children].map((c) => c.getBoundingClientRect());
      const left = kids.some((k) => k.left < r.left - 1);
      const right = kids.some((k) => k.right > r.right + 1);
      if (left || right) l.dataset['more'] = left && right ? 'both' : left ? 'left' : 'right';
      else delete l.dataset['more'];
    };
    const show = () => {
      const b = tab(p.current);
      if (b && l.scrollWidth > l.clientWidth) {
        const [lr, br] = [l.getBoundingClientRect(), b.getBoundingClientRect()];
        if (br.left < lr.left) l.scrollLeft -= lr.left - br.left + 24;
        else if (br.right > lr.right) l.scrollLeft += br.right - lr.right + 24;
      }
      mark();
    };
    show();
    l.addEventListener('scroll', mark, { passive: true });
    const seen = typeof ResizeObserver === 'function' ? new ResizeObserver(show) : undefined;
    for (const n of [l, ...l.children]) seen?.observe(n);
    return () => {
      seen?.disconnect();
      l.removeEventListener('scroll', mark);
    };
  }, [p.current]);
  const onKey = (e: KeyboardEvent) => {
    const next = tabAfter(p.keys, p.current, e.key, getComputedStyle(p.host).direction === 'rtl');
    if (next === undefined) return;
    e.preventDefault();
    p.pick(next);
    tab(next)?.focus();
  };
  return (
    <div class="tabs" role="tablist" aria-label={p.label} ref={list} part="tabs" onKeyDown={onKey}>
      {p.keys.map((k) => (
        <button
          key={k}
          type="button"
          role="tab"
          part="tab"
          data-s={k}
          id={`${p.ids}t${k}`}
          aria-selected={k === p.current}
          aria-controls={`${p.ids}p`}
          tabIndex={k === p.current ? 0 : -1}
          onClick={() => p.pick(k)}
        >
          {p.name(k)}
        </button>
      ))}
    </div>
  );
}

/** The panel the tabs control (part `panel`); `current` undefined: a plain box, no tabs above it. */
export const TabPanel = ({
  ids,
  current,
  children,
}: {
  ids: string;
  current?: string;
  children: ComponentChildren;
}) => (
  <div
    class="panel"
    part="panel"
    id={`${ids}p`}
    role={current === undefined ? undefined : 'tabpanel'}
    aria-labelledby={current === undefined ? undefined : `${ids}t${current}`}
  >
    {children}
  </div>
);

/** The page's query parameter `name` (`null` without it): where an app's URL state is read back (a link, a reload). */
export const urlParam = (name: string): string | null => new URL(location.href).searchParams.get(name);

/**
 * What an app shows, in the page's URL: `params` set (a string) or removed (`undefined`, ''), the page's other parameters
 * kept, as a new history entry, so Back returns to what was shown before (the app follows `popstate`); nothing when the
 * URL stays the same (a retry is no new entry). Each element kind has its own prefix (`account-*`, `admin-*`), so two
 * apps on one page never write each other's parameters.
 */
export function setUrl(params: Record<string, string | undefined>): void {
  const u = new URL(location.href);
  for (const [k, v] of Object.entries(params))
    if (v) u.searchParams.set(k, v);
    else u.searchParams.delete(k);
  if (u.href !== location.href) history.pushState(history.state, '', u.href);
}
