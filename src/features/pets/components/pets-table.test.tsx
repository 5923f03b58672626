import { render, screen, waitFor, within } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Sort } from '../list-search.ts';
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

describe('PetsTable, the first rows after the placeholders', () => {
  // Rendered as a browser renders, outside act(), which would run the second step before returning.
  let root: Root;
  let container: HTMLElement;
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  beforeEach(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    root.unmount();
    container.remove();
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  });
  const draw = (pets: readonly Pet[] | undefined, { sort, returnTo }: { sort?: Sort; returnTo?: string } = {}) =>
    flushSync(() =>
      root.render(
        <MemoryRouter>
          <PetsTable pets={pets} returnTo={returnTo} caption="All pets" busy={false} sort={sort} onSort={() => {}} />
        </MemoryRouter>,
      ),
    );
  // The table on screen: not the one a new list leaves hidden until it is drawn whole.
  const drawnNames = () =>
    Array.from(container.querySelectorAll(':not([aria-hidden="true"]) > table > tbody a'), (link) => link.textContent);
  const hundred = petsNamed('Luna', 100);

  it('draws the rows that reach the bottom of the window first, the rest right after, in order', async () => {
    draw(undefined);
    // The body starts 300 px down a 700 px window: 400 px, at 40 px (2.5rem) the row, is 10 rows.
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(700);
    vi.spyOn(HTMLTableSectionElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 300, 800, 200));
    draw(hundred);
    expect(drawnNames()).toEqual(hundred.slice(0, 10).map((pet) => pet.name));
    await waitFor(() => expect(drawnNames()).toEqual(hundred.map((pet) => pet.name)));
  });

  it('draws every row down to the bottom of the window when the table is scrolled into', async () => {
    draw(hundred, { returnTo: 'entry' });
    // Scrolled 1,000 px into the body: rows up to 1,700 px from its top are on screen or above it.
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(700);
    vi.spyOn(HTMLTableSectionElement.prototype, 'getBoundingClientRect').mockReturnValue(
      new DOMRect(0, -1000, 800, 4000),
    );
    const others = petsNamed('Milo', 100, 1000);
    draw(others);
    expect(drawnNames()).toEqual(others.slice(0, 43).map((pet) => pet.name));
    await waitFor(() => expect(drawnNames()).toEqual(others.map((pet) => pet.name)));
  });

  it('keeps the old table, hidden, until a list that replaces it is whole, then removes it at once', async () => {
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(700);
    vi.spyOn(HTMLTableSectionElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 300, 800, 200));
    draw(hundred, { returnTo: 'entry' });
    const oldRows = [...container.querySelectorAll('tbody tr')];
    const removed: Node[] = [];
    const observer = new MutationObserver((records) => removed.push(...records.flatMap((r) => [...r.removedNodes])));
    observer.observe(container, { childList: true, subtree: true });
    const others = petsNamed('Milo', 100, 1000);
    draw(others);
    // The first step: the new table first, the old one after it, hidden from everyone, its rows the
    // very elements they were.
    const [shown, leaving] = container.querySelectorAll('table');
    expect(screen.getByRole('table')).toBe(shown);
    expect(leaving!.closest('[aria-hidden="true"]')).toHaveClass('leaving');
    const keptRows = [...leaving!.tBodies[0]!.rows];
    expect(keptRows).toHaveLength(oldRows.length);
    keptRows.forEach((row, index) => expect(row).toBe(oldRows[index]));
    expect(drawnNames()).toEqual(others.slice(0, 10).map((pet) => pet.name));
    expect(removed).toEqual([]);
    await waitFor(() => expect(drawnNames()).toEqual(others.map((pet) => pet.name)));
    observer.disconnect();
    expect(removed).toHaveLength(1);
    expect(removed[0]).toBe(leaving!.parentElement);
    expect(container.querySelectorAll('table')).toHaveLength(1);
  });

  it('keeps the focus on a sort button when a list that replaces the rows arrives', async () => {
    draw(hundred, { returnTo: 'entry' });
    const button = screen.getByRole('button', { name: 'Name' });
    button.focus();
    const others = petsNamed('Milo', 100, 1000);
    draw(others);
    await waitFor(() => expect(drawnNames()).toEqual(others.map((pet) => pet.name)));
    expect(container.querySelectorAll('table')).toHaveLength(1);
    expect(document.activeElement).toBe(button);
    expect(button.isConnected).toBe(true);
  });

  it('draws a new sort afresh, a screenful first, instead of moving every row', async () => {
    draw(hundred, { returnTo: 'entry' });
    const removed: Node[] = [];
    const observer = new MutationObserver((records) => removed.push(...records.flatMap((r) => [...r.removedNodes])));
    observer.observe(container, { childList: true, subtree: true });
    const reversed = [...hundred].reverse();
    draw(reversed, { sort: { key: 'name', descending: true } });
    const first = drawnNames();
    expect(first.length).toBeLessThan(100);
    expect(first).toEqual(reversed.slice(0, first.length).map((pet) => pet.name));
    await waitFor(() => expect(drawnNames()).toEqual(reversed.map((pet) => pet.name)));
    observer.disconnect();
    expect(removed.map((node) => node.nodeName)).toEqual(['TBODY']);
  });

  it('moves the rows of a new sort instead when one of them has the keyboard focus', async () => {
    draw(hundred, { returnTo: 'entry' });
    const link = container.querySelector<HTMLAnchorElement>('tbody tr:nth-child(50) a')!;
    link.focus();
    const reversed = [...hundred].reverse();
    draw(reversed, { sort: { key: 'name', descending: true } });
    expect(drawnNames()).toEqual(reversed.map((pet) => pet.name));
    expect(document.activeElement).toBe(link);
  });

  it('draws the first list after Back or Forward in one step, for the page to scroll back', () => {
    draw(hundred, { returnTo: 'page-2' });
    const pageOne = petsNamed('Milo', 100, 1000);
    draw(pageOne, { returnTo: 'page-1' });
    expect(drawnNames()).toEqual(pageOne.map((pet) => pet.name));
  });

  it('keeps the row of a pet still in the list, and the keyboard focus on its link', async () => {
    draw(hundred, { returnTo: 'entry' });
    const link = container.querySelector<HTMLAnchorElement>('tbody tr:nth-child(50) a')!;
    link.focus();
    // Every other pet is new, and the focused one comes last, past the first step, renamed.
    const next = [...petsNamed('Milo', 99, 1000), { ...hundred[49]!, name: 'Luna, renamed' }];
    draw(next);
    await waitFor(() => expect(drawnNames()).toEqual(next.map((pet) => pet.name)));
    expect(document.activeElement).toBe(link);
    expect(link.isConnected).toBe(true);
  });

  it('draws them all in one frame when a scroll position waits for the full height', () => {
    draw(undefined);
    draw(hundred, { returnTo: 'entry' });
    expect(drawnNames()).toEqual(hundred.map((pet) => pet.name));
  });
});
