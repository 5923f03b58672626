/**
 * What makes a text readable: one character that is neither white space nor invisible (a format
 * character, such as a zero-width space). Pet names and messages must have one: the contract's
 * `pattern` for both, which a server test holds to this.
 */
export const VISIBLE_CHARACTER = /[^\p{White_Space}\p{Cf}]/u;
