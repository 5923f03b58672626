import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSignedIn, testEnvironment } from '../../../test/render.tsx';
import { petFormDraft } from '../add-pet-draft.ts';
import { petQueue } from '../pet-queue.ts';
import { QueuedPets } from './queued-pets.tsx';

const rex = { name: 'Rex', categoryId: 3n, status: 'sold' } as const;

function renderQueue(add: () => void, environment = testEnvironment) {
  renderSignedIn(<QueuedPets />, { path: '/pets', environment });
  add();
  return screen.findByRole('region', { name: /^Waiting to be sent/ });
}

describe('QueuedPets', () => {
  it('shows nothing when no pet waits', () => {
    renderSignedIn(<QueuedPets />, { path: '/pets' });
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('says in words what became of each pet, and cancels one by its name', async () => {
    const region = await renderQueue(() => {
      petQueue.add(rex, { state: 'waiting' });
      petQueue.add({ ...rex, name: 'Tom' }, { state: 'waiting' });
    });
    expect(within(region).getByRole('heading', { level: 2 })).toHaveTextContent('Waiting to be sent: 2 pets');
    const [first] = within(region).getAllByRole('listitem');
    expect(first).toHaveTextContent('Rex, category 3, sold');
    expect(first).toHaveTextContent('Waiting to be sent: it goes as soon as Test answers.');
    await userEvent.click(within(region).getByRole('button', { name: 'Cancel “Tom”' }));
    expect(within(region).getByRole('heading', { level: 2 })).toHaveTextContent('Waiting to be sent: 1 pet');
    expect(petQueue.get().map((pet) => pet.pet.name)).toEqual(['Rex']);
  });

  it('names the category where the environment names it', async () => {
    const named = { ...testEnvironment, categories: [{ id: 3n, name: 'Dogs' }] };
    const region = await renderQueue(() => petQueue.add(rex, { state: 'waiting' }), named);
    expect(within(region).getByRole('listitem')).toHaveTextContent('Rex, Dogs, sold');
  });

  it('a lost send: may have been added, look for it, and Send again only when asked', async () => {
    const region = await renderQueue(() => petQueue.add(rex, { state: 'lost', lostBy: 'timeout' }));
    expect(region).toHaveTextContent('Sent, and no answer came back: it may have been added.');
    expect(within(region).getByRole('alert')).toHaveTextContent(
      'Test did not answer in time, so the pet may or may not have been added.',
    );
    expect(within(region).getByRole('button', { name: 'Look for “Rex”' })).toBeVisible();
    await userEvent.click(within(region).getByRole('button', { name: 'Send again “Rex”' }));
    expect(petQueue.get()).toMatchObject([{ state: 'waiting' }]);
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
