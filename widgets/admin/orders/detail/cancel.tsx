import { useId, useState } from 'react';
import type { Order } from '../../../../core/api/orders.ts';
import { Confirm } from '../../../../ui/confirm.tsx';
import type { AdminOrdersModel } from '../model.ts';
import type { T } from './bits.tsx';

/** Cancel: email or not (with a message), restock or not; the confirmation says what will happen before it is sent. */
export function CancelStep(p: { o: Order; busy: boolean; t: T; model: AdminOrdersModel; onDone: () => void }) {
  const { o, t } = p;
  const [email, setEmail] = useState(true);
  const [restock, setRestock] = useState(true);
  const [message, setMessage] = useState('');
  const id = useId();
  const to = o.buyerInfo?.email ?? t('ao.buyer');
  // a unit comes back in stock once: what a refund or an edit put back already is not counted (nor offered) again
  const items = o.lineItems.reduce((n, l) => n + Math.max(0, l.quantity - (l.restockQuantity ?? 0)), 0);
  const said = [
    email ? t(message.trim() ? 'ao.willEmailMsg' : 'ao.willEmail', { email: to }) : t('ao.noEmail'),
    !items ? t('ao.allBack') : restock ? t('ao.willRestock', { count: items }) : t('ao.noRestock'),
  ].join(' ');
  return (
    <Confirm
      id={id}
      part="cancel"
      question={t('ao.cancelAsk', { number: String(o.number) })}
      busy={p.busy}
      confirm={t('ao.yesCancel')}
      busyLabel={t('ao.yesCancel')}
      keep={t('ao.keep')}
      danger={false}
      onConfirm={async () => {
        const m = message.trim();
        const back = restock && items > 0;
        if (await p.model.cancel({ sendEmail: email, restock: back, ...(email && m ? { message: m } : {}) }))
          p.onDone();
      }}
      onKeep={p.onDone}
    >
      <label class="check">
        <input type="checkbox" checked={email} onChange={(e) => setEmail(e.currentTarget.checked)} />
        {t('ao.sendEmail')}
      </label>
      {email ? (
        <label>
          {t('ao.message')}
          <textarea
            name="message"
            rows={2}
            maxLength={1000}
            value={message}
            onInput={(e) => setMessage(e.currentTarget.value)}
          />
        </label>
      ) : null}
      {items ? (
        <label class="check">
          <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.currentTarget.checked)} />
          {t('ao.restock')}
        </label>
      ) : null}
      <p part="cancel-summary">{said}</p>
    </Confirm>
  );
}
