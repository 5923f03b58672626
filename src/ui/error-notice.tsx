import { isApiError } from '../api/api-error.ts';

/** Words for a failed request: what happened, and whether waiting or changing something helps. */
export function describeError(error: unknown): string {
  if (!isApiError(error)) return 'Something went wrong in the app.';
  switch (error.kind) {
    case 'network':
      return "The pet store service can't be reached. Check the connection; the app tries again by itself.";
    case 'timeout':
      return 'The pet store service did not answer in time.';
    case 'invalid-response':
      return 'The pet store service sent an answer this app cannot read.';
    case 'http':
      return error.message;
  }
}

export function ErrorNotice({
  error,
  onRetry,
  retryLabel = 'Retry',
}: {
  error: unknown;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  return (
    <div className="notice notice-error" role="alert">
      <p>{describeError(error)}</p>
      {onRetry && (
        <button type="button" className="button-secondary" onClick={onRetry}>
          {retryLabel}
        </button>
      )}
    </div>
  );
}
