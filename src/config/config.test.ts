import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../test/msw-server.ts';
import e2eConfig from '../../e2e/fixtures/config.json?raw';
import e2eSpecConfig from '../../e2e/fixtures/config.spec.json?raw';
import shippedConfig from '../../public/config.json?raw';
import { ConfigError, loadConfig } from './config.ts';

const url = new URL('http://app.test/admin/config.json');
const serve = (response: () => Response) => server.use(http.get(url.toString(), response));
const env = { name: 'Production', apiBaseUrl: 'https://api.example/v1', messagesBaseUrl: 'https://messages.example' };

describe('loadConfig', () => {
  it('reads the environments: the spec alone, unless extensions and limits are declared', async () => {
    serve(() => HttpResponse.json({ environments: [env] }));
    expect(await loadConfig(url)).toEqual({
      environments: [{ ...env, extensions: [], limits: {}, categories: [] }],
      requestTimeoutMs: 20_000,
    });
    const declared = {
      ...env,
      extensions: ['idempotency-key'],
      limits: { petNameMaxLength: 200, requestBodyMaxBytes: 65536 },
    };
    serve(() => HttpResponse.json({ environments: [declared], requestTimeoutMs: 5000 }));
    expect(await loadConfig(url)).toEqual({ environments: [{ ...declared, categories: [] }], requestTimeoutMs: 5000 });
  });

  it('reads the names of categories, their int64 ids exact whether numbers or strings of digits', async () => {
    const categories =
      '[{ "id": 1, "name": " Dogs " }, { "id": "2", "name": "Cats" }, { "id": 9223372036854775807, "name": "Rare" }, { "id": "-9007199254740993", "name": "Old" }]';
    serve(
      () => new HttpResponse(`{ "environments": [${JSON.stringify(env).slice(0, -1)}, "categories": ${categories}}] }`),
    );
    const [environment] = (await loadConfig(url)).environments;
    expect(environment?.categories).toEqual([
      { id: 1n, name: 'Dogs' },
      { id: 2n, name: 'Cats' },
      { id: 9223372036854775807n, name: 'Rare' },
      { id: -9007199254740993n, name: 'Old' },
    ]);
  });

  it.each([
    ['public/config.json', shippedConfig],
    ['e2e/fixtures/config.json', e2eConfig],
    ['e2e/fixtures/config.spec.json', e2eSpecConfig],
  ])('accepts %s', async (_, text) => {
    serve(() => new HttpResponse(text));
    await expect(loadConfig(url)).resolves.toBeDefined();
  });

  it.each<[string, () => Response, string]>([
    ['missing', () => new HttpResponse('Not found', { status: 404 }), 'HTTP 404'],
    ['unreachable', () => HttpResponse.error(), 'network request failed'],
    ['not JSON', () => new HttpResponse('<!doctype html>'), 'not valid JSON'],
    ['without environments', () => HttpResponse.json({ environments: [] }), 'at least one environment'],
    [
      'with environments misspelt',
      () => HttpResponse.json({ environment: [env] }),
      'environments must be a list of environments',
    ],
    [
      'with a bad address',
      () => HttpResponse.json({ environments: [{ ...env, apiBaseUrl: 'javascript:alert(1)' }] }),
      'apiBaseUrl',
    ],
    ['with twice the same name', () => HttpResponse.json({ environments: [env, env] }), 'unique names'],
    ['not an object', () => HttpResponse.json([env]), 'not valid'],
    [
      'with an extension this app does not know',
      () => HttpResponse.json({ environments: [{ ...env, extensions: ['idempotency-keys'] }] }),
      'environments.0.extensions.0 must be one of idempotency-key',
    ],
    [
      'with an extension twice',
      () => HttpResponse.json({ environments: [{ ...env, extensions: ['idempotency-key', 'idempotency-key'] }] }),
      'must not repeat an extension',
    ],
    [
      'with a limit that is no positive whole number',
      () => HttpResponse.json({ environments: [{ ...env, limits: { petNameMaxLength: '200' } }] }),
      'environments.0.limits.petNameMaxLength',
    ],
    ...(
      [
        [
          'with a category id beyond int64',
          '[{ "id": 9223372036854775808, "name": "Dogs" }]',
          'categories.0.id must be an int64',
        ],
        [
          'with a category id as text beyond int64',
          '[{ "id": "9223372036854775808", "name": "Dogs" }]',
          'categories.0.id must be an int64',
        ],
        [
          'with a category id that is no whole number',
          '[{ "id": 1.5, "name": "Dogs" }]',
          'categories.0.id must be an int64',
        ],
        ['with a category id of letters', '[{ "id": "one", "name": "Dogs" }]', 'categories.0.id must be an int64'],
        [
          'with a category id of no type it knows',
          '[{ "id": true, "name": "Dogs" }]',
          'categories.0.id must be an int64',
        ],
        ['with a category without a name', '[{ "id": 1, "name": " " }]', 'categories.0.name needs a name'],
        [
          'with a category named twice',
          '[{ "id": 1, "name": "Dogs" }, { "id": 2, "name": "Dogs" }]',
          'categories must not repeat a name',
        ],
        [
          'with a category id twice',
          '[{ "id": 1, "name": "Dogs" }, { "id": "1", "name": "Cats" }]',
          'categories must not repeat an id',
        ],
        ['with categories that are no list', '{ "1": "Dogs" }', 'environments.0.categories'],
      ] as const
    ).map(([what, categories, message]): [string, () => Response, string] => [
      what,
      () => new HttpResponse(`{ "environments": [${JSON.stringify(env).slice(0, -1)}, "categories": ${categories}}] }`),
      message,
    ]),
  ])('explains a config.json %s', async (_, response, message) => {
    serve(response);
    const error = await loadConfig(url).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(message);
  });
});
