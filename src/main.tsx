import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { ConfigErrorPage } from './config/config-error-page.tsx';
import { ConfigError, loadConfig } from './config/config.ts';
import { sessionStore } from './lib/session.ts';
import './ui/styles.css';

// Signed in already (a reload, a deep link): fetch the signed-in code while config.json loads.
if (sessionStore.get().session) void import('./app/signed-in-app.tsx');

const root = createRoot(document.getElementById('root')!);

// config.json is per deployment, beside index.html at the base the build was made for.
const config = loadConfig(new URL(`${import.meta.env.BASE_URL}config.json`, location.origin));
// The prerendered first screen may be on screen already (build/first-screens.ts): the app takes it
// over with the same markup.
void config.then(
  (loaded) =>
    root.render(
      <StrictMode>
        <App config={loaded} />
      </StrictMode>,
    ),
  (error: unknown) =>
    root.render(
      <ConfigErrorPage message={error instanceof ConfigError ? error.message : 'config.json could not be read.'} />,
    ),
);
