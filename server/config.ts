import { z } from 'zod';
import { KEY_CHARACTER } from '../contract/text.ts';
import { DEFAULT_LIMITS } from './http.ts';
import { isPostgresUrl } from './open-store.ts';
import { PROFILE_NAMES, type ProfileName } from './profile.ts';

const list = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);
export const port = z.coerce.number().int().min(0).max(65535);

/** A key a client can send as `Authorization: Bearer <key>`: visible ASCII, no space. */
const apiKeys = list.pipe(
  z
    .array(
      z.string().regex(new RegExp(`^${KEY_CHARACTER.source}+$`), 'a key holds only visible ASCII characters, no space'),
    )
    .min(1, 'set no keys at all for a demo key, or at least one'),
);

/** A browser origin as it sends it (`https://admin.example`: no path, no trailing slash), or `*` for any. */
const corsOrigin = z.string().refine((value) => value === '*' || originOf(value, '') === value, {
  error: (issue) =>
    `not an origin: write it as the browser sends it, like ${originOf(String(issue.input), 'https://admin.example')}`,
});
function originOf(text: string, fallback = text): string {
  try {
    const { origin } = new URL(text.includes('://') ? text : `https://${text}`);
    return origin === 'null' ? fallback : origin;
  } catch {
    return fallback;
  }
}

/** A SQLite file, `:memory:`, or a PostgreSQL URL: a URL of any other scheme is a typo, not a file name. */
const database = z
  .string()
  .min(1)
  .refine(
    (value) => !value.includes('://') || isPostgresUrl(value),
    'a URL here must start postgres:// or postgresql://',
  );
const millis = z.coerce.number().int().min(100).max(600_000);

/** The origins of the app served on this machine at `port`, in both loopback spellings. */
export const localAppOrigins = (port: number) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
/** The app's own dev (vite) and preview origins. */
const DEFAULT_CORS_ORIGINS = [5173, 4173].flatMap(localAppOrigins);

/** Each profile keeps its own data: pets the spec profile holds (no status, unknown fields) stay out of the other's. */
const DEFAULT_DB: Record<ProfileName, string> = {
  reference: 'data/petstore.sqlite',
  spec: 'data/petstore-spec.sqlite',
};

const EnvSchema = z
  .object({
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: port.default(4010),
    MESSAGES_PORT: port.default(4011),
    PETSTORE_API_KEYS: apiKeys.optional(),
    PETSTORE_DB: database.optional(),
    // PostgreSQL only: the most connections one instance opens, and the longest a statement may run.
    PETSTORE_DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
    PETSTORE_DB_STATEMENT_TIMEOUT_MS: millis.default(5000),
    // Signs `Link` cursors: the first signs, any is accepted (rotation). Instances behind one load
    // balancer share them; unset, the secret kept in the database is used.
    PETSTORE_CURSOR_SECRETS: list
      .pipe(z.array(z.string().min(16, 'each secret needs at least 16 characters')).min(1))
      .optional(),
    PETSTORE_PROFILE: z.enum(PROFILE_NAMES).default('reference'),
    CORS_ORIGINS: list.pipe(z.array(corsOrigin)).default(DEFAULT_CORS_ORIGINS),
    // Exactly 0 or 1: a `false` or `no` that meant "no demo pets" must not put 24 in a live store.
    // Unset, a store with the demo key gets demo pets and one with keys of its own does not.
    PETSTORE_SEED: z.enum(['0', '1'], 'must be 0 (no demo pets) or 1 (24 demo pets in an empty store)').optional(),
    REQUEST_TIMEOUT_MS: millis.default(DEFAULT_LIMITS.requestTimeoutMs),
    KEEP_ALIVE_TIMEOUT_MS: millis.default(DEFAULT_LIMITS.keepAliveTimeoutMs),
    FAILED_AUTH_MAX: z.coerce.number().int().min(1).default(DEFAULT_LIMITS.failedAuthMax),
    FAILED_AUTH_WINDOW_MS: millis.default(DEFAULT_LIMITS.failedAuthWindowMs),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  })
  .transform(({ PETSTORE_DB, PETSTORE_SEED, ...env }) => ({
    ...env,
    PETSTORE_DB: PETSTORE_DB ?? DEFAULT_DB[env.PETSTORE_PROFILE],
    // The interface has no way to delete a pet: demo pets put in a live store would stay there.
    PETSTORE_SEED: PETSTORE_SEED === undefined ? env.PETSTORE_API_KEYS === undefined : PETSTORE_SEED === '1',
  }));

export type ServerConfig = z.infer<typeof EnvSchema>;

/** Reads the environment once at start; a bad value stops the server with a clear message. */
export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid environment:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
