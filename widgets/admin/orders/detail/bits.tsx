import { useEffect, useRef } from 'react';
import type { Translator } from '../../../../core/i18n/index.ts';
import { ordersStrings } from '../strings.ts';
import { orderStrings } from './strings.ts';

export const both = { ...ordersStrings, ...orderStrings };
export type K = keyof typeof both;
export type T = Translator<K>;

/** A question and its two answers; "yes" is disabled while its call is under way (no double submit). */
export function Confirm(p: {
  text: string;
  yes: string;
  no: string;
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
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
