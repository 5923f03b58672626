import { jsonCodec } from '../contract/json.ts';

/** A number written as `1.0` or `1e3`: kept as text, so no integer field of the contract takes it. */
class NotAnInteger {
  constructor(readonly text: string) {}
}

const codec = jsonCodec({ readNonInteger: (text) => new NotAnInteger(text) });

/** JSON.parse that keeps large integers exact. Throws on invalid JSON or absurd nesting. */
export const parseJson = codec.parse;

/** JSON.stringify that writes bigint as a plain JSON number. */
export const stringifyJson = codec.stringify;
