import { createContext, useContext } from 'react';
import type { PetstoreApi } from './client.ts';

/** The signed-in environment's service; only signed-in pages have one. */
export const ApiContext = createContext<PetstoreApi | undefined>(undefined);

export function useApi(): PetstoreApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi needs an ApiContext provider (only signed-in pages have one)');
  return api;
}
