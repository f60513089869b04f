import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import type { I18n, Translator } from '../../core/i18n/index.ts';
import type { Order, OrderAddress } from '../../core/api/orders.ts';
import { updateTags } from '../../core/api/order-changes.ts';
import { InlayApiError } from '../../core/errors.ts';
import { MAX_TAGS, noteOf, TAG, type AdminOrdersModel, type DetailUi } from './orders-model.ts';
import { ordersStrings } from './orders-strings.ts';
import { orderStrings } from './order-strings.ts';
import { buyer, states, tagsOf, total, withTags, word } from './orders-words.ts';
import type { EditProps } from './order-edit.tsx';
import { Payments } from './payments-mount.tsx';

const both = { ...ordersStrings, ...orderStrings };
type K = keyof typeof both;
type T = Translator<K>;

export interface OrderProps {
  model: AdminOrdersModel;
  d: DetailUi;
  i18n: I18n;
  ids: string;
}

const address = (a?: OrderAddress) =>
  a
    ? [
        a.addressLine1 ?? a.addressLine,
        a.addressLine2,
        [a.postalCode, a.city].filter(Boolean).join(' '),
        a.subdivision,
        a.country,
      ]
        .filter(Boolean)
        .join(', ')
    : '';

/**
 * One order: its state, lines, buyer, addresses and activity timeline; its notes (add, edit, delete); approve or reject
 * it while pending; cancel it. Each action asks first, runs once at a time, and says what came of it.
 */
export function OrderDetail({ model, d, i18n, ids }: OrderProps) {
  const t: T = i18n.strings(both);
  const say = (k: string) => t(k as K);
  const o = d.order;
  const ship = o?.shippingInfo?.logistics?.shippingDestination?.address;
  const bill = o?.billingInfo?.address;
  const heading = useRef<HTMLHeadingElement>(null);
  // what is being asked before it is sent: a status, the cancel step, a note's deletion
  const [ask, setAskState] = useState<string>();
  // a question closed (answered or dismissed) leaves no focus behind: it goes to the order's heading
  const setAsk = (v: string | undefined) => {
    setAskState(v);
    if (v === undefined) heading.current?.focus();
  };
  const [editing, setEditing] = useState<string>();
  // the order's edit form: its own chunk, loaded when first asked for
  const [Edit, setEdit] = useState<{ C: ComponentType<EditProps> } | string>();
  // the order's heading takes focus once it shows (the list it replaced had it)
  useEffect(() => heading.current?.focus(), [d.id, !o]);
  // the edit closed (saved or not): focus goes back to its button (the heading when the order can't be edited now)
  const editButton = useRef<HTMLButtonElement>(null);
  const [edited, setEdited] = useState(0);
  useEffect(() => {
    if (edited) (editButton.current && !editButton.current.disabled ? editButton.current : heading.current)?.focus();
  }, [edited]);
  const loadEdit = () => {
    setAsk('change');
    if (typeof Edit !== 'object')
      import('./order-edit.tsx').then(
        (m) => setEdit({ C: m.OrderEdit }),
        (e: unknown) => setEdit(i18n.error(e)),
      );
  };
  const failed = (on: string) =>
    d.failed?.on === on ? (
      <p class="err" role="alert">
        {d.failed.code && `ao.why.${d.failed.code}` in both ? say(`ao.why.${d.failed.code}`) : d.failed.text}
      </p>
    ) : null;
  const number = String(o?.number ?? '');
  const open = o?.status === 'PENDING' || o?.status === 'APPROVED';
  return (
    <section class="detail" part="detail" aria-labelledby={`${ids}d`} aria-busy={d.status === 'loading'}>
      <button type="button" class="link" onClick={model.close}>
        {t('ao.back')}
      </button>
      <p class="visually-hidden" role="status">
        {d.done ? t(`ao.done.${d.done.replace(/:.*/, '')}` as K, { total: o ? total(i18n, o) : '' }) : ''}
      </p>
      {d.status === 'loading' ? (
        <div class="bones" aria-hidden="true">
          <div class="skeleton" />
        </div>
      ) : !o ? (
        <p class="err" role="alert">
          {d.error}{' '}
          <button type="button" class="link" onClick={() => void model.open(d.id)}>
            {t('ao.retry')}
          </button>
        </p>
      ) : (
        <>
          <h3 id={`${ids}d`} tabIndex={-1} ref={heading}>
            {t('ao.number', { number })}
          </h3>
          <p class="muted">
            {o.createdDate ? i18n.date(o.createdDate, 'long') : ''} · {states(say, o, both).join(' · ')}
          </p>
          {d.error ? (
            <p class="err" role="alert">
              {d.error}
            </p>
          ) : null}
          {open ? (
            <div class="actions" part="actions">
              {o.status === 'PENDING'
                ? (['APPROVED', 'REJECTED'] as const).map((s) => (
                    <button
                      key={s}
                      type="button"
                      class="btn"
                      disabled={!!d.busy}
                      aria-busy={d.busy === s}
                      onClick={() => setAsk(s)}
                    >
                      {t(s === 'APPROVED' ? 'ao.approve' : 'ao.reject')}
                    </button>
                  ))
                : null}
              <button type="button" class="btn" disabled={!!d.busy} onClick={() => setAsk('cancel')}>
                {t('ao.cancel')}
              </button>
              <button
                type="button"
                class="btn"
                ref={editButton}
                disabled={!!d.busy}
                aria-expanded={ask === 'change'}
                onClick={loadEdit}
              >
                {t('ao.change')}
              </button>
            </div>
          ) : (
            <p class="muted" part="not-editable">
              {t('ao.noChange')}
            </p>
          )}
          {ask === 'APPROVED' || ask === 'REJECTED' ? (
            <Confirm
              text={t(`ao.ask.${ask}`, { number })}
              yes={t('ao.yes')}
              no={t('ao.dismiss')}
              busy={d.busy === ask}
              onYes={async () => (await model.setStatus(ask)) && setAsk(undefined)}
              onNo={() => setAsk(undefined)}
            />
          ) : null}
          {ask === 'cancel' && open ? (
            <CancelStep o={o} busy={d.busy === 'cancel'} t={t} model={model} onDone={() => setAsk(undefined)} />
          ) : null}
          {failed('APPROVED') ?? failed('REJECTED') ?? failed('cancel')}
          {ask === 'change' && open ? (
            typeof Edit === 'object' ? (
              <Edit.C
                o={o}
                d={d}
                model={model}
                i18n={i18n}
                onDone={() => {
                  setAsk(undefined);
                  setEdited((n) => n + 1);
                }}
              />
            ) : Edit ? (
              <p class="err" role="alert">
                {Edit}{' '}
                <button type="button" class="link" onClick={loadEdit}>
                  {t('ao.retry')}
                </button>
              </p>
            ) : (
              <div class="skeleton" aria-hidden="true" />
            )
          ) : null}
          <Tags o={o} d={d} model={model} t={t} />
          {failed('tag')}
          <h4>{t('ao.lines')}</h4>
          <ul class="list">
            {o.lineItems.map((l) => (
              <li key={l.id} class="line">
                <span>{l.productName?.translated ?? l.productName?.original}</span>
                <span class="muted">{t('ao.qty', { n: l.quantity })}</span>
                <span>{l.price ? i18n.money(l.price.amount, o.currency ?? 'USD') : ''}</span>
              </li>
            ))}
          </ul>
          <p class="strong">
            {t('ao.total')}: {total(i18n, o)}
          </p>
          <dl class="facts">
            {(
              [
                ['ao.buyer', buyer(o)],
                ['ao.shipTo', address(ship)],
                ['ao.billTo', address(bill)],
              ] as const
            ).map(([k, v]) =>
              v ? (
                <div key={k}>
                  <dt>{t(k)}</dt>
                  <dd>{v}</dd>
                </div>
              ) : null,
            )}
          </dl>
          <Payments model={model} d={d} i18n={i18n} ids={ids} />
          <h4>{t('ao.timeline')}</h4>
          <ol class="timeline" part="timeline">
            {(o.activities ?? []).map((a, i) => {
              const note = noteOf(a);
              const id = a.id ?? '';
              return (
                <li key={id || i} part={`${note === undefined ? ('activity' as const) : ('note' as const)}`}>
                  <span class="strong">{word(say, `ao.act.${a.type}`, both) || t('ao.act.other')}</span>
                  {a.createdDate ? <span class="muted"> · {i18n.date(a.createdDate)}</span> : null}
                  {note === undefined || !id ? null : editing === id ? (
                    <NoteForm
                      label={t('ao.editNote')}
                      submit={t('ao.save')}
                      initial={note}
                      busy={d.busy === `edit:${id}`}
                      onSend={async (text) => (await model.editNote(id, text)) && setEditing(undefined)}
                      onCancel={() => setEditing(undefined)}
                      cancel={t('ao.dismiss')}
                    />
                  ) : (
                    <>
                      <p class="note">{note}</p>
                      {ask === `delete:${id}` ? (
                        <Confirm
                          text={t('ao.deleteAsk')}
                          yes={t('ao.yesDelete')}
                          no={t('ao.dismiss')}
                          busy={d.busy === `delete:${id}`}
                          onYes={async () => (await model.deleteNote(id)) && setAsk(undefined)}
                          onNo={() => setAsk(undefined)}
                        />
                      ) : (
                        <div class="actions">
                          <button type="button" class="link" disabled={!!d.busy} onClick={() => setEditing(id)}>
                            {t('ao.edit')}
                            <span class="visually-hidden"> {note.slice(0, 40)}</span>
                          </button>
                          <button type="button" class="link" disabled={!!d.busy} onClick={() => setAsk(`delete:${id}`)}>
                            {t('ao.delete')}
                            <span class="visually-hidden"> {note.slice(0, 40)}</span>
                          </button>
                        </div>
                      )}
                    </>
                  )}
                  {failed(`edit:${id}`) ?? failed(`delete:${id}`)}
                </li>
              );
            })}
          </ol>
          <NoteForm
            key={d.id}
            label={t('ao.noteLabel')}
            submit={t('ao.addNote')}
            initial=""
            busy={d.busy === 'note'}
            clearOnSend
            onSend={(text) => model.addNote(text)}
          />
          {failed('note')}
        </>
      )}
    </section>
  );
}

/**
 * The order's private tags (the buyer never sees them): each removable, one added at a time. Tags are sent as typed
 * (trimmed) and must be the companion's tag ids: letters, digits and `._:-`, at most 100 characters, 100 an order.
 */
function Tags(p: { o: Order; d: DetailUi; model: AdminOrdersModel; t: T }) {
  const { o, d, t } = p;
  const [typed, setTyped] = useState('');
  const [bad, setBad] = useState<K>();
  const id = useId();
  const tags = tagsOf(o);
  const change = (add: string[], drop: string[]) =>
    p.model.run('tag', async (h, oid) => {
      const x = (await updateTags(h, { orderIds: [oid], ...(add.length ? { assign: add } : { remove: drop }) }))
        .results[0];
      if (!x?.ok)
        throw new InlayApiError({
          kind: 'http',
          status: 428,
          message: x?.code ?? 'refused',
          applicationError: { code: x?.code ?? 'UNKNOWN' },
        });
      return { order: withTags(p.model.$detail.get()?.order ?? o, add, drop) };
    });
  return (
    <section class="noteform" part="tags" aria-labelledby={`${id}h`}>
      <h4 id={`${id}h`}>{t('ao.tags')}</h4>
      {tags.length ? (
        <ul class="chips">
          {tags.map((g) => (
            <li key={g} class="chip tag">
              {g}{' '}
              <button
                type="button"
                class="link"
                disabled={!!d.busy}
                aria-label={t('ao.untag', { tag: g })}
                onClick={() => void change([], [g])}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">{t('ao.noTags')}</p>
      )}
      <form
        class="actions"
        onSubmit={async (e) => {
          e.preventDefault();
          const g = String(new FormData(e.currentTarget).get('tag') ?? '').trim();
          const wrong: K | undefined = !TAG.test(g)
            ? 'ao.badTag'
            : tags.includes(g)
              ? 'ao.hasTag'
              : tags.length >= MAX_TAGS
                ? 'ao.why.TOO_MANY_TAGS'
                : undefined;
          setBad(wrong);
          if (!wrong && !d.busy && (await change([g], []))) setTyped('');
        }}
      >
        <label for={id} class="visually-hidden">
          {t('ao.tagLabel')}
        </label>
        <input
          id={id}
          name="tag"
          maxLength={100}
          value={typed}
          placeholder={t('ao.tagLabel')}
          aria-invalid={!!bad}
          onInput={(e) => setTyped(e.currentTarget.value)}
        />
        <button type="submit" class="btn" disabled={!!d.busy} aria-busy={d.busy === 'tag'}>
          {t('ao.addTag')}
        </button>
      </form>
      {bad ? (
        <p class="err" role="alert">
          {t(bad)}
        </p>
      ) : null}
    </section>
  );
}

/** A question and its two answers; "yes" is disabled while its call is under way (no double submit). */
function Confirm(p: { text: string; yes: string; no: string; busy: boolean; onYes: () => void; onNo: () => void }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div class="confirm" part="confirm" role="group" aria-label={p.text}>
      <p tabIndex={-1} ref={ref}>
        {p.text}
      </p>
      <div class="actions">
        <button type="button" class="btn primary" disabled={p.busy} aria-busy={p.busy} onClick={p.onYes}>
          {p.yes}
        </button>
        <button type="button" class="btn" onClick={p.onNo}>
          {p.no}
        </button>
      </div>
    </div>
  );
}

/** A note's text: kept as typed until the companion confirms (a failure leaves it for another try). */
function NoteForm(p: {
  label: string;
  submit: string;
  initial: string;
  busy: boolean;
  clearOnSend?: boolean;
  onSend: (text: string) => Promise<unknown>;
  onCancel?: () => void;
  cancel?: string;
}) {
  const id = useId();
  const [text, setText] = useState(p.initial);
  return (
    <form
      class="noteform"
      part="note-form"
      onSubmit={async (e) => {
        e.preventDefault();
        // what the field holds now (a render may not have caught up with the last keystroke)
        const typed = String(new FormData(e.currentTarget).get('note') ?? '').trim();
        if (!typed || p.busy) return;
        if ((await p.onSend(typed)) && p.clearOnSend) setText('');
      }}
    >
      <label for={id}>{p.label}</label>
      <textarea
        id={id}
        name="note"
        rows={3}
        maxLength={5000}
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
      />
      <div class="actions">
        <button type="submit" class="btn primary" disabled={p.busy} aria-busy={p.busy}>
          {p.submit}
        </button>
        {p.onCancel ? (
          <button type="button" class="btn" onClick={p.onCancel}>
            {p.cancel}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** Cancel: email or not (with a message), restock or not; the confirmation says what will happen before it is sent. */
function CancelStep(p: { o: Order; busy: boolean; t: T; model: AdminOrdersModel; onDone: () => void }) {
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
    <form
      class="confirm"
      part="cancel"
      aria-labelledby={`${id}h`}
      onSubmit={async (e) => {
        e.preventDefault();
        const m = message.trim();
        const back = restock && items > 0;
        if (await p.model.cancel({ sendEmail: email, restock: back, ...(email && m ? { message: m } : {}) }))
          p.onDone();
      }}
    >
      <p class="strong" id={`${id}h`}>
        {t('ao.cancelAsk', { number: String(o.number) })}
      </p>
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
      <div class="actions">
        <button type="submit" class="btn primary" disabled={p.busy} aria-busy={p.busy}>
          {t('ao.yesCancel')}
        </button>
        <button type="button" class="btn" onClick={p.onDone}>
          {t('ao.keep')}
        </button>
      </div>
    </form>
  );
}
