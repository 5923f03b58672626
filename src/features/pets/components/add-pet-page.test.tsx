import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { onlineManager } from '@tanstack/react-query';
import { Link, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Environment } from '../../../config/config.ts';
import { API, server } from '../../../test/msw-server.ts';
import { sessionStore } from '../../../lib/session.ts';
import { renderSignedIn, testEnvironment } from '../../../test/render.tsx';
import { petFormDraft, unansweredPet } from '../add-pet-draft.ts';
import { useLeftCreate } from '../left-create.ts';
import { petQueue } from '../pet-queue.ts';
import { Announcer } from '../../../ui/announcer.tsx';
import { AddPetPage } from './add-pet-page.tsx';
import { LeftCreateNotice } from './left-create-notice.tsx';

const REFERENCE: Environment = {
  ...testEnvironment,
  extensions: ['idempotency-key'],
  limits: { petNameMaxLength: 200, requestBodyMaxBytes: 65536 },
};

interface Create {
  body: string;
  idempotencyKey: string | null;
}

/** `POST /pets` answered by `answer` in turn; `GET /pets` by `list`. */
function service({
  answer,
  list = () => HttpResponse.json([]),
}: {
  answer: (attempt: number) => Response;
  list?: (url: URL) => Response;
}) {
  const creates: Create[] = [];
  const reads: URL[] = [];
  server.use(
    http.post(`${API}/pets`, async ({ request }) => {
      creates.push({ body: await request.text(), idempotencyKey: request.headers.get('Idempotency-Key') });
      return answer(creates.length);
    }),
    http.get(`${API}/pets`, ({ request }) => {
      reads.push(new URL(request.url));
      return list(new URL(request.url));
    }),
  );
  return { creates, reads };
}

async function addPet(name = 'Rex', categoryId = '3') {
  await userEvent.type(screen.getByLabelText('Name'), name);
  await userEvent.type(screen.getByLabelText('Category ID'), categoryId);
  await userEvent.click(screen.getByRole('button', { name: 'Add pet' }));
}

/** What the form's live regions say just now (each is there, empty, until it has something to say). */
const saying = () => {
  const said = screen.getAllByRole('status').filter((region) => region.textContent !== '');
  expect(said).toHaveLength(1);
  return said[0]!;
};
const created = (id: number) =>
  HttpResponse.json({ id, name: 'Rex', categoryId: 3, status: 'available' }, { status: 201 });
const rex = (id: number, categoryId = 3) => ({ id, name: 'Rex', categoryId, status: 'available' });
/** The paragraph that says `words`, a name set apart within it (ui/isolate.tsx) included. */
const paragraph = (words: string | RegExp) => (_: string, element: Element | null) =>
  element?.tagName === 'P' &&
  (typeof words === 'string' ? element.textContent?.includes(words) : words.test(element.textContent ?? '')) === true;

describe('AddPetPage against a service built to the spec alone', () => {
  it('sends no header the spec does not define', async () => {
    const { creates } = service({ answer: () => created(7) });
    renderSignedIn(<AddPetPage />, { path: '/pets/new' });
    await addPet();
    await waitFor(() => expect(creates).toHaveLength(1));
    expect(creates[0]).toEqual({ body: '{"name":"Rex","categoryId":3,"status":"available"}', idempotencyKey: null });
  });

  it('says a pet whose answer was lost may have been added, and sends again only when asked', async () => {
    const { creates } = service({ answer: () => HttpResponse.error() });
    renderSignedIn(<AddPetPage />, { path: '/pets/new' });
    await addPet();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No answer came back from Test, so the pet may or may not have been added.');
    expect(alert).toHaveTextContent('Look for it before sending it again: sending it again could add it twice.');
    expect(alert).not.toHaveTextContent(/in a moment|try again/i);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Rex');
    expect(creates).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(creates).toHaveLength(2));
  });

  it('says a pet whose 201 it cannot read was most likely added, and offers the look before sending again', async () => {
    const { creates } = service({ answer: () => HttpResponse.json([1, 2, 3], { status: 201 }) });
    renderSignedIn(<AddPetPage />, { path: '/pets/new' });
    await addPet();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Test answered as if the pet was added, but this app cannot read its answer.');
    expect(alert).toHaveTextContent('Look for it before sending it again: sending it again could add it twice.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Look for “Rex”' })).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveValue('Rex');

    await userEvent.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(creates).toHaveLength(2));
  });

  it('does not count an unreadable 201 among answers that never came, nor blame the setup for them', async () => {
    service({ answer: (attempt) => (attempt === 1 ? HttpResponse.json([1], { status: 201 }) : HttpResponse.error()) });
    renderSignedIn(<AddPetPage />, { path: '/pets/new' });
    await addPet();
    expect(await screen.findByRole('alert')).toHaveTextContent('answered as if the pet was added');
    await userEvent.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('No answer came back from Test'));
    expect(screen.getByRole('alert')).not.toHaveTextContent(/in a row|setup/);
  });

  it('looks for the pet in its status, and lists the ones named so in its category', async () => {
    const { reads } = service({
      answer: () => HttpResponse.error(),
      list: () => HttpResponse.json([rex(9), { id: 8, name: 'Rexa', categoryId: 3 }, rex(5, 4), rex(2)]),
    });
    renderSignedIn(<AddPetPage />, { path: '/pets/new' });
    await addPet();
    await userEvent.click(await screen.findByRole('button', { name: 'Look for “Rex”' }));
    const lookup = await screen.findByText(paragraph(/lists 2 available pets named “Rex” in category 3/));
    const found = within(lookup.parentElement!).getAllByRole('link');
    expect(found.map((link) => link.textContent)).toEqual(['Rex, ID 9', 'Rex, ID 2']);
    expect(found[0]).toHaveAttribute('href', '/pets/9');
    expect(screen.getByText(/If it is the pet you sent, it was added/)).toBeVisible();
    expect(reads.at(-1)?.search).toBe('?limit=100&status=available');
  });

  it('Look again reads the list anew: a pet added after the first look is found', async () => {
    let looks = 0;
    service({
      answer: () => HttpResponse.error(),
      // The whole list is empty until the lost create lands, after the first look.
      list: (url) => HttpResponse.json(url.searchParams.has('status') && ++looks > 1 ? [rex(9)] : []),
    });
    renderSignedIn(<AddPetPage />, { path: '/pets/new' });
    await addPet();
    await userEvent.click(await screen.findByRole('button', { name: 'Look for “Rex”' }));
    expect(await screen.findByText(paragraph(notAdded(0)))).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Look again' }));
    expect(await screen.findByText(paragraph(/lists an available pet named “Rex” in category 3/))).toBeVisible();
    expect(screen.getByRole('link', { name: 'Rex, ID 9' })).toHaveAttribute('href', '/pets/9');
    expect(screen.getByRole('button', { name: 'It is: clear the form' })).toBeVisible();
  });

  it('once the person says a pet found is the one sent, the form and its draft no longer hold it', async () => {
    service({ answer: () => HttpResponse.error(), list: () => HttpResponse.json([rex(9)]) });
    renderSignedIn(<AddPetPage />, { path: '/pets/new' });
    await addPet();
    const lookFor = await screen.findByRole('button', { name: 'Look for “Rex”' });
    expect(screen.getByRole('button', { name: 'Send again' })).toBeVisible();
    await userEvent.click(lookFor);
    const itIs = await screen.findByRole('button', { name: 'It is: clear the form' });
    // Found: a second send would add it twice, and the form's button says so.
    expect(screen.getByRole('button', { name: 'Send again anyway' })).toBeVisible();
    await userEvent.click(itIs);
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Category ID')).toHaveValue('3');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // A visit to the form later starts from the draft: it has no name to add twice.
    expect(petFormDraft.load()).toMatchObject({ name: '', categoryId: '3' });
    // The next pet's lost answer is its own: not "again and again", nor blamed on the setup.
    await userEvent.type(screen.getByLabelText('Name'), 'Milo');
    await userEvent.click(screen.getByRole('button', { name: 'Add pet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('so the pet may or may not have been added');
    expect(screen.getByRole('button', { name: 'Look for “Milo”' })).toBeVisible();
  });

  const milo = { id: 20, name: 'Milo', categoryId: 3, status: 'pending' };
  const furtherOn = (count: number) =>
    `${count === 1 ? 'The one available pet the service lists is not' : `None of the ${count} available pets the service lists is`} named “Rex” in category 3. It may hold more that it does not list, where this app cannot look: it offers no way past its first page.`;
  const notAdded = (count: number) =>
    `No available pet is named “Rex” in category 3 (${count} looked through): it was not added.`;
  it.each([
    [
      'none in a first page, the service paging its lists: it was not added',
      { all: [rex(1, 8), milo], available: [rex(1, 8)], pending: [milo], paged: true },
      notAdded(1),
    ],
    [
      // A service may page its whole list and cut a status's at `limit`.
      'none in a full first page, the service paging its lists: it may be further on',
      {
        all: Array.from({ length: 100 }, (_, index) => rex(index + 10, 1)),
        available: Array.from({ length: 100 }, (_, index) => rex(index + 10, 1)),
        paged: true,
      },
      furtherOn(100),
    ],
    ['none in an empty store: it was not added', {}, notAdded(0)],
    [
      // A service that may read the first `limit` pets, then keep those of the status asked for.
      'none in a first page shorter than another, no list paged: it may be further on',
      { all: [rex(1, 8), milo], available: [rex(1, 8)], pending: [milo] },
      furtherOn(1),
    ],
    [
      'none in a full first page with no way past it: it may be further on',
      {
        all: Array.from({ length: 100 }, (_, index) => rex(index + 10, 1)),
        available: Array.from({ length: 100 }, (_, index) => rex(index + 10, 1)),
      },
      furtherOn(100),
    ],
    [
      // A service that lists at most two pets whatever the limit.
      'none in first pages all cut at one length: it may be further on',
      { all: [rex(1, 8), rex(2, 8)], available: [rex(1, 8), rex(2, 8)], pending: [milo] },
      furtherOn(2),
    ],
    [
      'no pet of its status, in a store that pages nothing: it may be further on',
      { all: [milo], available: [], pending: [milo] },
      'The service lists no available pets. It may hold some that it does not list, where this app cannot look: it offers no way past its first page.',
    ],
    [
      'none, with the whole list unreadable: it may be further on, and the look does not fail',
      { all: 503, available: [rex(1, 8)], pending: [milo] },
      furtherOn(1),
    ],
  ] as const)(
    'says what the look found: %s',
    async (_, lists: { paged?: true } & Record<string, readonly object[] | 503 | true>, words) => {
      service({
        answer: () => HttpResponse.error(),
        list: (url) => {
          const status = url.searchParams.get('status');
          const pets = lists[status ?? 'all'] ?? [];
          // An unreadable list fails the look's reads (100 at a time), not the check that reads get
          // through (`limit=1`): the create's answer was lost, the service is not out.
          if (pets === 503)
            return url.searchParams.get('limit') === '1'
              ? HttpResponse.json([])
              : HttpResponse.json({}, { status: 503 });
          // A service that pages: the whole list points further on; each status here ends on its first page.
          const next = lists.paged && !status ? { Link: '<?limit=100&cursor=more>; rel="next"' } : undefined;
          return HttpResponse.json(pets, { headers: next });
        },
      });
      renderSignedIn(<AddPetPage />, { path: '/pets/new' });
      await addPet();
      await userEvent.click(await screen.findByRole('button', { name: 'Look for “Rex”' }));
      expect(await screen.findByText(paragraph(words))).toBeVisible();
      // Not found: sending it again stays the way on.
      expect(screen.getByRole('button', { name: 'Send again' })).toBeVisible();
    },
  );

  it('a look that failed, tried again, hands the focus on to what it found', async () => {
    let readable = false;
    service({
      answer: () => HttpResponse.error(),
      list: () => (readable ? HttpResponse.json([rex(9)]) : HttpResponse.json({ pets: 'surprise' })),
    });
    renderSignedIn(<AddPetPage />, { path: '/pets/new' });
    await addPet();
    await userEvent.click(await screen.findByRole('button', { name: 'Look for “Rex”' }));
    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    readable = true;
    await userEvent.click(tryAgain);
    expect(await screen.findByText(paragraph(/lists an available pet named “Rex”/))).toBeVisible();
    expect(document.activeElement).toHaveTextContent('lists an available pet named “Rex”');
  });

  it('follows the next links while it looks', async () => {
    const { reads } = service({
      answer: () => HttpResponse.error(),
      list: (url) =>
        url.searchParams.get('page') === '2'
          ? HttpResponse.json([rex(3)])
          : HttpResponse.json([rex(4, 1)], { headers: { Link: '<?status=available&page=2>; rel="next"' } }),
    });
    renderSignedIn(<AddPetPage />, { path: '/pets/new' });
    await addPet();
    await userEvent.click(await screen.findByRole('button', { name: 'Look for “Rex”' }));
    expect(await screen.findByRole('link', { name: 'Rex, ID 3' })).toBeVisible();
    expect(reads.map((url) => url.search).slice(-2)).toEqual([
      '?limit=100&status=available',
      '?status=available&page=2',
    ]);
  });

  it('stops looking after the first 1,000 pets of a list that goes on, and says so', async () => {
    const { reads } = service({
      answer: () => HttpResponse.error(),
      list: (url) => {
        const page = Number(url.searchParams.get('page') ?? 1);
        const pets = Array.from({ length: 100 }, (_, index) => rex(100_000 - page * 100 - index, 1));
        return HttpResponse.json(pets, { headers: { Link: `<?status=available&page=${page + 1}>; rel="next"` } });
      },
    });
    renderSignedIn(<AddPetPage />, { path: '/pets/new' });
    await addPet();
    await userEvent.click(await screen.findByRole('button', { name: 'Look for “Rex”' }));
    expect(
      await screen.findByText(
        paragraph(
          'None of the first 1,000 available pets the service lists is named “Rex” in category 3. It may be further on, where this app cannot look (looking stops at 1,000).',
        ),
      ),
    ).toBeVisible();
    expect(reads.filter((url) => url.searchParams.get('status') === 'available')).toHaveLength(10);
  });

  it('forgets what the service said of the last pet once the form stops the next, keeping what was typed', async () => {
    const refused = { code: 'category.unknown', message: 'categoryId 0 does not exist (known: 1-12).', status: 400 };
    const { creates } = service({ answer: () => HttpResponse.json(refused, { status: 400 }) });
    renderSignedIn(<AddPetPage />, { path: '/pets/new' });
    await addPet('Rex', '0');
    expect(await screen.findByText(/categoryId 0 does not exist/)).toBeVisible();

    await userEvent.clear(screen.getByLabelText('Category ID'));
    await userEvent.type(screen.getByLabelText('Category ID'), '1.5');
    await userEvent.click(screen.getByRole('button', { name: 'Add pet' }));
    expect(
      await screen.findByText('Enter a whole number: digits only, with a minus sign first if it is negative.'),
    ).toBeVisible();
    expect(screen.queryByText(/categoryId 0 does not exist/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Rex');
    expect(screen.getByLabelText('Category ID')).toHaveValue('1.5');
    expect(creates).toHaveLength(1);
  });

  it('keeps saying a pet may have been added while the form stops the next try', async () => {
    const { creates } = service({ answer: () => HttpResponse.error() });
    renderSignedIn(<AddPetPage />, { path: '/pets/new' });
    await addPet();
    expect(await screen.findByRole('alert')).toHaveTextContent('may or may not have been added');

    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Enter a name.')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('may or may not have been added');
    expect(screen.getByRole('button', { name: 'Look for “Rex”' })).toBeVisible();
    expect(creates).toHaveLength(1);
  });

  it('says the setup refuses a create that gets no answer again and again while reads are answered', async () => {
    const { creates, reads } = service({ answer: () => HttpResponse.error() });
    renderSignedIn(<AddPetPage />, { path: '/pets/new' });
    await addPet();
    await screen.findByRole('button', { name: 'Send again' });
    await userEvent.click(screen.getByRole('button', { name: 'Send again' }));
    const alert = await screen.findByText(/could not be sent/);
    expect(alert).toHaveTextContent(
      'The request to add the pet could not be sent: Test answers when the list is read, but gave no answer to this request 2 times in a row.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent("the service's setup is probably refusing this request");
    expect(screen.getByRole('alert')).toHaveTextContent('Tell whoever runs the service. Nothing you typed is lost.');
    expect(screen.getByRole('alert')).not.toHaveTextContent(/in a moment|by itself/);
    expect(creates).toHaveLength(2);
    // One read after each create that got no answer, to tell an outage from a refusal.
    expect(reads.map((url) => url.search)).toEqual(['?limit=1', '?limit=1']);
  });

  it('keeps the pet in this tab when reads get no answer either, as one that may have been added', async () => {
    server.use(
      http.post(`${API}/pets`, () => HttpResponse.error()),
      http.get(`${API}/pets`, () => HttpResponse.error()),
    );
    renderSignedIn(<AddPetPage />, { path: '/pets/new' });
    await addPet();
    await waitFor(() =>
      expect(saying()).toHaveTextContent(
        "Test can't be reached, and no answer came back: “Rex” may have been added. It is kept in this tab, and sent again only if you ask.",
      ),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(petQueue.get()).toMatchObject([{ state: 'lost', pet: { name: 'Rex', categoryId: '3' } }]);
    // The form is free for the next pet, the name to type; category and status stay.
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Category ID')).toHaveValue('3');
  });

  it('offline, keeps the pet in this tab without sending anything', async () => {
    const { creates, reads } = service({ answer: () => created(7) });
    onlineManager.setOnline(false);
    try {
      renderSignedIn(<AddPetPage />, { path: '/pets/new' });
      const regions = screen.getAllByRole('status');
      await addPet();
      await waitFor(() =>
        expect(saying()).toHaveTextContent(
          'This device is offline: “Rex” is kept in this tab and will be sent once it is back online.',
        ),
      );
      // Said by a live region that was there before, as the focus moves on to the next pet's name.
      expect(regions).toContain(saying());
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    // Back online, what it waits for is the service.
    expect(saying()).toHaveTextContent(
      "Test can't be reached: “Rex” is kept in this tab and will be sent when the service answers again.",
    );
    expect(creates).toHaveLength(0);
    expect(reads).toHaveLength(0);
    expect(petQueue.get()).toMatchObject([{ state: 'waiting', pet: { name: 'Rex', categoryId: '3' } }]);
    // The queue's own tries, every few seconds, are not read out each time: the notice stays as it is.
    const notice = saying();
    const said = notice.textContent;
    const { id } = petQueue.get()[0]!;
    for (let attempt = 0; attempt < 3; attempt++) {
      act(() => petQueue.update(id, { state: 'sending' }));
      expect(notice).toHaveTextContent(said!);
      act(() => petQueue.update(id, { state: 'waiting' }));
    }
    // The notice follows the pet: once the queue has sent it, it says so.
    act(() => petQueue.remove(id));
    expect(saying()).toHaveTextContent('“Rex” has been sent to Test.');
    expect(petQueue.get()[0]?.idempotencyKey).toBeUndefined();
  });

  it('a 429 turned the pet away for now: nothing typed is lost, and Try again adds it', async () => {
    const { creates } = service({
      answer: (attempt) =>
        attempt === 1
          ? HttpResponse.json({ code: 'rate_limited', message: 'Too many requests', status: 429 }, { status: 429 })
          : created(7),
    });
    renderSignedIn(<AddPetPage />, { path: '/pets/new' });
    await addPet();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Too many requests\.\s*Nothing you typed is lost\. Try again in a moment\.$/);
    expect(screen.getByLabelText('Name')).toHaveValue('Rex');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(creates).toHaveLength(2));
    expect(creates[1]!.body).toBe(creates[0]!.body);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it("lets the service's own 413 speak, naming no limit of ours", async () => {
    service({
      answer: () =>
        HttpResponse.json({ code: 'too_big', message: 'Request entity too large', status: 413 }, { status: 413 }),
    });
    renderSignedIn(<AddPetPage />, { path: '/pets/new' });
    await addPet();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Request entity too large. Shorten the text and send it again.',
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('KiB');
  });
});

describe('AddPetPage, heard with a screen reader', () => {
  /** What the app's live region says just now. */
  const announced = () => screen.getAllByRole('status').find((region) => region.closest('form') === null)!;

  it('reads out what is wrong when Enter is pressed in the field itself, where the focus already is', async () => {
    const { creates } = service({ answer: created });
    renderSignedIn(
      <>
        <AddPetPage />
        <Announcer />
      </>,
      { path: '/pets/new' },
    );
    const name = screen.getByLabelText('Name');
    await userEvent.type(name, '{Enter}');
    await waitFor(() => expect(announced()).toHaveTextContent('Enter a name.'));
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('Enter a name.');
    expect(creates).toHaveLength(0);
  });

  it('says nothing more when the focus moves to the field, which is read out with its error', async () => {
    service({ answer: created });
    renderSignedIn(
      <>
        <AddPetPage />
        <Announcer />
      </>,
      { path: '/pets/new' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add pet' }));
    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription('Enter a name.');
    expect(announced()).toBeEmptyDOMElement();
  });
});

describe('AddPetPage against a service that declares its extensions and limits', () => {
  it('sends one Idempotency-Key per pet, the same again after a lost answer, and says a second try is harmless', async () => {
    const { creates } = service({ answer: (attempt) => (attempt === 1 ? HttpResponse.error() : created(7)) });
    renderSignedIn(<AddPetPage />, { path: '/pets/new', environment: REFERENCE });
    await addPet();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No answer came back from Test.');
    expect(alert).toHaveTextContent('Try again: a second try never adds the pet twice.');
    expect(screen.queryByRole('button', { name: /Look for/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(creates).toHaveLength(2));
    expect(creates[0]!.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(creates[1]!.idempotencyKey).toBe(creates[0]!.idempotencyKey);
  });

  it('offers the look after a 201 it cannot read, and a harmless Try again with the same key', async () => {
    const { creates } = service({
      answer: (attempt) => (attempt === 1 ? HttpResponse.json({}, { status: 201 }) : created(7)),
    });
    renderSignedIn(<AddPetPage />, { path: '/pets/new', environment: REFERENCE });
    await addPet();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Test answered as if the pet was added, but this app cannot read its answer.');
    expect(alert).toHaveTextContent('Look for it before sending it again. Nothing you typed is lost.');
    expect(screen.getByRole('button', { name: 'Look for “Rex”' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(creates).toHaveLength(2));
    expect(creates[1]!.idempotencyKey).toBe(creates[0]!.idempotencyKey);
  });

  it('keeps the Idempotency-Key of a pet not yet added across a reload, and gives the next pet a new one', async () => {
    const { creates } = service({ answer: (attempt) => (attempt === 1 ? HttpResponse.error() : created(7)) });
    const { unmount } = renderSignedIn(<AddPetPage />, { path: '/pets/new', environment: REFERENCE });
    await addPet();
    await screen.findByRole('alert');
    unmount();
    // A reload: the form comes back as it was left, and the same pet goes with the same key.
    const reloaded = renderSignedIn(<AddPetPage />, { path: '/pets/new', environment: REFERENCE });
    await userEvent.click(screen.getByRole('button', { name: 'Add pet' }));
    await waitFor(() => expect(creates).toHaveLength(2));
    expect(creates[1]!.idempotencyKey).toBe(creates[0]!.idempotencyKey);
    reloaded.unmount();
    // Added: a pet of the very same values is another pet, with a key of its own.
    renderSignedIn(<AddPetPage />, { path: '/pets/new', environment: REFERENCE });
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.clear(screen.getByLabelText('Category ID'));
    await addPet();
    await waitFor(() => expect(creates).toHaveLength(3));
    expect(creates[2]!.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(creates[2]!.idempotencyKey).not.toBe(creates[0]!.idempotencyKey);
  });

  it('offline, keeps the pet with the Idempotency-Key a lost send of it carried', async () => {
    const { creates } = service({ answer: () => HttpResponse.error() });
    renderSignedIn(<AddPetPage />, { path: '/pets/new', environment: REFERENCE });
    await addPet();
    await screen.findByRole('alert');
    onlineManager.setOnline(false);
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(saying()).toHaveTextContent('“Rex” is kept in this tab'));
      expect(creates).toHaveLength(1);
      expect(petQueue.get()).toMatchObject([{ state: 'waiting', idempotencyKey: creates[0]!.idempotencyKey }]);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('stops offering a harmless Try again once the setup is what refuses the request', async () => {
    service({ answer: () => HttpResponse.error() });
    renderSignedIn(<AddPetPage />, { path: '/pets/new', environment: REFERENCE });
    await addPet();
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/could not be sent/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send again' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('keeps a pet the service could not be reached for, with the Idempotency-Key its send carried', async () => {
    const { creates } = service({ answer: () => HttpResponse.error(), list: () => HttpResponse.error() });
    renderSignedIn(<AddPetPage />, { path: '/pets/new', environment: REFERENCE });
    await addPet();
    await waitFor(() => expect(saying()).toHaveTextContent('“Rex” is kept in this tab and will be sent'));
    expect(creates).toHaveLength(1);
    expect(petQueue.get()).toMatchObject([{ state: 'waiting', idempotencyKey: creates[0]!.idempotencyKey }]);
    expect(creates[0]!.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses a name over the declared limit beside the field, and names the declared body limit on a 413', async () => {
    const { creates } = service({
      answer: () => HttpResponse.json({ code: 'payload_too_large', message: 'Too big.', status: 413 }, { status: 413 }),
    });
    renderSignedIn(<AddPetPage />, { path: '/pets/new', environment: REFERENCE });
    await userEvent.click(screen.getByLabelText('Name'));
    await userEvent.paste('x'.repeat(201));
    await userEvent.type(screen.getByLabelText('Category ID'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add pet' }));
    expect(await screen.findByText('Keep the name to 200 characters or fewer: it has 201.')).toBeVisible();
    expect(creates).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'Rex');
    await userEvent.click(screen.getByRole('button', { name: 'Add pet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The service takes at most 64 KiB in one request. Shorten the text and send it again.',
    );
  });
});

describe('AddPetPage, left or reloaded while a pet is on its way', () => {
  /** `POST /pets`, each answered only when the test says (`answer`), after it has arrived. */
  function heldService() {
    const creates: string[] = [];
    const waiting: ((response: Response) => void)[] = [];
    server.use(
      http.post(`${API}/pets`, async ({ request }) => {
        creates.push(await request.text());
        return new Promise<Response>((resolve) => waiting.push(resolve));
      }),
      http.get(`${API}/pets`, () => HttpResponse.json([rex(9)])),
    );
    const answer = async (response: Response) => {
      await waitFor(() => expect(waiting).toHaveLength(1));
      act(() => waiting.shift()!(response));
    };
    return { creates, answer };
  }

  /** The notice, as the layout shows it on every page. */
  function Notice() {
    const left = useLeftCreate();
    return (
      <div className="left-create" role="status">
        {left && <LeftCreateNotice left={left} />}
      </div>
    );
  }
  /** The form, a page to go to from it, the pet's page, and the notice the layout shows on each. */
  const app = (
    <>
      <Notice />
      <Routes>
        <Route
          path="/pets/new"
          element={
            <>
              <AddPetPage />
              <Link to="/elsewhere">Elsewhere</Link>
            </>
          }
        />
        <Route
          path="/elsewhere"
          element={
            <>
              <input aria-label="Typed elsewhere" />
              <Link to="/pets/new">Back to the form</Link>
            </>
          }
        />
        <Route path="/pets/:petId" element={<h1>The pet&apos;s page</h1>} />
      </Routes>
    </>
  );
  const notice = () => screen.getAllByRole('status').find((region) => region.classList.contains('left-create'))!;

  it('after a reload mid-send, says the pet may have been added, and clears once it is found', async () => {
    const { creates } = heldService();
    const first = renderSignedIn(<AddPetPage />, { path: '/pets/new' });
    await addPet();
    expect(await screen.findByRole('button', { name: 'Adding…' })).toBeDisabled();
    first.unmount();

    // A reload: no answer will be read, and the form comes back as it was.
    const reloaded = renderSignedIn(<AddPetPage />, { path: '/pets/new' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'This pet was sent to Test, and no answer was read here: it may or may not have been added.',
    );
    expect(alert).toHaveTextContent('Look for it before sending it again: sending it again could add it twice.');
    expect(screen.getByLabelText('Name')).toHaveValue('Rex');
    expect(screen.getByRole('button', { name: 'Send again' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Look for “Rex”' }));
    await userEvent.click(await screen.findByRole('button', { name: 'It is: clear the form' }));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(creates).toHaveLength(1);
    reloaded.unmount();

    // Dealt with: the next visit has nothing to say of it.
    renderSignedIn(<AddPetPage />, { path: '/pets/new' });
    expect(screen.getByRole('button', { name: 'Add pet' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    [
      'refused',
      () => HttpResponse.json({ code: 'invalid_name', message: 'Name taken.', status: 400 }, { status: 400 }),
    ],
    ['added', () => created(7)],
  ])('an answer read (%s) leaves nothing to say after a reload', async (_, response) => {
    const { answer } = heldService();
    const { unmount } = renderSignedIn(<AddPetPage />, { path: '/pets/new' });
    await addPet();
    expect(unansweredPet.sent()).toEqual({ pet: { name: 'Rex', categoryId: 3n, status: 'available' } });
    await answer(response());
    await waitFor(() => expect(unansweredPet.sent()).toBeUndefined());
    unmount();
    renderSignedIn(<AddPetPage />, { path: '/pets/new' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add pet' })).toBeEnabled();
  });

  it('after a reload, a 201 it could not read is still said to have most likely added the pet', async () => {
    const { answer } = heldService();
    const first = renderSignedIn(<AddPetPage />, { path: '/pets/new' });
    await addPet();
    await answer(HttpResponse.json([1, 2, 3], { status: 201 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('answered as if the pet was added');
    first.unmount();
    renderSignedIn(<AddPetPage />, { path: '/pets/new' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Test answered as if the pet was added, but this app cannot read its answer.',
    );
    expect(screen.getByRole('button', { name: 'Look for “Rex”' })).toBeVisible();
  });

  it('an answer that comes while the router is on its way to another page: no focus taken, told there', async () => {
    const { answer } = heldService();
    // The page the person goes to waits for its data: the form is still drawn meanwhile.
    const elsewhereLoaded = new Promise<null>(() => {});
    renderSignedIn(
      <>
        <Notice />
        <AddPetPage />
        <Link to="/elsewhere">Elsewhere</Link>
        <input aria-label="Where the focus is" />
      </>,
      { path: '/pets/new', routes: [{ path: '/elsewhere', loader: () => elsewhereLoaded, element: null }] },
    );
    await addPet();
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await userEvent.click(screen.getByLabelText('Where the focus is'));
    const refused = { code: 'category.unknown', message: 'categoryId 3 does not exist.', status: 400 };
    await answer(HttpResponse.json(refused, { status: 400 }));
    expect(
      await within(notice()).findByText(paragraph('“Rex” was not added: categoryId 3 does not exist.')),
    ).toBeVisible();
    expect(screen.getByLabelText('Where the focus is')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Add pet' })).toBeVisible();
  });

  it('leaving the form while the pet is on its way: the person stays where they went, and is told', async () => {
    const { creates, answer } = heldService();
    renderSignedIn(app, { path: '/pets/new' });
    await addPet();
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await userEvent.type(screen.getByLabelText('Typed elsewhere'), 'Half a');

    await answer(created(7));
    expect(await within(notice()).findByText(paragraph('“Rex” was added to Test.'))).toBeVisible();
    expect(screen.getByLabelText('Typed elsewhere')).toHaveFocus();
    expect(screen.getByLabelText('Typed elsewhere')).toHaveValue('Half a');
    await userEvent.click(within(notice()).getByRole('link', { name: 'See it' }));
    expect(screen.getByRole('heading', { name: "The pet's page" })).toBeVisible();
    expect(notice()).toBeEmptyDOMElement();
    expect(creates).toHaveLength(1);
    // Added: the form is free for the next pet.
    expect(petFormDraft.load()?.name ?? '').toBe('');
  });

  it('a pet refused after the person left: said with the reason, the form holding it as typed', async () => {
    const { answer } = heldService();
    renderSignedIn(app, { path: '/pets/new' });
    await addPet();
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await answer(HttpResponse.json({ code: 'invalid_name', message: 'Name taken.', status: 400 }, { status: 400 }));
    expect(await within(notice()).findByText(paragraph('“Rex” was not added: Name taken.'))).toBeVisible();
    expect(notice()).toHaveTextContent('The form holds it as you typed it.');

    await userEvent.click(within(notice()).getByRole('link', { name: 'Open the form' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Rex');
    expect(screen.getByLabelText('Category ID')).toHaveValue('3');
    await userEvent.click(within(notice()).getByRole('button', { name: 'Dismiss' }));
    expect(notice()).toBeEmptyDOMElement();
  });

  it('an answer that comes once its sender signed out is told to nobody, not to the next key', async () => {
    const { answer } = heldService();
    const { queryClient } = renderSignedIn(app, { path: '/pets/new' });
    await addPet();
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    act(() => {
      sessionStore.signOut();
      sessionStore.signIn({ apiKey: 'another-key', environmentName: testEnvironment.name });
    });
    await answer(created(7));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(notice()).toBeEmptyDOMElement();
  });

  it('once the form has dealt with a pet whose answer was lost after leaving, the notice is gone too', async () => {
    const { answer } = heldService();
    renderSignedIn(app, { path: '/pets/new' });
    await addPet();
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await answer(HttpResponse.error());
    expect(await within(notice()).findByText(/may or may not have been added/)).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Back to the form' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Look for “Rex”' }));
    await userEvent.click(await screen.findByRole('button', { name: 'It is: clear the form' }));
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(notice()).toBeEmptyDOMElement();
  });

  it('a pet kept in this tab after the person left: said while kept, and no longer once it leaves the queue', async () => {
    const { answer } = heldService();
    // Reads get no answer either: the service cannot be reached, and the pet waits in this tab.
    server.use(http.get(`${API}/pets`, () => HttpResponse.error()));
    renderSignedIn(app, { path: '/pets/new' });
    await addPet();
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await answer(HttpResponse.error());
    expect(
      await within(notice()).findByText(paragraph(/“Rex” may have been added. It is kept in this tab/)),
    ).toBeVisible();
    // Discarded on the list: not "sent".
    act(() => petQueue.remove(petQueue.get()[0]!.id));
    expect(notice()).toBeEmptyDOMElement();
  });

  it('the form opened again while the pet is on its way waits for its answer, then says what it knows', async () => {
    const { creates, answer } = heldService();
    renderSignedIn(app, { path: '/pets/new' });
    await addPet();
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await userEvent.click(screen.getByRole('link', { name: 'Back to the form' }));
    expect(
      screen.getByText(
        paragraph(
          '“Rex”, sent before you left this page, is still on its way to Test. The form opens once its answer is in.',
        ),
      ),
    ).toBeVisible();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();

    // No answer comes: the form, now open, says the pet may have been added; the notice leaves it to it.
    await answer(HttpResponse.error());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No answer came back from Test, so the pet may or may not have been added.',
    );
    expect(screen.getByLabelText('Name')).toHaveValue('Rex');
    expect(screen.getByRole('button', { name: 'Send again' })).toBeEnabled();
    expect(notice()).toBeEmptyDOMElement();
    expect(creates).toHaveLength(1);
  });
});
