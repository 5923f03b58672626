import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useApi } from '../../../api/api-context.ts';
import { paths } from '../../../config/paths.ts';
import { ErrorNotice } from '../../../ui/error-notice.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { useDelayedFlag } from '../../../ui/use-delayed-flag.ts';
import { petQueries } from '../api/pet-queries.ts';
import { PAGE_SIZES, parseListSearch, toSearchParams, type PetListSearch } from '../list-search.ts';
import { PET_STATUSES, STATUS_LABELS, type PetStatus } from '../pet.ts';
import { PetsTable } from './pets-table.tsx';

const SLOW_AFTER_MS = 3000;

function describeRows(count: number, search: PetListSearch, hasNext: boolean): string {
  const what = search.status ? `${STATUS_LABELS[search.status].toLowerCase()} pets` : 'pets';
  if (count === 0) return `No ${what} found.`;
  const noun = count === 1 ? what.replace(/s$/, '') : what;
  if (search.cursor) return `Showing ${count} more ${noun}${hasNext ? '' : ', the end of the list'}.`;
  if (hasNext || count === search.limit) return `Showing the first ${count} ${noun}.`;
  return `Showing all ${count} ${noun}.`;
}

export function PetsPage() {
  const api = useApi();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = parseListSearch(searchParams);
  const query = useQuery(petQueries.list(api, search));
  const slow = useDelayedFlag(query.isFetching, SLOW_AFTER_MS);
  const ids = { status: useId(), limit: useId() };

  // Filter tweaks replace the history entry: Back leaves the list instead of undoing each click.
  const changeSearch = (change: Partial<PetListSearch>) =>
    setSearchParams(toSearchParams({ ...search, cursor: undefined, ...change }), { replace: true });

  const page = query.data;
  // A bookmarked size that is not a preset (limit=37) is still shown as chosen.
  const pageSizes = [...new Set<number>([...PAGE_SIZES, search.limit])].sort((a, b) => a - b);
  const caption = search.status ? `${STATUS_LABELS[search.status]} pets` : 'All pets';
  // While the previous rows stay on screen, the summary must not count them as the new ones.
  const summary =
    page && !query.isPlaceholderData
      ? describeRows(page.pets.length, search, Boolean(page.nextCursor))
      : `Loading ${caption.toLowerCase()}…`;

  return (
    <section className="pets-page">
      <div className="page-title-row">
        <PageHeading title="Pets" />
        <Link className="button-primary" to={paths.addPet}>
          Add pet
        </Link>
      </div>

      <form className="filters" aria-label="Filter pets" onSubmit={(event) => event.preventDefault()}>
        <div className="field field-inline">
          <label htmlFor={ids.status}>Status</label>
          <select
            id={ids.status}
            value={search.status ?? ''}
            onChange={(event) => changeSearch({ status: (event.target.value || undefined) as PetStatus | undefined })}
          >
            <option value="">All</option>
            {PET_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="field field-inline">
          <label htmlFor={ids.limit}>Rows per page</label>
          <select
            id={ids.limit}
            value={search.limit}
            onChange={(event) => changeSearch({ limit: Number(event.target.value) })}
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      </form>

      <p className="table-summary" role="status">
        {summary}
        {slow && <span className="loading-inline"> Still waiting for the pet store service…</span>}
        {query.fetchStatus === 'paused' && (
          <span className="loading-inline">
            {' '}
            You are offline: the list updates by itself when the connection is back.
          </span>
        )}
      </p>

      {query.isError && <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />}

      {page && page.pets.length === 0 ? (
        <div className="empty-state">
          <p>There are no pets to show here yet.</p>
          <Link to={paths.addPet}>Add a pet</Link>
        </div>
      ) : (
        !(query.isError && !page) && <PetsTable pets={page?.pets} caption={caption} busy={query.isFetching} />
      )}

      {page && (search.cursor || page.nextCursor) && (
        <nav className="pager" aria-label="Pages">
          {search.cursor && (
            <Link to={{ search: toSearchParams({ ...search, cursor: undefined }).toString() }}>First page</Link>
          )}
          {page.nextCursor && (
            <Link to={{ search: toSearchParams({ ...search, cursor: page.nextCursor }).toString() }}>Next page</Link>
          )}
        </nav>
      )}
    </section>
  );
}
