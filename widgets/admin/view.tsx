import { useEffect, useState, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import type { WidgetProps } from '../../core/element.ts';
import { sessionOf } from '../../core/stores/session.ts';
import { addStrings } from '../../core/i18n/index.ts';
import { onDemand } from '../../core/on-demand.ts';
import { LazyPart, useLazyPart } from '../../ui/lazy-part.tsx';
import { Failure } from '../../ui/states.tsx';
import { isSiteOwner, loadConsole, loadConsoleFrench } from './model.ts';
import type { AdminProps } from './section.ts';

type Console = ComponentType<AdminProps & WidgetProps>;
/** The console itself (title, tabs, sections): loaded only once an owner is known. */
const shell = onDemand((): Promise<Console> => loadConsole());
/** Its French, loaded with it on a French page (not in the pack every French shopper loads). */
const french = onDemand(() => loadConsoleFrench().then((s) => (addStrings('fr', s), true)));

/**
 * `<inlay-admin>`: the shop owner's console on their own site, through the site companion. Shown only to a signed-in
 * member on the companion's owner list: anyone else (a visitor, another member, a page without a companion) sees
 * nothing, and the companion refuses them every call. The console (its title, tabs and strings) loads only for an
 * owner, and each section as its own chunk.
 */
export function AdminView(props: AdminProps & WidgetProps) {
  const { context } = props;
  const session = useStore(sessionOf(context.client));
  const memberId = session.role === 'member' ? session.member?.id : undefined;
  // `error`: the check could not be made (network, the companion's 5xx or 429): said, with a retry, never taken for a no
  const [owner, setOwner] = useState<{ of: string; yes?: boolean; error?: string }>();
  const [asked, askAgain] = useState(0);
  const mine = !!memberId && owner?.of === memberId;
  const isOwner = mine && owner.yes;

  useEffect(() => {
    if (!memberId || !context.client.config.companion) return;
    let gone = false;
    isSiteOwner(context, memberId).then(
      (yes) => gone || setOwner({ of: memberId, yes }),
      (e: unknown) => gone || setOwner({ of: memberId, error: context.i18n().error(e, true) }),
    );
    return () => void (gone = true);
  }, [memberId, asked]);

  const part = useLazyPart(
    'console',
    () => Promise.all([shell.load(), context.i18n().language === 'fr' ? french.load() : undefined]).then(([C]) => C),
    context.i18n,
    { enabled: isOwner },
  );
  const Shown = part.value;
  // the page turned French while the console shows: its strings follow
  const language = context.i18n().language;
  const [, strings] = useState(0);
  useEffect(() => {
    if (Shown && language === 'fr' && !french.loaded())
      // (a French chunk that fails to load leaves the console in English; the next turn to French asks again)
      french.load().then(
        () => strings((n) => n + 1),
        () => {},
      );
  }, [Shown, language]);

  if (mine && owner.error)
    return (
      <div class="root" part="root">
        <Failure error={owner.error} retry={() => askAgain((n) => n + 1)} label={context.i18n().t('action.retry')} />
      </div>
    );
  // (anyone else: an empty, hidden root)
  if (!isOwner) return <div class="root" part="root" hidden />;
  if (Shown) return <Shown {...props} />;
  return (
    <div class="root" part="root">
      <LazyPart state={part} retryLabel={context.i18n().t('action.retry')}>
        {() => null}
      </LazyPart>
    </div>
  );
}
