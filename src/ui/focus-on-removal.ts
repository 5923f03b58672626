import { useMemo, type RefObject } from 'react';

/**
 * A ref callback for a control that may go away while it has the focus (a button whose work ends by
 * itself): the focus then moves to what `next` finds, rather than to the page's body, where a
 * keyboard or screen-reader user would lose their place. A control that changes (its words, its
 * action) must stay the same element for the focus to stay on it: one element, not one of two in
 * turn. Made once (module level, or `useFocusOnRemoval`): a new callback each render would run this
 * on every render.
 */
export const focusOnRemoval =
  <Control extends HTMLElement>(next: (control: Control) => HTMLElement | null | undefined, options?: FocusOptions) =>
  (control: Control | null) =>
  () => {
    if (control && document.activeElement === control) next(control)?.focus(options);
  };

/** `focusOnRemoval` to the element of a ref, made once per component. */
export const useFocusOnRemoval = (next: RefObject<HTMLElement | null>) =>
  useMemo(() => focusOnRemoval(() => next.current), [next]);
