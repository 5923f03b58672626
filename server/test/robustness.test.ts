import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, BACKENDS, call, createTestService, type TestService } from './helpers.ts';

// Random input thrown at the service: never a 5xx, always the Error body when refused, and the
// stored pets untouched by every refused request.

describe.each(BACKENDS)('on %s', (backend) => {
  let service: TestService;
  beforeAll(async () => {
    service = await createTestService(':memory:', { backend });
    for (let i = 0; i < 30; i++)
      await service.store.createPet(`Seed ${i}`, BigInt(i), (['available', 'pending', 'sold'] as const)[i % 3]!);
  });
  afterAll(() => service.close());

  const snapshot = async () => (await service.store.listPetsJson({ limit: 1000 })).json;

  function expectWellFormed(response: { status: number; body: unknown }) {
    expect(response.status).toBeLessThan(500);
    if (response.status >= 400) {
      expect(response.body).toEqual({ status: response.status, code: expect.any(String), message: expect.any(String) });
    }
  }

  const queryValue = fc.oneof(
    fc.string(),
    fc.constantFrom(
      '0',
      '1',
      '100',
      '101',
      '-1',
      '1.5',
      '1e2',
      'available',
      'sold',
      '%',
      '%zz',
      '%E0%A4%A',
      '[]',
      'null',
    ),
    fc.integer().map(String),
    // Cursors that decode to any integer, as a client tampering with a next link could send.
    fc
      .oneof(fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), fc.bigInt({ min: 2n ** 62n, max: 10n ** 19n }))
      .map((value) => Buffer.from(String(value)).toString('base64url')),
  );
  const queryKey = fc.constantFrom('limit', 'status', 'cursor', 'other', 'limit[]', '__proto__');
  // Each value sent encoded or raw, as fast-check chooses: a failure it finds can be replayed.
  const queryString = fc
    .array(fc.tuple(queryKey, queryValue, fc.boolean()), { maxLength: 5 })
    .map((pairs) =>
      pairs
        .map(([key, value, encoded]) => `${key}=${encoded ? encodeURIComponent(value) : value.replace(/[#\s]/g, '')}`)
        .join('&'),
    );

  const jsonValue = fc.jsonValue({ maxDepth: 4 });
  const petLike = fc.record(
    {
      name: fc.oneof(fc.string(), jsonValue),
      categoryId: fc.oneof(fc.integer(), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String), jsonValue),
      status: fc.oneof(fc.constantFrom('available', 'pending', 'sold', 'lost', ''), jsonValue),
    },
    { requiredKeys: [] },
  );

  describe('the service under random input', () => {
    it('answers any query string on GET /pets without a 5xx, reading nothing into the store', async () => {
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(queryString, async (query) => {
          const response = await call(service.pets, { url: `/v1/pets?${query}`, headers: auth });
          expectWellFormed(response);
          if (response.status === 200) expect(Array.isArray(response.body)).toBe(true);
        }),
        { numRuns: 300 },
      );
      expect(await snapshot()).toBe(before);
    });

    it('answers any headers without a 5xx, and refuses every request without the right key', async () => {
      const header = fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.constantFrom('Bearer', 'Bearer  ', 'Basic abc', 'bearer test-key-1 x'),
      );
      await fc.assert(
        fc.asyncProperty(header, fc.string({ maxLength: 40 }), async (authorization, contentType) => {
          const response = await call(service.pets, {
            method: 'POST',
            url: '/v1/pets',
            headers: { authorization, 'content-type': contentType.replace(/[^\x20-\x7e]/g, '') || 'x/y' },
            payload: '{"name":"Rex","categoryId":1}',
          });
          expectWellFormed(response);
          expect(response.status).toBe(401);
        }),
        { numRuns: 200 },
      );
    });

    it('answers any JSON body on POST /pets without a 5xx, and stores only what it accepts', async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(petLike, jsonValue), async (body) => {
          const before = await snapshot();
          const response = await call(service.pets, {
            method: 'POST',
            url: '/v1/pets',
            headers: { ...auth, 'content-type': 'application/json' },
            payload: JSON.stringify(body) ?? '',
          });
          expectWellFormed(response);
          if (response.status === 201) {
            expect(await service.store.countPets()).toBe(JSON.parse(before).length + 1);
          } else {
            expect(response.status).toBe(400);
            expect(await snapshot()).toBe(before);
          }
        }),
        { numRuns: 300 },
      );
    });

    it('answers arbitrary bytes as a body without a 5xx and stores nothing', async () => {
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 200 }), async (payload) => {
          const response = await call(service.pets, {
            method: 'POST',
            url: '/v1/pets',
            headers: { ...auth, 'content-type': 'application/json' },
            payload,
          });
          expectWellFormed(response);
          if (response.status !== 201) expect(await snapshot()).toBe(before);
        }),
        { numRuns: 200 },
      );
    });

    it('answers random paths and methods without a 5xx', async () => {
      const method = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS');
      const path = fc.oneof(
        fc.string().map((text) => `/v1/pets/${encodeURIComponent(text)}`),
        fc.constantFrom('/v1/pets/%', '/v1/pets/%E0%A4%A', '/v1/pets//1', '/v1/../etc/passwd', '/', '/v1', '/v2/pets'),
      );
      await fc.assert(
        fc.asyncProperty(method, path, async (verb, url) => {
          const response = await call(service.pets, { method: verb, url, headers: auth });
          expect(response.status).toBeLessThan(500);
          if (verb !== 'HEAD' && verb !== 'OPTIONS' && response.status >= 400) expectWellFormed(response);
        }),
        { numRuns: 300 },
      );
    });
  });
});
