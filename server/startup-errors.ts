import { dirname } from 'node:path';
import type { ServerConfig } from './config.ts';
import { isPostgresUrl } from './open-store.ts';

/** A PostgreSQL URL without its password, fit for a log line; anything else as it is. */
function redactDbUrl(db: string): string {
  if (!isPostgresUrl(db)) return db;
  try {
    const url = new URL(db);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'the PostgreSQL URL';
  }
}

/**
 * One line for a service that cannot start, naming the problem and the variable to change; no
 * stack trace. Undefined for failures that are not about the setup (those are bugs, and keep theirs).
 */
export function describeStartupFailure(error: unknown, config: ServerConfig | undefined): string | undefined {
  const { code, message, port, syscall, path } = (error ?? {}) as {
    code?: string;
    message?: string;
    port?: number;
    syscall?: string;
    path?: string;
  };
  const db = config ? redactDbUrl(config.PETSTORE_DB) : 'the database';
  // better-sqlite3 gives SQLite's extended codes: SQLITE_READONLY_DIRECTORY is a SQLITE_READONLY.
  const isSqlite = (primary: string) => code === primary || Boolean(code?.startsWith(`${primary}_`));
  if (code === 'PETSTORE_DB_UNREACHABLE') {
    return `The database ${db} cannot be reached (${message}): start it, or set PETSTORE_DB to one that runs.`;
  }
  if (code === 'PETSTORE_DB_REFUSED') {
    return `The database ${db} refused this service (${message}): set PETSTORE_DB with the right user, password and database name.`;
  }
  // The URL itself (its password too) is left out: pg could not read it.
  if (code === 'ERR_INVALID_URL' && config && isPostgresUrl(config.PETSTORE_DB)) {
    return 'PETSTORE_DB is no URL PostgreSQL can read: percent-encode its user and password (# as %23, / as %2F, ? as %3F).';
  }
  // read_only_sql_transaction: a standby, or a database set read-only, where the schema cannot be brought up to date.
  if (code === '25006') {
    return `The database ${db} takes no writes (a standby, or set read-only): set PETSTORE_DB to one that does.`;
  }
  // insufficient_privilege: since PostgreSQL 15, a user other than the owner may not create tables in `public`.
  if (code === '42501') {
    return `The database ${db} denies this user a right the service needs (${message}): let it create tables in its schema, or set PETSTORE_DB to the schema's owner.`;
  }
  if (code === 'EADDRINUSE' || (code === 'EACCES' && port !== undefined)) {
    const variable = port === config?.MESSAGES_PORT ? 'MESSAGES_PORT' : 'PORT';
    return `Port ${port} on ${config?.HOST} is ${code === 'EADDRINUSE' ? 'in use' : 'not open to this user'}: set ${variable} to another port.`;
  }
  if (code === 'EADDRNOTAVAIL') return `${config?.HOST} is no address of this machine: set HOST to one that is.`;
  if (syscall === 'getaddrinfo') {
    return `HOST ${config?.HOST} cannot be looked up (${code}): set HOST to an address of this machine, such as 127.0.0.1.`;
  }
  if (syscall === 'mkdir') {
    return `The folder ${path} for the database ${db} cannot be made (${code}): create it, or set PETSTORE_DB to a file in a writable folder.`;
  }
  if (isSqlite('SQLITE_BUSY') || isSqlite('SQLITE_LOCKED')) {
    return `The database ${db} is locked by another process: stop that process, or set PETSTORE_DB to another file.`;
  }
  if (code === 'SQLITE_READONLY_DIRECTORY') {
    const folder = config ? dirname(config.PETSTORE_DB) : 'its folder';
    return `The database ${db} is in a folder this user cannot write (${folder}), where SQLite keeps its write-ahead log: make the folder writable, or set PETSTORE_DB to a file in a writable folder.`;
  }
  if (isSqlite('SQLITE_READONLY') || code === 'EROFS') {
    return `The database ${db} is read-only: make it writable, or set PETSTORE_DB to a writable file.`;
  }
  if (isSqlite('SQLITE_FULL')) {
    return `The disk of the database ${db} is full: free space on it, or set PETSTORE_DB to a file on another disk.`;
  }
  if (isSqlite('SQLITE_IOERR')) {
    return `The disk of the database ${db} failed to read or write (${code}): check the disk, or set PETSTORE_DB to a file on another disk.`;
  }
  if (isSqlite('SQLITE_CANTOPEN') || ['ENOTDIR', 'EEXIST', 'EACCES', 'EISDIR', 'EPERM'].includes(code ?? '')) {
    return `The database ${db} cannot be opened or created here: set PETSTORE_DB to a file in a writable folder.`;
  }
  if (isSqlite('SQLITE_NOTADB') || isSqlite('SQLITE_CORRUPT')) {
    return `${db} is not a database this service can read: set PETSTORE_DB to another file.`;
  }
  if (code === 'PETSTORE_NEWER_SCHEMA') {
    return `${db} was written by a newer version of this service (${message}): run that version, or set PETSTORE_DB to another file.`;
  }
  if (message?.startsWith('Invalid environment')) return message.replace(/\s*\n\s*/g, ' ');
  return undefined;
}

/**
 * One line for `npm start`'s app server (Vite) that cannot listen on APP_PORT; undefined for any
 * other failure.
 */
export function describeAppPortFailure(error: unknown, port: number, host: string): string | undefined {
  // Vite says a port is taken in its message only (vite.config.ts sets strictPort); one this user
  // may not take (below 1024, not root) is Node's own error.
  if (error instanceof Error && /^Port \d+ is already in use/.test(error.message)) {
    return `Port ${port} on ${host} is in use (another npm start or npm run dev?): stop that, or set APP_PORT to another port.`;
  }
  if ((error as { code?: unknown } | undefined)?.code === 'EACCES') {
    return `Port ${port} on ${host} is not open to this user: set APP_PORT to another port.`;
  }
  return undefined;
}
