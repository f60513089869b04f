import type { ComponentChildren } from 'preact';
import { ErrorLine } from './states.tsx';

/**
 * A confirm step (a form named by its question): what happens, any fields (`children`), the confirming button (busy
 * while it runs) and the one that keeps things as they are. `onConfirm` gets the form, to read its fields as they are
 * when it is sent.
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
  busyLabel: string;
  keep: string;
  danger?: boolean;
  part?: string;
  onConfirm: (form: HTMLFormElement) => void;
  onKeep: () => void;
}) {
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
      <p id={`${p.id}q`} class="strong">
        {p.question}
      </p>
      {p.hint ? <p class="muted">{p.hint}</p> : null}
      {p.children}
      <ErrorLine error={p.error} />
      <div class="actions">
        <button type="submit" class={p.danger === false ? 'btn primary' : 'btn danger'} aria-busy={p.busy || undefined}>
          {p.busy ? p.busyLabel : p.confirm}
        </button>
        <button type="button" class="btn" onClick={p.onKeep}>
          {p.keep}
        </button>
      </div>
    </form>
  );
}
