import { describe, expect, it } from 'vitest';
import { changeList, parseListSearch, searchOf, toSearchParams, type PetListSearch } from './list-search.ts';

const parse = (search: string) => parseListSearch(new URLSearchParams(search));
const DEFAULTS: PetListSearch = {
  status: undefined,
  category: undefined,
  limit: 20,
  q: '',
  sort: undefined,
  trail: [],
  page: 1,
};

describe('the pets list URL', () => {
  it('reads status, page size, search, sort and the links followed', () => {
    expect(
      parse(
        'status=sold&category=9223372036854775807&limit=50&q=rex&sort=-name&link=pets%3Fcursor%3Dabc&link=pets%3Fpage%3D3%26a%3Db&page=3',
      ),
    ).toEqual({
      status: 'sold',
      category: 9223372036854775807n,
      limit: 50,
      q: 'rex',
      sort: { key: 'name', descending: true },
      trail: ['pets?cursor=abc', 'pets?page=3&a=b'],
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
    'category=',
    'category=dogs',
    'category=1.5',
    'category=1e3',
    'category=9223372036854775808',
    'link=',
    'link=pets&link=',
    'link=pets%3Fa%20b',
    'link=%2Fv2%2Fpets',
    'link=..%2Fpets',
    'link=https%3A%2F%2Felsewhere.example%2Fpets',
    'link=%2F%2Felsewhere.example%2Fpets',
    `link=pets%3Fa%3D${'x'.repeat(2048)}`,
    'sort=age',
    'sort=--name',
    'page=0',
    'page=2',
    'q=%20%20',
  ])('falls back to the defaults for %s', (search) => {
    expect(parse(search)).toEqual(DEFAULTS);
  });

  it('cuts a search longer than 200 characters to its first 200, whole ones, rather than dropping it', () => {
    expect(parse(`q=${'x'.repeat(300)}`).q).toBe('x'.repeat(200));
    // Characters, not UTF-16 units: no emoji is cut in half.
    expect(parse(`q=a${encodeURIComponent('🐈'.repeat(250))}`).q).toBe(`a${'🐈'.repeat(199)}`);
    expect(parse(`q=${'x'.repeat(199)}%20%20y`).q).toBe('x'.repeat(199));
  });

  it('holds a search typed with a broken character as the address gives it back', () => {
    // Half an emoji, as a field's maxlength may leave it: the address writes it as U+FFFD.
    const typed = `${'x'.repeat(199)}${'🐈'.slice(0, 1)}`;
    const q = searchOf(typed);
    expect(q).toBe(`${'x'.repeat(199)}\uFFFD`);
    expect(parseListSearch(toSearchParams({ ...DEFAULTS, q })).q).toBe(q);
  });

  it('takes a search with no visible character for none, as it would match every name', () => {
    expect(searchOf(' \u200B\uFEFF ')).toBe('');
    expect(parse(`q=${encodeURIComponent('\u200B')}`).q).toBe('');
    expect(searchOf(' Bel\u200Bla ')).toBe('Bel\u200Bla');
  });

  it('leaves defaults out of the URL, and round-trips the rest', () => {
    expect(toSearchParams(DEFAULTS).toString()).toBe('');
    const search: PetListSearch = {
      status: 'pending',
      category: -3n,
      limit: 100,
      q: 'zoë',
      sort: { key: 'id', descending: false },
      trail: ['pets?cursor=x', 'pets?page=2&b=%2F'],
      page: 2,
    };
    expect(toSearchParams(search).toString()).toBe(
      'status=pending&category=-3&limit=100&q=zo%C3%AB&sort=id&link=pets%3Fcursor%3Dx&link=pets%3Fpage%3D2%26b%3D%252F&page=2',
    );
    expect(parseListSearch(toSearchParams(search))).toEqual(search);
  });
});

describe('a change to the list', () => {
  const third: PetListSearch = { ...DEFAULTS, q: 'rex', trail: ['pets?cursor=a', 'pets?cursor=b'], page: 3 };
  it.each([{ status: 'sold' as const }, { limit: 50 }, { q: 'milo' }, { status: undefined }])(
    'to %o starts from the first page',
    (patch) => expect(changeList(third, patch)).toMatchObject({ ...patch, trail: [], page: 1 }),
  );
  it.each([{ sort: { key: 'name' as const, descending: false } }, { category: 4n }, { category: undefined }])(
    'to %o stays on the page shown',
    (patch) => expect(changeList(third, patch)).toEqual({ ...third, ...patch }),
  );
});
