import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, server } from '../../../test/msw-server.ts';
import { renderSignedIn } from '../../../test/render.tsx';
import { PetDetailPage } from './pet-detail-page.tsx';
import { PetsPage } from './pets-page.tsx';

afterEach(() => vi.useRealTimers());

it('keeps showing a pet opened from the list while the service stays out of reach', async () => {
  vi.useFakeTimers();
  server.use(
    http.get(`${API}/pets`, () => HttpResponse.json([{ id: 2, name: 'Luna', categoryId: 1, status: 'available' }])),
    http.get(`${API}/pets/2`, () =>
      HttpResponse.json({ code: 'unavailable', message: 'Down for maintenance.', status: 503 }, { status: 503 }),
    ),
  );
  renderSignedIn(
    <Routes>
      <Route path="/pets" element={<PetsPage />} />
      <Route path="/pets/:petId" element={<PetDetailPage />} />
    </Routes>,
    { path: '/pets', backoff: 'production' },
  );
  await act(() => vi.advanceTimersByTimeAsync(100));
  fireEvent.click(within(screen.getByRole('table')).getByRole('link', { name: 'Luna' }));
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Luna');

  // Long past the 5 minutes React Query keeps the list once no page shows it.
  await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
  expect(screen.getByRole('alert')).toHaveTextContent('failed (HTTP 503)');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Luna');
  expect(screen.getByRole('button', { name: 'Copy ID' })).toBeVisible();
});

it('says what a pet page quickly tries again for, then shows the pet without a click', async () => {
  vi.useFakeTimers();
  let tries = 0;
  server.use(
    http.get(`${API}/pets/2`, () =>
      ++tries <= 3
        ? HttpResponse.json({ code: 'unavailable', message: 'Down for maintenance.', status: 503 }, { status: 503 })
        : HttpResponse.json({ id: 2, name: 'Luna', categoryId: 1, status: 'available' }),
    ),
  );
  renderSignedIn(
    <Routes>
      <Route path="/pets/:petId" element={<PetDetailPage />} />
    </Routes>,
    { path: '/pets/2', backoff: 'production' },
  );
  await act(() => vi.advanceTimersByTimeAsync(2900));
  expect(screen.getByRole('status')).toHaveTextContent(/^Loading the pet…$/);
  await act(() => vi.advanceTimersByTimeAsync(500));
  expect(screen.getByRole('status')).toHaveTextContent(
    'Loading the pet… The pet store service failed (HTTP 503). Trying again…',
  );
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  // The last quick try, 4 s after the one before, finds the service back.
  await act(() => vi.advanceTimersByTimeAsync(4000));
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Luna');
  expect(screen.queryByText(/Trying again/)).not.toBeInTheDocument();
});

it('says a pet may be further on, not that none exists, where the lists it can read end on first pages', async () => {
  server.use(
    http.get(`${API}/pets/7`, () =>
      HttpResponse.json({ code: 'gone', message: 'Gone.', status: 410 }, { status: 410 }),
    ),
    http.get(`${API}/pets`, () => HttpResponse.json([{ id: 2, name: 'Luna', categoryId: 1, status: 'available' }])),
  );
  renderSignedIn(
    <Routes>
      <Route path="/pets/:petId" element={<PetDetailPage />} />
    </Routes>,
    { path: '/pets/7' },
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'Pet not found' })).toBeVisible();
  expect(screen.getByText(/no pet with this ID is among the pets its lists show/)).toHaveTextContent(
    'It may be further on, where this app cannot look, or the ID may have been mistyped.',
  );
});

describe('the way back to the list', () => {
  const luna = { id: 2, name: 'Luna', categoryId: 1, status: 'available' };
  beforeEach(() =>
    server.use(
      http.get(`${API}/pets`, () => HttpResponse.json([{ ...luna, id: 1, name: 'Milo' }, luna])),
      http.get(`${API}/pets/2`, () => HttpResponse.json(luna)),
    ),
  );
  const renderListAndPet = (path = '/pets') =>
    renderSignedIn(
      <Routes>
        <Route path="/pets" element={<PetsPage />} />
        <Route path="/pets/:petId" element={<PetDetailPage />} />
      </Routes>,
      { path },
    );

  it('puts the focus back on the pet opened, each effect run twice as in development', async () => {
    renderListAndPet();
    fireEvent.click(await screen.findByRole('link', { name: 'Luna' }));
    fireEvent.click(await screen.findByRole('link', { name: '← Back to the list' }));
    expect(await screen.findByRole('link', { name: 'Luna' })).toHaveFocus();
  });

  it('puts the focus back on the pet opened once its row arrives, the list read anew', async () => {
    const { queryClient } = renderListAndPet();
    fireEvent.click(await screen.findByRole('link', { name: 'Luna' }));
    await screen.findByRole('heading', { level: 1, name: 'Luna' });
    // As after a reload of the pet's page: nothing of the list is kept.
    queryClient.clear();
    fireEvent.click(screen.getByRole('link', { name: '← Back to the list' }));
    expect(screen.queryByRole('link', { name: 'Luna' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Luna' })).toHaveFocus();
  });

  it('shows the list when the pet opened, as kept in storage, was edited into no path at all', async () => {
    renderListAndPet();
    fireEvent.click(await screen.findByRole('link', { name: 'Luna' }));
    await screen.findByRole('heading', { level: 1, name: 'Luna' });
    for (const key of Object.keys(sessionStorage).filter((key) => key.endsWith('.opened-pets'))) {
      const opened = JSON.parse(sessionStorage.getItem(key)!) as [string, string][];
      sessionStorage.setItem(key, JSON.stringify(opened.map(([list]) => [list, '/pets/2"]'])));
    }
    fireEvent.click(screen.getByRole('link', { name: '← Back to the list' }));
    expect(await screen.findByRole('link', { name: 'Luna' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Pets' })).toBeVisible();
  });

  it.each([
    ['a row past the first screenful, drawn a step later', '/pets?limit=50', 'Pet 15'],
    ['a search’s match, once the search has read the list again', '/pets?q=Pet+1', 'Pet 15'],
  ])('puts the focus back on %s', async (_, path, name) => {
    const pets = Array.from({ length: 50 }, (_, i) => ({ id: 50 - i, name: `Pet ${50 - i}`, categoryId: 1 }));
    server.use(
      http.get(`${API}/pets`, ({ request }) =>
        HttpResponse.json(pets.slice(0, Number(new URL(request.url).searchParams.get('limit') ?? 20))),
      ),
      http.get(`${API}/pets/15`, () => HttpResponse.json(pets[35])),
    );
    const { queryClient } = renderListAndPet(path);
    fireEvent.click(await screen.findByRole('link', { name }));
    await screen.findByRole('heading', { level: 1, name });
    queryClient.clear();
    fireEvent.click(screen.getByRole('link', { name: '← Back to the list' }));
    await waitFor(() => expect(screen.getByRole('link', { name })).toHaveFocus());
  });
});
