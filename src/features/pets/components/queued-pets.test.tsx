import { act, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, server } from '../../../test/msw-server.ts';
import { renderSignedIn, testEnvironment } from '../../../test/render.tsx';
import { petFormDraft } from '../add-pet-draft.ts';
import { sessionStore } from '../../../lib/session.ts';
import { petQueue } from '../pet-queue.ts';
import { QueuedPets, SignOutConfirm } from './queued-pets.tsx';

const rex = { name: 'Rex', categoryId: 3n, status: 'sold' } as const;

function renderQueue(add: () => void, environment = testEnvironment) {
  renderSignedIn(<QueuedPets />, { path: '/pets', environment });
  add();
  return screen.findByRole('region', { name: /^Kept in this tab/ });
}

describe('QueuedPets', () => {
  it('shows nothing when no pet waits', () => {
    renderSignedIn(<QueuedPets />, { path: '/pets' });
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('says in words what became of each pet, and discards one by its name', async () => {
    const region = await renderQueue(() => {
      petQueue.add(rex, { state: 'waiting' });
      petQueue.add({ ...rex, name: 'Tom' }, { state: 'waiting' });
    });
    expect(within(region).getByRole('heading', { level: 2 })).toHaveTextContent('Kept in this tab: 2 pets');
    const [first] = within(region).getAllByRole('listitem');
    expect(first).toHaveTextContent('Rex, category 3, sold');
    expect(first).toHaveTextContent('Waiting to be sent: it goes as soon as Test answers.');
    await userEvent.click(within(region).getByRole('button', { name: 'Discard “Tom”' }));
    expect(within(region).getByRole('heading', { level: 2 })).toHaveTextContent('Kept in this tab: 1 pet');
    expect(petQueue.get().map((pet) => pet.pet.name)).toEqual(['Rex']);
  });

  it("says a pet the page's own setup keeps from the service waits for a mended deployment and a reload", async () => {
    const region = await renderQueue(() => {
      petQueue.update(petQueue.add(rex, { state: 'waiting' }).id, { blocked: true });
      petQueue.add({ ...rex, name: 'Tom' }, { state: 'waiting' });
    });
    expect(within(region).getAllByRole('listitem')[0]).toHaveTextContent(
      "Not sent: this page's setup does not let it reach Test. It stays in this tab: tell whoever deployed the app, " +
        'and once that is mended, reload this page to send it.',
    );
    // Counted apart: it is not on its way, as Tom is.
    expect(region).toHaveTextContent(
      "1 waiting to be sent and 1 stopped by this page's setup. Signing out or closing this tab loses them.",
    );
  });

  it("says so offline too: back online, a pet the page's setup keeps from the service is not sent", async () => {
    onlineManager.setOnline(false);
    try {
      const region = await renderQueue(() =>
        petQueue.update(petQueue.add(rex, { state: 'waiting' }).id, { blocked: true }),
      );
      expect(within(region).getByRole('listitem')).toHaveTextContent(/^Rex.*Not sent: this page's setup does not let/);
      expect(within(region).getByRole('listitem')).not.toHaveTextContent('back online');
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('puts a pet discarded back where it was, as it was, on Undo', async () => {
    const region = await renderQueue(() => {
      petQueue.add(rex, { state: 'waiting' });
      petQueue.add({ ...rex, name: 'Tom' }, { state: 'lost', lostBy: 'timeout' });
      petQueue.add({ ...rex, name: 'Kit' }, { state: 'refused', problem: 'Name is bad.' });
    });
    const before = petQueue.get();
    await userEvent.click(within(region).getByRole('button', { name: 'Discard “Tom”' }));
    expect(screen.getByText(/was discarded/)).toHaveTextContent('“Tom” was discarded.');
    // The focus was on the button now gone: it goes to the way back.
    expect(screen.getByRole('button', { name: 'Undo discarding “Tom”' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(petQueue.get()).toEqual(before);
    expect(within(region).getAllByRole('listitem')[1]).toHaveTextContent('Tom, category 3, sold');
    expect(within(region).getByRole('heading', { level: 2 })).toHaveFocus();
    expect(screen.queryByRole('button', { name: /^Undo/ })).not.toBeInTheDocument();
  });

  it('offers Undo for the last pet discarded, and keeps it, focused, as the others are sent', async () => {
    const region = await renderQueue(() => {
      petQueue.add(rex, { state: 'waiting' });
      petQueue.add({ ...rex, name: 'Tom' }, { state: 'waiting' });
      petQueue.add({ ...rex, name: 'Kit' }, { state: 'waiting' });
    });
    await userEvent.click(within(region).getByRole('button', { name: 'Discard “Tom”' }));
    await userEvent.click(within(region).getByRole('button', { name: 'Discard “Kit”' }));
    expect(screen.getByText(/was discarded/)).toHaveTextContent('“Kit” was discarded.');
    expect(screen.queryByRole('button', { name: 'Undo discarding “Tom”' })).not.toBeInTheDocument();
    const undo = screen.getByRole('button', { name: 'Undo discarding “Kit”' });
    expect(undo).toHaveFocus();
    // Rex is sent, the last pet kept: the list of them goes, the way back stays.
    act(() => petQueue.remove(petQueue.get()[0]!.id));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(undo).toHaveFocus();
    await userEvent.click(undo);
    expect(petQueue.get().map((pet) => pet.pet.name)).toEqual(['Kit']);
    expect(await screen.findByRole('heading', { level: 2, name: 'Kept in this tab: 1 pet' })).toHaveFocus();
  });

  it('says which pets the service added as they are sent, each a link to its page', async () => {
    await renderQueue(() => {
      petQueue.add(rex, { state: 'waiting' });
      petQueue.add({ ...rex, name: 'Tom' }, { state: 'waiting' });
    });
    const [first, second] = petQueue.get();
    act(() => petQueue.markSent(first!.id, { name: 'Rex', id: 41n }));
    const said = () => screen.getAllByRole('status').find((status) => status.textContent?.startsWith('Added'));
    expect(said()).toHaveTextContent(/^Added to Test from this tab: “Rex”\.$/);
    act(() => petQueue.markSent(second!.id, { name: 'Tom', id: 42n }));
    expect(said()).toHaveTextContent(/^Added to Test from this tab: “Rex” and “Tom”\.$/);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(within(said()!).getByRole('link', { name: '“Tom”' })).toHaveAttribute('href', '/pets/42');
  });

  it('says nothing of pets sent before the list was opened', async () => {
    const first = renderSignedIn(<QueuedPets />, { path: '/pets' });
    act(() => petQueue.markSent(petQueue.add(rex, { state: 'waiting' }).id, { name: 'Rex', id: 41n }));
    expect(screen.getByText(/^Added to Test from this tab/)).toBeVisible();
    first.unmount();
    renderSignedIn(<QueuedPets />, { path: '/pets' });
    expect(screen.queryByText(/^Added to/)).not.toBeInTheDocument();
  });

  it('counts apart the pets still to be sent and those waiting for the person', async () => {
    const region = await renderQueue(() => {
      petQueue.add(rex, { state: 'waiting' });
      petQueue.add({ ...rex, name: 'Tom' }, { state: 'lost', lostBy: 'network' });
      petQueue.add({ ...rex, name: 'Kit' }, { state: 'refused', problem: 'Name is bad.' });
    });
    expect(within(region).getByRole('heading', { level: 2 })).toHaveTextContent('Kept in this tab: 3 pets');
    expect(region).toHaveTextContent('1 waiting to be sent and 2 waiting for you to decide.');
    await userEvent.click(within(region).getByRole('button', { name: 'Discard “Rex”' }));
    expect(region).toHaveTextContent('2 waiting for you to decide.');
    expect(region).not.toHaveTextContent('waiting to be sent');
  });

  it('before signing out, says what would be lost of each kind', async () => {
    renderSignedIn(<SignOutConfirm open onClose={() => {}} />, { path: '/pets' });
    petQueue.add(rex, { state: 'waiting' });
    petQueue.add({ ...rex, name: 'Tom' }, { state: 'waiting' });
    petQueue.add({ ...rex, name: 'Kit' }, { state: 'lost', lostBy: 'timeout' });
    petQueue.add({ ...rex, name: 'Max' }, { state: 'refused', problem: 'Name is bad.' });
    const dialog = await screen.findByRole('dialog', { name: 'Sign out and lose 4 pets?' });
    expect(dialog).toHaveTextContent(
      'Kept in this tab: 2 pets not sent yet, 1 pet that may or may not have been added, and 1 pet that Test did ' +
        'not add. ' +
        'Signing out removes them from this tab for good.',
    );
  });

  it('while asking before signing out, says so once the waiting pets have been sent', async () => {
    renderSignedIn(<SignOutConfirm open onClose={() => {}} />, { path: '/pets' });
    const { id } = petQueue.add(rex, { state: 'waiting' });
    const dialog = await screen.findByRole('dialog', { name: 'Sign out and lose 1 pet?' });
    act(() => petQueue.markSent(id, { name: 'Rex', id: 41n }));
    expect(dialog).toHaveAccessibleName('Sign out?');
    expect(dialog).toHaveTextContent('Every pet that was waiting has been sent: nothing will be lost.');
    expect(within(dialog).getByRole('button', { name: 'Sign out' })).toBeEnabled();
  });

  describe('pets that a key which stopped working left on this tab', () => {
    function leaveBehind() {
      sessionStore.signIn({ apiKey: 'revoked-key', environmentName: testEnvironment.name });
      petQueue.add(rex, { state: 'waiting' });
      petQueue.add({ ...rex, name: 'Tom, the cat' }, { state: 'waiting' });
      sessionStore.expire();
      renderSignedIn(<QueuedPets />, { path: '/pets' });
      return screen.findByRole('region', { name: 'Left in this tab: 2 pets' });
    }

    it('are sent with this key only when the person takes them over', async () => {
      const region = await leaveBehind();
      expect(region).toHaveTextContent(
        'Added with an API key that Test no longer accepts: “Rex” and “Tom, the cat”. Take them over to ' +
          'send them with your key, or discard them.',
      );
      expect(petQueue.get()).toEqual([]);
      await userEvent.click(within(region).getByRole('button', { name: 'Take them over' }));
      expect(region).not.toBeInTheDocument();
      const done = screen.getByText(/^Taken over/);
      expect(done).toHaveTextContent('Taken over: they are kept in this tab for your key');
      expect(done).toHaveRole('status');
      expect(done).toHaveFocus();
      const own = screen.getByRole('region', { name: 'Kept in this tab: 2 pets' });
      expect(own).toHaveTextContent('2 waiting to be sent.');
      expect(petQueue.get().map((pet) => pet.pet.name)).toEqual(['Rex', 'Tom, the cat']);
    });

    it('are discarded for good only once confirmed, the focus kept on what is left to do', async () => {
      const region = await leaveBehind();
      await userEvent.click(within(region).getByRole('button', { name: 'Discard them…' }));
      const question = within(region).getByRole('group', { name: 'Discard them for good?' });
      expect(within(question).getByRole('button', { name: 'Keep them' })).toHaveFocus();
      await userEvent.click(within(question).getByRole('button', { name: 'Keep them' }));
      expect(within(region).getByRole('button', { name: 'Discard them…' })).toHaveFocus();
      await userEvent.click(within(region).getByRole('button', { name: 'Discard them…' }));
      await userEvent.click(within(region).getByRole('button', { name: 'Discard them' }));
      expect(region).not.toBeInTheDocument();
      const done = screen.getByText(/^Discarded:/);
      expect(done).toHaveTextContent('Discarded: nothing of them is kept.');
      expect(done).toHaveRole('status');
      expect(done).toHaveFocus();
      expect(petQueue.get()).toEqual([]);
      expect(Object.values(sessionStorage).join()).not.toContain('Rex');
    });

    it('are counted before signing out, whatever environment they were left in', async () => {
      sessionStore.signIn({ apiKey: 'revoked-key', environmentName: 'Other' });
      petQueue.add(rex, { state: 'waiting' });
      sessionStore.expire();
      renderSignedIn(<SignOutConfirm open onClose={() => {}} />, { path: '/pets' });
      expect(await screen.findByRole('dialog', { name: 'Sign out and lose 1 pet?' })).toHaveTextContent(
        'Kept in this tab: 1 pet not sent yet.',
      );
    });
  });

  it('names the category where the environment names it, and so does what a look for the pet found', async () => {
    server.use(
      http.get(`${API}/pets`, () => HttpResponse.json([{ id: 9, name: 'Rex', categoryId: 3, status: 'sold' }])),
    );
    const named = { ...testEnvironment, categories: [{ id: 3n, name: 'Dogs' }] };
    const region = await renderQueue(() => petQueue.add(rex, { state: 'lost', lostBy: 'timeout' }), named);
    expect(within(region).getByRole('listitem')).toHaveTextContent('Rex, Dogs, sold');
    await userEvent.click(within(region).getByRole('button', { name: 'Look for “Rex”' }));
    await waitFor(() => expect(region).toHaveTextContent('lists a sold pet named “Rex” in Dogs:'));
  });

  it('a lost send: may have been added, look for it, and Send again only when asked', async () => {
    const region = await renderQueue(() => petQueue.add(rex, { state: 'lost', lostBy: 'timeout' }));
    const item = within(region).getByRole('listitem');
    expect(item).toHaveTextContent('Waiting for you to decide.');
    // Said once, in the notice: not in the state line too.
    expect(item.textContent!.match(/may (or may not )?have been added/g)).toHaveLength(1);
    expect(within(region).getByRole('alert')).toHaveTextContent(
      'Test did not answer in time, so the pet may or may not have been added.',
    );
    expect(within(region).getByRole('button', { name: 'Look for “Rex”' })).toBeVisible();
    await userEvent.click(within(region).getByRole('button', { name: 'Send again “Rex”' }));
    expect(petQueue.get()).toMatchObject([{ state: 'waiting' }]);
  });

  it.each([
    [
      'the key the service still knows',
      true,
      'Look for it before sending it again. Nothing you typed is lost.',
      'Send again “Rex”',
    ],
    [
      'no key',
      false,
      'Look for it before sending it again: sending it again could add it twice.',
      // Found: a second send would add it twice, and the button says so.
      'Send again anyway “Rex”',
    ],
  ])('an unreadable answer, sent with %s: most likely added, look for it', async (_, keyed, words, onceFound) => {
    server.use(
      http.get(`${API}/pets`, () => HttpResponse.json([{ id: 9, name: 'Rex', categoryId: 3, status: 'sold' }])),
    );
    const reference = { ...testEnvironment, extensions: ['idempotency-key' as const] };
    const region = await renderQueue(
      () =>
        petQueue.add(rex, {
          state: 'lost',
          lostBy: 'network',
          unreadable: true,
          ...(keyed && { idempotencyKey: 'k1', sentWith: { apiKey: sessionStore.keyPrint()!, at: Date.now() } }),
        }),
      reference,
    );
    const alert = within(region).getByRole('alert');
    expect(alert).toHaveTextContent('Test answered as if the pet was added');
    expect(alert).toHaveTextContent(words);
    expect(within(region).getByRole('button', { name: 'Send again “Rex”' })).toBeVisible();
    await userEvent.click(within(region).getByRole('button', { name: 'Look for “Rex”' }));
    await waitFor(() => expect(region).toHaveTextContent('lists a sold pet named “Rex” in category 3'));
    expect(within(region).getByRole('button', { name: onceFound })).toBeVisible();
  });

  it('a lost send the look finds: the person says it is the one, and it leaves this tab, Undo at hand', async () => {
    server.use(
      http.get(`${API}/pets`, () => HttpResponse.json([{ id: 9, name: 'Rex', categoryId: 3, status: 'sold' }])),
    );
    const region = await renderQueue(() => {
      petQueue.add(rex, { state: 'waiting' });
      petQueue.add(rex, { state: 'lost', lostBy: 'network' });
    });
    const before = petQueue.get();
    const lost = within(region).getAllByRole('listitem')[1]!;
    await userEvent.click(within(lost).getByRole('button', { name: 'Look for “Rex”' }));
    await userEvent.click(await within(lost).findByRole('button', { name: 'It is: remove it from this tab (“Rex”)' }));
    expect(petQueue.get()).toEqual([before[0]]);
    expect(screen.getByText(/is in Test's list/)).toHaveTextContent(
      "“Rex” is in Test's list: it is no longer kept in this tab.",
    );
    expect(screen.getByRole('button', { name: 'Undo removing “Rex”' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(petQueue.get()).toEqual(before);
  });

  it('says Send again anyway only under the look that found the pet, not under another pet like it', async () => {
    server.use(
      http.get(`${API}/pets`, () => HttpResponse.json([{ id: 9, name: 'Rex', categoryId: 3, status: 'sold' }])),
    );
    const region = await renderQueue(() => {
      petQueue.add(rex, { state: 'lost', lostBy: 'network', unreadable: true });
      petQueue.add(rex, { state: 'lost', lostBy: 'network', unreadable: true });
    });
    const [looked, other] = within(region).getAllByRole('listitem');
    await userEvent.click(within(looked!).getByRole('button', { name: 'Look for “Rex”' }));
    expect(await within(looked!).findByRole('button', { name: 'Send again anyway “Rex”' })).toBeVisible();
    // The same look's answer, which this one's notice does not show.
    expect(within(other!).getByRole('button', { name: 'Look for “Rex”' })).toBeVisible();
    expect(within(other!).getByRole('button', { name: 'Send again “Rex”' })).toBeVisible();
  });

  it('a refusal: the service’s words, and Edit puts the pet back in the form', async () => {
    const region = await renderQueue(() =>
      petQueue.add(rex, { state: 'refused', problem: 'Name is bad. Change what it names and send it again.' }),
    );
    expect(region).toHaveTextContent('Not added: Name is bad. Change what it names and send it again.');
    await userEvent.click(within(region).getByRole('button', { name: 'Edit “Rex”' }));
    expect(petQueue.get()).toEqual([]);
    expect(petFormDraft.load()).toEqual({ name: 'Rex', categoryId: '3', status: 'sold' });
  });
});
