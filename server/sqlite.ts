import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type BetterSqlite3 from 'better-sqlite3';

/** The file that picks better-sqlite3's version for this runtime; other processes `require` it too. */
export const SQLITE_DRIVER = fileURLToPath(new URL('./sqlite-driver.cjs', import.meta.url));

/** better-sqlite3, in the version this runtime can load. */
export const Database = createRequire(import.meta.url)(SQLITE_DRIVER) as typeof BetterSqlite3;
