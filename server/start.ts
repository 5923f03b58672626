import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.ts';
import { createCursorCodec } from './cursors.ts';
import { createKeyRing } from './keys.ts';
import { buildMessagesApp, buildPetsApp } from './service.ts';
import { openStore } from './open-store.ts';

export interface RunningService {
  apiBaseUrl: string;
  messagesBaseUrl: string;
  /** Set when no PETSTORE_API_KEYS were given: the key stored with the data. */
  demoApiKey?: string;
  close(): Promise<void>;
}

/**
 * Opens the store and starts the pets API and the messages service. When a step fails (a port in
 * use, say), what the steps before it opened is closed again: a caller that goes on finds the ports
 * and the database free.
 */
export async function startService(config: ServerConfig): Promise<RunningService> {
  const profile = config.PETSTORE_PROFILE;
  const store = await openStore(config.PETSTORE_DB, profile, {
    poolSize: config.PETSTORE_DB_POOL_SIZE,
    statementTimeoutMs: config.PETSTORE_DB_STATEMENT_TIMEOUT_MS,
  });
  const apps: FastifyInstance[] = [];
  const close = async () => {
    try {
      await Promise.all(apps.map((app) => app.close()));
    } finally {
      await store.close();
    }
  };
  try {
    if (config.PETSTORE_SEED) await store.seedDemoPets();
    const demoApiKey = config.PETSTORE_API_KEYS?.length ? undefined : await store.demoApiKey();
    const keys = createKeyRing(config.PETSTORE_API_KEYS?.length ? config.PETSTORE_API_KEYS : [demoApiKey!]);
    const secrets = config.PETSTORE_CURSOR_SECRETS?.map((secret) => Buffer.from(secret)) ?? [
      await store.cursorSecret(),
    ];
    const options = {
      store,
      cursors: createCursorCodec(secrets),
      keys,
      corsOrigins: config.CORS_ORIGINS,
      profile,
      // No logger at all when silent: Fastify then makes no child logger per request.
      logger: config.LOG_LEVEL !== 'silent' && { level: config.LOG_LEVEL },
      limits: {
        requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
        keepAliveTimeoutMs: config.KEEP_ALIVE_TIMEOUT_MS,
        failedAuthMax: config.FAILED_AUTH_MAX,
        failedAuthWindowMs: config.FAILED_AUTH_WINDOW_MS,
      },
    };
    const pets = await buildPetsApp(options);
    apps.push(pets);
    const messages = await buildMessagesApp(options);
    apps.push(messages);
    // Both settled before either failure is thrown: closing an app still on its way to listening
    // would not stop it from binding its port afterwards.
    const [petsListening, messagesListening] = await Promise.allSettled([
      pets.listen({ host: config.HOST, port: config.PORT }),
      messages.listen({ host: config.HOST, port: config.MESSAGES_PORT }),
    ]);
    if (petsListening.status === 'rejected') throw petsListening.reason;
    if (messagesListening.status === 'rejected') throw messagesListening.reason;
    return {
      apiBaseUrl: `${petsListening.value}/v1`,
      messagesBaseUrl: messagesListening.value,
      ...(demoApiKey ? { demoApiKey } : {}),
      close,
    };
  } catch (error) {
    // The first failure is the one to report.
    await close().catch(() => undefined);
    throw error;
  }
}
