import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, server } from '../../../test/msw-server.ts';
import { renderSignedIn } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session.ts';
import { PetsPage } from './pets-page.tsx';

const pets = [
  { id: 2, name: 'Luna', categoryId: 1, status: 'available' },
  { id: 1, name: 'Milo', categoryId: 2, status: 'sold' },
];

function countRequests(status: number, body: unknown = pets) {
  const calls: URL[] = [];
  server.use(
    http.get(`${API}/pets`, ({ request }) => {
      calls.push(new URL(request.url));
      return HttpResponse.json(body as never, { status });
    }),
  );
  return calls;
}

describe('PetsPage', () => {
  it('asks once per view and announces how many rows it shows', async () => {
    const calls = countRequests(200);
    renderSignedIn(<PetsPage />, { path: '/pets?status=sold&limit=50' });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Showing all 2 sold pets.'));
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
    expect(calls.map((url) => url.search)).toEqual(['?limit=50&status=sold']);
  });

  it('does not retry a 4xx, and offers Retry', async () => {
    const calls = countRequests(400, { code: 'invalid_limit', message: 'query parameter limit is wrong', status: 400 });
    renderSignedIn(<PetsPage />, { path: '/pets' });
    expect(await screen.findByRole('alert')).toHaveTextContent('query parameter limit is wrong');
    expect(calls).toHaveLength(1);
    countRequests(200);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('retries a 5xx read a few times before showing the error', async () => {
    const calls = countRequests(503, { code: 'unavailable', message: 'Down for maintenance.', status: 503 });
    renderSignedIn(<PetsPage />, { path: '/pets' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Down for maintenance.');
    expect(calls).toHaveLength(4);
  });

  it('shows a 200 whose body is not a list as an unreadable answer, not a crash', async () => {
    countRequests(200, { pets: 'surprise' });
    renderSignedIn(<PetsPage />, { path: '/pets' });
    expect(await screen.findByRole('alert')).toHaveTextContent('cannot read');
  });

  it('says it is still waiting when the service is slow, and stays usable', async () => {
    server.use(
      http.get(`${API}/pets`, async () => {
        await delay(3500);
        return HttpResponse.json(pets);
      }),
    );
    renderSignedIn(<PetsPage />, { path: '/pets' });
    expect(
      await screen.findByText(/Still waiting for the pet store service/, undefined, { timeout: 4000 }),
    ).toBeVisible();
    expect(screen.getByLabelText('Status')).toBeEnabled();
    expect(await screen.findByText('Showing all 2 pets.', undefined, { timeout: 3000 })).toBeVisible();
    expect(screen.queryByText(/Still waiting/)).not.toBeInTheDocument();
  }, 10_000);

  it('drops the session on a 401, in one place', async () => {
    countRequests(401, { code: 'unauthorized', message: 'The API key is not accepted.', status: 401 });
    renderSignedIn(<PetsPage />, { path: '/pets' });
    await waitFor(() => expect(sessionStore.get()).toEqual({ session: undefined, reason: 'expired' }));
    expect(sessionStorage.getItem('petstore-admin.session')).toBeNull();
  });
});
