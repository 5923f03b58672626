import { useEffect, useLayoutEffect, useRef } from 'react';
import { sessionValue } from '../../../lib/session.ts';

const isLeftList = (value: unknown): value is { url: string; scrollY: number } =>
  typeof (value as { url?: unknown } | null)?.url === 'string' &&
  typeof (value as { scrollY?: unknown }).scrollY === 'number';

/** The list as it was last left (its address and scroll position), for the pet page's way back. */
export const leftList = sessionValue('left-list', isLeftList);

/**
 * Remembers where the list was scrolled when it is left, and scrolls back there when the same list is
 * opened again and its rows are on screen.
 */
export function useListScroll(url: string, ready: boolean) {
  const restored = useRef(false);
  const latest = useRef(url);
  useLayoutEffect(() => {
    latest.current = url;
  });
  useLayoutEffect(() => {
    if (!ready || restored.current) return;
    restored.current = true;
    const left = leftList.load();
    if (left?.url === url && left.scrollY > 0) window.scrollTo(0, left.scrollY);
  }, [ready, url]);
  useEffect(() => () => leftList.save({ url: latest.current, scrollY: window.scrollY }), []);
}
