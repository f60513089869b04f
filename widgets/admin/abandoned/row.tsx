import { useState } from 'react';
import { Confirm } from '../../../ui/confirm.tsx';
import { isolate, type I18n } from '../../../core/i18n/index.ts';
import type { AbandonedSummary } from '../../../core/api/admin-abandoned.ts';
import type { AbandonedModel, DetailUi, SendUi } from './model.ts';
import { has, name, value, type K, type T } from './words.ts';
import { Detail } from './detail.tsx';

/** One checkout: who, what and when; its recovery email (asked first) and why it may not go; its detail in place. */
export function Row(p: {
  a: AbandonedSummary;
  t: T;
  i: I18n;
  ids: string;
  model: AbandonedModel;
  detail?: DetailUi;
  send: SendUi;
}) {
  const { a, t, i, model, send } = p;
  const who = name(a, t);
  const [ask, setAsk] = useState<{ force: boolean }>();
  const region = `${p.ids}d${a.id}`;
  const email = a.buyer.email ?? '';
  const when = (d: string) => ({ ago: i.relative(d), date: i.date(d) });
  const status =
    a.status === 'RECOVERED'
      ? a.checkoutRecoveredDate
        ? t('ab.recoveredAgo', { ago: i.relative(a.checkoutRecoveredDate) })
        : t('ab.RECOVERED')
      : a.status === 'ABANDONED'
        ? t('ab.ABANDONED')
        : t('ab.unknownStatus');
  // why no email may go now (said before anyone asks), or RECENTLY_SENT: it may, after a second thought
  const reason = a.recoveryEmail.canSend ? undefined : (a.recoveryEmail.reason ?? '');
  const recent = reason === 'RECENTLY_SENT' && a.lastEmailSentDate ? when(a.lastEmailSentDate) : undefined;
  const refused = send.code && has(`ab.why.${send.code}`) ? (`ab.why.${send.code}` as K) : undefined;
  const lastSent = send.lastSent ?? a.lastEmailSentDate;

  return (
    <li class="card" part="checkout" aria-busy={!!send.busy}>
      <div class="top">
        <strong class="who">
          <bdi>{who}</bdi>
        </strong>
        <bdi class={a.status === 'RECOVERED' ? 'badge ok' : 'badge'} part="status">
          {status}
        </bdi>
      </div>
      <p class="muted meta">
        {/* each value or sentence with a number in its own run: on a right-to-left page "3 items" stays so */}
        {who === email ? null : <bdi>{email || t('ab.noEmail')}</bdi>}
        <bdi class="strong">{value(a, i)}</bdi>
        <bdi>{t('ab.items', { count: a.itemCount })}</bdi>
        {a.createdDate ? <bdi>{t('ab.left', { ago: i.relative(a.createdDate) })}</bdi> : null}
        {a.lastEmailSentDate ? <bdi>{t('ab.lastSent', { ago: i.relative(a.lastEmailSentDate) })}</bdi> : null}
      </p>
      <div class="actions">
        <button
          type="button"
          class="link"
          aria-expanded={!!p.detail}
          aria-controls={p.detail ? region : undefined}
          onClick={() => (p.detail ? model.close() : void model.open(a.id))}
        >
          {t(p.detail ? 'ab.hide' : 'ab.details')}
        </button>
        {send.sent ? null : !reason || recent ? (
          <button
            type="button"
            class={recent ? 'btn' : 'btn primary'}
            part="send"
            disabled={!!send.busy || !!ask}
            aria-busy={!!send.busy}
            onClick={() => {
              model.reset(a.id);
              setAsk({ force: !!recent });
            }}
          >
            {t(recent ? 'ab.sendAnyway' : 'ab.send')}
          </button>
        ) : null}
      </div>
      {reason && !send.sent && !refused ? (
        <p class="muted" part="reason">
          <bdi>{has(`ab.why.${reason}`) ? t(`ab.why.${reason}` as K, recent ?? { ago: '', date: '' }) : ''}</bdi>
        </p>
      ) : null}
      {ask ? (
        <Confirm
          id={`${region}c`}
          part="confirm"
          focus
          danger={false}
          question={isolate(
            ask.force && lastSent
              ? t('ab.confirmAgain', { email, ...when(lastSent) })
              : t('ab.confirm', { email, count: a.itemCount, value: value(a, i) }),
          )}
          confirm={t('ab.yes')}
          keep={t('ab.cancel')}
          onConfirm={() => {
            setAsk(undefined);
            void model.send(a.id, ask.force);
          }}
          onKeep={() => setAsk(undefined)}
        />
      ) : null}
      {send.sent ? (
        <p class="ok" role="status" part="sent">
          <bdi>
            {t('ab.sent', { email: send.sent.to })}
            {send.sent.recorded ? '' : ` ${t('ab.notRecorded')}`}
          </bdi>
        </p>
      ) : send.error ? (
        <div class="err" role="alert" part="send-error">
          <p>
            <bdi>{refused ? t(refused, lastSent ? when(lastSent) : { ago: '', date: '' }) : send.error}</bdi>
          </p>
          {!refused || /^(RECENTLY_SENT|SEND_IN_PROGRESS|MAIL_FAILED)$/.test(send.code!) ? (
            <button
              type="button"
              class="link"
              disabled={!!ask}
              onClick={() => setAsk({ force: send.code === 'RECENTLY_SENT' || !!recent })}
            >
              {t(send.code === 'RECENTLY_SENT' ? 'ab.sendAnyway' : 'ab.retry')}
            </button>
          ) : null}
        </div>
      ) : null}
      {p.detail ? <Detail id={region} who={who} d={p.detail} a={a} t={t} i={i} model={model} /> : null}
    </li>
  );
}
