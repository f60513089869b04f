import { useId, useState, type JSX } from 'react';
import type { Order } from '../../../../core/api/orders.ts';
import { Confirm } from '../../../../ui/confirm.tsx';
import type { AdminOrdersModel, DetailUi } from '../model.ts';
import type { T } from './bits.tsx';
import { approveRequest, awaitsAnswer, cancelRequestOf, declineRequest, restockable } from './request-model.ts';

/**
 * The buyer's cancellation request on the open order (issue 38): their reason, then Approve (the refund in full first
 * when chosen, then the cancel with the restock and email choices) or Decline (with a note for the owner's records);
 * each asks first. A declined request is said once it is.
 */
export function CancelRequest(p: {
  o: Order;
  d: DetailUi;
  t: T;
  model: AdminOrdersModel;
  ask: string | undefined;
  setAsk: (v: string | undefined) => void;
  failed: (on: string) => JSX.Element | null;
}) {
  const { o, d, t, model, ask, setAsk } = p;
  const id = useId();
  const [refund, setRefund] = useState(true);
  const [restock, setRestock] = useState(true);
  const [email, setEmail] = useState(true);
  const [note, setNote] = useState('');
  const request = cancelRequestOf(o);
  if (!request) return null;
  if (!awaitsAnswer(o))
    return request.state === 'DECLINED' && o.status !== 'CANCELED' ? (
      <p class="muted" part="request-declined">
        {t('ao.req.declined')}
      </p>
    ) : null;
  const number = String(o.number);
  const items = restockable(o);
  return (
    <section class="req" part="cancel-request" aria-labelledby={`${id}h`}>
      <h4 id={`${id}h`}>{t('ao.req.title')}</h4>
      <p part="request-reason">
        {request.reason ? t('ao.req.reason', { reason: request.reason }) : t('ao.req.noReason')}
      </p>
      {ask === 'approve' ? (
        <Confirm
          id={`${id}a`}
          part="confirm"
          focus
          danger={false}
          question={t('ao.req.approveAsk', { number })}
          confirm={t('ao.req.yesApprove')}
          keep={t('ao.keep')}
          busy={d.busy === 'approve'}
          onConfirm={() =>
            void approveRequest(model, { refund, restock: restock && items > 0, sendEmail: email }).then(
              (ok) => ok && setAsk(undefined),
            )
          }
          onKeep={() => setAsk(undefined)}
        >
          <label class="check">
            <input type="checkbox" checked={refund} onChange={(e) => setRefund(e.currentTarget.checked)} />
            {t('ao.req.refund')}
          </label>
          {items ? (
            <label class="check">
              <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.currentTarget.checked)} />
              {t('ao.restock')}
            </label>
          ) : null}
          <label class="check">
            <input type="checkbox" checked={email} onChange={(e) => setEmail(e.currentTarget.checked)} />
            {t('ao.sendEmail')}
          </label>
          <p part="approve-summary">
            {[
              t(refund ? 'ao.req.willRefund' : 'ao.req.noRefund'),
              !items ? t('ao.allBack') : restock ? t('ao.willRestock', { count: items }) : t('ao.noRestock'),
              email ? t('ao.willEmail', { email: o.buyerInfo?.email ?? t('ao.buyer') }) : t('ao.noEmail'),
            ].join(' ')}
          </p>
        </Confirm>
      ) : ask === 'decline' ? (
        <Confirm
          id={`${id}d`}
          part="confirm"
          focus
          danger={false}
          question={t('ao.req.declineAsk', { number })}
          confirm={t('ao.req.yesDecline')}
          keep={t('ao.keep')}
          busy={d.busy === 'decline'}
          onConfirm={(form) =>
            void declineRequest(model, String(new FormData(form).get('note') ?? note)).then(
              (ok) => ok && setAsk(undefined),
            )
          }
          onKeep={() => setAsk(undefined)}
        >
          <label>
            {t('ao.req.note')}
            <textarea
              name="note"
              rows={2}
              maxLength={1000}
              value={note}
              onInput={(e) => setNote(e.currentTarget.value)}
            />
          </label>
        </Confirm>
      ) : (
        <div class="actions">
          <button type="button" class="btn primary" disabled={!!d.busy} onClick={() => setAsk('approve')}>
            {t('ao.req.approve')}
          </button>
          <button type="button" class="btn" disabled={!!d.busy} onClick={() => setAsk('decline')}>
            {t('ao.req.decline')}
          </button>
        </div>
      )}
      {p.failed('approve') ?? p.failed('decline')}
    </section>
  );
}
