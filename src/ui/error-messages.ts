// Every sentence the app says about a failed request, in one place. Each says what happened and what
// helps: changing something (a 4xx), or waiting (no answer, a 5xx), never the other way round.
import { REQUEST_BODY_MAX_BYTES } from '../../contract/limits.ts';
import { isApiError } from '../api/api-error.ts';

/** What happened, and, when changing something helps, what to change. */
export function describeError(error: unknown): string {
  if (!isApiError(error)) return 'Something went wrong in the app.';
  switch (error.kind) {
    case 'network':
      return "The pet store service can't be reached.";
    case 'timeout':
      return 'The pet store service did not answer in time.';
    case 'invalid-response':
      return 'The pet store service sent an answer this app cannot read.';
  }
  if (error.status >= 500) return `The pet store service failed (HTTP ${error.status}).`;
  if (error.status === 413) {
    return `The service takes at most ${REQUEST_BODY_MAX_BYTES / 1024} KiB in one request. Shorten the text and send it again.`;
  }
  const said = error.fromService
    ? error.message.replace(/\.?$/, '.')
    : `The service refused it (HTTP ${error.status}).`;
  if (error.status === 401) return `${said} Sign in again to carry on.`;
  if ([400, 409, 422].includes(error.status)) return `${said} Change what it names and send it again.`;
  return said;
}

/** Whether sending the same request again can help: no answer, a 5xx, or an answer garbled on the way. */
export const canRetry = (error: unknown) =>
  isApiError(error) && (error.isTransient || error.kind === 'invalid-response');

/**
 * What happens next, when trying again can help: a read tries again by itself when waiting helps; a
 * write waits for the person, since sending a new pet twice would add it twice.
 */
export function describeRecovery(error: unknown, kind: 'read' | 'write'): string | undefined {
  if (!canRetry(error)) return undefined;
  if (isApiError(error) && error.kind === 'invalid-response') {
    return 'Nothing is lost. Try again; if it keeps happening, tell whoever runs the service.';
  }
  return kind === 'read'
    ? 'Nothing is lost: the app tries again by itself every few seconds, and at once when you are back online.'
    : 'Nothing you typed is lost. Try again in a moment.';
}

/** Why checking a key failed: a refused key is told apart from a service that is down. */
export function describeSignInFailure(error: unknown, environmentName: string): string {
  if (isApiError(error) && error.status === 401) {
    return `This API key was not accepted by ${environmentName}. Check it and type it again.`;
  }
  if (isApiError(error) && error.isTransient) {
    return `${environmentName} can't be reached right now, so the key could not be checked. Wait a moment and try again.`;
  }
  return `${environmentName} answered in a way this app does not understand: ${describeError(error)}`;
}
