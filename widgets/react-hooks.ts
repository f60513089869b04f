/**
 * What the widgets' `import … from 'react'` resolves to in the browser bundle (vite.config.ts `browserAliases`): Preact's
 * own hooks, and `useSyncExternalStore` (which @nanostores/react's `useStore` needs), instead of all of `preact/compat`
 * (issue 39's decision: −2 KB on every page). The widgets stay React code: hooks and types from `react`, standard DOM
 * props (`class`, `for`, `onInput` on text fields, kebab-case SVG attributes), nothing that only compat gives (no
 * `onChange` on a text field, no `defaultValue` on a select); `inlay/react` builds them against the real React.
 */
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';

export { useCallback, useEffect, useId, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'preact/hooks';

/** React's `useSyncExternalStore` (compat's shim, as preact/compat writes it): the snapshot, kept in step with the store. */
export function useSyncExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T): T {
  const value = getSnapshot();
  const [{ inst }, force] = useState({ inst: { value, getSnapshot } });
  const changed = () => {
    try {
      return !Object.is(inst.value, inst.getSnapshot());
    } catch {
      return true;
    }
  };
  useLayoutEffect(() => {
    inst.value = value;
    inst.getSnapshot = getSnapshot;
    if (changed()) force({ inst });
  }, [subscribe, value, getSnapshot]);
  useEffect(() => {
    if (changed()) force({ inst });
    return subscribe(() => {
      if (changed()) force({ inst });
    });
  }, [subscribe]);
  return value;
}
