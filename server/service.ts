import type { FastifyInstance } from 'fastify';
import type { CursorCodec } from './cursors.ts';
import { createHttpApp, type HttpOptions } from './http.ts';
import { registerMessageRoutes } from './messages-routes.ts';
import { registerPetRoutes } from './pets-routes.ts';
import type { Store } from './store.ts';

export type ServiceOptions = HttpOptions & { store: Store; cursors: CursorCodec };

/** The pets API, served under /v1. */
export async function buildPetsApp({ store, cursors, ...http }: ServiceOptions): Promise<FastifyInstance> {
  const app = await createHttpApp({ ...http, health: store, failedAuthStore: store.failedAuthStore });
  registerPetRoutes(app, store, cursors, http.profile);
  return app;
}

/** The messages service, on its own base address as in the spec. */
export async function buildMessagesApp({ store, ...http }: ServiceOptions): Promise<FastifyInstance> {
  const app = await createHttpApp({ ...http, health: store, failedAuthStore: store.failedAuthStore });
  registerMessageRoutes(app, store);
  return app;
}
