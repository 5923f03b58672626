import { losslessJsonCodec, nativeJsonCodec, type JsonCodec } from '../../contract/json.ts';

let codec: Promise<JsonCodec> | undefined;

/**
 * The JSON reader and writer of every request (see contract/json.ts). Browsers without JSON
 * source-text access load the lossless-json package (2.8 KB) the first time.
 */
export function loadJsonCodec(): Promise<JsonCodec> {
  const native = nativeJsonCodec();
  codec ??= native ? Promise.resolve(native) : import('lossless-json').then((library) => losslessJsonCodec(library));
  return codec;
}
