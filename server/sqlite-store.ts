import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Database } from './sqlite.ts';
import { INT64_MAX } from '../contract/int64.ts';
import { IDEMPOTENCY_KEY_LIFETIME_MS } from '../contract/limits.ts';
import type { components } from '../contract/schema.gen.ts';
import { PROFILES, type ProfileName } from './profile.ts';
import { extraJson, toPet, type PetRow } from './pet-rows.ts';
import { migrate, startIdsAbove } from './sqlite-schema.ts';
import {
  StoreBusyError,
  StoreCannotWriteError,
  storeParts,
  type IdempotentCreate,
  type ListOptions,
  type PetPageJson,
  type Store,
} from './store.ts';

type PetStatus = components['schemas']['PetStatus'];

/** How long a write waits for another process's lock, without ever blocking the event loop. */
const WRITE_WAIT_MS = 1000;

const PET_COLUMNS = 'id, name, category_id AS categoryId, status, extra';
// The pet as `toPet` gives it, written by SQLite. Most pets take the plain json_object. json_patch
// drops a member whose value is null, which `toPet` keeps: no extra field may be null (the demo pets,
// the only source of extra fields, have none; a test checks both renderings agree on them).
const PET_FIELDS = `CASE WHEN status IS NULL THEN json_object('id', id, 'name', name, 'categoryId', category_id)
  ELSE json_object('id', id, 'name', name, 'categoryId', category_id, 'status', status) END`;
const PET_JSON = `CASE WHEN extra IS NULL THEN ${PET_FIELDS} ELSE json_patch(${PET_FIELDS}, extra) END`;

const hasCode = (error: unknown, pattern: RegExp) =>
  typeof (error as { code?: unknown } | null)?.code === 'string' && pattern.test((error as { code: string }).code);
const isBusy = (error: unknown) => hasCode(error, /^SQLITE_(BUSY|LOCKED)/);
/** A full or failing disk, or a file made read-only: nothing the request did, and no bug either. */
const cannotWrite = (error: unknown) => hasCode(error, /^SQLITE_(FULL|IOERR|READONLY)/);

/**
 * Runs a write, and while another process holds the write lock, tries again a few milliseconds later
 * (the event loop answers reads meanwhile) until WRITE_WAIT_MS have passed.
 */
async function write<T>(operation: () => T): Promise<T> {
  const deadline = Date.now() + WRITE_WAIT_MS;
  for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
    try {
      return operation();
    } catch (error) {
      if (cannotWrite(error)) throw new StoreCannotWriteError('The database cannot be written.', { cause: error });
      if (!isBusy(error)) throw error;
      if (Date.now() + delay > deadline) throw new StoreBusyError('The database is locked by another process.');
      await sleep(delay);
    }
  }
}

/** The reference service's data: SQLite, one file (or `:memory:`), safe across restarts. */
export function openSqliteStore(file: string, profile: ProfileName = 'reference'): Store {
  const { idsAbove, demoPets } = PROFILES[profile];
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  // Opening may wait a second for another process's lock; after that, nothing waits inside SQLite.
  const db = new Database(file, { timeout: 1000 });
  // WAL keeps every committed request on disk even if the process dies right after answering, and
  // lets reads go on while something writes.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // After each checkpoint the log file is cut back to 4 MiB at most.
  db.pragma('journal_size_limit = 4194304');
  migrate(db);
  if (idsAbove > 0n) startIdsAbove(db, idsAbove);
  // Never wait inside SQLite: that would block the event loop. Writes wait in `write` instead.
  db.pragma('busy_timeout = 0');
  db.defaultSafeIntegers(true);

  // Each statement runs to its end (`all`, `run`): an INSERT … RETURNING read with `get` would stay
  // open, and the WAL could never be checkpointed back into the database file.
  const insertPet = db.prepare<[string, bigint, PetStatus | null, string | null], PetRow>(
    `INSERT INTO pets (name, category_id, status, extra) VALUES (?, ?, ?, ?) RETURNING ${PET_COLUMNS}`,
  );
  const selectPet = db.prepare<[bigint], PetRow>(`SELECT ${PET_COLUMNS} FROM pets WHERE id = ?`);
  // One more pet than asked for says whether a next page exists; SQLite drops it from the JSON again.
  // `last` is the id to continue below: one above the extra pet, which so starts the next page.
  const pageJson = (where: string) =>
    db.prepare<Record<string, unknown>, { json: string; more: bigint; last: bigint | null }>(`
      SELECT CASE WHEN count(*) > :limit THEN json_remove(json_group_array(${PET_JSON}), '$[#-1]')
                  ELSE json_group_array(${PET_JSON}) END AS json,
             count(*) > :limit AS more,
             min(id) + 1 AS last
      FROM (SELECT id, name, category_id, status, extra FROM pets WHERE ${where} ORDER BY id DESC LIMIT :limit + 1)`);
  const selectPage = pageJson('id < :before');
  const selectPageByStatus = pageJson('status = :status AND id < :before');
  const countPets = db.prepare<[], { count: bigint }>('SELECT count(*) AS count FROM pets');
  const insertMessage = db.prepare<[string, string, string, string]>(
    'INSERT INTO messages (id, message, status, created_at) VALUES (?, ?, ?, ?)',
  );
  const selectSetting = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const insertSetting = db.prepare<[string, string]>('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)');
  const selectIdempotency = db.prepare<[string, string, number], { request_hash: string; pet_id: bigint }>(
    'SELECT request_hash, pet_id FROM idempotency_keys WHERE owner = ? AND key = ? AND created_at > ?',
  );
  const insertIdempotency = db.prepare<[string, string, string, bigint, number]>(
    'INSERT OR REPLACE INTO idempotency_keys (owner, key, request_hash, pet_id, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const forgetOldKeys = db.prepare<[number]>('DELETE FROM idempotency_keys WHERE created_at <= ?');

  /** A setting made once per database (and kept across restarts). */
  function setting(key: string, make: () => string): string {
    const existing = selectSetting.get(key);
    if (existing) return existing.value;
    insertSetting.run(key, make());
    return selectSetting.get(key)!.value;
  }

  const createIdempotently = db.transaction(
    (owner: string, key: string, requestHash: string, pet: [string, bigint, PetStatus | null]): IdempotentCreate => {
      const now = Date.now();
      forgetOldKeys.run(now - IDEMPOTENCY_KEY_LIFETIME_MS);
      const earlier = selectIdempotency.get(owner, key, now - IDEMPOTENCY_KEY_LIFETIME_MS);
      if (earlier) {
        if (earlier.request_hash !== requestHash) return { kind: 'key-reused' };
        const first = selectPet.get(earlier.pet_id);
        if (first) return { kind: 'replayed', pet: toPet(first) };
      }
      const created = insertPet.all(...pet, null)[0]!;
      insertIdempotency.run(owner, key, requestHash, created.id, now);
      return { kind: 'created', pet: toPet(created) };
    },
  );

  return {
    createPet(name, categoryId, status) {
      return write(() => toPet(insertPet.all(name, categoryId, status ?? null, null)[0]!));
    },

    createPetOnce(owner, key, name, categoryId, status) {
      const requestHash = storeParts.requestHash(name, categoryId, status);
      return write(() => createIdempotently.immediate(owner, key, requestHash, [name, categoryId, status ?? null]));
    },

    async getPet(id) {
      const row = selectPet.get(id);
      return row && toPet(row);
    },

    async listPetsJson({ limit, status, before = INT64_MAX }: ListOptions): Promise<PetPageJson> {
      const row = status ? selectPageByStatus.get({ limit, status, before })! : selectPage.get({ limit, before })!;
      return row.more && row.last !== null ? { json: row.json, nextBefore: row.last } : { json: row.json };
    },

    async countPets() {
      return Number(countPets.get()!.count);
    },

    async seedDemoPets() {
      db.transaction(() => {
        if (countPets.get()!.count > 0n) return;
        for (const { name, categoryId, status, extra } of demoPets) {
          insertPet.all(name, BigInt(categoryId), status ?? null, extra ? extraJson.stringify(extra) : null);
        }
      }).immediate();
    },

    queueMessage(message) {
      const queued = storeParts.queuedMessage(message);
      return write(() => {
        insertMessage.run(queued.id, queued.message, queued.status, queued.createdAt);
        return queued;
      });
    },

    async demoApiKey() {
      return setting('demo_api_key', storeParts.newDemoApiKey);
    },

    async cursorSecret() {
      return Buffer.from(setting('cursor_secret', storeParts.newCursorSecret), 'base64url');
    },

    async ping() {},

    async close() {
      db.close();
    },
  };
}
