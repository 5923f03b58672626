import { createContext, useContext } from 'react';
import type { ApiClient } from '../api/client.ts';
import type { Environment } from '../config/config.ts';

/** The signed-in environment and the client that talks to it. */
export interface PetstoreApi {
  environment: Environment;
  client: ApiClient;
}

export const ApiContext = createContext<PetstoreApi | undefined>(undefined);

export function useApi(): PetstoreApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi needs an ApiContext provider (only signed-in pages have one)');
  return api;
}
