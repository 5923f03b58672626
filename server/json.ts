import * as losslessJson from 'lossless-json';
import { losslessJsonCodec, nativeJsonCodec } from '../contract/json.ts';

const codec = nativeJsonCodec() ?? losslessJsonCodec(losslessJson);

/** JSON.parse that keeps large integers exact. Throws on invalid JSON or absurd nesting. */
export const parseJson = codec.parse;

/** JSON.stringify that writes bigint as a plain JSON number. */
export const stringifyJson = codec.stringify;
