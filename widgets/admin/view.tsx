import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import type { WidgetProps } from '../../core/element.ts';
import { $session } from '../../core/stores/session.ts';
import type { ConsoleSectionProps } from './section.ts';
import { strings } from './strings.ts';

export interface AdminProps {
  /**
   * The section it opens on. `orders`: the shop's orders (search, summary, detail); `reviews`: every product's reviews
   * waiting for approval.
   * @default orders
   */
  section?: string;
}

const SECTIONS = ['orders', 'reviews'] as const;
type Section = (typeof SECTIONS)[number];
type Lazy = ComponentType<ConsoleSectionProps>;
// each section is its own chunk, loaded when first shown
const chunks: Record<Section, () => Promise<Lazy>> = {
  orders: () => import('./orders.tsx').then((m) => m.AdminOrders),
  reviews: () => import('./queue.tsx').then((m) => m.ReviewQueue),
};

/** Who the console is for: checked with the site companion (`GET me`) for each signed-in member, once per page. */
const owners = new Map<string, Promise<boolean>>();

/**
 * `<inlay-admin>`: the shop owner's console on their own site, through the site companion. Shown only to a signed-in
 * member on the companion's owner list: anyone else (a visitor, another member, a page without a companion) sees
 * nothing, and the companion refuses them every call. Sections load as their own chunks.
 */
export function AdminView(props: AdminProps & WidgetProps) {
  const { context, emit, host } = props;
  const t = context.i18n().strings(strings);
  const session = useStore($session);
  const memberId = session.role === 'member' ? session.member?.id : undefined;
  const [owner, setOwner] = useState<{ of: string; yes: boolean }>();
  const pick = (s?: string) => SECTIONS.find((x) => x === s);
  const [section, setSection] = useState<Section>(pick(props.section) ?? 'orders');
  const tabs = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<Partial<Record<Section, Lazy>>>({});
  const [failed, setFailed] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const ids = useId();
  const isOwner = !!memberId && owner?.of === memberId && owner.yes;

  useEffect(() => {
    if (!memberId || !context.client.config.companion) return;
    let check = owners.get(memberId);
    if (!check) {
      // the companion's calls load only for a signed-in member on a page that names a companion
      check = import('../../core/api/companion.ts')
        .then((m) => m.me(m.companionHttp(context.client, location.href)))
        .then(
          (r) => r.owner,
          // not known (the companion failed): nothing shown, asked again on the next page or sign-in
          () => (owners.delete(memberId), false),
        );
      owners.set(memberId, check);
    }
    void check.then((yes) => setOwner({ of: memberId, yes }));
  }, [memberId]);

  useEffect(() => {
    if (!isOwner || loaded[section]) return;
    setFailed(undefined);
    chunks[section]().then(
      (C) => setLoaded((l) => ({ ...l, [section]: C })),
      (e: unknown) => setFailed(context.i18n().error(e)),
    );
  }, [isOwner, section, attempt]);

  // the attribute changed on the element: follow it
  useEffect(() => {
    const s = pick(props.section);
    if (s) setSection(s);
  }, [props.section]);

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

  // (anyone else: an empty, hidden root)
  if (!isOwner) return <div class="root" part="root" hidden />;
  const Current = loaded[section];
  return (
    <section class="root" part="root" aria-labelledby={`${ids}h`}>
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
        {failed ? (
          <p class="err" role="alert">
            {failed}{' '}
            <button type="button" class="link" onClick={() => setAttempt(attempt + 1)}>
              {t('admin.retry')}
            </button>
          </p>
        ) : Current ? (
          <Current context={context} emit={emit} host={host} ids={ids} />
        ) : (
          <div class="bones" aria-hidden="true">
            <div class="skeleton" />
            <div class="skeleton" />
          </div>
        )}
      </div>
    </section>
  );
}
