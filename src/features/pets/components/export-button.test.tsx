import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, expect, it, vi } from 'vitest';
import { API, server } from '../../../test/msw-server.ts';
import { renderSignedIn } from '../../../test/render.tsx';
import { ExportButton } from './export-button.tsx';

const unnamed = { named: false, list: [], nameOf: () => undefined, label: (id: bigint) => `category ${id}` };

/** Renders the button for the whole list and clicks it; returns the files it saves. */
function exportWholeList() {
  const files: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (files.push(blob as Blob), 'blob:export'));
  // The file's link is clicked, which jsdom cannot follow.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  renderSignedIn(
    <ExportButton request={{ status: undefined, q: '', category: undefined, sort: undefined }} names={unnamed} />,
    { path: '/pets' },
  );
  fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  return files;
}

const exporting = () => screen.getByText(/^Exporting/);

/** Runs the fake clock on, 5 ms at a time, until `shown` (for at most half a second). */
async function runUntil(shown: () => boolean) {
  for (let ran = 0; ran < 500 && !shown(); ran += 5) await act(() => vi.advanceTimersByTimeAsync(5));
}

afterEach(() => {
  onlineManager.setOnline(true);
  vi.useRealTimers();
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

it('waits out failures part of the way through, saying so, and goes on from the page that failed', async () => {
  // The export's code, loaded on the first click, in real time: loaded before the clock is faked.
  await import('../export/run-export.ts');
  vi.useFakeTimers();
  // Three pages of a hundred; the second fails twice (a 503, then a 429) before it is read.
  const asked: (string | null)[] = [];
  let failures = 0;
  server.use(
    http.get(`${API}/pets`, ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('cursor') ?? 0);
      asked.push(new URL(request.url).searchParams.get('cursor'));
      if (page === 1 && ++failures === 1) return new HttpResponse('Service Unavailable', { status: 503 });
      if (page === 1 && failures === 2)
        return HttpResponse.json({ code: 'rate_limited', message: 'Too many requests', status: 429 }, { status: 429 });
      const pets = Array.from({ length: 100 }, (_, i) => ({
        id: 300 - page * 100 - i,
        name: `Rex ${page}-${i}`,
        categoryId: 1,
      }));
      const next = page < 2 ? { Link: `<${API}/pets?limit=100&cursor=${page + 1}>; rel="next"` } : undefined;
      return HttpResponse.json(pets, { headers: next });
    }),
  );
  const files = exportWholeList();
  // The first two pages are asked for, well within the first second's wait.
  await runUntil(() => exporting().textContent.includes('Trying'));
  expect(exporting()).toHaveTextContent(
    'Exporting… 100 pets so far. The pet store service failed (HTTP 503). Trying again…',
  );
  await act(() => vi.advanceTimersByTimeAsync(1000));
  expect(exporting()).toHaveTextContent('Exporting… 100 pets so far. Too many requests. Trying again…');
  expect(screen.getByRole('button', { name: 'Cancel export' })).toBeVisible();
  await act(() => vi.advanceTimersByTimeAsync(2000));
  expect(screen.getByText(/^Exported/)).toHaveTextContent(
    /^Exported 300 pets to .*, from the 300 pets the service lists\.$/,
  );
  expect(files).toHaveLength(1);
  vi.useRealTimers();
  const text = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(files[0]!);
  });
  // Each pet once, under the header.
  const ids = text
    .trim()
    .split('\n')
    .slice(1)
    .map((row) => row.split(',')[0]);
  expect(new Set(ids).size).toBe(300);
  expect(ids).toHaveLength(300);
  // The first page was read once: the tries again asked only for the page that failed, and on.
  expect(asked).toEqual([null, '1', '1', '1', '2']);
});

/**
 * Two pages of a hundred, the export started: the device goes offline as the first page is read,
 * and the second cannot be reached until `backOnline` is called.
 */
async function exportGoingOffline() {
  await import('../export/run-export.ts');
  vi.useFakeTimers();
  let offline = false;
  const asked: (string | null)[] = [];
  server.use(
    http.get(`${API}/pets`, ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      asked.push(cursor);
      if (cursor) {
        if (offline) return HttpResponse.error();
        return HttpResponse.json([{ id: 1, name: 'Rex last', categoryId: 1 }]);
      }
      offline = true;
      onlineManager.setOnline(false);
      const pets = Array.from({ length: 100 }, (_, i) => ({ id: 200 - i, name: `Rex ${i}`, categoryId: 1 }));
      return HttpResponse.json(pets, { headers: { Link: `<${API}/pets?limit=100&cursor=1>; rel="next"` } });
    }),
  );
  exportWholeList();
  await runUntil(() => exporting().textContent.includes('offline'));
  expect(exporting()).toHaveTextContent(
    'Exporting… 100 pets so far. You are offline: the export goes on once you are back online.',
  );
  const backOnline = () => {
    offline = false;
    act(() => onlineManager.setOnline(true));
  };
  return { asked, backOnline };
}

it('offline part of the way through, waits for the browser to be back online, and goes on at once', async () => {
  const { asked, backOnline } = await exportGoingOffline();
  // However long it is offline, the page is not asked for again.
  await act(() => vi.advanceTimersByTimeAsync(120_000));
  expect(asked).toEqual([null, '1']);

  backOnline();
  await runUntil(() => screen.queryByText(/^Exported/) !== null);
  expect(screen.getByText(/^Exported/)).toHaveTextContent(
    /^Exported 101 pets to .*, from the 101 pets the service lists\.$/,
  );
  expect(asked).toEqual([null, '1', '1']);
});

it('offline, can be cancelled while it waits', async () => {
  const { asked } = await exportGoingOffline();
  fireEvent.click(screen.getByRole('button', { name: 'Cancel export' }));
  await act(() => vi.advanceTimersByTimeAsync(0));
  expect(screen.getByText(/^Export cancelled/)).toHaveTextContent(
    'Export cancelled after 100 pets: no file was saved.',
  );
  expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  act(() => onlineManager.setOnline(true));
  await act(() => vi.advanceTimersByTimeAsync(60_000));
  expect(asked).toEqual([null, '1']);
});
