import { decimal } from './model.ts';
import { minorOf } from './refund-model.ts';
import type { RefundLine } from './refund-model.ts';
import type { T } from './step.tsx';

/** The refund form's lines: per line a stepper up to what is not refunded yet, and "all" (the lines and the shipping). */
export function RefundLines(p: {
  t: T;
  lines: RefundLine[];
  qty: Record<string, number>;
  shipLeft: number;
  digits: number;
  money: (m: number) => string;
  pick: (next: Record<string, number>, ship?: string) => void;
}) {
  const { t, lines, qty, shipLeft, digits, money, pick } = p;
  return (
    <fieldset part="refund-lines">
      <legend>{t('ap.items')}</legend>
      {lines.map((l) => {
        const n = Math.min(qty[l.id] ?? 0, l.max);
        const name = l.name ?? '';
        const step = (d: number) => pick({ ...qty, [l.id]: Math.max(0, Math.min(l.max, n + d)) });
        return (
          <div key={l.id} class="qty" part="refund-line">
            <bdi class="grow">
              {name}
              <span class="muted"> · {t('ap.each', { price: money(minorOf(l.price, digits)), n: l.max })}</span>
            </bdi>
            <span class="stepper">
              <button
                type="button"
                class="btn"
                disabled={n <= 0}
                aria-label={t('ap.fewer', { name })}
                onClick={() => step(-1)}
              >
                −
              </button>
              <input
                type="number"
                inputMode="numeric"
                min={0}
                max={l.max}
                step={1}
                value={String(n)}
                aria-label={t('ap.qtyOf', { name, n: l.max })}
                onInput={(e) => {
                  const x = Math.trunc(Number(e.currentTarget.value));
                  pick({ ...qty, [l.id]: Number.isFinite(x) ? Math.max(0, Math.min(l.max, x)) : 0 });
                }}
              />
              <button
                type="button"
                class="btn"
                disabled={n >= l.max}
                aria-label={t('ap.more', { name })}
                onClick={() => step(1)}
              >
                +
              </button>
            </span>
          </div>
        );
      })}
      <button
        type="button"
        class="link"
        onClick={() =>
          pick(Object.fromEntries(lines.map((l) => [l.id, l.max])), shipLeft ? decimal(shipLeft, digits) : undefined)
        }
      >
        {t('ap.all')}
      </button>
    </fieldset>
  );
}

/** Some of the shipping, up to what is not refunded yet. */
export function RefundShipping(p: {
  t: T;
  cur: string;
  ship: string | undefined;
  shipLeft: number;
  digits: number;
  money: (m: number) => string;
  setShip: (s: string | undefined) => void;
}) {
  const { t, cur, ship, shipLeft, digits, money, setShip } = p;
  return (
    <>
      <label class="check">
        <input
          type="checkbox"
          checked={ship !== undefined}
          onChange={(e) => setShip(e.currentTarget.checked ? decimal(shipLeft, digits) : undefined)}
        />
        <bdi>{t('ap.shipping', { amount: money(shipLeft) })}</bdi>
      </label>
      {ship !== undefined ? (
        <label>
          {t('ap.shipAmount', { currency: cur })}
          <input
            name="shipping"
            inputMode="decimal"
            autoComplete="off"
            value={ship}
            onInput={(e) => setShip(e.currentTarget.value)}
          />
        </label>
      ) : null}
    </>
  );
}
