import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../contract/schema.gen.ts';
import {
  auth,
  BACKENDS,
  call,
  createTestService,
  errorBody,
  KEY,
  OTHER_KEY,
  postJson,
  type TestService,
} from './helpers.ts';

type Pet = components['schemas']['Pet'];

describe.each(BACKENDS)('on %s', (backend) => {
  let service: TestService;
  beforeEach(async () => {
    service = await createTestService(':memory:', { backend });
  });
  afterEach(() => service.close());

  // Pets as the client reads them: safe int64 values arrive as plain numbers.
  const addPets = async (count: number, status: Pet['status'] = 'available') => {
    const pets = [];
    for (let i = 0; i < count; i++) {
      const pet = await service.store.createPet(`Pet ${i}`, 1n, status ?? 'available');
      pets.push({ ...pet, id: Number(pet.id), categoryId: Number(pet.categoryId) });
    }
    return pets;
  };

  describe('authentication', () => {
    const requests = [
      { name: 'listPets', method: 'GET', url: '/v1/pets' },
      { name: 'createPet', method: 'POST', url: '/v1/pets' },
      { name: 'getPet', method: 'GET', url: '/v1/pets/1' },
    ] as const;
    const badHeaders: [string, Record<string, string>][] = [
      ['no Authorization header', {}],
      ['a wrong key', { authorization: 'Bearer not-a-key' }],
      ['another scheme', { authorization: `Basic ${Buffer.from(`user:${KEY}`).toString('base64')}` }],
      ['a bare key', { authorization: KEY }],
      ['an empty Bearer', { authorization: 'Bearer ' }],
      ['a key with a suffix', { authorization: `Bearer ${KEY}x` }],
    ];

    for (const request of requests) {
      it.each(badHeaders)(`${request.name} answers 401 for %s`, async (_, headers) => {
        const response = await call(service.pets, {
          method: request.method,
          url: request.url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: request.method === 'POST' ? '{"name":"Rex","categoryId":1}' : undefined,
        });
        expect(response.status).toBe(401);
        expect(response.headers['www-authenticate']).toBe('Bearer');
        expect(response.body).toEqual(errorBody(401, 'unauthorized'));
      });
    }

    it('accepts every configured key, and the scheme in any case', async () => {
      await service.store.createPet('Rex', 1n, 'available');
      for (const authorization of [`Bearer ${KEY}`, `Bearer ${OTHER_KEY}`, `bearer ${KEY}`]) {
        expect((await call(service.pets, { url: '/v1/pets', headers: { authorization } })).status).toBe(200);
      }
    });

    it('checks the key before the input, so nothing leaks to strangers', async () => {
      const response = await call(service.pets, { url: '/v1/pets?limit=0' });
      expect(response.status).toBe(401);
    });

    it('serves the contract without a key', async () => {
      const response = await call(service.pets, { url: '/v1/openapi.json' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ openapi: '3.1.0', info: { version: '1.0.0' } });
    });
  });

  describe('GET /pets (listPets)', () => {
    it('answers 200 with at most 20 pets by default, newest first', async () => {
      await addPets(25);
      const response = await call(service.pets, { url: '/v1/pets', headers: auth });
      expect(response.status).toBe(200);
      const pets = response.body as Pet[];
      expect(pets).toHaveLength(20);
      expect(pets[0]).toEqual({ id: 25, name: 'Pet 24', categoryId: 1, status: 'available' });
      const ids = pets.map((pet) => Number(pet.id));
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    });

    it('answers an empty list for an empty store', async () => {
      const response = await call(service.pets, { url: '/v1/pets', headers: auth });
      expect(response).toMatchObject({ status: 200, body: [] });
      expect(response.headers.link).toBeUndefined();
    });

    it.each([1, 7, 100])('returns at most limit=%i pets', async (limit) => {
      await addPets(120);
      const response = await call(service.pets, { url: `/v1/pets?limit=${limit}`, headers: auth });
      expect(response.body).toHaveLength(limit);
    });

    it.each(['available', 'pending', 'sold'] as const)('filters by status=%s', async (status) => {
      await addPets(3, 'available');
      await addPets(2, 'pending');
      await addPets(1, 'sold');
      const response = await call(service.pets, { url: `/v1/pets?status=${status}`, headers: auth });
      const pets = response.body as Pet[];
      expect(pets.length).toBe({ available: 3, pending: 2, sold: 1 }[status]);
      expect(pets.every((pet) => pet.status === status)).toBe(true);
    });

    it.each(['0', '101', '-1', 'abc', '1.5', '', ' ', '20&limit=30'])('refuses limit=%s with 400', async (limit) => {
      const response = await call(service.pets, { url: `/v1/pets?limit=${limit}`, headers: auth });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(errorBody(400, 'invalid_limit'));
      expect((response.body as { message: string }).message).toMatch(/limit/);
    });

    it.each(['unknown', '', 'AVAILABLE', 'sold,pending'])('refuses status=%s with 400', async (status) => {
      const response = await call(service.pets, { url: `/v1/pets?status=${status}`, headers: auth });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(errorBody(400, 'invalid_status'));
      expect((response.body as { message: string }).message).toMatch(/status/);
    });

    it('offers a next link when more pets match, and following it pages through all of them', async () => {
      await addPets(5, 'sold');
      await addPets(7, 'pending');
      const seen: Pet[] = [];
      let url: string | undefined = 'http://127.0.0.1/v1/pets?status=pending&limit=3';
      while (url) {
        const response = await call(service.pets, { url, headers: auth });
        expect(response.status).toBe(200);
        seen.push(...(response.body as Pet[]));
        const next = /<([^>]*)>;\s*rel="next"/.exec(String(response.headers.link ?? ''));
        url = next ? new URL(next[1]!, url).toString() : undefined;
      }
      expect(seen).toHaveLength(7);
      expect(new Set(seen.map((pet) => pet.id)).size).toBe(7);
      expect(seen.every((pet) => pet.status === 'pending')).toBe(true);
    });

    it('sends no next link when everything fits', async () => {
      await addPets(3);
      const response = await call(service.pets, { url: '/v1/pets?limit=3', headers: auth });
      expect(response.headers.link).toBeUndefined();
    });

    it.each([
      '',
      'xyz',
      '!!!',
      ...['12a', '-5', '9999999999999999999'].map((text) => Buffer.from(text).toString('base64url')),
    ])('refuses cursor=%s with 400', async (cursor) => {
      const response = await call(service.pets, { url: `/v1/pets?cursor=${cursor}`, headers: auth });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(errorBody(400, 'invalid_cursor'));
    });

    it('reads malformed percent-escapes in the query as a bad value, not a crash', async () => {
      const response = await call(service.pets, { url: '/v1/pets?limit=%zz&status=%E0%A4%A', headers: auth });
      expect(response.status).toBe(400);
    });
  });

  describe('POST /pets (createPet)', () => {
    const create = (payload: unknown, headers?: Record<string, string>) =>
      call(service.pets, postJson('/v1/pets', payload, headers));

    it('answers 201 with the stored pet, its id assigned', async () => {
      const response = await create({ name: 'Rex', categoryId: 3, status: 'pending' });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ id: 1, name: 'Rex', categoryId: 3, status: 'pending' });
      const fetched = await call(service.pets, { url: '/v1/pets/1', headers: auth });
      expect(fetched.body).toEqual(response.body);
    });

    it('stores available when status is omitted, and trims the name', async () => {
      const response = await create({ name: '  Rex  ', categoryId: 3 });
      expect(response.body).toMatchObject({ name: 'Rex', status: 'available' });
    });

    it('keeps int64 category ids beyond 2^53 exact', async () => {
      const response = await create('{"name":"Big","categoryId":9223372036854775807}');
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ categoryId: 9223372036854775807n });
      const raw = await service.pets.inject({ url: '/v1/pets?limit=1', headers: auth });
      expect(raw.body).toContain('"categoryId":9223372036854775807');
    });

    it('accepts unknown extra fields and ignores them', async () => {
      const response = await create({ name: 'Rex', categoryId: 1, colour: 'brown' });
      expect(response.status).toBe(201);
      expect(response.body).not.toHaveProperty('colour');
    });

    it.each<[string, unknown, string]>([
      ['a missing name', { categoryId: 1 }, 'invalid_name'],
      ['an empty name', { name: '', categoryId: 1 }, 'invalid_name'],
      ['a blank name', { name: ' \t ', categoryId: 1 }, 'invalid_name'],
      ['a numeric name', { name: 123, categoryId: 1 }, 'invalid_name'],
      ['a null name', { name: null, categoryId: 1 }, 'invalid_name'],
      ['a missing categoryId', { name: 'Rex' }, 'invalid_category_id'],
      ['a string categoryId', { name: 'Rex', categoryId: '5' }, 'invalid_category_id'],
      ['a fractional categoryId', { name: 'Rex', categoryId: 1.5 }, 'invalid_category_id'],
      ['a categoryId above int64', '{"name":"Rex","categoryId":9223372036854775808}', 'invalid_category_id'],
      ['a categoryId in exponent form beyond 2^53', '{"name":"Rex","categoryId":1e20}', 'invalid_category_id'],
      ['an unknown status', { name: 'Rex', categoryId: 1, status: 'lost' }, 'invalid_status'],
      ['an array body', [{ name: 'Rex', categoryId: 1 }], 'invalid_body'],
      ['a string body', '"Rex"', 'invalid_body'],
      ['a null body', 'null', 'invalid_body'],
      ['a number body', '42', 'invalid_body'],
      ['invalid JSON', '{"name": "Rex",', 'invalid_json'],
      ['bytes that are no UTF-8', Buffer.from('{"name":"\xff\xfe","categoryId":1}', 'latin1'), 'invalid_json'],
      ['a byte order mark', '\uFEFF{"name":"Rex","categoryId":1}', 'invalid_json'],
      ['half a surrogate pair', '{"name":"Rex \\uD83D","categoryId":1}', 'invalid_json'],
      ['half a surrogate pair in a field it ignores', '{"name":"Rex","categoryId":1,"x":["\\uDC36"]}', 'invalid_json'],
      ['an empty body', '', 'invalid_body'],
      // Valid JSON (JSON.parse takes the depth in its stride), but no name: refused for what it is.
      ['deeply nested JSON', `{"name":${'['.repeat(30000)}${']'.repeat(30000)},"categoryId":1}`, 'invalid_name'],
    ])('refuses %s with 400 and stores nothing', async (_, payload, code) => {
      const response = await create(payload);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(errorBody(400, code));
      expect(await service.store.countPets()).toBe(0);
    });

    it('says what a name must be, its length included, when it is too long', async () => {
      const response = await create({ name: 'x'.repeat(201), categoryId: 1 });
      expect(response.body).toEqual({
        status: 400,
        code: 'invalid_name',
        message: 'The field "name" must be a string of at most 200 characters, with at least one visible character.',
      });
    });

    it.each([
      ['text/plain', '{"name":"Rex","categoryId":1}'],
      ['application/x-www-form-urlencoded', 'name=Rex&categoryId=1'],
      ['multipart/form-data; boundary=x', '--x--'],
    ])('refuses Content-Type %s with 400', async (contentType, payload) => {
      const response = await call(service.pets, {
        method: 'POST',
        url: '/v1/pets',
        headers: { ...auth, 'content-type': contentType },
        payload,
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(errorBody(400, 'unsupported_content_type'));
      expect(await service.store.countPets()).toBe(0);
    });

    it('refuses a body with no Content-Type with 400', async () => {
      const response = await call(service.pets, { method: 'POST', url: '/v1/pets', headers: auth, payload: 'x' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(errorBody(400, 'unsupported_content_type'));
    });

    it('refuses a missing body with 400', async () => {
      const response = await call(service.pets, { method: 'POST', url: '/v1/pets', headers: auth });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(errorBody(400, 'invalid_body'));
    });

    it('accepts application/json with a charset', async () => {
      const response = await call(service.pets, {
        method: 'POST',
        url: '/v1/pets',
        headers: { ...auth, 'content-type': 'application/json; charset=utf-8' },
        payload: '{"name":"Rex","categoryId":1}',
      });
      expect(response.status).toBe(201);
    });

    it('refuses a body over 64 KiB with 413', async () => {
      const response = await create({ name: 'x'.repeat(70 * 1024), categoryId: 1 });
      expect(response.status).toBe(413);
      expect(response.body).toEqual(errorBody(413, 'payload_too_large'));
      expect(await service.store.countPets()).toBe(0);
    });

    it('keeps names of 200 characters, emoji, right-to-left text and markup exactly', async () => {
      for (const name of ['x'.repeat(200), '🐶 Rex 🐾', 'سلام', '<script>alert(1)</script>']) {
        const response = await create({ name, categoryId: 1 });
        expect(response.body).toMatchObject({ name });
      }
      // A whole surrogate pair, written as escapes, is the character it stands for.
      const escaped = await create('{"name":"\\uD83D\\uDC36 Rex","categoryId":1}');
      expect(escaped.body).toMatchObject({ name: '🐶 Rex' });
    });
  });

  describe('GET /pets/{petId} (getPet, deprecated)', () => {
    const expectDeprecationHeaders = (headers: Record<string, unknown>) => {
      expect(headers['deprecation']).toMatch(/^@\d+$/);
      expect(headers['sunset']).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
    };

    it('answers 200 with the pet and the Deprecation and Sunset headers', async () => {
      const [pet] = await addPets(1);
      const response = await call(service.pets, { url: `/v1/pets/${pet!.id}`, headers: auth });
      expect(response).toMatchObject({ status: 200, body: pet });
      expectDeprecationHeaders(response.headers);
    });

    it.each([
      ['an unknown id', '999', 404, 'not_found'],
      ['the largest int64 id', '9223372036854775807', 404, 'not_found'],
      ['a word', 'abc', 400, 'invalid_pet_id'],
      ['a fraction', '1.5', 400, 'invalid_pet_id'],
      ['an id beyond int64', '9223372036854775808', 400, 'invalid_pet_id'],
      ['a malformed escape', '%E0%A4%A', 400, 'invalid_url'],
    ])('answers %s with the Error body', async (_, id, status, code) => {
      const response = await call(service.pets, { url: `/v1/pets/${id}`, headers: auth });
      expect(response.status).toBe(status);
      expect(response.body).toEqual(errorBody(status, code));
      if (code !== 'invalid_url') expectDeprecationHeaders(response.headers);
    });

    it('sends the deprecation headers on a 401 too', async () => {
      const response = await call(service.pets, { url: '/v1/pets/1' });
      expect(response.status).toBe(401);
      expectDeprecationHeaders(response.headers);
    });
  });

  describe('every other request', () => {
    it('answers an unexpected failure with a 500 Error body that gives nothing away', async () => {
      service.store.close();
      const response = await service.pets.inject({ url: '/v1/pets', headers: auth });
      expect(response.statusCode).toBe(500);
      expect(JSON.parse(response.body)).toEqual({
        status: 500,
        code: 'internal_error',
        message: 'Something went wrong on our side.',
      });
      expect(response.body).not.toMatch(/database|sqlite|at \//i);
      await Promise.all([service.pets.close(), service.messages.close()]);
      service = await createTestService(':memory:', { backend }); // afterEach closes this one
    });

    it('answers an unknown path with 404 and the Error body', async () => {
      const response = await call(service.pets, { url: '/v1/cats', headers: auth });
      expect(response).toMatchObject({ status: 404, body: errorBody(404, 'not_found') });
    });

    it.each([
      ['DELETE', '/v1/pets', 'GET, POST, HEAD'],
      ['PUT', '/v1/pets/1', 'GET, HEAD'],
      ['POST', '/v1/pets/1', 'GET, HEAD'],
    ] as const)('answers %s %s with 405 and Allow', async (method, url, allow) => {
      const response = await call(service.pets, { method, url, headers: auth });
      expect(response).toMatchObject({ status: 405, body: errorBody(405, 'method_not_allowed') });
      expect(response.headers.allow).toBe(allow);
    });
  });
});
