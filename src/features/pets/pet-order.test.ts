import { describe, expect, it } from 'vitest';
import { quotedSearch, searchKey, sortPets } from './pet-order.ts';
import type { Pet } from './pet.ts';

const pets: Pet[] = [
  { id: 1n, name: 'A', categoryId: 9223372036854775807n, status: 'available' },
  { id: 2n, name: 'B', categoryId: 2n, status: 'available' },
  { id: 3n, name: 'C', categoryId: 1n, status: 'available' },
  { id: 4n, name: 'D', categoryId: 7n, status: 'available' },
];
const names = new Map([
  [1n, 'Dogs'],
  [2n, 'cats'],
]);
const ids = (sorted: readonly Pet[]) => sorted.map((pet) => pet.id);

describe('sorting by category', () => {
  it('orders by id where nothing is named', () => {
    expect(ids(sortPets(pets, { key: 'category', descending: false }))).toEqual([3n, 2n, 4n, 1n]);
  });

  it('orders by name where named, the named first, then the others by id', () => {
    const nameOf = (id: bigint) => names.get(id);
    expect(ids(sortPets(pets, { key: 'category', descending: false }, nameOf))).toEqual([2n, 3n, 4n, 1n]);
    expect(ids(sortPets(pets, { key: 'category', descending: true }, nameOf))).toEqual([1n, 4n, 3n, 2n]);
  });
});

describe('sorting by status', () => {
  it('orders by the word shown: a pet without a status, Unknown, after Sold from A to Z', () => {
    const statuses: Pet[] = [
      { id: 1n, name: 'A', categoryId: 1n },
      { id: 2n, name: 'B', categoryId: 1n, status: 'sold' },
      { id: 3n, name: 'C', categoryId: 1n, status: 'available' },
      { id: 4n, name: 'D', categoryId: 1n, status: 'pending' },
    ];
    expect(ids(sortPets(statuses, { key: 'status', descending: false }))).toEqual([3n, 4n, 2n, 1n]);
    expect(ids(sortPets(statuses, { key: 'status', descending: true }))).toEqual([1n, 2n, 4n, 3n]);
  });
});

describe('matching a search', () => {
  const finds = (name: string, typed: string) => searchKey(name).includes(searchKey(typed));

  it('ignores case and accents', () => {
    expect(finds('Zoë', 'zoe')).toBe(true);
    expect(finds('ZOE junior', 'zoë j')).toBe(true);
  });

  it('finds a name as the page shows it: invisible characters dropped, white space as one space', () => {
    expect(finds('Bel\u200Bla\u200D\u200C\uFEFF', 'Bella')).toBe(true);
    expect(finds('Line1\nLine2\tTab', 'line1 line2 tab')).toBe(true);
    expect(finds('Rex', 'Rexa')).toBe(false);
  });
});

describe('quoting a search', () => {
  it('leaves out what the match leaves out: direction marks and other invisible characters', () => {
    expect(quotedSearch('nobody\u202Eknown\u200B')).toBe('“nobodyknown”');
    expect(quotedSearch('Zoë junior')).toBe('“Zoë junior”');
  });
});
