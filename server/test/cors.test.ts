import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_ORIGIN, auth, BACKENDS, createTestService, type TestService } from './helpers.ts';

describe.each(BACKENDS)('on %s', (backend) => {
  let service: TestService;
  beforeEach(async () => {
    service = await createTestService(':memory:', { backend });
  });
  afterEach(() => service.close());

  const preflight = (origin: string, method = 'POST') => ({
    method: 'OPTIONS' as const,
    url: '/v1/pets',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type,idempotency-key',
    },
  });

  describe('CORS', () => {
    it('allows a preflight with Authorization, Content-Type and Idempotency-Key from a configured origin', async () => {
      const response = await service.pets.inject(preflight(APP_ORIGIN));
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
      expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toBe(
        'authorization, content-type, idempotency-key',
      );
      expect(response.headers['access-control-allow-methods']).toContain('POST');
    });

    it('does not allow another origin', async () => {
      const response = await service.pets.inject(preflight('https://evil.example'));
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      const get = await service.pets.inject({ url: '/v1/pets', headers: { ...auth, origin: 'https://evil.example' } });
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('exposes Link, Deprecation and Sunset to the browser, on errors too', async () => {
      for (const headers of [{ ...auth, origin: APP_ORIGIN }, { origin: APP_ORIGIN }]) {
        const response = await service.pets.inject({ url: '/v1/pets/1', headers });
        expect(response.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
        const exposed = String(response.headers['access-control-expose-headers']);
        for (const header of ['Link', 'Deprecation', 'Sunset']) expect(exposed).toContain(header);
      }
    });

    it('answers preflights on the messages service too', async () => {
      const response = await service.messages.inject({ ...preflight(APP_ORIGIN), url: '/messages' });
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    });
  });
});
