import { NavLink, Outlet } from 'react-router-dom';
import { useApi } from '../api/api-context.ts';
import { paths } from '../config/paths.ts';
import { sessionStore } from '../lib/session.ts';

/** The frame of every signed-in page: who is signed in where, the menu, and the page. */
export function Layout() {
  const { environment } = useApi();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <div className="app-header-top">
          <span className="app-name">Petstore Admin</span>
          <p className="environment">
            <span className="environment-label">Environment</span>{' '}
            <span className="environment-name">{environment.name}</span>
          </p>
          <button type="button" className="button-secondary sign-out" onClick={sessionStore.signOut}>
            Sign out
          </button>
        </div>
        <nav aria-label="Main">
          <ul>
            <li>
              <NavLink to={paths.pets} end>
                Pets
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.addPet}>Add pet</NavLink>
            </li>
            <li>
              <NavLink to={paths.messages}>Messages</NavLink>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
