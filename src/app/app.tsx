import { lazy, Suspense, useLayoutEffect } from 'react';
import type { AppConfig } from '../config/config.ts';
import { ConfigContext } from '../config/config-context.ts';
import { appPath, browserPath } from '../config/paths.ts';
import { SignInPage } from '../features/auth/sign-in-page.tsx';
import { useSessionState } from '../lib/session.ts';
import { ErrorBoundary } from '../ui/error-boundary.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { currentPage, Frame, type MenuLink } from './frame.tsx';

// Signed out, there is one screen and no router: the sign-in screen stays small and fast.
// Everything behind sign-in (the router, React Query, the screens) loads once signed in.
const SignedInApp = lazy(() => import('./signed-in-app.tsx').then((module) => ({ default: module.SignedInApp })));

/** The menu before the router runs: plain links, marked as the router's will be. */
const PlainLink: MenuLink = ({ to, end, children }) => (
  <a
    href={browserPath(to)}
    aria-current={currentPage(typeof location === 'undefined' ? '' : appPath(location.pathname), to, end)}
  >
    {children}
  </a>
);

/** What shows while the signed-in code loads: the frame, as it will be. */
export const SignedInLoading = ({ environmentName }: { environmentName: string }) => (
  <Frame environmentName={environmentName} link={PlainLink}>
    <PageLoading />
  </Frame>
);

export function App({ config }: { config: AppConfig }) {
  const { session } = useSessionState();
  // The prerendered page held form submits until now (the boot script in vite.config.ts). Set before
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
    </ConfigContext.Provider>
  );
}
