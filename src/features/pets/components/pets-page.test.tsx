import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { focusManager, onlineManager } from '@tanstack/react-query';
import { delay, http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, server } from '../../../test/msw-server.ts';
import { acceptNewKey, renderSignedIn, testEnvironment } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session.ts';
import { Announcer } from '../../../ui/announcer.tsx';
import { PetsPage } from './pets-page.tsx';

const pets = [
  { id: 2, name: 'Luna', categoryId: 1, status: 'available' },
  { id: 1, name: 'Milo', categoryId: 2, status: 'sold' },
];

function answer(status: number, body: unknown = pets) {
  const calls: URL[] = [];
  server.use(
    http.get(`${API}/pets`, ({ request }) => {
      calls.push(new URL(request.url));
      return HttpResponse.json(body as never, { status });
    }),
  );
  return calls;
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('PetsPage', () => {
  afterEach(() => vi.useRealTimers());

  it('asks once per view and announces how many rows it shows', async () => {
    const calls = answer(200);
    renderSignedIn(<PetsPage />, { path: '/pets?status=sold&limit=50' });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Showing 2 sold pets.'));
    expect(rows()).toHaveLength(2);
    expect(calls.map((url) => url.search)).toEqual(['?limit=50&status=sold']);
  });

  it('never says a page is all there is: a service may list fewer than asked while holding more, or more', async () => {
    // Fewer than asked for, with no next link: perhaps the whole list, perhaps the service's own cap.
    answer(200);
    const { unmount } = renderSignedIn(<PetsPage />, { path: '/pets?limit=50' });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Showing 2 pets.'));
    expect(screen.getByRole('status')).not.toHaveTextContent(/all/);
    unmount();
    // More than asked for (a service that ignores limit): the first of a longer list.
    answer(
      200,
      Array.from({ length: 13 }, (_, i) => ({ id: 20 - i, name: `Pet ${i}`, categoryId: 1, status: 'sold' })),
    );
    const { unmount: unmountLonger } = renderSignedIn(<PetsPage />, { path: '/pets?limit=10' });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Showing the first 13 pets.'));
    expect(rows()).toHaveLength(13);
    // With no next page linked, as from a service built to the spec alone: where the others may be.
    expect(screen.getByRole('status')).toHaveTextContent(
      'The service offers no next page: if the store has more pets, show more rows per page, pick a status, or search by name.',
    );
    unmountLonger();
    // At the most rows a page may have, the search is the one way left.
    answer(
      200,
      Array.from({ length: 100 }, (_, i) => ({ id: 100 - i, name: `Pet ${i}`, categoryId: 1, status: 'sold' })),
    );
    const { unmount: unmountLongest } = renderSignedIn(<PetsPage />, { path: '/pets?limit=100' });
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Showing the first 100 pets. The service offers no next page: if the store has more pets, pick a status or search by name.',
      ),
    );
    unmountLongest();
    // A status's search reads no further than its first page: a longer page is the one way.
    renderSignedIn(<PetsPage />, { path: '/pets?limit=50&status=sold' });
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Showing the first 100 sold pets. The service offers no next page: if the store has more sold pets, show more rows per page.',
      ),
    );
  });

  it('narrows a page to a named category, saying which part of the list it read', async () => {
    const environment = { ...testEnvironment, categories: [{ id: 1n, name: 'Dogs' }] };
    const full = Array.from({ length: 10 }, (_, i) => ({
      id: 10 - i,
      name: `Pet ${i}`,
      categoryId: i % 2,
      status: 'sold',
    }));
    // A full page and no Link: the service may hold more, and this page is all the app can see.
    answer(200, full);
    renderSignedIn(<PetsPage />, { path: '/pets?status=sold&limit=10&category=1', environment });
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Showing Dogs: 5 pets among the first 10 sold pets.'),
    );
    expect(rows()).toHaveLength(5);
    expect(screen.getByRole('table')).toHaveAccessibleName('Sold pets of Dogs');
  });

  it('says an empty page in its line, to a screen reader alone where the box below says the same', async () => {
    answer(200, []);
    const { unmount } = renderSignedIn(<PetsPage />, { path: '/pets?status=pending' });
    expect(await within(screen.getByRole('status')).findByText('No pending pets.')).toHaveClass('visually-hidden');
    expect(screen.getByRole('link', { name: 'Show all statuses' })).toBeVisible();
    unmount();
    // No pet of a category on the page read: the box says only that, the line what was read, to the eye too.
    const environment = { ...testEnvironment, categories: [{ id: 3n, name: 'Birds' }] };
    answer(200);
    renderSignedIn(<PetsPage />, { path: '/pets?category=3', environment });
    const line = await within(screen.getByRole('status')).findByText('Showing Birds: 0 pets among 2 pets.');
    expect(line).not.toHaveClass('visually-hidden');
    expect(screen.getByText('No pets of Birds on this page.')).toBeVisible();
  });

  it('says a sort by category is by name where the environment names categories', async () => {
    const environment = { ...testEnvironment, categories: [{ id: 1n, name: 'Dogs' }] };
    answer(200);
    renderSignedIn(<PetsPage />, { path: '/pets?sort=category', environment });
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Showing 2 pets. Sorted by category (A to Z), this page only',
      ),
    );
  });

  it('does not retry a 4xx, says what to change, and offers no Try again', async () => {
    const calls = answer(400, { code: 'invalid_limit', message: 'query parameter limit is wrong', status: 400 });
    renderSignedIn(<PetsPage />, { path: '/pets' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('query parameter limit is wrong. Change what it names');
    expect(alert).not.toHaveTextContent(/try again|by itself/i);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show the whole list, unfiltered' })).toBeVisible();
    expect(screen.getByRole('status')).not.toHaveTextContent('Loading');
    expect(calls).toHaveLength(1);
  });

  it('keeps trying a 5xx, less often, saying so steadily, and the rows replace the error without a click', async () => {
    vi.useFakeTimers();
    const tries: number[] = [];
    server.use(
      http.get(`${API}/pets`, () => {
        tries.push(Date.now());
        return tries.length <= 7
          ? HttpResponse.json({ code: 'unavailable', message: 'Down for maintenance.', status: 503 }, { status: 503 })
          : HttpResponse.json(pets);
      }),
    );
    renderSignedIn(<PetsPage />, { path: '/pets', backoff: 'production' });
    // The first quick tries, 1 s, 2 s and 4 s apart, before the screen says it failed: after a few
    // seconds of them, the status line says what they are for.
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByRole('status')).toHaveTextContent('The pet store service failed (HTTP 503). Trying again…');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(4500));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('failed (HTTP 503)');
    // The service failed, not the device's connection: its words say nothing of being back online.
    expect(alert).toHaveTextContent(/keeps trying again by itself\.$/);
    // Each try after that leaves the failure on screen, as it was: never back to Loading.
    while (tries.length <= 7) {
      expect(screen.getByRole('alert')).toBe(alert);
      expect(screen.getByRole('status')).toHaveTextContent('The list could not be loaded.');
      await act(() => vi.advanceTimersByTimeAsync(500));
    }
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(rows()).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const gaps = tries.slice(1).map((time, index) => Math.round((time - tries[index]!) / 1000));
    expect(gaps).toEqual([1, 2, 4, 8, 16, 30, 30]);
  });

  it('waits out a 429, too many requests, trying again by itself: the rows come without a click', async () => {
    vi.useFakeTimers();
    let tries = 0;
    server.use(
      http.get(`${API}/pets`, () =>
        ++tries <= 5
          ? HttpResponse.json({ code: 'rate_limited', message: 'Too many requests', status: 429 }, { status: 429 })
          : HttpResponse.json(pets),
      ),
    );
    renderSignedIn(<PetsPage />, { path: '/pets', backoff: 'production' });
    await act(() => vi.advanceTimersByTimeAsync(7500));
    // The service's words, and what happens next: the app waits it out, and Try again asks at once.
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Too many requests.')).toBeVisible();
    expect(within(alert).getByText('The app keeps trying again by itself.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeVisible();
    // Tried 1 s, 2 s, 4 s, 8 s, then 16 s apart: the sixth try, 31 s in, finds the service willing.
    await act(() => vi.advanceTimersByTimeAsync(24_000));
    expect(rows()).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(tries).toBe(6);
  });

  it('keeps no rows of another list once the one asked for fails', async () => {
    vi.useFakeTimers();
    server.use(
      http.get(`${API}/pets`, ({ request }) =>
        new URL(request.url).searchParams.get('status') === 'pending'
          ? HttpResponse.json({ code: 'unavailable', message: 'Down.', status: 503 }, { status: 503 })
          : HttpResponse.json(pets),
      ),
    );
    renderSignedIn(<PetsPage />, { path: '/pets', backoff: 'production' });
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(rows()).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'pending' } });
    // While the pending pets are read, the whole list's rows stay, greyed: the table does not jump.
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(rows()).toHaveLength(2);
    // Once that read has failed, they would pass for pending pets: only the failure is shown.
    await act(() => vi.advanceTimersByTimeAsync(7500));
    expect(screen.getByRole('alert')).toHaveTextContent('failed (HTTP 503)');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('keeps the failure and its focused Try again on screen through the try, then hands focus on', async () => {
    vi.useFakeTimers();
    let up = false;
    // Each answer waits for the test to let it go, once the test holds them.
    let held: Promise<void> | undefined;
    server.use(
      http.get(`${API}/pets`, async () => {
        await held;
        return up
          ? HttpResponse.json(pets)
          : HttpResponse.json({ code: 'unavailable', message: 'Down for maintenance.', status: 503 }, { status: 503 });
      }),
    );
    renderSignedIn(
      <>
        <main>
          <PetsPage />
        </main>
        <Announcer />
      </>,
      { path: '/pets', backoff: 'production' },
    );
    // The first try and three quick ones, 1 s, 2 s and 4 s apart.
    await act(() => vi.advanceTimersByTimeAsync(7500));
    const alert = screen.getByRole('alert');
    /** Try again from the keyboard: the button focused, then pressed. */
    const pressTryAgain = async () => {
      const button = screen.getByRole('button', { name: 'Try again' });
      button.focus();
      fireEvent.click(button);
      await act(() => vi.advanceTimersByTimeAsync(0));
    };
    let answer = () => {};
    held = new Promise((resolve) => (answer = resolve));
    await pressTryAgain();
    // The person's try is on its way: the notice stays, and so does the focus.
    const trying = screen.getByRole('button', { name: 'Trying again…' });
    expect(trying).toHaveFocus();
    expect(trying).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('alert')).toBe(alert);
    // What the alert says is not changed by the button's words: it is not read out again at each press.
    expect(alert).not.toHaveTextContent('Trying again');
    // It fails: the notice is the same, and the button can be pressed again.
    answer();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('alert')).toBe(alert);
    expect(alert).toHaveTextContent('failed (HTTP 503)');
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
    // Said once, apart from the alert, whose words are the same.
    expect(
      screen.getAllByRole('status').filter((region) => region.textContent === 'Tried again: it failed again.'),
    ).toHaveLength(1);
    up = true;
    held = new Promise((resolve) => (answer = resolve));
    await pressTryAgain();
    expect(screen.getByRole('alert')).toBe(alert);
    answer();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(rows()).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pets' })).toHaveFocus();
  });

  it('offline, a Try again says it waits for the connection, and goes through once it is back', async () => {
    vi.useFakeTimers();
    let up = false;
    server.use(
      http.get(`${API}/pets`, () =>
        up
          ? HttpResponse.json(pets)
          : HttpResponse.json({ code: 'unavailable', message: 'Down for maintenance.', status: 503 }, { status: 503 }),
      ),
    );
    renderSignedIn(<PetsPage />, { path: '/pets', backoff: 'production' });
    await act(() => vi.advanceTimersByTimeAsync(7500));
    expect(screen.getByRole('alert')).toHaveTextContent('failed (HTTP 503)');
    onlineManager.setOnline(false);
    try {
      up = true;
      const button = screen.getByRole('button', { name: 'Try again' });
      button.focus();
      fireEvent.click(button);
      await act(() => vi.advanceTimersByTimeAsync(0));
      // Nothing is sent while offline, and the button says so rather than that it is trying.
      const waiting = screen.getByRole('button', { name: 'Waiting for the connection…' });
      expect(waiting).toHaveFocus();
      expect(waiting).toHaveAttribute('aria-disabled', 'true');
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(waiting).toHaveFocus();
      // Back online, the try goes at once, with no click.
      onlineManager.setOnline(true);
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(rows()).toHaveLength(2);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('offline with the rows in hand, says they are the list as last read, until back online', async () => {
    answer(200);
    renderSignedIn(<PetsPage />, { path: '/pets' });
    const status = await screen.findByRole('status');
    await waitFor(() => expect(rows()).toHaveLength(2));
    act(() => onlineManager.setOnline(false));
    try {
      expect(status).toHaveTextContent('You are offline: this is the list as it was last read.');
      expect(rows()).toHaveLength(2);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    expect(status).not.toHaveTextContent('offline');
  });

  it('shows a 200 whose body is not a list as an unreadable answer, not a crash', async () => {
    answer(200, { pets: 'surprise' });
    renderSignedIn(<PetsPage />, { path: '/pets' });
    expect(await screen.findByRole('alert')).toHaveTextContent('cannot read');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('says it is still waiting when the service is slow, and stays usable', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(
      http.get(`${API}/pets`, async () => {
        await delay(3500);
        return HttpResponse.json(pets);
      }),
    );
    renderSignedIn(<PetsPage />, { path: '/pets' });
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(screen.queryByText(/Still waiting/)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText(/Still waiting for the pet store service/)).toBeVisible();
    expect(screen.getByLabelText('Status')).toBeEnabled();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(await screen.findByText('Showing 2 pets.')).toBeVisible();
    expect(screen.queryByText(/Still waiting/)).not.toBeInTheDocument();
  });

  it('asks for a new key on a 401, then sends the same request again with it', async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.get(`${API}/pets`, ({ request }) => {
        keys.push(request.headers.get('authorization'));
        return request.headers.get('authorization') === 'Bearer renewed-key'
          ? HttpResponse.json(pets)
          : HttpResponse.json(
              { code: 'unauthorized', message: 'The API key is not accepted.', status: 401 },
              { status: 401 },
            );
      }),
    );
    renderSignedIn(<PetsPage />, { path: '/pets' });
    const owner = sessionStore.get().session!.owner;
    await waitFor(() => expect(keys).toHaveLength(1));
    act(() => acceptNewKey('renewed-key'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(keys).toEqual(['Bearer component-key', 'Bearer renewed-key']);
    // The same person carries on: what they typed stays theirs.
    expect(sessionStore.get().session).toMatchObject({ apiKey: 'renewed-key', owner });
  });

  it('shows a smaller page size at once from the rows in hand; only Next waits for the service', async () => {
    const many = Array.from({ length: 20 }, (_, index) => ({
      id: 100 - index,
      name: `Pet ${100 - index}`,
      categoryId: 1,
      status: 'available',
    }));
    const calls: string[] = [];
    let answerSmaller = () => {};
    server.use(
      http.get(`${API}/pets`, async ({ request }) => {
        const limit = Number(new URL(request.url).searchParams.get('limit'));
        calls.push(new URL(request.url).search);
        if (limit === 10) await new Promise<void>((resolve) => (answerSmaller = resolve));
        return HttpResponse.json(many.slice(0, limit), {
          headers: { Link: `<${API}/pets?limit=${limit}&cursor=after-${limit}>; rel="next"` },
        });
      }),
    );
    renderSignedIn(<PetsPage />, { path: '/pets' });
    await waitFor(() => expect(rows()).toHaveLength(20));
    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '10');

    // The service has not answered: the first 10 rows are shown as this page's, not dimmed.
    await waitFor(() => expect(calls).toEqual(['?limit=20', '?limit=10']));
    expect(rows()).toHaveLength(10);
    expect(rows()[9]).toHaveTextContent('Pet 91');
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('Showing the first 10 pets.');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).queryByRole('link', { name: /Next/ })).not.toBeInTheDocument();

    act(() => answerSmaller());
    expect(await within(pages).findByRole('link', { name: /Next/ })).toHaveAttribute(
      'href',
      expect.stringContaining('link=pets%3Flimit%3D10%26cursor%3Dafter-10'),
    );
    expect(rows()).toHaveLength(10);
  });

  it('dims the rows on screen while a larger page is read, and keeps them', async () => {
    const many = Array.from({ length: 20 }, (_, index) => ({
      id: 100 - index,
      name: `Pet ${100 - index}`,
      categoryId: 1,
      status: 'sold',
    }));
    let answerLarger: (() => void) | undefined;
    server.use(
      http.get(`${API}/pets`, async ({ request }) => {
        const limit = Number(new URL(request.url).searchParams.get('limit'));
        if (limit === 20) await new Promise<void>((resolve) => (answerLarger = resolve));
        return HttpResponse.json(many.slice(0, limit));
      }),
    );
    renderSignedIn(<PetsPage />, { path: '/pets?limit=10' });
    await waitFor(() => expect(rows()).toHaveLength(10));
    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '20');
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(rows()).toHaveLength(10);
    // Answered once the request has reached the service.
    await waitFor(() => expect(answerLarger).toBeDefined());
    act(() => answerLarger!());
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false');
  });

  it('keeps every character typed while the address catches up with the search', async () => {
    server.use(
      http.get(`${API}/pets`, ({ request }) =>
        HttpResponse.json(pets.filter((pet) => pet.status === new URL(request.url).searchParams.get('status'))),
      ),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const person = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderSignedIn(<PetsPage />, { path: '/pets' });
    const box = screen.getByRole('searchbox', { name: 'Search by name' });
    await person.type(box, 'Luna ');
    expect(await screen.findByText(/named like “Luna”/)).toBeVisible();
    // The address takes the search after a pause; the space typed before it stays in the box.
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(box).toHaveValue('Luna ');
    await person.type(box, 'Milo');
    expect(box).toHaveValue('Luna Milo');
  });

  it('says what a search found once the typing pauses, not for every key', async () => {
    answer(200);
    vi.useFakeTimers();
    renderSignedIn(<PetsPage />, { path: '/pets' });
    await act(() => vi.advanceTimersByTimeAsync(10));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Showing 2 pets.');
    const said: string[] = [];
    const observer = new MutationObserver(() => said.push(status.textContent ?? ''));
    observer.observe(status, { subtree: true, childList: true, characterData: true });
    const box = screen.getByRole('searchbox', { name: 'Search by name' });
    // Three keys, with no pause between them (no time passes on this clock).
    for (const typed of ['l', 'lu', 'lun']) {
      fireEvent.change(box, { target: { value: typed } });
      await act(() => vi.advanceTimersByTimeAsync(0));
    }
    // The rows follow every key; the line waits.
    expect(rows()).toHaveLength(1);
    expect(status).toHaveTextContent('Showing 2 pets.');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(status).toHaveTextContent('named like “lun”');
    observer.disconnect();
    expect(said.filter((text) => /“lu?”/.test(text))).toEqual([]);
  });

  it('takes a search of up to 200 characters, and keeps it once the address has it', async () => {
    answer(200);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const person = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderSignedIn(<PetsPage />, { path: '/pets' });
    const box = screen.getByRole('searchbox', { name: 'Search by name' });
    await person.click(box);
    await person.paste(`${'z'.repeat(199)}qq`);
    expect(box).toHaveValue(`${'z'.repeat(199)}q`);
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(box).toHaveValue(`${'z'.repeat(199)}q`);
    expect(await screen.findByText(/Found no pet named like/)).toBeVisible();
  });

  it('finds pets by name across every status, ignoring case and accents, and says what it searched', async () => {
    server.use(
      http.get(`${API}/pets`, ({ request }) => {
        const status = new URL(request.url).searchParams.get('status');
        const all = [
          { id: 5, name: 'Zoë', categoryId: 1, status: 'available' },
          { id: 4, name: 'ZOE junior', categoryId: 1, status: 'pending' },
          { id: 3, name: 'Rex', categoryId: 1, status: 'sold' },
        ];
        return HttpResponse.json(status ? all.filter((pet) => pet.status === status) : all);
      }),
    );
    renderSignedIn(<PetsPage />, { path: '/pets?q=zoe&sort=name' });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['Zoë', 'ZOE junior']);
    expect(screen.getByRole('status')).toHaveTextContent('2 pets named like “zoe”, among 3 pets looked through.');
    expect(screen.getByRole('table')).toHaveAccessibleName('All pets named like “zoe”');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('status')).toHaveTextContent('Sorted by name (A to Z), all matches.');
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search by name' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'nobody');
    expect(await screen.findByText('Found no pet named like “nobody”.')).toBeVisible();
  });

  it('a search typed once what it read has gone stale reads the list again, finding pets added since', async () => {
    vi.useFakeTimers();
    const store = [...pets];
    let reads = 0;
    server.use(http.get(`${API}/pets`, () => (reads++, HttpResponse.json(store))));
    renderSignedIn(<PetsPage />, { path: '/pets?q=hum' });
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText('Found no pet named like “hum”.')).toBeVisible();
    // The whole list's first page, then each status's, as the service gives no way past them.
    const oneSearch = reads;
    expect(oneSearch).toBe(4);
    // Someone adds Humphrey; half a minute later, the search is typed on.
    store.unshift({ id: 3, name: 'Humphrey', categoryId: 1, status: 'available' });
    await act(() => vi.advanceTimersByTimeAsync(31_000));
    const before = reads;
    for (const typed of ['hump', 'humph']) {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name' }), { target: { value: typed } });
      await act(() => vi.advanceTimersByTimeAsync(0));
    }
    await act(() => vi.advanceTimersByTimeAsync(300));
    // Read once again, not once for each key.
    expect(reads - before).toBe(oneSearch);
    expect(rows()).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('1 pet named like “humph”, among 3 pets looked through.');
  });

  it('a search left on screen does not read the whole list again each time the window comes back', async () => {
    vi.useFakeTimers();
    let reads = 0;
    server.use(http.get(`${API}/pets`, () => (reads++, HttpResponse.json(pets))));
    renderSignedIn(<PetsPage />, { path: '/pets?q=luna' });
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(rows()).toHaveLength(1);
    const before = reads;
    try {
      for (let minute = 1; minute <= 5; minute++) {
        await act(() => vi.advanceTimersByTimeAsync(60_000));
        act(() => focusManager.setFocused(false));
        act(() => focusManager.setFocused(true));
      }
      await act(() => vi.advanceTimersByTimeAsync(10));
    } finally {
      focusManager.setFocused(undefined);
    }
    expect(reads).toBe(before);
    expect(rows()).toHaveLength(1);
  });

  it('offline, a search says it waits for the connection, never that no pet has the name', async () => {
    answer(200);
    onlineManager.setOnline(false);
    try {
      renderSignedIn(<PetsPage />, { path: '/pets?q=luna' });
      const status = screen.getByRole('status');
      await waitFor(() => expect(status).toHaveTextContent('You are offline: the search goes on by itself'));
      expect(screen.queryByText(/Found no pet named like/)).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Stop searching' })).toBeVisible();
      onlineManager.setOnline(true);
      await waitFor(() => expect(rows()).toHaveLength(1));
      expect(status).toHaveTextContent('1 pet named like “luna”, among 2 pets looked through.');
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('a link to a later page of matches shows that page as the search reads on, not page 1 first', async () => {
    let more!: () => void;
    const moreAsked = new Promise<void>((resolve) => (more = resolve));
    const luna = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({ id: 100 - from - i, name: `Luna ${from + i}`, categoryId: 1 }));
    server.use(
      http.get(`${API}/pets`, async ({ request }) => {
        if (!new URL(request.url).searchParams.has('cursor')) {
          return HttpResponse.json(luna(0, 8), { headers: { Link: `<${API}/pets?limit=100&cursor=2>; rel="next"` } });
        }
        await moreAsked;
        return HttpResponse.json(luna(8, 10));
      }),
    );
    renderSignedIn(<PetsPage />, { path: '/pets?q=luna&limit=10&page=2' });
    await screen.findByText(/Looked through 8 pets so far/);
    expect(screen.getAllByText('Page 2')[0]).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Luna 0' })).not.toBeInTheDocument();
    more();
    expect(await screen.findByRole('link', { name: 'Luna 10' })).toBeVisible();
    expect(rows().map((row) => within(row).getByRole('link').textContent)).toEqual(
      Array.from({ length: 8 }, (_, i) => `Luna ${10 + i}`),
    );
  });

  it('a link to a page of matches past the last shows the last, once the search has read everything', async () => {
    const lunas = Array.from({ length: 15 }, (_, i) => ({ id: 100 - i, name: `Luna ${i}`, categoryId: 1 }));
    answer(200, lunas);
    renderSignedIn(<PetsPage />, { path: '/pets?q=luna&limit=10&page=9' });
    expect(await screen.findByRole('link', { name: 'Luna 10' })).toBeVisible();
    expect(screen.getAllByText('Page 2 of 2')[0]).toBeVisible();
    expect(rows()).toHaveLength(5);
  });

  it('Stop searching stops at once in an outage, keeping the pets read so far', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    server.use(
      http.get(`${API}/pets`, ({ request }) => {
        reads++;
        // A first full page, then the service is down.
        if (new URL(request.url).searchParams.has('cursor') || reads > 1) return HttpResponse.error();
        const page = Array.from({ length: 100 }, (_, i) => ({ id: 500 - i, name: `Luna ${i}`, categoryId: 1 }));
        return HttpResponse.json(page, { headers: { Link: `<${API}/pets?limit=100&cursor=next>; rel="next"` } });
      }),
    );
    renderSignedIn(<PetsPage />, { path: '/pets?q=luna' });
    await userEvent.click(await screen.findByRole('button', { name: 'Stop searching' }));
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Stopped after looking through 100 pets'));
    const stoppedAt = reads;
    // A hundred tries' worth of time (1 ms apart here): not one more read.
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(reads).toBe(stoppedAt);
    // The button clicked is now this one, and keeps the focus.
    expect(screen.getByRole('button', { name: 'Search the rest' })).toHaveFocus();
  });

  it('a search the service turns away part of the way through goes on from there, and ends', async () => {
    vi.useFakeTimers();
    // Five pages of a hundred, Luna on the last; at most three requests a minute, then a 429.
    const reads: (string | null)[] = [];
    let windowStart = Date.now();
    let inWindow = 0;
    server.use(
      http.get(`${API}/pets`, ({ request }) => {
        if (Date.now() - windowStart >= 60_000) [windowStart, inWindow] = [Date.now(), 0];
        if (++inWindow > 3)
          return HttpResponse.json(
            { code: 'rate_limited', message: 'Too many requests', status: 429 },
            { status: 429 },
          );
        const page = Number(new URL(request.url).searchParams.get('cursor') ?? 0);
        reads.push(new URL(request.url).searchParams.get('cursor'));
        const pets = Array.from({ length: 100 }, (_, i) => ({
          id: 500 - page * 100 - i,
          name: page === 4 && i === 99 ? 'Luna' : `Bella ${page}-${i}`,
          categoryId: 1,
        }));
        const next = page < 4 ? { Link: `<${API}/pets?limit=100&cursor=${page + 1}>; rel="next"` } : undefined;
        return HttpResponse.json(pets, { headers: next });
      }),
    );
    renderSignedIn(<PetsPage />, { path: '/pets?q=luna', backoff: 'production' });
    // Tried again 1, 2 and 4 s apart, then the screen says so; 8, 16 and 30 s: 61 s in, the next minute.
    await act(() => vi.advanceTimersByTimeAsync(7500));
    expect(screen.getByRole('alert')).toHaveTextContent('The app keeps trying again by itself.');
    await act(() => vi.advanceTimersByTimeAsync(54_000));
    expect(rows()).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('1 pet named like “luna”, among 500 pets looked through.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Each page read once: the pages before the refusal were not asked for again.
    expect(reads).toEqual([null, '1', '2', '3', '4']);
  });

  /** Pages of a hundred pets, a Luna first on each, `pages` of them; `answer` may stand in for one. */
  function pagedStore(pages: number, answer: (page: number) => Response | undefined | Promise<Response | undefined>) {
    const asked: number[] = [];
    server.use(
      http.get(`${API}/pets`, async ({ request }) => {
        const url = new URL(request.url);
        if (url.searchParams.get('limit') !== '100') return HttpResponse.json([]);
        const page = Number(url.searchParams.get('cursor') ?? 0);
        asked.push(page);
        const instead = await answer(page);
        if (instead) return instead;
        const pets = Array.from({ length: 100 }, (_, i) => ({
          id: 1000 - page * 100 - i,
          name: i === 0 ? `Luna ${page}` : `Bella ${page}-${i}`,
          categoryId: 1,
        }));
        const next = page < pages - 1 ? { Link: `<${API}/pets?limit=100&cursor=${page + 1}>; rel="next"` } : undefined;
        return HttpResponse.json(pets, { headers: next });
      }),
    );
    return asked;
  }

  it('Search the rest, after a stop, reads on from there to the end and finds the pets past the stop', async () => {
    // Six pages, every one answered when the test says.
    const waiting: (() => void)[] = [];
    const asked = pagedStore(6, async () => {
      await new Promise<void>((resolve) => waiting.push(resolve));
      return undefined;
    });
    const answerAll = () => waiting.splice(0).forEach((answer) => answer());
    renderSignedIn(<PetsPage />, { path: '/pets?q=luna' });
    const status = screen.getByRole('status');
    for (const sofar of ['100', '200']) {
      await waitFor(() => expect(waiting).toHaveLength(1));
      answerAll();
      await waitFor(() => expect(status).toHaveTextContent(`Looked through ${sofar} pets so far`));
    }
    await userEvent.click(screen.getByRole('button', { name: 'Stop searching' }));
    await waitFor(() => expect(status).toHaveTextContent('Stopped after looking through 200 pets'));
    answerAll();
    await userEvent.click(screen.getByRole('button', { name: 'Search the rest' }));
    // Page by page, as before the stop.
    for (const sofar of ['300', '400', '500']) {
      await waitFor(() => expect(waiting).toHaveLength(1));
      answerAll();
      await waitFor(() => expect(status).toHaveTextContent(`Looked through ${sofar} pets so far`));
    }
    await waitFor(() => expect(waiting).toHaveLength(1));
    answerAll();
    await waitFor(() => expect(status).toHaveTextContent('6 pets named like “luna”, among 600 pets looked through.'));
    expect(rows()).toHaveLength(6);
    expect(screen.queryByRole('button', { name: 'Search the rest' })).not.toBeInTheDocument();
    // The page dropped at the stop is asked for again, and none before it.
    expect(asked).toEqual([0, 1, 2, 2, 3, 4, 5]);
  });

  it('Try again on a refresh that fails part of the way through goes on from the page that failed', async () => {
    vi.useFakeTimers();
    let failing = false;
    const asked = pagedStore(3, (page) =>
      failing && page === 2 ? new HttpResponse('Service Unavailable', { status: 503 }) : undefined,
    );
    const { queryClient } = renderSignedIn(<PetsPage />, { path: '/pets?q=luna', backoff: 'production' });
    await act(() => vi.advanceTimersByTimeAsync(10));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('3 pets named like “luna”, among 300 pets looked through.');
    // The lists read anew (as after a pet is added), and the last page fails until the service is back.
    failing = true;
    asked.length = 0;
    void queryClient.invalidateQueries();
    await act(() => vi.advanceTimersByTimeAsync(7500));
    expect(screen.getByRole('alert')).toHaveTextContent('The app keeps trying again by itself.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    failing = false;
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(status).toHaveTextContent('3 pets named like “luna”, among 300 pets looked through.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The refresh read the first two pages once; its tries, and the person's, only the one that failed.
    expect(asked.slice(0, 2)).toEqual([0, 1]);
    expect(asked.slice(2)).toEqual([2, 2, 2, 2, 2]);
  });

  it('Try again after a first page it could not read shows the pages as they come', async () => {
    let unreadable = true;
    const waiting: (() => void)[] = [];
    pagedStore(3, async (page) => {
      if (page === 0 && unreadable) return HttpResponse.json({ pets: 'surprise' });
      await new Promise<void>((resolve) => waiting.push(resolve));
      return undefined;
    });
    renderSignedIn(<PetsPage />, { path: '/pets?q=luna' });
    expect(await screen.findByRole('alert')).toHaveTextContent('cannot read');
    unreadable = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const status = screen.getByRole('status');
    for (const sofar of ['100', '200']) {
      await waitFor(() => expect(waiting).toHaveLength(1));
      waiting.shift()!();
      await waitFor(() => expect(status).toHaveTextContent(`Looked through ${sofar} pets so far`));
    }
    await waitFor(() => expect(waiting).toHaveLength(1));
    waiting.shift()!();
    await waitFor(() => expect(status).toHaveTextContent('3 pets named like “luna”, among 300 pets looked through.'));
  });

  it('a search left before its end goes on when the list is back, not shown as all there is', async () => {
    const waiting: (() => void)[] = [];
    const asked = pagedStore(3, async () => {
      await new Promise<void>((resolve) => waiting.push(resolve));
      return undefined;
    });
    let show!: (shown: boolean) => void;
    function LeftAndBack() {
      const [shown, setShown] = useState(true);
      show = setShown;
      return shown ? <PetsPage /> : <p>A pet’s page</p>;
    }
    renderSignedIn(<LeftAndBack />, { path: '/pets?q=luna' });
    await waitFor(() => expect(waiting).toHaveLength(1));
    waiting.shift()!();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Looked through 100 pets so far'));
    // Left while the second page is on its way, and back at once.
    await waitFor(() => expect(waiting).toHaveLength(1));
    act(() => show(false));
    act(() => show(true));
    waiting.splice(0).forEach((answer) => answer());
    await waitFor(() => {
      waiting.splice(0).forEach((answer) => answer());
      expect(screen.getByRole('status')).toHaveTextContent('3 pets named like “luna”, among 300 pets looked through.');
    });
    expect(asked.filter((page) => page === 0)).toHaveLength(1);
  });

  it('a search whose pets come after failed tries no longer says it failed, and a stopped one neither', async () => {
    let reads = 0;
    server.use(
      http.get(`${API}/pets`, ({ request }) => {
        reads++;
        // Four failures, then a first full page, then nothing more answers.
        if (reads <= 4) return HttpResponse.error();
        if (new URL(request.url).searchParams.has('cursor')) return new Promise<never>(() => {});
        const page = Array.from({ length: 100 }, (_, i) => ({ id: 500 - i, name: `Luna ${i}`, categoryId: 1 }));
        return HttpResponse.json(page, { headers: { Link: `<${API}/pets?limit=100&cursor=next>; rel="next"` } });
      }),
    );
    renderSignedIn(<PetsPage />, { path: '/pets?q=luna' });
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Looked through 100 pets so far'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stop searching' }));
    await waitFor(() => expect(status).toHaveTextContent('Stopped after looking through 100 pets'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a search stopped before it found a pet never says there is none', async () => {
    server.use(
      http.get(`${API}/pets`, ({ request }) => {
        // A first full page without the name, then the rest never comes.
        if (new URL(request.url).searchParams.has('cursor')) return new Promise<never>(() => {});
        const page = Array.from({ length: 100 }, (_, i) => ({ id: 500 - i, name: `Bella ${i}`, categoryId: 1 }));
        return HttpResponse.json(page, { headers: { Link: `<${API}/pets?limit=100&cursor=next>; rel="next"` } });
      }),
    );
    renderSignedIn(<PetsPage />, { path: '/pets?q=luna' });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Looked through 100 pets so far'));
    await userEvent.click(screen.getByRole('button', { name: 'Stop searching' }));
    expect(
      await screen.findByText(
        'No pet named like “luna” among those looked through: the search was stopped before the end.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/Found no pet/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search the rest' })).toBeVisible();
  });

  it('hands the focus on Stop searching to the search box once the search ends by itself', async () => {
    let answerLast = () => {};
    const last = new Promise<void>((resolve) => (answerLast = resolve));
    server.use(
      http.get(`${API}/pets`, async ({ request }) => {
        if (!new URL(request.url).searchParams.has('cursor')) {
          const page = Array.from({ length: 100 }, (_, i) => ({ id: 500 - i, name: `Luna ${i}`, categoryId: 1 }));
          return HttpResponse.json(page, { headers: { Link: `<${API}/pets?limit=100&cursor=next>; rel="next"` } });
        }
        await last;
        return HttpResponse.json([{ id: 1, name: 'Luna the last', categoryId: 1 }]);
      }),
    );
    renderSignedIn(<PetsPage />, { path: '/pets?q=luna' });
    const stop = await screen.findByRole('button', { name: 'Stop searching' });
    act(() => stop.focus());

    answerLast();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('101 pets named like “luna”'));
    expect(screen.queryByRole('button', { name: 'Stop searching' })).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveFocus();
  });

  it('Clear the search empties the search box and puts the focus there', async () => {
    answer(200);
    renderSignedIn(<PetsPage />, { path: '/pets?q=nobody' });
    await userEvent.click(await screen.findByRole('button', { name: 'Clear the search' }));
    const box = screen.getByRole('searchbox', { name: 'Search by name' });
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('a search the service fails says so, never that no pet has the name', async () => {
    answer(400, { code: 'invalid_query', message: 'query parameter limit is wrong' });
    renderSignedIn(<PetsPage />, { path: '/pets?q=luna' });
    expect(await screen.findByRole('alert')).toHaveTextContent('query parameter limit is wrong');
    expect(screen.getByRole('status')).toHaveTextContent('The search could not start.');
    expect(screen.queryByText(/Found no pet named like/)).not.toBeInTheDocument();
  });
});
