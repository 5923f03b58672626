/**
 * - `http`: the service answered with an error status (its Error body when it sent one);
 * - `network`: no answer at all (offline, DNS, CORS, connection refused);
 * - `timeout`: no answer in time;
 * - `invalid-response`: an answer that is not what the contract promises;
 * - `blocked`: never sent, as the page's Content-Security-Policy does not name the service;
 * - `offline`: never sent, as the browser says it is offline.
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'invalid-response' | 'blocked' | 'offline';

/**
 * The one error type of the transport layer. Its message is the service's own when it sent an Error
 * body, otherwise a short technical one; the words people read come from `ui/error-messages.ts`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    /** The HTTP status, or 0 when there was no answer. */
    readonly status: number,
    /** The service's `code`, or one of ours (`network`, `timeout`, `invalid_response`, `blocked`, `offline`, `http_<status>`). */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  /** Whether the service sent its own Error body, whose message says what was wrong. */
  get fromService(): boolean {
    return this.kind === 'http' && !this.code.startsWith('http_');
  }

  /**
   * Whether the request may have been carried out though no answer says so: no answer at all, or a
   * gateway's 502 or 504 (the service behind it may have done it and the answer been lost).
   */
  get outcomeUnknown(): boolean {
    return this.kind === 'network' || this.kind === 'timeout' || this.status === 502 || this.status === 504;
  }

  /**
   * Whether a write may have been carried out though this app cannot show its outcome: its answer was
   * lost (`outcomeUnknown`), or came and does not fit the contract (a 201 whose body is no pet).
   * Sending it again could carry it out twice.
   */
  get mayHaveBeenDone(): boolean {
    return this.outcomeUnknown || this.kind === 'invalid-response';
  }

  /**
   * Worth trying again unchanged: no answer, not sent while offline, the service failed on its side,
   * or it turned the request away for now (429, too many requests), which waiting ends.
   */
  get isTransient(): boolean {
    return (
      this.kind === 'network' ||
      this.kind === 'timeout' ||
      this.kind === 'offline' ||
      this.status >= 500 ||
      this.status === 429
    );
  }
}

/** A write not sent, as the browser says it is offline: unlike no answer, it cannot have been done. */
export const offlineError = () => new ApiError('offline', 0, 'offline', 'Not sent: the browser is offline.');

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * How long a read waits before it is tried again after a failure that waiting can fix (`isTransient`):
 * 1 s after its first failure, twice as long after each one that follows, up to 30 s.
 * `failuresBefore` counts the failures before the last one, as React Query's `retryDelay` does.
 */
export const retryDelay = (failuresBefore: number) => Math.min(1000 * 2 ** failuresBefore, 30_000);
