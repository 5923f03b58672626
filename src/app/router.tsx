// The one place that knows the signed-in routes (signed out, the app shows only the sign-in
// screen: see app.tsx). Each screen's code loads lazily, and its `prefetch` starts the screen's data
// at the same moment, so a deep link fetches both in parallel.
//
// This is React Router's component router (`useRoutes`), not its data router (`createBrowserRouter`
// with loaders): measured with this app's imports, the data router is 30.4 KB gzip against 13.6 KB,
// and the 17 KB difference alone would break the 130 KB budget for all JS. The table gives what the
// data router would: one list of routes, lazy code, data started with it, an error page per route.
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useLayoutEffect, useState, type ComponentType, type ReactNode } from 'react';
import {
  matchRoutes,
  Navigate,
  useLocation,
  useNavigationType,
  useRoutes,
  type Params,
  type RouteObject,
} from 'react-router-dom';
import { parseInt64 } from '../../contract/int64.ts';
import type { PetstoreApi } from '../api/client.ts';
import { paths, safeNextPath } from '../config/paths.ts';
import { petQueries } from '../features/pets/api/pet-queries.ts';
import { currentLink, parseListSearch } from '../features/pets/list-search.ts';
import { ErrorBoundary } from '../ui/error-boundary.tsx';
import { NotFoundPage } from '../ui/not-found-page.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { Layout } from './layout.tsx';

/** What the signed-in pages share: the environment's service and the query cache. */
export interface SessionRuntime {
  api: PetstoreApi;
  queryClient: QueryClient;
}

interface Screen {
  path: string;
  /** The screen's code, loaded when it is first shown (or prefetched when the browser is idle). */
  load: () => Promise<ComponentType>;
  /** Starts the screen's data; the screen shows it from the query cache. */
  prefetch?: (at: { params: Params; search: URLSearchParams }, runtime: SessionRuntime) => void;
}

const screens: Screen[] = [
  {
    path: paths.pets,
    load: () => import('../features/pets/components/pets-page.tsx').then((module) => module.PetsPage),
    prefetch: ({ search }, { api, queryClient }) => {
      const list = parseListSearch(search);
      // A search reads the whole list page by page as soon as the screen shows (use-pet-search.ts).
      if (!list.q) {
        void queryClient.prefetchQuery(
          petQueries.page(api, { status: list.status, limit: list.limit, link: currentLink(list) }),
        );
      }
    },
  },
  {
    path: paths.addPet,
    load: () => import('./forms.ts').then((module) => module.AddPetPage),
  },
  {
    path: paths.petPattern,
    load: () => import('../features/pets/components/pet-detail-page.tsx').then((module) => module.PetDetailPage),
    prefetch: ({ params }, { api, queryClient }) => {
      // An id that is no int64 names no pet: the page says so without asking the service.
      const id = parseInt64(params['petId'] ?? '');
      if (id !== undefined) void queryClient.prefetchQuery(petQueries.detail(api, id));
    },
  },
  {
    path: paths.messages,
    load: () => import('./forms.ts').then((module) => module.MessagesPage),
  },
];

/** Each route's error element; another address starts afresh, without the error of the one before. */
function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary key={useLocation().pathname}>{children}</ErrorBoundary>;
}

function page(element: ReactNode): ReactNode {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoading />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}

function SignInRedirect() {
  // Signed in already: on to where sign-in was asked to lead, or the list.
  const next = safeNextPath(new URLSearchParams(useLocation().search).get('next'));
  return <Navigate to={next ?? paths.pets} replace />;
}

const routes: RouteObject[] = [
  { path: paths.signIn, element: <SignInRedirect /> },
  { path: '/index.html', element: <Navigate to={paths.pets} replace /> },
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <Navigate to={paths.pets} replace /> },
      ...screens.map(({ path, load }) => {
        const Screen = lazy(() => load().then((component) => ({ default: component })));
        return { path, element: page(<Screen />) };
      }),
      { path: '*', element: page(<NotFoundPage />) },
    ],
  },
];

/** Starts the data of the screen at `location`, with the same query options the screen uses. */
function startData(location: { pathname: string; search: string }, runtime: SessionRuntime) {
  const search = new URLSearchParams(location.search);
  for (const { params, route } of matchRoutes(screens, location) ?? []) route.prefetch?.({ params, search }, runtime);
}

/** The signed-in routes, with each screen's data started as its address is opened. */
export function AppRoutes({ runtime }: { runtime: SessionRuntime }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  // The first screen's data starts with the first render, as its code does (an effect would wait
  // for the whole tree to commit, lazy screen included); later ones as their address is opened.
  useState(() => startData(location, runtime));
  useEffect(() => startData(location, runtime), [location, runtime]);
  // A new page starts at its top, as a page load would; Back and Forward, and a way back to the list
  // (`restoreScroll`), leave the scroll to the page (see use-list-scroll.ts).
  useLayoutEffect(() => {
    if (navigationType === 'PUSH' && !(location.state as { restoreScroll?: boolean } | null)?.restoreScroll) {
      window.scrollTo(0, 0);
    }
  }, [location.key, location.state, navigationType]);
  return useRoutes(routes);
}

/** Fetches every screen's code, for when the browser is idle: opening one is then instant. */
export const prefetchScreens = () =>
  // A failed prefetch costs nothing: the screen's code is asked for again when it is opened.
  screens.forEach((screen) => void screen.load().catch(() => undefined));
