import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { components } from '../contract/schema.gen.ts';

type Pet = components['schemas']['Pet'];
type PetStatus = components['schemas']['PetStatus'];
type Message = components['schemas']['Message'];

/**
 * A page of the list, already JSON with int64 ids exact: SQLite writes it in SQL, the PostgreSQL store
 * with the contract's codec; the route sends it as it is.
 */
export interface PetPageJson {
  json: string;
  /** The id to continue below when more pets match, for the `next` link. */
  nextBefore?: bigint;
}

export interface ListOptions {
  limit: number;
  status?: PetStatus | undefined;
  before?: bigint | undefined;
}

/** What every store does alike: the same hash of a create, the same new message and secrets. */
export const storeParts = {
  /** What an `Idempotency-Key` is checked against: the same key with other values is refused. */
  requestHash: (name: string, categoryId: bigint, status: PetStatus | undefined) =>
    createHash('sha256')
      .update(JSON.stringify([name, categoryId.toString(), status]))
      .digest('hex'),
  queuedMessage: (message: string): Message => ({
    id: `msg_${randomUUID()}`,
    message,
    status: 'queued',
    createdAt: new Date().toISOString(),
  }),
  newDemoApiKey: () => `demo-${randomBytes(18).toString('base64url')}`,
  newCursorSecret: () => randomBytes(32).toString('base64url'),
};

/** What a create with an `Idempotency-Key` found: a new pet, the first answer again, or a key reused. */
export type IdempotentCreate = { kind: 'created' | 'replayed'; pet: Pet } | { kind: 'key-reused' };

/** The database cannot do this now (another process's lock, a restart, a full pool); it may in a moment. */
export class StoreBusyError extends Error {
  override readonly name = 'StoreBusyError';
}

/** The database cannot be reached at all (restarting, or gone); it may be back in a moment. */
export class StoreUnavailableError extends StoreBusyError {}

/** The database cannot be written (a full or failing disk, a read-only file): reads go on, writes wait for a mend. */
export class StoreCannotWriteError extends StoreBusyError {}

/** A value the database cannot hold (PostgreSQL's text cannot hold U+0000): the request must change. */
export class StoreRefusedValueError extends Error {
  override readonly name = 'StoreRefusedValueError';
}

/** A database written by a later version of the service, which this one cannot know how to read. */
export class NewerSchemaError extends Error {
  override readonly name = 'NewerSchemaError';
  readonly code = 'PETSTORE_NEWER_SCHEMA';
}

/**
 * The reference service's data, wherever it is kept: SQLite (server/sqlite-store.ts) or PostgreSQL
 * (server/postgres-store.ts). The routes see only this.
 */
export interface Store {
  createPet(name: string, categoryId: bigint, status: PetStatus | undefined): Promise<Pet>;
  /**
   * Creates a pet once per (owner, key): the same key with the same request gives back the first
   * pet; with another request, `key-reused`. Atomic: two requests never both insert.
   */
  createPetOnce(
    owner: string,
    key: string,
    name: string,
    categoryId: bigint,
    status: PetStatus | undefined,
  ): Promise<IdempotentCreate>;
  getPet(id: bigint): Promise<Pet | undefined>;
  listPetsJson(options: ListOptions): Promise<PetPageJson>;
  countPets(): Promise<number>;
  seedDemoPets(): Promise<void>;
  queueMessage(message: string): Promise<Message>;
  /** The demo key is made once per database, so it stays the same across restarts (and instances). */
  demoApiKey(): Promise<string>;
  /** The key that signs `Link` cursors when none is configured: made once per database. */
  cursorSecret(): Promise<Buffer>;
  /** Where refused keys are counted when the database is shared; undefined: in this process's memory. */
  readonly failedAuthStore?: FastifyRateLimitStoreCtor;
  /** Resolves when the database answers (the health check); throws StoreBusyError when it cannot. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
