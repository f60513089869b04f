import { useEffect, useId, useRef, useState } from 'react';
import type { I18n, Translator } from '../../../../core/i18n/index.ts';
import type { Order } from '../../../../core/api/orders.ts';
import { editOrder, type EditAddress, type OrderEdit } from '../../../../core/api/order-changes.ts';
import type { AdminOrdersModel, DetailUi } from '../model.ts';
import { total } from '../words.ts';
import { editStrings } from './strings.ts';

type K = keyof typeof editStrings;
type T = Translator<K>;

export interface EditProps {
  o: Order;
  d: DetailUi;
  model: AdminOrdersModel;
  i18n: I18n;
  /** The form is done with (saved, or closed). */
  onDone: () => void;
}

const CONTACT = ['firstName', 'lastName'] as const;
const PLACE = ['addressLine1', 'addressLine2', 'city', 'postalCode', 'subdivision', 'country'] as const;
type Field = (typeof CONTACT)[number] | (typeof PLACE)[number];

/** The order's shipping destination as the form's fields. */
function shipFields(o: Order): Record<Field, string> {
  const dest = o.shippingInfo?.logistics?.shippingDestination;
  const a = (dest?.address ?? {}) as Record<string, unknown>;
  const c = (dest?.contactDetails ?? {}) as Record<string, unknown>;
  const s = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    firstName: s(c['firstName']),
    lastName: s(c['lastName']),
    addressLine1: s(a['addressLine1'] ?? a['addressLine']),
    addressLine2: s(a['addressLine2']),
    city: s(a['city']),
    postalCode: s(a['postalCode']),
    subdivision: s(a['subdivision']),
    country: s(a['country']),
  };
}
/** What the confirmation shows, and the body it names. */
interface Sure {
  body: OrderEdit;
  changed: { l: Order['lineItems'][number]; to: number }[];
  where: string;
  email: string;
}
const lineName = (l: Order['lineItems'][number]) => l.productName?.translated ?? l.productName?.original ?? '';

/**
 * Edit an order through the companion's commit-deltas route: line quantities (0 removes a line; never below what is
 * fulfilled) and the shipping address, with a reason. "Review changes" shows what will be sent (each line's old and new
 * quantity, the new address, the email and the stock) before anything is; each line carries the quantity shown
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

  const fulfilled = (lineId: string) =>
    (d.fulfillments ?? []).reduce(
      (n, f) => n + (f.lineItems ?? []).reduce((m, l) => m + (l.id === lineId ? (l.quantity ?? 0) : 0), 0),
      0,
    );
  /** The changes `typed` makes to the order as it is shown now (after a re-read too: what was typed is kept). */
  const plan = (typed: { qty: Record<string, string>; ship: Record<Field, string> }) => {
    const lines = o.lineItems.map((l) => {
      const v = typed.qty[l.id];
      // an empty field is not 0 (that would remove the line): it is a quantity to fix
      return { l, to: v === undefined ? l.quantity : v.trim() === '' ? NaN : Number(v), min: fulfilled(l.id) };
    });
    const shown = shipFields(o);
    const clean = (keys: readonly Field[]) =>
      Object.fromEntries(keys.map((k) => [k, typed.ship[k].trim()]).filter(([, v]) => v)) as Record<string, string>;
    const destination: EditAddress = {
      address: { ...clean(PLACE), country: typed.ship.country.trim().toUpperCase() },
      contactDetails: clean(CONTACT),
    };
    return {
      lines,
      changed: lines.filter((x) => x.to !== x.l.quantity),
      shipChanged: (Object.keys(shown) as Field[]).some((k) => typed.ship[k].trim() !== shown[k].trim()),
      destination,
    };
  };
  const { lines } = plan({ qty, ship });

  const review = (e: Event) => {
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
    setSure({ body, changed: p.changed, where, email: body.notifyBuyer ? (o.buyerInfo?.email ?? '') : '' });
  };
  const save = async (sent: Sure) => {
    const { body } = sent;
    const to = body.shippingAddress;
    const ok = await model.run(
      'change',
      (h, oid) => editOrder(h, oid, body),
      // a lost answer: the order read again tells whether the edit landed (it is never sent twice on our account):
      // every line's quantity and every field of the typed address
      (now) => {
        const there = shipFields(now);
        return (
          (body.lines ?? []).every((x) => (now.lineItems.find((l) => l.id === x.id)?.quantity ?? 0) === x.quantity) &&
          (!to ||
            (Object.keys(there) as Field[]).every((k) => {
              const side = (CONTACT as readonly Field[]).includes(k) ? to.contactDetails : to.address;
              const typed = (side as Record<string, string | undefined> | undefined)?.[k] ?? '';
              const has = there[k].trim();
              return k === 'country' ? has.toUpperCase() === typed : has === typed;
            }))
        );
      },
    );
    if (ok) onDone();
    else setSure(undefined);
  };
  const failure =
    d.failed?.on === 'change'
      ? d.failed.code && `oe.why.${d.failed.code}` in editStrings
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
        <form class="noteform" onSubmit={review} noValidate>
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
          {bad ? (
            <p class="err" role="alert">
              {bad}
            </p>
          ) : null}
          <div class="actions">
            <button type="submit" class="btn primary" disabled={!!d.busy}>
              {t('oe.review')}
            </button>
            <button type="button" class="btn" onClick={onDone}>
              {t('oe.close')}
            </button>
          </div>
        </form>
      ) : (
        <div class="noteform" part="edit-confirm">
          <p tabIndex={-1} ref={focus}>
            {t('oe.ask', { number: String(o.number) })}
          </p>
          <ul part="edit-changes">
            {sure.changed.map((x) => (
              <li key={x.l.id}>
                {x.to
                  ? t('oe.qty', { name: lineName(x.l), from: x.l.quantity, to: x.to })
                  : t('oe.removed', { name: lineName(x.l) })}
              </li>
            ))}
            {sure.body.shippingAddress ? <li>{t('oe.newShip', { address: sure.where })}</li> : null}
            <li>{t('oe.because', { reason: sure.body.reason })}</li>
            <li>{sure.email ? t('oe.willEmail', { email: sure.email }) : t('oe.noEmail')}</li>
            {sure.changed.length ? <li>{t(sure.body.restock ? 'oe.stock' : 'oe.noStock')}</li> : null}
          </ul>
          <p class="muted">{t('oe.total', { total: total(i18n, o) })}</p>
          <div class="actions">
            <button
              type="button"
              class="btn primary"
              disabled={!!d.busy}
              aria-busy={d.busy === 'change'}
              onClick={() => void save(sure)}
            >
              {t('oe.yes')}
            </button>
            <button type="button" class="btn" onClick={() => setSure(undefined)}>
              {t('oe.back')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
