import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { expect, it, vi } from 'vitest';
import { createPetstoreApi } from '../../../api/client.ts';
import { API, server } from '../../../test/msw-server.ts';
import { testEnvironment } from '../../../test/render.tsx';
import { parseListSearch } from '../list-search.ts';
import { petAdded, petQueries } from './pet-queries.ts';

it('reads a list anew when a pet is added while its first read is under way: the pet is in it', async () => {
  const store = [{ id: 1, name: 'Rex', categoryId: 1 }];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let reads = 0;
  server.use(
    http.get(`${API}/pets`, async () => {
      // The list as it is when the read arrives; the first answer is held back.
      const answer = HttpResponse.json([...store]);
      if (++reads === 1) await held;
      return answer;
    }),
  );
  const api = createPetstoreApi(testEnvironment, { getApiKey: () => 'key', timeoutMs: 5000 });
  const queryClient = new QueryClient();
  const observer = new QueryObserver(queryClient, petQueries.list(api, parseListSearch(new URLSearchParams())));
  const shown: string[][] = [];
  const stop = observer.subscribe(({ data }) => {
    if (data) shown.push(data.pets.map((pet) => pet.name));
  });
  await vi.waitFor(() => expect(reads).toBe(1));

  store.unshift({ id: 2, name: 'Max', categoryId: 1 });
  petAdded(queryClient, api, { id: 2n, name: 'Max', categoryId: 1n });
  release();
  await vi.waitFor(() => expect(shown.at(-1)).toEqual(['Max', 'Rex']));
  // The answer read before the pet was added is never shown.
  expect(shown).toEqual([['Max', 'Rex']]);
  stop();
});
