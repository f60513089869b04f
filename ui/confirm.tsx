import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'react';
import { ErrorLine } from './states.tsx';

/**
 * A confirm step (a form named by its question): what happens, any fields (`children`), the confirming button (busy
 * while it runs, a second press then does nothing) and the one that keeps things as they are. `onConfirm` gets the
 * form, to read its fields as they are when it is sent. With `focus`, the question takes focus when the step shows
 * (once: a step that should take it again for a new question needs a new `key`).
 */
export function Confirm(p: {
  /** Unique prefix for the question's id. */
  id: string;
  question: string;
  hint?: string;
  children?: ComponentChildren;
  busy?: boolean;
  error?: string;
  confirm: string;
  /** What the confirming button says while busy (else what it says otherwise). */
  busyLabel?: string;
  keep: string;
  danger?: boolean;
  part?: string;
  /** Move focus to the question when the step shows. */
  focus?: boolean;
  onConfirm: (form: HTMLFormElement) => void;
  onKeep: () => void;
}) {
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => void (p.focus && question.current?.focus()), []);
  return (
    <form
      class="confirm"
      part={p.part}
      aria-labelledby={`${p.id}q`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!p.busy) p.onConfirm(e.currentTarget as HTMLFormElement);
      }}
    >
      <p id={`${p.id}q`} class="strong" tabIndex={p.focus ? -1 : undefined} ref={question}>
        {p.question}
      </p>
      {p.hint ? <p class="muted">{p.hint}</p> : null}
      {p.children}
      <ErrorLine error={p.error} />
      <div class="actions">
        <button type="submit" class={p.danger === false ? 'btn primary' : 'btn danger'} aria-busy={p.busy || undefined}>
          {p.busy ? (p.busyLabel ?? p.confirm) : p.confirm}
        </button>
        <button type="button" class="btn" onClick={p.onKeep}>
          {p.keep}
        </button>
      </div>
    </form>
  );
}
