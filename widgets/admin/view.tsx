import { useEffect, useId, useState, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import type { WidgetProps } from '../../core/element.ts';
import { $session } from '../../core/stores/session.ts';
import { strings } from './strings.ts';
import type { ConsoleProps } from './console.tsx';

export interface AdminProps {
  /**
   * The section it opens on. `orders`: the shop's orders (search, summary, detail); `reviews`: every product's reviews
   * waiting for approval.
   * @default orders
   */
  section?: string;
}

type ConsoleView = ComponentType<ConsoleProps>;

/** Who the console is for: checked with the site companion (`GET me`) for each signed-in member, once per page. */
const owners = new Map<string, Promise<boolean>>();

/**
 * `<inlay-admin>`: the shop owner's console on their own site, through the site companion. Shown only to a signed-in
 * member on the companion's owner list: anyone else (a visitor, another member, a page without a companion) sees
 * nothing, and the companion refuses them every call. The console (tabs) and each section load as their own chunks,
 * only for an owner.
 */
export function AdminView(props: AdminProps & WidgetProps) {
  const { context } = props;
  const t = context.i18n().strings(strings);
  const session = useStore($session);
  const memberId = session.role === 'member' ? session.member?.id : undefined;
  const [owner, setOwner] = useState<{ of: string; yes: boolean }>();
  const [Console, setConsole] = useState<{ C: ConsoleView }>();
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
    if (!isOwner || Console) return;
    setFailed(undefined);
    import('./console.tsx').then(
      (m) => setConsole({ C: m.Console }),
      (e: unknown) => setFailed(context.i18n().error(e)),
    );
  }, [isOwner, attempt]);

  // (anyone else: an empty, hidden root)
  if (!isOwner) return <div class="root" part="root" hidden />;
  return (
    <section class="root" part="root" aria-labelledby={`${ids}h`}>
      <h2 class="h" id={`${ids}h`} part="title">
        {t('admin.title')}
      </h2>
      {Console ? (
        <Console.C {...props} ids={ids} t={t} />
      ) : failed ? (
        <p class="err" role="alert">
          {failed}{' '}
          <button type="button" class="link" onClick={() => setAttempt(attempt + 1)}>
            {t('admin.retry')}
          </button>
        </p>
      ) : (
        <div class="bones" aria-hidden="true">
          <div class="skeleton" />
          <div class="skeleton" />
        </div>
      )}
    </section>
  );
}
