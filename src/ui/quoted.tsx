/**
 * A name within a sentence, in quotes. It is isolated (`<bdi>`): a name written right to left, or
 * holding a direction mark, cannot turn the rest of the sentence round.
 */
export const Quoted = ({ text }: { text: string }) => (
  <>
    “<bdi>{text}</bdi>”
  </>
);
