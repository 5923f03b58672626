import { readServerConfig, type ServerConfig } from './config.ts';
import { PROFILES } from './profile.ts';
import { startService } from './start.ts';
import { describeStartupFailure } from './startup-errors.ts';

let config: ServerConfig | undefined;
try {
  config = readServerConfig();
  const service = await startService(config);
  const contract = PROFILES[config.PETSTORE_PROFILE].contractDocument
    ? `  (contract: ${service.apiBaseUrl}/openapi.json)`
    : '';
  console.log(`Pet store API:      ${service.apiBaseUrl}${contract}`);
  console.log(`Messages service:   ${service.messagesBaseUrl}`);
  if (service.demoApiKey) console.log(`Demo API key:       ${service.demoApiKey}`);

  // `npm run server` runs this very process (`exec node …`): a signal to npm reaches it, and it
  // leaves nothing behind to hold the ports.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void service.close().then(() => process.exit(0)));
  }
} catch (error) {
  const line = describeStartupFailure(error, config);
  if (!line) throw error;
  console.error(`petstore: ${line}`);
  process.exit(1);
}
