import * as z from 'zod/mini';
import { parseInt64 } from '../../../contract/int64.ts';
import { PET_STATUSES, type NewPet } from './pet.ts';

/**
 * The add-pet form's rules: the same the service enforces on `NewPet` (a name that is not blank, an
 * int64 category id, a known status), stated for people.
 */
export const petFormSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Enter a name.')),
  categoryId: z.string().check(
    z.trim(),
    z.minLength(1, 'Enter a category ID.'),
    z.regex(/^-?\d+$/, 'Enter a whole number, digits only.'),
    z.refine(
      (text) => parseInt64(text) !== undefined,
      'Enter a number between -9223372036854775808 and 9223372036854775807.',
    ),
  ),
  status: z.enum(PET_STATUSES, 'Choose a status.'),
});

export type PetFormValues = z.input<typeof petFormSchema>;
export type PetFormOutput = z.output<typeof petFormSchema>;

export const EMPTY_PET_FORM: PetFormValues = { name: '', categoryId: '', status: 'available' };

/** The request body for checked form values. */
export function toNewPet(values: PetFormOutput): NewPet {
  return { name: values.name, categoryId: BigInt(values.categoryId), status: values.status };
}

/** Which form field a service error code is about, when it names one. */
export const FIELD_BY_ERROR_CODE: Record<string, keyof PetFormValues> = {
  invalid_name: 'name',
  invalid_category_id: 'categoryId',
  invalid_status: 'status',
};
