import { useContext } from 'react';
import { ApiContext } from '../api/api-context.ts';
import { describeError, describeRecovery, type ServiceName } from './error-messages.ts';

/** A failed request: what happened, what happens next, and Try again when trying again can help. */
export function ErrorNotice({
  error,
  kind,
  idempotent,
  onRetry,
  service,
}: {
  error: unknown;
  kind: 'read' | 'write';
  /** A write the service makes harmless to send twice. */
  idempotent?: boolean;
  onRetry?: (() => void) | undefined;
  /** The service asked, when it is not the pet store. */
  service?: ServiceName;
}) {
  // The limits the signed-in environment declares, to name them; none before sign-in.
  const limits = useContext(ApiContext)?.environment.limits;
  const recovery = describeRecovery(error, kind, { idempotent });
  return (
    <div className="notice notice-error" role="alert">
      <p>{describeError(error, limits, service)}</p>
      {recovery && <p>{recovery}</p>}
      {onRetry && recovery && (
        <button type="button" className="button-secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
