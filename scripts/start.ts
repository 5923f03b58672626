// `npm start`: the reference service with demo data, and the app (Vite dev server) pointed at it.
import { readFileSync } from 'node:fs';
import { createServer, type Plugin } from 'vite';
import { PET_NAME_MAX_LENGTH, REQUEST_BODY_MAX_BYTES } from '../contract/limits.ts';
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

// The names of the demo pets' categories, as public/config.json gives them.
const { categories } = (
  JSON.parse(readFileSync(new URL('../public/config.json', import.meta.url), 'utf8')) as {
    environments: { categories?: unknown }[];
  }
).environments[0]!;

// What the service offers beyond the spec, declared as public/config.json does; nothing for the
// spec profile, whose point is a service that offers nothing more.
const offered =
  config.PETSTORE_PROFILE === 'reference'
    ? {
        extensions: ['idempotency-key'],
        limits: { petNameMaxLength: PET_NAME_MAX_LENGTH, requestBodyMaxBytes: REQUEST_BODY_MAX_BYTES },
      }
    : {};

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
