// Load test of the reference service: GET /pets and POST /pets with auth, on loopback only,
// bounded in time. Prints requests/s and latency percentiles; asserts nothing.
import autocannon, { type Result } from 'autocannon';
import { readServerConfig } from '../server/config.ts';
import { startService } from '../server/start.ts';

export interface LoadResult {
  scenario: string;
  requestsPerSecond: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

const KEY = 'load-key';
const DURATION_SECONDS = 5;

function summarize(scenario: string, result: Result): LoadResult {
  return {
    scenario,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export async function benchServer(): Promise<LoadResult[]> {
  const service = await startService(
    readServerConfig({
      PORT: '4310',
      MESSAGES_PORT: '4311',
      PETSTORE_DB: ':memory:',
      PETSTORE_API_KEYS: KEY,
      LOG_LEVEL: 'silent',
    }),
  );
  const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
  try {
    // Writes first, so the reads then page through a store of tens of thousands of pets.
    const scenarios: [string, autocannon.Options][] = [
      [
        'POST /pets',
        {
          url: `${service.apiBaseUrl}/pets`,
          method: 'POST',
          headers,
          body: JSON.stringify({ name: 'Load', categoryId: 3, status: 'sold' }),
        },
      ],
      ['GET /pets?limit=20', { url: `${service.apiBaseUrl}/pets?limit=20`, headers }],
      ['GET /pets?limit=100&status=sold', { url: `${service.apiBaseUrl}/pets?limit=100&status=sold`, headers }],
    ];
    const results: LoadResult[] = [];
    for (const [name, options] of scenarios) {
      results.push(summarize(name, await autocannon({ connections: 10, duration: DURATION_SECONDS, ...options })));
    }
    return results;
  } finally {
    await service.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await benchServer();
  console.log(`Reference service under load (autocannon, 10 connections, ${DURATION_SECONDS} s each):`);
  console.table(results);
}
