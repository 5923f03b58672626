import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Pet } from '../pet.ts';
import { PetsTable } from './pets-table.tsx';

const petsNamed = (prefix: string, count: number, firstId = 1): Pet[] =>
  Array.from({ length: count }, (_, i) => ({
    id: BigInt(firstId + i),
    name: `${prefix} ${i + 1}`,
    categoryId: 1n,
    status: 'available',
  }));

function renderTable(pets: readonly Pet[]) {
  const table = (list: readonly Pet[]) => (
    <MemoryRouter>
      <PetsTable pets={list} caption="All pets" busy={false} sort={undefined} onSort={() => undefined} />
    </MemoryRouter>
  );
  const { rerender } = render(table(pets));
  return (next: readonly Pet[]) => rerender(table(next));
}

const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('link').textContent);

describe('PetsTable', () => {
  it('draws a list that replaces the one on screen whole, in its order, however many rows are new', () => {
    const show = renderTable(petsNamed('Old', 100));
    expect(names()).toHaveLength(100);

    show(petsNamed('New', 100, 1000));
    expect(names()).toEqual(petsNamed('New', 100).map((pet) => pet.name));

    // Half of them again, as another page's answer: equal pets in new objects.
    show(petsNamed('New', 50, 1000));
    expect(names()).toEqual(petsNamed('New', 50).map((pet) => pet.name));

    // Fresh rows first, then the ones already drawn, reversed.
    const mixed = [...petsNamed('Fresh', 60, 5000), ...petsNamed('New', 50, 1000).reverse()];
    show(mixed);
    expect(names()).toEqual(mixed.map((pet) => pet.name));
  });

  it('shows what changed in a pet that is drawn again', () => {
    const [pet] = petsNamed('Luna', 1);
    const show = renderTable([pet!]);
    show([{ ...pet!, name: 'Luna the second', status: 'sold' }]);
    expect(names()).toEqual(['Luna the second']);
    expect(screen.getByRole('cell', { name: 'Sold' })).toBeVisible();
  });
});
