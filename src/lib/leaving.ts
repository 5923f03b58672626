// What lives only in the tab's sessionStorage (pets waiting to be sent) is lost when the tab closes,
// and waits unsent while the tab is on another site: the browser can ask first (`beforeunload`). It
// cannot tell those from a reload or a load of the app's own address, which keep it all, so the
// app's own say so here.
import { useEffect } from 'react';

let withinTheApp = false;

/** The page is about to load the app again, keeping what the tab holds: no question. */
export function leavingWithinTheApp() {
  withinTheApp = true;
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
      if (!withinTheApp) event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [holding]);
}
