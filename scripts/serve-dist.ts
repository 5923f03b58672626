import { readFileSync } from 'node:fs';
import { startStaticServer } from './static-server.ts';

// PORT (4173), HOST, BASE_PATH (/), CONFIG_FILE (a config.json to serve instead of the build's).
const { url } = await startStaticServer({
  port: Number(process.env['PORT'] ?? 4173),
  host: process.env['HOST'] ?? '127.0.0.1',
  basePath: process.env['BASE_PATH'] ?? '/',
  ...(process.env['CONFIG_FILE'] ? { config: readFileSync(process.env['CONFIG_FILE'], 'utf8') } : {}),
});
console.log(`Petstore Admin (built, strict CSP): ${url}`);
