import * as z from 'zod/mini';
import { parseInt64 } from '../../../contract/int64.ts';
import { VISIBLE_CHARACTER } from '../../../contract/text.ts';
import { isApiError } from '../../api/api-error.ts';
import type { ServiceLimits } from '../../config/config.ts';
import { PET_STATUSES, type NewPet } from './pet.ts';

const name = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Enter a name.'),
    z.regex(VISIBLE_CHARACTER, 'Enter a name with at least one letter or digit.'),
  );

/**
 * A category id as typed: an int64, leading zeros (00000000000000000001) and all, or undefined. By
 * its value, not its length, though never read past the 19 digits an int64 has.
 */
export const parseCategoryId = (text: string): bigint | undefined =>
  parseInt64(text.trim().replace(/^(-?)0+(?=\d)/, '$1'));

/**
 * The add-pet form's rules, stated for people: those of the spec's `NewPet` (a name, an int64
 * category id, a known status), and a longest name where the environment declares one. Anything
 * else a service refuses, its own 400 says.
 */
export const petFormSchema = ({ petNameMaxLength }: ServiceLimits = {}) =>
  z.object({
    name: petNameMaxLength
      ? name.check(
          z.maxLength(petNameMaxLength, {
            // Counted as the limit counts them, by character, after trimming.
            error: ({ input }) =>
              `Keep the name to ${petNameMaxLength} characters or fewer: it has ${[...String(input)].length.toLocaleString()}.`,
          }),
        )
      : name,
    categoryId: z.string().check(
      z.trim(),
      z.minLength(1, 'Enter a category ID.'),
      z.regex(/^-?\d+$/, 'Enter a whole number: digits only, with a minus sign first if it is negative.'),
      z.refine(
        (text) => !/^-?\d+$/.test(text) || parseCategoryId(text) !== undefined,
        'Enter a number between -9223372036854775808 and 9223372036854775807.',
      ),
    ),
    status: z.enum(PET_STATUSES, 'Choose a status.'),
  });

type PetFormSchema = ReturnType<typeof petFormSchema>;
export type PetFormValues = z.input<PetFormSchema>;
type PetFormOutput = z.output<PetFormSchema>;

/** The request body for checked form values. */
export function toNewPet(values: PetFormOutput): NewPet {
  return { name: values.name, categoryId: parseCategoryId(values.categoryId)!, status: values.status };
}

const FIELD_BY_ERROR_CODE: Record<string, keyof PetFormValues> = {
  invalid_name: 'name',
  invalid_category_id: 'categoryId',
  invalid_status: 'status',
};

/** The form field a 400 from the service is about, when its code names one. */
export function fieldOfError(error: unknown): keyof PetFormValues | undefined {
  return isApiError(error) && error.status === 400 ? FIELD_BY_ERROR_CODE[error.code] : undefined;
}
