import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import type { AppConfig } from '../config/config.ts';
import { ConfigContext } from '../config/config-context.ts';
import { SignInPage } from '../features/auth/sign-in-page.tsx';
import { useSessionState } from '../features/auth/session.ts';
import { PageLoading } from '../ui/page-loading.tsx';
import { loadSignedInApp } from './lazy-routes.ts';
import { paths } from './paths.ts';

// Everything behind sign-in, React Query included, loads only after sign-in: the sign-in screen
// stays small and fast.
const SignedInApp = lazy(() => loadSignedInApp().then((module) => ({ default: module.SignedInApp })));

function RequireSession() {
  const { session, reason } = useSessionState();
  const location = useLocation();
  if (!session) {
    const next = reason === 'signed-out' ? '' : `?next=${encodeURIComponent(location.pathname + location.search)}`;
    return <Navigate to={`${paths.signIn}${next}`} replace />;
  }
  return (
    <Suspense fallback={<PageLoading />}>
      <SignedInApp session={session} />
    </Suspense>
  );
}

export function App({ config, basename }: { config: AppConfig; basename: string }) {
  return (
    <ConfigContext.Provider value={config}>
      <BrowserRouter basename={basename}>
        <Routes>
          <Route path={paths.signIn} element={<SignInPage />} />
          <Route path="/index.html" element={<Navigate to={paths.pets} replace />} />
          <Route path="*" element={<RequireSession />} />
        </Routes>
      </BrowserRouter>
    </ConfigContext.Provider>
  );
}
