// The one place that knows the signed-in routes (signed out, the app shows only the sign-in screen:
// see app.tsx). React Router's data router: each screen's code is a lazy route, its data starts
// in the route's loader with the query options the screen uses, so a deep link fetches both at once,
// and a failure is an error page: within the frame for a page, on its own for the frame.
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { parseInt64 } from '../../contract/int64.ts';
import type { PetstoreApi } from '../api/client.ts';
import { beforeShown } from '../api/read-failure.ts';
import { paths, safeNextPath } from '../config/paths.ts';
import { petQueries } from '../features/pets/api/pet-queries.ts';
import { parseListSearch } from '../features/pets/list-search.ts';
import { NotFoundPage } from '../ui/not-found-page.tsx';
import { RouteError } from '../ui/route-error.tsx';
import { Layout, LayoutLoading } from './layout.tsx';

/** What the signed-in pages share: the environment's service and the query cache. */
export interface SessionRuntime {
  api: PetstoreApi;
  queryClient: QueryClient;
}

/**
 * What a route that only redirects renders: nothing, as its loader answers first. Without a
 * component, React Router warns (in development) that the route would show an empty page; without
 * a `HydrateFallback` where no parent route has one, it warns (in production too) that it has nothing
 * to show while the loader runs.
 */
const Redirecting = () => null;

/** Each screen's code, loaded when it is first shown or while the browser is idle. */
const code = {
  pets: () => import('../features/pets/components/pets-page.tsx'),
  petDetail: () => import('../features/pets/components/pet-detail-page.tsx'),
  // The two forms load as one chunk, with react-hook-form: opening one makes the other instant.
  forms: () => import('./forms.ts'),
};

const pageRoutes = ({ api, queryClient }: SessionRuntime): RouteObject[] => [
  {
    path: paths.pets,
    lazy: async () => ({ Component: (await code.pets()).PetsPage }),
    // The list's rows are in before it shows, so that a way back to it (Back, or the pet page's
    // link after a reload) finds its scroll position. A failure is the screen's to show, which tries
    // again by itself (the route does not wait for that); not the route's. Offline, the read would
    // wait for the connection, and the page with it: the screen shows the pets kept in this tab
    // and says it is offline. A search reads the whole list itself (use-pet-search.ts).
    loader: async ({ request }: LoaderFunctionArgs) => {
      const list = parseListSearch(new URL(request.url).searchParams);
      if (list.q || !onlineManager.isOnline()) return null;
      await queryClient.ensureQueryData({ ...petQueries.list(api, list), retry: false }).catch(() => undefined);
      return null;
    },
    // A filter, a sort or the page size: the screen reads the new list, keeping the rows it shows.
    shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
      currentUrl.pathname !== nextUrl.pathname && defaultShouldRevalidate,
  },
  {
    path: paths.addPet,
    lazy: async () => ({ Component: (await code.forms()).AddPetPage }),
  },
  {
    path: paths.petPattern,
    lazy: async () => ({ Component: (await code.petDetail()).PetDetailPage }),
    // Started, not awaited: the page shows the pet at once from a list already read, and a failure
    // is the page's to show.
    loader: ({ params }: LoaderFunctionArgs) => {
      // An id that is no int64 names no pet: the page says so without asking the service.
      const id = parseInt64(params['petId'] ?? '');
      if (id === undefined) return null;
      void queryClient.ensureQueryData(beforeShown(queryClient, petQueries.detail(api, id))).catch(() => undefined);
      return null;
    },
    // The same address with another history state ("Pet added." said once): nothing to read.
    shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
      currentUrl.href !== nextUrl.href && defaultShouldRevalidate,
  },
  {
    path: paths.messages,
    lazy: async () => ({ Component: (await code.forms()).MessagesPage }),
  },
];

export function createAppRouter(runtime: SessionRuntime) {
  return createBrowserRouter(
    [
      // Signed in already: on to where sign-in was asked to lead, or the list.
      {
        path: paths.signIn,
        loader: ({ request }) => redirect(safeNextPath(new URL(request.url).searchParams.get('next')) ?? paths.pets),
        Component: Redirecting,
        HydrateFallback: LayoutLoading,
      },
      {
        path: '/index.html',
        loader: () => redirect(paths.pets),
        Component: Redirecting,
        HydrateFallback: LayoutLoading,
      },
      {
        path: '/',
        Component: Layout,
        HydrateFallback: Layout,
        errorElement: <RouteError />,
        children: [
          {
            // A page that fails, its code included, is an error page within the frame. Here, not on
            // each page's route: React Router shows nothing for a lazy route whose code fails to
            // load when that route has an error element of its own (7.18).
            errorElement: <RouteError />,
            children: [
              { index: true, loader: () => redirect(paths.pets), Component: Redirecting },
              ...pageRoutes(runtime),
              { path: '*', Component: NotFoundPage },
            ],
          },
        ],
      },
    ],
    { basename: import.meta.env.BASE_URL },
  );
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/** Fetches every screen's code, for when the browser is idle: opening one is then instant. */
export const prefetchScreens = () =>
  // A failed prefetch costs nothing: the screen's code is asked for again when it is opened.
  Object.values(code).forEach((load) => void load().catch(() => undefined));
