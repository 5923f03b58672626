import { readServerConfig, type ServerConfig } from './config.ts';
import { PROFILES } from './profile.ts';
import { startService } from './start.ts';
import { describeStartupFailure } from './startup-errors.ts';

let config: ServerConfig | undefined;
try {
  config = readServerConfig();
  const service = await startService(config);
  // A clean stop, from Ctrl+C, a supervisor or a closed terminal; `npm run server` passes SIGINT and
  // SIGTERM on to this process, not SIGHUP (docs/service.md, "Signals"). Set before the addresses
  // are printed: whoever waits for them may stop the service at once.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () =>
      service.close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`petstore: stopping failed: ${error instanceof Error ? error.message : String(error)}`);
          process.exit(1);
        },
      ),
    );
  }
  const contract = PROFILES[config.PETSTORE_PROFILE].contractDocument
    ? `  (contract: ${service.apiBaseUrl}/openapi.json)`
    : '';
  console.log(`Pet store API:      ${service.apiBaseUrl}${contract}`);
  console.log(`Messages service:   ${service.messagesBaseUrl}`);
  if (service.demoApiKey) console.log(`Demo API key:       ${service.demoApiKey}`);
} catch (error) {
  const line = describeStartupFailure(error, config);
  if (!line) throw error;
  console.error(`petstore: ${line}`);
  process.exit(1);
}
