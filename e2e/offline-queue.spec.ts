// Adding a pet while the service cannot be reached: the pet waits in a queue in this tab, shown
// in the list, and is sent when the service answers again; never twice where the environment offers
// idempotency keys, and never again by itself where a lost answer may have added it.
import type { BrowserContext, Page, Request } from '@playwright/test';
import {
  API_KEY,
  drawnLeftToRight,
  expect,
  expectNoAxeViolations,
  goOffline,
  goOnline,
  listPetsViaApi,
  openSignedIn,
  REFERENCE_SERVICE,
  revokeKey,
  signIn,
  test,
  uniqueName,
  untilVisible,
  type Service,
} from './support.ts';

const PHONE = { width: 375, height: 812 };

/** From the list to the form, as staff go: both screens' code is in before the connection drops. */
async function openForm(page: Page, service: Service) {
  await openSignedIn(page, { path: 'pets', service });
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByRole('link', { name: 'Add pet' }).first().click();
  await expect(page.getByRole('heading', { name: 'Add a pet' })).toBeVisible();
}

async function addPet(page: Page, name: string) {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Category ID').fill('4');
  await page.getByLabel('Status').selectOption('Pending');
  await page.getByRole('button', { name: 'Add pet' }).click();
}

/**
 * A pet kept in this tab while offline, and back online its send meets a revoked key: the
 * sign-in-again dialog asks for a new one.
 */
async function keepThenRevoke(page: Page, context: BrowserContext, name: string) {
  await openForm(page, REFERENCE_SERVICE);
  await goOffline(page, context);
  await addPet(page, name);
  await expect(page.getByRole('status').filter({ hasText: name })).toBeVisible();
  await revokeKey(page);
  await goOnline(page, context);
  await expect(page.getByRole('dialog', { name: 'Sign in again' })).toBeVisible();
}

/** The POSTs the page made to the pets API (a route may still stop them on the way). */
function recordCreates(page: Page, service: Service) {
  const creates: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url() === `${service.apiBaseUrl}/pets`) creates.push(request);
  });
  return creates;
}

/** Every request to the API refused, as by a stopped service; `lose` lets creates arrive and loses their answer. */
async function stopService(page: Page, service: Service, { lose = false } = {}) {
  await page.route(`${service.apiBaseUrl}/**`, async (route) => {
    if (lose && route.request().method() === 'POST') {
      await route.fetch();
      return route.abort('connectionreset');
    }
    return route.abort('connectionrefused');
  });
}

/**
 * The browser's Duplicate of `page`: a new tab that starts with a copy of its sessionStorage. It waits
 * up to 5 s for the other tab's lock before it knows it is a copy (`untilItKnows` moves its clock past
 * that); `everShownKept` says whether it showed kept pets, even for a moment, before or after.
 */
async function duplicate(page: Page, context: BrowserContext) {
  const copied = await page.evaluate(() => Object.entries(sessionStorage));
  const copy = await context.newPage();
  await copy.addInitScript((entries) => {
    if (sessionStorage.length === 0) for (const [key, value] of entries) sessionStorage.setItem(key, value);
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Kept in this tab')) Object.assign(window, { e2eShownKept: true });
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, copied);
  await copy.clock.install();
  return {
    page: copy,
    untilItKnows: async () => {
      await copy.clock.fastForward(5_000);
      // It knows once it holds a lock of its own, beside the other tab's.
      await expect.poll(() => copy.evaluate(async () => (await navigator.locks.query()).held?.length)).toBe(2);
    },
    everShownKept: () => copy.evaluate(() => 'e2eShownKept' in window),
  };
}

const listed = (page: Page, name: string) => page.getByRole('table').getByRole('row').filter({ hasText: name });
const waiting = (page: Page) => page.getByRole('region', { name: /^Kept in this tab/ });
/**
 * A pet's item among those kept, by its first line (`addPet` adds to category 4, which the reference
 * environment leaves unnamed), not a pet it lists as found.
 */
const queued = (page: Page, name: string) =>
  waiting(page)
    .getByRole('listitem')
    .filter({ hasText: `${name}, category 4,` });

async function namesInStore(page: Page, service: Service, name: string) {
  const pets = await listPetsViaApi(page.request, service, 'status=pending&limit=100');
  return pets.filter((pet) => pet.name === name).length;
}

test.describe('adding a pet while offline', () => {
  test(
    'offline: the pet waits in this tab, shown as waiting, and is added once when back online',
    {
      tag: '@core',
    },
    async ({ page, context, service }) => {
      const name = uniqueName('Offline');
      const creates = recordCreates(page, service);
      await openForm(page, service);
      await goOffline(page, context);
      await addPet(page, name);
      await expect(page.getByRole('status').filter({ hasText: 'kept in this tab' })).toContainText(
        `This device is offline: “${name}” is kept in this tab and will be sent once it is back online.`,
      );
      await expect(page.getByLabel('Name')).toHaveValue('');
      await expectNoAxeViolations(page);

      await page.getByRole('link', { name: 'See the pets kept in this tab' }).click();
      await expect(waiting(page)).toContainText('Kept in this tab: 1 pet');
      await expect(queued(page, name)).toContainText(`${name}, category 4, pending`);
      await expect(queued(page, name)).toContainText('Waiting to be sent: it goes once this device is back online.');
      await expect(waiting(page)).toContainText('1 waiting to be sent. Signing out or closing this tab loses it.');
      await expect(queued(page, name).getByRole('button', { name: `Discard “${name}”` })).toBeVisible();
      await expectNoAxeViolations(page);
      expect(creates).toHaveLength(0);

      await goOnline(page, context);
      await expect(waiting(page)).toHaveCount(0);
      // Said, not only seen in the list: in a live region there before the pet was sent.
      const said = page.getByRole('status').filter({ hasText: /^Added to/ });
      await expect(said).toHaveText(`Added to ${service.environment} from this tab: “${name}”.`);
      await expect(said.getByRole('link', { name: `“${name}”` })).toHaveAttribute('href', /\/pets\/\d+$/);
      await expect(listed(page, name)).toHaveCount(1);
      expect(await namesInStore(page, service, name)).toBe(1);
      expect(creates).toHaveLength(1);
    },
  );

  test(
    'closing the tab while a pet waits in it: the browser asks first, and no longer once the pet is sent',
    { tag: '@spec' },
    async ({ page, context, service }) => {
      const name = uniqueName('Kept');
      await openForm(page, service);
      await goOffline(page, context);
      await addPet(page, name);
      await expect(page.getByRole('status').filter({ hasText: 'kept in this tab' })).toBeVisible();
      // The browser's own question; the person stays, and the pet with them.
      const asked = page.waitForEvent('dialog');
      await page.close({ runBeforeUnload: true });
      const question = await asked;
      expect(question.type()).toBe('beforeunload');
      await question.dismiss();
      await page.getByRole('link', { name: 'See the pets kept in this tab' }).click();
      await expect(queued(page, name)).toBeVisible();

      await goOnline(page, context);
      await expect(page.getByRole('status').filter({ hasText: /^Added to/ })).toContainText(name);
      let questions = 0;
      page.on('dialog', (dialog) => {
        questions++;
        void dialog.accept();
      });
      const closed = page.waitForEvent('close');
      await page.close({ runBeforeUnload: true });
      await closed;
      expect(questions).toBe(0);
    },
  );

  for (const [size, viewport] of [
    ['desk', undefined],
    ['phone', PHONE],
  ] as const) {
    test(`a stopped service, at a ${size}: the pet waits across a reload, and is added once it answers`, async ({
      page,
    }) => {
      if (viewport) await page.setViewportSize(viewport);
      await page.clock.install();
      const name = uniqueName('Stopped');
      await openForm(page, REFERENCE_SERVICE);
      await stopService(page, REFERENCE_SERVICE);
      await addPet(page, name);
      await expect(page.getByRole('status').filter({ hasText: 'kept in this tab' })).toBeVisible();
      await page.getByRole('link', { name: 'See the pets kept in this tab' }).click();
      await expect(queued(page, name)).toContainText('Waiting to be sent');

      await page.reload();
      await expect(queued(page, name)).toContainText('Waiting to be sent');
      await expectNoAxeViolations(page);

      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await untilVisible(page, listed(page, name), { step: 2_000 });
      await expect(waiting(page)).toHaveCount(0);
      expect(await namesInStore(page, REFERENCE_SERVICE, name)).toBe(1);
    });
  }

  test('with idempotency keys, a send whose answer was lost is sent again with its key: added once', async ({
    page,
  }) => {
    await page.clock.install();
    const name = uniqueName('Twice');
    const creates = recordCreates(page, REFERENCE_SERVICE);
    await openForm(page, REFERENCE_SERVICE);
    // The pet arrives; its answer, and every read after it, does not.
    await stopService(page, REFERENCE_SERVICE, { lose: true });
    await addPet(page, name);
    await expect(page.getByRole('status').filter({ hasText: 'kept in this tab' })).toBeVisible();
    expect(await namesInStore(page, REFERENCE_SERVICE, name)).toBe(1);

    await page.unrouteAll({ behavior: 'ignoreErrors' });
    // The queue may send it again before the click: the notice then says it has been sent.
    await page.getByRole('link', { name: /^(See the pets kept in this tab|See the list)$/ }).click();
    await untilVisible(page, listed(page, name), { step: 2_000 });
    await expect(waiting(page)).toHaveCount(0);
    expect(creates.length).toBeGreaterThanOrEqual(2);
    const keys = await Promise.all(creates.map((request) => request.headerValue('idempotency-key')));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(await namesInStore(page, REFERENCE_SERVICE, name)).toBe(1);
  });

  test(
    'without idempotency keys, a send whose answer was lost is never sent again by itself',
    {
      tag: '@spec',
    },
    async ({ page, context, service }) => {
      await page.clock.install();
      const name = uniqueName('Lost');
      const creates = recordCreates(page, service);
      await openForm(page, service);
      await stopService(page, service, { lose: true });
      await addPet(page, name);
      await expect(page.getByRole('status').filter({ hasText: 'kept in this tab' })).toContainText(
        `“${name}” may have been added. It is kept in this tab, and sent again only if you ask.`,
      );
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.getByRole('link', { name: 'See the pets kept in this tab' }).click();
      await expect(queued(page, name)).toContainText('Waiting for you to decide.');
      await expect(queued(page, name).getByRole('alert')).toContainText('may or may not have been added');
      await expectNoAxeViolations(page);
      // The service answers again, a minute passes: nothing is sent.
      await page.clock.fastForward(60_000);
      await goOffline(page, context);
      await goOnline(page, context);
      await expect(listed(page, name)).toHaveCount(1);
      expect(creates).toHaveLength(1);

      await queued(page, name)
        .getByRole('button', { name: `Look for “${name}”` })
        .click();
      await expect(queued(page, name)).toContainText(`lists a pending pet named “${name}” in category 4:`);
      // Found: a second send would add it twice, and the button says so.
      await expect(queued(page, name).getByRole('button', { name: `Send again anyway “${name}”` })).toBeVisible();
      await expectNoAxeViolations(page);
      await queued(page, name)
        .getByRole('button', { name: `Discard “${name}”` })
        .click();
      await expect(waiting(page)).toHaveCount(0);
      expect(creates).toHaveLength(1);
      expect(await namesInStore(page, service, name)).toBe(1);
    },
  );

  test(
    'a kept pet the look finds in the list: the list is read anew, and the person takes it out of this tab',
    { tag: '@spec' },
    async ({ page, service }) => {
      // The list read first stays fresh, however long the steps take: only the look makes it stale.
      await page.clock.setFixedTime(new Date());
      const name = uniqueName('Found');
      const creates = recordCreates(page, service);
      await openForm(page, service);
      await stopService(page, service, { lose: true });
      await addPet(page, name);
      await expect(page.getByRole('status').filter({ hasText: 'may have been added' })).toBeVisible();
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.getByRole('link', { name: 'See the pets kept in this tab' }).click();
      // The list read before the pet was added, as it was: it does not have it.
      await expect(queued(page, name)).toContainText('Waiting for you to decide.');
      await expect(listed(page, name)).toHaveCount(0);

      await queued(page, name)
        .getByRole('button', { name: `Look for “${name}”` })
        .click();
      await expect(queued(page, name)).toContainText(`lists a pending pet named “${name}” in category 4:`);
      // What the look found, the list shows too.
      await expect(listed(page, name)).toHaveCount(1);
      await queued(page, name)
        .getByRole('button', { name: `It is: remove it from this tab (“${name}”)` })
        .click();
      await expect(waiting(page)).toHaveCount(0);
      await expect(page.getByText(`“${name}” is in ${service.environment}'s list`)).toContainText(
        'it is no longer kept in this tab.',
      );
      await expect(page.getByRole('button', { name: `Undo removing “${name}”` })).toBeFocused();
      await expectNoAxeViolations(page);
      expect(creates).toHaveLength(1);
      expect(await namesInStore(page, service, name)).toBe(1);
    },
  );

  test(
    'without idempotency keys, Send again sends it once more, when asked',
    { tag: '@spec' },
    async ({ page, service }) => {
      const name = uniqueName('Asked');
      const creates = recordCreates(page, service);
      await openForm(page, service);
      await stopService(page, service);
      await addPet(page, name);
      await expect(page.getByRole('status').filter({ hasText: 'may have been added' })).toBeVisible();
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.getByRole('link', { name: 'See the pets kept in this tab' }).click();
      await queued(page, name)
        .getByRole('button', { name: `Send again “${name}”` })
        .click();
      await expect(waiting(page)).toHaveCount(0);
      await expect(listed(page, name)).toHaveCount(1);
      expect(creates).toHaveLength(2);
      expect(await namesInStore(page, service, name)).toBe(1);
    },
  );

  test(
    'a duplicated tab leaves the waiting pets to the tab they were added in: each is added once',
    { tag: '@spec' },
    async ({ page, context, service }) => {
      const name = uniqueName('Copied');
      const creates = recordCreates(page, service);
      await openForm(page, service);
      await goOffline(page, context);
      await addPet(page, name);
      await expect(page.getByRole('status').filter({ hasText: name })).toBeVisible();
      // Back online, but this tab cannot reach the service yet: its pet keeps waiting.
      await stopService(page, service);
      await goOnline(page, context);

      const copy = await duplicate(page, context);
      const copyCreates = recordCreates(copy.page, service);
      await copy.page.goto('pets');
      await expect(copy.page.getByRole('table')).toBeVisible();
      // Signing out before it knows: it finds out first, and then has nothing of its own to lose.
      await copy.page.getByRole('button', { name: 'Sign out' }).click();
      await copy.untilItKnows();
      await expect(copy.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expect(copy.page.getByRole('dialog')).toHaveCount(0);
      expect(await copy.everShownKept()).toBe(false);
      expect(copyCreates).toHaveLength(0);

      // The stopped service lifted while offline, so that the pet is sent only once the browser is back
      // online: a send cut short by going offline may have arrived, and would be left for the person.
      await goOffline(page, context);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await goOnline(page, context);
      await expect(waiting(page)).toHaveCount(0);
      await page.getByRole('link', { name: 'Pets', exact: true }).click();
      await expect(listed(page, name)).toHaveCount(1);
      expect(await namesInStore(page, service, name)).toBe(1);
      expect(creates).toHaveLength(1);
      expect(copyCreates).toHaveLength(0);
    },
  );

  test('offline, the list opens from a form its pets were never read from: the kept pet is there', async ({
    page,
    context,
  }) => {
    const name = uniqueName('Unread');
    await signIn(page, { path: 'pets/new' });
    await expect(page.getByRole('heading', { name: 'Add a pet' })).toBeVisible();
    // Signing in read one pet, to try the key; the list is never read.
    const listReads: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${REFERENCE_SERVICE.apiBaseUrl}/pets?`)) listReads.push(request.url());
    });
    // The list's code comes while the browser is idle; its pets are read only once it is opened.
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((r) => /pets-page/.test(r.name))))
      .toBe(true);
    await goOffline(page, context);
    await addPet(page, name);
    await page.getByRole('link', { name: 'See the pets kept in this tab' }).click();
    await expect(page.getByRole('heading', { name: 'Pets', exact: true })).toBeVisible();
    await expect(queued(page, name)).toContainText('Waiting to be sent');
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
    expect(listReads).toEqual([]);

    await goOnline(page, context);
    await expect(waiting(page)).toHaveCount(0);
    await expect(listed(page, name)).toBeVisible();
    expect(await namesInStore(page, REFERENCE_SERVICE, name)).toBe(1);
  });

  test('a waiting pet can be discarded, and put back by Undo: only the one discarded is never sent', async ({
    page,
    context,
  }) => {
    const [keep, drop] = [uniqueName('Kept'), uniqueName('Dropped')];
    await openForm(page, REFERENCE_SERVICE);
    await goOffline(page, context);
    await addPet(page, keep);
    await expect(page.getByRole('status').filter({ hasText: keep })).toBeVisible();
    await addPet(page, drop);
    await expect(page.getByRole('status').filter({ hasText: drop })).toBeVisible();
    await page.getByRole('link', { name: 'See the pets kept in this tab' }).click();
    await expect(waiting(page)).toContainText('Kept in this tab: 2 pets');
    // Discarded by mistake, and put back from the keyboard.
    await page.getByRole('button', { name: `Discard “${keep}”` }).click();
    await expect(waiting(page)).toContainText('Kept in this tab: 1 pet');
    await expect(page.getByText(`“${keep}” was discarded.`)).toBeVisible();
    await expect(page.getByRole('button', { name: `Undo discarding “${keep}”` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(waiting(page)).toContainText('Kept in this tab: 2 pets');
    await expect(queued(page, keep)).toContainText('Waiting to be sent');
    await page.getByRole('button', { name: `Discard “${drop}”` }).click();
    await expect(waiting(page)).toContainText('Kept in this tab: 1 pet');
    await expect(queued(page, drop)).toHaveCount(0);
    await expectNoAxeViolations(page);

    await goOnline(page, context);
    await expect(waiting(page)).toHaveCount(0);
    await expect(listed(page, keep)).toBeVisible();
    expect(await namesInStore(page, REFERENCE_SERVICE, keep)).toBe(1);
    expect(await namesInStore(page, REFERENCE_SERVICE, drop)).toBe(0);
  });

  for (const [size, viewport] of [
    ['desk', undefined],
    ['phone', PHONE],
  ] as const) {
    test(`signing out with pets waiting asks first, at a ${size}, and leaves nothing of them behind`, async ({
      page,
      context,
    }) => {
      if (viewport) await page.setViewportSize(viewport);
      const name = uniqueName('Forgotten');
      await openForm(page, REFERENCE_SERVICE);
      await goOffline(page, context);
      await addPet(page, name);
      await expect(page.getByRole('status').filter({ hasText: name })).toBeVisible();

      await page.getByRole('button', { name: 'Sign out' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign out and lose 1 pet?' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(
        'Kept in this tab: 1 pet not sent yet. Signing out removes it from this tab for good.',
      );
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Stay signed in' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('heading', { name: 'Add a pet' })).toBeVisible();

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Sign out and lose it' }).click();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

      const left = await page.evaluate(async () => {
        const values = [localStorage, sessionStorage].flatMap((storage) =>
          Object.keys(storage).map((key) => `${key}=${storage.getItem(key)}`),
        );
        const databases = await indexedDB.databases();
        return { values, databases: databases.map((database) => database.name) };
      });
      expect(left.values.filter((value) => value.includes(name) || value.includes('queue'))).toEqual([]);
      expect(left.databases).toEqual([]);

      // Signing in again with the same key finds no pet waiting.
      await goOnline(page, context);
      await signIn(page, { path: 'pets' });
      await expect(page.getByRole('table')).toBeVisible();
      await expect(waiting(page)).toHaveCount(0);
      expect(await namesInStore(page, REFERENCE_SERVICE, name)).toBe(0);
    });

    test(`signing out from the sign-in-again dialog with pets waiting asks first too, at a ${size}`, async ({
      page,
      context,
    }) => {
      if (viewport) await page.setViewportSize(viewport);
      const name = uniqueName('Revoked');
      await keepThenRevoke(page, context, name);
      const reauthDialog = page.getByRole('dialog', { name: 'Sign in again' });
      await reauthDialog.getByRole('button', { name: 'Sign out' }).click();
      const confirm = page.getByRole('dialog', { name: 'Sign out and lose 1 pet?' });
      await expect(confirm).toBeVisible();
      await expectNoAxeViolations(page);
      await confirm.getByRole('button', { name: 'Stay signed in' }).click();
      await expect(confirm).toBeHidden();
      await expect(reauthDialog).toBeVisible();

      await reauthDialog.getByRole('button', { name: 'Sign out' }).click();
      await confirm.getByRole('button', { name: 'Sign out and lose it' }).click();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      const left = await page.evaluate(() => Object.values(sessionStorage).join('\n'));
      expect(left).not.toContain(name);

      await page.unrouteAll();
      await signIn(page, { path: 'pets' });
      await expect(page.getByRole('table')).toBeVisible();
      await expect(waiting(page)).toHaveCount(0);
      expect(await namesInStore(page, REFERENCE_SERVICE, name)).toBe(0);
    });
  }

  for (const [size, viewport] of [
    ['desk', undefined],
    ['phone', PHONE],
  ] as const) {
    test(`pets left waiting by a key that stopped working are offered to the next key, at a ${size}`, async ({
      page,
      context,
    }) => {
      if (viewport) await page.setViewportSize(viewport);
      const name = uniqueName('Left');
      const creates = recordCreates(page, REFERENCE_SERVICE);
      // The person leaves instead of giving a new key.
      await keepThenRevoke(page, context, name);
      await page.getByRole('dialog', { name: 'Sign in again' }).getByRole('button', { name: 'Sign in later' }).click();
      await expect(page.getByRole('alert')).toContainText('no longer accepted');
      await page.unrouteAll();
      // Signed out, the pet still waits in this tab: the screen says so, and closing the tab asks first.
      const environment = REFERENCE_SERVICE.environment;
      await expect(page.getByText(/^Kept in this tab:/)).toHaveText(
        `Kept in this tab: 1 pet waiting for ${environment}. Sign in here with a key for ${environment} to take it ` +
          'over; closing this tab loses it.',
      );
      await expectNoAxeViolations(page);
      const asked = page.waitForEvent('dialog');
      await page.close({ runBeforeUnload: true });
      const closing = await asked;
      expect(closing.type()).toBe('beforeunload');
      await closing.dismiss();

      await page.getByLabel('Environment').selectOption(environment);
      await page.getByLabel('API key', { exact: true }).fill('e2e-other-key');
      await page.getByRole('button', { name: 'Sign in' }).click();
      // Back where the key stopped working: the form.
      await expect(page.getByRole('heading', { name: 'Add a pet' })).toBeVisible();
      await page.getByRole('link', { name: 'Pets', exact: true }).click();
      const left = page.getByRole('region', { name: 'Left in this tab: 1 pet' });
      await expect(left).toContainText(
        `Added with an API key that ${REFERENCE_SERVICE.environment} no longer accepts: “${name}”. Take it ` +
          'over to send it with your key, or discard it.',
      );
      await expect(waiting(page)).toHaveCount(0);
      await expectNoAxeViolations(page);
      // Discard asks first: the question on a line of its own, its two answers side by side under it.
      await left.getByRole('button', { name: 'Discard it…' }).click();
      const answers = left.getByRole('group', { name: 'Discard it for good?' });
      await expect(answers.getByRole('button', { name: 'Keep it' })).toBeFocused();
      // The question, Keep it and Discard it, read in one go.
      const [question, keep, discard] = await answers.evaluate((group) =>
        Array.from(group.children, (part) => {
          const { top, bottom } = part.getBoundingClientRect();
          return { top, bottom };
        }),
      );
      expect(keep!.top).toBeGreaterThanOrEqual(question!.bottom);
      expect(discard!.top).toBe(keep!.top);
      await answers.getByRole('button', { name: 'Keep it' }).click();
      await expect(left.getByRole('button', { name: 'Discard it…' })).toBeFocused();
      // Refused unread, the one send made it no pet that may have been added: it goes, once.
      await left.getByRole('button', { name: 'Take it over' }).click();
      await expect(left).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: 'Taken over' })).toBeFocused();
      await expect(listed(page, name)).toHaveCount(1);
      expect(await namesInStore(page, REFERENCE_SERVICE, name)).toBe(1);
      expect(creates.map((request) => request.headers()['authorization'])).toEqual([
        `Bearer ${API_KEY}`,
        'Bearer e2e-other-key',
      ]);
    });
  }

  test('a duplicated tab leaves the pets a key that stopped working left to the tab they were left in', async ({
    page,
    context,
  }) => {
    await keepThenRevoke(page, context, uniqueName('Left'));
    await page.getByRole('dialog', { name: 'Sign in again' }).getByRole('button', { name: 'Sign in later' }).click();
    await page.unrouteAll();
    const kept = (tab: Page) => tab.getByText(/^Kept in this tab: 1 pet waiting for/);
    await expect(kept(page)).toBeVisible();

    const copy = await duplicate(page, context);
    await copy.page.goto('');
    await expect(copy.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await copy.untilItKnows();
    await expect(copy.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(kept(copy.page)).toHaveCount(0);
    // The tab they were left in still offers them, after a reload too.
    await page.reload();
    await expect(kept(page)).toBeVisible();
    expect(await copy.everShownKept()).toBe(false);
  });

  test(
    'a 400 is no outage: the form shows it beside the field, the input kept, nothing queued',
    {
      tag: '@core',
    },
    async ({ page, service }) => {
      const name = uniqueName('Refused');
      await openForm(page, service);
      await page.route(`${service.apiBaseUrl}/pets`, (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 400,
              json: { code: 'invalid_name', message: 'That name is taken by a famous horse.', status: 400 },
            })
          : route.fallback(),
      );
      await addPet(page, name);
      await expect(page.getByText('That name is taken by a famous horse.')).toBeVisible();
      await expect(page.getByLabel('Name')).toHaveValue(name);
      await expect(page.getByText('kept in this tab')).toHaveCount(0);
      await page.getByRole('link', { name: 'Pets', exact: true }).click();
      await expect(page.getByRole('table')).toBeVisible();
      await expect(waiting(page)).toHaveCount(0);
    },
  );
});

test.describe('a name holding a direction mark, kept in this tab', () => {
  for (const [size, viewport] of [
    ['desk', undefined],
    ['phone', PHONE],
  ] as const) {
    test(`at a ${size}, turns round only itself, not the words around it`, async ({ page, context }) => {
      if (viewport) await page.setViewportSize(viewport);
      // U+202E (right-to-left override): "Rex…gnp.exe" shows as "Rex…exe.png". Before it, U+2069 (pop
      // directional isolate), which would close the isolate around the name early: it is not shown.
      const shown = `${uniqueName('Rex')}\u202Egnp.exe`;
      const name = shown.replace('\u202E', '\u2069\u202E');
      await openForm(page, REFERENCE_SERVICE);
      await goOffline(page, context);
      await addPet(page, name);
      const kept = page.getByRole('status').filter({ hasText: 'kept in this tab' });
      await expect(kept).toContainText(`“${shown}” is kept in this tab`);
      expect(await drawnLeftToRight(kept, 'tab')).toBe(true);

      await page.getByRole('link', { name: 'See the pets kept in this tab' }).click();
      await expect(queued(page, shown)).toContainText(`${shown}, category 4, pending`);
      expect(await drawnLeftToRight(queued(page, shown), 'pending')).toBe(true);
    });
  }
});
