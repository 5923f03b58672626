import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, expect, it, vi } from 'vitest';
import { API, server } from '../../../test/msw-server.ts';
import { renderSignedIn } from '../../../test/render.tsx';
import { ExportButton } from './export-button.tsx';

const unnamed = { named: false, list: [], nameOf: () => undefined, label: (id: bigint) => `category ${id}` };

afterEach(() => vi.restoreAllMocks());

it('with no pet to export, saves no file and says so, and how far it could read', async () => {
  // No next links: the first page of the whole list and of each status is as far as anyone can read.
  server.use(
    http.get(`${API}/pets`, ({ request }) => {
      const first = { all: 1, available: 11, pending: 21, sold: 31 }[
        new URL(request.url).searchParams.get('status') ?? 'all'
      ]!;
      return HttpResponse.json(
        Array.from({ length: 3 }, (_, i) => ({ id: first + i, name: `Rex ${i}`, categoryId: 1 })),
      );
    }),
  );
  const file = vi.spyOn(URL, 'createObjectURL');
  renderSignedIn(
    <ExportButton request={{ status: undefined, q: 'nobody', category: undefined, sort: undefined }} names={unnamed} />,
    { path: '/pets' },
  );
  await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  expect(await screen.findByText(/^Nothing to export/)).toHaveTextContent(
    'Nothing to export, and no file was saved: no pet matches among the first pages of the whole list and of each status (12 pets): the service offers no way past them.',
  );
  expect(file).not.toHaveBeenCalled();
});
