import * as z from 'zod/mini';
import { petStatusValues, type components } from '../../../contract/schema.gen.ts';

export type Pet = components['schemas']['Pet'];
export type NewPet = components['schemas']['NewPet'];
export type PetStatus = components['schemas']['PetStatus'];

export const PET_STATUSES = petStatusValues;

export const STATUS_LABELS: Record<PetStatus, string> = {
  available: 'Available',
  pending: 'Pending',
  sold: 'Sold',
};

/** A pet's status in words; a service built to the spec may send a pet without one. */
export const statusLabel = (status: PetStatus | undefined) => (status ? STATUS_LABELS[status] : 'Unknown');

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
