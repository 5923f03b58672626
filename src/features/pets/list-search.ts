import * as z from 'zod/mini';
import { PET_STATUSES, type PetStatus } from './pet.ts';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 20;

/** The pets list's state, which lives only in the URL: `?status=sold&limit=50&cursor=…`. */
export interface PetListSearch {
  status: PetStatus | undefined;
  limit: number;
  cursor: string | undefined;
}

// Nonsense in the URL falls back to the defaults, so the service never gets a bad request from it.
const SearchSchema = z.object({
  status: z.catch(z.optional(z.enum(PET_STATUSES)), undefined),
  limit: z.catch(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), DEFAULT_PAGE_SIZE),
  cursor: z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(200))), undefined),
});

export function parseListSearch(params: URLSearchParams): PetListSearch {
  const { status, limit, cursor } = SearchSchema.parse({
    status: params.get('status') ?? undefined,
    limit: params.get('limit') ?? undefined,
    cursor: params.get('cursor') ?? undefined,
  });
  return { status, limit, cursor };
}

/** The URL for a list state, leaving out what is the default. */
export function toSearchParams({ status, limit, cursor }: PetListSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (limit !== DEFAULT_PAGE_SIZE) params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return params;
}
