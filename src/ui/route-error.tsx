import { useRouteError } from 'react-router-dom';
import { ErrorPage } from './error-page.tsx';

/** A route's error element: what failed to load or render there, as the error page. */
export function RouteError() {
  return <ErrorPage error={useRouteError()} />;
}
