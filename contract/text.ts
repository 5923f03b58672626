/**
 * What makes a text readable: one character that is neither white space nor invisible (a format
 * character, such as a zero-width space). Pet names and messages must have one: the contract's
 * `pattern` for both, which a server test holds to this.
 */
export const VISIBLE_CHARACTER = /[^\p{White_Space}\p{Cf}]/u;

/**
 * What an API key may hold, one character: visible ASCII, no space, as `Authorization: Bearer <key>`
 * carries it. The service refuses to be set up with other keys; the app names any other character typed.
 */
export const KEY_CHARACTER = /[\x21-\x7E]/;
