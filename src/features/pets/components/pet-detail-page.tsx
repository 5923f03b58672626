import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useApi } from '../../../api/api-context.ts';
import { paths } from '../../../config/paths.ts';
import { ErrorNotice } from '../../../ui/error-notice.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { findCachedPet, petQueries } from '../api/pet-queries.ts';
import { parseInt64 } from '../../../../contract/int64.ts';
import type { CreatedPetState } from './add-pet-page.tsx';
import { StatusText } from './status-text.tsx';

function PetNotFound() {
  return (
    <section>
      <PageHeading title="Pet not found" />
      <p>No pet has this ID. It may have been mistyped, or the link may be out of date.</p>
      <p>
        <Link to={paths.pets}>Back to the pets list</Link>
      </p>
    </section>
  );
}

function PetDetail({ id }: { id: bigint }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const location = useLocation();
  const created = (location.state as CreatedPetState | null)?.created === true;
  const query = useQuery({
    ...petQueries.detail(api, id),
    // Shown at once from a list already loaded, while the service is asked for the latest.
    placeholderData: () => findCachedPet(queryClient, api, id),
  });

  if (query.data === null) return <PetNotFound />;
  const pet = query.data;
  return (
    <section className="narrow">
      <p className="breadcrumb">
        <Link to={paths.pets}>← All pets</Link>
      </p>
      <PageHeading title={pet ? pet.name : `Pet ${id}`} />
      {created && (
        <p className="notice notice-success" role="status">
          Pet added.
        </p>
      )}
      {query.isError && !pet && <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />}
      {!pet && !query.isError && <p role="status">Loading the pet…</p>}
      {pet && (
        <dl className="card details" aria-busy={query.isFetching}>
          <div>
            <dt>ID</dt>
            <dd className="numeric">{pet.id.toString()}</dd>
          </div>
          <div>
            <dt>Name</dt>
            <dd className="name-cell">{pet.name}</dd>
          </div>
          <div>
            <dt>Category ID</dt>
            <dd className="numeric">{pet.categoryId.toString()}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <StatusText status={pet.status} />
            </dd>
          </div>
        </dl>
      )}
      {query.isError && pet && <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />}
    </section>
  );
}

export function PetDetailPage() {
  const id = parseInt64(useParams().petId ?? '');
  // A malformed id cannot name a pet: say so without asking the service.
  return id === undefined ? <PetNotFound /> : <PetDetail key={id.toString()} id={id} />;
}
