import { useContext, useEffect, useRef } from 'react';
import { ApiContext } from '../api/api-context.ts';
import type { PersonsTry } from '../api/read-failure.ts';
import { announce } from './announcer.tsx';
import { describeError, describeRecovery, type ServiceName } from './error-messages.ts';
import { focusOnRemoval } from './focus-on-removal.ts';

/**
 * When the notice goes while its button has the focus (the try worked, or failed in a way trying
 * again cannot help), the focus moves on instead of falling to the document's body: to the part of
 * the page the notice stood in, where that part takes the focus (a lookup's results, say), or else
 * to the page's heading.
 */
const handOnFocus = focusOnRemoval<HTMLButtonElement>(
  (button) =>
    button.parentElement?.closest<HTMLElement>('[tabindex="-1"]:not(main)') ??
    button.closest('main')?.querySelector('h1'),
  { preventScroll: true },
);

const TRYING: Record<PersonsTry, string> = {
  sent: 'Trying again…',
  'held offline': 'Waiting for the connection…',
};

/** A failed request: what happened, what happens next, and Try again when trying again can help. */
export function ErrorNotice({
  error,
  kind,
  idempotent,
  onRetry,
  retrying,
  service,
}: {
  error: unknown;
  kind: 'read' | 'write';
  /** A write the service makes harmless to send twice. */
  idempotent?: boolean;
  onRetry?: (() => void) | undefined;
  /** The person's try, until it fails: the button stays, and in focus, but says where the try is and does nothing. */
  retrying?: PersonsTry | undefined;
  /** The service asked, when it is not the pet store. */
  service?: ServiceName;
}) {
  // The limits the signed-in environment declares, to name them; none before sign-in.
  const limits = useContext(ApiContext)?.environment.limits;
  // The person's try failed too: the alert's words stay the same, so that is said on its own.
  const wasRetrying = useRef(retrying);
  useEffect(() => {
    if (wasRetrying.current && !retrying) announce('Tried again: it failed again.');
    wasRetrying.current = retrying;
  }, [retrying]);
  const recovery = describeRecovery(error, kind, { idempotent });
  return (
    <div className="notice notice-error">
      {/* The alert is the words alone: the button's own changes ("Trying again…") would have them
          read out again, whole, at each press. */}
      <div role="alert">
        <p>{describeError(error, limits, service)}</p>
        {recovery && <p>{recovery}</p>}
      </div>
      {onRetry && recovery && (
        <button
          ref={handOnFocus}
          type="button"
          className="button-secondary"
          aria-disabled={Boolean(retrying)}
          onClick={retrying ? undefined : onRetry}
        >
          {retrying ? TRYING[retrying] : 'Try again'}
        </button>
      )}
    </div>
  );
}
