import type { FastifyInstance } from 'fastify';
import { createHttpApp, type HttpOptions } from './http.ts';
import { registerMessageRoutes } from './messages-routes.ts';
import { registerPetRoutes } from './pets-routes.ts';
import type { Store } from './store.ts';

export type ServiceOptions = HttpOptions & { store: Store };

/** The pets API, served under /v1. */
export async function buildPetsApp({ store, ...http }: ServiceOptions): Promise<FastifyInstance> {
  const app = await createHttpApp(http);
  registerPetRoutes(app, store, http.profile);
  return app;
}

/** The messages service, on its own base address as in the spec. */
export async function buildMessagesApp({ store, ...http }: ServiceOptions): Promise<FastifyInstance> {
  const app = await createHttpApp(http);
  registerMessageRoutes(app, store);
  return app;
}
