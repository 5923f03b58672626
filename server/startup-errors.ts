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
  const { code, message, port } = (error ?? {}) as { code?: string; message?: string; port?: number };
  const db = config ? redactDbUrl(config.PETSTORE_DB) : 'the database';
  if (code === 'PETSTORE_DB_UNREACHABLE') {
    return `The database ${db} cannot be reached (${message}): start it, or set PETSTORE_DB to one that runs.`;
  }
  if (code === 'PETSTORE_DB_REFUSED') {
    return `The database ${db} refused this service (${message}): set PETSTORE_DB with the right user, password and database name.`;
  }
  if (code === 'EADDRINUSE' || (code === 'EACCES' && port !== undefined)) {
    const variable = port === config?.MESSAGES_PORT ? 'MESSAGES_PORT' : 'PORT';
    return `Port ${port} on ${config?.HOST} is ${code === 'EADDRINUSE' ? 'in use' : 'not open to this user'}: set ${variable} to another port.`;
  }
  if (code === 'EADDRNOTAVAIL') return `${config?.HOST} is no address of this machine: set HOST to one that is.`;
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
    return `The database ${db} is locked by another process: stop that process, or set PETSTORE_DB to another file.`;
  }
  if (code === 'SQLITE_READONLY' || code === 'EROFS') {
    return `The database ${db} is read-only: make it writable, or set PETSTORE_DB to a writable file.`;
  }
  if (['SQLITE_CANTOPEN', 'ENOTDIR', 'EEXIST', 'EACCES', 'EISDIR', 'EPERM'].includes(code ?? '')) {
    return `The database ${db} cannot be opened or created here: set PETSTORE_DB to a file in a writable folder.`;
  }
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
    return `${db} is not a database this service can read: set PETSTORE_DB to another file.`;
  }
  if (code === 'PETSTORE_NEWER_SCHEMA') {
    return `${db} was written by a newer version of this service (${message}): run that version, or set PETSTORE_DB to another file.`;
  }
  if (message?.startsWith('Invalid environment')) return message.replace(/\s*\n\s*/g, ' ');
  return undefined;
}
