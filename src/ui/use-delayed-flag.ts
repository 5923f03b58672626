import { useEffect, useState } from 'react';

/** How long a wait goes unremarked before a screen says it is still waiting, and for what. */
export const SLOW_AFTER_MS = 3000;

/** True once `active` has stayed true for `delayMs`: "still waiting" messages, not flicker. */
export function useDelayedFlag(active: boolean, delayMs: number): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setLate(true), delayMs);
    return () => {
      clearTimeout(timer);
      setLate(false);
    };
  }, [active, delayMs]);
  return active && late;
}
