import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../test/msw-server.ts';
import { ConfigError, loadConfig } from './config.ts';

const url = new URL('http://app.test/admin/config.json');
const serve = (response: () => Response) => server.use(http.get(url.toString(), response));
const env = { name: 'Production', apiBaseUrl: 'https://api.example/v1', messagesBaseUrl: 'https://messages.example' };

describe('loadConfig', () => {
  it('reads the environments: the spec alone, unless extensions and limits are declared', async () => {
    serve(() => HttpResponse.json({ environments: [env] }));
    expect(await loadConfig(url)).toEqual({
      environments: [{ ...env, extensions: [], limits: {} }],
      requestTimeoutMs: 20_000,
    });
    const declared = {
      ...env,
      extensions: ['idempotency-key'],
      limits: { petNameMaxLength: 200, requestBodyMaxBytes: 65536 },
    };
    serve(() => HttpResponse.json({ environments: [declared], requestTimeoutMs: 5000 }));
    expect(await loadConfig(url)).toEqual({ environments: [declared], requestTimeoutMs: 5000 });
  });

  it.each<[string, () => Response, string]>([
    ['missing', () => new HttpResponse('Not found', { status: 404 }), 'HTTP 404'],
    ['unreachable', () => HttpResponse.error(), 'network request failed'],
    ['not JSON', () => new HttpResponse('<!doctype html>'), 'not valid JSON'],
    ['without environments', () => HttpResponse.json({ environments: [] }), 'at least one environment'],
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
  ])('explains a config.json %s', async (_, response, message) => {
    serve(response);
    const error = await loadConfig(url).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(message);
  });
});
