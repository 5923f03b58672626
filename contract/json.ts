// JSON.parse rounds integers beyond 2^53, and int64 ids can be that large. Both the app and the
// service read and write JSON through one of these codecs, which keep such integers exact as bigint.
//
// Runtimes with JSON source-text access (Chromium 114+, Firefox 135+, Safari 18.4+, Node 21+) need no
// extra code; elsewhere (Node 20, older browsers) `jsonCodec` marks the numbers that need care before
// JSON.parse sees them: a few lines that read no number twice, tested on both paths (json.test.ts).

export interface JsonCodec {
  parse(text: string): unknown;
  stringify(value: unknown): string;
}

export interface JsonReadOptions {
  /**
   * What a number becomes whose text is not a plain decimal integer (`1.0`, `1e3`): by default the
   * number itself. The service keeps the text instead, so that `"categoryId": 1e3` is refused.
   */
  readNonInteger?: (text: string) => unknown;
}

interface SourceTextJson {
  rawJSON?: (text: string) => unknown;
}
const sourceTextJson = JSON as typeof JSON & SourceTextJson;
const INTEGER = /^-?\d+$/;
/**
 * Every integer of at most 15 digits is safe, so a text with no longer run of digits (the usual
 * answer: small ids, names, statuses) reads the same through plain JSON.parse, about ten times as fast
 * as through a reviver. A long run anywhere, in a string too, takes the careful path.
 */
const LONG_DIGIT_RUN = /\d{16}/;
const needsNoCare = (text: string, { readNonInteger }: JsonReadOptions) =>
  readNonInteger === undefined && !LONG_DIGIT_RUN.test(text);

const readNumber = (text: string, { readNonInteger }: JsonReadOptions): unknown => {
  if (!INTEGER.test(text)) return readNonInteger ? readNonInteger(text) : Number(text);
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : BigInt(text);
};

/** The codec built on the runtime's own JSON, or undefined where it has no source-text access. */
export function nativeJsonCodec(options: JsonReadOptions = {}): JsonCodec | undefined {
  const { rawJSON } = sourceTextJson;
  if (typeof rawJSON !== 'function') return undefined;
  return {
    parse(text) {
      if (needsNoCare(text, options)) return JSON.parse(text);
      try {
        return JSON.parse(text, (_key, value: unknown, context?: { source?: string }) =>
          typeof value === 'number' && context?.source !== undefined ? readNumber(context.source, options) : value,
        );
      } catch (error) {
        // A reviver walks the value recursively, and thousands of nested arrays exhaust the stack
        // where JSON.parse alone does not: read those as the fallback does, the same on every runtime.
        if (error instanceof RangeError) return fallbackJsonCodec(options).parse(text);
        throw error;
      }
    },
    stringify: (value) =>
      JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? rawJSON(item.toString()) : item)) ??
      'null',
  };
}

// A JSON string (skipped whole) or a JSON number, by the grammar of RFC 8259.
const TOKENS = /"(?:[^"\\]|\\.)*"|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/** The same codec without source-text access: numbers that need care travel as marked strings. */
export function fallbackJsonCodec(options: JsonReadOptions = {}): JsonCodec {
  // No JSON text holds this prefix: it is made anew for each page or process.
  const marker = `\u2063number:${Math.random().toString(36).slice(2)}:`;
  const markedNumber = new RegExp(`"${marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(-?\\d+)"`, 'g');
  const needsCare = (token: string) =>
    INTEGER.test(token) ? !Number.isSafeInteger(Number(token)) : options.readNonInteger !== undefined;
  return {
    parse(text) {
      if (needsNoCare(text, options)) return JSON.parse(text);
      let marked = false;
      const prepared = text.replace(TOKENS, (token) => {
        if (token.startsWith('"') || !needsCare(token)) return token;
        marked = true;
        return `"${marker}${token}"`;
      });
      if (!marked) return JSON.parse(text);
      return JSON.parse(prepared, (_key, value: unknown) =>
        typeof value === 'string' && value.startsWith(marker) ? readNumber(value.slice(marker.length), options) : value,
      );
    },
    stringify(value) {
      let marked = false;
      const text =
        JSON.stringify(value, (_key, item: unknown) => {
          if (typeof item !== 'bigint') return item;
          // Most ids are small: those are plain numbers, and the text needs no second pass.
          if (item >= Number.MIN_SAFE_INTEGER && item <= Number.MAX_SAFE_INTEGER) return Number(item);
          marked = true;
          return `${marker}${item}`;
        }) ?? 'null';
      return marked ? text.replace(markedNumber, '$1') : text;
    },
  };
}

/** The codec for this runtime: its own JSON where it keeps int64 exact, the fallback elsewhere. */
export const jsonCodec = (options: JsonReadOptions = {}): JsonCodec =>
  nativeJsonCodec(options) ?? fallbackJsonCodec(options);
