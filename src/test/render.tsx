import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { ApiContext } from '../api/api-context.ts';
import type { Environment } from '../config/config.ts';
import { createPetstoreApi } from '../api/client.ts';
import { createQueryClient } from '../app/query-client.ts';
import { reauth } from '../features/auth/reauth.ts';
import { sessionStore } from '../lib/session.ts';
import { API, MESSAGES } from './msw-server.ts';

/** The environment component tests run in: the spec alone, unless a test says otherwise. */
export const testEnvironment: Environment = {
  name: 'Test',
  apiBaseUrl: API,
  messagesBaseUrl: MESSAGES,
  extensions: [],
  limits: {},
  categories: [],
};

/**
 * The production query client, with retries sped up so tests need not wait for the backoff, unless
 * the test is about the backoff itself.
 */
function createTestQueryClient(backoff: 'fast' | 'production'): QueryClient {
  const client = createQueryClient();
  if (backoff === 'production') return client;
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retryDelay: 1 },
  });
  return client;
}

/** The person gives a new key in the sign-in-again dialog (not rendered here). */
export const acceptNewKey = (apiKey: string) => reauth.accept(apiKey);

/** Renders a signed-in page at `path` in a data router, as the app would, against MSW instead of a service. */
export function renderSignedIn(
  element: ReactElement,
  {
    path = '/',
    route = '*',
    routes = [],
    timeoutMs = 20_000,
    environment = testEnvironment,
    backoff = 'fast',
  }: {
    path?: string;
    route?: string;
    /** Other pages of the app, beside the one `element` is at `route` (a loader's wait, say). */
    routes?: RouteObject[];
    timeoutMs?: number;
    environment?: Environment;
    backoff?: 'fast' | 'production';
  } = {},
) {
  sessionStore.signIn({ apiKey: 'component-key', environmentName: environment.name });
  const queryClient = createTestQueryClient(backoff);
  const api = createPetstoreApi(environment, {
    getApiKey: sessionStore.apiKey,
    timeoutMs,
    onUnauthorized: reauth.ask,
  });
  const result = render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ApiContext.Provider value={api}>
          <RouterProvider
            router={createMemoryRouter([{ path: route, element }, ...routes], { initialEntries: [path] })}
            useTransitions={false}
          />
        </ApiContext.Provider>
      </QueryClientProvider>
    </StrictMode>,
  );
  return { ...result, queryClient };
}
