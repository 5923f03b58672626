import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseInt64 } from '../contract/int64.ts';
import { PAGE_SIZE_DEFAULT } from '../contract/limits.ts';
import type { components, operations } from '../contract/schema.gen.ts';
import { operationSchemas, openApiDocument } from './contract.ts';
import type { CursorCodec } from './cursors.ts';
import { ERRORS, HttpError, sendError } from './errors.ts';
import { rejectOtherMethods } from './http.ts';
import { keyOwner } from './keys.ts';
import { PROFILES, type ProfileName } from './profile.ts';
import type { Store } from './store.ts';
import { invalidField } from './validation.ts';

type ListQuery = NonNullable<operations['listPets']['parameters']['query']>;
/** A NewPet as the JSON codec reads it: an integer is a number where it is safe, else a bigint. */
type NewPetAsRead = Omit<components['schemas']['NewPet'], 'categoryId'> & { categoryId: number | bigint };

// RFC 9745 wants the date of deprecation; the spec does not give one, so the reference service
// reports the day this implementation first marked it (2026-11-22).
const DEPRECATION = '@1795305600';
const SUNSET = 'Thu, 05 Dec 2030 00:00:00 GMT';

/**
 * `Idempotency-Key` (IETF httpapi draft): a Structured Field string of visible ASCII, quoted, or bare
 * as many clients send it. `"abc"` and `abc` are one key; `"abc` is none.
 */
const IDEMPOTENCY_KEY = /^(?:"([\x21\x23-\x7e]{1,255})"|([\x21\x23-\x7e]{1,255}))$/;
const idempotencyKeyOf = (header: unknown) => {
  const match = typeof header === 'string' ? IDEMPOTENCY_KEY.exec(header) : null;
  return match?.[1] ?? match?.[2];
};

/** Without paging, `cursor` is no parameter of the interface: refused before its schema reads it. */
async function refuseCursor(request: FastifyRequest<{ Querystring: ListQuery }>) {
  if (Object.hasOwn(request.query, 'cursor')) throw new HttpError(ERRORS.noPaging);
}

/** Without `invalidPetIdError`, an id that is no int64 names no pet, as the interface's getPet says. */
async function notFoundUnlessInt64(request: FastifyRequest<{ Params: { petId: string } }>) {
  if (parseInt64(request.params.petId) === undefined) throw new HttpError(ERRORS.noSuchPet);
}

async function addDeprecationHeaders(_request: FastifyRequest, reply: FastifyReply) {
  reply.header('Deprecation', DEPRECATION).header('Sunset', SUNSET);
}

export function registerPetRoutes(
  app: FastifyInstance,
  store: Store,
  cursors: CursorCodec,
  profile: ProfileName = 'reference',
) {
  const { paging, idempotencyKeys, deprecationHeaders, invalidPetIdError, contractDocument, defaultStatus } =
    PROFILES[profile];

  if (contractDocument) app.get('/v1/openapi.json', { config: { public: true } }, () => openApiDocument);

  app.get<{ Querystring: ListQuery }>(
    '/v1/pets',
    { schema: operationSchemas('listPets'), preValidation: paging ? undefined : refuseCursor },
    async (request, reply) => {
      const { limit = PAGE_SIZE_DEFAULT, status, cursor } = request.query;
      const before = cursor === undefined ? undefined : cursors.decode(cursor);
      if (cursor !== undefined && before === undefined) throw new HttpError(invalidField('cursor', 'querystring'));
      const page = await store.listPetsJson({ limit, status, before });
      if (paging && page.nextBefore !== undefined) {
        const next = new URLSearchParams({ limit: String(limit) });
        if (status) next.set('status', status);
        next.set('cursor', cursors.encode(page.nextBefore));
        // Relative to the request URL, so it stays right behind any proxy or path prefix.
        reply.header('Link', `<?${next.toString()}>; rel="next"`);
      }
      return reply.type('application/json').send(page.json);
    },
  );

  app.post<{ Body: NewPetAsRead }>('/v1/pets', { schema: operationSchemas('createPet') }, async (request, reply) => {
    const { name, status = defaultStatus } = request.body;
    const categoryId = BigInt(request.body.categoryId);
    const header = idempotencyKeys ? request.headers['idempotency-key'] : undefined;
    if (header === undefined) {
      return reply.code(201).send(await store.createPet(name.trim(), categoryId, status));
    }
    const key = idempotencyKeyOf(header);
    if (!key) throw new HttpError(ERRORS.invalidIdempotencyKey);
    const owner = keyOwner(request.headers.authorization);
    const outcome = await store.createPetOnce(owner, key, name.trim(), categoryId, status);
    if (outcome.kind === 'key-reused') throw new HttpError(ERRORS.idempotencyKeyReused);
    return reply.code(201).send(outcome.pet);
  });

  app.get<{ Params: { petId: string } }>(
    '/v1/pets/:petId',
    {
      schema: operationSchemas('getPet'),
      preValidation: invalidPetIdError ? undefined : notFoundUnlessInt64,
      onSend: deprecationHeaders ? addDeprecationHeaders : undefined,
    },
    async (request, reply) => {
      const pet = await store.getPet(BigInt(request.params.petId));
      if (!pet) return sendError(reply, ERRORS.noSuchPet);
      return pet;
    },
  );

  rejectOtherMethods(app, '/v1/pets', ['GET', 'POST']);
  rejectOtherMethods(app, '/v1/pets/:petId', ['GET']);
}
