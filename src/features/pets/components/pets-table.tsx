import { memo, startTransition, useEffect, useRef, useState, type MouseEvent, type Ref } from 'react';
import { useNavigate } from 'react-router-dom';
import { appPath, browserPath, paths } from '../../../config/paths.ts';
import type { Sort, SortKey } from '../list-search.ts';
import type { Pet } from '../pet.ts';
import { StatusText } from './status-text.tsx';

const SKELETON_ROWS = 5;
/** The shortest a row can be: a desk row is 2.6rem and its border (a one-line name), a card taller. */
const SHORTEST_ROW_REM = 2.5;
const COLUMNS: { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: 'id', label: 'ID', numeric: true },
  { key: 'name', label: 'Name' },
  { key: 'category', label: 'Category ID', numeric: true },
  { key: 'status', label: 'Status' },
];

/**
 * One row per pet, its name the one link (Tab moves row by row). Rows are memoized by what they
 * show, each field a prop compared as React compares props: a new filter, page size or sort
 * re-renders only the rows that change, even when the pets come from another page's answer. That
 * holds because a row's link is a plain `<a>`, followed by the table (below): a router `Link` reads
 * the location, so every change of the address would re-render all of them. Below 40rem each row
 * is a card (CSS).
 */
const PetRow = memo(function PetRow({ id, name, categoryId, status }: Pet) {
  return (
    <tr>
      <td className="numeric" data-label="ID">
        {id.toString()}
      </td>
      <td className="name-cell" data-label="Name">
        <a href={browserPath(paths.pet(id))}>{name}</a>
      </td>
      <td className="numeric" data-label="Category ID">
        {categoryId.toString()}
      </td>
      <td data-label="Status">
        <StatusText status={status} />
      </td>
    </tr>
  );
});

/** A list's rows, drawn again only when the list changes: not on every keystroke of a search. */
const Rows = memo(function Rows({ rows }: { rows: readonly Pet[] }) {
  return rows.map((pet) => <PetRow key={pet.id.toString()} {...pet} />);
});

/** What the table, as it is on screen, tells the drawing of a new list. */
interface OnScreen {
  /** How many rows reach the bottom of the window (reads the layout). */
  rowsToWindowBottom(): number;
  /** Whether the keyboard focus is on one of the rows, or anywhere in the table (a sort button). */
  holdsFocus(where: 'rows' | 'table'): boolean;
}

/**
 * The rows to draw now, the keys of the list's block and of the body that hold them, and the list
 * leaving the page. A list is drawn in two steps: the rows new to the table that reach the bottom
 * of the window in the first frame (after the input, or as the page loads), the rest just after, as
 * a transition (React renders it in slices between frames, so no task blocks input for long). Rows
 * already on screen cost next to nothing (memoized), so they never count and are never taken away
 * in between, wherever they are in the list: a focused row keeps the focus.
 *
 * Drawn in one step, and laid out whole: the first list of a history entry whose scroll position
 * the page restores (`returnTo`, the entry's key), which needs its full height, and the row it
 * scrolls to where it will stay.
 *
 * A list that keeps none of the pets on screen (another status, another search) gets a table of its
 * own, and the old one (`leaving`) stays in the page, hidden, until the new list is drawn whole: it
 * goes with the second step, which, for a list longer than the first step, comes after the first
 * frame. Removed in the input's task, 100 rows cost the browser about 7 ms and React about as much,
 * as it unmounts them at once after a discrete input (CPU profiles at 4x CPU). Two builds
 * alternated, median of 21: search keystroke 76 -> 66 ms and, ports swapped, 78 -> 67, and with the
 * scroll fix under it, 78 -> 73; status filter 109 -> 81 (15). Not while the keyboard focus is in the table (on a sort button, say): the
 * list then gets a body of its own in the same table, and the old rows go at once.
 *
 * A new `order` (another sort, from its header button) gets a body of its own in the same table,
 * where its button keeps the focus: moving every row costs the browser a new style, layout and
 * paint of the whole table, and drawing a screenful afresh about half the time (sort at 4x CPU,
 * median of 15: 147 -> 85 ms). Unless a row has the keyboard focus (a screen reader can press the
 * button from its own cursor, leaving the focus where it was): the rows move.
 */
function useRowsInSteps(
  pets: readonly Pet[] | undefined,
  { order, returnTo }: { order: string; returnTo: string | undefined },
  table: OnScreen,
) {
  const [drawn, setDrawn] = useState(() => ({
    pets,
    order,
    returnTo,
    rows: pets && !returnTo ? firstStep([], pets, table.rowsToWindowBottom()).rows : pets,
    body: 0,
    list: 0,
    leaving: undefined as { rows: readonly Pet[]; list: number; body: number } | undefined,
  }));
  let { rows, body, list, leaving } = drawn;
  if (pets !== drawn.pets || order !== drawn.order) {
    const onScreen = drawn.rows;
    const whole = returnTo !== undefined && returnTo !== drawn.returnTo;
    const afresh = order !== drawn.order && !table.holdsFocus('rows');
    if (pets) {
      const step = firstStep(afresh ? [] : (onScreen ?? []), pets, whole ? Infinity : table.rowsToWindowBottom());
      rows = step.rows;
      if (onScreen?.length && pets.length && (afresh || !step.keepsAny)) {
        if (afresh || table.holdsFocus('table')) body++;
        else {
          leaving ??= { rows: onScreen, list, body };
          list++;
        }
      }
    } else {
      rows = pets;
    }
    setDrawn({ pets, order, returnTo, rows, body, list, leaving });
  }
  useEffect(() => {
    if ((pets && rows !== pets) || leaving)
      startTransition(() => setDrawn({ pets, order, returnTo, rows: pets, body, list, leaving: undefined }));
  }, [pets, order, returnTo, rows, body, list, leaving]);
  return { rows, body, list, leaving };
}

/**
 * The rows of `next` to draw in the first step: every pet with a row on screen (kept, and redrawn if
 * it changed), and the first `screenful` of the others; and whether any pet of `next` is on screen.
 */
function firstStep(onScreen: readonly Pet[], next: readonly Pet[], screenful: number) {
  const drawn = new Set(onScreen.map((pet) => pet.id));
  let fresh = 0;
  const rows = next.filter((pet) => drawn.has(pet.id) || ++fresh <= screenful);
  return { rows: rows.length === next.length ? next : rows, keepsAny: fresh < next.length };
}

/**
 * How many rows reach from the top of the table's body (of the window, before there is one) to the
 * bottom of the window, at the shortest a row can be: every row a person can see, however the page
 * is scrolled, and enough that the page never gets too short for where it is scrolled. It reads the
 * layout when a new list is drawn: a figure kept from an earlier frame would be wrong after a
 * scroll. Little has changed since the last frame but the control that changed the list, so the
 * layout it forces is small: 1 to 6 ms at 4x CPU in a trace of a status change, where drawing 24
 * rows instead of the 10 that reach the window's bottom cost about 25 ms (median of 15).
 */
function rowsToWindowBottom(body: HTMLElement | null) {
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const top = body?.getBoundingClientRect().top ?? 0;
  return Math.max(1, Math.ceil((window.innerHeight - top) / (SHORTEST_ROW_REM * rem)));
}

export function PetsTable({
  ref,
  pets,
  returnTo,
  caption,
  busy,
  sort,
  onSort,
}: {
  ref?: Ref<HTMLTableElement>;
  pets: readonly Pet[] | undefined;
  /** The key of the history entry whose scroll position the page restores once its rows are drawn:
   * they are drawn in one step, and laid out whole, even on a phone where cards out of sight are not. */
  returnTo?: string | undefined;
  caption: string;
  busy: boolean;
  sort: Sort | undefined;
  onSort: (sort: Sort) => void;
}) {
  const navigate = useNavigate();
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const { rows, body, list, leaving } = useRowsInSteps(
    pets,
    { order: sort ? `${sort.key} ${sort.descending}` : '', returnTo },
    {
      rowsToWindowBottom: () => rowsToWindowBottom(bodyRef.current),
      holdsFocus: (where) =>
        (where === 'rows' ? bodyRef.current : bodyRef.current?.closest('table'))?.contains(document.activeElement) ??
        false,
    },
  );
  // A plain click on a row's link is an in-app navigation; with a modifier key, or the middle
  // button, the browser does what it does with any link (a new tab, say).
  const followLink = (event: MouseEvent<HTMLTableSectionElement>) => {
    const link = (event.target as Element).closest('a');
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(appPath(link.pathname));
  };
  // A list's table. The one leaving the page is the elements it had on screen (the block keyed by
  // its list, the same body key, the same rows), so React keeps them all, and only their props
  // follow the page's. Hidden by CSS (content-visibility), its boxes are kept and skipped: no
  // style, layout or paint. No one can reach it.
  const table = (shown: readonly Pet[] | undefined, bodyKey: number, current: boolean) => (
    <table
      ref={current ? ref : undefined}
      className={returnTo ? 'pets-table drawn-whole' : 'pets-table'}
      aria-busy={busy}
    >
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
      <tbody ref={current ? bodyRef : undefined} key={bodyKey} onClick={followLink}>
        {shown ? (
          <Rows rows={shown} />
        ) : (
          Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <tr key={index} className="skeleton-row" aria-hidden="true">
              <td colSpan={4}>
                <span className="skeleton" />
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
  return (
    <>
      <div key={list} className="pets-list">
        {table(rows, body, true)}
      </div>
      {leaving && (
        <div key={leaving.list} className="pets-list leaving" aria-hidden="true">
          {table(leaving.rows, leaving.body, false)}
        </div>
      )}
    </>
  );
}
