import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { adoptSheet, type WidgetProps } from '../../core/element.ts';
import { setUrl, TabList, TabPanel, urlParam } from '../../ui/tabs.tsx';
import { LazyPart, useLazyPart } from '../../ui/lazy-part.tsx';
import type { AdminProps, ConsoleSectionProps } from './section.ts';
import { strings } from './strings.ts';
import { addStrings } from '../../core/i18n/index.ts';
import { consoleCss } from './console-styles.ts';

const SECTIONS = ['orders', 'reviews', 'abandoned', 'members', 'media', 'settings'] as const;
type Section = (typeof SECTIONS)[number];
type Lazy = ComponentType<ConsoleSectionProps>;
// each section is its own chunk, loaded when first shown
const chunks: Record<Section, (language: string) => Promise<Lazy>> = {
  orders: () => import('./orders/view.tsx').then((m) => m.AdminOrders),
  reviews: () => import('./reviews/view.tsx').then((m) => m.ReviewQueue),
  abandoned: () => import('./abandoned/view.tsx').then((m) => m.AbandonedCheckouts),
  // the members section's French is its own chunk: on a French page the section shows once it is there (in English
  // if it fails)
  members: (language) =>
    import('./members/view.tsx').then(async (m) => {
      if (language === 'fr') await m.french.load().catch(() => undefined);
      return m.Members;
    }),
  // the media section's French is its own chunk, loaded with it on a French page (not in the console's French)
  media: (language) =>
    Promise.all([
      import('./media/view.tsx'),
      language === 'fr' && import('./media/strings.fr.ts').then((m) => addStrings('fr', m.fr)),
    ]).then(([m]) => m.MediaLibrary),
  // the store's settings: the list, each setting its own chunk (settings/parts.ts); the list's French loads with it
  settings: (language) =>
    Promise.all([
      import('./settings/view.tsx'),
      language === 'fr' && import('./settings/strings.fr.ts').then((m) => addStrings('fr', m.fr)),
    ]).then(([m]) => m.Settings),
};

/**
 * The console an owner sees (loaded only for an owner, view.tsx): its title, the sections as tabs (arrows, Home, End;
 * mirrored right to left; ui/tabs.tsx) and the current section, each loaded as its own chunk when first shown.
 */
export function AdminConsole(props: AdminProps & WidgetProps) {
  const { context, emit, host } = props;
  const t = context.i18n().strings(strings);
  const pick = (s?: string) => SECTIONS.find((x) => x === s);
  // the section the page's URL names (`admin-section`; a link to an order, `admin-order`, is the orders', to a member,
  // `admin-member`, the members'), else the attribute's: a link or a reload opens where the owner was
  const shown = () =>
    pick(
      urlParam('admin-section') ??
        (urlParam('admin-order') && 'orders') ??
        (urlParam('admin-member') && 'members') ??
        props.section,
    ) ?? 'orders';
  const [section, setSection] = useState<Section>(shown);
  const ids = useId();
  // what the next section opens on (a section's `show`: the media library opens a photo's review)
  const [focus, setFocus] = useState<string>();
  /** Show section `s`: a new history entry in the page's URL (Back returns to the one before). */
  const go = (s: Section, f?: string) => {
    setFocus(f);
    setSection(s);
    if (s !== section) setUrl({ 'admin-section': s });
  };
  // the attribute changed on the element: follow it (not as it mounts: the URL's section comes first)
  const attr = useRef(props.section);
  useEffect(() => {
    const s = pick(props.section);
    if (props.section !== attr.current && s) go(s);
    attr.current = props.section;
  }, [props.section]);
  // Back and Forward: the section the URL now names (the open order follows in the orders section)
  useEffect(() => {
    const back = () => setSection(shown());
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  });
  const part = useLazyPart(section, (s) => chunks[s as Section](context.i18n().language), context.i18n);
  // the sign-ups waiting for approval: read when the console opens, again after the members section changes them
  // (a failure shows no count)
  const [pending, setPending] = useState(0);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    import('./members/pending.ts').then(
      (m) => {
        if (gone) return;
        stop = m.$pending.subscribe(setPending);
        void m.readPending(context);
      },
      () => {},
    );
    return () => {
      gone = true;
      stop?.();
    };
  }, []);
  return (
    <section class="root" part="root" aria-labelledby={`${ids}h`} ref={(n) => adoptSheet(n, consoleCss)}>
      <h2 class="h" id={`${ids}h`} part="title">
        {t('admin.title')}
      </h2>
      <TabList
        ids={ids}
        label={t('admin.sections')}
        keys={SECTIONS}
        current={section}
        name={(s) =>
          s === 'members' && pending ? (
            <>
              {t('admin.members')}
              <span class="count" part="pending-count" aria-hidden="true">
                {context.i18n().number(pending)}
              </span>
              <span class="visually-hidden">, {t('admin.pending', { count: pending })}</span>
            </>
          ) : (
            t(`admin.${s}`)
          )
        }
        pick={(s) => go(s)}
        host={host}
      />
      <TabPanel ids={ids} current={section}>
        <LazyPart state={part} retryLabel={t('admin.retry')}>
          {(Current) => (
            <Current
              context={context}
              emit={emit}
              host={host}
              ids={ids}
              focus={focus}
              show={(s, f) => {
                const next = pick(s);
                if (next) go(next, f);
              }}
            />
          )}
        </LazyPart>
      </TabPanel>
    </section>
  );
}
