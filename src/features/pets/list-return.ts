// The way from a pet's page back to the list it was opened from, as it was left. Opened from the
// list, the way back is the browser's Back: the list's own history entry, whose scroll position
// React Router's ScrollRestoration kept, and no new entry that Back would then return to the pet
// from. Opened any other way (a pasted link, a new tab), it is a link to the whole list, which
// starts at its top. The way back also puts the focus on the pet that was opened.
import type { Location } from 'react-router-dom';
import { paths } from '../../config/paths.ts';

/** Navigation state of a pet's page opened from the list: the list's address, for the link's own. */
interface FromList {
  fromList?: { url: string };
}

/** The state of a link from the list at `location` to a pet's page. */
export const openedFrom = (location: Location): FromList => ({
  fromList: { url: `${location.pathname}${location.search}` },
});

/** The pet page opened from each list, by the list's history entry, until the way back. */
const openedPets = new Map<string, string>();

/** The person opens the pet page at `path` from the list at `location`. */
export const rememberOpened = (location: Location, path: string) => void openedPets.set(location.key, path);

/**
 * The pet page opened from the list at `location`, when this is the way back to it: where the focus
 * returns. Told once, so that a later return to the list (from Add pet, say) starts afresh.
 */
export function takeOpened(location: Location): string | undefined {
  const path = openedPets.get(location.key);
  openedPets.delete(location.key);
  return path;
}

/**
 * The way back from the pet's page at `location`: the list's address, and whether the list is the
 * history entry just before this one, for Back to return to.
 */
export function wayBack(location: Location): { to: string; back: boolean } {
  const from = (location.state as FromList | null)?.fromList;
  return from ? { to: from.url, back: true } : { to: paths.pets, back: false };
}
