import { Link, Outlet, useLocation } from 'react-router-dom';
import { useApi } from '../api/api-context.ts';
import { currentPage, Frame, type MenuLink } from './frame.tsx';

const RouterLink: MenuLink = ({ to, end, children }) => (
  <Link to={to} aria-current={currentPage(useLocation().pathname, to, end)}>
    {children}
  </Link>
);

/** The signed-in pages' layout route: the frame, with the page the address names. */
export function Layout() {
  return (
    <Frame environmentName={useApi().environment.name} link={RouterLink}>
      <Outlet />
    </Frame>
  );
}
