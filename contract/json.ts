import type * as LosslessJson from 'lossless-json';

// JSON.parse rounds integers beyond 2^53, and int64 ids can be that large. Both the app and the
// service read and write JSON through one of these codecs, which keep such integers exact as bigint.
//
// Runtimes with JSON source-text access (Chromium 114+, Firefox 135+, Safari 18.4+, Node 21+) need no
// extra code; elsewhere (Node 20, older browsers) the caller supplies the lossless-json package, which
// the app loads only when it has to.

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

type LosslessJsonLibrary = Pick<typeof LosslessJson, 'parse' | 'stringify'>;

interface SourceTextJson {
  rawJSON?: (text: string) => unknown;
}
const sourceTextJson = JSON as typeof JSON & SourceTextJson;
const INTEGER = /^-?\d+$/;

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
    parse: (text) =>
      JSON.parse(text, (_key, value: unknown, context?: { source?: string }) =>
        typeof value === 'number' && context?.source !== undefined ? readNumber(context.source, options) : value,
      ),
    stringify: (value) =>
      JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? rawJSON(item.toString()) : item)),
  };
}

/** The same codec on the lossless-json package, for runtimes without source-text access. */
export function losslessJsonCodec(library: LosslessJsonLibrary, options: JsonReadOptions = {}): JsonCodec {
  return {
    parse: (text) => library.parse(text, undefined, (number) => readNumber(number, options)),
    stringify: (value) => library.stringify(value) ?? 'null',
  };
}
