// What a frame shows too (bones, a failure with a retry) travels in the frames' `ui` chunk; states that stand for a whole
// section's content are in ui/part-states.tsx, which loads with the sections.

/** Placeholder rows while something loads (the page's base sheet draws each `.skeleton`; ui/styles.ts `bonesCss`). */
export const Bones = ({ rows = 2 }: { rows?: number }) => (
  <div class="bones" aria-hidden="true">
    {Array.from({ length: rows }, (_, i) => (
      <div key={i} class="skeleton" />
    ))}
  </div>
);

/** A failure in words with its retry as a text button, on one line (`p.err`, `.link`). */
export const Failure = ({ error, retry, label }: { error?: string; retry: () => void; label: string }) => (
  <p class="err" role="alert">
    {error}{' '}
    <button type="button" class="link" onClick={retry}>
      {label}
    </button>
  </p>
);

/** A failure that comes with content still shown (no retry): `null` without one. */
export const ErrorLine = ({ error, id }: { error?: string | false; id?: string }) =>
  error ? (
    <p class="err" role="alert" id={id}>
      {error}
    </p>
  ) : null;
