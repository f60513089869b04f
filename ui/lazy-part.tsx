import { useEffect, useState } from 'react';
import type { ComponentChildren } from 'preact';
import { Bones, Failure } from './states.tsx';

/** A part loaded on demand (a chunk, a read): what it is now. */
export interface LazyState<T> {
  /** The part once loaded. */
  value: T | undefined;
  /** Its failure in words, until a retry. */
  error: string | undefined;
  /** Load it again after a failure. */
  retry: () => void;
}

/**
 * Loads `load(key)` when `key` is first wanted (and `enabled`), keeping each key's part once loaded: a tab's chunk, the
 * console, a panel. A failed load is told (in `i18n()`'s words, asked as it fails) and tried again on `retry`. `ready` gives a part already
 * there (an on-demand module loaded earlier), shown without a render of bones.
 */
export function useLazyPart<T>(
  key: string,
  load: (key: string) => Promise<T>,
  i18n: () => { error(e: unknown, owner?: boolean): string },
  { enabled = true, ready }: { enabled?: boolean; ready?: (key: string) => T | undefined } = {},
): LazyState<T> {
  const [parts, setParts] = useState<Partial<Record<string, { v: T }>>>(() => {
    const v = ready?.(key);
    return v === undefined ? {} : { [key]: { v } };
  });
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (parts[key] || !enabled) return;
    let gone = false;
    setError(undefined);
    load(key).then(
      (v) => setParts((p) => ({ ...p, [key]: { v } })),
      (e: unknown) => gone || setError(i18n().error(e, true)),
    );
    return () => void (gone = true);
  }, [key, enabled, attempt]);
  return { value: parts[key]?.v, error: parts[key] ? undefined : error, retry: () => setAttempt((n) => n + 1) };
}

/**
 * What a lazy part shows: bones while it loads, its failure with a retry (`retryLabel`), then `children(value)`.
 */
export function LazyPart<T>({
  state,
  retryLabel,
  bones = 2,
  children,
}: {
  state: LazyState<T>;
  retryLabel: string;
  bones?: number;
  children: (value: T) => ComponentChildren;
}) {
  if (state.value !== undefined) return <>{children(state.value)}</>;
  if (state.error) return <Failure error={state.error} retry={state.retry} label={retryLabel} />;
  return <Bones rows={bones} />;
}
