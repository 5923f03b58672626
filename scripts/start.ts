// `npm start`: the reference service with demo data, and the app (Vite dev server) pointed at it.
import { readFileSync } from 'node:fs';
import { createServer, type Plugin } from 'vite';
import { readServerConfig, type ServerConfig } from '../server/config.ts';
import { startService, type RunningService } from '../server/start.ts';
import { describeStartupFailure } from '../server/startup-errors.ts';

let config: ServerConfig | undefined;
let service: RunningService;
try {
  config = readServerConfig();
  service = await startService(config);
} catch (error) {
  const line = describeStartupFailure(error, config);
  if (!line) throw error;
  console.error(`petstore: ${line}`);
  process.exit(1);
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

const vite = await createServer({ plugins: [localConfig] });
await vite.listen();
const appUrl = vite.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5173/';

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
