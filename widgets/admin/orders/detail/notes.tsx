import { useId, useState } from 'react';

/** A note's text: kept as typed until the companion confirms (a failure leaves it for another try). */
export function NoteForm(p: {
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
