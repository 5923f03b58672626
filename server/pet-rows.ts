import { jsonCodec } from '../contract/json.ts';
import type { components } from '../contract/schema.gen.ts';

type Pet = components['schemas']['Pet'];
type PetStatus = components['schemas']['PetStatus'];

/** A pet as stored: perhaps without a status, and with `extra`, the fields the contract does not name. */
export interface PetRow {
  id: bigint;
  name: string;
  categoryId: bigint;
  status: PetStatus | null;
  extra: string | null;
}

// Extra fields are any JSON: fractions stay numbers, integers beyond 2^53 stay exact.
export const extraJson = jsonCodec();

export function toPet({ id, name, categoryId, status, extra }: PetRow): Pet {
  const pet: Pet = status === null ? { id, name, categoryId } : { id, name, categoryId, status };
  return extra === null ? pet : { ...pet, ...(extraJson.parse(extra) as object) };
}
