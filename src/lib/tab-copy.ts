// The browser's "Duplicate tab" opens a tab with a copy of this one's sessionStorage: the session and
// all that is kept for it, the pets waiting to be sent included. Two tabs sending the same pets could
// add each twice where the service has no idempotency keys. So each tab holds a Web Lock named after
// an id of its own, kept in its sessionStorage, for as long as it lives: a tab that inherits an id
// whose lock another tab holds is a copy, and takes an id of its own.
//
// A reload inherits its own id: the page it replaces lets go of the lock as it goes, within a moment.
// Without Web Locks (a page served over plain HTTP from another host than localhost), no tab is
// taken for a copy.

/** Not under the session's prefix: sign-out clears the session, and this tab is still the same tab. */
const TAB_ID_KEY = 'petstore-admin-tab';
/** How long a tab waits for the lock of the id it found: what a reloaded page takes to let go of it. */
const RELOAD_GRACE_MS = 2000;

/** Takes the lock `name` and holds it while the page lives; false if it was not had within `waitMs`. */
function hold(name: string, waitMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    navigator.locks
      .request(name, { signal: AbortSignal.timeout(waitMs) }, () => {
        resolve(true);
        return new Promise<never>(() => {});
      })
      .catch(() => resolve(false));
  });
}

async function claimTab(): Promise<boolean> {
  if (!('locks' in navigator)) return false;
  try {
    const inherited = sessionStorage.getItem(TAB_ID_KEY);
    if (inherited && (await hold(`${TAB_ID_KEY}:${inherited}`, RELOAD_GRACE_MS))) return false;
    const id = crypto.getRandomValues(new Uint32Array(4)).join('-');
    sessionStorage.setItem(TAB_ID_KEY, id);
    await hold(`${TAB_ID_KEY}:${id}`, RELOAD_GRACE_MS);
    return inherited !== null;
  } catch {
    // Storage blocked: nothing was copied either.
    return false;
  }
}

/** Whether this tab was opened as a copy of another that is still open (asked once, as the app loads). */
export const isCopiedTab: Promise<boolean> = claimTab();
