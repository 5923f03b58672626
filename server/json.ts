import { isInteger, isSafeNumber, parse, stringify } from 'lossless-json';

// Integers beyond 2^53 become bigint instead of being silently rounded; int64 ids depend on it.
const parseNumber = (text: string): number | bigint =>
  isInteger(text) && !isSafeNumber(text) ? BigInt(text) : Number(text);

/** JSON.parse that keeps large integers exact. Throws on invalid JSON or absurd nesting. */
export function parseJson(text: string): unknown {
  return parse(text, undefined, parseNumber);
}

/** JSON.stringify that writes bigint as a plain JSON number. */
export function stringifyJson(value: unknown): string {
  return stringify(value) ?? 'null';
}
