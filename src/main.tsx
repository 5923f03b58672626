import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { ConfigErrorPage } from './config/config-error-page.tsx';
import { ConfigError, loadConfig } from './config/config.ts';
import { reloadOnMissingCode } from './lib/new-version.ts';
import { sessionStore } from './lib/session.ts';
import './ui/styles.css';

reloadOnMissingCode();

// Signed in already (a reload, a deep link): fetch the signed-in code while config.json loads.
if (sessionStore.get().session) void import('./app/signed-in-app.tsx');

const root = createRoot(document.getElementById('root')!);

// config.json is per deployment, beside index.html at the base the build was made for.
loadConfig(new URL(`${import.meta.env.BASE_URL}config.json`, location.origin)).then(
  (config) =>
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    ),
  (error: unknown) =>
    root.render(
      <ConfigErrorPage message={error instanceof ConfigError ? error.message : 'config.json could not be read.'} />,
    ),
);
