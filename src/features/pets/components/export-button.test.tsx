import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, expect, it, vi } from 'vitest';
import { API, server } from '../../../test/msw-server.ts';
import { renderSignedIn } from '../../../test/render.tsx';
import { ExportButton } from './export-button.tsx';

const unnamed = { named: false, list: [], nameOf: () => undefined, label: (id: bigint) => `category ${id}` };

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.doUnmock('../export/run-export.ts');
});

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

it("when the export's code cannot be downloaded and the app's address does not answer, says why and that reloading helps", async () => {
  // A code file that would not load, as Chromium says it, on a connection that answers nothing.
  // (Vitest wraps an error thrown by a mock's factory in words of its own.)
  vi.doMock('../export/run-export.ts', () => ({
    get exportPets() {
      throw new TypeError('Failed to fetch dynamically imported module: http://app.test/assets/run-export-1.js');
    },
  }));
  server.use(http.head('*', () => HttpResponse.error()));
  const reload = vi.fn();
  vi.stubGlobal('location', { ...location, reload });
  renderSignedIn(
    <ExportButton request={{ status: 'sold', q: '', category: undefined, sort: undefined }} names={unnamed} />,
    { path: '/pets' },
  );
  await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'The export stopped, and no file was saved: part of the app could not be downloaded: the connection may have dropped, or the app was updated while this tab was open. Reloading usually helps, and the list stays as it is.',
  );
  expect(reload).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
});
