import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { sessionStore } from '../features/auth/session.ts';
import { useApi } from './api-context.ts';
import { paths } from './paths.ts';

export function Layout({ children }: { children: ReactNode }) {
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
        {children}
      </main>
    </>
  );
}
