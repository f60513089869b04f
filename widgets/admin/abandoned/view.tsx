import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { adoptSheet } from '../../../core/element.ts';
import type { I18n, Translator } from '../../../core/i18n/index.ts';
import type { AbandonedSummary } from '../../../core/api/admin-abandoned.ts';
import type { ConsoleSectionProps } from '../section.ts';
import { before } from '../states.tsx';
import { createAbandonedModel, type AbandonedModel, type DetailUi, type Filter, type SendUi } from './model.ts';
import { abandonedStrings } from './strings.ts';
import { abandonedCss } from './styles.ts';

type T = Translator<keyof typeof abandonedStrings>;
type K = keyof typeof abandonedStrings;
const has = (k: string): k is K => k in abandonedStrings;
const name = (a: AbandonedSummary, t: T) =>
  [a.buyer.firstName, a.buyer.lastName].filter(Boolean).join(' ').trim() || a.buyer.email || t('ab.unknownBuyer');
const value = (a: AbandonedSummary, i: I18n) =>
  a.value.currency ? i.money(a.value.amount, a.value.currency) : a.value.formatted;

/**
 * Abandoned checkouts: who left what and when, newest first, filtered by status; a checkout's lines and activity; the
 * recovery email, sent only after a confirmation that names the address, with every refusal said in words.
 */
export function AbandonedCheckouts({ context, ids }: ConsoleSectionProps) {
  const i = context.i18n();
  const t: T = i.strings(abandonedStrings);
  const model = useMemo(() => createAbandonedModel(context), []);
  const l = useStore(model.$list);
  const filter = useStore(model.$filter);
  const detail = useStore(model.$detail);
  const sends = useStore(model.$send);
  useEffect(() => void model.load(), [model]);

  return (
    <div class="ab" ref={(n) => adoptSheet(n, abandonedCss)}>
      <div class="head">
        <h3 id={`${ids}a`}>{t('ab.title')}</h3>
        <label class="filter">
          {t('ab.show')}{' '}
          <select value={filter} onChange={(e) => model.filter(e.currentTarget.value as Filter)}>
            {(['', 'ABANDONED', 'RECOVERED'] as const).map((f) => (
              <option key={f} value={f}>
                {t(f ? `ab.${f}` : 'ab.all')}
              </option>
            ))}
          </select>
        </label>
      </div>
      {l.mailConfigured === false ? (
        <p class="note" part="mail-off">
          {t('ab.noMail')}
        </p>
      ) : null}
      {before({
        i18n: context.i18n(),
        status: l.status,
        error: l.error,
        retry: () => model.load(),
        empty: !l.items.length && t('ab.empty'),
      }) ?? (
        <>
          <p class="muted">
            {t('ab.count', { count: l.items.length })}
            {l.next ? '+' : ''}
          </p>
          <ul class="list" aria-labelledby={`${ids}a`}>
            {l.items.map((a) => (
              <Row
                key={a.id}
                a={a}
                t={t}
                i={i}
                ids={ids}
                model={model}
                detail={detail?.id === a.id ? detail : undefined}
                send={sends[a.id] ?? {}}
              />
            ))}
          </ul>
          {l.next ? (
            <button type="button" class="btn" aria-busy={!!l.more} disabled={l.more} onClick={() => model.more()}>
              {t('ab.more')}
            </button>
          ) : null}
          {l.error ? (
            <p class="err" role="alert">
              {l.error}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

function Row(p: {
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
  const confirmRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => void (ask && confirmRef.current?.focus()), [ask]);
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
        <strong class="who">{who}</strong>
        <span class={a.status === 'RECOVERED' ? 'badge ok' : 'badge'} part="status">
          {status}
        </span>
      </div>
      <p class="muted meta">
        {who === email ? null : <span>{email || t('ab.noEmail')}</span>}
        <span class="strong">{value(a, i)}</span>
        <span>{t('ab.items', { count: a.itemCount })}</span>
        {a.createdDate ? <span>{t('ab.left', { ago: i.relative(a.createdDate) })}</span> : null}
        {a.lastEmailSentDate ? <span>{t('ab.lastSent', { ago: i.relative(a.lastEmailSentDate) })}</span> : null}
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
          {has(`ab.why.${reason}`) ? t(`ab.why.${reason}` as K, recent ?? { ago: '', date: '' }) : ''}
        </p>
      ) : null}
      {ask ? (
        <div class="confirm" part="confirm" role="group" aria-labelledby={`${region}c`}>
          <p id={`${region}c`} tabIndex={-1} ref={confirmRef}>
            {ask.force && lastSent
              ? t('ab.confirmAgain', { email, ...when(lastSent) })
              : t('ab.confirm', { email, count: a.itemCount, value: value(a, i) })}
          </p>
          <div class="actions">
            <button
              type="button"
              class="btn primary"
              onClick={() => {
                setAsk(undefined);
                void model.send(a.id, ask.force);
              }}
            >
              {t('ab.yes')}
            </button>
            <button type="button" class="btn" onClick={() => setAsk(undefined)}>
              {t('ab.cancel')}
            </button>
          </div>
        </div>
      ) : null}
      {send.sent ? (
        <p class="ok" role="status" part="sent">
          {t('ab.sent', { email: send.sent.to })}
          {send.sent.recorded ? '' : ` ${t('ab.notRecorded')}`}
        </p>
      ) : send.error ? (
        <div class="err" role="alert" part="send-error">
          <p>{refused ? t(refused, lastSent ? when(lastSent) : { ago: '', date: '' }) : send.error}</p>
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
      {p.detail ? (
        <div class="detail" id={region} role="region" aria-label={t('ab.detailsOf', { name: who })}>
          {p.detail.status === 'loading' ? (
            <div class="bones" aria-hidden="true">
              <div class="skeleton" />
            </div>
          ) : p.detail.status === 'error' ? (
            <p class="err" role="alert">
              {p.detail.error}{' '}
              <button type="button" class="link" onClick={() => void model.open(a.id)}>
                {t('ab.retry')}
              </button>
            </p>
          ) : p.detail.item ? (
            <>
              <h4>{t('ab.lines')}</h4>
              <ul class="lines" part="lines">
                {p.detail.item.lineItems.map((x, n) => (
                  <li key={n}>
                    <span>
                      {x.name} × {i.number(x.quantity)}
                    </span>
                    {x.price ? <span class="muted">{x.price}</span> : null}
                  </li>
                ))}
              </ul>
              <h4>{t('ab.activity')}</h4>
              {p.detail.item.activities.length ? (
                <ul class="lines" part="activities">
                  {p.detail.item.activities.map((x, n) => (
                    <li key={n}>
                      <span>{t(has(`ab.act.${x.type}`) ? (`ab.act.${x.type}` as K) : 'ab.act.other')}</span>
                      {x.createdDate ? <span class="muted">{i.relative(x.createdDate)}</span> : null}
                    </li>
                  ))}
                </ul>
              ) : (
                <p class="muted">{t('ab.noActivity')}</p>
              )}
            </>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
