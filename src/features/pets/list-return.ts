// The way from a pet's page back to the list it was opened from, scrolled where it was left.
// React Router's ScrollRestoration keeps a scroll position per key, by default each history entry's
// own: Back and Forward find theirs. The pet page's link back to the list is a new entry, so it
// carries the key of the entry it leads back to (`scrollKey`), and the list's scroll is kept under
// that key again for the next way back. A list opened anew (the menu, a pasted link) has a key of
// its own, and starts at its top. The way back also puts the focus on the pet that was opened.
import type { Location } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { sessionValue } from '../../lib/session.ts';

/** Navigation state of a pet's page opened from the list: the list, to lead back to. */
export interface FromList {
  fromList?: { url: string; scrollKey: string };
}

/** Navigation state of the way back to a list: the key its scroll position was kept under. */
interface BackToList {
  scrollKey?: string;
}

/** The key a page's scroll position is kept under (ScrollRestoration's `getKey`). */
export const scrollKeyOf = (location: Location): string =>
  (location.state as BackToList | null)?.scrollKey ?? location.key;

/** The state of a link from the list at `location` to a pet's page. */
export const openedFrom = (location: Location): FromList => ({
  fromList: { url: `${location.pathname}${location.search}`, scrollKey: scrollKeyOf(location) },
});

/**
 * The pet page opened from each list, by the key the list's scroll is kept under, until the way back,
 * the newest last. Kept with the session, as ScrollRestoration keeps the scroll positions: a reload
 * of the pet's page keeps both. Only the last few: a list never gone back to leaves its entry behind.
 */
const openedPets = sessionValue(
  'opened-pets',
  (value): value is [key: string, path: string][] =>
    Array.isArray(value) &&
    value.every(
      (entry) => Array.isArray(entry) && entry.length === 2 && entry.every((text) => typeof text === 'string'),
    ),
);
const OPENED_KEPT = 20;

/** The person opens the pet page at `path` from the list at `location`. */
export function rememberOpened(location: Location, path: string) {
  const key = scrollKeyOf(location);
  const others = (openedPets.load() ?? []).filter(([kept]) => kept !== key);
  openedPets.save([...others.slice(-(OPENED_KEPT - 1)), [key, path]]);
}

/** The pet page opened from the list at `location`, when this is the way back to it: where the focus returns. */
export const openedBefore = (location: Location): string | undefined =>
  openedPets.load()?.find(([kept]) => kept === scrollKeyOf(location))?.[1];

/** Once the focus is back: a later return to the list (from Add pet, say) starts afresh. */
export function forgetOpened(location: Location) {
  const key = scrollKeyOf(location);
  openedPets.save((openedPets.load() ?? []).filter(([kept]) => kept !== key));
}

/** The link back to the list a pet's page was opened from, or to the whole list. */
export function wayBack(location: Location): { to: string; state?: BackToList } {
  const from = (location.state as FromList | null)?.fromList;
  return from ? { to: from.url, state: { scrollKey: from.scrollKey } } : { to: paths.pets };
}
