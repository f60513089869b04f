import { useEffect, useId, useRef, useState } from 'react';
import type { I18n } from '../../../../core/i18n/index.ts';
import type { Order } from '../../../../core/api/orders.ts';
import type { OrderEdit } from '../../../../core/api/order-changes.ts';
import type { AdminOrdersModel, DetailUi } from '../model.ts';
import { editStrings } from './strings.ts';
import { CONTACT, lineName, PLACE, planEdit, priceEdit, saveEdit, shipFields, type Field, type Sure } from './model.ts';
import { EditConfirm, type K, type T } from './confirm.tsx';
import { ErrorLine } from '../../../../ui/states.tsx';

export interface EditProps {
  o: Order;
  d: DetailUi;
  model: AdminOrdersModel;
  i18n: I18n;
  /** The form is done with (saved, or closed). */
  onDone: () => void;
}

/**
 * Edit an order through the companion's edit route (a draft order, committed): line quantities (0 removes a line; never
 * below what is fulfilled) and the shipping address, with a reason. "Review changes" has the platform price the edit
 * (the preview route: a draft order made and deleted) and shows what will be sent (each line's old and new quantity,
 * the new address, the email and the stock) with the new total and what is left to collect or to refund, before
 * anything is; each line carries the quantity shown
 * (`before`), so an order that changed meanwhile is refused (409 `ORDER_CHANGED`): it is read again and shown, and
 * what was typed stays for another look.
 */
export function OrderEdit({ o, d, model, i18n, onDone }: EditProps) {
  const t: T = i18n.strings(editStrings);
  const id = useId();
  const [qty, setQty] = useState<Record<string, string>>({});
  const [ship, setShip] = useState(() => shipFields(o));
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(true);
  const [notify, setNotify] = useState(true);
  const [bad, setBad] = useState<string>();
  // the confirmation: the changes as reviewed and the body that says them, sent as it is (the order may be read again
  // meanwhile: each line's `before` stays the quantity the confirmation showed, so the companion can refuse)
  const [sure, setSure] = useState<Sure>();
  const step = sure ? 'confirm' : 'form';
  const focus = useRef<HTMLParagraphElement>(null);
  useEffect(() => focus.current?.focus(), [step]);

  const plan = (typed: Parameters<typeof planEdit>[2]) => planEdit(o, d.fulfillments, typed);
  const { lines } = plan({ qty, ship });

  const review = async (e: Event) => {
    e.preventDefault();
    // what the fields hold now (a render may not have caught up with the last keystroke)
    const form = new FormData(e.currentTarget as HTMLFormElement);
    const value = (name: string) => String(form.get(name) ?? '');
    const typed = {
      qty: Object.fromEntries(o.lineItems.map((l) => [l.id, value(`qty-${l.id}`)])),
      ship: Object.fromEntries([...CONTACT, ...PLACE].map((k) => [k, value(k)])) as Record<Field, string>,
    };
    const why = value('reason').trim();
    setQty(typed.qty);
    setShip(typed.ship);
    setReason(value('reason'));
    const p = plan(typed);
    const wrong = p.lines.find((x) => !Number.isInteger(x.to) || x.to < x.min || x.to > 100_000);
    const problem = wrong
      ? t('oe.badQty', { name: lineName(wrong.l), min: wrong.min })
      : p.lines.every((x) => x.to === 0)
        ? t('oe.allGone')
        : !p.changed.length && !p.shipChanged
          ? t('oe.nothing')
          : p.shipChanged && !/^[A-Za-z]{2}$/.test(p.destination.address.country)
            ? t('oe.badCountry')
            : !why
              ? t('oe.needReason')
              : undefined;
    setBad(problem);
    if (problem) return;
    const body: OrderEdit = {
      ...(p.changed.length
        ? { lines: p.changed.map((x) => ({ id: x.l.id, before: x.l.quantity, quantity: x.to })) }
        : {}),
      ...(p.shipChanged ? { shippingAddress: p.destination } : {}),
      reason: why,
      // the boxes as they are now too (a render may not have caught up with the last click)
      restock: form.has('restock'),
      notifyBuyer: form.has('notify'),
    };
    const where = PLACE.map((k) => p.destination.address[k])
      .filter(Boolean)
      .join(', ');
    // the platform prices the edit (a draft order made, read and deleted) before the owner is asked
    const preview = await priceEdit(model, body);
    if (!preview) return;
    setSure({ body, preview, changed: p.changed, where, email: body.notifyBuyer ? (o.buyerInfo?.email ?? '') : '' });
  };
  const save = async (sent: Sure) => {
    if (await saveEdit(model, sent.body)) onDone();
    else setSure(undefined);
  };
  const failure =
    d.failed?.on === 'change' || d.failed?.on === 'preview'
      ? d.failed.reason && `oe.not.${d.failed.reason}` in editStrings
        ? t(`oe.not.${d.failed.reason}` as K)
        : d.failed.code && `oe.why.${d.failed.code}` in editStrings
          ? t(`oe.why.${d.failed.code}` as K)
          : d.failed.text
      : undefined;
  const box = (name: string, label: K, checked: boolean, set: (v: boolean) => void) => (
    <label class="check">
      <input type="checkbox" name={name} checked={checked} onChange={(e) => set(e.currentTarget.checked)} />
      {t(label)}
    </label>
  );

  return (
    <div class="confirm" part="edit">
      <p class="strong" tabIndex={-1} ref={step === 'form' ? focus : undefined}>
        {t('oe.title', { number: String(o.number) })}
      </p>
      {failure ? (
        <p class="err" role="alert" part="edit-error">
          {failure}
        </p>
      ) : null}
      {!sure ? (
        <form class="noteform" onSubmit={(e) => void review(e)} noValidate>
          <fieldset class="noteform">
            <legend class="strong">{t('oe.lines')}</legend>
            {lines.map(({ l, to, min }) => (
              <label key={l.id}>
                {lineName(l)}
                {min ? <span class="muted">{t('oe.min', { count: min })}</span> : null}
                <input
                  type="number"
                  name={`qty-${l.id}`}
                  inputMode="numeric"
                  min={min}
                  max={100000}
                  value={qty[l.id] ?? String(to)}
                  onInput={(e) => {
                    const v = e.currentTarget.value;
                    setQty((q) => ({ ...q, [l.id]: v }));
                  }}
                />
              </label>
            ))}
          </fieldset>
          <fieldset class="filters">
            <legend class="strong">{t('oe.ship')}</legend>
            {([...CONTACT, ...PLACE] as Field[]).map((k) => (
              <label key={k}>
                {t(`oe.${k}`)}
                <input
                  name={k}
                  maxLength={k === 'country' ? 2 : k.startsWith('address') ? 200 : 100}
                  value={ship[k]}
                  onInput={(e) => {
                    const v = e.currentTarget.value;
                    setShip((s) => ({ ...s, [k]: v }));
                  }}
                />
              </label>
            ))}
          </fieldset>
          <label for={`${id}r`}>{t('oe.reason')}</label>
          <textarea
            id={`${id}r`}
            name="reason"
            rows={2}
            maxLength={200}
            value={reason}
            aria-invalid={bad === t('oe.needReason')}
            onInput={(e) => setReason(e.currentTarget.value)}
          />
          {box('restock', 'oe.restock', restock, setRestock)}
          {box('notify', 'oe.notify', notify, setNotify)}
          <ErrorLine error={bad} />
          <div class="actions">
            <button type="submit" class="btn primary" disabled={!!d.busy} aria-busy={d.busy === 'preview'}>
              {t(d.busy === 'preview' ? 'oe.pricing' : 'oe.review')}
            </button>
            <button type="button" class="btn" onClick={onDone}>
              {t('oe.close')}
            </button>
          </div>
        </form>
      ) : (
        <EditConfirm
          o={o}
          sure={sure}
          t={t}
          i18n={i18n}
          busy={d.busy}
          focus={focus}
          onYes={() => void save(sure)}
          onBack={() => setSure(undefined)}
        />
      )}
    </div>
  );
}
