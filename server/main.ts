import { readServerConfig } from './config.ts';
import { startService } from './start.ts';

const service = await startService(readServerConfig());

console.log(`Pet store API:      ${service.apiBaseUrl}  (contract: ${service.apiBaseUrl}/openapi.json)`);
console.log(`Messages service:   ${service.messagesBaseUrl}`);
if (service.demoApiKey) console.log(`Demo API key:       ${service.demoApiKey}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void service.close().then(() => process.exit(0)));
}
