import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import type { CategoryNames } from '../categories.ts';
import { quotedSearch } from '../pet-order.ts';
import { toSearchParams, type PetListSearch } from '../list-search.ts';
import { STATUS_LABELS } from '../pet.ts';
import { describeEmptyPage } from './pets-summary.ts';

/** An empty result says why: a search, a page past the end, a filter, or a store with no pets yet. */
export function EmptyList({
  search,
  names,
  onClear,
  stopped = false,
}: {
  search: PetListSearch;
  names: CategoryNames;
  onClear: () => void;
  /** The search was stopped before its end: a pet of that name may be among those not looked through. */
  stopped?: boolean | undefined;
}) {
  const statusName = search.status && STATUS_LABELS[search.status].toLowerCase();
  const without = (change: Partial<PetListSearch>) => ({
    search: toSearchParams({ ...search, trail: [], page: 1, ...change }).toString(),
  });
  const searched = [statusName, 'pet', search.category !== undefined && `of ${names.label(search.category)}`]
    .filter(Boolean)
    .join(' ');
  const [message, action] = search.q
    ? [
        // Found among the pets the search could read (the status line says how many), which may
        // not be every pet the service holds.
        stopped
          ? `No ${searched} named like ${quotedSearch(search.q)} among those looked through: the search was stopped before the end.`
          : `Found no ${searched} named like ${quotedSearch(search.q)}.`,
        <>
          <button type="button" className="button-secondary" onClick={onClear}>
            Clear the search
          </button>
          {statusName && <Link to={without({ status: undefined })}>Search all statuses</Link>}
          {search.category !== undefined && <Link to={without({ category: undefined })}>Search every category</Link>}
        </>,
      ]
    : [
        describeEmptyPage(search),
        search.trail.length > 0 ? (
          <Link to={without({})}>Back to the first page</Link>
        ) : statusName ? (
          <Link to={without({ status: undefined })}>Show all statuses</Link>
        ) : (
          <Link to={paths.addPet}>Add a pet</Link>
        ),
      ];
  return (
    <div className="empty-state">
      <p>{message}</p>
      <p className="empty-actions">{action}</p>
    </div>
  );
}
