import { describeError } from './error-messages.ts';

export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div className="notice notice-error" role="alert">
      <p>{describeError(error)}</p>
      {onRetry && (
        <button type="button" className="button-secondary" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
