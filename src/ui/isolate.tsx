// Text from elsewhere (a pet's name) within the app's own words, set apart (isolated): written right
// to left, or holding a direction mark, it cannot turn the words around it round.

/** The text without isolate marks (U+2066–2069) of its own: one could close the isolate around it early. */
export const withoutIsolates = (text: string) => text.replace(/[\u2066-\u2069]/gu, '');

/** The text isolated within a sentence (`<bdi>`). */
export const Isolated = ({ text }: { text: string }) => <bdi>{withoutIsolates(text)}</bdi>;

/** The text isolated within a sentence, in quotes. */
export const Quoted = ({ text }: { text: string }) => (
  <>
    “<Isolated text={text} />”
  </>
);
