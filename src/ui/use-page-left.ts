// An answer that comes after the person left the page that asked for it must not act on the page
// they went to: navigate, take the focus, draw an error. The page asks this first.
import { useCallback, useEffect, useRef } from 'react';
import { useNavigation } from 'react-router-dom';

/**
 * Whether the person has left the calling page, or is on the way to another (its code or data
 * loading, the page still drawn), by the time it is asked.
 */
export function usePageLeft(): () => boolean {
  const { state } = useNavigation();
  // Read when an answer comes, after the render.
  const navigating = useRef(false);
  const shown = useRef(false);
  useEffect(() => {
    navigating.current = state !== 'idle';
  }, [state]);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  return useCallback(() => !shown.current || navigating.current, []);
}
