import { memo, startTransition, useEffect, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { appPath, browserPath, paths } from '../../../config/paths.ts';
import type { Sort, SortKey } from '../list-search.ts';
import type { Pet } from '../pet.ts';
import { StatusText } from './status-text.tsx';

const SKELETON_ROWS = 5;
/** Rows new to the table drawn in the first frame after the list changes: more than a screen holds. */
const FIRST_FRAME_ROWS = 24;
const COLUMNS: { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: 'id', label: 'ID', numeric: true },
  { key: 'name', label: 'Name' },
  { key: 'category', label: 'Category ID', numeric: true },
  { key: 'status', label: 'Status' },
];

/** Whether a row drawn for `a` shows exactly what one for `b` would. */
const drawnAlike = (a: Pet, b: Pet) =>
  a.id === b.id && a.name === b.name && a.categoryId === b.categoryId && a.status === b.status;

/**
 * One row per pet, its name the one link (Tab moves row by row). Rows are memoized by what they
 * show: a new filter, page size or sort re-renders only the rows that change, even when the pets
 * come from another page's answer. That holds because a row's link is a plain `<a>`, followed by
 * the table (below): a router `Link` reads the location, so every change of the address would
 * re-render all of them. Below 40rem each row is a card (CSS).
 */
const PetRow = memo(
  function PetRow({ pet }: { pet: Pet }) {
    return (
      <tr>
        <td className="numeric" data-label="ID">
          {pet.id.toString()}
        </td>
        <td className="name-cell" data-label="Name">
          <a href={browserPath(paths.pet(pet.id))}>{pet.name}</a>
        </td>
        <td className="numeric" data-label="Category ID">
          {pet.categoryId.toString()}
        </td>
        <td data-label="Status">
          <StatusText status={pet.status} />
        </td>
      </tr>
    );
  },
  (before, after) => drawnAlike(before.pet, after.pet),
);

/**
 * The rows to draw now. A list is drawn in two steps: up to a screenful of rows new to the table in
 * the first frame (after the input, or as the page loads), the rest just after, as a transition
 * (React renders it in slices between frames, so no task blocks input for long). Rows already on
 * screen cost next to nothing (memoized), so they never count: a sort is drawn in one step. With
 * `allAtOnce`, the first rows after the placeholders are drawn in one step: a scroll position to be
 * restored needs the list's full height.
 */
function useRowsInSteps(pets: readonly Pet[] | undefined, allAtOnce: boolean): readonly Pet[] | undefined {
  const firstCount = (onScreen: readonly Pet[] | undefined) =>
    !pets ? 0 : allAtOnce && !onScreen ? pets.length : firstStep(onScreen ?? [], pets);
  const [drawn, setDrawn] = useState(() => ({ pets, count: firstCount(undefined) }));
  let count = drawn.count;
  if (pets !== drawn.pets) {
    count = firstCount(drawn.pets?.slice(0, drawn.count));
    setDrawn({ pets, count });
  }
  useEffect(() => {
    if (pets && count < pets.length) startTransition(() => setDrawn({ pets, count: pets.length }));
  }, [pets, count]);
  return pets && count < pets.length ? pets.slice(0, count) : pets;
}

/** How many of `next` to draw in the first step: all up to the screenful of rows not on screen yet. */
function firstStep(onScreen: readonly Pet[], next: readonly Pet[]): number {
  const drawnById = new Map(onScreen.map((pet) => [pet.id, pet]));
  let fresh = 0;
  let count = 0;
  for (const pet of next) {
    const there = drawnById.get(pet.id);
    if (!(there && drawnAlike(there, pet)) && ++fresh > FIRST_FRAME_ROWS) break;
    count++;
  }
  return count;
}

export function PetsTable({
  pets,
  allAtOnce = false,
  caption,
  busy,
  sort,
  onSort,
}: {
  pets: readonly Pet[] | undefined;
  /** Draw the first rows after the placeholders in one step (a scroll position waits for them). */
  allAtOnce?: boolean;
  caption: string;
  busy: boolean;
  sort: Sort | undefined;
  onSort: (sort: Sort) => void;
}) {
  const navigate = useNavigate();
  const rows = useRowsInSteps(pets, allAtOnce);
  // A plain click on a row's link is an in-app navigation; with a modifier key, or the middle
  // button, the browser does what it does with any link (a new tab, say).
  const followLink = (event: MouseEvent<HTMLTableSectionElement>) => {
    const link = (event.target as Element).closest('a');
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(appPath(link.pathname));
  };
  return (
    <table className="pets-table" aria-busy={busy}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {COLUMNS.map(({ key, label, numeric }) => {
            const sorted = sort?.key === key ? (sort.descending ? 'descending' : 'ascending') : undefined;
            return (
              <th key={key} scope="col" aria-sort={sorted} className={numeric ? 'numeric' : undefined}>
                <button
                  type="button"
                  className="sort-button"
                  onClick={() => onSort({ key, descending: sorted === 'ascending' })}
                >
                  {label}
                </button>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody onClick={followLink}>
        {rows
          ? rows.map((pet) => <PetRow key={pet.id.toString()} pet={pet} />)
          : Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <tr key={index} className="skeleton-row" aria-hidden="true">
                <td colSpan={4}>
                  <span className="skeleton" />
                </td>
              </tr>
            ))}
      </tbody>
    </table>
  );
}
