import type { components } from '../contract/schema.gen.ts';

type PetStatus = components['schemas']['PetStatus'];

export interface DemoPet {
  name: string;
  categoryId: number;
  status?: PetStatus;
  /** Fields the contract does not name, returned with the pet. */
  extra?: Record<string, unknown>;
}

const NAMES = [
  'Biscuit',
  'Luna',
  'Pepper',
  'Milo',
  'Hazel',
  'Otis',
  'Clover',
  'Rocco',
  'Maple',
  'Ziggy',
  'Nala',
  'Basil',
  'Juniper',
  'Tofu',
  'Scout',
  'Willow',
  'Pickles',
  'Mochi',
  'Ginger',
  'Bruno',
  'Olive',
  'Kiwi',
  'Socks',
  'Poppy',
];
const STATUSES: PetStatus[] = ['available', 'pending', 'sold'];

/** Two dozen pets spread over every status and five categories. */
export const DEMO_PETS: readonly DemoPet[] = NAMES.map((name, index) => ({
  name,
  categoryId: (index % 5) + 1,
  status: STATUSES[index % 3]!,
}));

// Both near the top of the first page, newest first.
const WITHOUT_STATUS = new Set(['Olive', 'Ziggy']);
const IMPORTED = new Set(['Olive', 'Mochi']);

/**
 * The same pets as another implementation of the spec may hold them: some without a status (the
 * spec leaves the default open), some with a field the contract does not name.
 */
export const SPEC_DEMO_PETS: readonly DemoPet[] = DEMO_PETS.map(({ status, ...pet }) => ({
  ...pet,
  ...(WITHOUT_STATUS.has(pet.name) ? {} : { status }),
  ...(IMPORTED.has(pet.name) ? { extra: { tags: ['imported'] } } : {}),
}));
