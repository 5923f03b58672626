import type { MouseEvent } from 'react';

/**
 * A click that follows a link in the page: the main button, no modifier key. With one (a new tab or
 * window, say), or once something else took the click, the browser does what it does with any link.
 */
export const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.defaultPrevented && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
