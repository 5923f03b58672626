import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { isApiError } from '../../api/api-error.ts';
import { API, server } from '../../test/msw-server.ts';
import { testEnvironment } from '../../test/render.tsx';
import { describeSignInFailure } from '../../ui/error-messages.ts';
import { checkApiKey } from './check-api-key.ts';

const check = () => checkApiKey(testEnvironment, 'secret-key', 20_000);

afterEach(() => {
  window.dispatchEvent(new Event('online'));
});

describe('checking a key', () => {
  it('while the browser says it is offline, sends nothing and says the device is offline', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${API}/pets`, ({ request }) => {
        asked.push(request.url);
        return HttpResponse.json([]);
      }),
    );
    window.dispatchEvent(new Event('offline'));
    const error = await check().catch((caught: unknown) => caught);
    expect(isApiError(error) && error.kind).toBe('offline');
    expect(asked).toEqual([]);
    expect(describeSignInFailure(error, 'Store')).toBe(
      'This device is offline, so Store could not check the key. Try again once it is back online.',
    );

    // Back online, the same key is checked.
    window.dispatchEvent(new Event('online'));
    await check();
    expect(asked).toEqual([`${API}/pets?limit=1`]);
  });

  it('with no answer while online, says the service cannot be reached, and what setup may cause it', async () => {
    server.use(http.get(`${API}/pets`, () => HttpResponse.error()));
    const error = await check().catch((caught: unknown) => caught);
    expect(isApiError(error) && error.kind).toBe('network');
    expect(describeSignInFailure(error, 'Store')).toMatch(/^Store can't be reached right now.* CORS setup/);
  });
});
