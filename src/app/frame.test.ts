import { expect, it } from 'vitest';
import { paths } from '../config/paths.ts';
import { currentPage } from './frame.tsx';

it.each([
  ['/pets', ['page', undefined, undefined]],
  ['/pets/new', [undefined, 'page', undefined]],
  ['/pets/9223372036854775807', ['true', undefined, undefined]],
  ['/messages', [undefined, undefined, 'page']],
  ['/nowhere', [undefined, undefined, undefined]],
] as const)('marks the menu for %s: its own page, or the section holding it', (here, marks) => {
  expect([paths.pets, paths.addPet, paths.messages].map((to) => currentPage(here, to))).toEqual(marks);
});
