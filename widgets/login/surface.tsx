import { useEffect, useRef, useState, type ReactNode } from 'react';

/** True while a surface that just closed moves out: decided while rendering the close, so its element stays and its
 * transition runs; 200 ms, never under reduced motion. */
export function useLeaving(open: boolean): boolean {
  const leaving = useRef(false);
  const was = useRef(open);
  if (was.current !== open) {
    leaving.current = !open && !matchMedia('(prefers-reduced-motion: reduce)').matches;
    was.current = open;
  }
  const [, gone] = useState(0);
  useEffect(() => {
    if (!leaving.current) return;
    const t = setTimeout(() => ((leaving.current = false), gone((n) => n + 1)), 200);
    return () => clearTimeout(t);
  }, [open]);
  return leaving.current;
}

/** The member menu's and the profile's box (no layout of its own): while leaving, inert and hidden, its panel moves out. */
export function Surface({ open, children }: { open: boolean; children: ReactNode }) {
  return (
    <div class="surface" data-out={open ? undefined : ''} inert={!open} aria-hidden={open ? undefined : 'true'}>
      {children}
    </div>
  );
}
