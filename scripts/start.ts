// `npm start`: the reference service with demo data, and the app (Vite dev server) pointed at it.
import { readFileSync } from 'node:fs';
import { createServer, type Plugin } from 'vite';
import { localAppOrigins, port, readServerConfig, type ServerConfig } from '../server/config.ts';
import { startService, type RunningService } from '../server/start.ts';
import { describeAppPortFailure, describeStartupFailure } from '../server/startup-errors.ts';

/** A setup this cannot run with: one line naming what to change, no stack trace, exit 1. */
function fail(line: string): never {
  console.error(`petstore: ${line}`);
  process.exit(1);
}

/** As `npm run server` does: one line for a setup the service cannot start with; a bug keeps its stack. */
function failToStart(error: unknown, config?: ServerConfig): never {
  const line = describeStartupFailure(error, config);
  if (!line) throw error;
  fail(line);
}

let config: ServerConfig;
try {
  config = readServerConfig();
} catch (error) {
  failToStart(error);
}
// The app's port. Unless CORS_ORIGINS says otherwise, the service lets the app in on it.
const appPort = port
  .min(1)
  .default(5173)
  .safeParse(process.env['APP_PORT'] || undefined);
if (!appPort.success) fail(`APP_PORT must be a port number, 1 to 65535, not "${process.env['APP_PORT']}".`);
if (!process.env['CORS_ORIGINS']) {
  config.CORS_ORIGINS = [...new Set([...config.CORS_ORIGINS, ...localAppOrigins(appPort.data)])];
}

let service: RunningService;
try {
  service = await startService(config);
} catch (error) {
  failToStart(error, config);
}

// The reference service as public/config.json declares it: the demo pets' category names, and what
// it offers beyond the spec (a server test checks those against the contract). The spec profile
// offers nothing more: that is its point.
const reference = (
  JSON.parse(readFileSync(new URL('../public/config.json', import.meta.url), 'utf8')) as {
    environments: { extensions?: unknown; limits?: unknown; categories?: unknown }[];
  }
).environments[0]!;
const { categories } = reference;
const offered =
  config.PETSTORE_PROFILE === 'reference' ? { extensions: reference.extensions, limits: reference.limits } : {};

// The app reads config.json at start; serve one that names the service just started, whatever
// PORT and MESSAGES_PORT say, instead of the shipped public/config.json.
const localConfig: Plugin = {
  name: 'petstore-local-config',
  configureServer(server) {
    server.middlewares.use('/config.json', (_request, response) => {
      response.setHeader('Content-Type', 'application/json');
      response.setHeader('Cache-Control', 'no-cache');
      response.end(
        JSON.stringify({
          environments: [
            {
              name: 'Local reference service',
              apiBaseUrl: service.apiBaseUrl,
              messagesBaseUrl: service.messagesBaseUrl,
              ...offered,
              categories,
            },
          ],
        }),
      );
    });
  },
};

const vite = await createServer({ plugins: [localConfig], server: { port: appPort.data } });
try {
  await vite.listen();
} catch (error) {
  const line = describeAppPortFailure(error, appPort.data, String(vite.config.server.host));
  if (!line) throw error;
  fail(line);
}
const appUrl = vite.resolvedUrls?.local[0] ?? `http://127.0.0.1:${appPort.data}/`;

console.log(`
  Petstore Admin is running.

  Open:           ${appUrl}
  API key:        ${service.demoApiKey ?? '(one of PETSTORE_API_KEYS)'}
  Pet store API:  ${service.apiBaseUrl}
  Messages:       ${service.messagesBaseUrl}

  Press Ctrl+C to stop.
`);

// `npm start` runs this very process (`exec node …`): a signal to npm reaches it, and it closes the
// dev server and the service, leaving nothing behind to hold the ports.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([vite.close(), service.close()]).then(() => process.exit(0));
  });
}
