import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { adoptSheet } from '../../../core/element.ts';
import type { ConsoleSectionProps } from '../section.ts';
import { before } from '../states.tsx';
import { More } from '../../../ui/more.tsx';
import { ErrorLine } from '../../../ui/states.tsx';
import { createMembersModel, filterBody } from './model.ts';
import { membersStrings } from './strings.ts';
import { membersCss } from './styles.ts';
import { nameOf, statusWords, type P, type T } from './words.ts';
import { Outcome } from './parts.tsx';
import { FilterBar } from './filters.tsx';
import { BulkBar } from './bulk.tsx';
import { LazyPart, useLazyPart } from '../../../ui/lazy-part.tsx';
import { addStrings } from '../../../core/i18n/index.ts';
import { onDemand } from '../../../core/on-demand.ts';

/**
 * The section's French: its own chunk, loaded with the section on a French page (console.tsx waits for it) or when the
 * page turns French (the console's French chunk has no room left under its ceiling).
 */
export const french = onDemand(() => import('./strings.fr.ts').then((m) => (addStrings('fr', m.fr), true)));

/**
 * The members section: a searchable, filterable list (a table at ≥ 900 px, cards below) whose filters apply as they
 * change and show as removable chips; the saved view "Pending sign-ups" one press away (`admin-members=pending` in
 * the URL); the bulk actions by the filter, each confirmed with the count; a member's page in place of the list (in
 * the URL too, `admin-member`: Back returns to the list, a link opens the member).
 */
export function Members({ context, ids }: ConsoleSectionProps) {
  const i = context.i18n();
  const t: T = i.strings(membersStrings);
  const model = useMemo(() => createMembersModel(context), []);
  const detail = useStore(model.$detail);
  // a member's page: its own chunk, loaded when one is first opened
  const page = useLazyPart('page', () => import('./page/view.tsx').then((m) => m.Detail), context.i18n, {
    enabled: !!detail,
  });
  const [, redraw] = useState(0);
  useEffect(() => {
    if (i.language === 'fr' && !french.loaded())
      french.load().then(
        () => redraw((n) => n + 1),
        () => {},
      );
  }, [i.language]);
  useEffect(() => {
    void model.load();
    void model.badges();
    // the member the page's URL names (a link, a reload), and Back and Forward between a member and the list
    const follow = () => model.followUrl();
    follow();
    addEventListener('popstate', follow);
    return () => removeEventListener('popstate', follow);
  }, [model]);
  return (
    <div class="mm" ref={(n) => adoptSheet(n, membersCss)}>
      {detail ? (
        <LazyPart state={page} retryLabel={t('mm.retry')} bones={3}>
          {(Detail) => <Detail d={detail} model={model} t={t} i={i} ids={ids} />}
        </LazyPart>
      ) : (
        <List model={model} t={t} i={i} ids={ids} />
      )}
    </div>
  );
}

function List({ model, t, i, ids }: P) {
  const list = useStore(model.$list);
  const f = useStore(model.$filters);
  const act = useStore(model.$act);
  const badges = useStore(model.$badges);
  const table = useRef<HTMLTableElement>(null);
  // back from a member: the list where it was, focus on the member left (once it shows)
  useEffect(() => {
    const back = list.status === 'ready' && model.takeBack();
    if (!back) return;
    scrollTo(0, back.y);
    table.current?.querySelector<HTMLElement>(`[data-id="${CSS.escape(back.id)}"]`)?.focus({ preventScroll: true });
  }, [list.status === 'ready']);
  const filtered = !!Object.keys(filterBody(f)).length;
  const count = list.total ?? list.items.length;
  const pending = f.status === 'PENDING';
  return (
    <section class="col" aria-labelledby={`${ids}m`}>
      <h3 id={`${ids}m`}>{t('mm.title')}</h3>
      <FilterBar model={model} t={t} i={i} />
      <Outcome act={act} t={t} />
      {before({
        i18n: i,
        status: list.status,
        error: list.error,
        retry: () => void model.load(),
        empty: !list.items.length && t(pending ? 'mm.noPending' : filtered ? 'mm.empty' : 'mm.none'),
        bones: 3,
      }) ?? (
        <>
          <p class="muted" role="status" part="count">
            <bdi>{t('mm.count', { count })}</bdi>
          </p>
          {filtered ? <BulkBar model={model} t={t} ids={ids} count={count} /> : null}
          <table part="members" aria-labelledby={`${ids}m`} ref={table}>
            <thead>
              <tr>
                {(['mm.name', 'mm.email', 'mm.status', 'mm.joined', 'mm.lastLogin', 'mm.badges'] as const).map((k) => (
                  <th key={k} scope="col">
                    {t(k)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.items.map((m) => {
                const name = nameOf(m, t);
                return (
                  <tr key={m.id} part="member">
                    <td>
                      <span class="who">
                        <span class="av" aria-hidden="true">
                          {[...name][0]?.toUpperCase()}
                        </span>
                        {/* the name in its own direction; cut at its end, its start kept */}
                        <button
                          type="button"
                          class="link nm"
                          dir="auto"
                          data-id={m.id}
                          aria-label={t('mm.open', { name })}
                          onClick={() => void model.open(m.id)}
                        >
                          {name}
                        </button>
                      </span>
                    </td>
                    <td data-l={t('mm.email')}>{m.email ? <bdi>{m.email}</bdi> : null}</td>
                    <td>
                      <span class={`badge st-${m.status}`} part="status">
                        {statusWords(m, t)}
                      </span>
                      {m.activity === 'MUTED' ? <span class="badge">{t('mm.muted')}</span> : null}
                      {m.owner ? <span class="badge">{t('mm.owner')}</span> : null}
                    </td>
                    <td data-l={t('mm.joined')}>{m.joinedDate ? <bdi>{i.date(m.joinedDate)}</bdi> : null}</td>
                    <td data-l={t('mm.lastLogin')}>
                      {m.lastLoginDate ? <bdi>{i.relative(m.lastLoginDate)}</bdi> : t('mm.never')}
                    </td>
                    <td data-l={t('mm.badges')}>
                      {m.badgeIds?.map((b) => (
                        <span key={b} class="badge" dir="auto">
                          {badges?.find((x) => x.id === b)?.title ?? '•'}
                        </span>
                      ))}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <More
            next={list.next !== undefined}
            busy={list.more}
            label={t('mm.more')}
            onMore={() => void model.more()}
            class="btn"
          />
          <ErrorLine error={list.status === 'ready' && list.error} />
        </>
      )}
    </section>
  );
}
