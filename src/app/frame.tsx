import type { ReactNode } from 'react';
import { appPath, browserPath, paths } from '../config/paths.ts';
import { PageLoading } from '../ui/page-loading.tsx';
import { useSignOut } from './sign-out.ts';

/** How the menu's links are made: by the router once it runs, as plain links before (same markup). */
export type MenuLink = (props: { to: string; children: string }) => ReactNode;

const MENU: readonly string[] = [paths.pets, paths.addPet, paths.messages];

/**
 * The menu item of the page at `here` (an app path), as `aria-current`: the page's own (`page`), or
 * else the one whose section holds it (`true`: Pets, on a pet's page).
 */
export function currentPage(here: string, to: string): 'page' | 'true' | undefined {
  if (here === to) return 'page';
  if (MENU.includes(here)) return undefined;
  const section = MENU.filter((item) => here.startsWith(`${item}/`)).sort((a, b) => b.length - a.length)[0];
  return section === to ? 'true' : undefined;
}

/**
 * The frame of every signed-in page: who is signed in where, the menu, and the page. The same
 * markup is prerendered into index.html, shown while the signed-in code loads, and kept by the
 * router's layout, so the page never flashes or shifts as the app takes over.
 */
export function Frame({
  environmentName,
  link: MenuLink,
  busy = false,
  children,
}: {
  environmentName: string;
  link: MenuLink;
  /** Another page is on its way (its code or its data). */
  busy?: boolean;
  children: ReactNode;
}) {
  // Sign-out may ask first, where pets wait in this tab (signed-in-app.tsx provides how).
  const signOut = useSignOut();
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
            <span className="environment-name">{environmentName}</span>
          </p>
          <button type="button" className="button-secondary sign-out" onClick={signOut}>
            Sign out
          </button>
        </div>
        <nav aria-label="Main">
          <ul>
            <li>
              <MenuLink to={paths.pets}>Pets</MenuLink>
            </li>
            <li>
              <MenuLink to={paths.addPet}>Add pet</MenuLink>
            </li>
            <li>
              <MenuLink to={paths.messages}>Messages</MenuLink>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1} aria-busy={busy}>
        {children}
      </main>
    </>
  );
}

/** The menu before the router runs: plain links, marked as the router's will be. */
const PlainLink: MenuLink = ({ to, children }) => (
  <a
    href={browserPath(to)}
    aria-current={currentPage(typeof location === 'undefined' ? '' : appPath(location.pathname), to)}
  >
    {children}
  </a>
);

/** What shows while the signed-in code, or the first page's, loads: the frame, as it will be. */
export const SignedInLoading = ({ environmentName }: { environmentName: string }) => (
  <Frame environmentName={environmentName} link={PlainLink}>
    <PageLoading />
  </Frame>
);
