import { useEffect, useRef, useState, type ComponentType } from 'react';
import { adoptSheet, type WidgetProps } from '../../core/element.ts';
import type { ConsoleSectionProps } from './section.ts';
import type { Translator } from '../../core/i18n/index.ts';
import type { strings } from './strings.ts';

/** The tabs' sheet (with this chunk: only an owner's page needs it); they scroll sideways rather than wrap. */
const tabsCss = `.tabs{display:flex;gap:4px;overflow-x:auto;border-bottom:1px solid var(--_border)}
[role=tab]{min-height:44px;padding:8px 16px;border:0;border-bottom:3px solid transparent;background:none;cursor:pointer;
font-weight:600;color:var(--_muted);white-space:nowrap}
[role=tab][aria-selected=true]{color:var(--_text);border-bottom-color:var(--_accent)}`;

/** The console's sections, in tab order (the first is where it opens). */
export const SECTIONS = ['orders', 'reviews'] as const;
type Section = (typeof SECTIONS)[number];
type Lazy = ComponentType<ConsoleSectionProps>;
// each section is its own chunk, loaded when first shown
const chunks: Record<Section, () => Promise<Lazy>> = {
  orders: () => import('./orders.tsx').then((m) => m.AdminOrders),
  reviews: () => import('./queue.tsx').then((m) => m.ReviewQueue),
};

/**
 * What the frame gives the console: its translator (the tab labels are the frame's strings: a chunk the frame loads
 * may not import the frame's own chunk).
 */
export interface ConsoleProps extends WidgetProps {
  ids: string;
  section?: string;
  t: Translator<keyof typeof strings>;
}

/**
 * The owner's console under the frame's title: the sections' tablist (arrow keys, Home/End) and the current one.
 * Its own chunk, loaded only once the companion said this member is an owner (nobody else carries it).
 */
export function Console(props: ConsoleProps) {
  const { context, emit, host, ids, t } = props;
  const pick = (s?: string) => SECTIONS.find((x) => x === s);
  const [section, setSection] = useState<Section>(pick(props.section) ?? SECTIONS[0]);
  const [loaded, setLoaded] = useState<Partial<Record<Section, Lazy>>>({});
  const [failed, setFailed] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const tabs = useRef<HTMLDivElement>(null);
  const Current = loaded[section];

  // the attribute changed on the element: follow it
  useEffect(() => {
    const s = pick(props.section);
    if (s) setSection(s);
  }, [props.section]);
  useEffect(() => {
    if (loaded[section]) return;
    setFailed(undefined);
    chunks[section]().then(
      (C) => setLoaded((l) => ({ ...l, [section]: C })),
      (e: unknown) => setFailed(context.i18n().error(e)),
    );
  }, [section, attempt]);

  const onKey = (e: KeyboardEvent) => {
    const i = SECTIONS.indexOf(section);
    const rtl = getComputedStyle(host).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, Home: -i, End: SECTIONS.length - 1 - i }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const next = SECTIONS[(i + step + SECTIONS.length) % SECTIONS.length]!;
    setSection(next);
    tabs.current?.querySelector<HTMLElement>(`[data-s=${next}]`)?.focus();
  };

  return (
    <>
      <div
        class="tabs"
        role="tablist"
        aria-label={t('admin.sections')}
        ref={(n) => {
          tabs.current = n;
          adoptSheet(n, tabsCss);
        }}
        part="tabs"
        onKeyDown={onKey}
      >
        {SECTIONS.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            part="tab"
            data-s={s}
            id={`${ids}t${s}`}
            aria-selected={s === section}
            aria-controls={`${ids}p`}
            tabIndex={s === section ? 0 : -1}
            onClick={() => setSection(s)}
          >
            {t(`admin.${s}`)}
          </button>
        ))}
      </div>
      <div class="panel" part="panel" id={`${ids}p`} role="tabpanel" aria-labelledby={`${ids}t${section}`}>
        {failed ? (
          <Failed text={failed} retry={t('admin.retry')} onRetry={() => setAttempt(attempt + 1)} />
        ) : Current ? (
          <Current context={context} emit={emit} host={host} ids={ids} />
        ) : (
          <Bones />
        )}
      </div>
    </>
  );
}

const Bones = () => (
  <div class="bones" aria-hidden="true">
    <div class="skeleton" />
    <div class="skeleton" />
  </div>
);
const Failed = (p: { text: string; retry: string; onRetry: () => void }) => (
  <p class="err" role="alert">
    {p.text}{' '}
    <button type="button" class="link" onClick={p.onRetry}>
      {p.retry}
    </button>
  </p>
);
