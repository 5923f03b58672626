import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPetstoreApi } from '../../../api/client.ts';
import { API, server } from '../../../test/msw-server.ts';
import { testEnvironment } from '../../../test/render.tsx';
import { getPet } from './get-pet.ts';

afterEach(() => vi.useRealTimers());

const api = () => createPetstoreApi(testEnvironment, { getApiKey: () => 'key', timeoutMs: 5000 });
const pet = (id: number) => ({ id, name: `Pet ${id}`, categoryId: 1, status: 'available' });

/**
 * A service whose getPet answers `getPetStatus`, listing pets 1 to 300, newest first, whatever the
 * status asked: its first page only, or, `paged`, every page through next links.
 */
function serve(getPetStatus: number, { paged = false, failing = '' } = {}) {
  const store = Array.from({ length: 300 }, (_, i) => pet(300 - i));
  server.use(
    http.get(`${API}/pets/:petId`, () =>
      HttpResponse.json({ code: 'gone', message: 'No.', status: getPetStatus }, { status: getPetStatus }),
    ),
    http.get(`${API}/pets`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      if (params.get('status') === failing) return HttpResponse.json({}, { status: 503 });
      const from = Number(params.get('cursor') ?? 0);
      const next = paged && from + 100 < store.length ? `<?limit=100&cursor=${from + 100}>; rel="next"` : undefined;
      return HttpResponse.json(store.slice(from, from + 100), { headers: next ? { Link: next } : undefined });
    }),
  );
}

describe('getPet, where the service no longer answers it', () => {
  it('answers without the lists that fail, where the rest tell: the whole list read, or a 404 before 2030', async () => {
    serve(410, { paged: true, failing: 'sold' });
    expect(await getPet(api(), 301n)).toBeNull();
    serve(404, { failing: 'sold' });
    expect(await getPet(api(), 150n)).toBeNull();
    // Where they cannot tell, the failure is said.
    serve(410, { failing: 'sold' });
    await expect(getPet(api(), 150n)).rejects.toMatchObject({ status: 503 });
  });

  it('finds a pet in the lists', async () => {
    serve(410);
    expect(await getPet(api(), 250n)).toMatchObject({ id: 250n, name: 'Pet 250' });
  });

  it('says no pet has the id once the lists were read to their end', async () => {
    serve(410, { paged: true });
    expect(await getPet(api(), 301n)).toBeNull();
  });

  it('says no pet is within reach, not that none exists, when the lists end on first pages', async () => {
    serve(410);
    // Pets 1 to 200 are past every first page.
    expect(await getPet(api(), 150n)).toEqual({ notReached: true });
  });

  it('takes a 404 for no such pet until the spec removes getPet, on 5 December 2030, and not after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    serve(404);
    vi.setSystemTime(new Date('2030-12-04T23:59:59Z'));
    expect(await getPet(api(), 150n)).toBeNull();
    expect(await getPet(api(), 250n)).toMatchObject({ id: 250n });
    vi.setSystemTime(new Date('2030-12-05T00:00:00Z'));
    expect(await getPet(api(), 150n)).toEqual({ notReached: true });
    // A pet within reach is found either way: a service may take getPet away early.
    expect(await getPet(api(), 250n)).toMatchObject({ id: 250n });
  });
});
