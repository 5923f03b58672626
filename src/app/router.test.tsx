import { act, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, expect, it, vi } from 'vitest';
import { ConfigContext } from '../config/config-context.ts';
import { sessionStore } from '../lib/session.ts';
import { API, server } from '../test/msw-server.ts';
import { testEnvironment } from '../test/render.tsx';
import { SignedInApp } from './signed-in-app.tsx';

// React Router warns of each kind of route with nothing to render once per module: a route without its
// component or fallback fails the first case here that opens one.
afterEach(() => vi.restoreAllMocks());

it.each([
  ['the app itself', '/', '/pets'],
  ['sign-in, once signed in', '/sign-in?next=%2Fpets%2Fnew', '/pets/new'],
  ['index.html', '/index.html', '/pets'],
])('%s leads on to its page, with no warning on the way', async (_, from, to) => {
  server.use(http.get(`${API}/pets`, () => HttpResponse.json([])));
  const warn = vi.spyOn(console, 'warn');
  renderSignedInAt(from);
  await waitFor(() => expect(location.pathname).toBe(to));
  expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
  expect(warn).not.toHaveBeenCalled();
});

it.each([
  ['what the list cannot show', '?status=lost&limit=1000&sort=size&page=2&utm_source=mail', ''],
  ['the defaults, spelt out', '?limit=20&q=', ''],
  ['a search with spaces around it', '?q=%20Rex%20&status=sold', '?status=sold&q=Rex'],
  ['a list as the app writes it', '?status=sold&limit=50&sort=-name', '?status=sold&limit=50&sort=-name'],
])("the list's address keeps only the list shown: %s", async (_, from, to) => {
  server.use(http.get(`${API}/pets`, () => HttpResponse.json([])));
  renderSignedInAt(`/pets${from}`);
  const entries = history.length;
  expect(await screen.findByRole('heading', { level: 1, name: /pets/i })).toBeVisible();
  await waitFor(() => expect(location.search).toBe(to));
  expect(location.pathname).toBe('/pets');
  // In place: Back does not lead to the address left aside.
  expect(history.length).toBe(entries);
});

it('keeps a focus in the menu while the first page loads, and once it shows', async () => {
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  server.use(
    http.get(`${API}/pets`, async () => {
      await answered;
      return HttpResponse.json([]);
    }),
  );
  // A reload or a link from elsewhere: the app opens signed in already, and leaves the focus alone.
  vi.spyOn(sessionStore, 'signedInHere').mockReturnValue(false);
  renderSignedInAt('/pets');
  const menu = () => within(screen.getByRole('navigation', { name: 'Main' }));
  act(() => menu().getByRole('link', { name: 'Messages' }).focus());

  answer();
  expect(await screen.findByRole('heading', { level: 1, name: 'Pets' })).toBeVisible();
  expect(menu().getByRole('link', { name: 'Messages' })).toHaveFocus();
});

function renderSignedInAt(address: string) {
  sessionStore.signIn({ apiKey: 'component-key', environmentName: testEnvironment.name });
  history.replaceState(null, '', address);
  render(
    <ConfigContext.Provider value={{ environments: [testEnvironment], requestTimeoutMs: 20_000 }}>
      <SignedInApp session={sessionStore.get().session!} />
    </ConfigContext.Provider>,
  );
}
