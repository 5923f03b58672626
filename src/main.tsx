import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadSignedInRoute } from './app/lazy-routes.ts';
import { candidateBasePaths } from './app/paths.ts';
import { ConfigErrorPage } from './config/config-error-page.tsx';
import { ConfigError, loadConfig, type AppConfig } from './config/config.ts';
import { sessionStore } from './features/auth/session.ts';
import './ui/styles.css';

/** The same build is served from any path; config.json sits beside index.html at that path. */
async function loadAppConfig(): Promise<{ config: AppConfig; base: string }> {
  let firstError: unknown;
  for (const base of candidateBasePaths(location.pathname)) {
    try {
      return { config: await loadConfig(new URL(`${base}config.json`, location.origin)), base };
    } catch (error) {
      firstError ??= error;
    }
  }
  throw firstError;
}

const root = createRoot(document.getElementById('root')!);

// Signed in already (a reload, a deep link): fetch the page's code while config.json loads.
if (sessionStore.get().session) preloadSignedInRoute(location.pathname);

loadAppConfig().then(
  ({ config, base }) =>
    root.render(
      <StrictMode>
        <App config={config} basename={base} />
      </StrictMode>,
    ),
  (error: unknown) =>
    root.render(
      <ConfigErrorPage message={error instanceof ConfigError ? error.message : 'config.json could not be read.'} />,
    ),
);
