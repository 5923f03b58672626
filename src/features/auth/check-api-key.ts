import { isApiError, offlineError } from '../../api/api-error.ts';
import { createPetstoreApi } from '../../api/client.ts';
import type { Environment } from '../../config/config.ts';
import { browserSaysOffline } from '../../lib/connection.ts';

/**
 * A real, cheap call (`GET /pets?limit=1`): the only way to know the service takes a key. No answer
 * while the browser says it is offline is an `offline` failure: the device's connection, not the
 * service or its setup, is what to mend. (It is sent all the same: the browser's word is not always
 * right, and an answer settles it.)
 */
export async function checkApiKey(environment: Environment, apiKey: string, timeoutMs: number): Promise<void> {
  const api = createPetstoreApi(environment, { getApiKey: () => apiKey, timeoutMs });
  try {
    await api.pets.GET('/pets', { params: { query: { limit: 1 } }, parseAs: 'text' });
  } catch (error) {
    throw isApiError(error) && error.kind === 'network' && browserSaysOffline() ? offlineError() : error;
  }
}
