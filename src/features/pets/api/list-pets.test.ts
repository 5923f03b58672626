import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createPetstoreApi } from '../../../api/client.ts';
import { API, server } from '../../../test/msw-server.ts';
import { testEnvironment } from '../../../test/render.tsx';
import { readEveryPet } from './list-pets.ts';

it('reads every status’s first page once the whole list’s is cut short, a short one among them too', async () => {
  // A service with no next links: 100 pets in the whole list, 30 available, 100 pending, 100 sold.
  const counts = { all: 100, available: 30, pending: 100, sold: 100 };
  const firstIds = { all: 1, available: 1, pending: 101, sold: 201 };
  const asked: string[] = [];
  server.use(
    http.get(`${API}/pets`, ({ request }) => {
      const list = (new URL(request.url).searchParams.get('status') ?? 'all') as keyof typeof counts;
      asked.push(list);
      return HttpResponse.json(
        Array.from({ length: counts[list] }, (_, i) => ({ id: firstIds[list] + i, name: `Pet ${i}`, categoryId: 1 })),
      );
    }),
  );
  const api = createPetstoreApi(testEnvironment, { getApiKey: () => 'key', timeoutMs: 5000 });
  const ids = new Set<bigint>();
  for await (const page of readEveryPet(api, undefined, new AbortController().signal)) {
    for (const pet of page.pets) ids.add(pet.id);
  }
  expect(asked).toEqual(['all', 'available', 'pending', 'sold']);
  expect(ids.size).toBe(300);
});

describe('a service with no next links that lists fewer pets than asked', () => {
  const STATUSES = ['available', 'pending', 'sold'] as const;
  /** 45 pets, newest first, their statuses in turn; each list cut at `cut` pets, whatever the limit. */
  function serve(cut: number) {
    const store = Array.from({ length: 45 }, (_, i) => ({
      id: 45 - i,
      name: `Pet ${45 - i}`,
      categoryId: 1,
      status: STATUSES[i % 3],
    }));
    const asked: string[] = [];
    server.use(
      http.get(`${API}/pets`, ({ request }) => {
        const status = new URL(request.url).searchParams.get('status');
        asked.push(status ?? 'all');
        return HttpResponse.json(store.filter((pet) => !status || pet.status === status).slice(0, cut));
      }),
    );
    return asked;
  }

  async function readAll() {
    const api = createPetstoreApi(testEnvironment, { getApiKey: () => 'key', timeoutMs: 5000 });
    const ids = new Set<bigint>();
    let firstPagesOnly = false;
    for await (const page of readEveryPet(api, undefined, new AbortController().signal)) {
      for (const pet of page.pets) ids.add(pet.id);
      firstPagesOnly ||= page.firstPagesOnly;
    }
    return { ids, firstPagesOnly };
  }

  it('reaches further through each status, and says only first pages were read', async () => {
    const asked = serve(10);
    const { ids, firstPagesOnly } = await readAll();
    expect(asked).toEqual(['all', 'available', 'pending', 'sold']);
    // The whole list's 10, then each status's first 10: 30 of the 45.
    expect(ids.size).toBe(30);
    expect(firstPagesOnly).toBe(true);
  });

  it('takes a whole list that the statuses add nothing to as every pet', async () => {
    serve(100);
    const { ids, firstPagesOnly } = await readAll();
    expect(ids.size).toBe(45);
    expect(firstPagesOnly).toBe(false);
  });
});
