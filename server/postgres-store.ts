import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import pg from 'pg';
import { INT64_MAX } from '../contract/int64.ts';
import { IDEMPOTENCY_KEY_LIFETIME_MS } from '../contract/limits.ts';
import { stringifyJson } from './json.ts';
import { extraJson, toPet, type PetRow } from './pet-rows.ts';
import { migratePostgres, SCHEMA_LOCK } from './postgres-schema.ts';
import { PROFILES, type ProfileName } from './profile.ts';
import {
  StoreBusyError,
  StoreCannotWriteError,
  StoreRefusedValueError,
  StoreUnavailableError,
  storeParts,
  type IdempotentCreate,
  type Store,
} from './store.ts';

export interface PostgresOptions {
  /** At most this many connections to the database, whatever the load. */
  poolSize?: number;
  /** A statement that runs longer is cancelled by the database (and the request answered 503). */
  statementTimeoutMs?: number;
}

/** The store could not connect at start; `code` says whether to the server at all or as this user. */
class PostgresConnectError extends Error {
  override readonly name = 'PostgresConnectError';
  constructor(
    readonly code: 'PETSTORE_DB_UNREACHABLE' | 'PETSTORE_DB_REFUSED',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const INT8 = 20;
// int8 (ids, categories) read as bigint: exact up to 2^63 - 1.
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 ? BigInt : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** SQLSTATE classes and Node error codes that mean "the database is not there just now". */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
const GONE = /Connection terminated|connection error|not queryable/i;
/** The pool's own: every connection was in use for as long as a request may wait for one. */
const POOL_FULL = /timeout exceeded when trying to connect/i;
// admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections.
const SHUTTING_DOWN = new Set(['57P01', '57P02', '57P03', '53300']);
// query_canceled (the statement timeout), serialization_failure, deadlock, lock_not_available.
const BUSY = new Set(['57014', '40001', '40P01', '55P03']);
/** The driver's own time limit on an answer (`query_timeout`): the statement may still be running. */
const NO_ANSWER = /Query read timeout/i;

/** A driver error as the store's own: busy or unavailable (both answered 503), or left as it is (a bug). */
function classify(error: unknown): unknown {
  const { code, message = '' } = (error ?? {}) as { code?: string; message?: string };
  if (code && (UNREACHABLE.has(code) || SHUTTING_DOWN.has(code) || code.startsWith('08'))) {
    return new StoreUnavailableError('The database cannot be reached.', { cause: error });
  }
  // disk_full, read_only_sql_transaction (a standby, or a database set read-only): reads go on.
  if (code === '53100' || code === '25006') {
    return new StoreCannotWriteError('The database cannot be written.', { cause: error });
  }
  // character_not_in_repertoire, untranslatable_character: U+0000 in a text.
  if (code === '22021' || code === '22P05') {
    return new StoreRefusedValueError('The body holds the character U+0000, which the service cannot store.', {
      cause: error,
    });
  }
  if ((code && BUSY.has(code)) || (!code && (NO_ANSWER.test(message) || POOL_FULL.test(message)))) {
    return new StoreBusyError('The database did not answer in time.', { cause: error });
  }
  if (!code && GONE.test(message))
    return new StoreUnavailableError('The database cannot be reached.', { cause: error });
  return error;
}

async function run<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw classify(error);
  }
}

const PET_COLUMNS = 'id, name, category_id AS "categoryId", status, extra';
const SWEEP_EVERY_MS = 60_000;

/** The reference service's data in PostgreSQL: shared by every instance that is given the same URL. */
export async function openPostgresStore(
  url: string,
  profile: ProfileName = 'reference',
  { poolSize = 10, statementTimeoutMs = 5000 }: PostgresOptions = {},
): Promise<Store> {
  const { idsAbove, demoPets } = PROFILES[profile];
  const pool = new pg.Pool({
    connectionString: url,
    types,
    max: poolSize,
    // A request waits this long for a connection (pool full, or the database restarting), then 503.
    connectionTimeoutMillis: 2000,
    idleTimeoutMillis: 10_000,
    statement_timeout: statementTimeoutMs,
    // The network can stall where the database cannot time out: the client gives up a little later.
    query_timeout: statementTimeoutMs + 1000,
    application_name: 'petstore',
    keepAlive: true,
  });
  // An idle connection the database closes (a restart) is an event, not a crash: the pool drops it.
  pool.on('error', () => undefined);

  const first = await pool.connect().catch(async (error: unknown) => {
    await pool.end();
    const { code, message } = error as { code?: string; message?: string };
    const refused = code === '28P01' || code === '28000' || code === '3D000';
    throw new PostgresConnectError(
      refused ? 'PETSTORE_DB_REFUSED' : 'PETSTORE_DB_UNREACHABLE',
      code && !refused ? `${code}` : (message ?? String(error)),
      { cause: error },
    );
  });
  try {
    await migratePostgres(first);
    if (idsAbove > 0n) {
      // An empty store numbers its pets from `idsAbove + 1` on (never lower than already given).
      await first.query(
        `SELECT setval('pets_id_seq', $1::bigint) FROM pets_id_seq
          WHERE NOT EXISTS (SELECT 1 FROM pets) AND (NOT is_called OR last_value < $1::bigint)`,
        [idsAbove],
      );
    }
  } catch (error) {
    first.release(true);
    await pool.end();
    throw error;
  }
  first.release();

  const query = <R extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
    run(() => pool.query<R>(text, values));
  // The reads of every request: prepared once per connection, planned once.
  const prepared = <R extends pg.QueryResultRow>(name: string, text: string, values: unknown[]) =>
    run(() => pool.query<R>({ name, text, values }));

  /** Runs `work` in one transaction on one connection; a connection that failed is not reused. */
  const transaction = <T>(work: (client: pg.PoolClient) => Promise<T>) =>
    run(async () => {
      const client = await pool.connect();
      let failure: Error | undefined;
      let rolledBack = false;
      try {
        await client.query('BEGIN');
        const result = await work(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        failure = error as Error;
        rolledBack = await client.query('ROLLBACK').then(
          () => true,
          () => false,
        );
        throw error;
      } finally {
        // A connection that failed, or whose transaction may still be open, is closed, not pooled:
        // the next request must never run inside a half-done one.
        const reusable = !failure || (rolledBack && !(classify(failure) instanceof StoreBusyError));
        client.release(reusable ? undefined : failure);
      }
    });

  /** A setting made once per database: the first instance to ask makes it, the others read it. */
  async function setting(key: string, make: () => string): Promise<string> {
    await query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, make()]);
    return (await query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [key])).rows[0]!.value;
  }

  // Old idempotency keys and spent counters are swept now and then, by whichever instance is asked.
  let lastSweep = 0;
  function sweepNowAndThen() {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    void query(
      `WITH keys AS (DELETE FROM idempotency_keys WHERE created_at <= now() - $1::bigint * interval '1 millisecond')
       DELETE FROM failed_auth WHERE resets_at <= now()`,
      [IDEMPOTENCY_KEY_LIFETIME_MS],
    ).catch(() => undefined);
  }

  /** Counts refused requests per client in the database, so that every instance sees every refusal. */
  class FailedAuthStore implements FastifyRateLimitStore {
    incr(
      client: string,
      done: (error: Error | null, result?: { current: number; ttl: number }) => void,
      window: number,
    ) {
      sweepNowAndThen();
      query<{ count: number; ttl: number }>(
        `INSERT INTO failed_auth AS f (client, count, resets_at)
           VALUES ($1, 1, clock_timestamp() + $2::integer * interval '1 millisecond')
         ON CONFLICT (client) DO UPDATE SET
           count = CASE WHEN f.resets_at <= clock_timestamp() THEN 1 ELSE f.count + 1 END,
           resets_at = CASE WHEN f.resets_at <= clock_timestamp() THEN EXCLUDED.resets_at ELSE f.resets_at END
         RETURNING count, ceil(extract(epoch FROM resets_at - clock_timestamp()) * 1000)::integer AS ttl`,
        [client, window],
      ).then(
        ({ rows: [row] }) => done(null, { current: row!.count, ttl: Math.max(0, row!.ttl) }),
        (error: unknown) => done(error as Error),
      );
    }

    child() {
      return this;
    }
  }

  return {
    failedAuthStore: FailedAuthStore,

    async createPet(name, categoryId, status) {
      const { rows } = await query<PetRow>(
        `INSERT INTO pets (name, category_id, status) VALUES ($1, $2, $3) RETURNING ${PET_COLUMNS}`,
        [name, categoryId, status ?? null],
      );
      return toPet(rows[0]!);
    },

    createPetOnce(owner, key, name, categoryId, status) {
      sweepNowAndThen();
      const requestHash = storeParts.requestHash(name, categoryId, status);
      return transaction(async (client): Promise<IdempotentCreate> => {
        // The claim: the first request inserts the key; the others wait on it here until that one
        // commits, then find it taken. A key past its lifetime is claimed anew.
        const claim = await client.query(
          `INSERT INTO idempotency_keys AS k (owner, key, request_hash, pet_id, created_at)
             VALUES ($1, $2, $3, NULL, now())
           ON CONFLICT (owner, key) DO UPDATE SET request_hash = EXCLUDED.request_hash, pet_id = NULL, created_at = now()
             WHERE k.created_at <= now() - $4::bigint * interval '1 millisecond'
           RETURNING 1`,
          [owner, key, requestHash, IDEMPOTENCY_KEY_LIFETIME_MS],
        );
        if (claim.rowCount === 1) {
          const { rows } = await client.query<PetRow>(
            `INSERT INTO pets (name, category_id, status) VALUES ($1, $2, $3) RETURNING ${PET_COLUMNS}`,
            [name, categoryId, status ?? null],
          );
          const pet = rows[0]!;
          await client.query('UPDATE idempotency_keys SET pet_id = $3 WHERE owner = $1 AND key = $2', [
            owner,
            key,
            pet.id,
          ]);
          return { kind: 'created', pet: toPet(pet) };
        }
        const { rows } = await client.query<PetRow & { requestHash: string }>(
          `SELECT k.request_hash AS "requestHash", ${PET_COLUMNS}
             FROM idempotency_keys k JOIN pets p ON p.id = k.pet_id WHERE k.owner = $1 AND k.key = $2`,
          [owner, key],
        );
        const earlier = rows[0]!;
        if (earlier.requestHash !== requestHash) return { kind: 'key-reused' };
        return { kind: 'replayed', pet: toPet(earlier) };
      });
    },

    async getPet(id) {
      const { rows } = await prepared<PetRow>('pet', `SELECT ${PET_COLUMNS} FROM pets WHERE id = $1`, [id]);
      return rows[0] && toPet(rows[0]);
    },

    async listPetsJson({ limit, status, before = INT64_MAX }) {
      // One more pet than asked for says whether a next page exists.
      const { rows } = status
        ? await prepared<PetRow>(
            'pets-page-by-status',
            `SELECT ${PET_COLUMNS} FROM pets WHERE status = $3 AND id < $1 ORDER BY id DESC LIMIT $2`,
            [before, limit + 1, status],
          )
        : await prepared<PetRow>(
            'pets-page',
            `SELECT ${PET_COLUMNS} FROM pets WHERE id < $1 ORDER BY id DESC LIMIT $2`,
            [before, limit + 1],
          );
      const page = rows.slice(0, limit);
      const json = stringifyJson(page.map(toPet));
      // The id to continue below: one above the extra pet, which so starts the next page.
      return rows.length > limit ? { json, nextBefore: rows[limit]!.id + 1n } : { json };
    },

    async countPets() {
      return Number((await query<{ count: bigint }>('SELECT count(*) AS count FROM pets')).rows[0]!.count);
    },

    async seedDemoPets() {
      await transaction(async (client) => {
        // Instances starting at once: one seeds, the others then find the pets there.
        await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
        if ((await client.query('SELECT 1 FROM pets LIMIT 1')).rowCount) return;
        for (const { name, categoryId, status, extra } of demoPets) {
          await client.query('INSERT INTO pets (name, category_id, status, extra) VALUES ($1, $2, $3, $4)', [
            name,
            BigInt(categoryId),
            status ?? null,
            extra ? extraJson.stringify(extra) : null,
          ]);
        }
      });
    },

    async queueMessage(message) {
      const queued = storeParts.queuedMessage(message);
      await query('INSERT INTO messages (id, message, status, created_at) VALUES ($1, $2, $3, $4)', [
        queued.id,
        queued.message,
        queued.status,
        queued.createdAt,
      ]);
      return queued;
    },

    demoApiKey() {
      return setting('demo_api_key', storeParts.newDemoApiKey);
    },

    async cursorSecret() {
      return Buffer.from(await setting('cursor_secret', storeParts.newCursorSecret), 'base64url');
    },

    async ping() {
      await query('SELECT 1');
    },

    close() {
      return pool.end();
    },
  };
}
