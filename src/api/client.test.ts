import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, server } from '../test/msw-server.ts';
import { ApiError } from './api-error.ts';
import { createApiClient, nextLink } from './client.ts';

const client = createApiClient({ getApiKey: () => 'secret-key', timeoutMs: 300 });
const read = (data: unknown) => data;

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
    const { data } = await client.request(`${API}/pets`, { read });
    expect(data).toEqual([{ id: 9223372036854775807n, name: 'Big', categoryId: 42 }]);
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
    await client.request(`${API}/pets`, { method: 'POST', body: { categoryId: 2n ** 63n - 1n }, read });
    expect(body).toBe('{"categoryId":9223372036854775807}');
  });

  it("keeps the service's code and message from an Error body, even an unknown code", async () => {
    server.use(
      http.get(`${API}/pets`, () =>
        HttpResponse.json({ code: 'llama_overflow', message: 'Too many llamas.', status: 409 }, { status: 409 }),
      ),
    );
    const error = await failure(client.request(`${API}/pets`, { read }));
    expect(error).toMatchObject({ kind: 'http', status: 409, code: 'llama_overflow', message: 'Too many llamas.' });
    expect(error.isTransient).toBe(false);
  });

  it('turns a 500 with an HTML body into a transient error with plain words', async () => {
    server.use(http.get(`${API}/pets`, () => HttpResponse.html('<h1>Internal Server Error</h1>', { status: 500 })));
    const error = await failure(client.request(`${API}/pets`, { read }));
    expect(error).toMatchObject({ kind: 'http', status: 500, code: 'http_500' });
    expect(error.message).toContain('HTTP 500');
    expect(error.isTransient).toBe(true);
  });

  it('turns malformed JSON and a body that breaks the contract into invalid-response', async () => {
    server.use(
      http.get(`${API}/pets`, () => new HttpResponse('[{"id":', { headers: { 'content-type': 'application/json' } })),
    );
    expect(await failure(client.request(`${API}/pets`, { read }))).toMatchObject({ kind: 'invalid-response' });
    server.use(http.get(`${API}/pets`, () => HttpResponse.json({ not: 'a list' })));
    const strict = (data: unknown) => {
      if (!Array.isArray(data)) throw new Error('not a list');
      return data;
    };
    expect(await failure(client.request(`${API}/pets`, { read: strict }))).toMatchObject({ kind: 'invalid-response' });
  });

  it('reports no answer as a network error and a slow one as a timeout', async () => {
    server.use(http.get(`${API}/pets`, () => HttpResponse.error()));
    expect(await failure(client.request(`${API}/pets`, { read }))).toMatchObject({ kind: 'network', status: 0 });
    server.use(
      http.get(`${API}/pets`, async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    const error = await failure(client.request(`${API}/pets`, { read }));
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
    const request = client.request(`${API}/pets`, { read, signal: controller.signal });
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
    await client.request(`${API}/pets/1`, { read });
    await client.request(`${API}/pets/2`, { read });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain('GET /v1/pets/{id} is deprecated');
  });
});

describe('nextLink', () => {
  const base = 'http://api.test/v1/pets?limit=20';
  const link = (value: string) => new Headers({ Link: value });

  it.each([
    ['<?limit=20&cursor=abc>; rel="next"', 'http://api.test/v1/pets?limit=20&cursor=abc'],
    ['<http://api.test/v1/pets?cursor=abc>; rel=next', 'http://api.test/v1/pets?cursor=abc'],
    ['<?cursor=p>; rel="prev", <?cursor=n>; rel="next"', 'http://api.test/v1/pets?cursor=n'],
    ['<?cursor=n>; rel="last next"', 'http://api.test/v1/pets?cursor=n'],
    ['<?cursor=p>; rel="prev"', undefined],
    ['<https://elsewhere.example/steal>; rel="next"', undefined],
    ['garbage', undefined],
  ])('reads %s', (value, expected) => {
    expect(nextLink(link(value), base)).toBe(expected);
  });

  it('is undefined without a Link header', () => {
    expect(nextLink(new Headers(), base)).toBeUndefined();
  });
});
