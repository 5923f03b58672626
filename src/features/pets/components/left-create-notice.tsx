import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useApi } from '../../../api/api-context.ts';
import { isApiError } from '../../../api/api-error.ts';
import { offers } from '../../../config/config.ts';
import { paths } from '../../../config/paths.ts';
import { describeError, describeLostCreate } from '../../../ui/error-messages.ts';
import { focusOnRemoval } from '../../../ui/focus-on-removal.ts';
import { Quoted } from '../../../ui/isolate.tsx';
import { leftCreate, type LeftCreate } from '../left-create.ts';
import { usePetQueue } from '../pet-queue.ts';
import { KeptInTab } from './queued-pets.tsx';

/** Dismissed, the notice is gone: the focus goes to the page rather than to its body. */
const focusPageOnRemoval = focusOnRemoval<HTMLButtonElement>(() => document.getElementById('main'));

/**
 * What became of a pet sent from the form the person has since left, on every page: added (and
 * where), kept in this tab, refused (the form holds it as typed), or no answer read. The layout
 * draws it within a live region that is there before it, so that it is read out wherever the focus is.
 */
export function LeftCreateNotice({ left }: { left: LeftCreate }) {
  const { environment } = useApi();
  const onForm = useLocation().pathname === paths.addPet;
  const idempotent = offers(environment, 'idempotency-key');
  const name = <Quoted text={left.pet.name} />;
  const openForm = onForm ? null : <Link to={paths.addPet}>Open the form</Link>;
  const { outcome, error } = left;
  // A pet kept in this tab, once it leaves the queue (sent, or discarded on the list), is the
  // list's to tell of.
  const stillKept = usePetQueue().some((pet) => pet.id === outcome?.queued?.id);
  let notice: ReactNode;
  if (outcome?.added) {
    notice = (
      <div className="notice notice-success">
        <p>
          {name} was added to {environment.name}.{' '}
          <Link to={paths.pet(outcome.added.id)} onClick={leftCreate.clear}>
            See it
          </Link>
        </p>
      </div>
    );
  } else if (outcome?.queued) {
    if (!stillKept) return null;
    notice = <KeptInTab pet={outcome.queued} />;
  } else if (isApiError(error) && error.mayHaveBeenDone) {
    // Where no idempotency key makes a second send safe, the form itself says it may have been
    // added (add-pet-draft.ts), with the way to look for it.
    if (onForm && !idempotent) return null;
    const words = describeLostCreate({
      lostBy: error.kind,
      inARow: 1,
      readsAnswer: false,
      idempotent,
      environmentName: environment.name,
    });
    notice = (
      <div className="notice notice-warning">
        <p>
          You left the form while {name} was on its way. {words.what}
        </p>
        <p>
          {words.next} {openForm}
        </p>
      </div>
    );
  } else {
    notice = (
      <div className="notice notice-error">
        <p>
          {name} was not added: {describeError(error, environment.limits)}
        </p>
        <p>The form holds it as you typed it. {openForm}</p>
      </div>
    );
  }
  return (
    <>
      {notice}
      <button type="button" className="button-secondary" ref={focusPageOnRemoval} onClick={leftCreate.clear}>
        Dismiss
      </button>
    </>
  );
}
