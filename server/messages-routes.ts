import type { FastifyInstance } from 'fastify';
import type { components } from '../contract/schema.gen.ts';
import { operationSchemas } from './contract.ts';
import { rejectOtherMethods } from './http.ts';
import type { Store } from './store.ts';

type NewMessage = components['schemas']['NewMessage'];

export function registerMessageRoutes(app: FastifyInstance, store: Store) {
  app.post<{ Body: NewMessage }>('/messages', { schema: operationSchemas('sendMessage') }, (request) =>
    store.queueMessage(request.body.message.trim()),
  );
  rejectOtherMethods(app, '/messages', ['POST']);
}
