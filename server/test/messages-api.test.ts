import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auth, BACKENDS, call, createTestService, errorBody, postJson, type TestService } from './helpers.ts';

describe.each(BACKENDS)('on %s', (backend) => {
  let service: TestService;
  beforeEach(async () => {
    service = await createTestService(':memory:', { backend });
  });
  afterEach(() => service.close());

  describe('POST /messages', () => {
    it('queues the message and answers its id, status and time', async () => {
      const before = Date.now();
      const response = await call(service.messages, postJson('/messages', { message: 'Hello' }));
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: expect.stringMatching(/^msg_/),
        message: 'Hello',
        status: 'queued',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      const createdAt = Date.parse((response.body as { createdAt: string }).createdAt);
      expect(createdAt).toBeGreaterThanOrEqual(before - 1000);
    });

    it('gives every message its own id', async () => {
      const ids = new Set<unknown>();
      for (let i = 0; i < 5; i++) {
        ids.add(
          ((await call(service.messages, postJson('/messages', { message: `m${i}` }))).body as { id: string }).id,
        );
      }
      expect(ids.size).toBe(5);
    });

    it.each([
      ['no key', {}],
      ['a wrong key', { authorization: 'Bearer wrong' }],
      ['a bare key', { authorization: 'test-key-1' }],
    ])('answers 401 for %s', async (_, headers) => {
      const response = await call(service.messages, postJson('/messages', { message: 'Hello' }, headers));
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.body).toEqual(errorBody(401, 'unauthorized'));
    });

    it.each<[string, unknown, string]>([
      ['a missing message', {}, 'invalid_message'],
      ['an empty message', { message: '' }, 'invalid_message'],
      ['a message of invisible characters alone', { message: ' \u200B\uFEFF ' }, 'invalid_message'],
      ['a numeric message', { message: 5 }, 'invalid_message'],
      ['an array body', '[]', 'invalid_body'],
      ['invalid JSON', '{', 'invalid_json'],
      ['bytes that are no UTF-8', Buffer.from('{"message":"\xff"}', 'latin1'), 'invalid_json'],
      ['an empty body', '', 'invalid_body'],
    ])('refuses %s with 400', async (_, payload, code) => {
      const response = await call(service.messages, postJson('/messages', payload));
      expect(response).toMatchObject({ status: 400, body: errorBody(400, code) });
    });

    it('refuses a body that is not application/json', async () => {
      const response = await call(service.messages, {
        method: 'POST',
        url: '/messages',
        headers: { ...auth, 'content-type': 'text/plain' },
        payload: '{"message":"Hello"}',
      });
      expect(response).toMatchObject({ status: 400, body: errorBody(400, 'unsupported_content_type') });
    });

    it('is not served on the pets address, nor pets on the messages address', async () => {
      expect((await call(service.pets, postJson('/messages', { message: 'x' }))).status).toBe(404);
      expect((await call(service.messages, { url: '/v1/pets', headers: auth })).status).toBe(404);
    });
  });
});
