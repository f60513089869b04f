import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { InlayContext } from '../../../../core/context.ts';
import type { I18n, Translator } from '../../../../core/i18n/index.ts';
import { TAG, type AdminOrdersModel } from '../model.ts';
import { createBulkModel, type BulkAction, type BulkAsk, type BulkFailure } from './model.ts';
import { bulkStrings } from './strings.ts';
import { ErrorLine } from '../../../../ui/states.tsx';
import { Confirm } from '../../../../ui/confirm.tsx';

type K = keyof typeof bulkStrings;
type T = Translator<K>;

export interface BulkProps {
  context: InlayContext;
  model: AdminOrdersModel;
  i18n: I18n;
}

/** The platform's refusal of one order in words (a code the console does not know yet: its description, else a sentence). */
const why = (t: T, f: BulkFailure) =>
  `ob.why.${f.code}` in bulkStrings ? t(`ob.why.${f.code}` as K) : f.description || t('ob.why.other');

/**
 * Bulk actions on the ticked orders: add or remove a tag, mark as paid. Each asks first, naming how many orders and
 * what will happen, and sends exactly the orders it named; one at a time; then says which orders changed and which
 * were refused, each refusal in words (those stay ticked).
 */
export function BulkActions({ context, model, i18n }: BulkProps) {
  const t: T = i18n.strings(bulkStrings);
  const bulk = useMemo(() => createBulkModel(context, model), [model]);
  const ui = useStore(bulk.$bulk);
  const selected = useStore(model.$selected);
  const [tag, setTag] = useState('');
  const [bad, setBad] = useState(false);
  const [ask, setAsk] = useState<BulkAsk>();
  // each question asked is a new one: its question takes focus (asked again, it takes it again)
  const [asked, setAsked] = useState(0);
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  // the question closed (done or not): focus goes back to the button that asked it, else to the results
  const buttons = useRef<Partial<Record<BulkAction, HTMLButtonElement | null>>>({});
  const result = useRef<HTMLDivElement>(null);
  const [back, setBack] = useState<{ to: BulkAction }>();
  useEffect(() => {
    const b = back && buttons.current[back.to];
    if (back) (b?.isConnected && !b.disabled ? b : result.current)?.focus();
  }, [back]);
  const close = (a: BulkAsk) => {
    setAsk(undefined);
    setBack({ to: a.action });
  };
  // the question names the orders ticked when it was asked: another tick withdraws it
  useEffect(() => setAsk(undefined), [selected]);
  if (!selected.length && !ui.result && !ui.error) return null;
  const count = (a: BulkAsk) => ({ count: a.ids.length, tag: a.tag ?? '' });
  const start = (action: BulkAction) => {
    // what the field holds now (a render may not have caught up with the last keystroke)
    const g = (field.current?.value ?? tag).trim();
    const wrong = (action === 'assign' || action === 'remove') && !TAG.test(g);
    setBad(wrong);
    // the ticked orders in the list's order (as the confirmation and the results name them)
    const ids = model.$list
      .get()
      .orders.map((o) => o.id)
      .filter((x) => selected.includes(x));
    if (wrong) return;
    setAsk({ action, ids, ...(action === 'assign' || action === 'remove' ? { tag: g } : {}) });
    setAsked((n) => n + 1);
  };
  const send = async (a: BulkAsk) => {
    if (await bulk.run(a)) close(a);
  };
  const busy = !!ui.busy;
  return (
    <div class="card" part="bulk" role="group" aria-label={t('ob.group')}>
      {selected.length ? (
        <div class="actions">
          <label for={id} class="visually-hidden">
            {t('ob.tag')}
          </label>
          <input
            id={id}
            ref={field}
            name="bulk-tag"
            maxLength={100}
            value={tag}
            aria-invalid={bad}
            placeholder={t('ob.tag')}
            onInput={(e) => setTag(e.currentTarget.value)}
          />
          {(['assign', 'remove', 'paid', 'shipped'] as const).map((a) => (
            <button
              key={a}
              type="button"
              class="btn"
              ref={(b) => void (buttons.current[a] = b)}
              disabled={busy}
              onClick={() => start(a)}
            >
              {t(`ob.${a}`)}
            </button>
          ))}
        </div>
      ) : null}
      <ErrorLine error={bad && t('ob.needTag')} />
      {ask ? (
        <Confirm
          key={asked}
          id={`${id}c`}
          part="bulk-confirm"
          focus
          danger={false}
          question={t(`ob.ask.${ask.action}`, count(ask))}
          confirm={t('ob.yes')}
          keep={t('ob.no')}
          busy={busy}
          onConfirm={(form) =>
            void send(
              ask.action === 'shipped'
                ? { ...ask, notify: (form.elements.namedItem('notify') as HTMLInputElement).checked }
                : ask,
            )
          }
          onKeep={() => close(ask)}
        >
          {ask.action === 'shipped' ? (
            <label class="check">
              <input type="checkbox" name="notify" defaultChecked />
              {t('ob.notify')}
            </label>
          ) : null}
        </Confirm>
      ) : null}
      <div part="bulk-result" role="status" tabIndex={-1} ref={result}>
        {ui.result?.done.length ? (
          <p>{t(`ob.done.${ui.result.ask.action}`, { ...count(ui.result.ask), count: ui.result.done.length })}</p>
        ) : null}
      </div>
      {ui.result?.failed.length ? (
        <div part="bulk-failed" role="alert">
          <p>{t('ob.failed', { count: ui.result.failed.length })}</p>
          <ul>
            {ui.result.failed.map((f) => (
              <li key={f.id}>{t('ob.line', { number: f.number, why: why(t, f) })}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {ui.error ? (
        <p class="err" role="alert">
          {ui.error.text}
          {ui.error.here ? null : (
            <>
              {' '}
              {t('ob.safe')}{' '}
              <button type="button" class="link" disabled={busy} onClick={() => void send(ui.error!.ask)}>
                {t('ob.retry')}
              </button>
            </>
          )}
        </p>
      ) : null}
    </div>
  );
}
