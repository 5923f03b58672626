import type { FastifyInstance } from 'fastify';
import type { components, operations } from '../contract/schema.gen.ts';
import { operationSchemas, openApiDocument } from './contract.ts';
import { HttpError, sendError } from './errors.ts';
import { rejectOtherMethods } from './http.ts';
import { invalidField } from './validation.ts';
import type { Store } from './store.ts';
import { INT64_MAX } from '../contract/int64.ts';

type ListQuery = NonNullable<operations['listPets']['parameters']['query']>;
type NewPet = components['schemas']['NewPet'];

// RFC 9745 wants the date of deprecation; the spec does not give one, so the reference service
// reports the day this implementation first marked it (2026-11-22).
const DEPRECATION = '@1795305600';
const SUNSET = 'Thu, 05 Dec 2030 00:00:00 GMT';
const DEFAULT_LIMIT = 20;

const encodeCursor = (before: bigint) => Buffer.from(before.toString()).toString('base64url');

function decodeCursor(cursor: string): bigint {
  const text = Buffer.from(cursor, 'base64url').toString();
  if (!/^\d{1,19}$/.test(text) || BigInt(text) > INT64_MAX) {
    throw new HttpError(invalidField('cursor', 'querystring'));
  }
  return BigInt(text);
}

export function registerPetRoutes(app: FastifyInstance, store: Store) {
  app.get('/v1/openapi.json', { config: { public: true } }, () => openApiDocument);

  app.get<{ Querystring: ListQuery }>('/v1/pets', { schema: operationSchemas('listPets') }, (request, reply) => {
    const { limit = DEFAULT_LIMIT, status, cursor } = request.query;
    const before = cursor === undefined ? undefined : decodeCursor(cursor);
    const page = store.listPets({ limit, status, before });
    if (page.nextBefore !== undefined) {
      const next = new URLSearchParams({ limit: String(limit) });
      if (status) next.set('status', status);
      next.set('cursor', encodeCursor(page.nextBefore));
      // Relative to the request URL, so it stays right behind any proxy or path prefix.
      reply.header('Link', `<?${next.toString()}>; rel="next"`);
    }
    return page.pets;
  });

  app.post<{ Body: NewPet }>('/v1/pets', { schema: operationSchemas('createPet') }, (request, reply) => {
    const { name, categoryId, status = 'available' } = request.body;
    return reply.code(201).send(store.createPet(name.trim(), categoryId, status));
  });

  app.get<{ Params: { petId: string } }>(
    '/v1/pets/:petId',
    {
      schema: operationSchemas('getPet'),
      onSend: async (_request, reply) => {
        reply.header('Deprecation', DEPRECATION).header('Sunset', SUNSET);
      },
    },
    (request, reply) => {
      const pet = store.getPet(BigInt(request.params.petId));
      if (!pet) return sendError(reply, { status: 404, code: 'not_found', message: 'No pet has this id.' });
      return pet;
    },
  );

  rejectOtherMethods(app, '/v1/pets', ['GET', 'POST']);
  rejectOtherMethods(app, '/v1/pets/:petId', ['GET']);
}
