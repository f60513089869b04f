import { useId, useMemo, useRef, useState } from 'react';
import type { I18n, Translator } from '../../../../core/i18n/index.ts';
import type { Fulfillment } from '../../../../core/api/orders.ts';
import { httpUrl } from '../../../../core/safe-url.ts';
import { Confirm } from '../../../../ui/confirm.tsx';
import { ErrorLine } from '../../../../ui/states.tsx';
import type { AdminOrdersModel, DetailUi } from '../model.ts';
import { CARRIERS, fulfilActions, goodLink, linesLeft, type FulfilAnswer, type Tracking } from './fulfil-model.ts';
import { fulfilStrings } from './fulfil-strings.ts';

type K = keyof typeof fulfilStrings;
type T = Translator<K>;

export interface FulfilProps {
  model: AdminOrdersModel;
  d: DetailUi;
  i18n: I18n;
  ids: string;
}

/** The carriers' own names (not translated); any other is the owner's, typed. */
const NAMES: Record<(typeof CARRIERS)[number], string> = {
  fedex: 'FedEx',
  ups: 'UPS',
  usps: 'USPS',
  dhl: 'DHL',
  canadaPost: 'Canada Post',
};
const known = (p: string | undefined): p is keyof typeof NAMES => !!p && Object.hasOwn(NAMES, p);
const carrierName = (p: string | undefined) => (known(p) ? NAMES[p] : (p ?? ''));

// a shipment's card (its own here: the orders sheet is at its chunk's ceiling), wrapping its buttons under it at 375 px
const SHIP = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '8px 12px',
  justifyContent: 'space-between',
  padding: '8px 12px',
  border: '1px solid var(--_border)',
  borderRadius: 'var(--_radius)',
} as const;
const WIDE = { flexBasis: '100%' } as const;
const PLAIN = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** Carrier (a list and "other"), tracking number and link: what a shipment's tracking form holds. */
function TrackingFields({ t, id, init, bad }: { t: T; id: string; init?: Fulfillment['trackingInfo']; bad: boolean }) {
  const isKnown = !init?.shippingProvider || known(init.shippingProvider);
  const [carrier, setCarrier] = useState(isKnown ? (init?.shippingProvider ?? CARRIERS[0]) : 'other');
  return (
    <div class="filters">
      <label>
        {t('af.carrier')}
        <select name="carrier" value={carrier} onChange={(e) => setCarrier(e.currentTarget.value)}>
          {CARRIERS.map((c) => (
            <option key={c} value={c}>
              {NAMES[c]}
            </option>
          ))}
          <option value="other">{t('af.other')}</option>
        </select>
      </label>
      {carrier === 'other' ? (
        <label>
          {t('af.otherName')}
          <input name="otherName" maxLength={100} dir="auto" defaultValue={isKnown ? '' : init?.shippingProvider} />
        </label>
      ) : null}
      <label>
        {t('af.number')}
        <input name="number" maxLength={100} dir="auto" autoComplete="off" defaultValue={init?.trackingNumber} />
      </label>
      <label class="wide">
        {t('af.link')}
        <input
          name="link"
          type="url"
          inputMode="url"
          maxLength={2048}
          dir="ltr"
          aria-invalid={bad}
          aria-describedby={`${id}h`}
          defaultValue={init?.trackingLink}
        />
        <span id={`${id}h`} class="muted" style={{ fontWeight: 400 }}>
          {t('af.linkHint')}
        </span>
      </label>
    </div>
  );
}

/** The tracking a form holds, in the companion's words (an empty field: none). */
function trackingOf(form: HTMLFormElement): Tracking {
  const v = (n: string) => ((form.elements.namedItem(n) as HTMLInputElement | null)?.value ?? '').trim();
  const carrier = v('carrier') === 'other' ? v('otherName') : v('carrier');
  return { carrier, number: v('number'), link: v('link') };
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
  const name = (lineId: string) => {
    const l = o.lineItems.find((x) => x.id === lineId);
    return l?.productName?.translated ?? l?.productName?.original ?? '';
  };
  const failed =
    d.failed && /^(ship|track|unship)/.test(d.failed.on) ? (
      <p class="err" role="alert">
        {d.failed.code && `af.why.${d.failed.code}` in fulfilStrings
          ? t(`af.why.${d.failed.code}` as K)
          : d.failed.text}
      </p>
    ) : null;

  const startShip = (form: HTMLFormElement) => {
    const lines = left
      .map((l) => ({
        lineItemId: l.id,
        quantity: Number((form.elements.namedItem(`q-${l.id}`) as HTMLInputElement | null)?.value ?? 0),
      }))
      .filter((l) => Number.isInteger(l.quantity) && l.quantity > 0);
    const tracking = trackingOf(form);
    const wrong = !lines.length ? t('af.needLines') : !goodLink(tracking.link ?? '') ? t('af.badLink') : undefined;
    setBad(wrong);
    if (wrong) return;
    const notify = (form.elements.namedItem('notify') as HTMLInputElement).checked;
    setAsk({ kind: 'ship', lines, tracking, notify });
  };
  const count = ask?.kind === 'ship' ? ask.lines.reduce((n, l) => n + l.quantity, 0) : 0;

  return (
    <section class="card" part="fulfil" aria-labelledby={`${id}t`}>
      <h4 id={`${id}t`}>{t('af.title')}</h4>
      {fs.length ? (
        <ul class="list" part="shipments">
          {fs.map((f, i) => {
            const ti = f.trackingInfo;
            const href = httpUrl(ti?.trackingLink);
            const fid = f.id ?? String(i);
            return (
              <li key={fid} part="shipment" style={SHIP}>
                <div style={{ flex: '1 1 14em', minWidth: 0, overflowWrap: 'anywhere' }}>
                  <p class="strong">
                    {f.createdDate ? t('af.shipped', { date: i18n.date(f.createdDate, 'long') }) : null}
                    {ti?.shippingProvider ? (
                      <>
                        {' · '}
                        <bdi>{carrierName(ti.shippingProvider)}</bdi>
                      </>
                    ) : null}
                  </p>
                  <ul class="muted" style={PLAIN}>
                    {(f.lineItems ?? []).map((l) => (
                      <li key={l.id}>
                        <bdi>{t('af.item', { quantity: l.quantity ?? 0, name: name(l.id) })}</bdi>
                      </li>
                    ))}
                  </ul>
                  <p>
                    {ti?.trackingNumber || href ? (
                      href ? (
                        <a href={href} target="_blank" rel="noopener noreferrer" part="tracking-link">
                          <bdi>
                            {t(ti?.trackingNumber ? 'af.track' : 'af.link', { number: ti?.trackingNumber ?? '' })}
                          </bdi>
                        </a>
                      ) : (
                        <bdi>{t('af.trackNo', { number: ti?.trackingNumber ?? '' })}</bdi>
                      )
                    ) : (
                      <span class="muted">{t('af.noTracking')}</span>
                    )}
                  </p>
                </div>
                {f.id ? (
                  <div class="actions">
                    <button
                      type="button"
                      class="btn"
                      disabled={busy}
                      aria-expanded={open === f.id}
                      onClick={() => setOpen(open === f.id ? undefined : f.id)}
                    >
                      {t('af.edit')}
                    </button>
                    <button
                      type="button"
                      class="btn"
                      disabled={busy}
                      onClick={() => setAsk({ kind: 'unship', fid: f.id! })}
                    >
                      {t('af.delete')}
                    </button>
                  </div>
                ) : null}
                {open === f.id ? (
                  <form
                    class="confirm"
                    style={WIDE}
                    noValidate
                    aria-label={t('af.edit')}
                    onSubmit={(e) => {
                      e.preventDefault();
                      const tracking = trackingOf(e.currentTarget);
                      const wrong = goodLink(tracking.link ?? '') ? undefined : t('af.badLink');
                      setBad(wrong);
                      if (!wrong) void act.track(f.id!, tracking).then((ok) => ok && setOpen(undefined));
                    }}
                  >
                    <TrackingFields t={t} id={`${id}e`} init={ti} bad={!!bad} />
                    <ErrorLine error={bad} />
                    <div class="actions">
                      <button type="submit" class="btn primary" aria-busy={d.busy === `track:${f.id}`} disabled={busy}>
                        {t('af.save')}
                      </button>
                      <button type="button" class="btn" onClick={() => setOpen(undefined)}>
                        {t('af.close')}
                      </button>
                    </div>
                  </form>
                ) : null}
                {ask?.kind === 'unship' && ask.fid === f.id ? (
                  <div style={WIDE}>
                    <Confirm
                      id={`${id}d`}
                      part="confirm"
                      focus
                      question={t('af.askDelete')}
                      confirm={t('af.yesDelete')}
                      keep={t('af.close')}
                      busy={d.busy === `unship:${f.id}`}
                      onConfirm={() => void act.unship(ask.fid).then((ok) => ok && setAsk(undefined))}
                      onKeep={() => setAsk(undefined)}
                    />
                  </div>
                ) : null}
              </li>
            );
          })}
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
          <form
            class="confirm"
            part="fulfil-form"
            noValidate
            aria-labelledby={`${id}n`}
            onSubmit={(e) => {
              e.preventDefault();
              startShip(e.currentTarget);
            }}
          >
            <p id={`${id}n`} class="strong">
              {t('af.lines')}
            </p>
            {left.map((l) => (
              <label key={l.id} class="inline">
                <input
                  name={`q-${l.id}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={l.left}
                  step={1}
                  defaultValue={String(l.left)}
                  aria-describedby={`${id}n`}
                  style={{ width: '5.5em' }}
                />
                <span>
                  <bdi>{l.name}</bdi> <span class="muted">{t('af.qtyShort', { left: l.left })}</span>
                </span>
              </label>
            ))}
            <TrackingFields t={t} id={`${id}n`} bad={!!bad && bad === t('af.badLink')} />
            <label class="check">
              <input type="checkbox" name="notify" defaultChecked />
              {t('af.notify')}
            </label>
            <ErrorLine error={bad} />
            {ask?.kind === 'ship' ? null : (
              <div class="actions">
                <button type="submit" class="btn primary" disabled={busy}>
                  {t('af.ship')}
                </button>
                <button
                  type="button"
                  class="btn"
                  onClick={() => {
                    setOpen(undefined);
                    setBad(undefined);
                  }}
                >
                  {t('af.close')}
                </button>
              </div>
            )}
          </form>
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
