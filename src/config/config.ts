import * as z from 'zod/mini';

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const EnvironmentSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'needs a name')),
  apiBaseUrl: httpUrl,
  messagesBaseUrl: httpUrl,
});

const ConfigSchema = z.object({
  environments: z.array(EnvironmentSchema).check(
    z.minLength(1, 'must list at least one environment'),
    z.refine((list) => new Set(list.map((env) => env.name)).size === list.length, 'must have unique names'),
  ),
  /** How long a request may go unanswered before the app says so; 20 s unless set. */
  requestTimeoutMs: z._default(z.int().check(z.minimum(1000), z.maximum(120_000)), 20_000),
});

export type Environment = z.infer<typeof EnvironmentSchema>;
export type AppConfig = z.infer<typeof ConfigSchema>;

/** Why the app cannot start; shown full page to whoever deployed it. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Loads and checks config.json, which sits beside index.html and is replaced per deployment. */
export async function loadConfig(url: URL): Promise<AppConfig> {
  let response: Response;
  try {
    // As the boot script preloads it (no `cache` option: nginx sends no-cache, so it is revalidated anyway).
    response = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new ConfigError(`config.json could not be loaded from ${url.pathname}: the network request failed.`);
  }
  if (!response.ok) {
    throw new ConfigError(`config.json could not be loaded from ${url.pathname} (HTTP ${response.status}).`);
  }
  let json: unknown;
  try {
    json = JSON.parse(await response.text());
  } catch {
    throw new ConfigError('config.json is not valid JSON.');
  }
  const parsed = ConfigSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'config'} ${issue.message}`);
    throw new ConfigError(`config.json is not valid: ${problems.join('; ')}.`);
  }
  return parsed.data;
}
