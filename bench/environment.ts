// The app as deployed (dist/, built for `/`, served by nginx with deploy/nginx.conf: precompressed,
// strict CSP) and the reference service with demo data, on ports of their own, for the benchmarks
// and the Lighthouse check.
import { startNginx } from '../scripts/nginx.ts';
import { readServerConfig } from '../server/config.ts';
import { startService, type RunningService } from '../server/start.ts';

export const BENCH_API_KEY = 'bench-key';
export const BENCH_ENVIRONMENT = 'Benchmark';
const APP_PORT = 4280;

export interface BenchEnvironment {
  appUrl: string;
  /** One per build asked for (the first is `appUrl`), each on a port of its own. */
  appUrls: string[];
  service: RunningService;
  /** sessionStorage entry that signs a page in, as the sign-in screen would. */
  session: { key: string; value: string };
  close(): Promise<void>;
}

export async function startBenchEnvironment({
  extraPets = 5000,
  dists = ['dist'],
}: { extraPets?: number; dists?: string[] } = {}): Promise<BenchEnvironment> {
  const ports = dists.map((_, index) => APP_PORT + index);
  const service = await startService(
    readServerConfig({
      PORT: '4210',
      MESSAGES_PORT: '4211',
      PETSTORE_DB: ':memory:',
      PETSTORE_API_KEYS: BENCH_API_KEY,
      PETSTORE_SEED: '1',
      CORS_ORIGINS: ports.map((port) => `http://127.0.0.1:${port}`).join(','),
      LOG_LEVEL: 'warn',
    }),
  );
  // Enough pets of every status for full 100-row pages, and thousands for a search to look through.
  const statuses = ['available', 'pending', 'sold'];
  const create = (i: number) =>
    fetch(`${service.apiBaseUrl}/pets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${BENCH_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Bench pet ${i}`, categoryId: i % 7, status: statuses[i % 3] }),
    });
  for (let i = 0; i < extraPets; i += 50) {
    await Promise.all(Array.from({ length: Math.min(50, extraPets - i) }, (_, j) => create(i + j)));
  }
  const config = JSON.stringify({
    environments: [
      { name: BENCH_ENVIRONMENT, apiBaseUrl: service.apiBaseUrl, messagesBaseUrl: service.messagesBaseUrl },
    ],
  });
  const apps = await Promise.all(
    dists.map((dist, index) => startNginx({ dist, base: '/', port: ports[index]!, config })),
  );
  return {
    appUrl: apps[0]!.url,
    appUrls: apps.map((app) => app.url),
    service,
    session: {
      key: 'petstore-admin.session',
      value: JSON.stringify({ apiKey: BENCH_API_KEY, environmentName: BENCH_ENVIRONMENT, owner: 'bench' }),
    },
    async close() {
      await Promise.all(apps.map((app) => app.stop()));
      await service.close();
    },
  };
}

/** Debian's Chromium unless CHROME_PATH says otherwise. */
export const chromePath = () => process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
