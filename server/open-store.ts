import { openPostgresStore, type PostgresOptions } from './postgres-store.ts';
import type { ProfileName } from './profile.ts';
import { openSqliteStore } from './sqlite-store.ts';
import type { Store } from './store.ts';

/** A `PETSTORE_DB` that names a PostgreSQL database rather than a SQLite file. */
export const isPostgresUrl = (db: string) => /^postgres(ql)?:\/\//i.test(db);

/** Opens the store `PETSTORE_DB` names: a `postgres://` URL, or else a SQLite file (or `:memory:`). */
export async function openStore(
  db: string,
  profile: ProfileName = 'reference',
  postgres: PostgresOptions = {},
): Promise<Store> {
  return isPostgresUrl(db) ? openPostgresStore(db, profile, postgres) : openSqliteStore(db, profile);
}
