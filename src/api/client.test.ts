import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Environment } from '../config/config.ts';
import { API, MESSAGES, refuseByPagePolicy, server } from '../test/msw-server.ts';
import { testEnvironment } from '../test/render.tsx';
import { ApiError } from './api-error.ts';
import { createPetstoreApi, readBody, type ClientOptions } from './client.ts';

/** The component tests' environment: the spec alone, nothing declared. */
const SPEC_ONLY = testEnvironment;
const TIMEOUT_MS = 20_000;

function apiFor(environment = SPEC_ONLY, options: Partial<ClientOptions> = {}) {
  return createPetstoreApi(environment, { getApiKey: () => 'secret-key', timeoutMs: TIMEOUT_MS, ...options });
}
const api = apiFor();
const read = (data: unknown) => data;
const listPets = async (signal?: AbortSignal) =>
  readBody(await api.pets.GET('/pets', { params: { query: { limit: 20 } }, signal, parseAs: 'text' }), read);

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const hang = async () => {
  await delay('infinite');
  return HttpResponse.json([]);
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the API client', () => {
  it('sends the key only as a bearer header, asks for JSON, and reads int64 beyond 2^53 exactly', async () => {
    server.use(
      http.get(`${API}/pets`, ({ request }) => {
        expect(request.headers.get('authorization')).toBe('Bearer secret-key');
        expect(request.headers.get('accept')).toBe('application/json');
        expect(request.url).toBe(`${API}/pets?limit=20`);
        return new HttpResponse('[{"id":9223372036854775807,"name":"Big","categoryId":42}]', {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    expect(await listPets()).toEqual([{ id: 9223372036854775807n, name: 'Big', categoryId: 42 }]);
  });

  it('writes bigint values as exact JSON numbers, with no header the spec does not define', async () => {
    let body = '';
    let headers = new Headers();
    server.use(
      http.post(`${API}/pets`, async ({ request }) => {
        body = await request.text();
        headers = request.headers;
        return HttpResponse.json({ ok: true }, { status: 201 });
      }),
    );
    await api.pets.POST('/pets', { body: { name: 'Big', categoryId: 2n ** 63n - 1n }, parseAs: 'text' });
    expect(body).toBe('{"name":"Big","categoryId":9223372036854775807}');
    expect([...headers.keys()].sort()).toEqual(['accept', 'authorization', 'content-type']);
    expect(headers.get('content-type')).toBe('application/json');
  });

  it('sends messages to the messages service, on its own address', async () => {
    server.use(
      http.post(`${MESSAGES}/messages`, () =>
        HttpResponse.json({ id: 'msg_1', message: 'Hi', status: 'queued', createdAt: '2026-11-22T10:00:00Z' }),
      ),
    );
    const answer = await api.messages.POST('/messages', { body: { message: 'Hi' }, parseAs: 'text' });
    expect(readBody(answer, read)).toMatchObject({ id: 'msg_1', status: 'queued' });
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
    const answer = await api.pets.GET('/pets', { parseAs: 'text' });
    expect(await failure(Promise.resolve().then(() => readBody(answer, strict)))).toMatchObject({
      kind: 'invalid-response',
    });
  });

  it('reports no answer as a network error', async () => {
    server.use(http.get(`${API}/pets`, () => HttpResponse.error()));
    expect(await failure(listPets())).toMatchObject({ kind: 'network', status: 0 });
  });

  it("tells a request the page's own CSP refused from no answer", async () => {
    // An origin of its own: the page keeps the origins its policy refused for as long as it lives.
    const refusedApi = 'http://refused.test/v1';
    server.use(
      http.get(`${refusedApi}/pets`, ({ request }) => refuseByPagePolicy(request)),
      http.post(`${MESSAGES}/messages`, () => HttpResponse.error()),
    );
    const moved = apiFor({ ...SPEC_ONLY, apiBaseUrl: refusedApi });
    const refused = await failure(moved.pets.GET('/pets', { params: { query: { limit: 20 } }, parseAs: 'text' }));
    expect(refused).toMatchObject({ kind: 'blocked', isTransient: false, outcomeUnknown: false });
    // The messages service, on an origin the policy did not refuse: no answer, as before.
    const lost = await failure(moved.messages.POST('/messages', { body: { message: 'x' }, parseAs: 'text' }));
    expect(lost).toMatchObject({ kind: 'network', isTransient: true });
  });

  it('takes no report of a report-only policy, which refuses nothing, for a refusal', async () => {
    const reportedApi = 'http://reported.test/v1';
    server.use(http.get(`${reportedApi}/pets`, ({ request }) => refuseByPagePolicy(request, 'report')));
    const reported = apiFor({ ...SPEC_ONLY, apiBaseUrl: reportedApi });
    const lost = await failure(reported.pets.GET('/pets', { params: { query: { limit: 20 } }, parseAs: 'text' }));
    expect(lost).toMatchObject({ kind: 'network', isTransient: true });
  });

  it('reports a slow answer as a timeout once the time limit has passed, not before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(http.get(`${API}/pets`, hang));
    const request = failure(listPets());
    let settled = false;
    void request.finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await request;
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(error.isTransient).toBe(true);
  });

  it("passes the caller's cancellation through untouched", async () => {
    server.use(http.get(`${API}/pets`, hang));
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
    await api.pets.GET('/pets/{petId}', { params: { path: { petId: 1n } }, parseAs: 'text' });
    await api.pets.GET('/pets/{petId}', { params: { path: { petId: 2n } }, parseAs: 'text' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain('GET /pets/{petId} is deprecated');
  });
});

describe('a 401', () => {
  it('waits for a new key, then sends the same request again with it, body and all', async () => {
    let key = 'old-key';
    const seen: { authorization: string | null; body: string }[] = [];
    server.use(
      http.post(`${API}/pets`, async ({ request }) => {
        seen.push({ authorization: request.headers.get('authorization'), body: await request.text() });
        return request.headers.get('authorization') === 'Bearer new-key'
          ? HttpResponse.json({ id: 1, name: 'Rex', categoryId: 3 }, { status: 201 })
          : HttpResponse.json({ code: 'unauthorized', message: 'No.', status: 401 }, { status: 401 });
      }),
    );
    const renewing = apiFor(SPEC_ONLY, {
      getApiKey: () => key,
      onUnauthorized: async () => {
        key = 'new-key';
      },
    });
    const answer = await renewing.pets.POST('/pets', { body: { name: 'Rex', categoryId: 3n }, parseAs: 'text' });
    expect(readBody(answer, read)).toEqual({ id: 1, name: 'Rex', categoryId: 3 });
    expect(seen).toEqual([
      { authorization: 'Bearer old-key', body: '{"name":"Rex","categoryId":3}' },
      { authorization: 'Bearer new-key', body: '{"name":"Rex","categoryId":3}' },
    ]);
  });

  it('goes to the caller when no new key is given', async () => {
    server.use(
      http.get(`${API}/pets`, () =>
        HttpResponse.json({ code: 'unauthorized', message: 'No.', status: 401 }, { status: 401 }),
      ),
    );
    const givingUp = apiFor(SPEC_ONLY, { onUnauthorized: () => Promise.reject(new Error('cancelled')) });
    const error = await failure(givingUp.pets.GET('/pets', { parseAs: 'text' }));
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('gives the request sent again a time limit of its own, however long the new key took', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let answered = 0;
    server.use(
      http.get(`${API}/pets`, () =>
        answered++ === 0
          ? HttpResponse.json({ code: 'unauthorized', message: 'No.', status: 401 }, { status: 401 })
          : HttpResponse.json([]),
      ),
    );
    let giveKey!: () => void;
    const slowPerson = apiFor(SPEC_ONLY, {
      onUnauthorized: () => new Promise<void>((resolve) => (giveKey = resolve)),
    });
    const request = slowPerson.pets.GET('/pets', { parseAs: 'text' });
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS * 3);
    giveKey();
    expect(readBody(await request, read)).toEqual([]);
  });
});

describe('extensions', () => {
  const REFERENCE: Environment = { ...SPEC_ONLY, extensions: ['idempotency-key'] };

  it("sends a create's Idempotency-Key only where the environment declares it", async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post(`${API}/pets`, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return HttpResponse.json({ id: 1, name: 'Rex', categoryId: 3 }, { status: 201 });
      }),
    );
    const create = (environment: Environment) =>
      apiFor(environment).pets.POST('/pets', {
        body: { name: 'Rex', categoryId: 3n },
        headers: { 'Idempotency-Key': 'k1' },
        parseAs: 'text',
      });
    await create(SPEC_ONLY);
    await create(REFERENCE);
    expect(keys).toEqual([null, 'k1']);
  });
});

describe('following a next link', () => {
  it('sends listPets where the link leads, as written, with the key', async () => {
    let seen: URL | undefined;
    server.use(
      http.get(`${API}/pets/page/:number`, ({ request }) => {
        seen = new URL(request.url);
        expect(request.headers.get('authorization')).toBe('Bearer secret-key');
        return HttpResponse.json([{ id: 1, name: 'Rex', categoryId: 3 }]);
      }),
    );
    const answer = await api.follow('pets/page/2?b=2&a=%2F');
    expect(seen?.href).toBe(`${API}/pets/page/2?b=2&a=%2F`);
    expect(answer.response.url).toBe(`${API}/pets/page/2?b=2&a=%2F`);
    expect(readBody(answer, read)).toEqual([{ id: 1, name: 'Rex', categoryId: 3 }]);
  });

  it('refuses a link that would leave the base, sending nothing', async () => {
    expect(await failure(api.follow('../v2/pets'))).toMatchObject({ code: 'invalid_link' });
  });
});

describe('the contract types every call', () => {
  it('refuses a path the service does not have, a parameter or a body the contract does not, at compile time', () => {
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
      // @ts-expect-error the pets API's path, not the messages service's
      void api.messages.GET('/pets', {});
    };
    expect(unsent).toBeTypeOf('function');
  });
});
