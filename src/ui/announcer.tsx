import { useEffect, useSyncExternalStore } from 'react';

// News that comes with a new screen ("Pet added.", "You have signed out."), or that no words on the
// screen change to say, is read out through one live region that is always there, outside the
// screens' `main`: screen readers often pass over a region made with its text, as a new screen's
// own would be.

interface Said {
  text: string;
  /** Each time anew: the same words said again are a new line in the region, read out again. */
  id: number;
}

let said: Said | undefined;
let lastId = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const read = () => said;
const say = (next: Said | undefined) => {
  said = next;
  listeners.forEach((listener) => listener());
};

/** Long enough to be read out; after it, the words are left to the screen, not said twice in browse mode. */
const SAID_FOR_MS = 5000;

/** Has screen readers say `text` once; what it returns takes it back before its time is up. */
export function announce(text: string): () => void {
  const mine = { text, id: ++lastId };
  const unsay = () => {
    clearTimeout(timer);
    if (said === mine) say(undefined);
  };
  say(mine);
  const timer = setTimeout(unsay, SAID_FOR_MS);
  return unsay;
}

/**
 * Takes back what is being said as the screen goes, whoever said it: read in browse mode on the
 * screen that takes its place, a word about a field no longer there would mislead. (That screen's own
 * words come after: its effects run once this one's cleanups have.)
 */
export const useUnsayOnLeaving = () => useEffect(() => () => say(undefined), []);

/** Has screen readers say `text` once, as the screen that shows it opens. */
export function useAnnouncement(text: string | undefined) {
  useEffect(() => (text === undefined ? undefined : announce(text)), [text]);
}

/** The live region, once in the app, beside every screen. */
export function Announcer() {
  const current = useSyncExternalStore(subscribe, read, read);
  // Nothing said outlives the region: a region mounted later starts empty.
  useEffect(() => () => say(undefined), []);
  return (
    <div className="visually-hidden" role="status">
      {current && <p key={current.id}>{current.text}</p>}
    </div>
  );
}

/**
 * Says a form's error about the field the focus is already in (Enter pressed there): a field the
 * focus moves to is read out with its error, and one the focus stays in says nothing new. In a modal
 * dialog, whose outside is inert, `say` is a live region of the dialog's own.
 */
export function sayWhereFocused(
  field: Element | null | undefined,
  error: string | undefined,
  say: (text: string) => void = announce,
) {
  if (error && field && document.activeElement === field) say(error);
}
