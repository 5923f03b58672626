import type { Sort } from './list-search.ts';
import { statusLabel, type Pet } from './pet.ts';

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const compareBigint = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

type Compare = (a: Pet, b: Pet) => number;

const COMPARE: Record<Sort['key'], Compare> = {
  id: (a, b) => compareBigint(a.id, b.id),
  name: (a, b) => collator.compare(a.name, b.name),
  category: (a, b) => compareBigint(a.categoryId, b.categoryId),
  // As shown: a pet without a status, "Unknown", among the others by that word.
  status: (a, b) => collator.compare(statusLabel(a.status), statusLabel(b.status)),
};

/** Categories by name where named (the named ones first), then by id. */
const byCategoryName =
  (nameOf: (id: bigint) => string | undefined): Compare =>
  (a, b) => {
    const [nameA, nameB] = [nameOf(a.categoryId), nameOf(b.categoryId)];
    if (nameA !== undefined && nameB !== undefined) return collator.compare(nameA, nameB);
    if (nameA !== undefined || nameB !== undefined) return nameA === undefined ? 1 : -1;
    return compareBigint(a.categoryId, b.categoryId);
  };

/**
 * Pets in the order asked for: ids as int64, names by the person's locale, categories by the names
 * the environment gives them (`categoryName`) or else their ids; ties keep their order.
 */
export function sortPets(
  pets: readonly Pet[],
  sort: Sort | undefined,
  categoryName?: (id: bigint) => string | undefined,
): readonly Pet[] {
  if (!sort) return pets;
  const compare = sort.key === 'category' && categoryName ? byCategoryName(categoryName) : COMPARE[sort.key];
  return [...pets].sort((a, b) => (sort.descending ? compare(b, a) : compare(a, b)));
}

/**
 * Text for matching a search as a person reads it: case and accents ignored (`Zoë` is found by
 * `zoe`), invisible characters dropped (a zero-width space or a direction mark pasted into a name),
 * and any run of white space one space, as the page shows it (a line break included).
 */
export const searchKey = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\p{Diacritic}\p{Cf}]/gu, '')
    .replace(/\s+/gu, ' ')
    .toLocaleLowerCase();

/**
 * Whether a pet is one the list shows, searched by `q` and narrowed to `category`: the search on
 * screen and the export match alike. `nameKey`, the pet's searchKey, may be given when already made.
 */
export function listMatcher(q: string, category: bigint | undefined) {
  const key = searchKey(q);
  return (pet: Pet, nameKey = searchKey(pet.name)) =>
    nameKey.includes(key) && (category === undefined || pet.categoryId === category);
}

/**
 * A search as the sentences about it quote it: without the invisible characters the match leaves out
 * (see searchKey), a direction mark among them, which could turn the rest of the sentence round.
 */
export const quotedSearch = (q: string) => `“${q.replace(/\p{Cf}/gu, '')}”`;
