import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { appBasePath } from './app/paths.ts';
import { ConfigErrorPage } from './config/config-error-page.tsx';
import { ConfigError, loadConfig } from './config/config.ts';
import './ui/styles.css';

// The same build is served from any path; config.json sits beside index.html at that path.
const appBase = appBasePath(location.pathname);
const root = createRoot(document.getElementById('root')!);

loadConfig(new URL(`${appBase}config.json`, location.origin)).then(
  (config) =>
    root.render(
      <StrictMode>
        <App config={config} basename={appBase} />
      </StrictMode>,
    ),
  (error: unknown) =>
    root.render(
      <ConfigErrorPage message={error instanceof ConfigError ? error.message : 'config.json could not be read.'} />,
    ),
);
