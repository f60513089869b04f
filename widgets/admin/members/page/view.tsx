import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { I18n } from '../../../../core/i18n/index.ts';
import type { MemberAction, MemberDetail } from '../../../../core/api/admin-members.ts';
import { Confirm } from '../../../../ui/confirm.tsx';
import { Bones, Failure } from '../../../../ui/states.tsx';
import type { DetailUi, MembersModel } from '../model.ts';
import { Heir, Outcome } from '../parts.tsx';
import { nameOf, statusWords, type K, type T } from '../words.ts';

type Ask = MemberAction | 'delete';

/**
 * One member's page in place of the list: who they are, their status and the actions on them (blocking,
 * disconnecting and deleting asked first; deleting asks who receives their content), their orders and reviews,
 * badges (give, take away, create) and custom fields.
 */
export function Detail({ d, model, t, i, ids }: { d: DetailUi; model: MembersModel; t: T; i: I18n; ids: string }) {
  const act = useStore(model.$act);
  const all = useStore(model.$badges);
  const [ask, setAsk] = useState<Ask>();
  const head = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    head.current?.focus();
    if (!all) void model.badges();
  }, [d.id]);
  const m = d.member;
  const name = m ? nameOf(m, t) : '';
  // what may be done now: a disconnected member (OFFLINE, for good) may only be deleted; an owner never blocked,
  // disconnected or deleted
  const live = m && m.status !== 'OFFLINE';
  const actions = (
    [
      (m?.status === 'PENDING' || m?.status === 'BLOCKED') && 'approve',
      live && m.status !== 'BLOCKED' && !m.owner && 'block',
      live && (m.activity === 'MUTED' ? 'unmute' : 'mute'),
      live && !m.owner && 'disconnect',
      m && !m.owner && 'delete',
    ] as const
  ).filter((a): a is Ask => !!a);
  const run = (a: Ask, heir?: string) => (a === 'delete' ? model.remove(d.id, heir) : model.action(d.id, a));
  const section = (title: K, body: preact.ComponentChildren) => (
    <section class="card" aria-label={t(title)}>
      <h4>{t(title)}</h4>
      {body}
    </section>
  );
  return (
    <div class="col" part="member-page">
      <button type="button" class="link" onClick={() => model.close()}>
        {t('mm.back')}
      </button>
      <h3 ref={head} tabIndex={-1}>
        <bdi>{name || t('mm.title')}</bdi>
      </h3>
      {d.status === 'loading' ? (
        <Bones rows={3} />
      ) : d.status === 'error' || !m ? (
        <Failure error={d.error} retry={() => void model.open(d.id)} label={t('mm.retry')} />
      ) : (
        <>
          <p class="row">
            <span class={`badge st-${m.status}`} part="status">
              {statusWords(m, t)}
            </span>
            {m.activity === 'MUTED' ? <span class="badge">{t('mm.muted')}</span> : null}
            {m.owner ? <span class="badge">{t('mm.owner')}</span> : null}
          </p>
          <div class="row" role="group" aria-label={t('mm.actions')} part="actions">
            {actions.map((a) => (
              <button
                key={a}
                type="button"
                class={a === 'approve' ? 'btn primary' : 'btn'}
                disabled={act.busy || !!ask}
                onClick={() => (a === 'block' || a === 'disconnect' || a === 'delete' ? setAsk(a) : void run(a))}
              >
                {t(`mm.do.${a}`)}
              </button>
            ))}
          </div>
          {ask ? (
            <Confirm
              id={`${ids}a`}
              key={ask}
              part="confirm"
              focus
              question={t(`mm.ask.${ask}` as K, { name })}
              busy={act.busy}
              confirm={t(`mm.do.${ask}`)}
              keep={t('mm.keep')}
              onConfirm={(form) => {
                const heir = String(new FormData(form).get('heir') ?? '') || undefined;
                void run(ask, heir).then(() => setAsk(undefined));
              }}
              onKeep={() => setAsk(undefined)}
            >
              {ask === 'delete' ? <Heir model={model} t={t} not={m.id} /> : null}
            </Confirm>
          ) : null}
          <Outcome act={act} t={t} />
          {m.unavailable.length ? (
            <p class="err" role="alert">
              {t('mm.unavailable', { what: m.unavailable.map((x) => t(`mm.${x}` as K)).join(', ') })}
            </p>
          ) : null}
          <div class="grid">
            {section(
              'mm.profile',
              <dl>
                <dt>{t('mm.email')}</dt>
                <dd>
                  <bdi>{m.email ?? ''}</bdi>
                </dd>
                <dt>{t('mm.joined')}</dt>
                <dd>{m.joinedDate ? i.date(m.joinedDate) : ''}</dd>
                <dt>{t('mm.lastLogin')}</dt>
                <dd>{m.lastLoginDate ? i.date(m.lastLoginDate) : t('mm.never')}</dd>
                {m.phones.length ? (
                  <>
                    <dt>{t('mm.phones')}</dt>
                    <dd dir="auto">{m.phones.join(', ')}</dd>
                  </>
                ) : null}
                {m.addresses.length ? (
                  <>
                    <dt>{t('mm.addresses')}</dt>
                    <dd>
                      {m.addresses.map((a, n) => (
                        <div key={n} dir="auto">
                          {a}
                        </div>
                      ))}
                    </dd>
                  </>
                ) : null}
              </dl>,
            )}
            {section(
              'mm.orders',
              m.orders.length ? (
                <ul class="lines" part="orders">
                  {m.orders.map((o) => (
                    <li key={o.id}>
                      <span>{t('mm.order', { number: o.number ?? '' })}</span>
                      <span class="muted">{o.createdDate ? i.date(o.createdDate) : ''}</span>
                      <span class="strong">{o.total ?? ''}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p class="muted">{t('mm.noOrders')}</p>
              ),
            )}
            {section(
              'mm.reviews',
              m.reviews.length ? (
                <ul class="lines" part="reviews">
                  {m.reviews.map((r) => (
                    <li key={r.id}>
                      <bdi>{r.title ?? ''}</bdi>
                      <span class="muted">{r.rating ? t('mm.stars', { count: r.rating }) : ''}</span>
                      <span class="muted">{r.createdDate ? i.date(r.createdDate) : ''}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p class="muted">{t('mm.noReviews')}</p>
              ),
            )}
            {section(
              'mm.badges',
              <>
                {m.badges.length ? (
                  <ul class="row chips" part="badges">
                    {m.badges.map((b) => (
                      <li key={b.id}>
                        <button
                          type="button"
                          class="chip"
                          disabled={act.busy}
                          aria-label={t('mm.take', { badge: b.title })}
                          onClick={() => void model.setBadge(m.id, b.id, false)}
                        >
                          <bdi>{b.title}</bdi> <span aria-hidden="true">×</span>
                        </button>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p class="muted">{t('mm.noBadges')}</p>
                )}
                <Badges model={model} t={t} id={m.id} have={m.badges.map((b) => b.id)} busy={!!act.busy} />
              </>,
            )}
            {section(
              'mm.fields',
              m.customFields.length ? (
                <div class="col" part="fields">
                  {m.customFields.map((c) => (
                    <Field key={c.key} model={model} t={t} id={m.id} f={c} busy={!!act.busy} />
                  ))}
                </div>
              ) : (
                <p class="muted">{t('mm.noFields')}</p>
              ),
            )}
          </div>
        </>
      )}
    </div>
  );
}

/** Give one of the site's badges, or create a new one (what was typed kept when it fails). */
function Badges({
  model,
  t,
  id,
  have,
  busy,
}: {
  model: MembersModel;
  t: T;
  id: string;
  have: string[];
  busy: boolean;
}) {
  const all = useStore(model.$badges) ?? [];
  const [title, setTitle] = useState('');
  const left = all.filter((b) => !have.includes(b.id));
  return (
    <>
      {left.length ? (
        <form
          class="row"
          onSubmit={(e) => {
            e.preventDefault();
            const b = String(new FormData(e.currentTarget).get('badge') ?? '');
            if (b) void model.setBadge(id, b, true);
          }}
        >
          <label>
            {t('mm.give')}
            <select name="badge">
              {left.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.title}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" class="btn" disabled={busy}>
            {t('mm.giveBtn')}
          </button>
        </form>
      ) : null}
      <form
        class="row"
        onSubmit={(e) => {
          e.preventDefault();
          if (title.trim()) void model.createBadge(title.trim()).then((ok) => ok && setTitle(''));
        }}
      >
        <label>
          {t('mm.newBadge')}
          <input value={title} maxLength={100} required onInput={(e) => setTitle(e.currentTarget.value)} />
        </label>
        <button type="submit" class="btn" disabled={busy}>
          {t('mm.create')}
        </button>
      </form>
    </>
  );
}

/** One custom field's value, edited in place (what was typed kept when saving fails). */
function Field(p: { model: MembersModel; t: T; id: string; f: MemberDetail['customFields'][number]; busy: boolean }) {
  const [value, setValue] = useState(p.f.value);
  useEffect(() => setValue(p.f.value), [p.f.value]);
  return (
    <form
      class="row"
      onSubmit={(e) => {
        e.preventDefault();
        void p.model.setField(p.id, p.f.key, value);
      }}
    >
      <label>
        <bdi>{p.f.name}</bdi>
        <input
          dir="auto"
          value={value}
          maxLength={1000}
          type={p.f.fieldType === 'NUMBER' ? 'number' : p.f.fieldType === 'DATE' ? 'date' : 'text'}
          onInput={(e) => setValue(e.currentTarget.value)}
        />
      </label>
      <button type="submit" class="btn" disabled={p.busy || value === p.f.value}>
        {p.t('mm.save')}
      </button>
    </form>
  );
}
