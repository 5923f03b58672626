import { describe, expect, it } from 'vitest';
import { parseListSearch, toSearchParams } from './list-search.ts';

const parse = (search: string) => parseListSearch(new URLSearchParams(search));

describe('the pets list URL', () => {
  it('reads status, page size and position', () => {
    expect(parse('status=sold&limit=50&cursor=abc')).toEqual({ status: 'sold', limit: 50, cursor: 'abc' });
  });

  it.each([
    'limit=0',
    'limit=101',
    'limit=-1',
    'limit=abc',
    'limit=1.5',
    'limit=',
    'status=lost',
    'status=',
    'cursor=',
  ])('falls back to the defaults for %s', (search) => {
    expect(parse(search)).toEqual({ status: undefined, limit: 20, cursor: undefined });
  });

  it('leaves defaults out of the URL', () => {
    expect(toSearchParams({ status: undefined, limit: 20, cursor: undefined }).toString()).toBe('');
    expect(toSearchParams({ status: 'pending', limit: 100, cursor: 'x' }).toString()).toBe(
      'status=pending&limit=100&cursor=x',
    );
  });
});
