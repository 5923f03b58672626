import type { Database } from './sqlite.ts';
import { NewerSchemaError } from './store.ts';

type Db = InstanceType<typeof Database>;

/**
 * Each step takes a database from one version (`PRAGMA user_version`) to the next. Files written
 * before versions were counted are at 0 with the tables of step 1, which leaves them as they are.
 */
const MIGRATIONS = [
  `CREATE TABLE IF NOT EXISTS pets (
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
   CREATE TABLE IF NOT EXISTS idempotency_keys (
     owner TEXT NOT NULL,
     key TEXT NOT NULL,
     request_hash TEXT NOT NULL,
     pet_id INTEGER NOT NULL,
     created_at INTEGER NOT NULL,
     PRIMARY KEY (owner, key)
   ) WITHOUT ROWID;
   CREATE INDEX IF NOT EXISTS idempotency_keys_by_age ON idempotency_keys (created_at);`,

  // A pet may have no status (the spec leaves it open) and fields the contract does not name, a JSON
  // object. SQLite cannot drop NOT NULL from a column: the table is made anew, its id counter kept
  // so that no id is ever given twice.
  `CREATE TABLE pets_v2 (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     name TEXT NOT NULL,
     category_id INTEGER NOT NULL,
     status TEXT CHECK (status IN ('available', 'pending', 'sold')),
     extra TEXT CHECK (json_type(extra) = 'object')
   );
   INSERT INTO sqlite_sequence (name, seq) SELECT 'pets_v2', seq FROM sqlite_sequence WHERE name = 'pets';
   INSERT INTO pets_v2 (id, name, category_id, status) SELECT id, name, category_id, status FROM pets;
   DROP TABLE pets;
   ALTER TABLE pets_v2 RENAME TO pets;
   CREATE INDEX pets_by_status ON pets (status, id);`,
];

const SCHEMA_VERSION = MIGRATIONS.length;

/** Brings a database of any earlier version to this one, in place, in one transaction. */
export function migrate(db: Db): void {
  const version = () => Number(db.pragma('user_version', { simple: true }));
  const found = version();
  if (found > SCHEMA_VERSION) {
    throw new NewerSchemaError(`schema version ${found}, where this one reads up to ${SCHEMA_VERSION}`);
  }
  if (found === SCHEMA_VERSION) return;
  db.transaction(() => {
    // Read again under the lock: another process may have migrated it meanwhile.
    for (const step of MIGRATIONS.slice(version())) db.exec(step);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}

/** Numbers an empty store's pets from `floor + 1` on: AUTOINCREMENT counts on from sqlite_sequence. */
export function startIdsAbove(db: Db, floor: bigint): void {
  db.transaction(() => {
    if (db.prepare('SELECT 1 FROM pets LIMIT 1').get()) return;
    db.prepare("DELETE FROM sqlite_sequence WHERE name = 'pets' AND seq < ?").run(floor);
    db.prepare(
      "INSERT INTO sqlite_sequence (name, seq) SELECT 'pets', ? WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'pets')",
    ).run(floor);
  }).immediate();
}
