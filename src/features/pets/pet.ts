import * as z from 'zod/mini';
import type { components } from '../../api/schema.gen.ts';

export type Pet = components['schemas']['Pet'];
export type NewPet = components['schemas']['NewPet'];
export type PetStatus = components['schemas']['PetStatus'];

export const PET_STATUSES = ['available', 'pending', 'sold'] as const satisfies readonly PetStatus[];
// Fails to compile when the contract gains a status this list lacks.
const allStatusesListed: Exclude<PetStatus, (typeof PET_STATUSES)[number]> extends never ? true : never = true;
void allStatusesListed;

export const STATUS_LABELS: Record<PetStatus, string> = {
  available: 'Available',
  pending: 'Pending',
  sold: 'Sold',
};

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Decimal text as an int64, or undefined when it is not a whole number in that range. */
export function parseInt64(text: string): bigint | undefined {
  if (!/^-?\d+$/.test(text)) return undefined;
  const value = BigInt(text);
  return value >= INT64_MIN && value <= INT64_MAX ? value : undefined;
}

/** An int64 as the lossless JSON reader gives it: a safe number, or a bigint beyond 2^53. */
const int64 = z.pipe(
  z.union([z.bigint(), z.int()]),
  z.transform((value) => BigInt(value)),
);

// Typed against the contract: if the OpenAPI document changes Pet, this stops compiling.
const PetSchema: z.ZodMiniType<Pet, unknown> = z.object({
  id: int64,
  name: z.string(),
  categoryId: int64,
  // A status this app does not know yet is shown as unknown rather than failing the whole list.
  status: z.catch(z.optional(z.enum(PET_STATUSES)), undefined),
});
const PetsSchema = z.array(PetSchema);

export const readPet = (data: unknown): Pet => PetSchema.parse(data);
export const readPets = (data: unknown): Pet[] => PetsSchema.parse(data);
