import {
  describedOnFocus,
  expect,
  expectNoAxeViolations,
  goOffline,
  goOnline,
  MESSAGES_BASE_URL,
  onPost,
  openSignedIn,
  test,
} from './support.ts';

test.describe('messages', () => {
  test(
    'sends a message, shows it queued with its id and time, and lists what was sent',
    { tag: '@core' },
    async ({ page, service }) => {
      await openSignedIn(page, { path: 'messages', service });
      await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByLabel('Message', { exact: true }).fill('Feed the parrots at noon.');
      await page.getByRole('button', { name: 'Send message' }).click();
      const queued = page.getByRole('status').filter({ hasText: /^Message queued \(not yet delivered\), at / });
      await expect(queued).toBeVisible();
      // Its ID in the list, not in what a screen reader reads out on each send.
      await expect(queued).not.toContainText('msg_');
      const sent = page.getByRole('list', { name: 'Messages sent in this session' }).getByRole('listitem');
      await expect(sent.first().locator('code')).toHaveText(/^msg_/);
      await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
      // Ready for the next one: the focus is back in the field, not lost with the disabled button.
      await expect(page.getByLabel('Message', { exact: true })).toBeFocused();

      await page.getByLabel('Message', { exact: true }).fill('Clean the aquarium.');
      await page.getByRole('button', { name: 'Send message' }).click();
      await expect(sent).toHaveCount(2);
      await expect(sent.first()).toContainText('Clean the aquarium.');
      await expect(sent.first()).toContainText('Queued when sent');
      await expect(sent.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
      await page.reload();
      await expect(sent).toHaveCount(2);
      await expectNoAxeViolations(page);
    },
  );

  test('requires a message and sends nothing without one', async ({ page }) => {
    let sent = 0;
    page.on('request', (request) =>
      request.url().startsWith(MESSAGES_BASE_URL) && request.method() === 'POST' ? sent++ : 0,
    );
    await openSignedIn(page, { path: 'messages' });
    await page.getByLabel('Message', { exact: true }).fill('   ');
    const described = await describedOnFocus(page.getByLabel('Message', { exact: true }));
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByLabel('Message', { exact: true })).toHaveAccessibleDescription('Write a message.');
    await expect(page.getByLabel('Message', { exact: true })).toBeFocused();
    // Read out with the field as the focus lands there.
    expect(await described()).toBe('Write a message.');
    expect(sent).toBe(0);
  });

  test('keeps the message when the service fails', async ({ page }) => {
    await page.route(`${MESSAGES_BASE_URL}/messages`, onPost({ status: 502, body: 'Bad gateway' }));
    await openSignedIn(page, { path: 'messages' });
    await page.getByLabel('Message', { exact: true }).fill('Do not lose me');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert')).toContainText('The message service failed (HTTP 502)');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Do not lose me');
    await expect(page.getByLabel('Message', { exact: true })).toBeFocused();
  });

  test('names the message service, not the pet store, when it cannot be reached', async ({ page }) => {
    await page.route(`${MESSAGES_BASE_URL}/messages`, (route) =>
      route.request().method() === 'POST' ? route.abort('connectionrefused') : route.fallback(),
    );
    await openSignedIn(page, { path: 'messages' });
    await page.getByLabel('Message', { exact: true }).fill('Anyone there?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert')).toContainText("The message service can't be reached.");
    await expect(page.getByRole('alert')).not.toContainText('pet store');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Anyone there?');
  });

  test('offline, sends nothing, says so, and sends the message once when asked', async ({ page, context }) => {
    let received = 0;
    page.on('response', (response) =>
      response.url().startsWith(MESSAGES_BASE_URL) && response.request().method() === 'POST' ? received++ : 0,
    );
    await openSignedIn(page, { path: 'messages' });
    const field = page.getByLabel('Message', { exact: true });
    await expect(field).toBeVisible();
    await goOffline(page, context);
    await field.fill('Back in five minutes');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'You are offline: nothing was sent to the message service.Nothing you typed is lost. Send it again once you are back online.',
    );
    await expect(field).toHaveValue('Back in five minutes');
    await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();

    // Back online, nothing goes by itself: not while the page is open, nor after leaving it.
    await goOnline(page, context);
    await page.getByRole('link', { name: 'Pets' }).click();
    await page.getByRole('link', { name: 'Messages' }).click();
    await expect(field).toHaveValue('Back in five minutes');
    await expect(page.getByText('No messages sent yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Send message' }).click();
    const sent = page.getByRole('list', { name: 'Messages sent in this session' }).getByRole('listitem');
    await expect(sent).toHaveCount(1);
    expect(received).toBe(1);
  });
});
