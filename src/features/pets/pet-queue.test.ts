import { onlineManager } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../lib/session.ts';
import { parseQueue, petQueue, runPetQueue, type QueuedPet, type SendOutcome } from './pet-queue.ts';

const rex = { name: 'Rex', categoryId: 3n, status: 'pending' } as const;

const entry = (change: Record<string, unknown> = {}) => ({
  id: 'a1',
  pet: { name: 'Rex', categoryId: '3', status: 'pending' },
  state: 'waiting',
  queuedAt: 1,
  ...change,
});

describe('parseQueue: what is read back from storage', () => {
  it('keeps entries that fit, with int64 category ids exact', () => {
    const big = entry({ pet: { name: 'Big', categoryId: '9223372036854775807', status: 'sold' } });
    expect(parseQueue([entry(), big])).toEqual([entry(), big]);
  });

  it.each([
    ['not a list', { a: 1 }],
    ['null', null],
    ['a string', 'pets'],
  ])('reads %s as an empty queue', (_, value) => {
    expect(parseQueue(value)).toEqual([]);
  });

  it.each([
    ['no id', entry({ id: '' })],
    ['an empty name', entry({ pet: { name: '  ', categoryId: '3', status: 'sold' } })],
    ['a category id that is no number', entry({ pet: { name: 'Rex', categoryId: '3x', status: 'sold' } })],
    ['a category id beyond int64', entry({ pet: { name: 'Rex', categoryId: '9223372036854775808', status: 'sold' } })],
    ['an unknown status', entry({ pet: { name: 'Rex', categoryId: '3', status: 'lost' } })],
    ['an unknown state', entry({ state: 'flying' })],
    ['no time', entry({ queuedAt: 'soon' })],
    ['a number for a pet', 42],
  ])('drops an entry with %s and keeps the others', (_, bad) => {
    expect(parseQueue([bad, entry({ id: 'b2' })])).toEqual([entry({ id: 'b2' })]);
  });

  it('keeps a lost pet whatever a later version wrote of how it was lost', () => {
    expect(parseQueue([entry({ state: 'lost', lostBy: 'gremlins' })])).toEqual([entry({ state: 'lost' })]);
    expect(parseQueue([entry({ state: 'lost', lostBy: 'network', unreadable: true, why: 'gremlins' })])).toEqual([
      entry({ state: 'lost', lostBy: 'network', unreadable: true }),
    ]);
  });

  it('reads a send cut short by a reload as lost without a key, and as waiting with one', () => {
    expect(parseQueue([entry({ state: 'sending' })])).toEqual([entry({ state: 'lost', lostBy: 'network' })]);
    expect(parseQueue([entry({ state: 'sending', idempotencyKey: 'k' })])).toEqual([
      entry({ state: 'waiting', idempotencyKey: 'k' }),
    ]);
  });

  it("forgets, on a reload, that the page's CSP refused the last try: a reload is what that waits for", () => {
    expect(parseQueue([entry({ blocked: true })])[0]?.blocked).toBeUndefined();
    expect(parseQueue([entry({ state: 'sending', blocked: true })])[0]).toMatchObject({ state: 'lost' });
    expect(parseQueue([entry({ state: 'sending', blocked: true })])[0]?.blocked).toBeUndefined();
  });
});

describe('petQueue: kept per key owner in the session', () => {
  beforeEach(() => sessionStore.signIn({ apiKey: 'key-1', environmentName: 'Test' }));
  afterEach(() => sessionStore.signOut());

  it('survives a reload (read again from storage) and is per key and environment', () => {
    petQueue.add(rex, { state: 'waiting' });
    sessionStore.signIn({ apiKey: 'key-2', environmentName: 'Test' });
    expect(petQueue.get()).toEqual([]);
    sessionStore.signIn({ apiKey: 'key-1', environmentName: 'Other' });
    expect(petQueue.get()).toEqual([]);
    sessionStore.signIn({ apiKey: 'key-1', environmentName: 'Test' });
    expect(petQueue.get()).toMatchObject([{ state: 'waiting', pet: { name: 'Rex', categoryId: '3' } }]);
  });

  it('does not crash on storage edited by hand: a reload reads what fits', async () => {
    petQueue.add(rex, { state: 'waiting' });
    const key = Object.keys(sessionStorage).find((name) => name.endsWith('.pet-queue'))!;
    const reload = async () => {
      vi.resetModules();
      return (await import('./pet-queue.ts')).petQueue;
    };
    sessionStorage.setItem(key, '[{"id": 1}, {not json');
    expect((await reload()).get()).toEqual([]);
    sessionStorage.setItem(key, JSON.stringify([{ id: 1 }, entry()]));
    expect((await reload()).get()).toEqual([entry()]);
  });

  it('a key that stopped working leaves its pets for the next key to take or drop, not to see as its own', () => {
    petQueue.add(rex, { state: 'waiting' });
    sessionStore.expire();
    sessionStore.signIn({ apiKey: 'key-2', environmentName: 'Test' });
    expect(petQueue.get()).toEqual([]);
    expect(petQueue.leftBehind()).toMatchObject([{ state: 'waiting', pet: { name: 'Rex' } }]);
    // Not to another environment's key.
    sessionStore.signIn({ apiKey: 'key-2', environmentName: 'Other' });
    expect(petQueue.leftBehind()).toEqual([]);
    sessionStore.signIn({ apiKey: 'key-2', environmentName: 'Test' });
    petQueue.takeOver();
    expect(petQueue.get()).toMatchObject([{ state: 'waiting', pet: { name: 'Rex' } }]);
    expect(petQueue.leftBehind()).toEqual([]);
    // Taken: the key that left them no longer finds them.
    sessionStore.signIn({ apiKey: 'key-1', environmentName: 'Test' });
    expect(petQueue.get()).toEqual([]);
  });

  it('keys that stop working one after another each leave their pets, all offered to the next key', () => {
    petQueue.add(rex, { state: 'waiting' });
    sessionStore.expire();
    sessionStore.signIn({ apiKey: 'key-2', environmentName: 'Test' });
    petQueue.add({ ...rex, name: 'Tom' }, { state: 'waiting' });
    sessionStore.expire();
    sessionStore.signIn({ apiKey: 'key-3', environmentName: 'Test' });
    expect(petQueue.leftBehind().map((pet) => pet.pet.name)).toEqual(['Rex', 'Tom']);
    petQueue.takeOver();
    expect(petQueue.get().map((pet) => pet.pet.name)).toEqual(['Rex', 'Tom']);
    expect(petQueue.leftBehind()).toEqual([]);
  });

  it('pets left behind can be dropped, and the key that left them finds them if it comes back first', () => {
    petQueue.add(rex, { state: 'waiting' });
    sessionStore.expire();
    sessionStore.signIn({ apiKey: 'key-1', environmentName: 'Test' });
    expect(petQueue.get()).toHaveLength(1);
    expect(petQueue.leftBehind()).toEqual([]);
    // Its session ended well: another key is told of nothing.
    sessionStore.signIn({ apiKey: 'key-2', environmentName: 'Test' });
    expect(petQueue.leftBehind()).toEqual([]);

    sessionStore.signIn({ apiKey: 'key-1', environmentName: 'Test' });
    sessionStore.expire();
    sessionStore.signIn({ apiKey: 'key-2', environmentName: 'Test' });
    expect(petQueue.leftBehind()).toHaveLength(1);
    petQueue.discardLeftBehind();
    expect(petQueue.leftBehind()).toEqual([]);
    expect(Object.values(sessionStorage).join()).not.toContain('Rex');
  });

  it('puts a pet discarded back where it was, once, at the end when the queue is shorter by then', () => {
    const [first, second, third] = ['Rex', 'Tom', 'Kit'].map((name) =>
      petQueue.add({ ...rex, name }, { state: 'waiting' }),
    );
    petQueue.remove(second!.id);
    petQueue.restore(second!, 1);
    petQueue.restore(second!, 1);
    expect(petQueue.get().map((pet) => pet.pet.name)).toEqual(['Rex', 'Tom', 'Kit']);
    // Discarded at the end, and the others sent meanwhile.
    petQueue.remove(third!.id);
    petQueue.remove(first!.id);
    petQueue.restore(third!, 2);
    expect(petQueue.get().map((pet) => pet.pet.name)).toEqual(['Tom', 'Kit']);
  });

  it('keeps the pets sent for their owner only, and nothing of them after sign-out', () => {
    const kept = petQueue.add(rex, { state: 'waiting' });
    petQueue.markSent('no such pet', { name: 'Ghost', id: 40n });
    petQueue.markSent(kept.id, { name: 'Rex', id: 41n });
    expect(petQueue.get()).toEqual([]);
    expect(petQueue.sent()).toEqual([{ name: 'Rex', id: 41n }]);
    sessionStore.signIn({ apiKey: 'key-2', environmentName: 'Test' });
    expect(petQueue.sent()).toEqual([]);
    sessionStore.signIn({ apiKey: 'key-1', environmentName: 'Test' });
    expect(petQueue.sent()).toEqual([{ name: 'Rex', id: 41n }]);
    sessionStore.signOut();
    sessionStore.signIn({ apiKey: 'key-1', environmentName: 'Test' });
    expect(petQueue.sent()).toEqual([]);
  });

  it('leaves nothing in storage after sign-out', () => {
    petQueue.add(rex, { state: 'waiting' });
    expect(Object.keys(sessionStorage).some((name) => name.endsWith('.pet-queue'))).toBe(true);
    sessionStore.expire();
    sessionStore.signIn({ apiKey: 'key-2', environmentName: 'Test' });
    sessionStore.signOut();
    expect(Object.keys(sessionStorage).filter((name) => name.includes('pet-queue'))).toEqual([]);
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('petstore-admin.'))).toEqual([]);
    expect(petQueue.get()).toEqual([]);
  });
});

describe('runPetQueue: sending with backoff', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    onlineManager.setOnline(true);
    sessionStore.signIn({ apiKey: 'key-1', environmentName: 'Test' });
  });
  // Every sender a test starts, stopped after it even when it fails: none is left running into the next.
  const running: (() => void)[] = [];
  const start = (send: (pet: QueuedPet) => Promise<SendOutcome>) => {
    const stop = runPetQueue(send);
    running.push(stop);
    return stop;
  };
  afterEach(() => {
    for (const stop of running.splice(0)) stop();
    sessionStore.signOut();
    vi.useRealTimers();
  });

  /** A send that answers from `outcomes` in turn, removing the pet when it is done. */
  function sender(outcomes: SendOutcome[]) {
    const sent: string[] = [];
    const send = vi.fn(async (pet: QueuedPet) => {
      sent.push(pet.pet.name);
      const outcome = outcomes.shift() ?? 'done';
      if (outcome === 'done') petQueue.remove(pet.id);
      return outcome;
    });
    return { send, sent };
  }

  it('tries again 1 s, 2 s, 4 s… apart, never more than 30 s, and stops once sent', async () => {
    petQueue.add(rex, { state: 'waiting' });
    const { send } = sender(['later', 'later', 'later', 'later', 'later', 'later', 'later', 'done']);
    const startedAt = Date.now();
    start(send);
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    // The moments of each try after the first, in ms from the start.
    const tries: number[] = [];
    while (send.mock.calls.length < 8 && tries.length < 8) {
      await vi.advanceTimersToNextTimerAsync();
      tries.push(Date.now() - startedAt);
    }
    expect(tries).toEqual([1000, 3000, 7000, 15_000, 31_000, 61_000, 91_000]);
    expect(petQueue.get()).toEqual([]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(send).toHaveBeenCalledTimes(8);
  });

  it('sends nothing while offline, and everything at once when the browser is back online', async () => {
    onlineManager.setOnline(false);
    petQueue.add(rex, { state: 'waiting' });
    petQueue.add({ ...rex, name: 'Tom' }, { state: 'waiting' });
    const { send, sent } = sender([]);
    start(send);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).not.toHaveBeenCalled();
    onlineManager.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['Rex', 'Tom']);
  });

  it('skips pets that are lost or refused: those wait for the person', async () => {
    petQueue.add(rex, { state: 'lost', lostBy: 'network' });
    petQueue.add({ ...rex, name: 'Tom' }, { state: 'refused', problem: 'No.' });
    const { send } = sender([]);
    start(send);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).not.toHaveBeenCalled();
    // Send again: the person asked.
    petQueue.update(petQueue.get()[0]!.id, { state: 'waiting' });
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("leaves a pet the page's CSP refused until a reload: waiting never mends that", async () => {
    petQueue.add(rex, { state: 'waiting' });
    const { send } = sender([]);
    send.mockImplementationOnce(async (pet) => {
      petQueue.update(pet.id, { blocked: true });
      return 'later';
    });
    start(send);
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    // Nothing is left that a wait could send: no timer is set to find that out.
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(120_000);
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(1);
    // Without the mark (a reload reads the queue without it), it goes at once.
    petQueue.update(petQueue.get()[0]!.id, { blocked: undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('after a wait, a new pet and the online event both try at once, the backoff starting over', async () => {
    petQueue.add(rex, { state: 'waiting' });
    const { send } = sender(['later', 'later', 'later']);
    start(send);
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).toHaveBeenCalledTimes(2);
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(999);
    expect(send).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(4);
  });

  it('stops when told: no send after that', async () => {
    petQueue.add(rex, { state: 'waiting' });
    const { send } = sender(['later']);
    const stop = start(send);
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    petQueue.add(rex, { state: 'waiting' });
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('a tab that does not know yet whether it is a copy of another (the browser’s Duplicate)', () => {
  beforeEach(() => sessionStore.signIn({ apiKey: 'key-1', environmentName: 'Test' }));
  afterEach(() => {
    vi.doUnmock('../../lib/tab-copy.ts');
    sessionStore.signOut();
  });

  /** The queue's code loaded anew, as the page loads, with `isCopiedTab` answering when the test says. */
  async function load() {
    let answer!: (copy: boolean) => void;
    const copy = new Promise<boolean>((resolve) => (answer = resolve));
    vi.resetModules();
    vi.doMock('../../lib/tab-copy.ts', () => ({ isCopiedTab: () => copy }));
    const queue = await import('./pet-queue.ts');
    const shown = renderHook(() => queue.usePetQueue());
    const names = () => shown.result.current.map((pet) => pet.pet.name);
    let settled = false;
    void queue.petQueue.settled().then(() => (settled = true));
    return { ...queue, names, settled: () => settled, answer: (copy: boolean) => act(async () => answer(copy)) };
  }

  it('shows none of the pets it loaded with, while counting them for sign-out; a copy then drops them', async () => {
    petQueue.add(rex, { state: 'waiting' });
    const tab = await load();
    expect(tab.names()).toEqual([]);
    expect(tab.petQueue.kept()).toHaveLength(1);
    // A pet added meanwhile is its own.
    act(() => void tab.petQueue.add({ ...rex, name: 'Tom' }, { state: 'waiting' }));
    expect(tab.names()).toEqual(['Tom']);
    expect(tab.settled()).toBe(false);

    await tab.answer(true);
    expect(tab.settled()).toBe(true);
    expect(tab.names()).toEqual(['Tom']);
    expect(tab.petQueue.kept().map((pet) => pet.pet.name)).toEqual(['Tom']);
  });

  it('a reload shows them as soon as it knows they are its own', async () => {
    petQueue.add(rex, { state: 'waiting' });
    const tab = await load();
    expect(tab.names()).toEqual([]);
    await tab.answer(false);
    expect(tab.settled()).toBe(true);
    expect(tab.names()).toEqual(['Rex']);
  });
});
