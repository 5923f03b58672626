import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigContext } from '../config/config-context.ts';
import { messageDraft } from '../features/messages/message-draft.ts';
import { petFormDraft } from '../features/pets/add-pet-draft.ts';
import { petQueue } from '../features/pets/pet-queue.ts';
import { sessionStore } from '../lib/session.ts';
import { API, server } from '../test/msw-server.ts';
import { testEnvironment } from '../test/render.tsx';
import { SignedInApp } from './signed-in-app.tsx';

/**
 * Signed in on the list, with `waiting` pets kept in this tab, and every request refused as if the
 * key had been revoked: the sign-in-again dialog asks for a new one.
 */
async function renderRevoked(waiting: string[] = []) {
  sessionStore.signIn({ apiKey: 'component-key', environmentName: testEnvironment.name });
  for (const name of waiting) petQueue.add({ name, categoryId: 3n, status: 'pending' }, { state: 'waiting' });
  history.replaceState(null, '', '/pets');
  render(
    <ConfigContext.Provider value={{ environments: [testEnvironment], requestTimeoutMs: 20_000 }}>
      <SignedInApp session={sessionStore.get().session!} />
    </ConfigContext.Provider>,
  );
  return screen.findByRole('dialog', { name: 'Sign in again' });
}

describe('signing out from the sign-in-again dialog', () => {
  beforeEach(() => {
    server.use(
      http.get(`${API}/pets`, () =>
        HttpResponse.json(
          { code: 'unauthorized', message: 'The API key is not accepted.', status: 401 },
          { status: 401 },
        ),
      ),
    );
  });

  it('asks first while pets wait in this tab, as the header does', async () => {
    const reauthDialog = await renderRevoked(['Rex']);

    await userEvent.click(within(reauthDialog).getByRole('button', { name: 'Sign out' }));
    const confirm = await screen.findByRole('dialog', { name: 'Sign out and lose 1 pet?' });
    expect(confirm).toHaveTextContent(
      'Kept in this tab: 1 pet not sent yet. Signing out removes it from this tab for good.',
    );
    expect(sessionStore.get().session).toBeDefined();

    // Staying goes back to the question of a new key, with the pet still waiting.
    await userEvent.click(within(confirm).getByRole('button', { name: 'Stay signed in' }));
    expect(screen.queryByRole('dialog', { name: /^Sign out/ })).not.toBeInTheDocument();
    expect(within(reauthDialog).getByRole('heading', { name: 'Sign in again' })).toBeVisible();
    expect(petQueue.get().map((pet) => pet.pet.name)).toEqual(['Rex']);

    await userEvent.click(within(reauthDialog).getByRole('button', { name: 'Sign out' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Sign out and lose 1 pet?' })).getByRole('button', {
        name: 'Sign out and lose it',
      }),
    );
    expect(sessionStore.get()).toEqual({ session: undefined, reason: 'signed-out' });
    // Nobody is asked for a key any more, and nothing of the queue is left to read.
    expect(screen.queryByRole('heading', { name: 'Sign in again' })).not.toBeInTheDocument();
    expect(Object.values(sessionStorage).join()).not.toContain('Rex');
  });

  it('asks first while a form holds what was typed, but not for a category and status kept', async () => {
    sessionStore.signIn({ apiKey: 'component-key', environmentName: testEnvironment.name });
    petFormDraft.save({ name: 'Dexter', categoryId: '3', status: 'pending' });
    messageDraft.save({ message: 'Feed the parrots' });
    const reauthDialog = await renderRevoked();

    await userEvent.click(within(reauthDialog).getByRole('button', { name: 'Sign out' }));
    const confirm = await screen.findByRole('dialog', { name: 'Sign out and lose what you typed?' });
    expect(confirm).toHaveTextContent(
      'Typed and not sent: the pet you were adding and the message you were writing. Signing out removes them from this tab for good.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Stay signed in' }));
    expect(petFormDraft.load()?.name).toBe('Dexter');

    // The message sent, the pet's name cleared: what is left is no one's typing.
    messageDraft.save({ message: ' ' });
    petFormDraft.save({ name: '', categoryId: '3', status: 'pending' });
    await userEvent.click(within(reauthDialog).getByRole('button', { name: 'Sign out' }));
    expect(sessionStore.get()).toEqual({ session: undefined, reason: 'signed-out' });
  });

  it('asks first while a key that stopped working left what was typed, which sign-out drops too', async () => {
    sessionStore.signIn({ apiKey: 'old-key', environmentName: 'Staging' });
    petFormDraft.save({ name: 'Dexter', categoryId: '3', status: 'pending' });
    sessionStore.expire();
    const reauthDialog = await renderRevoked();

    await userEvent.click(within(reauthDialog).getByRole('button', { name: 'Sign out' }));
    const confirm = await screen.findByRole('dialog', { name: 'Sign out and lose what you typed?' });
    expect(confirm).toHaveTextContent('Typed and not sent: what was typed under a key that stopped working.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sign out and lose it' }));
    expect(Object.values(sessionStorage).join()).not.toContain('Dexter');
  });

  it('names what a pasted key picked up, and sends nothing', async () => {
    const reauthDialog = await renderRevoked();
    let checks = 0;
    server.events.on('request:start', () => checks++);
    await userEvent.type(within(reauthDialog).getByLabelText('API key'), 'new\u2011key');
    await userEvent.click(within(reauthDialog).getByRole('button', { name: 'Sign in' }));
    expect(within(reauthDialog).getByText(/^The key holds the character ‑ \(U\+2011\)/)).toBeVisible();
    expect(within(reauthDialog).getByLabelText('API key')).toHaveValue('new\u2011key');
    expect(checks).toBe(0);
    server.events.removeAllListeners();
  });

  it('reads out that the key is being checked, then that it was refused, with the focus in the field', async () => {
    const reauthDialog = await renderRevoked();
    const liveRegions = [...reauthDialog.querySelectorAll('[aria-live], [role="status"], [role="alert"]')];
    const saying = (words: string) => liveRegions.filter((region) => region.textContent?.includes(words));
    const field = within(reauthDialog).getByLabelText('API key');
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(`${API}/pets`, async () => {
        await answered;
        return HttpResponse.json({ code: 'unauthorized', message: 'No.', status: 401 }, { status: 401 });
      }),
    );

    await userEvent.type(field, 'wrong-key{Enter}');
    await vi.waitFor(() => expect(saying('Checking the key with the service…')).toHaveLength(1));
    answer();
    await vi.waitFor(() => expect(saying('not accepted')).toHaveLength(1));
    expect(saying('Checking the key')).toHaveLength(0);
    expect(field).toHaveFocus();
    expect(field).toHaveValue('wrong-key');
  });

  it('signs out at once when no pet waits', async () => {
    const reauthDialog = await renderRevoked();
    await userEvent.click(within(reauthDialog).getByRole('button', { name: 'Sign out' }));
    expect(screen.queryByRole('dialog', { name: /^Sign out/ })).not.toBeInTheDocument();
    expect(sessionStore.get()).toEqual({ session: undefined, reason: 'signed-out' });
    expect(screen.queryByRole('heading', { name: 'Sign in again' })).not.toBeInTheDocument();
  });
});
