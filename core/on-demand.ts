/** A part of a widget that is its own chunk, imported when it is about to be needed (see {@link onDemand}). */
export interface OnDemand<T> {
  /** The part: imported once per page; a failed import is forgotten, so the next call imports again. */
  load(): Promise<T>;
  /** The part once it has arrived (a first render that needs no wait), else `undefined`. */
  loaded(): T | undefined;
  /** `load()` on intent (pointer over or down, focus): a failure is told only when the part is then needed. */
  warm(): void;
}

/** One import of a part per page, for every element that shows it: `onDemand(() => import(<the part's path>))`. */
export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let pending: Promise<T> | undefined;
  let done: T | undefined;
  const load = () =>
    (pending ??= importer().then(
      (m) => (done = m),
      (e: unknown) => {
        pending = undefined;
        throw e;
      },
    ));
  return { load, loaded: () => done, warm: () => void load().catch(() => undefined) };
}
