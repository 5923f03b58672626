import type { components } from '../contract/schema.gen.ts';

type PetStatus = components['schemas']['PetStatus'];

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
export const DEMO_PETS = NAMES.map((name, index) => ({
  name,
  categoryId: (index % 5) + 1,
  status: STATUSES[index % 3]!,
}));
