import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { sessionValue } from '../../../lib/session.ts';

interface LeftList {
  url: string;
  scrollY: number;
  /** The link of the first row on screen, and how far from the top of the window it was. */
  href?: string;
  top?: number;
}

const isLeftList = (value: unknown): value is LeftList =>
  typeof (value as LeftList | null)?.url === 'string' && typeof (value as LeftList).scrollY === 'number';

/** The list as it was last left (its address and scroll position), for the pet page's way back. */
export const leftList = sessionValue('left-list', isLeftList);

/** Navigation state of a link back to the list: scroll to where it was left. */
export const RESTORE_SCROLL = { restoreScroll: true };

/**
 * Remembers where the list was scrolled when it is left, and scrolls back there when the list is
 * come back to (a way back, or Back) and its rows are on screen. Says whether it will: the rows
 * must then all be drawn and laid out at once, for the page to be as tall as it is.
 *
 * The place is kept as the first row on screen and its distance from the top, not only as a scroll
 * offset: on a phone, cards never scrolled past are not laid out (content-visibility) and hold an
 * estimated height, so the offset of the same row differs once every card is drawn.
 */
export function useListScroll(url: string, ready: boolean, list: RefObject<HTMLElement | null>): boolean {
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
    if (!restores) return;
    const link = left.href && list.current?.querySelector(`a[href="${CSS.escape(left.href)}"]`);
    const top = link && typeof left.top === 'number' && window.scrollY + link.getBoundingClientRect().top - left.top;
    window.scrollTo(0, top || left.scrollY);
  }, [ready, restores, left, list]);
  // Kept when the list is left: a layout effect's cleanup runs before the next page scrolls to its
  // top, and before the rows go. And when the page is (a reload comes back to where it was).
  useLayoutEffect(() => {
    const save = () => {
      const links = Array.from(list.current?.querySelectorAll('tbody a') ?? []);
      const link = links.find((each) => each.getBoundingClientRect().bottom > 0);
      leftList.save({
        url: latest.current,
        scrollY: window.scrollY,
        href: link?.getAttribute('href') ?? undefined,
        top: link?.getBoundingClientRect().top,
      });
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [list]);
  return restores;
}
