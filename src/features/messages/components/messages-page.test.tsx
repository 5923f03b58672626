import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MESSAGES, server } from '../../../test/msw-server.ts';
import { renderSignedIn, testEnvironment } from '../../../test/render.tsx';
import { MessagesPage } from './messages-page.tsx';

async function send(text: string) {
  await userEvent.click(screen.getByLabelText('Message'));
  await userEvent.paste(text);
  await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
}

describe('MessagesPage', () => {
  it('says a message whose answer was lost may have arrived, and promises no harmless retry', async () => {
    let sent = 0;
    server.use(http.post(`${MESSAGES}/messages`, () => (sent++, HttpResponse.error())));
    renderSignedIn(<MessagesPage />, { path: '/messages' });
    await send('Feed the parrots');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Nothing you typed is lost. It may have arrived all the same: sending it again could send it twice.',
    );
    expect(screen.getByLabelText('Message')).toHaveValue('Feed the parrots');
    expect(sent).toBe(1);
  });

  it('offline, sends nothing and says so, and nothing goes by itself once back', async () => {
    let sent = 0;
    server.use(http.post(`${MESSAGES}/messages`, () => (sent++, HttpResponse.error())));
    renderSignedIn(<MessagesPage />, { path: '/messages' });
    act(() => onlineManager.setOnline(false));
    try {
      await send('Back in five minutes');
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'You are offline: nothing was sent to the message service.Nothing you typed is lost. Send it again once you are back online.',
      );
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
    expect(screen.getByLabelText('Message')).toHaveValue('Back in five minutes');
    expect(sent).toBe(0);
  });

  it('says a message whose answer it cannot read most likely arrived, and promises no harmless retry', async () => {
    server.use(http.post(`${MESSAGES}/messages`, () => HttpResponse.json({ id: 'm-1' }, { status: 202 })));
    renderSignedIn(<MessagesPage />, { path: '/messages' });
    await send('Feed the parrots');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The message service sent an answer this app cannot read.');
    expect(alert).toHaveTextContent(
      'Nothing you typed is lost. It most likely arrived all the same: sending it again could send it twice. If this keeps happening, tell whoever runs the service.',
    );
    expect(screen.getByLabelText('Message')).toHaveValue('Feed the parrots');
  });

  it('refuses a message over the body size an environment declares, and none where it declares none', async () => {
    let sent = 0;
    server.use(
      http.post(`${MESSAGES}/messages`, () => {
        sent++;
        return HttpResponse.json({ id: 'msg_1', message: 'x', status: 'queued', createdAt: '2026-11-25T10:00:00Z' });
      }),
    );
    const long = 'x'.repeat(70_000);
    const declared = { ...testEnvironment, limits: { requestBodyMaxBytes: 65536 } };
    const { unmount } = renderSignedIn(<MessagesPage />, { path: '/messages', environment: declared });
    await send(long);
    expect(
      await screen.findByText(
        'Shorten the message by 4,478 characters: the service takes at most 64 KiB in one request.',
      ),
    ).toBeVisible();
    expect(sent).toBe(0);
    unmount();

    // A limit of no whole number of KiB is said in bytes, not rounded down.
    const odd = { ...testEnvironment, limits: { requestBodyMaxBytes: 1000 } };
    const second = renderSignedIn(<MessagesPage />, { path: '/messages', environment: odd });
    await userEvent.clear(screen.getByLabelText('Message'));
    await send('x'.repeat(1000));
    expect(
      await screen.findByText(
        'Shorten the message by 14 characters: the service takes at most 1,000 bytes in one request.',
      ),
    ).toBeVisible();
    expect(sent).toBe(0);
    second.unmount();

    renderSignedIn(<MessagesPage />, { path: '/messages' });
    await userEvent.clear(screen.getByLabelText('Message'));
    await send(long);
    await waitFor(() => expect(sent).toBe(1));
  });

  it('forgets what the service said of the last message once the form stops the next, but not a lost answer', async () => {
    let sent = 0;
    const refused = { code: 'message.rude', message: 'Messages may not shout.', status: 400 };
    server.use(
      http.post(`${MESSAGES}/messages`, () =>
        sent++ === 0 ? HttpResponse.json(refused, { status: 400 }) : HttpResponse.error(),
      ),
    );
    renderSignedIn(<MessagesPage />, { path: '/messages' });
    await send('FEED THE PARROTS');
    expect(await screen.findByRole('alert')).toHaveTextContent('Messages may not shout.');

    await userEvent.clear(screen.getByLabelText('Message'));
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Write a message.')).toBeVisible();
    expect(screen.queryByText(/may not shout/)).not.toBeInTheDocument();

    // A message whose answer was lost may have arrived: that stands while the next one is mended.
    await send('Feed the parrots');
    expect(await screen.findByRole('alert')).toHaveTextContent('It may have arrived all the same');
    await userEvent.clear(screen.getByLabelText('Message'));
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Write a message.')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('It may have arrived all the same');
    expect(sent).toBe(2);
  });

  it('still says the last message was queued when the form stops the next', async () => {
    server.use(
      http.post(`${MESSAGES}/messages`, () =>
        HttpResponse.json({
          id: 'msg_1',
          message: 'Feed the parrots',
          status: 'queued',
          createdAt: '2026-11-25T10:00:00Z',
        }),
      ),
    );
    renderSignedIn(<MessagesPage />, { path: '/messages' });
    await send('Feed the parrots');
    expect(await screen.findByText(/Message queued/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Write a message.')).toBeVisible();
    expect(screen.getByText(/Message queued/)).toBeVisible();
  });

  it('lists each message with what the service said of it when it was sent, in the past', async () => {
    const statuses = ['queued', 'delivered'];
    server.use(
      http.post(`${MESSAGES}/messages`, async ({ request }) => {
        const { message } = (await request.json()) as { message: string };
        const status = statuses.shift()!;
        return HttpResponse.json({ id: `msg_${status}`, message, status, createdAt: '2026-11-25T10:00:00Z' });
      }),
    );
    renderSignedIn(<MessagesPage />, { path: '/messages' });
    await send('Feed the parrots');
    await screen.findByText('msg_queued', { selector: 'li code' });
    expect(screen.getByRole('status')).toHaveTextContent(/^Message queued \(not yet delivered\), at .+\.$/);
    await send('Clean the tanks');
    await screen.findByText('msg_delivered', { selector: 'li code' });
    expect(screen.getByRole('status')).toHaveTextContent(
      /^The message service took the message, with the status “delivered”, at .+\.$/,
    );
    const items = within(screen.getByRole('list', { name: 'Messages sent in this session' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Status when sent: delivered');
    expect(items[1]).toHaveTextContent('Queued when sent');
  });

  it('refuses a message of white space and invisible characters alone, keeping what was typed', async () => {
    let sent = 0;
    server.use(http.post(`${MESSAGES}/messages`, () => (sent++, HttpResponse.error())));
    renderSignedIn(<MessagesPage />, { path: '/messages' });
    await send(' \u200B\u200D\n');
    expect(await screen.findByText('Write a message.')).toBeVisible();
    expect(screen.getByLabelText('Message')).toHaveValue(' \u200B\u200D\n');
    expect(sent).toBe(0);
  });

  it('lists the 20 newest messages sent, and keeps no more across a reload', async () => {
    let sent = 0;
    server.use(
      http.post(`${MESSAGES}/messages`, async ({ request }) => {
        sent++;
        const { message } = (await request.json()) as { message: string };
        return HttpResponse.json({ id: `msg_${sent}`, message, status: 'queued', createdAt: '2026-11-25T10:00:00Z' });
      }),
    );
    const { unmount } = renderSignedIn(<MessagesPage />, { path: '/messages' });
    for (let i = 1; i <= 21; i++) {
      await send(`Note ${i}`);
      await waitFor(() => expect(sent).toBe(i));
    }
    const listed = () =>
      within(screen.getByRole('list', { name: 'Messages sent in this session' })).getAllByRole('listitem');
    await waitFor(() => expect(listed()).toHaveLength(20));
    expect(listed()[0]).toHaveTextContent('Note 21');
    expect(listed().at(-1)).toHaveTextContent('Note 2');
    expect(screen.getByText('The 20 newest are listed here.')).toBeVisible();
    unmount();
    renderSignedIn(<MessagesPage />, { path: '/messages' });
    expect(listed()).toHaveLength(20);
  });
});
