import {
  Component,
  createElement,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type ReactElement,
  type RefObject,
} from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { sessionStore, sessionValue } from '../../../lib/session.ts';

interface ListPlace {
  url: string;
  scrollY: number;
  /** The link of the first row on screen, and how far from the top of the window it was. */
  href?: string | null | undefined;
  top?: number | undefined;
}

/** Where the list was in each history entry that showed it, by the entry's key; the one left last, last. */
const listPlaces = sessionValue(
  'list-places',
  (value): value is [string, ListPlace][] =>
    Array.isArray(value) && value.every((entry) => typeof entry?.[1]?.url === 'string'),
);

/** The list as it was last left, for the pet page's way back to it. */
export const leftList = () => listPlaces.load()?.at(-1)?.[1];

/** Navigation state of a link back to the list: scroll to where it was left. */
export const RESTORE_SCROLL = { restoreScroll: true };

/** Where the list in `table` is: its first row on screen (a binary search: rows are in page order). */
function placeOf(url: string, table: HTMLTableElement | null): ListPlace {
  const rows = table?.tBodies[0]?.rows ?? [];
  let low = 0;
  for (let high = rows.length; low < high;) {
    const middle = (low + high) >> 1;
    if (rows[middle]!.getBoundingClientRect().bottom > 0) high = middle;
    else low = middle + 1;
  }
  const row = rows[low];
  return {
    url,
    scrollY: window.scrollY,
    href: row?.querySelector('a')?.getAttribute('href'),
    top: row?.getBoundingClientRect().top,
  };
}

/** Scrolls the row of `place` back to where it was on screen, or to its offset if it is not there. */
function scrollBackTo({ href, top, scrollY }: ListPlace, table: HTMLTableElement | null) {
  const row = href && table?.querySelector(`tbody a[href="${CSS.escape(href)}"]`)?.closest('tr');
  window.scrollTo(0, row && top !== undefined ? window.scrollY + row.getBoundingClientRect().top - top : scrollY);
}

/**
 * Keeps where the list is scrolled in each history entry, and scrolls back there when the entry is
 * come back to (Back, Forward, a reload, or the pet page's way back to the list it left) once its
 * rows are on screen. Gives the entry's key when it will, as they are: the rows must then all be
 * drawn and laid out at once, for the page to be as tall as it was and the row it scrolls to where
 * it will stay.
 *
 * The place is kept as the first row on screen and its distance from the top, not as a scroll
 * offset, which is what the browser restores: on a phone, cards never scrolled past are not laid
 * out (content-visibility) and hold an estimated height, so the same offset is another card once
 * the list is drawn anew. It is taken as the list is left, before anything moves: by `keeper`, which
 * the page renders.
 */
export function useListScroll(
  url: string,
  ready: boolean,
  table: RefObject<HTMLTableElement | null>,
): { returnTo: string | undefined; keeper: ReactElement } {
  const navigationType = useNavigationType();
  const location = useLocation();
  const { key } = location;
  const [places] = useState(() => new Map(listPlaces.load()));
  // The pet page's way back to the list it left: a new entry, to put where that list was.
  const [wayBack] = useState(() =>
    (location.state as typeof RESTORE_SCROLL | null)?.restoreScroll ? { key, place: leftList() } : undefined,
  );
  const comeBack = navigationType === 'POP' || wayBack?.key === key;
  const returned = navigationType === 'POP' ? places.get(key) : wayBack?.place;
  const place = comeBack && returned?.url === url ? returned : undefined;
  // The entry whose list is on screen and in place (scrolled back, or where it was opened), if it
  // is: only then is where it is scrolled its place.
  const settled = useRef<string>(undefined);
  const latest = useRef({ key, url });
  useLayoutEffect(() => {
    if (latest.current.key !== key) {
      // Another entry (left before its rows were in place, perhaps); a filter or sort replaced the
      // entry that was, and its place goes with it.
      settled.current = undefined;
      if (navigationType === 'REPLACE') places.delete(latest.current.key);
    }
    latest.current = { key, url };
    if (!ready || settled.current === key) return;
    settled.current = key;
    // Come back to with no place kept (storage cleared, say): its top, as the browser no longer
    // restores the list's entries.
    if (comeBack) scrollBackTo(place ?? { url, scrollY: 0 }, table.current);
  });
  // Where the list is as it is left. Never after sign-out, which clears what the session kept.
  const keep = useCallback(() => {
    const { key: entry, url: shown } = latest.current;
    // Left before its rows were in place: where it was before, if anywhere, still holds.
    const place =
      settled.current === entry ? placeOf(shown, table.current) : (places.get(entry) ?? { url: shown, scrollY: 0 });
    places.delete(entry);
    places.set(entry, place);
    if (sessionStore.get().session) listPlaces.save([...places].slice(-50));
  }, [places, table]);
  useLayoutEffect(() => {
    // The browser does not restore the list's scroll offset when its entry is come back to: the
    // list does. (The setting belongs to the current entry, and is copied to those pushed from it.)
    history.scrollRestoration = 'manual';
    // Where the list is when the page is left: a reload comes back to it.
    addEventListener('pagehide', keep);
    return () => {
      // The page that follows (the navigation is done) gets the browser's scroll restoration back.
      history.scrollRestoration = 'auto';
      removeEventListener('pagehide', keep);
      // The list is left for another screen: a layout effect's cleanup runs before its rows go, and
      // before the next screen scrolls to its top.
      keep();
    };
  }, [keep]);
  return {
    returnTo: ready && place && place.scrollY > 0 ? key : undefined,
    // `keep` reads the refs in the commit (getSnapshotBeforeUpdate), never in a render.
    // eslint-disable-next-line react-hooks/refs
    keeper: createElement(BeforeEntryChange, { entry: key, keep }),
  };
}

/**
 * Calls `keep` in the commit that shows another history entry of the list, before React changes
 * anything on the page: the one moment the list left is still there as it was, whatever took the
 * page on (a link, Back or Forward, a filter). Not a `popstate` listener: React Router renders Back
 * and Forward within its own, at once (React renders a popstate's update before the event's next
 * listener), and listeners on the window run in the order they were added, capturing or not
 * (Chromium). The list opened from another page listens after the router, and the list it left was
 * gone when its listener ran. Only a class component has this moment (`getSnapshotBeforeUpdate`).
 */
class BeforeEntryChange extends Component<{ entry: string; keep: () => void }> {
  override getSnapshotBeforeUpdate({ entry }: Readonly<{ entry: string }>) {
    if (entry !== this.props.entry) this.props.keep();
    return null;
  }
  // React warns of a getSnapshotBeforeUpdate without it.
  override componentDidUpdate() {}
  override render() {
    return null;
  }
}
