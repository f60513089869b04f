import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { adoptSheet, type WidgetProps } from '../../core/element.ts';
import type { AdminProps, ConsoleSectionProps } from './section.ts';
import { strings } from './strings.ts';
import { consoleCss } from './console-styles.ts';
import { before } from './states.tsx';

const SECTIONS = ['orders', 'reviews', 'abandoned'] as const;
type Section = (typeof SECTIONS)[number];
type Lazy = ComponentType<ConsoleSectionProps>;
// each section is its own chunk, loaded when first shown
const chunks: Record<Section, () => Promise<Lazy>> = {
  orders: () => import('./orders/view.tsx').then((m) => m.AdminOrders),
  reviews: () => import('./reviews/view.tsx').then((m) => m.ReviewQueue),
  abandoned: () => import('./abandoned/view.tsx').then((m) => m.AbandonedCheckouts),
};

/**
 * The console an owner sees (loaded only for an owner, view.tsx): its title, the sections as tabs (arrows, Home, End;
 * mirrored right to left) and the current section, each loaded as its own chunk when first shown.
 */
export function AdminConsole(props: AdminProps & WidgetProps) {
  const { context, emit, host } = props;
  const t = context.i18n().strings(strings);
  const pick = (s?: string) => SECTIONS.find((x) => x === s);
  const [section, setSection] = useState<Section>(pick(props.section) ?? 'orders');
  const [loaded, setLoaded] = useState<Partial<Record<Section, Lazy>>>({});
  const [failed, setFailed] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const ids = useId();
  const tabs = useRef<HTMLDivElement>(null);

  // the attribute changed on the element: follow it
  useEffect(() => {
    const s = pick(props.section);
    if (s) setSection(s);
  }, [props.section]);
  // the current tab in view (at 375 px the tabs scroll sideways: the last one starts cut off)
  useEffect(() => {
    const list = tabs.current;
    const tab = list?.querySelector<HTMLElement>(`[data-s=${section}]`);
    if (!list || !tab) return;
    const l = list.getBoundingClientRect();
    const r = tab.getBoundingClientRect();
    if (r.right > l.right) list.scrollLeft += r.right - l.right;
    else if (r.left < l.left) list.scrollLeft -= l.left - r.left;
  }, [section]);
  useEffect(() => {
    if (loaded[section]) return;
    setFailed(undefined);
    chunks[section]().then(
      (C) => setLoaded((l) => ({ ...l, [section]: C })),
      (e: unknown) => setFailed(context.i18n().error(e)),
    );
  }, [section, attempt]);

  const Current = loaded[section];
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
    <section class="root" part="root" aria-labelledby={`${ids}h`} ref={(n) => adoptSheet(n, consoleCss)}>
      <h2 class="h" id={`${ids}h`} part="title">
        {t('admin.title')}
      </h2>
      <div class="tabs" role="tablist" aria-label={t('admin.sections')} ref={tabs} part="tabs" onKeyDown={onKey}>
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
        {Current && !failed ? (
          <Current context={context} emit={emit} host={host} ids={ids} />
        ) : (
          before({
            i18n: context.i18n(),
            status: failed ? 'error' : 'loading',
            error: failed,
            retry: () => setAttempt(attempt + 1),
          })
        )}
      </div>
    </section>
  );
}
