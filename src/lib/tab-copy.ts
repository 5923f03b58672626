// The browser's "Duplicate tab" opens a tab with a copy of this one's sessionStorage: the session and
// all that is kept for it, the pets waiting to be sent included. Two tabs sending the same pets could
// add each twice where the service has no idempotency keys. So each tab holds a Web Lock named after
// an id of its own, kept in its sessionStorage, from the first time it is asked (`isCopiedTab`) for as
// long as it lives: a tab that inherits an id whose lock another tab holds is a copy, and takes an id
// of its own.
//
// A reload inherits its own id: the page it replaces lets go of the lock as it goes, within a moment.
// Without Web Locks (a page served over plain HTTP from another host than localhost), no tab is
// taken for a copy.

import { sessionStore, storageKey } from './session.ts';

/** Kept with the session: sign-out clears it with the rest, and signing in again writes it back. */
const TAB_ID_KEY = storageKey('tab');

/** This tab's id, once it has its lock. */
let tabId: string | undefined;

function keepTabId() {
  try {
    if (tabId && sessionStore.get().session) sessionStorage.setItem(TAB_ID_KEY, tabId);
  } catch {
    // Storage blocked: nothing is kept to be copied either.
  }
}
sessionStore.subscribe(keepTabId);

/**
 * How long a tab waits for the lock of the id it found: far longer than a reloaded page takes to let
 * go of it, since a reload taken for a copy would drop its pets. A copy waits that long to send.
 */
const RELOAD_GRACE_MS = 5000;

/**
 * Takes the lock `name` and holds it while the page lives: true once had, false if another page
 * still held it after `waitMs`. Any other failure rejects.
 */
function hold(name: string, waitMs: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    navigator.locks
      .request(name, { signal: AbortSignal.timeout(waitMs) }, () => {
        resolve(true);
        return new Promise<never>(() => {});
      })
      // The timeout's reason (TimeoutError), or AbortError where a browser does not pass it on.
      .catch((error: unknown) =>
        error instanceof DOMException && ['TimeoutError', 'AbortError'].includes(error.name)
          ? resolve(false)
          : reject(error),
      );
  });
}

async function claimTab(): Promise<boolean> {
  // Not in a page: the build prerendering the first screens (Node 24 has Web Locks of its own).
  if (typeof document === 'undefined' || !('locks' in navigator)) return false;
  try {
    const inherited = sessionStorage.getItem(TAB_ID_KEY);
    if (inherited && (await hold(`${TAB_ID_KEY}:${inherited}`, RELOAD_GRACE_MS))) {
      tabId = inherited;
      return false;
    }
    const id = crypto.getRandomValues(new Uint32Array(4)).join('-');
    void hold(`${TAB_ID_KEY}:${id}`, RELOAD_GRACE_MS).catch(() => undefined);
    tabId = id;
    keepTabId();
    return inherited !== null;
  } catch {
    // Storage blocked (nothing was copied either), or locks that fail: no tab is taken for a copy.
    return false;
  }
}

let claim: Promise<boolean> | undefined;

/**
 * Whether this tab was opened as a copy of another that is still open. Asked once, by the first
 * caller, which from then on holds the tab's lock: the signed-in app as it loads, or the sign-in
 * screen when there are pets to count. Never rejects.
 */
export const isCopiedTab = (): Promise<boolean> => (claim ??= claimTab());
