// What the list's status line says: which part of the list is shown, never a total the service
// did not give.
import { PAGE_SIZE_MAX } from '../../../../contract/limits.ts';
import { count } from '../../../ui/words.ts';
import { READ_LIMIT } from '../api/list-pets.ts';
import { quotedSearch } from '../pet-order.ts';
import type { PetSearch } from '../api/use-pet-search.ts';
import type { CategoryNames } from '../categories.ts';
import type { PetListSearch, Sort, SortKey } from '../list-search.ts';
import { STATUS_LABELS, type PetStatus } from '../pet.ts';

/** The pets the search and the export reach when the service offers no way past its first pages. */
export const firstPagesOf = (status: PetStatus | undefined) =>
  status ? `the first page of the ${status} pets` : 'the first pages of the whole list and of each status';
/** That the service offers no way past what `firstPagesOf` names. */
export const noWayPast = (status: PetStatus | undefined) => `offers no way past ${status ? 'it' : 'them'}`;
/** What the list of a status is called, in the table's caption and while it loads. */
export const listedPets = (status: PetStatus | undefined) => (status ? `${STATUS_LABELS[status]} pets` : 'All pets');

const SORT_LABELS: Record<SortKey, string> = { id: 'ID', name: 'name', category: 'category ID', status: 'status' };
const NAMED_SORT_LABELS = { ...SORT_LABELS, category: 'category' };
/** Which sorts order words (A to Z), not numbers (lowest first). */
const TEXT_SORTS: Record<SortKey, boolean> = { id: false, name: true, category: false, status: true };

function sortNote(sort: Sort | undefined, scope: string, named = false): string {
  if (!sort) return '';
  const byText = TEXT_SORTS[sort.key] || (named && sort.key === 'category');
  const words = byText ? ['A to Z', 'Z to A'] : ['lowest first', 'highest first'];
  return ` Sorted by ${(named ? NAMED_SORT_LABELS : SORT_LABELS)[sort.key]} (${words[Number(sort.descending)]}), ${scope}.`;
}

/** The list narrowed to one category, among the pets of the page read (the service lists by status only). */
export function describeCategoryPage(
  shown: number,
  read: number,
  search: PetListSearch,
  names: CategoryNames,
  hasNext: boolean,
): string {
  const what = search.status ? `${STATUS_LABELS[search.status].toLowerCase()} pet` : 'pet';
  const pageNumber = search.trail.length + 1;
  // As describePage says it: which part of the list was read, never a total the service did not give.
  const among =
    pageNumber > 1
      ? `the ${count(read, what)} of page ${pageNumber}${hasNext ? '' : ', the end of the list'}`
      : hasNext || read >= search.limit
        ? `the first ${count(read, what)}`
        : count(read, what);
  const sorted = sortNote(search.sort, 'this page only', true);
  return `Showing ${names.label(search.category!)}: ${count(shown, 'pet')} among ${among}.${sorted}`;
}

/** A page of the list with no pets, searched for nothing: why, as the empty list says it. */
export function describeEmptyPage(search: PetListSearch): string {
  if (search.trail.length > 0) return 'No more pets past this point.';
  return search.status
    ? `No ${STATUS_LABELS[search.status].toLowerCase()} pets.`
    : 'There are no pets in the store yet.';
}

/** "a, b, or c". */
const eitherOf = new Intl.ListFormat('en', { type: 'disjunction' });

/**
 * A full first page with no link to a next one: the end of the list, or a service built to the
 * spec alone, which has no way past its first page. Where more pets may be found: on a longer page
 * and, from the whole list, in each status's first page, which the search reads too.
 */
function noNextPage({ status, limit }: PetListSearch, what: string): string {
  const ways = [
    limit < PAGE_SIZE_MAX && 'show more rows per page',
    !status && 'pick a status',
    !status && 'search by name',
  ].filter((way) => way !== false);
  if (ways.length === 0) return 'The service offers no next page.';
  return `The service offers no next page: if the store has more ${what}s, ${eitherOf.format(ways)}.`;
}

/**
 * What the list shows, without inventing a total the service never gave. A first page shorter than
 * asked for is not said to be all: the interface calls `limit` a maximum, and a service may list
 * fewer while holding more.
 */
export function describePage(rows: number, search: PetListSearch, hasNext: boolean, named: boolean): string {
  if (rows === 0) return describeEmptyPage(search);
  const what = search.status ? `${STATUS_LABELS[search.status].toLowerCase()} pet` : 'pet';
  const pageNumber = search.trail.length + 1;
  const sorted = sortNote(search.sort, 'this page only: the service decides which pets are on each page', named);
  if (pageNumber > 1) {
    return `Page ${pageNumber}: ${count(rows, `more ${what}`, `more ${what}s`)}${hasNext ? '' : ', the end of the list'}.${sorted}`;
  }
  if (hasNext) return `Showing the first ${count(rows, what)}.${sorted}`;
  if (rows >= search.limit) return `Showing the first ${count(rows, what)}. ${noNextPage(search, what)}${sorted}`;
  return `Showing ${count(rows, what)}.${sorted}`;
}

export function describeSearch(matches: number, search: PetListSearch, scan: PetSearch, names: CategoryNames): string {
  const among = scan.firstPagesOnly
    ? `${count(scan.lookedThrough, 'pet')} of ${firstPagesOf(search.status)} (this service ${noWayPast(search.status)})`
    : scan.capped
      ? `the first ${READ_LIMIT.toLocaleString()} pets (searching stops there)`
      : `${count(scan.lookedThrough, 'pet')} looked through`;
  const inCategory = search.category === undefined ? '' : `, of ${names.label(search.category)},`;
  const found = `${count(matches, 'pet')}${inCategory} named like ${quotedSearch(search.q)}`;
  if (scan.stopped) return `Stopped after looking through ${count(scan.lookedThrough, 'pet')}: ${found} so far.`;
  if (scan.searching) return `Looked through ${count(scan.lookedThrough, 'pet')} so far: ${found}…`;
  return `${found}, among ${among}.${sortNote(search.sort, 'all matches', names.named)}`;
}
