import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPetstoreApi } from '../../../api/client.ts';
import { keepTrying } from '../../../api/read-failure.ts';
import type { Environment } from '../../../config/config.ts';
import { sessionStore } from '../../../lib/session.ts';
import { API, refuseByPagePolicy, server } from '../../../test/msw-server.ts';
import { testEnvironment } from '../../../test/render.tsx';
import { petQueue } from '../pet-queue.ts';
import { petQueries } from './pet-queries.ts';
import { sendAgain, sendQueuedPet } from './send-queued-pets.ts';

const REFERENCE: Environment = { ...testEnvironment, extensions: ['idempotency-key'] };
const rex = { name: 'Rex', categoryId: 3n, status: 'available' } as const;

/** `POST /pets` answered by `answer` in turn, `GET /pets` by `read`. */
function service({ answer, read = () => HttpResponse.json([]) }: { answer: () => Response; read?: () => Response }) {
  const creates: (string | null)[] = [];
  let reads = 0;
  server.use(
    http.post(`${API}/pets`, ({ request }) => {
      creates.push(request.headers.get('Idempotency-Key'));
      return answer();
    }),
    http.get(`${API}/pets`, () => {
      reads++;
      return read();
    }),
  );
  return { creates, reads: () => reads };
}

const send = (environment: Environment) =>
  sendQueuedPet(
    createPetstoreApi(environment, { getApiKey: () => 'k', timeoutMs: 5000 }),
    new QueryClient(),
    petQueue.get()[0]!,
  );

const added = () => HttpResponse.json({ id: 7, ...rex, categoryId: 3 }, { status: 201 });

beforeEach(() => sessionStore.signIn({ apiKey: 'k', environmentName: 'Test' }));
afterEach(() => sessionStore.signOut());

describe('sendQueuedPet where the environment offers idempotency keys', () => {
  it('sends every time with the key the pet was given, and a lost answer is tried again later', async () => {
    let lose = true;
    const { creates, reads } = service({ answer: () => (lose ? HttpResponse.error() : added()) });
    petQueue.add(rex, { state: 'waiting', idempotencyKey: 'key-of-rex' });
    expect(await send(REFERENCE)).toBe('later');
    expect(petQueue.get()).toMatchObject([{ state: 'waiting' }]);
    lose = false;
    expect(await send(REFERENCE)).toBe('done');
    expect(petQueue.get()).toEqual([]);
    expect(creates).toEqual(['key-of-rex', 'key-of-rex']);
    // No read first: a second send cannot add the pet twice.
    expect(reads()).toBe(0);
  });

  it("waits, never sent, while the page's own CSP refuses the service: the deployment can be mended", async () => {
    const refusedApi = 'http://refused-by-csp.test/v1';
    server.use(http.post(`${refusedApi}/pets`, ({ request }) => refuseByPagePolicy(request)));
    petQueue.add(rex, { state: 'waiting', idempotencyKey: 'key-of-rex' });
    expect(await send({ ...REFERENCE, apiBaseUrl: refusedApi })).toBe('later');
    expect(petQueue.get()).toMatchObject([{ state: 'waiting', idempotencyKey: 'key-of-rex', blocked: true }]);
  });

  it("without idempotency keys, a read the page's own CSP refuses: the pet waits, marked as refused by the page", async () => {
    const refusedApi = 'http://refused-reads-by-csp.test/v1';
    server.use(http.get(`${refusedApi}/pets`, ({ request }) => refuseByPagePolicy(request)));
    petQueue.add(rex, { state: 'waiting' });
    expect(await send({ ...testEnvironment, apiBaseUrl: refusedApi })).toBe('later');
    expect(petQueue.get()).toMatchObject([{ state: 'waiting', blocked: true }]);
  });

  it('a try that reaches the service after one the page refused is no longer marked refused by the page', async () => {
    service({ answer: () => HttpResponse.json({ code: 'busy', message: 'Busy.', status: 503 }, { status: 503 }) });
    petQueue.update(petQueue.add(rex, { state: 'waiting', idempotencyKey: 'key-of-rex' }).id, { blocked: true });
    expect(await send(REFERENCE)).toBe('later');
    expect(petQueue.get()[0]).toMatchObject({ state: 'waiting' });
    expect(petQueue.get()[0]?.blocked).toBeUndefined();
  });
});

describe('sendQueuedPet while the lists cannot be read', () => {
  it('is done once the pet is added: it does not wait on a list the screen keeps trying to read', async () => {
    service({
      answer: added,
      read: () => HttpResponse.json({ code: 'down', message: 'Down.', status: 503 }, { status: 503 }),
    });
    const api = createPetstoreApi(REFERENCE, { getApiKey: () => 'k', timeoutMs: 5000 });
    const client = new QueryClient();
    // The list on screen, tried again and again while the service fails to read it.
    const list = new QueryObserver(client, {
      retry: keepTrying,
      ...petQueries.page(api, { status: undefined, limit: 20, link: undefined }),
      retryDelay: 1,
    });
    const unsubscribe = list.subscribe(() => {});
    try {
      petQueue.add(rex, { state: 'waiting', idempotencyKey: 'key-of-rex' });
      expect(await sendQueuedPet(api, client, petQueue.get()[0]!)).toBe('done');
      expect(petQueue.get()).toEqual([]);
    } finally {
      unsubscribe();
    }
  });
});

describe('sendQueuedPet where a key the service knew may be forgotten', () => {
  it('does not send again a pet sent with another API key, or over a day ago: it may have been added', async () => {
    const { creates } = service({ answer: added });
    sessionStore.signIn({ apiKey: 'old', environmentName: 'Test' });
    const sentWith = { apiKey: sessionStore.keyPrint()!, at: Date.now() };
    sessionStore.renewKey('k');
    petQueue.add(rex, { state: 'waiting', idempotencyKey: 'key-of-rex', sentWith });
    expect(await send(REFERENCE)).toBe('done');
    expect(petQueue.get()).toMatchObject([{ state: 'lost' }]);
    petQueue.remove(petQueue.get()[0]!.id);

    const dayAgo = { apiKey: sessionStore.keyPrint()!, at: Date.now() - 24 * 60 * 60 * 1000 };
    petQueue.add(rex, { state: 'waiting', idempotencyKey: 'key-of-rex', sentWith: dayAgo });
    expect(await send(REFERENCE)).toBe('done');
    expect(petQueue.get()).toMatchObject([{ state: 'lost' }]);
    expect(creates).toEqual([]);
  });
});

describe('sendAgain: the person sends once more a pet that may have been added', () => {
  it('with its idempotency key while the service knows it, else with a new one, which goes', async () => {
    const { creates } = service({ answer: added });
    const sentWith = { apiKey: sessionStore.keyPrint()!, at: Date.now() };
    petQueue.add(rex, { state: 'lost', lostBy: 'network', idempotencyKey: 'key-of-rex', sentWith });
    sendAgain(petQueue.get()[0]!);
    expect(petQueue.get()).toMatchObject([{ state: 'waiting', idempotencyKey: 'key-of-rex', sentWith }]);
    petQueue.remove(petQueue.get()[0]!.id);

    const otherKey = { apiKey: 'another key', at: Date.now() };
    petQueue.add(rex, { state: 'lost', lostBy: 'network', idempotencyKey: 'key-of-rex', sentWith: otherKey });
    sendAgain(petQueue.get()[0]!);
    const [again] = petQueue.get();
    expect(again).toMatchObject({ state: 'waiting', sentWith: undefined });
    expect(again!.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(await send(REFERENCE)).toBe('done');
    expect(petQueue.get()).toEqual([]);
    expect(creates).toEqual([again!.idempotencyKey]);
  });

  it("forgets that the page's CSP refused an earlier try: the next try says whether it still does", () => {
    const { id } = petQueue.add(rex, { state: 'lost', lostBy: 'network' });
    petQueue.update(id, { blocked: true });
    sendAgain(petQueue.get()[0]!);
    expect(petQueue.get()[0]).toMatchObject({ state: 'waiting' });
    expect(petQueue.get()[0]?.blocked).toBeUndefined();
  });
});

describe('sendQueuedPet when the service stops taking the key', () => {
  it.each([
    [401, 'unauthorized'],
    // As this project's service answers a key it stopped taking, once it was refused too often.
    [429, 'too_many_requests'],
  ])('a %i added nothing: with another key later, the pet goes with the same idempotency key', async (status, code) => {
    let revoked = true;
    const { creates } = service({
      answer: () => (revoked ? HttpResponse.json({ code, message: 'No.', status }, { status }) : added()),
    });
    petQueue.add(rex, { state: 'waiting', idempotencyKey: 'key-of-rex' });
    expect(await send(REFERENCE)).toBe('later');
    expect(petQueue.get()).toMatchObject([{ state: 'waiting' }]);
    expect(petQueue.get()[0]!.sentWith).toBeUndefined();
    revoked = false;
    sessionStore.renewKey('k2');
    expect(await send(REFERENCE)).toBe('done');
    expect(petQueue.get()).toEqual([]);
    expect(creates).toEqual(['key-of-rex', 'key-of-rex']);
  });
});

describe('sendQueuedPet when the session ends before the answer comes', () => {
  /** A pet on its way, its `POST /pets` held until `answer` is called with what to answer. */
  async function sendHeld() {
    let answer: (response: Response) => void = () => undefined;
    const held = new Promise<Response>((resolve) => (answer = resolve));
    server.use(http.post(`${API}/pets`, () => held));
    petQueue.add(rex, { state: 'waiting', idempotencyKey: 'key-of-rex' });
    const sending = send(REFERENCE);
    await vi.waitFor(() => expect(petQueue.get()).toMatchObject([{ state: 'sending' }]));
    return { answer, sending };
  }
  const unauthorized = () => HttpResponse.json({ code: 'unauthorized', message: 'No.', status: 401 }, { status: 401 });

  it('writes a refusal to the queue of the key that sent it', async () => {
    const { answer, sending } = await sendHeld();
    sessionStore.expire();
    answer(HttpResponse.json({ code: 'invalid_name', message: 'Name is bad.', status: 400 }, { status: 400 }));
    expect(await sending).toBe('done');
    sessionStore.signIn({ apiKey: 'k', environmentName: 'Test' });
    expect(petQueue.get()).toMatchObject([{ state: 'refused' }]);
  });

  it('writes it to the key that took the pet over meanwhile: added, it is no longer kept', async () => {
    const { answer, sending } = await sendHeld();
    sessionStore.expire();
    sessionStore.signIn({ apiKey: 'k2', environmentName: 'Test' });
    petQueue.takeOver();
    expect(petQueue.get()).toHaveLength(1);
    answer(added());
    expect(await sending).toBe('done');
    expect(petQueue.get()).toEqual([]);
  });

  it('writes what became of the pet to the queue of the key that sent it', async () => {
    const { answer, sending } = await sendHeld();
    sessionStore.expire();
    answer(unauthorized());
    expect(await sending).toBe('later');
    sessionStore.signIn({ apiKey: 'k', environmentName: 'Test' });
    expect(petQueue.get()).toMatchObject([{ state: 'waiting' }]);
    expect(petQueue.get()[0]!.sentWith).toBeUndefined();
  });

  it('writes nothing once signed out: nothing of the queue is left to read', async () => {
    const { answer, sending } = await sendHeld();
    sessionStore.signOut();
    answer(unauthorized());
    expect(await sending).toBe('later');
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('petstore-admin.'))).toEqual([]);
  });
});

describe('sendQueuedPet against a service built to the spec alone', () => {
  it('sends nothing while reads get no answer', async () => {
    const { creates } = service({ answer: added, read: () => HttpResponse.error() });
    petQueue.add(rex, { state: 'waiting' });
    expect(await send(testEnvironment)).toBe('later');
    expect(creates).toEqual([]);
    expect(petQueue.get()).toMatchObject([{ state: 'waiting' }]);
  });

  it('sends a pet once, however many senders, and never while it cannot be discarded', async () => {
    let answerRead: () => void = () => undefined;
    const readAnswered = new Promise<void>((resolve) => (answerRead = resolve));
    const { creates } = service({
      answer: added,
      read: () => HttpResponse.json([]),
    });
    server.use(
      http.get(`${API}/pets`, async () => {
        await readAnswered;
        return HttpResponse.json([]);
      }),
    );
    petQueue.add(rex, { state: 'waiting' });
    const first = send(testEnvironment);
    // While the first sender checks that the service answers, the pet is on its way: a second
    // sender (another mount of the queue's runner) leaves it, and it shows no Discard.
    expect(petQueue.get()).toMatchObject([{ state: 'sending' }]);
    expect(await send(testEnvironment)).toBe('done');
    answerRead();
    expect(await first).toBe('done');
    expect(creates).toHaveLength(1);
    expect(petQueue.get()).toEqual([]);
  });

  it('a send whose answer is lost may have added the pet: it is not sent again by itself', async () => {
    const { creates } = service({ answer: () => HttpResponse.error() });
    petQueue.add(rex, { state: 'waiting', idempotencyKey: 'declared-no-more' });
    expect(await send(testEnvironment)).toBe('done');
    expect(petQueue.get()).toMatchObject([{ state: 'lost', lostBy: 'network' }]);
    // A key kept from when the environment declared idempotency is not sent to one that does not.
    expect(creates).toEqual([null]);
  });

  it.each([
    ['with', REFERENCE],
    ['without', testEnvironment],
  ])(
    'a 201 it cannot read has most likely added the pet: %s a key, not sent again by itself',
    async (_, environment) => {
      const { creates } = service({ answer: () => HttpResponse.json([1, 2, 3], { status: 201 }) });
      petQueue.add(rex, { state: 'waiting', idempotencyKey: 'key-of-rex' });
      expect(await send(environment)).toBe('done');
      expect(petQueue.get()).toMatchObject([{ state: 'lost', lostBy: 'network', unreadable: true }]);
      expect(creates).toHaveLength(1);
    },
  );

  it.each([
    ['503', () => new HttpResponse('Service Unavailable', { status: 503 })],
    [
      '429, too many requests,',
      () => HttpResponse.json({ code: 'slow_down', message: 'Slow down.', status: 429 }, { status: 429 }),
    ],
  ])('a %s added nothing: tried again later, and then it goes', async (_, refusal) => {
    let refuse = true;
    const { creates } = service({ answer: () => (refuse ? refusal() : added()) });
    petQueue.add(rex, { state: 'waiting' });
    expect(await send(testEnvironment)).toBe('later');
    expect(petQueue.get()).toMatchObject([{ state: 'waiting' }]);
    refuse = false;
    expect(await send(testEnvironment)).toBe('done');
    expect(petQueue.get()).toEqual([]);
    expect(creates).toHaveLength(2);
  });

  it.each([
    [400, 'invalid_name', 'Name is bad.', 'Name is bad. Change what it names and send it again.'],
    [413, 'too_big', 'Too big.', 'Too big. Shorten the text and send it again.'],
  ])('a %i is refused, in the service’s words, and waits for the person', async (status, code, message, words) => {
    service({ answer: () => HttpResponse.json({ code, message, status }, { status }) });
    petQueue.add(rex, { state: 'waiting' });
    expect(await send(testEnvironment)).toBe('done');
    expect(petQueue.get()).toMatchObject([{ state: 'refused', problem: words }]);
  });
});
