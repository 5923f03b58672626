import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import type { components } from '../contract/schema.gen.ts';
import { DEMO_PETS } from './demo-pets.ts';
import { INT64_MAX } from '../contract/int64.ts';

type Pet = components['schemas']['Pet'];
type PetStatus = components['schemas']['PetStatus'];
type Message = components['schemas']['Message'];

export interface PetPage {
  pets: Pet[];
  /** The id to continue below when more pets match, for the `next` link. */
  nextBefore?: bigint;
}

export interface ListOptions {
  limit: number;
  status?: PetStatus | undefined;
  before?: bigint | undefined;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS pets (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    category_id INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('available', 'pending', 'sold'))
  );
  CREATE INDEX IF NOT EXISTS pets_by_status ON pets (status, id);
  CREATE TABLE IF NOT EXISTS messages (
    id TEXT PRIMARY KEY,
    message TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

const PET_COLUMNS = 'id, name, category_id AS categoryId, status';

export type Store = ReturnType<typeof openStore>;

/** The reference service's data: SQLite, one file (or `:memory:`), safe across restarts. */
export function openStore(file: string) {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  // WAL keeps every committed request on disk even if the process dies right after answering.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  db.defaultSafeIntegers(true);

  const insertPet = db.prepare<[string, bigint, PetStatus], Pet>(
    `INSERT INTO pets (name, category_id, status) VALUES (?, ?, ?) RETURNING ${PET_COLUMNS}`,
  );
  const selectPet = db.prepare<[bigint], Pet>(`SELECT ${PET_COLUMNS} FROM pets WHERE id = ?`);
  const selectPage = db.prepare<[bigint, number], Pet>(
    `SELECT ${PET_COLUMNS} FROM pets WHERE id < ? ORDER BY id DESC LIMIT ?`,
  );
  const selectPageByStatus = db.prepare<[PetStatus, bigint, number], Pet>(
    `SELECT ${PET_COLUMNS} FROM pets WHERE status = ? AND id < ? ORDER BY id DESC LIMIT ?`,
  );
  const countPets = db.prepare<[], { count: bigint }>('SELECT count(*) AS count FROM pets');
  const insertMessage = db.prepare<[string, string, string, string]>(
    'INSERT INTO messages (id, message, status, created_at) VALUES (?, ?, ?, ?)',
  );
  const selectSetting = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const insertSetting = db.prepare<[string, string]>('INSERT INTO settings (key, value) VALUES (?, ?)');

  return {
    createPet(name: string, categoryId: bigint | number, status: PetStatus): Pet {
      return insertPet.get(name, BigInt(categoryId), status)!;
    },

    getPet(id: bigint): Pet | undefined {
      return selectPet.get(id);
    },

    listPets({ limit, status, before = INT64_MAX }: ListOptions): PetPage {
      // One extra row tells whether a next page exists without a second query.
      const rows = status ? selectPageByStatus.all(status, before, limit + 1) : selectPage.all(before, limit + 1);
      const pets = rows.slice(0, limit);
      return rows.length > limit ? { pets, nextBefore: pets[pets.length - 1]!.id } : { pets };
    },

    countPets(): number {
      return Number(countPets.get()!.count);
    },

    seedDemoPets(): void {
      db.transaction(() => {
        for (const pet of DEMO_PETS) insertPet.get(pet.name, BigInt(pet.categoryId), pet.status);
      })();
    },

    queueMessage(message: string): Message {
      const queued: Message = {
        id: `msg_${randomUUID()}`,
        message,
        status: 'queued',
        createdAt: new Date().toISOString(),
      };
      insertMessage.run(queued.id, queued.message, queued.status, queued.createdAt);
      return queued;
    },

    /** The demo key is made once per database, so it stays the same across restarts. */
    demoApiKey(): string {
      const existing = selectSetting.get('demo_api_key');
      if (existing) return existing.value;
      const key = `demo-${randomBytes(18).toString('base64url')}`;
      insertSetting.run('demo_api_key', key);
      return key;
    },

    close(): void {
      db.close();
    },
  };
}
