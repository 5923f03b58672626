// JSON.parse would round integers beyond 2^53; int64 ids and category ids can be that large.
// Browsers with JSON source-text access (Chromium 114+, Firefox 135+, Safari 18.4+) read and write
// them exactly with no extra code; older ones load lossless-json on first use instead.

interface ReviverContext {
  source?: string;
}
interface LosslessJson {
  rawJSON?: (text: string) => unknown;
}

const nativeJson = JSON as typeof JSON & LosslessJson;
const INTEGER = /^-?\d+$/;

export interface JsonCodec {
  parse(text: string): unknown;
  stringify(value: unknown): string;
}

const native: JsonCodec = {
  parse: (text) =>
    JSON.parse(text, (_key, value: unknown, context?: ReviverContext) =>
      typeof value === 'number' && !Number.isSafeInteger(value) && context?.source && INTEGER.test(context.source)
        ? BigInt(context.source)
        : value,
    ),
  stringify: (value) =>
    JSON.stringify(value, (_key, item: unknown) =>
      typeof item === 'bigint' ? nativeJson.rawJSON!(item.toString()) : item,
    ),
};

async function loadFallback(): Promise<JsonCodec> {
  const { isInteger, isSafeNumber, parse, stringify } = await import('lossless-json');
  const parseNumber = (text: string) => (isInteger(text) && !isSafeNumber(text) ? BigInt(text) : Number(text));
  return {
    parse: (text) => parse(text, undefined, parseNumber),
    stringify: (value) => stringify(value) ?? 'null',
  };
}

let codec: Promise<JsonCodec> | undefined;

/** A JSON reader and writer that keeps integers beyond 2^53 exact, as bigint. */
export function losslessJson(): Promise<JsonCodec> {
  codec ??= typeof nativeJson.rawJSON === 'function' ? Promise.resolve(native) : loadFallback();
  return codec;
}
