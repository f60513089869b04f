import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import type { I18n } from '../../../../core/i18n/index.ts';
import { Bones, Failure } from '../../../../ui/states.tsx';
import type { DetailUi, MembersModel } from '../model.ts';
import { Outcome } from '../parts.tsx';
import { nameOf, statusWords, type K, type T } from '../words.ts';
import { ActionBar } from './actions.tsx';
import { MemberBadges } from './badges.tsx';
import { Fields } from './fields.tsx';

/**
 * One member's page in place of the list: who they are, their status and the actions on them (blocking,
 * disconnecting and deleting asked first; deleting asks who receives their content), their orders and reviews,
 * badges (give, take away, create) and custom fields. A member who is not there (a deleted one, a wrong link) is said
 * so, the list one press away. Every value someone wrote or the page formatted is isolated for bidi.
 */
export function Detail({ d, model, t, i, ids }: { d: DetailUi; model: MembersModel; t: T; i: I18n; ids: string }) {
  const act = useStore(model.$act);
  const all = useStore(model.$badges);
  const head = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    head.current?.focus();
    if (!all) void model.badges();
  }, [d.id]);
  const m = d.member;
  const name = m ? nameOf(m, t) : '';
  const date = (v?: string) => (v ? <bdi>{i.date(v)}</bdi> : '');
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
      ) : d.gone ? (
        <p class="err" role="alert" part="error">
          {d.error}
        </p>
      ) : d.status === 'error' || !m ? (
        <Failure error={d.error} retry={() => void model.open(d.id, true)} label={t('mm.retry')} />
      ) : (
        <>
          <p class="row">
            <span class={`badge st-${m.status}`} part="status">
              {statusWords(m, t)}
            </span>
            {m.activity === 'MUTED' ? <span class="badge">{t('mm.muted')}</span> : null}
            {m.owner ? <span class="badge">{t('mm.owner')}</span> : null}
          </p>
          <ActionBar model={model} t={t} m={m} name={name} ids={ids} />
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
                <dd>{date(m.joinedDate)}</dd>
                <dt>{t('mm.lastLogin')}</dt>
                <dd>{m.lastLoginDate ? date(m.lastLoginDate) : t('mm.never')}</dd>
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
                      <bdi>{t('mm.order', { number: o.number ?? '' })}</bdi>
                      <span class="muted">{date(o.createdDate)}</span>
                      <bdi class="strong">{o.total ?? ''}</bdi>
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
                      <bdi class="muted">{r.rating ? t('mm.stars', { count: r.rating }) : ''}</bdi>
                      <span class="muted">{date(r.createdDate)}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p class="muted">{t('mm.noReviews')}</p>
              ),
            )}
            {section('mm.badges', <MemberBadges model={model} t={t} m={m} />)}
            {section('mm.fields', <Fields model={model} t={t} m={m} />)}
          </div>
        </>
      )}
    </div>
  );
}
