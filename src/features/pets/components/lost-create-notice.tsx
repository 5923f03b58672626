import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useApi } from '../../../api/api-context.ts';
import { useReadFailure } from '../../../api/read-failure.ts';
import { paths } from '../../../config/paths.ts';
import type { LostCreateWords } from '../../../ui/error-messages.ts';
import { ErrorNotice } from '../../../ui/error-notice.tsx';
import { Isolated, Quoted } from '../../../ui/isolate.tsx';
import { LOOKUP_LIMIT } from '../api/list-pets.ts';
import { petFound, petQueries } from '../api/pet-queries.ts';
import { useCategoryNames } from '../categories.ts';
import { STATUS_LABELS, type NewPet } from '../pet.ts';

/** A number as the reader's locale writes it: `1,000`. */
const amount = (n: number) => n.toLocaleString();
/** `a` or `an` before a word: `an available pet`. */
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** No pet is ever named '': the key of a look no one asked for. */
const NO_PET: NewPet = { name: '', categoryId: 0n };

/**
 * Whether the look the notice offers, once asked for, found pets like `pet` in the list: then the
 * pet was most likely added, and sending it again would add a second. It only reads what the notice's
 * look read; it asks the service nothing.
 */
export function useFoundByLook(pet: NewPet | undefined): boolean {
  const api = useApi();
  const { data: found } = useQuery({
    ...petQueries.lookFor(api, pet ?? NO_PET),
    enabled: false,
    select: (look) => look.matches.length > 0,
  });
  return pet !== undefined && found === true;
}

/** The way on once the look found the pet, where it is not a second send: what it says and does. */
interface FoundAction {
  label: ReactNode;
  onClick: () => void;
}

/** Whether the pet is in its status's list now: the look, and what it found. */
function PetLookup({ pet, found }: { pet: NewPet; found: FoundAction | undefined }) {
  const api = useApi();
  const options = petQueries.lookFor(api, pet);
  const lookup = useQuery(options);
  const { failure, retrying, tryAgain } = useReadFailure(lookup, options.queryKey);
  // Once, when the look first finds it: not on every look again that finds it still.
  const listed = lookup.data !== undefined && lookup.data.matches.length > 0;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (listed) petFound(queryClient, api);
  }, [listed, queryClient, api]);
  const status = pet.status ? `${STATUS_LABELS[pet.status].toLowerCase()} ` : '';
  // The category as the form shows it: its name, where the environment gives it one.
  const category = useCategoryNames().label(pet.categoryId);
  const like = (
    <>
      named <Quoted text={pet.name} /> in {category}
    </>
  );
  if (failure) return <ErrorNotice error={failure} kind="read" onRetry={() => void tryAgain()} retrying={retrying} />;
  if (!lookup.isSuccess) return <p>Looking for it among the {status}pets…</p>;
  const { matches, lookedThrough, complete } = lookup.data;
  const stopsAt = `looking stops at ${amount(LOOKUP_LIMIT)}`;
  const lookAgain = (
    <button type="button" className="button-secondary" onClick={() => void tryAgain()}>
      {lookup.isFetching ? 'Looking…' : 'Look again'}
    </button>
  );
  if (matches.length > 0) {
    return (
      <>
        <p>
          {api.environment.name} lists{' '}
          {matches.length === 1
            ? `${article(status || 'pet')} ${status}pet`
            : `${amount(matches.length)} ${status}pets`}{' '}
          {like}:
        </p>
        <ul className="lookup-matches">
          {matches.map((match) => (
            <li key={match.id.toString()}>
              <Link to={paths.pet(match.id)}>
                <Isolated text={match.name} />, ID {match.id.toString()}
              </Link>
            </li>
          ))}
        </ul>
        <p>If it is the pet you sent, it was added: there is nothing more to send.</p>
        <p className="lookup-actions">
          {found && (
            // The way on now, rather than a Send again.
            <button type="button" className="button-primary" onClick={found.onClick}>
              {found.label}
            </button>
          )}
          {lookAgain}
        </p>
      </>
    );
  }
  return (
    <>
      <p>
        {complete ? (
          <>
            No {status}pet is {like} ({amount(lookedThrough)} looked through): it was not added. Send it again to add
            it.
          </>
        ) : lookedThrough >= LOOKUP_LIMIT ? (
          <>
            None of the first {amount(lookedThrough)} {status}pets the service lists is {like}. It may be further on,
            where this app cannot look ({stopsAt}).
          </>
        ) : (
          // The service may list fewer than asked and hold more: not "the first", as if more were seen.
          <>
            {lookedThrough === 0 ? (
              <>The service lists no {status}pets.</>
            ) : lookedThrough === 1 ? (
              <>
                The one {status}pet the service lists is not {like}.
              </>
            ) : (
              <>
                None of the {amount(lookedThrough)} {status}pets the service lists is {like}.
              </>
            )}{' '}
            It may hold {lookedThrough === 0 ? 'some' : 'more'} that it does not list, where this app cannot look: it
            offers no way past its first page.
          </>
        )}
      </p>
      <p>{lookAgain}</p>
    </>
  );
}

/**
 * A create whose answer was lost: whether the pet may have been added, how to find out, and, when
 * it keeps happening while reads get through, that the service's setup is refusing it.
 */
export function LostCreateNotice({
  words,
  pet,
  found,
  onLook,
}: {
  words: LostCreateWords;
  pet: NewPet;
  /** The person says a pet found is the one sent, and is done with it: clearing the form, say. */
  found?: FoundAction;
  /** When the person asks to look for it (what the look finds is `useFoundByLook`'s). */
  onLook?: () => void;
}) {
  const [looking, setLooking] = useState(false);
  const lookup = useRef<HTMLDivElement>(null);
  // The button pressed is gone: the focus goes to what replaced it.
  useEffect(() => {
    if (looking) lookup.current?.focus();
  }, [looking]);
  // Whether the pet was added is not known: a warning, with the way to find out, where nothing
  // failed for sure; a setup that refuses the request is a failure, said as one.
  return (
    <div className={words.lookFor ? 'notice notice-warning' : 'notice notice-error'}>
      <div role="alert">
        <p>{words.what}</p>
        <p>{words.next}</p>
      </div>
      {words.lookFor && (
        <div ref={lookup} role="status" className="lookup" tabIndex={-1}>
          {looking ? (
            <PetLookup pet={pet} found={found} />
          ) : (
            <p>
              <button
                type="button"
                className="button-secondary button-wrap"
                onClick={() => {
                  setLooking(true);
                  onLook?.();
                }}
              >
                {/* One flex item: the words wrap as a sentence does. */}
                <span>
                  Look for <Quoted text={pet.name} />
                </span>
              </button>
            </p>
          )}
        </div>
      )}
    </div>
  );
}
