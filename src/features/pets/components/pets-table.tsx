import { memo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { appPath, browserPath, paths } from '../../../config/paths.ts';
import type { Sort, SortKey } from '../list-search.ts';
import type { Pet } from '../pet.ts';
import { StatusText } from './status-text.tsx';

const SKELETON_ROWS = 5;
const COLUMNS: { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: 'id', label: 'ID', numeric: true },
  { key: 'name', label: 'Name' },
  { key: 'category', label: 'Category ID', numeric: true },
  { key: 'status', label: 'Status' },
];

/**
 * One row per pet, its name the one link (Tab moves row by row). Rows are memoized: a new filter,
 * page size or sort re-renders only the rows that change. That holds because a row's link is a plain
 * `<a>`, followed by the table (below): a router `Link` reads the location, so every change of the
 * address would re-render all of them. Below 40rem each row is a card (CSS).
 */
const PetRow = memo(function PetRow({ pet }: { pet: Pet }) {
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
});

export function PetsTable({
  pets,
  caption,
  busy,
  sort,
  onSort,
}: {
  pets: readonly Pet[] | undefined;
  caption: string;
  busy: boolean;
  sort: Sort | undefined;
  onSort: (sort: Sort) => void;
}) {
  const navigate = useNavigate();
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
        {pets
          ? pets.map((pet) => <PetRow key={pet.id.toString()} pet={pet} />)
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
