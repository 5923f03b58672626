// PETSTORE_PROFILE=spec: the service answers as the interface spec says and nothing more, and holds
// its data as another implementation may, so that a client tested against it relies on no extension.
import { request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../contract/schema.gen.ts';
import { readServerConfig } from '../config.ts';
import { DEMO_PETS, SPEC_DEMO_PETS } from '../demo-pets.ts';
import { parseJson } from '../json.ts';
import {
  APP_ORIGIN,
  auth,
  BACKENDS,
  call,
  createTestService,
  errorBody,
  postJson,
  type TestService,
} from './helpers.ts';

type Pet = components['schemas']['Pet'];

describe.each(BACKENDS)('on %s', (backend) => {
  let service: TestService;
  beforeEach(async () => {
    service = await createTestService(':memory:', { profile: 'spec', backend });
  });
  afterEach(() => service.close());

  interface Exchange {
    method: string;
    url: string;
    headers?: Record<string, string>;
    body?: unknown;
    /** Sent to the messages service rather than the pets API. */
    messages?: boolean;
  }

  function preflightHeaders(method: string, headers: string) {
    return { origin: APP_ORIGIN, 'access-control-request-method': method, 'access-control-request-headers': headers };
  }

  /** Every operation of the spec, and the errors any server gives. */
  const SPEC_REQUESTS = [
    { method: 'GET', url: '/v1/pets', headers: auth },
    { method: 'GET', url: '/v1/pets?limit=1&status=available', headers: auth },
    { method: 'POST', url: '/v1/pets', headers: auth, body: { name: 'Rex', categoryId: 1 } },
    {
      method: 'POST',
      url: '/v1/pets',
      headers: { ...auth, 'idempotency-key': 'k-1' },
      body: { name: 'Rex', categoryId: 1 },
    },
    { method: 'GET', url: '/v1/pets/9007199254740993', headers: auth },
    { method: 'GET', url: '/v1/pets/1', headers: auth },
    { method: 'GET', url: '/v1/pets/abc', headers: auth },
    { method: 'GET', url: '/v1/pets' },
    { method: 'GET', url: '/v1/pets/1', headers: { authorization: 'Bearer wrong' } },
    { method: 'GET', url: '/v1/pets?limit=0', headers: auth },
    { method: 'GET', url: '/v1/pets?cursor=abc', headers: auth },
    { method: 'POST', url: '/v1/pets', headers: auth, body: { categoryId: 1 } },
    { method: 'POST', url: '/v1/pets', headers: auth, body: { name: 'x'.repeat(70 * 1024), categoryId: 1 } },
    { method: 'DELETE', url: '/v1/pets', headers: auth },
    { method: 'GET', url: '/v1/cats', headers: auth },
    { method: 'OPTIONS', url: '/v1/pets', headers: preflightHeaders('POST', 'authorization,content-type') },
    { method: 'OPTIONS', url: '/v1/pets/1', headers: preflightHeaders('GET', 'authorization') },
    { messages: true, method: 'POST', url: '/messages', headers: auth, body: { message: 'Hello' } },
    { messages: true, method: 'POST', url: '/messages', headers: {}, body: { message: 'Hello' } },
    { messages: true, method: 'OPTIONS', url: '/messages', headers: preflightHeaders('POST', 'authorization') },
  ] satisfies Exchange[];

  /** Headers any HTTP server sends, or that CORS, caching and sniffing rules ask of every answer. */
  const GENERIC = new Set([
    'content-type',
    'content-length',
    'date',
    'connection',
    'keep-alive',
    'cache-control',
    'x-content-type-options',
    'vary',
    'access-control-allow-origin',
    'access-control-allow-methods',
    'access-control-allow-headers',
    'access-control-max-age',
  ]);
  /**
   * Headers HTTP itself asks for with one status (RFC 9110): the scheme to use after a 401 (11.6.1),
   * the methods a path has after a 405 (15.5.6), and when to come back after a 429 or a 503 (10.2.3).
   */
  const WITH_STATUS: Record<string, number[]> = {
    'www-authenticate': [401],
    allow: [405],
    'retry-after': [429, 503],
  };

  function expectNothingBeyondTheSpec(status: number, headers: IncomingHttpHeaders, what: string) {
    const extra = Object.keys(headers).filter((name) => !GENERIC.has(name) && !WITH_STATUS[name]?.includes(status));
    expect(extra, `${what} answered ${status}`).toEqual([]);
  }

  /** One exchange over real HTTP: Node's own headers (Date, Connection, Keep-Alive) are checked too. */
  async function send(app: FastifyInstance, { method, url, headers = {}, body }: Exchange) {
    if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: url,
          headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: text }));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }

  describe('the spec profile sends nothing beyond the spec', () => {
    it.each(SPEC_REQUESTS.map((exchange) => [`${exchange.method} ${exchange.url}`, exchange] as const))(
      '%s: only generic headers, with and without an origin',
      async (what, exchange) => {
        await service.store.createPet('Seed', 1n, 'available');
        const app = exchange.messages ? service.messages : service.pets;
        for (const origin of [{}, { origin: APP_ORIGIN }] as Record<string, string>[]) {
          const answer = await send(app, { ...exchange, headers: { ...origin, ...exchange.headers } });
          expectNothingBeyondTheSpec(answer.status, answer.headers, what);
          if (answer.status >= 400)
            expect(parseJson(answer.body)).toEqual(errorBody(answer.status, expect.any(String)));
        }
      },
    );

    it('throttles wrong keys (429 with Retry-After) and nothing more', async () => {
      const throttled = await createTestService(':memory:', { profile: 'spec', limits: { failedAuthMax: 1 }, backend });
      const wrong = { method: 'GET', url: '/v1/pets', headers: { authorization: 'Bearer wrong', origin: APP_ORIGIN } };
      expect((await send(throttled.pets, wrong)).status).toBe(401);
      const answer = await send(throttled.pets, wrong);
      expect(answer.status).toBe(429);
      expect(answer.headers['retry-after']).toBeDefined();
      expectNothingBeyondTheSpec(answer.status, answer.headers, 'a wrong key again');
      await throttled.close();
    });

    it('exposes no header to scripts in the browser', async () => {
      for (const exchange of SPEC_REQUESTS) {
        const app = exchange.messages ? service.messages : service.pets;
        const answer = await call(app, { ...exchange, headers: { origin: APP_ORIGIN, ...exchange.headers } });
        expect(answer.headers['access-control-expose-headers']).toBeUndefined();
      }
    });
  });

  describe('listPets without paging', () => {
    it('answers the first page only, with no Link header, however many pets match', async () => {
      for (let i = 0; i < 5; i++) await service.store.createPet(`Pet ${i}`, 1n, 'sold');
      const response = await call(service.pets, { url: '/v1/pets?limit=2&status=sold', headers: auth });
      expect(response.body).toHaveLength(2);
      expect(response.headers.link).toBeUndefined();
    });

    it.each(['', 'abc', 'MjM.AAAAAAAAAAAAAAAA'])(
      'refuses cursor=%s as a parameter it does not have',
      async (cursor) => {
        const response = await call(service.pets, { url: `/v1/pets?limit=2&cursor=${cursor}`, headers: auth });
        expect(response).toMatchObject({ status: 400, body: errorBody(400, 'invalid_query') });
      },
    );

    it('still checks the key first', async () => {
      expect((await call(service.pets, { url: '/v1/pets?cursor=abc' })).status).toBe(401);
    });
  });

  describe('createPet without Idempotency-Key', () => {
    it('ignores the header: the same key twice adds two pets', async () => {
      const create = () =>
        call(
          service.pets,
          postJson('/v1/pets', { name: 'Rex', categoryId: 1 }, { ...auth, 'idempotency-key': '"a-1"' }),
        );
      const [first, second] = [await create(), await create()];
      expect([first.status, second.status]).toEqual([201, 201]);
      expect((first.body as Pet).id).not.toBe((second.body as Pet).id);
      expect(await service.store.countPets()).toBe(2);
      const unreadable = await call(
        service.pets,
        postJson('/v1/pets', { name: 'Max', categoryId: 1 }, { ...auth, 'idempotency-key': 'has space' }),
      );
      expect(unreadable.status).toBe(201);
    });

    it('does not allow the header in a CORS preflight, so a browser never sends it', async () => {
      const response = await call(service.pets, {
        method: 'OPTIONS',
        url: '/v1/pets',
        headers: preflightHeaders('POST', 'authorization,content-type,idempotency-key'),
      });
      expect(response.status).toBe(204);
      expect(response.headers['access-control-allow-headers']).toBe('Authorization, Content-Type');
    });
  });

  describe('getPet without deprecation headers', () => {
    it('answers 200, 404 and 401 with no Deprecation or Sunset', async () => {
      const pet = await service.store.createPet('Rex', 1n, 'available');
      for (const [url, headers] of [
        [`/v1/pets/${pet.id}`, auth],
        ['/v1/pets/1', auth],
        [`/v1/pets/${pet.id}`, {}],
      ] as const) {
        const response = await call(service.pets, { url, headers });
        expect(response.headers['deprecation']).toBeUndefined();
        expect(response.headers['sunset']).toBeUndefined();
      }
    });
  });

  describe('only the answers the interface lists', () => {
    it.each(['abc', '1.5', '9223372036854775808', '00000000000000000001', '%20'])(
      'getPet with the id %s: 404, as for any id that names no pet (the interface lists no 400 for it)',
      async (petId) => {
        const response = await call(service.pets, { url: `/v1/pets/${petId}`, headers: auth });
        expect(response).toMatchObject({ status: 404, body: errorBody(404, 'not_found') });
      },
    );

    it('getPet still checks the key first', async () => {
      expect((await call(service.pets, { url: '/v1/pets/abc' })).status).toBe(401);
    });

    it('serves no contract: the reference one describes extensions this profile does not offer', async () => {
      expect((await call(service.pets, { url: '/v1/openapi.json', headers: auth })).status).toBe(404);
    });
  });

  describe('data as another implementation may hold it', () => {
    it('stores and returns a pet created without status without one', async () => {
      const created = await call(service.pets, postJson('/v1/pets', { name: 'Nobody knows', categoryId: 2 }));
      expect(created.status).toBe(201);
      expect(created.body).not.toHaveProperty('status');
      const id = (created.body as Pet).id;
      const fetched = await call(service.pets, { url: `/v1/pets/${id}`, headers: auth });
      expect(fetched.body).toEqual(created.body);
      const listed = await service.pets.inject({ url: '/v1/pets', headers: auth });
      expect(listed.body).toBe(`[{"id":${id},"name":"Nobody knows","categoryId":2}]`);
      const filtered = await call(service.pets, { url: '/v1/pets?status=available', headers: auth });
      expect(filtered.body).toEqual([]);
    });

    it('numbers the pets of an empty store beyond 2^53, exactly', async () => {
      const first = await call(service.pets, postJson('/v1/pets', { name: 'Big', categoryId: 1 }));
      const second = await call(service.pets, postJson('/v1/pets', { name: 'Bigger', categoryId: 1 }));
      expect((first.body as Pet).id).toBe(2n ** 53n + 1n);
      expect((second.body as Pet).id).toBe(2n ** 53n + 2n);
      const raw = await service.pets.inject({ url: '/v1/pets/9007199254740993', headers: auth });
      expect(raw.body).toContain('"id":9007199254740993,');
      const listed = await service.pets.inject({ url: '/v1/pets', headers: auth });
      expect(listed.body).toMatch(/^\[\{"id":9007199254740994,.*\{"id":9007199254740993,/);
    });

    it('seeds pets without a status and pets with a field the contract does not name, in every answer', async () => {
      await service.store.seedDemoPets();
      const pets = (await call(service.pets, { url: '/v1/pets?limit=100', headers: auth })).body as Pet[];
      expect(pets.length).toBe(await service.store.countPets());
      expect(pets.every((pet) => typeof pet.id === 'bigint' && pet.id > 2n ** 53n)).toBe(true);
      expect(pets.some((pet) => !('status' in pet))).toBe(true);
      const imported = pets.filter((pet) => 'tags' in pet);
      expect(imported.length).toBeGreaterThanOrEqual(1);
      for (const pet of imported) {
        expect(pet).toMatchObject({ tags: ['imported'] });
        const fetched = await call(service.pets, { url: `/v1/pets/${pet.id}`, headers: auth });
        expect(fetched.body).toEqual(pet);
      }
      // SQLite writes a list with json_patch, which drops null members: no extra field may be null.
      const extras = [...DEMO_PETS, ...SPEC_DEMO_PETS].flatMap(({ extra }) => (extra ? Object.values(extra) : []));
      expect(extras).not.toContain(null);
      // The first page, newest first, has one of each.
      const firstPage = (await call(service.pets, { url: '/v1/pets', headers: auth })).body as Pet[];
      expect(firstPage.some((pet) => !('status' in pet))).toBe(true);
      expect(firstPage.some((pet) => 'tags' in pet)).toBe(true);
    });
  });

  describe('PETSTORE_PROFILE', () => {
    it('is reference by default, and each profile has its own default database', () => {
      expect(readServerConfig({})).toMatchObject({
        PETSTORE_PROFILE: 'reference',
        PETSTORE_DB: 'data/petstore.sqlite',
      });
      expect(readServerConfig({ PETSTORE_PROFILE: 'spec' }).PETSTORE_DB).toBe('data/petstore-spec.sqlite');
      expect(readServerConfig({ PETSTORE_PROFILE: 'spec', PETSTORE_DB: ':memory:' }).PETSTORE_DB).toBe(':memory:');
    });

    it('refuses another value, naming the variable', () => {
      expect(() => readServerConfig({ PETSTORE_PROFILE: 'bogus' })).toThrow(/PETSTORE_PROFILE/);
    });
  });
});
