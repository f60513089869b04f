import { useId, useMemo, useRef, useState } from 'react';
import type { I18n } from '../../../../core/i18n/index.ts';
import { Confirm } from '../../../../ui/confirm.tsx';
import type { AdminOrdersModel, DetailUi } from '../model.ts';
import {
  fulfilActions,
  lineName,
  linesLeft,
  shipmentOf,
  trackingCheck,
  type FulfilAnswer,
  type Tracking,
} from './fulfil-model.ts';
import { NewShipmentForm } from './fulfil-new.tsx';
import { ShipmentRow } from './fulfil-shipment.tsx';
import { fulfilStrings } from './fulfil-strings.ts';
import type { K, T } from './fulfil-tracking.tsx';

export interface FulfilProps {
  model: AdminOrdersModel;
  d: DetailUi;
  i18n: I18n;
  ids: string;
}

/**
 * The order's shipments and "Mark as shipped": each shipment with its items, carrier and tracking (the link opens in a
 * new tab), its tracking edited or the shipment deleted (asked first); a new one from the items left (all by default,
 * each quantity changeable), a carrier, a number or link, the buyer emailed or not, asked first naming how many items.
 * What was typed stays when the platform refuses it.
 */
export function FulfilPanel({ model, d, i18n }: FulfilProps) {
  const t: T = i18n.strings(fulfilStrings);
  const o = d.order!;
  const fs = d.fulfillments ?? [];
  const [mail, setMail] = useState<FulfilAnswer['email']>();
  const act = useMemo(() => fulfilActions(model, setMail), [model]);
  const left = linesLeft(o, fs);
  const id = useId();
  // 'new': the new shipment's form; a shipment's id: its tracking form
  const [open, setOpen] = useState<string>();
  // what is being asked: the new shipment (its lines and tracking) or a deletion
  const [ask, setAsk] = useState<
    | { kind: 'ship'; lines: { lineItemId: string; quantity: number }[]; tracking: Tracking; notify: boolean }
    | { kind: 'unship'; fid: string }
  >();
  const [bad, setBad] = useState<string>();
  const shipButton = useRef<HTMLButtonElement>(null);
  const busy = !!d.busy;
  const name = (lineId: string) => lineName(o, lineId);
  const failed =
    d.failed && /^(ship|track|unship)/.test(d.failed.on) ? (
      <p class="err" role="alert">
        {d.failed.code && `af.why.${d.failed.code}` in fulfilStrings
          ? t(`af.why.${d.failed.code}` as K)
          : d.failed.text}
      </p>
    ) : null;

  const startShip = (form: HTMLFormElement) => {
    const s = shipmentOf(form, left);
    setBad(s.wrong && t(s.wrong));
    if (s.wrong) return;
    setAsk({ kind: 'ship', lines: s.lines, tracking: s.tracking, notify: s.notify });
  };
  const saveTracking = (fid: string, form: HTMLFormElement) => {
    const { tracking, wrong: w } = trackingCheck(form);
    const wrong = w && t(w);
    setBad(wrong);
    if (!wrong) void act.track(fid, tracking).then((ok) => ok && setOpen(undefined));
  };
  const count = ask?.kind === 'ship' ? ask.lines.reduce((n, l) => n + l.quantity, 0) : 0;

  return (
    <section class="card" part="fulfil" aria-labelledby={`${id}t`}>
      <h4 id={`${id}t`}>{t('af.title')}</h4>
      {fs.length ? (
        <ul class="list" part="shipments">
          {fs.map((f, i) => (
            <ShipmentRow
              key={f.id ?? String(i)}
              t={t}
              i18n={i18n}
              f={f}
              id={id}
              busyOn={d.busy}
              editing={open === f.id}
              asking={ask?.kind === 'unship' && ask.fid === f.id}
              bad={bad}
              name={name}
              onEdit={() => setOpen(open === f.id ? undefined : f.id)}
              onClose={() => setOpen(undefined)}
              onDelete={() => setAsk({ kind: 'unship', fid: f.id! })}
              onKeep={() => setAsk(undefined)}
              onSave={(form) => saveTracking(f.id!, form)}
              onConfirm={() => void act.unship(f.id!).then((ok) => ok && setAsk(undefined))}
            />
          ))}
        </ul>
      ) : (
        <p class="muted">{t('af.none')}</p>
      )}
      {mail ? (
        <p class={mail === 'SENT' ? 'muted' : 'err'} role="status">
          {t(`af.mail.${mail}`)}
        </p>
      ) : null}
      {left.length && o.status === 'PENDING' ? <p class="muted">{t('af.pending')}</p> : null}
      {left.length && o.status === 'APPROVED' ? (
        open === 'new' ? (
          <NewShipmentForm
            t={t}
            id={id}
            left={left}
            busy={busy}
            bad={bad}
            asking={ask?.kind === 'ship'}
            onSubmit={startShip}
            onClose={() => {
              setOpen(undefined);
              setBad(undefined);
            }}
          />
        ) : (
          <button
            type="button"
            class="btn primary"
            ref={shipButton}
            disabled={busy}
            aria-expanded={false}
            onClick={() => {
              setMail(undefined);
              setOpen('new');
            }}
          >
            {t('af.ship')}
          </button>
        )
      ) : null}
      {ask?.kind === 'ship' ? (
        <Confirm
          id={`${id}c`}
          part="confirm"
          focus
          danger={false}
          question={t('af.ask', { count, number: String(o.number ?? '') })}
          hint={t(ask.notify ? 'af.askMail' : 'af.askQuiet')}
          confirm={t('af.yes')}
          keep={t('af.close')}
          busy={d.busy === 'ship'}
          onConfirm={() =>
            void act.ship(ask.lines, ask.tracking, ask.notify).then((ok) => {
              setAsk(undefined);
              if (ok) setOpen(undefined);
            })
          }
          onKeep={() => setAsk(undefined)}
        />
      ) : null}
      {failed}
    </section>
  );
}
