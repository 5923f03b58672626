// int64, the format of every id in the contract: wider than a JS number can hold exactly (2^53).

const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

/** A plain decimal integer: no sign but `-`, no spaces, no fraction, no exponent, no hex. */
const DECIMAL_INTEGER = /^-?\d{1,19}$/;

export const isInt64 = (value: bigint): boolean => value >= INT64_MIN && value <= INT64_MAX;

/** Decimal text as an int64, or undefined when it is not a plain whole number in that range. */
export function parseInt64(text: string): bigint | undefined {
  if (!DECIMAL_INTEGER.test(text)) return undefined;
  const value = BigInt(text);
  return isInt64(value) ? value : undefined;
}
