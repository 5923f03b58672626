import { lazy, Suspense } from 'react';
import { Link, ScrollRestoration, useLocation, useNavigation, useOutlet } from 'react-router-dom';
import { useApi } from '../api/api-context.ts';
import { paths } from '../config/paths.ts';
import { usePetQueueSender } from '../features/pets/api/send-queued-pets.ts';
import { useCreating, useLeftCreate } from '../features/pets/left-create.ts';
import { scrollKeyOf } from '../features/pets/list-return.ts';
import { useAskBeforeLeaving } from '../lib/leaving.ts';
import { describeWait } from '../ui/error-messages.ts';
import { PageLoading } from '../ui/page-loading.tsx';
import { SLOW_AFTER_MS, useDelayedFlag } from '../ui/use-delayed-flag.ts';
import { currentPage, Frame, SignedInLoading, type MenuLink } from './frame.tsx';

// Its code comes with the forms', which were open for there to be anything to say.
const LeftCreateNotice = lazy(async () => ({ default: (await import('./forms.ts')).LeftCreateNotice }));

const RouterLink: MenuLink = ({ to, children }) => (
  <Link to={to} aria-current={currentPage(useLocation().pathname, to)}>
    {children}
  </Link>
);

/**
 * The signed-in pages' layout route: the frame, with the page the address names. While the next
 * page's code or data is on its way, the page shown stays, marked busy; after a few seconds it
 * says what it is waiting for. Back, Forward and the way back to a list return to where the page
 * was scrolled (React Router's ScrollRestoration; see list-return.ts for the list's own key).
 *
 * Also what shows while the first page's code and data load (the route's HydrateFallback, with no
 * page yet): the same component, so the frame stays as it is when the page comes, and a focus in
 * its header or menu stays where it was.
 */
export function Layout() {
  const page = useOutlet();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading';
  const slow = useDelayedFlag(loading, SLOW_AFTER_MS);
  // Only the list's route waits for the service (router.tsx); the others, for their code. (The
  // navigation's address keeps the app's base path: it ends with the list's.)
  const toList = navigation.location?.pathname.endsWith(paths.pets);
  const waitingFor = toList ? describeWait(undefined) : 'Still loading the page…';
  // Pets kept in this tab are sent from every page.
  usePetQueueSender();
  // A reload or a closed tab while a pet is on its way would leave no one to read its answer.
  useAskBeforeLeaving(useCreating());
  const leftCreate = useLeftCreate();
  return (
    <Frame environmentName={useApi().environment.name} link={RouterLink} busy={loading}>
      <div className="route-progress" hidden={!loading} />
      <p className={slow ? 'route-wait' : 'visually-hidden'} role="status">
        {slow ? waitingFor : ''}
      </p>
      <div className="live-slot left-create" role="status">
        {leftCreate && (
          <Suspense>
            <LeftCreateNotice left={leftCreate} />
          </Suspense>
        )}
      </div>
      {page ?? <PageLoading />}
      <ScrollRestoration getKey={scrollKeyOf} />
    </Frame>
  );
}

/** Until a redirect's target is known: the frame, as it will be. */
export function LayoutLoading() {
  return <SignedInLoading environmentName={useApi().environment.name} />;
}
