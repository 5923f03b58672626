import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { sessionValue } from '../../../lib/session.ts';

interface LeftList {
  url: string;
  scrollY: number;
  /** The first row on screen, by its link, and how far from the top of the window it was. */
  anchor?: { href: string; top: number };
}

const isLeftList = (value: unknown): value is LeftList => {
  const { url, scrollY, anchor } = (value ?? {}) as Partial<Record<keyof LeftList, unknown>>;
  const { href, top } = (anchor ?? {}) as Partial<Record<'href' | 'top', unknown>>;
  return (
    typeof url === 'string' &&
    typeof scrollY === 'number' &&
    (anchor === undefined || (typeof href === 'string' && typeof top === 'number'))
  );
};

/** The list as it was last left (its address and scroll position), for the pet page's way back. */
export const leftList = sessionValue('left-list', isLeftList);

const rowsOf = (list: HTMLElement | null) => Array.from(list?.querySelectorAll('tbody tr') ?? []);
const hrefOf = (row: Element) => row.querySelector('a')?.getAttribute('href');

function firstRowOnScreen(list: HTMLElement | null): LeftList['anchor'] {
  for (const row of rowsOf(list)) {
    const { top, bottom } = row.getBoundingClientRect();
    const href = hrefOf(row);
    if (bottom > 0 && href) return { href, top };
  }
  return undefined;
}

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
    const row = left.anchor && rowsOf(list.current).find((each) => hrefOf(each) === left.anchor?.href);
    const anchored = row && left.anchor && window.scrollY + row.getBoundingClientRect().top - left.anchor.top;
    window.scrollTo(0, anchored ?? left.scrollY);
  }, [ready, restores, left, list]);
  // A layout effect's cleanup runs before the next page scrolls to its top, and before the rows go.
  useLayoutEffect(
    () => () => leftList.save({ url: latest.current, scrollY: window.scrollY, anchor: firstRowOnScreen(list.current) }),
    [list],
  );
  return restores;
}
