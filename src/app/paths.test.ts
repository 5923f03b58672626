import { describe, expect, it } from 'vitest';
import { candidateBasePaths, safeNextPath } from './paths.ts';

describe('candidateBasePaths', () => {
  it.each([
    ['/', ['/']],
    ['/sign-in', ['/']],
    ['/pets', ['/']],
    ['/pets/new', ['/']],
    ['/pets/42', ['/']],
    ['/messages', ['/']],
    ['/admin/', ['/admin/', '/']],
    ['/admin/index.html', ['/admin/']],
    ['/admin/pets/9007199254740993', ['/admin/']],
    ['/a/b/c/messages', ['/a/b/c/']],
    ['/pets/pets/3', ['/pets/']],
    ['/pets-admin/pets', ['/pets-admin/']],
    ['/admin/no/such/page', ['/admin/no/such/', '/admin/no/', '/admin/', '/']],
  ])('finds the base of %s: %s', (pathname, bases) => {
    expect(candidateBasePaths(pathname)).toEqual(bases);
  });
});

describe('safeNextPath', () => {
  it.each([
    ['/pets/3', '/pets/3'],
    ['/pets?status=sold', '/pets?status=sold'],
    ['//evil.example', undefined],
    ['/\\evil.example', undefined],
    ['https://evil.example', undefined],
    [null, undefined],
  ])('accepts only local paths: %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });
});
