import type { ComponentChildren } from 'preact';

// States that stand for a section's whole content (they load with the sections, not in the frames' `ui` chunk).

/** A failure that stands for a whole part: its words, then a retry button under them. */
export const ErrorState = ({ error, retry, label }: { error?: string; retry: () => void; label: string }) => (
  <div class="state" role="alert">
    <p class="err">{error}</p>
    <button type="button" class="btn" onClick={retry}>
      {label}
    </button>
  </div>
);

/** What a part says when it has nothing: a dashed box (`.state.empty`), its words and, say, a link onward. */
export const Empty = ({ children, part }: { children: ComponentChildren; part?: string }) => (
  <div class="state empty" part={part}>
    {children}
  </div>
);
