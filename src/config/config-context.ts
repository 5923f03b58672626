import { createContext, useContext } from 'react';
import type { AppConfig } from './config.ts';

export const ConfigContext = createContext<AppConfig | undefined>(undefined);

export function useConfig(): AppConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig needs a ConfigContext provider');
  return config;
}
