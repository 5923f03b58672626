import { memo, useDeferredValue, useMemo, type MouseEvent, type Ref } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { appPath, browserPath, paths } from '../../../config/paths.ts';
import { isPlainClick } from '../../../ui/plain-click.ts';
import type { Sort, SortKey } from '../list-search.ts';
import type { Pet } from '../pet.ts';
import { StatusText } from './status-text.tsx';

const SKELETON_ROWS = 5;
/** Rows in the first frame of a new list: a tall window's worth (a desk row is 2.6rem, a card more). */
const FIRST_ROWS = 20;
/** The columns, in order. Each cell and header has the class `col-<key>`, which the CSS lays out by. */
const COLUMNS: { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: 'id', label: 'ID', numeric: true },
  { key: 'name', label: 'Name' },
  { key: 'category', label: 'Category ID', numeric: true },
  { key: 'status', label: 'Status' },
];
/** Where the environment names its categories, the column shows names (an id where none is given). */
const NAMED_CATEGORY_COLUMN = { key: 'category', label: 'Category' } as const;

/** The name of a category where the environment gives one. */
type CategoryName = (id: bigint) => string | undefined;

/**
 * One row per pet, its name the one link (Tab moves row by row). Rows are memoized by what they
 * show, each field a prop: a new filter, page size or search re-renders only the rows that change.
 * That holds because a row's link is a plain `<a>`, followed by the table (below): a router `Link`
 * reads the location, so every change of the address would re-render all of them. Below 40rem each
 * row is a card (CSS).
 */
const PetRow = memo(function PetRow({
  id,
  name,
  categoryId,
  status,
  categoryName,
  namedColumn,
}: Pet & { categoryName: string | undefined; namedColumn: boolean }) {
  // A category the environment does not name is said as the pet's page says it. The whole value is
  // in a tooltip too, should a long one ever be cut.
  const categoryIdText = categoryId.toString();
  const unnamed = namedColumn && categoryName === undefined;
  return (
    <tr>
      <td className="col-id numeric" data-label="ID">
        {id.toString()}
      </td>
      <td className="col-name name-cell" data-label="Name">
        <a href={browserPath(paths.pet(id))}>{name}</a>
      </td>
      <td
        className={namedColumn ? 'col-category' : 'col-category numeric'}
        data-label={namedColumn ? NAMED_CATEGORY_COLUMN.label : 'Category ID'}
        title={namedColumn ? `${categoryName ?? 'Unnamed'} (ID ${categoryIdText})` : categoryIdText}
      >
        {unnamed ? (
          <>
            Unnamed <span className="category-id">(ID {categoryIdText})</span>
          </>
        ) : (
          (categoryName ?? categoryIdText)
        )}
      </td>
      <td className="col-status" data-label="Status">
        <StatusText status={status} />
      </td>
    </tr>
  );
});

/** A list's rows, drawn again only when the list changes: not on every keystroke of a search. */
const Rows = memo(function Rows({ rows, categoryName }: { rows: readonly Pet[]; categoryName?: CategoryName }) {
  return rows.map((pet) => (
    <PetRow
      key={pet.id.toString()}
      {...pet}
      categoryName={categoryName?.(pet.categoryId)}
      namedColumn={categoryName !== undefined}
    />
  ));
});

/**
 * The rows to draw. A new list shows, in the frame after the input, the rows already on screen
 * (kept as they are: a refresh that adds one pet moves nothing) and the first of the new ones; the
 * rest come just after, in a render React defers and can interrupt (`useDeferredValue`). The frame a
 * person waits for holds a screenful of new rows, not a hundred. Another order is drawn afresh (a
 * body of its own, below). Back and Forward draw the list whole at once: the scroll position they
 * return to needs the page's full height.
 */
function useRows(pets: readonly Pet[] | undefined, order: string) {
  const { key } = useLocation();
  const popped = useNavigationType() === 'POP';
  const list = useMemo(() => ({ pets, order, key }), [pets, order, key]);
  const drawn = useDeferredValue(list);
  return useMemo(() => {
    const cameBack = popped && drawn.key !== key;
    if (drawn === list || cameBack || !pets) return pets;
    const onScreen = new Set(drawn.order === order ? drawn.pets?.map((pet) => pet.id) : []);
    let fresh = 0;
    const first = pets.filter((pet) => onScreen.has(pet.id) || ++fresh <= FIRST_ROWS);
    return first.length === pets.length ? pets : first;
  }, [drawn, list, popped, key, pets, order]);
}

export function PetsTable({
  pets,
  caption,
  busy,
  sort,
  onSort,
  onOpen,
  categoryName,
  ref,
}: {
  pets: readonly Pet[] | undefined;
  caption: string;
  busy: boolean;
  sort: Sort | undefined;
  onSort: (sort: Sort) => void;
  /** Opens a pet's page (an app path), from a plain click on its row's link. */
  onOpen: (path: string) => void;
  /** Where the environment names categories: the column shows the names (stable between renders). */
  categoryName?: CategoryName | undefined;
  /** The table, to take the focus where a person reads on from (the pager's links). */
  ref?: Ref<HTMLTableElement>;
}) {
  const order = sort ? `${sort.key} ${sort.descending}` : '';
  const rows = useRows(pets, order);
  // A plain click on a row's link is an in-app navigation.
  const followLink = (event: MouseEvent<HTMLTableSectionElement>) => {
    const link = (event.target as Element).closest('a');
    if (!link || !isPlainClick(event)) return;
    event.preventDefault();
    onOpen(appPath(link.pathname));
  };
  return (
    <table ref={ref} tabIndex={-1} className="pets-table" aria-busy={busy}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {(categoryName
            ? COLUMNS.map((column) => (column.key === 'category' ? NAMED_CATEGORY_COLUMN : column))
            : COLUMNS
          ).map(({ key, label, numeric }: (typeof COLUMNS)[number]) => {
            const sorted = sort?.key === key ? (sort.descending ? 'descending' : 'ascending') : undefined;
            return (
              <th key={key} scope="col" aria-sort={sorted} className={numeric ? `col-${key} numeric` : `col-${key}`}>
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
      {/* Another order is a body of its own, drawn afresh like a new list: moving every row
          restyles and lays out the whole table, which costs more than drawing a screenful. */}
      <tbody key={order} onClick={followLink}>
        {rows ? (
          <Rows rows={rows} categoryName={categoryName} />
        ) : (
          Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <tr key={index} className="skeleton-row" aria-hidden="true">
              <td colSpan={COLUMNS.length}>
                <span className="skeleton" />
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
