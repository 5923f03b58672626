// The way from a pet's page back to the list it was opened from, scrolled where it was left.
// React Router's ScrollRestoration keeps a scroll position per key, by default each history entry's
// own: Back and Forward find theirs. The pet page's link back to the list is a new entry, so it
// carries the key of the entry it leads back to (`scrollKey`), and the list's scroll is kept under
// that key again for the next way back. A list opened anew (the menu, a pasted link) has a key of
// its own, and starts at its top. The way back also puts the focus on the pet that was opened.
import type { Location } from 'react-router-dom';
import { paths } from '../../config/paths.ts';

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

/** The pet page last opened from each list, by the key its scroll is kept under. */
const openedPets = new Map<string, string>();

/** The state of a link from the list at `location` to the pet's page at `path`. */
export function openedFrom(location: Location, path: string): FromList {
  openedPets.set(scrollKeyOf(location), path);
  return { fromList: { url: `${location.pathname}${location.search}`, scrollKey: scrollKeyOf(location) } };
}

/** The pet page last opened from the list at `location`, on this page load: where the way back leads the focus. */
export const lastOpenedFrom = (location: Location): string | undefined => openedPets.get(scrollKeyOf(location));

/** The link back to the list a pet's page was opened from, or to the whole list. */
export function wayBack(location: Location): { to: string; state?: BackToList } {
  const from = (location.state as FromList | null)?.fromList;
  return from ? { to: from.url, state: { scrollKey: from.scrollKey } } : { to: paths.pets };
}
