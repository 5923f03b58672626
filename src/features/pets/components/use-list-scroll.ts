import { useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { sessionValue } from '../../../lib/session.ts';

const isLeftList = (value: unknown): value is { url: string; scrollY: number } =>
  typeof (value as { url?: unknown } | null)?.url === 'string' &&
  typeof (value as { scrollY?: unknown }).scrollY === 'number';

/** The list as it was last left (its address and scroll position), for the pet page's way back. */
export const leftList = sessionValue('left-list', isLeftList);

/** Navigation state of a link back to the list: scroll to where it was left. */
export const RESTORE_SCROLL = { restoreScroll: true };

/**
 * Remembers where the list was scrolled when it is left, and scrolls back there when the list is
 * come back to (a way back, or Back) and its rows are on screen. Says whether it will: the rows
 * must then all be drawn at once, for the page to be as tall as it was.
 */
export function useListScroll(url: string, ready: boolean): boolean {
  const navigationType = useNavigationType();
  const state = useLocation().state as typeof RESTORE_SCROLL | null;
  const [left] = useState(() =>
    navigationType === 'POP' || state?.restoreScroll === true ? leftList.load() : undefined,
  );
  const restores = left !== undefined && left.url === url && left.scrollY > 0;
  const restored = useRef(false);
  const latest = useRef(url);
  useLayoutEffect(() => {
    latest.current = url;
  });
  useLayoutEffect(() => {
    if (!ready || restored.current) return;
    restored.current = true;
    if (restores) window.scrollTo(0, left.scrollY);
  }, [ready, restores, left]);
  // A layout effect's cleanup runs before the next page scrolls to its top.
  useLayoutEffect(() => () => leftList.save({ url: latest.current, scrollY: window.scrollY }), []);
  return restores;
}
