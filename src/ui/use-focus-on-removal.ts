import { useCallback, type RefObject } from 'react';

/**
 * A ref for a control that may go away while it has the focus (a button whose work ends by itself):
 * the focus then moves to `next`, rather than to the page's body, where a keyboard or screen-reader
 * user would lose their place. A control that changes (its words, its action) must stay the same
 * element for the focus to stay on it: one element, not one of two in turn.
 */
export function useFocusOnRemoval(next: RefObject<HTMLElement | null>) {
  return useCallback(
    (node: HTMLElement | null) => () => {
      if (node && document.activeElement === node) next.current?.focus();
    },
    [next],
  );
}
