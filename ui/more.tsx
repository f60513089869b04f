/**
 * "Show more" under a paged list: only while there is a next page; busy (and saying `busyLabel`, when given) while it
 * loads, a second press then does nothing.
 */
export function More(p: {
  next: boolean;
  busy?: boolean;
  label: string;
  busyLabel?: string;
  onMore: () => void;
  class?: string;
}) {
  if (!p.next) return null;
  return (
    <button
      type="button"
      class={p.class ?? 'btn wide'}
      aria-busy={p.busy || undefined}
      onClick={() => p.busy || p.onMore()}
    >
      {p.busy && p.busyLabel ? p.busyLabel : p.label}
    </button>
  );
}
