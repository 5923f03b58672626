import { lazy, Suspense, useLayoutEffect } from 'react';
import type { AppConfig } from '../config/config.ts';
import { ConfigContext } from '../config/config-context.ts';
import { SignInPage } from '../features/auth/sign-in-page.tsx';
import { useSessionState } from '../lib/session.ts';
import { Announcer } from '../ui/announcer.tsx';
import { ErrorBoundary } from '../ui/error-boundary.tsx';
import { SignedInLoading } from './frame.tsx';

// Signed out, there is one screen and no router: the sign-in screen stays small and fast.
// Everything behind sign-in (the router, React Query, the screens) loads once signed in.
const SignedInApp = lazy(() => import('./signed-in-app.tsx').then((module) => ({ default: module.SignedInApp })));

export function App({ config }: { config: AppConfig }) {
  const { session } = useSessionState();
  // The prerendered page held form submits until now (src/boot.ts). Set before
  // any screen's effects run: the sign-in screen sends one held meanwhile from its own.
  useLayoutEffect(() => document.documentElement.setAttribute('data-app', 'ready'), []);
  return (
    <ConfigContext.Provider value={config}>
      {/* Outside any route too (the signed-in code failing to load), a failure is a page. */}
      <ErrorBoundary>
        {session ? (
          <Suspense fallback={<SignedInLoading environmentName={session.environmentName} />}>
            <SignedInApp session={session} />
          </Suspense>
        ) : (
          <SignInPage />
        )}
      </ErrorBoundary>
      <Announcer />
    </ConfigContext.Provider>
  );
}
