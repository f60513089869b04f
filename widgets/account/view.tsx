import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import type { WidgetProps } from '../../core/element.ts';
import { sessionOf } from '../../core/stores/session.ts';
import type { SectionProps } from './section.tsx';
import { strings } from './strings.ts';

export interface AccountProps {
  /**
   * The section it opens on: `orders`, `profile` or `addresses`.
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

const SECTIONS = ['orders', 'profile', 'addresses'] as const;
type Section = (typeof SECTIONS)[number];
type Lazy = ComponentType<SectionProps>;
// each section is its own chunk, loaded when first shown
const chunks: Record<Section | 'signin', () => Promise<Lazy>> = {
  orders: () => import('./orders.tsx').then((m) => m.OrdersSection),
  profile: () => import('./details.tsx').then((m) => m.ProfileSection),
  addresses: () => import('./details.tsx').then((m) => m.AddressesSection),
  signin: () => import('./signin.tsx').then((m) => m.SignInSection),
};

/**
 * `<inlay-account>`: a signed-in member's orders (detail, receipt, buy again, cancel), profile and addresses, and
 * deleting the account; a visitor gets the sign-in form inline. Emits `inlay-account-navigate` when the section or the
 * open order changes, and `inlay-account-delete` once the member deleted their account.
 */
export function AccountView(props: AccountProps & WidgetProps) {
  const { context, emit, host } = props;
  const t = context.i18n().strings(strings);
  const pick = (s?: string) => SECTIONS.find((x) => x === s);
  const [section, setSection] = useState<Section>(pick(props.section) ?? 'orders');
  const session = useStore(sessionOf(context.client));
  const member = session.role === 'member';
  const want: Section | 'signin' = member ? section : 'signin';
  const [loaded, setLoaded] = useState<Partial<Record<string, Lazy>>>({});
  const [failed, setFailed] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const ids = useId();
  const tabs = useRef<HTMLDivElement>(null);
  const Current = loaded[want];
  // each member session on this page gets its own section state (another member signing in sees nothing of the last)
  const visits = useRef({ n: 0, member: false });
  if (member !== visits.current.member) visits.current = { n: visits.current.n + (member ? 1 : 0), member };

  const go = (s: Section) => {
    if (s === section) return;
    setSection(s);
    emit('inlay-account-navigate', { section: s });
  };
  // the attribute changed on the element: follow it
  useEffect(() => {
    const s = pick(props.section);
    if (s) go(s);
  }, [props.section]);
  useEffect(() => {
    if (loaded[want] || session.role === 'none') return;
    setFailed(undefined);
    chunks[want]().then(
      (C) => setLoaded((l) => ({ ...l, [want]: C })),
      (e: unknown) => setFailed(context.i18n().error(e)),
    );
  }, [want, session.role === 'none', attempt]);

  const onKey = (e: KeyboardEvent) => {
    const i = SECTIONS.indexOf(section);
    const rtl = getComputedStyle(host).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, Home: -i, End: SECTIONS.length - 1 - i }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const next = SECTIONS[(i + step + SECTIONS.length) % SECTIONS.length]!;
    go(next);
    tabs.current?.querySelector<HTMLElement>(`[data-s=${next}]`)?.focus();
  };

  return (
    <section class="root" part="root" aria-labelledby={`${ids}h`}>
      <h2 class="h" id={`${ids}h`} part="title">
        {t('account.title')}
      </h2>
      {member ? (
        <div class="tabs" role="tablist" aria-label={t('account.sections')} ref={tabs} part="tabs" onKeyDown={onKey}>
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
              onClick={() => go(s)}
            >
              {t(`account.${s}`)}
            </button>
          ))}
        </div>
      ) : null}
      <div
        class="panel"
        part="panel"
        id={`${ids}p`}
        role={member ? 'tabpanel' : undefined}
        aria-labelledby={member ? `${ids}t${section}` : undefined}
      >
        {failed ? (
          <p class="err" role="alert">
            {failed}{' '}
            <button type="button" class="link" onClick={() => setAttempt(attempt + 1)}>
              {t('account.retry')}
            </button>
          </p>
        ) : Current ? (
          <Current
            context={context}
            emit={emit}
            host={host}
            ids={ids}
            visit={visits.current.n}
            shopUrl={props.shopUrl}
            contentAssignee={props.contentAssignee}
          />
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
