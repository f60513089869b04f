import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { adoptSheet } from '../../../core/element.ts';
import type { ConsoleSectionProps } from '../section.ts';
import { before } from '../states.tsx';
import { More } from '../../../ui/more.tsx';
import { Confirm } from '../../../ui/confirm.tsx';
import { ErrorLine } from '../../../ui/states.tsx';
import {
  BULK_ACTIONS,
  createMembersModel,
  MEMBER_SORTS,
  MEMBER_STATUSES,
  NO_FILTERS,
  type BulkAction,
  type Filters,
  type MembersModel,
} from './model.ts';
import { membersStrings } from './strings.ts';
import { membersCss } from './styles.ts';
import { nameOf, statusWords, type K, type T } from './words.ts';
import { Heir, Outcome } from './parts.tsx';
import { LazyPart, useLazyPart } from '../../../ui/lazy-part.tsx';
import { addStrings, type I18n } from '../../../core/i18n/index.ts';
import { onDemand } from '../../../core/on-demand.ts';

/**
 * The section's French: its own chunk, loaded with the section on a French page (console.tsx waits for it) or when the
 * page turns French (the console's French chunk has no room left under its ceiling).
 */
export const french = onDemand(() => import('./strings.fr.ts').then((m) => (addStrings('fr', m.fr), true)));

/**
 * The members section: a searchable, filterable list (a table at ≥ 900 px, cards below) whose filters apply as they
 * change and show as removable chips; the saved view "Pending sign-ups" one press away (`admin-members=pending` in
 * the URL); the bulk actions by the filter, each confirmed with the count; a member's page in place of the list.
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

type P = { model: MembersModel; t: T; i: I18n; ids: string };

function List({ model, t, i, ids }: P) {
  const list = useStore(model.$list);
  const f = useStore(model.$filters);
  const act = useStore(model.$act);
  const badges = useStore(model.$badges);
  const [text, setText] = useState(f.text);
  const [ask, setAsk] = useState<BulkAction>();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => setText(f.text), [f.text]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const bad = !!(f.from && f.to && f.to < f.from);
  const set = (p: Partial<Filters>) => {
    setAsk(undefined);
    const next = { ...f, ...p };
    // a range that ends before it starts is said, not searched
    if (next.from && next.to && next.to < next.from) return void model.$filters.set(next);
    void model.filter(p);
  };
  const chips = (['status', 'from', 'to', 'text'] as const).filter((k) => f[k]);
  const chipWords = (k: (typeof chips)[number]) =>
    k === 'status'
      ? statusWords({ id: '', status: f.status, activity: '' }, t)
      : k === 'text'
        ? `“${f.text}”`
        : `${t(k === 'from' ? 'mm.from' : 'mm.to')} ${i.date(`${f[k]}T12:00:00`)}`;
  const count = list.total ?? list.items.length;
  const pending = f.status === 'PENDING';
  return (
    <section class="col" aria-labelledby={`${ids}m`}>
      <h3 id={`${ids}m`}>{t('mm.title')}</h3>
      <div class="row" part="views" role="group" aria-label={t('mm.views')}>
        <button type="button" class="btn" aria-pressed={!pending} onClick={() => set({ status: '' })}>
          {t('mm.view.all')}
        </button>
        <button type="button" class="btn" aria-pressed={pending} onClick={() => set({ status: 'PENDING' })}>
          {t('mm.view.pending')}
        </button>
      </div>
      <form class="filters" part="filters" aria-label={t('mm.filters')} onSubmit={(e) => e.preventDefault()}>
        <label class="wide">
          {t('mm.text')}
          <input
            type="search"
            maxLength={100}
            value={text}
            onInput={(e) => {
              const v = e.currentTarget.value;
              setText(v);
              clearTimeout(timer.current);
              timer.current = setTimeout(() => set({ text: v.trim() }), 350);
            }}
          />
        </label>
        <label>
          {t('mm.status')}
          <select value={f.status} onChange={(e) => set({ status: e.currentTarget.value as Filters['status'] })}>
            <option value="">{t('mm.any')}</option>
            {MEMBER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`mm.st.${s}`)}
              </option>
            ))}
          </select>
        </label>
        {(['from', 'to'] as const).map((k) => (
          <label key={k}>
            {t(`mm.${k}`)}
            <input type="date" value={f[k]} aria-invalid={bad} onInput={(e) => set({ [k]: e.currentTarget.value })} />
          </label>
        ))}
        <label>
          {t('mm.sort')}
          <select value={f.sort} onChange={(e) => set({ sort: e.currentTarget.value as Filters['sort'] })}>
            {MEMBER_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`mm.sort.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </form>
      {bad ? (
        <p class="err" role="alert">
          {t('mm.badRange')}
        </p>
      ) : null}
      {chips.length ? (
        <ul class="row chips" part="chips" aria-label={t('mm.chips')}>
          {chips.map((k) => (
            <li key={k}>
              <button
                type="button"
                class="chip"
                aria-label={t('mm.remove', { what: chipWords(k) })}
                onClick={() => set({ [k]: '' })}
              >
                <bdi>{chipWords(k)}</bdi> <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
          <li>
            <button type="button" class="link" onClick={() => set({ ...NO_FILTERS, sort: f.sort })}>
              {t('mm.clear')}
            </button>
          </li>
        </ul>
      ) : null}
      <Outcome act={act} t={t} />
      {before({
        i18n: i,
        status: list.status,
        error: list.error,
        retry: () => void model.load(),
        empty: !list.items.length && t(pending ? 'mm.noPending' : chips.length ? 'mm.empty' : 'mm.none'),
        bones: 3,
      }) ?? (
        <>
          <p class="muted" role="status" part="count">
            {t('mm.count', { count })}
          </p>
          {chips.length ? (
            <div class="row" part="bulk" role="group" aria-label={t('mm.bulk', { count })}>
              {BULK_ACTIONS.map((a) => (
                <button key={a} type="button" class="btn" disabled={!!ask || act.busy} onClick={() => setAsk(a)}>
                  {t(`mm.bulk.${a}`)}
                </button>
              ))}
            </div>
          ) : null}
          {ask ? (
            <Confirm
              id={`${ids}b`}
              part="confirm"
              focus
              key={ask}
              question={t(`mm.ask.bulk-${ask}` as K, { count })}
              danger={ask !== 'approve'}
              busy={act.busy}
              confirm={t('mm.yes')}
              keep={t('mm.keep')}
              onConfirm={(form) => {
                const heir = String(new FormData(form).get('heir') ?? '') || undefined;
                void model.bulk(ask, count, heir).then(() => setAsk(undefined));
              }}
              onKeep={() => setAsk(undefined)}
            >
              {ask === 'delete' ? <Heir model={model} t={t} not="" /> : null}
            </Confirm>
          ) : null}
          <table part="members" aria-labelledby={`${ids}m`}>
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
                        <button
                          type="button"
                          class="link"
                          aria-label={t('mm.open', { name })}
                          onClick={() => void model.open(m.id)}
                        >
                          <bdi>{name}</bdi>
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
                    <td data-l={t('mm.lastLogin')}>{m.lastLoginDate ? i.relative(m.lastLoginDate) : t('mm.never')}</td>
                    <td data-l={t('mm.badges')}>
                      {m.badgeIds?.map((b) => (
                        <span key={b} class="badge">
                          <bdi>{badges?.find((x) => x.id === b)?.title ?? '•'}</bdi>
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
