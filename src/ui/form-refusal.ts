import { isApiError } from '../api/api-error.ts';

/**
 * For a form sent again with values it stops itself: the service's refusal of the values sent before
 * goes, as it is no longer about what the form holds. A lost or unreadable answer stays (whether
 * they arrived still stands), and so does a success.
 */
export function forgetRefusal(mutation: { isError: boolean; error: unknown; reset: () => void }) {
  if (mutation.isError && !(isApiError(mutation.error) && mutation.error.mayHaveBeenDone)) mutation.reset();
}
