import { parseInt64 } from '../../../contract/int64.ts';
import type { ApiErrorKind } from '../../api/api-error.ts';
import { sessionValue } from '../../lib/session.ts';
import { PET_STATUSES, type NewPet } from './pet.ts';
import type { PetFormValues } from './pet-form-schema.ts';

export const EMPTY_PET_FORM: PetFormValues = { name: '', categoryId: '', status: 'available' };

const isPetFormValues = (value: unknown): value is PetFormValues =>
  typeof value === 'object' &&
  value !== null &&
  ['name', 'categoryId', 'status'].every((key) => typeof (value as Record<string, unknown>)[key] === 'string');

/** What the add-pet form holds, kept as it is typed (see ui/use-form-draft.ts). */
export const petFormDraft = sessionValue('add-pet-draft', isPetFormValues, { draft: true });

/**
 * The pet the form sent, from when it goes until its answer is read, where the environment offers
 * no idempotency keys: a reload while it is on its way, or an answer lost, leaves a form that says
 * the pet may have been added, not one that sends it again as if it never went. A draft, as the
 * form's values are: it goes on with them to the next key. Kept as form values, which storage holds
 * as they are (an int64 is no JSON number).
 */
const unanswered = sessionValue(
  'add-pet-unanswered',
  (value): value is PetFormValues & { lostBy?: ApiErrorKind } => isPetFormValues(value),
  { draft: true },
);

export const unansweredPet = {
  // The form always sends a status.
  keep: (pet: NewPet) =>
    unanswered.save({ name: pet.name, categoryId: pet.categoryId.toString(), status: pet.status ?? 'available' }),
  /** Its answer was lost, and how (`ApiError.kind`): a 2xx that could not be read most likely added it. */
  lost(owner: string | undefined, lostBy: ApiErrorKind) {
    const kept = owner && unanswered.of(owner).load();
    if (kept) unanswered.of(owner).save({ ...kept, lostBy });
  },
  sent(): { pet: NewPet; lostBy?: ApiErrorKind } | undefined {
    const kept = unanswered.load();
    const categoryId = kept && parseInt64(kept.categoryId);
    if (!kept || categoryId === undefined) return undefined;
    const pet = { name: kept.name, categoryId, status: PET_STATUSES.find((each) => each === kept.status) };
    return { pet, ...(kept.lostBy ? { lostBy: kept.lostBy } : {}) };
  },
  /** Its answer was read, or the person dealt with it: `owner`'s, who sent it, if not whoever is signed in. */
  clear: (owner?: string) => (owner ? unanswered.of(owner) : unanswered).clear(),
};
