import { http, HttpResponse } from 'msw';
import { expect, it } from 'vitest';
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
