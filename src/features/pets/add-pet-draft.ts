import { sessionValue } from '../../lib/session.ts';
import type { PetFormValues } from './pet-form-schema.ts';

export const EMPTY_PET_FORM: PetFormValues = { name: '', categoryId: '', status: 'available' };

/** What the add-pet form holds, kept as it is typed (see ui/use-form-draft.ts). */
export const petFormDraft = sessionValue(
  'add-pet-draft',
  (value): value is PetFormValues =>
    typeof value === 'object' &&
    value !== null &&
    ['name', 'categoryId', 'status'].every((key) => typeof (value as Record<string, unknown>)[key] === 'string'),
  { draft: true },
);
