// An answer that comes after the person left the page that asked for it must not act on the page
// they went to: navigate, take the focus, draw an error. The page asks this first.
import { createContext, useCallback, useContext, useEffect, useRef } from 'react';

/**
 * Whether the router is on its way to another page (its code or data loading): the layout, which
 * sees the router's state, provides it. Without a layout (a component test), never.
 */
export const NavigatingContext = createContext<() => boolean>(() => false);

/** Whether the person has left the calling page, or is on the way to another, by the time it is asked. */
export function usePageLeft(): () => boolean {
  const navigating = useContext(NavigatingContext);
  const shown = useRef(false);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  return useCallback(() => !shown.current || navigating(), [navigating]);
}
