// PostgreSQL as the store of several instances: migrations under an advisory lock, what instances
// share (ids, cursors, idempotency keys, refused keys, messages), and the faults of a real
// deployment (a restart of the database, a lock held too long, an instance killed mid-write, a
// database that is not there at start). Real parts: Debian's PostgreSQL, nginx, service processes.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_LIFETIME_MS } from '../../contract/limits.ts';
import { createCursorCodec } from '../cursors.ts';
import { createKeyRing } from '../keys.ts';
import { migratePostgres, POSTGRES_MIGRATIONS } from '../postgres-schema.ts';
import { openPostgresStore } from '../postgres-store.ts';
import { buildPetsApp } from '../service.ts';
import { NewerSchemaError, type Store } from '../store.ts';
import { readServerConfig } from '../config.ts';
import { describeStartupFailure } from '../startup-errors.ts';
import { auth, BACKENDS, call, errorBody, KEY, postJson } from './helpers.ts';
import { startDeployment, startInstance, type Deployment } from './instances.ts';
import { freePort, startPostgresCluster, type PostgresCluster } from './postgres-cluster.ts';

const SECRET = 'cursor-secret-0123456789';
const OLD_SECRET = 'cursor-secret-old-456789';

let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgresCluster();
}, 60_000);
afterAll(() => cluster?.destroy());

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The pets API over `store`, with the tests' key and cursor secret. */
const petsApp = (store: Store) =>
  buildPetsApp({
    store,
    cursors: createCursorCodec([Buffer.from(SECRET)]),
    keys: createKeyRing([KEY]),
    corsOrigins: [],
  });

const versions = (url: string) =>
  withClient(url, async (client) =>
    (await client.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')).rows.map(
      (row) => row.version,
    ),
  );

describe.skipIf(!BACKENDS.includes('postgres'))('PostgreSQL', () => {
  describe('migrations', () => {
    it('bring an empty database to the latest version, once, with instances starting at once', async () => {
      const url = await cluster.createSchema();
      const stores = await Promise.all(Array.from({ length: 6 }, () => openPostgresStore(url)));
      expect(await versions(url)).toEqual(POSTGRES_MIGRATIONS.map((_, index) => index + 1));
      const created = await Promise.all(stores.map((store, index) => store.createPet(`Pet ${index}`, 1n, undefined)));
      expect(new Set(created.map((pet) => pet.id)).size).toBe(6);
      await Promise.all(stores.map((store) => store.seedDemoPets()));
      // Seeding is for an empty store only, and six instances did not seed six times.
      expect(await stores[0]!.countPets()).toBe(6);
      await Promise.all(stores.map((store) => store.close()));
    });

    it('bring a database at the previous version up, keeping its pets and settings', async () => {
      const url = await cluster.createSchema();
      const previous = POSTGRES_MIGRATIONS.length - 1;
      await withClient(url, async (client) => {
        await migratePostgres(client, previous);
        await client.query(
          "INSERT INTO pets (name, category_id, status) VALUES ('Old Rex', 9223372036854775807, 'sold')",
        );
        await client.query("INSERT INTO settings (key, value) VALUES ('demo_api_key', 'demo-from-before')");
      });
      expect(await versions(url)).toEqual(Array.from({ length: previous }, (_, index) => index + 1));

      const store = await openPostgresStore(url);
      expect(await versions(url)).toEqual(POSTGRES_MIGRATIONS.map((_, index) => index + 1));
      expect(await store.getPet(1n)).toEqual({
        id: 1n,
        name: 'Old Rex',
        categoryId: 9223372036854775807n,
        status: 'sold',
      });
      expect(await store.demoApiKey()).toBe('demo-from-before');
      // What the latest version adds: pets without a status.
      expect(await store.createPet('New', 1n, undefined)).toEqual({ id: 2n, name: 'New', categoryId: 1n });
      await store.close();
    });

    it('refuse a database of a newer version, and the startup line names PETSTORE_DB', async () => {
      const url = await cluster.createSchema();
      await (await openPostgresStore(url)).close();
      await withClient(url, (client) => client.query('INSERT INTO schema_migrations (version) VALUES (99)'));
      const error = await openPostgresStore(url).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(NewerSchemaError);
      const line = describeStartupFailure(error, readServerConfig({ PETSTORE_DB: url }));
      expect(line).toContain('newer version');
      expect(line).toContain('PETSTORE_DB');
      expect(line).not.toContain(new URL(url).password);
    });
  });

  it('forgets an idempotency key after 24 hours, by the database clock: the same key then adds a pet anew', async () => {
    const url = await cluster.createSchema();
    const store = await openPostgresStore(url);
    const age = (ms: number) =>
      withClient(url, (client) =>
        client.query("UPDATE idempotency_keys SET created_at = now() - $1::bigint * interval '1 millisecond'", [ms]),
      );
    const first = await store.createPetOnce('owner', 'day-old', 'Rex', 1n, undefined);
    expect(first.kind).toBe('created');
    await age(IDEMPOTENCY_KEY_LIFETIME_MS - 60_000);
    expect(await store.createPetOnce('owner', 'day-old', 'Rex', 1n, undefined)).toEqual({
      kind: 'replayed',
      pet: first.kind === 'created' && first.pet,
    });
    await age(IDEMPOTENCY_KEY_LIFETIME_MS);
    const after = await store.createPetOnce('owner', 'day-old', 'Max', 1n, undefined);
    expect(after).toMatchObject({ kind: 'created', pet: { name: 'Max' } });
    expect(await store.countPets()).toBe(2);
    await store.close();
  });

  describe('a database the service cannot use at start', () => {
    const runToExit = (db: string) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
          env: { ...process.env, PORT: '0', MESSAGES_PORT: '0', PETSTORE_API_KEYS: 'k', PETSTORE_DB: db },
        });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.once('exit', (code) => resolve({ code, stderr }));
      });

    it.each([
      [
        'unreachable (nothing listens on its port)',
        async () => `postgres://petstore:pw@127.0.0.1:${await freePort()}/x`,
      ],
      ['wrong credentials', async () => cluster.url().replace(/:[^:@/]+@/, ':wrong-password@')],
      ['a database that does not exist', async () => cluster.url('no_such_database')],
      [
        'a user who may not create tables in public (as on PostgreSQL 15 and later)',
        async () => {
          const url = new URL(await cluster.createDatabase());
          await withClient(url.href, async (client) => {
            await client.query("CREATE ROLE limited LOGIN PASSWORD 'limited-pw'");
            await client.query('REVOKE CREATE ON SCHEMA public FROM PUBLIC');
          });
          url.username = 'limited';
          url.password = 'limited-pw';
          return url.href;
        },
      ],
      [
        'a database that takes no writes (a standby, or one set read-only)',
        async () => {
          const url = await cluster.createDatabase();
          await withClient(url, (client) =>
            client.query(`ALTER DATABASE "${new URL(url).pathname.slice(1)}" SET default_transaction_read_only = on`),
          );
          return url;
        },
      ],
    ])('%s: one line naming PETSTORE_DB, no password, exit 1', async (_, url) => {
      const db = await url();
      const { code, stderr } = await runToExit(db);
      expect(code).toBe(1);
      const lines = stderr.trim().split('\n');
      expect(lines, stderr).toHaveLength(1);
      expect(lines[0]).toMatch(/^petstore: The database postgres:\/\/.* PETSTORE_DB/);
      expect(stderr).not.toContain(decodeURIComponent(new URL(db).password));
    });
  });

  describe('two instances behind nginx', () => {
    let deployment: Deployment;
    const env = {
      PETSTORE_API_KEYS: KEY,
      PETSTORE_CURSOR_SECRETS: `${SECRET},${OLD_SECRET}`,
      FAILED_AUTH_MAX: '6',
      FAILED_AUTH_WINDOW_MS: '60000',
    };
    beforeAll(async () => {
      deployment = await startDeployment({ cluster, env });
    }, 60_000);
    afterAll(() => deployment?.stop());

    const create = (base: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}/pets`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const list = (base: string, query = '') => fetch(`${base}/pets${query}`, { headers: auth });

    it('give ids and order from the database: every pet once, newest first, whichever instance made it', async () => {
      const [a, b] = deployment.instances;
      for (let i = 0; i < 6; i++)
        expect((await create((i % 2 ? a : b)!.apiBaseUrl, { name: `P${i}`, categoryId: i })).status).toBe(201);
      const pets = (await (await list(deployment.balancer.apiBaseUrl, '?limit=100')).json()) as {
        id: number;
        name: string;
      }[];
      const ids = pets.map((pet) => pet.id);
      expect(ids).toEqual([...ids].sort((x, y) => y - x));
      expect(new Set(ids).size).toBe(ids.length);
      expect(pets.slice(0, 6).map((pet) => pet.name)).toEqual(['P5', 'P4', 'P3', 'P2', 'P1', 'P0']);
    });

    it('accept the Link cursor one instance made on the other', async () => {
      const [a, b] = deployment.instances;
      const first = await list(a!.apiBaseUrl, '?limit=2');
      const next = /<\?([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')![1]!;
      const second = await list(b!.apiBaseUrl, `?${next}`);
      expect(second.status).toBe(200);
      const [page1, page2] = [(await first.json()) as { id: number }[], (await second.json()) as { id: number }[]];
      expect(page2[0]!.id).toBeLessThan(page1[1]!.id);
    });

    it('accept cursors signed with the previous secret while it is listed, and refuse them after', async () => {
      const old = await startInstance({ ...env, PETSTORE_DB: deployment.db, PETSTORE_CURSOR_SECRETS: OLD_SECRET });
      const rotated = await startInstance({ ...env, PETSTORE_DB: deployment.db, PETSTORE_CURSOR_SECRETS: SECRET });
      try {
        const page = await list(old.apiBaseUrl, '?limit=1');
        const next = /<\?([^>]+)>/.exec(page.headers.get('link') ?? '')![1]!;
        expect((await list(deployment.instances[0]!.apiBaseUrl, `?${next}`)).status).toBe(200);
        const refused = await list(rotated.apiBaseUrl, `?${next}`);
        expect(refused.status).toBe(400);
        expect(await refused.json()).toEqual(errorBody(400, 'invalid_cursor'));
      } finally {
        await Promise.all([old.stop(), rotated.stop()]);
      }
    }, 30_000);

    it('add one pet for 25 concurrent requests with one Idempotency-Key, spread over both', async () => {
      const count = async () =>
        withClient(deployment.db, async (client) =>
          Number((await client.query('SELECT count(*) FROM pets')).rows[0].count),
        );
      const before = await count();
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          create(
            i % 2 ? deployment.balancer.apiBaseUrl : deployment.instances[i % 4 === 0 ? 0 : 1]!.apiBaseUrl,
            { name: 'Once', categoryId: 7 },
            { 'idempotency-key': 'one-key-for-all' },
          ).then(async (response) => ({ status: response.status, body: await response.text() })),
        ),
      );
      expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([201]));
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      expect(await count()).toBe(before + 1);
    });

    it('count refused keys across instances', async () => {
      const [a, b] = deployment.instances;
      const guess = (base: string, i: number) =>
        fetch(`${base}/pets`, { headers: { authorization: `Bearer guess-${i}` } });
      for (let i = 0; i < 6; i++) expect((await guess((i % 2 ? a : b)!.apiBaseUrl, i)).status).toBe(401);
      for (const instance of [a!, b!]) {
        const throttled = await guess(instance.apiBaseUrl, 99);
        expect(throttled.status).toBe(429);
        expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      // The right key is never slowed.
      expect((await list(deployment.balancer.apiBaseUrl)).status).toBe(200);
    });

    it('store messages in the database', async () => {
      const response = await fetch(`${deployment.balancer.messagesBaseUrl}/messages`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Shared' }),
      });
      const { id } = (await response.json()) as { id: string };
      const rows = await withClient(
        deployment.db,
        async (client) => (await client.query('SELECT message FROM messages WHERE id = $1', [id])).rows,
      );
      expect(rows).toEqual([{ message: 'Shared' }]);
    });

    it('answer the health check on either address', async () => {
      for (const base of [deployment.balancer.apiBaseUrl, deployment.balancer.messagesBaseUrl]) {
        const response = await fetch(`${base.replace(/\/v1$/, '')}/health`);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ status: 'ok' });
      }
    });

    it('lose no acknowledged pet when an instance is killed with kill -9 mid-writes', async () => {
      const victim = await startInstance({ ...env, PETSTORE_DB: deployment.db });
      const acknowledged: number[] = [];
      let failed = 0;
      let stop = false;
      const writer = async (worker: number) => {
        for (let i = 0; !stop; i++) {
          try {
            const response = await create(victim.apiBaseUrl, { name: `Kill ${worker}-${i}`, categoryId: 1 });
            if (response.status === 201) acknowledged.push(((await response.json()) as { id: number }).id);
          } catch {
            failed++;
            return;
          }
        }
      };
      const writers = Array.from({ length: 8 }, (_, worker) => writer(worker));
      while (acknowledged.length < 40) await sleep(5);
      await victim.kill();
      stop = true;
      await Promise.all(writers);
      expect(failed).toBeGreaterThan(0);
      for (const id of acknowledged) {
        const response = await fetch(`${deployment.balancer.apiBaseUrl}/pets/${id}`, { headers: auth });
        expect(response.status, `pet ${id}`).toBe(200);
      }
    }, 30_000);
  });

  describe('faults of the database', () => {
    it('a restart under load: 503 service_busy with Retry-After (and on /health), never a 500, and back by itself', async () => {
      const own = await startPostgresCluster();
      const store = await openPostgresStore(own.url());
      const app = await petsApp(store);
      const statuses = new Map<number, number>();
      let missingRetryAfter = 0;
      let stop = false;
      const load = async (worker: number) => {
        for (let i = 0; !stop; i++) {
          const answer = await call(
            app,
            i % 2
              ? postJson('/v1/pets', { name: `Load ${worker}`, categoryId: 1 })
              : { url: '/v1/pets', headers: auth },
          );
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status === 503) {
            expect(answer.body).toEqual(errorBody(503, 'service_busy'));
            if (answer.headers['retry-after'] !== '1') missingRetryAfter++;
          }
          if (answer.status === 503) await sleep(20);
        }
      };
      const workers = Array.from({ length: 4 }, (_, worker) => load(worker));
      // Under load: writes going through before the database goes away.
      await expect.poll(() => statuses.get(201) ?? 0).toBeGreaterThan(0);
      own.stop();
      // The health check says so, for the load balancer, and the requests under load are answered 503.
      await expect
        .poll(() => call(app, { url: '/health' }), { timeout: 10_000 })
        .toMatchObject({ status: 503, body: errorBody(503, 'service_busy') });
      await expect.poll(() => statuses.get(503) ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
      own.start();
      // Back by itself: a write goes through again, with no restart of the app.
      await expect
        .poll(async () => (await call(app, postJson('/v1/pets', { name: 'After', categoryId: 1 }))).status, {
          timeout: 10_000,
        })
        .toBe(201);
      stop = true;
      await Promise.all(workers);
      await app.close();
      await store.close();
      own.destroy();
      expect(statuses.get(503)).toBeGreaterThan(0);
      expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([200, 201, 503]));
      expect([...statuses.keys()].filter((status) => ![200, 201, 503].includes(status))).toEqual([]);
      expect(missingRetryAfter).toBe(0);
    }, 60_000);

    it('a statement held up past the statement timeout: 503 within it, with a bounded pool', async () => {
      const url = await cluster.createSchema();
      const store = await openPostgresStore(url, 'reference', { poolSize: 2, statementTimeoutMs: 300 });
      const app = await petsApp(store);
      await withClient(url, async (locker) => {
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE pets IN ACCESS EXCLUSIVE MODE');
        const answers = await Promise.all(
          Array.from({ length: 6 }, () => call(app, postJson('/v1/pets', { name: 'Blocked', categoryId: 1 }))),
        );
        const connections = await withClient(cluster.url(), async (client) =>
          Number(
            (
              await client.query(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'petstore' AND datname = 'postgres'",
              )
            ).rows[0].count,
          ),
        );
        await locker.query('ROLLBACK');
        expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(503));
        // Answered while the lock is held, which only the statement timeout can do.
        expect(answers[0]!.body).toEqual(errorBody(503, 'service_busy'));
        expect(connections).toBeLessThanOrEqual(2);
      });
      expect((await call(app, postJson('/v1/pets', { name: 'Free again', categoryId: 1 }))).status).toBe(201);
      await app.close();
      await store.close();
    }, 30_000);

    it('a database that takes no writes: 503 service_busy on a write, never a 500, and reads go on', async () => {
      const url = await cluster.createDatabase();
      const store = await openPostgresStore(url, 'reference', { poolSize: 1 });
      const app = await petsApp(store);
      expect((await call(app, postJson('/v1/pets', { name: 'Rex', categoryId: 1 }))).status).toBe(201);
      // Set read-only by its administrator (a full disk refuses writes alike), the pool's connection cut.
      const name = new URL(url).pathname.slice(1);
      await withClient(url, async (client) => {
        await client.query(`ALTER DATABASE "${name}" SET default_transaction_read_only = on`);
        await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
      });
      const read = () => call(app, { method: 'GET', url: '/v1/pets', headers: auth });
      // The read that meets the cut connection may be answered 503; the pool then connects again.
      expect((await read()).status === 200 || (await read()).status === 200).toBe(true);
      const refused = await call(app, postJson('/v1/pets', { name: 'Max', categoryId: 1 }));
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ code: 'service_busy', message: expect.stringContaining('cannot store') });
      expect(await read()).toMatchObject({ status: 200, body: [expect.objectContaining({ name: 'Rex' })] });
      await app.close();
      await store.close();
    });

    it('a character PostgreSQL cannot store (U+0000): 400 invalid_body, never a 500, and the pool still works', async () => {
      const url = await cluster.createSchema();
      const store = await openPostgresStore(url, 'reference', { poolSize: 1 });
      const app = await petsApp(store);
      const refused = await call(app, postJson('/v1/pets', { name: 'Rex\u0000', categoryId: 1 }));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ status: 400, code: 'invalid_body' });
      expect((await call(app, postJson('/v1/pets', { name: 'Rex', categoryId: 1 }))).status).toBe(201);
      await app.close();
      await store.close();
    });
  });
});

describe('the settings for PostgreSQL and several instances', () => {
  it('take cursor secrets as a list, the first signing', () => {
    expect(readServerConfig({ PETSTORE_CURSOR_SECRETS: `${SECRET}, ${OLD_SECRET}` }).PETSTORE_CURSOR_SECRETS).toEqual([
      SECRET,
      OLD_SECRET,
    ]);
    const newer = createCursorCodec([Buffer.from(SECRET), Buffer.from(OLD_SECRET)]);
    const older = createCursorCodec([Buffer.from(OLD_SECRET)]);
    expect(newer.decode(older.encode(42n))).toBe(42n);
    expect(older.decode(newer.encode(42n))).toBeUndefined();
  });

  it.each([
    ['PETSTORE_CURSOR_SECRETS', 'too-short'],
    ['PETSTORE_CURSOR_SECRETS', ','],
    ['PETSTORE_DB_POOL_SIZE', '0'],
    ['PETSTORE_DB_POOL_SIZE', 'ten'],
    ['PETSTORE_DB_STATEMENT_TIMEOUT_MS', '5'],
  ])('refuse %s=%s, naming the variable', (name, value) => {
    expect(() => readServerConfig({ [name]: value })).toThrow(name);
  });
});
