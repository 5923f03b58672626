import * as z from 'zod/mini';
import { parseInt64 } from '../../contract/int64.ts';
import { jsonCodec } from '../../contract/json.ts';

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/**
 * What a service may offer beyond the interface spec. The app uses one only where the environment
 * lists it: a service built to the spec alone may refuse what it does not know (a header outside its
 * CORS allow-list fails the browser's preflight), so nothing is sent on a guess.
 * - `idempotency-key`: `POST /pets` honours an `Idempotency-Key` header (IETF httpapi draft), and
 *   allows it in CORS; sending a pet again after a lost answer can then never add it twice.
 */
const EXTENSIONS = ['idempotency-key'] as const;
export type Extension = (typeof EXTENSIONS)[number];

/** Limits of a service that the spec does not state: the app enforces only those declared. */
const LimitsSchema = z.object({
  /** The longest pet name the service stores, in characters. */
  petNameMaxLength: z.optional(z.int().check(z.minimum(1))),
  /** The largest request body the service reads, in bytes. */
  requestBodyMaxBytes: z.optional(z.int().check(z.minimum(1))),
});

/**
 * A category id as config.json may write it: a number, or a string of digits for one beyond 2^53
 * (which the lossless reader gives as a bigint anyway). Kept as a bigint, exact.
 */
const CategoryIdSchema = z.pipe(
  z.union([z.bigint(), z.int(), z.string()], 'must be an int64: a whole number, or a string of its digits'),
  z.transform((value, context) => {
    const id = parseInt64(String(value));
    if (id === undefined) {
      context.issues.push({
        code: 'custom',
        input: value,
        message: 'must be an int64: a whole number from -9223372036854775808 to 9223372036854775807',
      });
      return z.NEVER;
    }
    return id;
  }),
);

const CategorySchema = z.object({
  id: CategoryIdSchema,
  name: z.string().check(z.trim(), z.minLength(1, 'needs a name')),
});

/** The names staff know the categories by (the spec has no category resource): none unless named. */
const CategoriesSchema = z.array(CategorySchema).check(
  z.refine((list) => new Set(list.map((category) => category.id)).size === list.length, 'must not repeat an id'),
  z.refine((list) => new Set(list.map((category) => category.name)).size === list.length, 'must not repeat a name'),
);

const EnvironmentSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'needs a name')),
  apiBaseUrl: httpUrl,
  messagesBaseUrl: httpUrl,
  extensions: z._default(
    z
      .array(z.enum(EXTENSIONS, `must be one of ${EXTENSIONS.join(', ')}`))
      .check(z.refine((list) => new Set(list).size === list.length, 'must not repeat an extension')),
    [],
  ),
  limits: z._default(LimitsSchema, {}),
  categories: z._default(CategoriesSchema, []),
});

const ConfigSchema = z.object({
  environments: z.array(EnvironmentSchema, 'must be a list of environments').check(
    z.minLength(1, 'must list at least one environment'),
    z.refine((list) => new Set(list.map((env) => env.name)).size === list.length, 'must have unique names'),
  ),
  /** How long a request may go unanswered before the app says so; 20 s unless set. */
  requestTimeoutMs: z._default(z.int().check(z.minimum(1000), z.maximum(120_000)), 20_000),
});

export type Environment = z.infer<typeof EnvironmentSchema>;
export type ServiceLimits = Environment['limits'];
export type Category = Environment['categories'][number];
export type AppConfig = z.infer<typeof ConfigSchema>;

/** Whether the environment's service offers an extension of the spec (see EXTENSIONS). */
export const offers = (environment: Environment, extension: Extension) => environment.extensions.includes(extension);

/** Why the app cannot start; shown full page to whoever deployed it. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Loads and checks config.json, which sits beside index.html and is replaced per deployment. */
export async function loadConfig(url: URL): Promise<AppConfig> {
  let response: Response;
  try {
    // As index.html preloads it (no `cache` option: nginx sends no-cache, so it is revalidated anyway).
    response = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new ConfigError(`config.json could not be loaded from ${url.pathname}: the network request failed.`);
  }
  if (!response.ok) {
    throw new ConfigError(`config.json could not be loaded from ${url.pathname} (HTTP ${response.status}).`);
  }
  return parseConfig(await response.text());
}

/** Checks the text of a config.json, which messages call `name`: for the app and for `npm run csp`. */
export function parseConfig(text: string, name = 'config.json'): AppConfig {
  let json: unknown;
  try {
    // Category ids are int64: read exactly, as the service's answers are.
    json = jsonCodec().parse(text);
  } catch {
    throw new ConfigError(`${name} is not valid JSON.`);
  }
  const parsed = ConfigSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'config'} ${issue.message}`);
    throw new ConfigError(`${name} is not valid: ${problems.join('; ')}.`);
  }
  return parsed.data;
}
