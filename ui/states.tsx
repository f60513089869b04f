import type { ComponentChildren } from 'preact';

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

/** A failure that stands for a whole part: its words, then a retry button under them. */
export const ErrorState = ({ error, retry, label }: { error?: string; retry: () => void; label: string }) => (
  <div class="state" role="alert">
    <p class="err">{error}</p>
    <button type="button" class="btn" onClick={retry}>
      {label}
    </button>
  </div>
);

/** A failure that comes with content still shown (no retry): `null` without one. */
export const ErrorLine = ({ error, id }: { error?: string | false; id?: string }) =>
  error ? (
    <p class="err" role="alert" id={id}>
      {error}
    </p>
  ) : null;

/** What a part says when it has nothing: a dashed box (`.state.empty`), its words and, say, a link onward. */
export const Empty = ({ children, part }: { children: ComponentChildren; part?: string }) => (
  <div class="state empty" part={part}>
    {children}
  </div>
);
