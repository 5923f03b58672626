import { useEffect, useState } from 'react';

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
