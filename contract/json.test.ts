import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fallbackJsonCodec, nativeJsonCodec, type JsonCodec, type JsonReadOptions } from './json.ts';

const BIG = '[9223372036854775807,-9223372036854775808,9007199254740993,{"a":"9007199254740993 in a string"}]';
const codecs: [string, (options?: JsonReadOptions) => JsonCodec | undefined][] = [
  ['the runtime JSON', nativeJsonCodec],
  ['the fallback', fallbackJsonCodec],
];

describe.each(codecs)('JSON through %s', (name, make) => {
  const codec = make();
  // Node 20 has no source-text access: the native codec exists from Node 21 on.
  const maybe = codec ? it : it.skip;

  maybe('reads integers beyond 2^53 exactly as bigint, and small ones as numbers', () => {
    expect(codec!.parse(BIG)).toEqual([
      9223372036854775807n,
      -9223372036854775808n,
      9007199254740993n,
      { a: '9007199254740993 in a string' },
    ]);
    expect(codec!.parse('{"id":42,"x":1.5,"s":"\\"9007199254740993\\""}')).toEqual({
      id: 42,
      x: 1.5,
      s: '"9007199254740993"',
    });
  });

  maybe('reads numbers of up to 16 digits as numbers, on the quick path and the careful one', () => {
    expect(codec!.parse('{"id":123456789012345,"n":-0,"x":1e400,"s":"no long digits"}')).toEqual({
      id: 123456789012345,
      n: -0,
      x: Infinity,
      s: 'no long digits',
    });
    // 16 digits, safe: the careful path (a long run of digits) still gives a number.
    expect(codec!.parse('{"id":9007199254740991,"s":"1234567890123456"}')).toEqual({
      id: 9007199254740991,
      s: '1234567890123456',
    });
  });

  maybe('writes bigint as plain JSON numbers', () => {
    expect(codec!.stringify({ id: 2n ** 63n - 1n, name: 'Rex', tags: [1n, 'a'] })).toBe(
      '{"id":9223372036854775807,"name":"Rex","tags":[1,"a"]}',
    );
    expect(codec!.stringify(undefined)).toBe('null');
  });

  maybe('keeps the text of numbers that are not plain integers, when asked', () => {
    const strict = make({ readNonInteger: (text) => ({ notAnInteger: text }) })!;
    expect(strict.parse('{"a":1e3,"b":1.0,"c":7,"d":"1e3"}')).toEqual({
      a: { notAnInteger: '1e3' },
      b: { notAnInteger: '1.0' },
      c: 7,
      d: '1e3',
    });
  });

  maybe('refuses what JSON.parse refuses, leading zeros of big numbers included', () => {
    for (const text of ['[012345678901234567890]', '{"a":}', '[1 2]', '', '"unterminated', '[9007199254740993']) {
      expect(() => codec!.parse(text), text).toThrow();
    }
  });

  maybe('reads what JSON.parse reads however deep it nests, the same on every runtime', () => {
    const deep = `{"a":${'['.repeat(30_000)}${']'.repeat(30_000)},"b":1}`;
    expect((codec!.parse(deep) as { b: number }).b).toBe(1);
  });

  maybe(`round-trips any JSON value with ${name}`, () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), (value, big) => {
        const text = JSON.stringify({ value, big: 0 }).replace('"big":0', `"big":${big}`);
        const parsed = codec!.parse(text) as { value: unknown; big: bigint | number };
        expect(BigInt(parsed.big)).toBe(big);
        expect(codec!.parse(codec!.stringify(parsed))).toEqual(parsed);
      }),
    );
  });
});
