import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { I18n } from '../../../../core/i18n/index.ts';
import type { AdminOrdersModel, DetailUi } from '../model.ts';
import { states, total } from '../words.ts';
import type { EditProps } from '../edit/view.tsx';
import { Payments } from '../../payments/mount.tsx';
import { both, type K, type T } from './bits.tsx';
import { CancelStep } from './cancel.tsx';
import { Items } from './items.tsx';
import { Fulfil } from './fulfil-mount.tsx';
import { Customer } from './side.tsx';
import { detailCss } from './styles.ts';
import { adoptSheet } from '../../../../core/element.ts';
import { Request } from './request-mount.tsx';
import { NoteForm } from './notes.tsx';
import { Tags } from './tags.tsx';
import { Timeline } from './timeline.tsx';
import { Bones, ErrorLine, Failure } from '../../../../ui/states.tsx';
import { Confirm } from '../../../../ui/confirm.tsx';

export interface OrderProps {
  model: AdminOrdersModel;
  d: DetailUi;
  i18n: I18n;
  ids: string;
}

/**
 * One order: its state, lines, buyer, addresses and activity timeline; its notes (add, edit, delete); approve or reject
 * it while pending; cancel it. Each action asks first, runs once at a time, and says what came of it.
 */
export function OrderDetail({ model, d, i18n, ids }: OrderProps) {
  const t: T = i18n.strings(both);
  const say = (k: string) => t(k as K);
  const o = d.order;
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
      import('../edit/view.tsx').then(
        (m) => setEdit({ C: m.OrderEdit }),
        (e: unknown) => setEdit(i18n.error(e, true)),
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
    <section
      class="detail"
      part="detail"
      aria-labelledby={`${ids}d`}
      aria-busy={d.status === 'loading'}
      ref={(n) => adoptSheet(n, detailCss)}
    >
      <button type="button" class="link" onClick={() => model.close()}>
        {t('ao.back')}
      </button>
      <p class="visually-hidden" role="status">
        {d.done && d.done !== 'preview'
          ? t(`ao.done.${d.done.replace(/:.*/, '')}` as K, { total: o ? total(i18n, o) : '' })
          : ''}
      </p>
      {d.status === 'loading' ? (
        <Bones rows={1} />
      ) : !o ? (
        <Failure error={d.error} retry={() => void model.open(d.id)} label={t('ao.retry')} />
      ) : (
        <>
          <h3 id={`${ids}d`} tabIndex={-1} ref={heading}>
            {t('ao.number', { number })}
          </h3>
          <p class="muted">
            {o.createdDate ? i18n.date(o.createdDate, 'long') : ''} · {states(say, o, both).join(' · ')}
          </p>
          <ErrorLine error={d.error} />
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
              id={`${ids}s`}
              part="confirm"
              focus
              danger={false}
              question={t(`ao.ask.${ask}`, { number })}
              confirm={t('ao.yes')}
              keep={t('ao.dismiss')}
              busy={d.busy === ask}
              onConfirm={() => void model.setStatus(ask).then((ok) => ok && setAsk(undefined))}
              onKeep={() => setAsk(undefined)}
            />
          ) : null}
          {ask === 'cancel' && open ? (
            <CancelStep o={o} busy={d.busy === 'cancel'} t={t} model={model} onDone={() => setAsk(undefined)} />
          ) : null}
          {failed('APPROVED') ?? failed('REJECTED') ?? failed('cancel')}
          <Request o={o} d={d} t={t} model={model} ask={ask} setAsk={setAsk} failed={failed} i18n={i18n} />
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
              <Failure error={Edit} retry={loadEdit} label={t('ao.retry')} />
            ) : (
              <div class="skeleton" aria-hidden="true" />
            )
          ) : null}
          <div class="cols2" part="columns">
            <div class="main" part="main">
              <Items o={o} i18n={i18n} t={t} refunded={d.refundedLines} />
              <Fulfil model={model} d={d} i18n={i18n} ids={ids} />
              <Payments model={model} d={d} i18n={i18n} ids={ids} />
              <section class="card">
                <Timeline
                  o={o}
                  d={d}
                  model={model}
                  i18n={i18n}
                  t={t}
                  say={say}
                  ask={ask}
                  setAsk={setAsk}
                  editing={editing}
                  setEditing={setEditing}
                  failed={failed}
                />
              </section>
            </div>
            <aside class="side" part="side" aria-label={t('ao.customer')}>
              <Customer o={o} i18n={i18n} t={t} />
              <section class="card">
                <Tags o={o} d={d} model={model} t={t} />
                {failed('tag')}
              </section>
              <section class="card" part="notes">
                <h4>{t('ao.notes')}</h4>
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
              </section>
            </aside>
          </div>
        </>
      )}
    </section>
  );
}
