// The history entry a visit opened at. React Router names an entry with no history state "default":
// every page load, and the entry the sign-in screen replaces. Each such entry gets a key of its own
// before the router reads it, still starting with "default", so that a scroll position kept for one
// visit is never taken for another's (src/features/pets/list-return.ts), and a page can still tell
// that the visit opened on it (src/ui/page-heading.tsx).

const FIRST = 'default';

/** Gives the current entry a key of its own if it has none; call before the router is created. */
export function keyFirstEntry() {
  // The router keeps `{ usr, key, idx }` in the state; only `key` is set.
  if (!history.state?.key) history.replaceState({ ...history.state, key: `${FIRST}-${Math.random()}` }, '');
}

/** Whether `location` is the entry the visit opened at. */
export const isFirstEntry = (location: { key: string }) => location.key.startsWith(FIRST);
