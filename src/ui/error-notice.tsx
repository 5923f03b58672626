import { describeError, describeRecovery } from './error-messages.ts';

/** A failed request: what happened, what happens next, and Try again when trying again can help. */
export function ErrorNotice({
  error,
  kind,
  onRetry,
}: {
  error: unknown;
  kind: 'read' | 'write';
  onRetry?: (() => void) | undefined;
}) {
  const recovery = describeRecovery(error, kind);
  return (
    <div className="notice notice-error" role="alert">
      <p>{describeError(error)}</p>
      {recovery && <p>{recovery}</p>}
      {onRetry && recovery && (
        <button type="button" className="button-secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
