import { describe, expect, it } from 'vitest';
import { parseListSearch, toSearchParams, type PetListSearch } from './list-search.ts';

const parse = (search: string) => parseListSearch(new URLSearchParams(search));
const DEFAULTS: PetListSearch = { status: undefined, limit: 20, q: '', sort: undefined, trail: [], page: 1 };

describe('the pets list URL', () => {
  it('reads status, page size, search, sort and the cursors walked', () => {
    expect(parse('status=sold&limit=50&q=rex&sort=-name&cursor=abc&cursor=d.e%2Ff&page=3')).toEqual({
      status: 'sold',
      limit: 50,
      q: 'rex',
      sort: { key: 'name', descending: true },
      trail: ['abc', 'd.e/f'],
      page: 3,
    });
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
    'cursor=a&cursor=',
    'cursor=a%20b',
    `cursor=${'x'.repeat(257)}`,
    'sort=age',
    'sort=--name',
    'page=0',
    'page=2',
    'q=%20%20',
  ])('falls back to the defaults for %s', (search) => {
    expect(parse(search)).toEqual(DEFAULTS);
  });

  it('leaves defaults out of the URL, and round-trips the rest', () => {
    expect(toSearchParams(DEFAULTS).toString()).toBe('');
    const search: PetListSearch = {
      status: 'pending',
      limit: 100,
      q: 'zoë',
      sort: { key: 'id', descending: false },
      trail: ['x', 'y.z'],
      page: 2,
    };
    expect(toSearchParams(search).toString()).toBe(
      'status=pending&limit=100&q=zo%C3%AB&sort=id&cursor=x&cursor=y.z&page=2',
    );
    expect(parseListSearch(toSearchParams(search))).toEqual(search);
  });
});
