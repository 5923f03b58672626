// Load test of the reference service beside json-server 0.17, in one run: both serve the same pets,
// each in its own process, and autocannon (10 connections, loopback) loads them from this one. The
// service runs on SQLite (the default), and on PostgreSQL with one instance and with two behind
// nginx (where PostgreSQL and nginx are installed), the same pets made the same way in each.
// Prints each figure beside its target; asserts nothing.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { nginxPath } from '../scripts/nginx.ts';
import { startDeployment, type Deployment } from '../server/test/instances.ts';
import { postgresBinaries } from '../server/test/postgres-cluster.ts';
import { start, startReferenceService, stop } from './processes.ts';

export interface LoadResult {
  scenario: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export interface ServerBench {
  pets: number;
  results: LoadResult[];
  /** `met` is undefined where there is no target: a figure for context. */
  comparisons: { scenario: string; ratio: number; target: string; met: boolean | undefined }[];
}

const KEY = 'load-key';
const DURATION_SECONDS = 5;
const PETS = 5000;
const OURS = 'http://127.0.0.1:4310/v1';
const JSON_SERVER = 'http://127.0.0.1:4320';

function summarize(scenario: string, result: Result): LoadResult {
  return {
    scenario,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

const load = (url: string, options: Partial<autocannon.Options> = {}) =>
  autocannon({ url, connections: 10, duration: DURATION_SECONDS, ...options });

export async function benchServer(): Promise<ServerBench> {
  const work = mkdtempSync(join(tmpdir(), 'petstore-bench-'));
  const ours = await startReferenceService({
    PORT: '4310',
    MESSAGES_PORT: '4311',
    PETSTORE_DB: ':memory:',
    PETSTORE_API_KEYS: KEY,
    PETSTORE_SEED: '0',
    LOG_LEVEL: 'silent',
  });
  let jsonServer: ChildProcess | undefined;
  let postgres: Deployment | undefined;
  const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
  const makePets = async (api: string) => {
    const statuses = ['available', 'pending', 'sold'] as const;
    for (let i = 0; i < PETS; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          fetch(`${api}/pets`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ name: `Load pet ${i + j}`, categoryId: (i + j) % 7, status: statuses[(i + j) % 3] }),
          }),
        ),
      );
    }
  };
  try {
    // The same pets in each: made through the API, then written into json-server's file.
    await makePets(OURS);
    const pets: unknown[] = [];
    for (let cursor = ''; ;) {
      const response = await fetch(`${OURS}/pets?limit=100${cursor}`, { headers });
      pets.push(...((await response.json()) as unknown[]));
      const next = /cursor=([^&>]+)/.exec(response.headers.get('link') ?? '')?.[1];
      if (!next) break;
      cursor = `&cursor=${next}`;
    }
    const db = join(work, 'db.json');
    writeFileSync(db, JSON.stringify({ pets }));

    const results: LoadResult[] = [];
    results.push(summarize('ours: GET /pets?limit=20', await load(`${OURS}/pets?limit=20`, { headers })));
    results.push(
      summarize('ours: GET /pets?limit=100&status=sold', await load(`${OURS}/pets?limit=100&status=sold`, { headers })),
    );

    jsonServer = await start(
      [
        process.execPath,
        fileURLToPath(import.meta.resolve('json-server/lib/cli/bin.js')),
        db,
        '--port',
        '4320',
        '--host',
        '127.0.0.1',
        '--ro',
      ],
      {},
      /localhost|127\.0\.0\.1|Resources/i,
    );
    // The same answers as ours: newest first, 20, or 100 sold. json-server sorts its whole array for
    // that on every request; its stored order (oldest first) is cheaper, and measured beside it.
    const jsonServerScenarios: [string, string][] = [
      ['json-server: newest 20', '_sort=id&_order=desc&_limit=20'],
      ['json-server: newest 100 sold', 'status=sold&_sort=id&_order=desc&_limit=100'],
      ['json-server: first 20 stored', '_limit=20'],
      ['json-server: first 100 sold stored', 'status=sold&_limit=100'],
    ];
    for (const [scenario, query] of jsonServerScenarios) {
      results.push(summarize(scenario, await load(`${JSON_SERVER}/pets?${query}`)));
    }
    await stop(jsonServer);
    jsonServer = undefined;

    const withPostgres = Boolean(postgresBinaries() && nginxPath());
    if (withPostgres) {
      postgres = await startDeployment({
        env: { PETSTORE_API_KEYS: KEY, PETSTORE_SEED: '0', LOG_LEVEL: 'silent' },
      });
      const one = postgres.instances[0]!.apiBaseUrl;
      const two = postgres.balancer.apiBaseUrl;
      await makePets(one);
      for (const [name, api] of [
        ['PostgreSQL, 1 instance', one],
        ['PostgreSQL, 2 behind nginx', two],
      ] as const) {
        results.push(summarize(`${name}: GET /pets?limit=20`, await load(`${api}/pets?limit=20`, { headers })));
        results.push(
          summarize(
            `${name}: GET /pets?limit=100&status=sold`,
            await load(`${api}/pets?limit=100&status=sold`, { headers }),
          ),
        );
      }
    }

    results.push(
      summarize(
        'ours: POST /pets',
        await load(`${OURS}/pets`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ name: 'Load', categoryId: 3, status: 'sold' }),
        }),
      ),
    );

    if (postgres) {
      for (const [name, api] of [
        ['PostgreSQL, 1 instance', postgres.instances[0]!.apiBaseUrl],
        ['PostgreSQL, 2 behind nginx', postgres.balancer.apiBaseUrl],
      ] as const) {
        results.push(
          summarize(
            `${name}: POST /pets`,
            await load(`${api}/pets`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ name: 'Load', categoryId: 3, status: 'sold' }),
            }),
          ),
        );
      }
    }

    const rps = (scenario: string) => results.find((result) => result.scenario === scenario)!.requestsPerSecond;
    const compare = (scenario: string, ours: string, theirs: string, target?: number) => {
      const ratio = Math.round((rps(ours) / rps(theirs)) * 10) / 10;
      return { scenario, ratio, target: target ? `≥ ${target}×` : '', met: target ? ratio >= target : undefined };
    };
    return {
      pets: pets.length,
      results,
      comparisons: [
        compare(
          'limit=20, same answer, ours / json-server 0.17',
          'ours: GET /pets?limit=20',
          'json-server: newest 20',
          5,
        ),
        compare(
          'limit=100 sold, same answer, ours / json-server 0.17',
          'ours: GET /pets?limit=100&status=sold',
          'json-server: newest 100 sold',
          3,
        ),
        compare(
          'limit=20, json-server unsorted, ours / json-server 0.17',
          'ours: GET /pets?limit=20',
          'json-server: first 20 stored',
        ),
        compare(
          'limit=100 sold, json-server unsorted, ours / json-server 0.17',
          'ours: GET /pets?limit=100&status=sold',
          'json-server: first 100 sold stored',
        ),
        ...(postgres ? postgresComparisons(compare) : []),
      ],
    };
  } finally {
    if (jsonServer) await stop(jsonServer);
    await postgres?.stop();
    await stop(ours);
    rmSync(work, { recursive: true, force: true });
  }
}

type Compare = (scenario: string, ours: string, theirs: string, target?: number) => ServerBench['comparisons'][number];

/** PostgreSQL beside SQLite and json-server, and two instances beside one: figures, no targets. */
const postgresComparisons = (compare: Compare) => [
  compare(
    'limit=20, PostgreSQL (1) / SQLite',
    'PostgreSQL, 1 instance: GET /pets?limit=20',
    'ours: GET /pets?limit=20',
  ),
  compare(
    'limit=100 sold, PostgreSQL (1) / SQLite',
    'PostgreSQL, 1 instance: GET /pets?limit=100&status=sold',
    'ours: GET /pets?limit=100&status=sold',
  ),
  compare('POST, PostgreSQL (1) / SQLite', 'PostgreSQL, 1 instance: POST /pets', 'ours: POST /pets'),
  compare(
    'limit=20, PostgreSQL (1) / json-server',
    'PostgreSQL, 1 instance: GET /pets?limit=20',
    'json-server: newest 20',
  ),
  compare(
    'limit=20, PostgreSQL 2 behind nginx / 1',
    'PostgreSQL, 2 behind nginx: GET /pets?limit=20',
    'PostgreSQL, 1 instance: GET /pets?limit=20',
  ),
  compare(
    'limit=20, PostgreSQL 2 behind nginx / json-server',
    'PostgreSQL, 2 behind nginx: GET /pets?limit=20',
    'json-server: newest 20',
  ),
  compare(
    'POST, PostgreSQL 2 behind nginx / 1',
    'PostgreSQL, 2 behind nginx: POST /pets',
    'PostgreSQL, 1 instance: POST /pets',
  ),
];

export function printServerBench({ pets, results, comparisons }: ServerBench) {
  console.log(
    `Reference service (SQLite; PostgreSQL, 1 instance and 2 behind nginx) and json-server 0.17, ${pets} pets each ` +
      `(autocannon, 10 connections, ${DURATION_SECONDS} s):`,
  );
  console.table(results);
  console.table(
    comparisons.map(({ scenario, ratio, target, met }) => ({
      scenario,
      ratio: `${ratio}×`,
      target,
      '': met === undefined ? '' : met ? 'met' : 'MISSED',
    })),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) printServerBench(await benchServer());
