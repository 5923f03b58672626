import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useNavigate, useSearchParams } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

const namesIn = (container: HTMLElement) =>
  Array.from(container.querySelectorAll('tbody a'), (link) => link.textContent);

/**
 * The table as the list shows it: its pets named in the address (`?list=`), changed as a filter
 * changes the list, by replacing the address; Back goes back.
 */
function ListOf({
  lists,
  onOpen = () => {},
}: {
  lists: Record<string, readonly Pet[]>;
  onOpen?: (path: string) => void;
}) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const sort: Sort | undefined = params.get('sort') ? { key: 'name', descending: true } : undefined;
  const pets = lists[params.get('list') ?? 'first'];
  return (
    <>
      <button type="button" onClick={() => setParams({ list: 'second' }, { replace: true })}>
        Filter
      </button>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
      <PetsTable
        pets={sort && pets ? [...pets].reverse() : pets}
        caption="All pets"
        busy={false}
        sort={sort}
        onSort={() => setParams({ list: params.get('list') ?? 'first', sort: 'name' }, { replace: true })}
        onOpen={onOpen}
      />
    </>
  );
}

const inRouter = (element: ReactElement, entries = ['/pets']) => (
  <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1} useTransitions={false}>
    <Routes>
      <Route path="/pets" element={element} />
    </Routes>
  </MemoryRouter>
);

describe('PetsTable', () => {
  it('shows each pet as a row: its id, its name as the one link, its category and its status in words', async () => {
    const opened: string[] = [];
    render(
      inRouter(
        <ListOf
          lists={{ first: [{ id: 9007199254740993n, name: 'Luna', categoryId: 3n, status: 'sold' }] }}
          onOpen={(path) => opened.push(path)}
        />,
      ),
    );
    const table = screen.getByRole('table', { name: 'All pets' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['ID', 'Name', 'Category ID', 'Status']);
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['9007199254740993', 'Luna', '3', 'Sold']);
    expect(within(row!).getAllByRole('link')).toHaveLength(1);
    await userEvent.click(within(row!).getByRole('link', { name: 'Luna' }));
    expect(opened).toEqual(['/pets/9007199254740993']);
  });

  it('where the environment names categories, shows names, and one it does not name as the pet page does', () => {
    const names = new Map([[2n, 'Cats']]);
    render(
      inRouter(
        <PetsTable
          pets={[
            { id: 1n, name: 'Tom', categoryId: 2n, status: 'available' },
            { id: 2n, name: 'Odd', categoryId: 7n, status: 'available' },
          ]}
          caption="All pets"
          busy={false}
          sort={undefined}
          onSort={() => {}}
          onOpen={() => {}}
          categoryName={(id) => names.get(id)}
        />,
      ),
    );
    expect(screen.getByRole('columnheader', { name: 'Category' })).toBeInTheDocument();
    const categories = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[2]!);
    expect(categories.map((cell) => cell.textContent)).toEqual(['Cats', 'Unnamed (ID 7)']);
    expect(categories.map((cell) => cell.title)).toEqual(['Cats (ID 2)', 'Unnamed (ID 7)']);
  });

  it('leaves a click with a modifier key to the browser (a new tab, say)', async () => {
    const opened: string[] = [];
    render(inRouter(<ListOf lists={{ first: petsNamed('Luna', 1) }} onOpen={(path) => opened.push(path)} />));
    const link = screen.getByRole('link', { name: 'Luna 1' });
    let defaultPrevented: boolean | undefined;
    link.addEventListener('click', (event) => {
      defaultPrevented = event.defaultPrevented;
      event.preventDefault();
    });
    await userEvent.keyboard('{Control>}');
    await userEvent.click(link);
    await userEvent.keyboard('{/Control}');
    expect(opened).toEqual([]);
    expect(defaultPrevented).toBe(false);
  });

  it('says which column it is sorted by, and keeps the focus on its button', async () => {
    render(inRouter(<ListOf lists={{ first: petsNamed('Luna', 3) }} />));
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('button', { name: 'Name' })).toHaveFocus();
    await waitFor(() => expect(namesIn(document.body)).toEqual(['Luna 3', 'Luna 2', 'Luna 1']));
  });
});

describe('PetsTable, the frame after a new list', () => {
  // Rendered as a browser renders, outside act(), which would run the deferred render before returning.
  let root: Root;
  let container: HTMLElement;
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  beforeEach(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
  });
  afterEach(() => {
    root.unmount();
    container.remove();
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  });
  const show = (lists: Record<string, readonly Pet[]>, entries?: string[]) =>
    flushSync(() => root.render(inRouter(<ListOf lists={lists} />, entries)));
  const press = (name: string) => flushSync(() => screen.getByRole('button', { name }).click());

  /** The first frame: the new list's top rows, none of the old list's, however many follow. */
  const expectTopOf = (list: readonly Pet[]) => {
    const names = namesIn(container);
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual(list.slice(0, names.length).map((pet) => pet.name));
  };

  it('shows the top of a new list at once, and every row right after, in order', async () => {
    const second = petsNamed('Milo', 100, 1000);
    show({ first: petsNamed('Luna', 100), second });
    press('Filter');
    expectTopOf(second);
    await waitFor(() => expect(namesIn(container)).toEqual(second.map((pet) => pet.name)));
  });

  it('leaves the focus where it was when a refresh adds pets above, however far down the list', () => {
    const first = petsNamed('Luna', 100);
    // A refresh: three new pets at the top, the rest as they were.
    const second = [...petsNamed('New', 3, 5000), ...first];
    show({ first, second });
    screen.getByRole('link', { name: 'Luna 100' }).focus();
    press('Filter');
    expect(namesIn(container)).toEqual(second.map((pet) => pet.name));
    expect(screen.getByRole('link', { name: 'Luna 100' })).toHaveFocus();
  });

  it('draws a new sort afresh, its top first', async () => {
    const first = petsNamed('Luna', 100);
    show({ first });
    press('Name');
    const reversed = [...first].reverse();
    expectTopOf(reversed);
    await waitFor(() => expect(namesIn(container)).toEqual(reversed.map((pet) => pet.name)));
  });

  it('draws the list gone back to whole at once, for the page to scroll back to where it was', () => {
    const first = petsNamed('Luna', 100);
    show({ first, second: petsNamed('Milo', 100, 1000) }, ['/pets', '/pets?list=second']);
    press('Back');
    expect(namesIn(container)).toEqual(first.map((pet) => pet.name));
  });
});
