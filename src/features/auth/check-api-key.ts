import { offlineError } from '../../api/api-error.ts';
import { createPetstoreApi } from '../../api/client.ts';
import type { Environment } from '../../config/config.ts';
import { browserSaysOffline } from '../../lib/connection.ts';

/**
 * A real, cheap call (`GET /pets?limit=1`): the only way to know the service takes a key. Not sent
 * while the browser says it is offline, as the signed-in app sends nothing then either: the failure
 * is the device's connection (`offline`), not the service or its setup.
 */
export async function checkApiKey(environment: Environment, apiKey: string, timeoutMs: number): Promise<void> {
  if (browserSaysOffline()) throw offlineError();
  const api = createPetstoreApi(environment, { getApiKey: () => apiKey, timeoutMs });
  await api.pets.GET('/pets', { params: { query: { limit: 1 } }, parseAs: 'text' });
}
