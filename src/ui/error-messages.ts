// Every sentence the app says about a failed request, in one place.
import { isApiError } from '../api/api-error.ts';

/** What happened, and whether waiting or changing something helps. */
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
      if (error.fromService) return error.message;
      return error.status >= 500
        ? `The pet store service failed (HTTP ${error.status}). Try again in a moment.`
        : `The pet store service refused the request (HTTP ${error.status}).`;
  }
}

/** Why checking a key at sign-in failed: a refused key is told apart from a service that is down. */
export function describeSignInFailure(error: unknown, environmentName: string): string {
  if (isApiError(error) && error.status === 401) {
    return `This API key was not accepted by ${environmentName}. Check it and type it again.`;
  }
  if (isApiError(error) && error.isTransient) {
    return `${environmentName} can't be reached right now, so the key could not be checked. Wait a moment and try again.`;
  }
  return `${environmentName} answered in a way this app does not understand: ${describeError(error)}`;
}
