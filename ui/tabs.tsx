import { useRef } from 'react';
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
 * when `host` is right to left); at 375 px the row wraps, so every tab stays whole and in view. Each tab controls
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
