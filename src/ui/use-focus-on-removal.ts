import { useCallback, type RefObject } from 'react';

/**
 * A ref for a control that may go away while it has the focus (a button whose work ends by itself):
 * the focus then moves to `next`, rather than to the page's body, where a keyboard or screen-reader
 * user would lose their place. The same ref on whatever takes the control's place keeps the focus.
 */
export function useFocusOnRemoval(next: RefObject<HTMLElement | null>) {
  return useCallback(
    (node: HTMLElement | null) => () => {
      if (node && document.activeElement === node) next.current?.focus();
    },
    [next],
  );
}
