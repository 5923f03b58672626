import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, MESSAGES, server } from '../test/msw-server.ts';
import { ApiError } from './api-error.ts';
import { createPetstoreApi, type PetstoreApi } from './client.ts';

const environment = { name: 'Test', apiBaseUrl: API, messagesBaseUrl: MESSAGES, extensions: [], limits: {} };
const api: PetstoreApi = createPetstoreApi(environment, {
  getApiKey: () => 'secret-key',
  timeoutMs: 300,
});
const read = (data: unknown) => data;
const listPets = async (signal?: AbortSignal) =>
  api.read(await api.pets.GET('/pets', { params: { query: { limit: 20 } }, signal }), read);

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => vi.restoreAllMocks());

describe('the API client', () => {
  it('sends the key only as a bearer header and reads int64 beyond 2^53 exactly', async () => {
    server.use(
      http.get(`${API}/pets`, ({ request }) => {
        expect(request.headers.get('authorization')).toBe('Bearer secret-key');
        expect(request.url).not.toContain('secret-key');
        return new HttpResponse('[{"id":9223372036854775807,"name":"Big","categoryId":42}]', {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    expect(await listPets()).toEqual([{ id: 9223372036854775807n, name: 'Big', categoryId: 42 }]);
  });

  it('writes bigint values as exact JSON numbers', async () => {
    let body = '';
    server.use(
      http.post(`${API}/pets`, async ({ request }) => {
        body = await request.text();
        expect(request.headers.get('content-type')).toBe('application/json');
        return HttpResponse.json({ ok: true }, { status: 201 });
      }),
    );
    await api.pets.POST('/pets', { body: { name: 'Big', categoryId: 2n ** 63n - 1n } });
    expect(body).toBe('{"name":"Big","categoryId":9223372036854775807}');
  });

  it('sends messages to the messages service, on its own address', async () => {
    server.use(
      http.post(`${MESSAGES}/messages`, () =>
        HttpResponse.json({ id: 'msg_1', message: 'Hi', status: 'queued', createdAt: '2026-11-22T10:00:00Z' }),
      ),
    );
    const answer = await api.messages.POST('/messages', { body: { message: 'Hi' } });
    expect(api.read(answer, read)).toMatchObject({ id: 'msg_1', status: 'queued' });
  });

  it("keeps the service's code and message from an Error body, even an unknown code", async () => {
    server.use(
      http.get(`${API}/pets`, () =>
        HttpResponse.json({ code: 'llama_overflow', message: 'Too many llamas.', status: 409 }, { status: 409 }),
      ),
    );
    const error = await failure(listPets());
    expect(error).toMatchObject({ kind: 'http', status: 409, code: 'llama_overflow', message: 'Too many llamas.' });
    expect(error.isTransient).toBe(false);
  });

  it('turns a 500 with an HTML body into a transient error', async () => {
    server.use(http.get(`${API}/pets`, () => HttpResponse.html('<h1>Internal Server Error</h1>', { status: 500 })));
    const error = await failure(listPets());
    expect(error).toMatchObject({ kind: 'http', status: 500, code: 'http_500' });
    expect(error.message).toContain('HTTP 500');
    expect(error.isTransient).toBe(true);
  });

  it('turns malformed JSON and a body that breaks the contract into invalid-response', async () => {
    server.use(
      http.get(`${API}/pets`, () => new HttpResponse('[{"id":', { headers: { 'content-type': 'application/json' } })),
    );
    expect(await failure(listPets())).toMatchObject({ kind: 'invalid-response' });
    server.use(http.get(`${API}/pets`, () => HttpResponse.json({ not: 'a list' })));
    const strict = (data: unknown) => {
      if (!Array.isArray(data)) throw new Error('not a list');
      return data;
    };
    const answer = await api.pets.GET('/pets', {});
    expect(await failure(Promise.resolve().then(() => api.read(answer, strict)))).toMatchObject({
      kind: 'invalid-response',
    });
  });

  it('reports no answer as a network error and a slow one as a timeout', async () => {
    server.use(http.get(`${API}/pets`, () => HttpResponse.error()));
    expect(await failure(listPets())).toMatchObject({ kind: 'network', status: 0 });
    server.use(
      http.get(`${API}/pets`, async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    const error = await failure(listPets());
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(error.isTransient).toBe(true);
  });

  it("passes the caller's cancellation through untouched", async () => {
    server.use(
      http.get(`${API}/pets`, async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    const controller = new AbortController();
    const request = listPets(controller.signal);
    controller.abort(new Error('navigated away'));
    await expect(request).rejects.toThrow('navigated away');
  });

  it('warns once per deprecated operation', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(
      http.get(`${API}/pets/:id`, ({ params }) =>
        HttpResponse.json(
          { id: Number(params['id']), name: 'x', categoryId: 1 },
          { headers: { Deprecation: '@1795305600', Sunset: 'Thu, 05 Dec 2030 00:00:00 GMT' } },
        ),
      ),
    );
    await api.pets.GET('/pets/{petId}', { params: { path: { petId: 1n } } });
    await api.pets.GET('/pets/{petId}', { params: { path: { petId: 2n } } });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain('GET /pets/{petId} is deprecated');
  });
});

describe('the contract types every call', () => {
  it('refuses a path, a parameter or a body the contract does not have, at compile time', () => {
    // Never sent: the point is that each of these lines fails to type-check.
    const unsent = () => {
      // @ts-expect-error no such path
      void api.pets.GET('/pet', {});
      // @ts-expect-error limit is an integer
      void api.pets.GET('/pets', { params: { query: { limit: '20' } } });
      // @ts-expect-error a new pet needs a categoryId
      void api.pets.POST('/pets', { body: { name: 'Rex' } });
      // @ts-expect-error the path parameter is petId
      void api.pets.GET('/pets/{petId}', { params: { path: { id: 1n } } });
    };
    expect(unsent).toBeTypeOf('function');
  });
});
