import { createPetstoreApi } from '../../api/client.ts';
import type { Environment } from '../../config/config.ts';

/** A real, cheap call (`GET /pets?limit=1`): the only way to know the service takes a key. */
export async function checkApiKey(environment: Environment, apiKey: string, timeoutMs: number): Promise<void> {
  const api = createPetstoreApi(environment, { getApiKey: () => apiKey, timeoutMs });
  await api.pets.GET('/pets', { params: { query: { limit: 1 } }, parseAs: 'text' });
}
