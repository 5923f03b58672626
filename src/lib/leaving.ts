// What lives only in the tab's sessionStorage (pets waiting to be sent) is lost when the tab closes,
// and waits unsent while the tab is on another site: the browser asks first (`beforeunload`). It
// cannot tell those from a reload or a load of the app's own address, which keep it all; when the
// app starts such a load itself, it says so here, and the browser does not ask.
import { useEffect } from 'react';

/**
 * How long a load the app starts is taken to be under way. Should it be stopped (the browser's Stop),
 * the question comes back after this.
 */
const OWN_LOAD_MS = 3000;
let ownLoadAt = Number.NEGATIVE_INFINITY;

/** The page is about to load the app again, keeping what the tab holds: no question. */
export function leavingWithinTheApp() {
  ownLoadAt = Date.now();
}

export function reload() {
  leavingWithinTheApp();
  location.reload();
}

/** While `holding`, the browser asks before the tab closes or leaves the app, in its own words. */
export function useAskBeforeLeaving(holding: boolean) {
  useEffect(() => {
    if (!holding) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (Date.now() - ownLoadAt < OWN_LOAD_MS) return;
      event.preventDefault();
      // Chrome and Edge before 119 ask only when this is set too.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [holding]);
}
