// Database files the service wrote before it versioned its schema (data/petstore.sqlite on people's
// machines) are brought up to date in place when the store opens them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readServerConfig } from '../config.ts';
import { NewerSchemaError } from '../store.ts';
import { Database } from '../sqlite.ts';
import { describeStartupFailure } from '../startup-errors.ts';
import { openSqliteStore as openStore } from '../sqlite-store.ts';
import { auth, call, createTestService } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'petstore-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The tables as the service made them before it counted versions (user_version 0). */
const UNVERSIONED_SCHEMA = `
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
  CREATE TABLE IF NOT EXISTS idempotency_keys (
    owner TEXT NOT NULL,
    key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    pet_id INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (owner, key)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS idempotency_keys_by_age ON idempotency_keys (created_at);
`;

/** Writes a file as the unversioned service did, and gives back its list as that service wrote it. */
function writeUnversionedFile(file: string): string {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.defaultSafeIntegers(true);
  db.exec(UNVERSIONED_SCHEMA);
  const insert = db.prepare('INSERT INTO pets (name, category_id, status) VALUES (?, ?, ?)');
  insert.run('Old Rex', 3n, 'pending');
  insert.run('Old Big', 9223372036854775807n, 'sold');
  insert.run('🐶 Old "Quoted"', -1n, 'available');
  // A counter above the largest id, as AUTOINCREMENT keeps it after a pet that was lost.
  db.prepare("UPDATE sqlite_sequence SET seq = 41 WHERE name = 'pets'").run();
  db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run('demo_api_key', 'demo-from-before');
  const { json } = db
    .prepare(
      `SELECT json_group_array(json_object('id', id, 'name', name, 'categoryId', category_id, 'status', status))
         AS json FROM (SELECT * FROM pets ORDER BY id DESC)`,
    )
    .get() as { json: string };
  db.close();
  return json;
}

const userVersion = (file: string) => {
  const db = new Database(file, { readonly: true });
  const version = db.pragma('user_version', { simple: true });
  db.close();
  return version;
};

describe('a database written before the schema had versions', () => {
  it('keeps every pet byte for byte, its ids, id counter and settings, and takes pets without status', async () => {
    const file = join(dir, 'unversioned.sqlite');
    const listed = writeUnversionedFile(file);
    expect(userVersion(file)).toBe(0);

    const store = openStore(file);
    expect((await store.listPetsJson({ limit: 100 })).json).toBe(listed);
    expect(await store.getPet(2n)).toEqual({
      id: 2n,
      name: 'Old Big',
      categoryId: 9223372036854775807n,
      status: 'sold',
    });
    expect(await store.demoApiKey()).toBe('demo-from-before');
    const created = await store.createPet('New', 1n, undefined);
    expect(created).toEqual({ id: 42n, name: 'New', categoryId: 1n });
    await store.close();
    expect(userVersion(file)).toBe(2);

    // Opened again, as at every start: nothing to do, everything there.
    const service = await createTestService(file);
    const answer = await call(service.pets, { url: '/v1/pets/1', headers: auth });
    expect(answer).toMatchObject({ status: 200, body: { id: 1, name: 'Old Rex', categoryId: 3, status: 'pending' } });
    expect(answer.headers['deprecation']).toBeDefined();
    expect(await service.store.countPets()).toBe(4);
    await service.close();
  });

  it('is opened in the spec profile too, its pets keeping their ids', async () => {
    const file = join(dir, 'unversioned-spec.sqlite');
    const listed = writeUnversionedFile(file);
    const store = openStore(file, 'spec');
    expect((await store.listPetsJson({ limit: 100 })).json).toBe(listed);
    expect((await store.createPet('New', 1n, undefined)).id).toBe(42n);
    store.close();
  });
});

describe('a database written by a newer version', () => {
  it('is refused, and the startup line names PETSTORE_DB', () => {
    const file = join(dir, 'newer.sqlite');
    void openStore(file).close();
    const db = new Database(file);
    db.pragma('user_version = 99');
    db.close();
    let error: unknown;
    try {
      openStore(file);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(NewerSchemaError);
    const line = describeStartupFailure(error, readServerConfig({ PETSTORE_DB: file }));
    expect(line).toContain('newer version');
    expect(line).toContain('PETSTORE_DB');
  });
});
