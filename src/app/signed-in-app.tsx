import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { createApiClient } from '../api/client.ts';
import { useConfig } from '../config/config-context.ts';
import { sessionStore, type Session } from '../features/auth/session.ts';
import { NotFoundPage } from '../ui/not-found-page.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { PetDetailPage } from '../features/pets/components/pet-detail-page.tsx';
import { PetsPage } from '../features/pets/components/pets-page.tsx';
import { ApiContext, type PetstoreApi } from './api-context.ts';
import { Layout } from './layout.tsx';
import { loadAddPetPage, loadMessagesPage, prefetchWhenIdle } from './lazy-routes.ts';
import { paths } from './paths.ts';
import { createQueryClient } from './query-client.ts';

// The pets table and detail, used all day, come with this chunk; the forms (and react-hook-form)
// load when first opened. Smaller chunks than that would cost more in overhead than they save.
const AddPetPage = lazy(() => loadAddPetPage().then((module) => ({ default: module.AddPetPage })));
const MessagesPage = lazy(() => loadMessagesPage().then((module) => ({ default: module.MessagesPage })));

/**
 * Mounted only while signed in: the query cache lives and dies with the session, so after sign-out
 * (or a revoked key) no pet data is left in memory for Back to show.
 */
export function SignedInApp({ session }: { session: Session }) {
  const config = useConfig();
  const [queryClient] = useState(createQueryClient);
  const environment = config.environments.find((env) => env.name === session.environmentName);
  const api = useMemo<PetstoreApi | undefined>(
    () =>
      environment && {
        environment,
        client: createApiClient({ getApiKey: sessionStore.apiKey, timeoutMs: config.requestTimeoutMs }),
      },
    [environment, config.requestTimeoutMs],
  );

  useEffect(prefetchWhenIdle, []);

  // The deployment's config.json no longer lists the session's environment: choose again.
  useEffect(() => {
    if (!api) sessionStore.signOut();
  }, [api]);
  if (!api) return null;

  return (
    <QueryClientProvider client={queryClient}>
      <ApiContext.Provider value={api}>
        <Layout>
          <Suspense fallback={<PageLoading />}>
            <Routes>
              <Route path="/" element={<Navigate to={paths.pets} replace />} />
              <Route path={paths.pets} element={<PetsPage />} />
              <Route path={paths.addPet} element={<AddPetPage />} />
              <Route path={paths.petPattern} element={<PetDetailPage />} />
              <Route path={paths.messages} element={<MessagesPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
          </Suspense>
        </Layout>
      </ApiContext.Provider>
    </QueryClientProvider>
  );
}
