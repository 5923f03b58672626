import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { AppConfig } from '../config/config.ts';
import { ConfigContext } from '../config/config-context.ts';
import { SignInPage } from '../features/auth/sign-in-page.tsx';
import { useSessionState } from '../lib/session.ts';
import { ErrorPage } from '../ui/error-page.tsx';
import { PageLoading } from '../ui/page-loading.tsx';

// Signed out, there is one screen and no router: the sign-in screen stays small and fast.
// Everything behind sign-in (the router, React Query, the screens) loads once signed in.
const SignedInApp = lazy(() => import('./signed-in-app.tsx').then((module) => ({ default: module.SignedInApp })));

/** The last line of defence: a failure outside any route (a chunk that will not load) is a page too. */
class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: undefined };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error === undefined ? this.props.children : <ErrorPage error={this.state.error} />;
  }
}

export function App({ config }: { config: AppConfig }) {
  const { session } = useSessionState();
  return (
    <ConfigContext.Provider value={config}>
      <ErrorBoundary>
        {session ? (
          <Suspense fallback={<PageLoading />}>
            <SignedInApp session={session} />
          </Suspense>
        ) : (
          <SignInPage />
        )}
      </ErrorBoundary>
    </ConfigContext.Provider>
  );
}
