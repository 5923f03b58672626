import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { parseInt64 } from '../../../../contract/int64.ts';
import { useApi } from '../../../api/api-context.ts';
import { useReadFailure } from '../../../api/read-failure.ts';
import { paths } from '../../../config/paths.ts';
import { useAnnouncement } from '../../../ui/announcer.tsx';
import { ErrorNotice } from '../../../ui/error-notice.tsx';
import { canRetry, describeWait } from '../../../ui/error-messages.ts';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { SLOW_AFTER_MS, useDelayedFlag } from '../../../ui/use-delayed-flag.ts';
import { petFormDraft } from '../add-pet-draft.ts';
import { isNotReached } from '../api/get-pet.ts';
import { findCachedPet, petQueries } from '../api/pet-queries.ts';
import { useCategoryNames } from '../categories.ts';
import { wayBack } from '../list-return.ts';
import type { Pet } from '../pet.ts';
import type { AddedPetState } from './add-pet-page.tsx';
import { StatusText } from './status-text.tsx';

/**
 * Back to the list this page was opened from, as it was left (filter, page, search, sort, scroll),
 * and saying so; or else, opened by its address, to the whole list.
 */
function BackToList() {
  const { to, state } = wayBack(useLocation());
  return (
    <Link to={to} state={state}>
      {state ? '← Back to the list' : '← All pets'}
    </Link>
  );
}

/** No such pet; or, `beyondReach`, none as far as the service's lists can be read without getPet. */
function PetNotFound({ beyondReach = false }: { beyondReach?: boolean }) {
  return (
    <section>
      <PageHeading title="Pet not found" />
      {beyondReach ? (
        <p>
          The service no longer looks pets up by ID, and no pet with this ID is among the pets its lists show. It may be
          further on, where this app cannot look, or the ID may have been mistyped.
        </p>
      ) : (
        <p>No pet has this ID. It may have been mistyped, or the link may be out of date.</p>
      )}
      <p className="link-line">
        <BackToList />
      </p>
    </section>
  );
}

/** The id on the clipboard, exactly (int64 beyond 2^53 included), with a word when it is there. */
function CopyId({ id }: { id: bigint }) {
  const [copied, setCopied] = useState<'yes' | 'no'>();
  return (
    <>
      <button
        type="button"
        className="button-secondary button-small"
        onClick={() =>
          navigator.clipboard.writeText(id.toString()).then(
            () => setCopied('yes'),
            () => setCopied('no'),
          )
        }
      >
        Copy ID
      </button>
      <span role="status" className="copy-status">
        {copied === 'yes' ? 'Copied.' : copied === 'no' ? 'Could not copy: select the ID instead.' : ''}
      </span>
    </>
  );
}

function AddedNotice({ pet }: { pet: Pet }) {
  const navigate = useNavigate();
  const addAnother = () => {
    // The next pet is often of the same category and status: those are kept, the name is to type.
    petFormDraft.save({ name: '', categoryId: pet.categoryId.toString(), status: pet.status ?? 'available' });
    navigate(paths.addPet, { state: { another: true } satisfies AddedPetState });
  };
  useAnnouncement('Pet added.');
  return (
    <div className="notice notice-success added">
      <p>Pet added.</p>
      <button type="button" className="button-primary" onClick={addAnother}>
        Add another
      </button>
    </div>
  );
}

function PetDetail({ id }: { id: bigint }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const names = useCategoryNames();
  const location = useLocation();
  const navigate = useNavigate();
  // "Pet added." is news once: the history entry forgets it, so that a reload does not say it again.
  const [created] = useState(() => (location.state as AddedPetState | null)?.created === true);
  useEffect(() => {
    if (!created) return;
    const { pathname, search, hash } = location;
    const state = { ...(location.state as AddedPetState), created: undefined };
    void navigate({ pathname, search, hash }, { replace: true, state, preventScrollReset: true });
    // Once, as the page is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Shown at once from a list already loaded, while the service is asked for the latest. Taken as
  // the page opens: the list leaves the cache 5 minutes after the list page, and a service that
  // cannot be reached meanwhile must not take the pet off the screen.
  const [listed] = useState(() => findCachedPet(queryClient, api, id));
  const options = petQueries.detail(api, id);
  const query = useQuery({ ...options, placeholderData: listed });
  const { failure: error, retrying, tryAgain } = useReadFailure(query, options.queryKey);
  const slow = useDelayedFlag(!query.data && !error && query.isFetching, SLOW_AFTER_MS);

  if (query.data === null) return <PetNotFound />;
  if (isNotReached(query.data)) return <PetNotFound beyondReach />;
  const pet = query.data;
  const failure = Boolean(error) && (
    <ErrorNotice
      error={error}
      kind="read"
      onRetry={canRetry(error) ? () => void tryAgain() : undefined}
      retrying={retrying}
    />
  );
  return (
    <section className="narrow">
      <p className="breadcrumb">
        <BackToList />
      </p>
      <PageHeading title={pet ? pet.name : `Pet ${id}`} />
      {created && pet && <AddedNotice pet={pet} />}
      {!pet && failure}
      {!pet && !failure && <p role="status">Loading the pet…{slow && ` ${describeWait(query.failureReason)}`}</p>}
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
          {names.named ? (
            <div>
              <dt>Category</dt>
              <dd>
                {names.nameOf(pet.categoryId) ?? 'Unnamed'}{' '}
                <span className="category-id">(ID {pet.categoryId.toString()})</span>
              </dd>
            </div>
          ) : (
            <div>
              <dt>Category ID</dt>
              <dd className="numeric">{pet.categoryId.toString()}</dd>
            </div>
          )}
          <div>
            <dt>Status</dt>
            <dd>
              <StatusText status={pet.status} />
            </dd>
          </div>
        </dl>
      )}
      {pet && (
        <p className="detail-actions">
          <CopyId id={pet.id} />
        </p>
      )}
      {pet && failure}
    </section>
  );
}

export function PetDetailPage() {
  const id = parseInt64(useParams().petId ?? '');
  // A malformed id cannot name a pet: say so without asking the service.
  return id === undefined ? <PetNotFound /> : <PetDetail key={id.toString()} id={id} />;
}
