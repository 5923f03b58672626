import * as z from 'zod/mini';
import { parseInt64 } from '../../../contract/int64.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../../contract/limits.ts';
import { VISIBLE_CHARACTER } from '../../../contract/text.ts';
import { isKeptLink } from '../../api/links.ts';
import { PET_STATUSES, type PetStatus } from './pet.ts';

export const PAGE_SIZES = [10, PAGE_SIZE_DEFAULT, 50, PAGE_SIZE_MAX] as const;
const MAX_TRAIL = 100;

const SORT_KEYS = ['id', 'name', 'category', 'status'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export interface Sort {
  key: SortKey;
  descending: boolean;
}

/**
 * The pets list's state, which lives only in the URL:
 * `?status=sold&category=3&limit=50&q=rex&sort=-name&link=pets%3Fpage%3D2&page=2`, one `link` per page walked:
 * each is a `next` link of the service's, kept as it wrote it (see api/links.ts).
 */
export interface PetListSearch {
  status: PetStatus | undefined;
  /**
   * One category's pets among those read (the spec lists by status alone): the rows of the page
   * shown, or the matches of a search.
   */
  category: bigint | undefined;
  limit: number;
  /** Search by name; when set, the list is the matches among every pet the service lists. */
  q: string;
  sort: Sort | undefined;
  /** The service's `next` links followed to reach this page (the last one is this page's); none on page 1. */
  trail: string[];
  /** The page of search matches (the service's paging does not apply to them). */
  page: number;
}

/** The service's own text, but not unbounded: the URL must stay a URL. */
const MAX_LINK_LENGTH = 2048;
/** The longest search: a search is part of a name, and a longer one in a link is cut, not dropped. */
export const MAX_SEARCH_LENGTH = 200;

/**
 * A search as the address holds it: trimmed, cut to its first MAX_SEARCH_LENGTH characters (never
 * within one), and a broken character (half of one a field's `maxlength` cut) as U+FFFD, as the
 * address writes it; none at all without a visible character (a pasted zero-width space, say). What
 * is typed is compared with the address in this form.
 */
export const searchOf = (text: string) =>
  VISIBLE_CHARACTER.test(text)
    ? Array.from(text.trim(), (char) => (/^[\uD800-\uDFFF]$/.test(char) ? '\uFFFD' : char))
        .slice(0, MAX_SEARCH_LENGTH)
        .join('')
        .trim()
    : '';
const isTrailLink = (text: string) => text.length <= MAX_LINK_LENGTH && isKeptLink(text);

// Nonsense in the URL falls back to the defaults, so the service never gets a bad request from it.
const SearchSchema = z.object({
  status: z.catch(z.optional(z.enum(PET_STATUSES)), undefined),
  category: z.catch(z.optional(z.string().check(z.refine((text) => parseInt64(text) !== undefined))), undefined),
  limit: z.catch(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(PAGE_SIZE_MAX)), PAGE_SIZE_DEFAULT),
  q: z.catch(z.pipe(z.string(), z.transform(searchOf)), ''),
  sort: z.catch(z.optional(z.enum([...SORT_KEYS, ...SORT_KEYS.map((key) => `-${key}` as const)])), undefined),
  link: z.catch(
    z.pipe(
      z.array(z.string()),
      z.transform((links) => links.slice(-MAX_TRAIL)),
    ),
    [],
  ),
  page: z.catch(z.coerce.number().check(z.int(), z.minimum(1)), 1),
});

export function parseListSearch(params: URLSearchParams): PetListSearch {
  const { status, category, limit, q, sort, link, page } = SearchSchema.parse({
    status: params.get('status') ?? undefined,
    category: params.get('category') ?? undefined,
    limit: params.get('limit') ?? undefined,
    q: params.get('q') ?? '',
    sort: params.get('sort') ?? undefined,
    link: params.getAll('link'),
    page: params.get('page') ?? undefined,
  });
  const trail = link.every(isTrailLink) ? link : [];
  return {
    status,
    category: category === undefined ? undefined : parseInt64(category),
    limit,
    q,
    sort: sort && { key: sort.replace('-', '') as SortKey, descending: sort.startsWith('-') },
    trail,
    page: q ? page : 1,
  };
}

/** The URL for a list state, leaving out what is the default. */
export function toSearchParams({ status, category, limit, q, sort, trail, page }: PetListSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (category !== undefined) params.set('category', category.toString());
  if (limit !== PAGE_SIZE_DEFAULT) params.set('limit', String(limit));
  if (q) params.set('q', q);
  if (sort) params.set('sort', `${sort.descending ? '-' : ''}${sort.key}`);
  for (const link of trail) params.append('link', link);
  if (q && page > 1) params.set('page', String(page));
  return params;
}

/**
 * The list after a change: a new status, page size or search is a new list, shown from its first
 * page; a new sort or category orders or narrows the pets read, on the page shown.
 */
export function changeList(search: PetListSearch, patch: Partial<PetListSearch>): PetListSearch {
  const newList = 'status' in patch || 'limit' in patch || 'q' in patch;
  return { ...search, ...(newList && { trail: [], page: 1 }), ...patch };
}

/** The page of the service's list the list shows: the link that leads to it, or none for the first. */
export const currentLink = (search: PetListSearch): string | undefined => search.trail.at(-1);
