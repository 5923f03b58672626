import { describe, expect, it } from 'vitest';
import { safeNextPath } from './paths.ts';

describe('safeNextPath', () => {
  it.each([
    ['/pets/3', '/pets/3'],
    ['/pets?status=sold', '/pets?status=sold'],
    ['//evil.example', undefined],
    ['/\\evil.example', undefined],
    ['/\t/evil.example', undefined],
    ['/\n/evil.example', undefined],
    ['/pets\u0000', undefined],
    ['https://evil.example', undefined],
    [null, undefined],
  ])('accepts only local paths: %j', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });
});
