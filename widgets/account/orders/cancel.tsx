import { useState } from 'react';
import type { Order } from '../../../core/api/orders.ts';
import { Confirm } from '../../../ui/confirm.tsx';
import type { DetailUi, OrdersModel } from './model.ts';
import type { T } from './words.ts';

/** Asking to cancel: what happens (unpaid: canceled; paid: the shop reviews it), an optional reason, send or keep. */
export function CancelForm(p: { model: OrdersModel; o: Order; d: DetailUi; t: T; ids: string; close: () => void }) {
  const { model, o, d, t, ids } = p;
  const [reason, setReason] = useState('');
  const paid = !/^(NOT_PAID|PENDING)$/.test(o.paymentStatus ?? '');
  return (
    <Confirm
      id={`${ids}c`}
      part="cancel-form"
      question={t('acct.cancelAsk', { number: String(o.number) })}
      hint={t(paid ? 'acct.cancelPaid' : 'acct.cancelUnpaid')}
      busy={d.cancel?.busy}
      error={d.cancel?.error}
      confirm={t(paid ? 'acct.cancelRequest' : 'acct.cancelConfirm')}
      busyLabel={t('acct.canceling')}
      keep={t('acct.keep')}
      onKeep={p.close}
      onConfirm={(form) => {
        // what the field holds now (an event may come before the render that follows typing)
        const field = form.elements.namedItem('reason') as HTMLTextAreaElement;
        void model.cancel(o, field.value).then((ok) => ok && p.close());
      }}
    >
      <label for={`${ids}r`}>{t('acct.cancelReason')}</label>
      <textarea
        id={`${ids}r`}
        name="reason"
        maxLength={500}
        rows={2}
        value={reason}
        onInput={(e) => setReason((e.currentTarget as HTMLTextAreaElement).value)}
      />
    </Confirm>
  );
}
