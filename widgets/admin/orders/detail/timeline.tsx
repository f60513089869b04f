import { useId, type JSX } from 'react';
import type { I18n } from '../../../../core/i18n/index.ts';
import type { Order, OrderMoney } from '../../../../core/api/orders.ts';
import { noteOf, type AdminOrdersModel, type DetailUi } from '../model.ts';
import { cancelActivity, word } from '../words.ts';
import { Confirm } from '../../../../ui/confirm.tsx';
import { money } from '../../../../ui/words.ts';
import { both, type T } from './bits.tsx';
import { NoteForm } from './notes.tsx';

export interface TimelineProps {
  o: Order;
  d: DetailUi;
  model: AdminOrdersModel;
  i18n: I18n;
  t: T;
  say: (k: string) => string;
  ask: string | undefined;
  setAsk: (v: string | undefined) => void;
  editing: string | undefined;
  setEditing: (v: string | undefined) => void;
  failed: (on: string) => JSX.Element | null;
}

/** A refund's activity: its amount and the owner's reason (the platform's `orderRefunded`). */
const refund = (a: object) => (a as NonNullable<OrderMoney['activities']>[number]).orderRefunded;

/** The order's activity timeline: each note can be edited or deleted (the deletion asks first). */
export function Timeline({ o, d, model, i18n, t, say, ask, setAsk, editing, setEditing, failed }: TimelineProps) {
  const ids = useId();
  return (
    <>
      <h4>{t('ao.timeline')}</h4>
      <ol class="timeline" part="timeline">
        {(o.activities ?? []).map((a, i) => {
          const note = noteOf(a);
          const id = a.id ?? '';
          return (
            <li key={id || i} part={`${note === undefined ? ('activity' as const) : ('note' as const)}`}>
              <span class="strong">{word(say, `ao.act.${a.type}`, both) || t('ao.act.other')}</span>
              {typeof refund(a)?.amount?.amount === 'string' ? (
                <bdi> {money(i18n, refund(a)!.amount as { amount: string }, o.currency)}</bdi>
              ) : null}
              {a.createdDate ? <span class="muted"> · {i18n.date(a.createdDate)}</span> : null}
              {typeof refund(a)?.reason === 'string' ? (
                <p class="note">
                  <bdi>{refund(a)!.reason as string}</bdi>
                </p>
              ) : null}
              {note === undefined || !id ? null : cancelActivity(a) ? (
                // the companion's record of a buyer's request or its decline: read, never edited (it would stop counting)
                <p class="note">{note}</p>
              ) : editing === id ? (
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
                      id={`${ids}n${id}`}
                      part="confirm"
                      focus
                      danger={false}
                      question={t('ao.deleteAsk')}
                      confirm={t('ao.yesDelete')}
                      keep={t('ao.dismiss')}
                      busy={d.busy === `delete:${id}`}
                      onConfirm={() => void model.deleteNote(id).then((ok) => ok && setAsk(undefined))}
                      onKeep={() => setAsk(undefined)}
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
    </>
  );
}
