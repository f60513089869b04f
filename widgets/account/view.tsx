import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import type { WidgetProps } from '../../core/element.ts';
import { sessionOf } from '../../core/stores/session.ts';
import type { SectionProps } from './section.tsx';
import { strings } from './strings.ts';
import { setUrl, TabList, TabPanel, urlParam } from '../../ui/tabs.tsx';
import { LazyPart, useLazyPart } from '../../ui/lazy-part.tsx';

export interface AccountProps {
  /**
   * The section it opens on: `orders`, `profile`, `addresses` or `security`.
   * @default orders
   */
  section?: string;
  /** The shop's page, linked from "No orders yet" (an http(s) URL or a path; the site's home by default). */
  shopUrl?: string;
  /**
   * A member id that receives the content (reviews) of a member who deletes their account; without it, their
   * content is deleted with the account.
   */
  contentAssignee?: string;
}

const SECTIONS = ['orders', 'profile', 'addresses', 'security'] as const;
type Section = (typeof SECTIONS)[number];
type Lazy = ComponentType<SectionProps>;
// each section is its own chunk, loaded when first shown
const chunks: Record<string, () => Promise<Lazy>> = {
  orders: () => import('./orders/view.tsx').then((m) => m.OrdersSection),
  profile: () => import('./profile/view.tsx').then((m) => m.ProfileSection),
  addresses: () => import('./addresses/view.tsx').then((m) => m.AddressesSection),
  security: () => import('./security/view.tsx').then((m) => m.SecuritySection),
  signin: () => import('./signin.tsx').then((m) => m.SignInSection),
};

/**
 * `<inlay-account>`: a signed-in member's orders (detail, receipt, buy again, cancel), profile and addresses,
 * deleting the account, and where their second factors are managed; a visitor gets the sign-in form inline. Emits `inlay-account-navigate` when the section or the
 * open order changes, and `inlay-account-delete` once the member deleted their account.
 */
export function AccountView(props: AccountProps & WidgetProps) {
  const { context, emit, host } = props;
  const t = context.i18n().strings(strings);
  const pick = (s?: string) => SECTIONS.find((x) => x === s);
  // the section the page's URL names (`account-section`; a link to an order, `account-order`, is the orders'), else
  // the attribute's: a link or a reload opens where the member was
  const shown = () =>
    pick(urlParam('account-section') ?? (urlParam('account-order') && 'orders') ?? props.section) ?? 'orders';
  const [section, setSection] = useState<Section>(shown);
  const session = useStore(sessionOf(context.client));
  const member = session.role === 'member';
  const part = useLazyPart(member ? section : 'signin', (k) => chunks[k]!(), context.i18n, {
    enabled: session.role !== 'none',
  });
  const ids = useId();
  // each member session on this page gets its own section state (another member signing in sees nothing of the last)
  const visits = useRef({ n: 0, member: false });
  if (member !== visits.current.member) visits.current = { n: visits.current.n + (member ? 1 : 0), member };

  // `url`: a new history entry (a tab picked, the attribute changed), else none (Back, Forward)
  const go = (s: Section, url?: boolean) => {
    if (s === section) return;
    if (url) setUrl({ 'account-section': s });
    setSection(s);
    emit('inlay-account-navigate', { section: s });
  };
  // the attribute changed on the element: follow it (not as it mounts: the URL's section comes first)
  const attr = useRef(props.section);
  useEffect(() => {
    const s = pick(props.section);
    if (props.section !== attr.current && s) go(s, true);
    attr.current = props.section;
  }, [props.section]);
  // Back and Forward: the section the URL now names (the open order follows in the orders section)
  useEffect(() => {
    const back = () => go(shown());
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  });

  return (
    <section class="root" part="root" aria-labelledby={`${ids}h`}>
      <h2 class="h" id={`${ids}h`} part="title">
        {t('account.title')}
      </h2>
      {member ? (
        <TabList
          ids={ids}
          label={t('account.sections')}
          keys={SECTIONS}
          current={section}
          name={(s) => t(`account.${s}`)}
          pick={(s) => go(s, true)}
          host={host}
        />
      ) : null}
      <TabPanel ids={ids} current={member ? section : undefined}>
        <LazyPart state={part} retryLabel={context.i18n().t('action.retry')}>
          {(Current) => (
            <Current
              context={context}
              emit={emit}
              host={host}
              ids={ids}
              visit={visits.current.n}
              shopUrl={props.shopUrl}
              contentAssignee={props.contentAssignee}
            />
          )}
        </LazyPart>
      </TabPanel>
    </section>
  );
}
