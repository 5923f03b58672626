import { afterAll, expect } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createCursorCodec } from '../cursors.ts';
import type { Limits } from '../http.ts';
import { createKeyRing } from '../keys.ts';
import type { ProfileName } from '../profile.ts';
import { buildMessagesApp, buildPetsApp } from '../service.ts';
import { openStore } from '../open-store.ts';
import type { Store } from '../store.ts';
import { parseJson } from '../json.ts';
import { postgresBinaries, startPostgresCluster, type PostgresCluster } from './postgres-cluster.ts';

export const KEY = 'test-key-1';
export const OTHER_KEY = 'test-key-2';
export const APP_ORIGIN = 'http://localhost:5173';
export const auth = { authorization: `Bearer ${KEY}` };

export interface TestService {
  store: Store;
  pets: FastifyInstance;
  messages: FastifyInstance;
  close(): Promise<void>;
}

export type Backend = 'sqlite' | 'postgres';

/**
 * The stores the API suites run against, one `describe.each` over them: SQLite, and PostgreSQL
 * where it is installed. CI always has it (scripts/test.sh installs it), and there it is never skipped.
 */
export const BACKENDS: Backend[] = postgresBinaries() || process.env['CI'] ? ['sqlite', 'postgres'] : ['sqlite'];

// One throwaway cluster per test file, started when a test first needs it; each service gets a
// database of its own in it, as each SQLite service gets its own `:memory:`.
let cluster: Promise<PostgresCluster> | undefined;
afterAll(async () => (await cluster)?.destroy());

/** A new empty PostgreSQL database (a schema of its own) in this file's cluster. */
async function createPostgresDatabase(): Promise<string> {
  cluster ??= startPostgresCluster();
  return (await cluster).createSchema();
}

interface TestServiceOptions {
  profile?: ProfileName;
  limits?: Partial<Limits>;
  /** PostgreSQL: a new database (the file is then not used). */
  backend?: Backend;
}

export async function createTestService(
  file = ':memory:',
  { profile = 'reference', limits, backend = 'sqlite' }: TestServiceOptions = {},
): Promise<TestService> {
  const store = await openStore(backend === 'postgres' ? await createPostgresDatabase() : file, profile);
  const options = {
    store,
    cursors: createCursorCodec([await store.cursorSecret()]),
    keys: createKeyRing([KEY, OTHER_KEY]),
    corsOrigins: [APP_ORIGIN],
    // The API tests send many wrong keys on purpose; the throttle has its own test (faults.test.ts).
    limits: { failedAuthMax: 1_000_000, ...limits },
    profile,
  };
  const pets = await buildPetsApp(options);
  const messages = await buildMessagesApp(options);
  return {
    store,
    pets,
    messages,
    async close() {
      await pets.close();
      await messages.close();
      await store.close();
    },
  };
}

/** Injects a request and reads its body losslessly, as a client must. */
export async function call(app: FastifyInstance, options: InjectOptions) {
  const response = await app.inject(options);
  const body = response.body === '' ? undefined : parseJson(response.body);
  return { status: response.statusCode, headers: response.headers, body };
}

export function postJson(url: string, payload: unknown, headers: Record<string, string> = auth): InjectOptions {
  return {
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
  };
}

/** The Error body of the contract, with any message. */
export function errorBody(status: number, code: string) {
  return { status, code, message: expect.any(String) };
}
