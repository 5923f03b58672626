import { losslessJsonCodec, nativeJsonCodec, type JsonCodec } from '../../contract/json.ts';

let codec: Promise<JsonCodec> | undefined;

/**
 * A JSON reader and writer that keeps integers beyond 2^53 exact, as bigint. Browsers without JSON
 * source-text access load the lossless-json package (2.8 KB) on first use.
 */
export function losslessJson(): Promise<JsonCodec> {
  const native = nativeJsonCodec();
  codec ??= native ? Promise.resolve(native) : import('lossless-json').then((library) => losslessJsonCodec(library));
  return codec;
}
