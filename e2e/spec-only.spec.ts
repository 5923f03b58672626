// Against a service built to the spec alone (the reference service with PETSTORE_PROFILE=spec): no
// paging links, no idempotency keys, no header beyond the spec's in CORS, ids beyond 2^53, a pet
// with no status and fields the app does not know. Run by the `spec` projects only (`@spec`).
import type { Page, Request } from '@playwright/test';
import {
  listPetsViaApi,
  expect,
  expectNoAxeViolations,
  openSignedIn,
  SPEC_SERVICE_CLAIMING_IDEMPOTENCY,
  test,
  uniqueName,
  type Service,
} from './support.ts';

async function openForm(page: Page, service: Service, name: string) {
  await openSignedIn(page, { path: 'pets/new', service });
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Category ID').fill('4');
  await page.getByLabel('Status').selectOption('Pending');
}

/** Adds a pet through the form; the service adds it, and its answer never reaches the browser. */
async function addLosingTheAnswer(page: Page, service: Service, name: string) {
  await page.route(`${service.apiBaseUrl}/pets`, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await route.fetch();
    await route.abort('connectionreset');
  });
  await openForm(page, service, name);
  await page.getByRole('button', { name: 'Add pet' }).click();
}

/**
 * Adds a pet through the form; the service adds it at once, and the browser reads its answer only on
 * `release()` (never, if the page has gone by then).
 */
async function addHoldingTheAnswer(page: Page, service: Service, name: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${service.apiBaseUrl}/pets`, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await route.fetch();
    await released;
    await route.fulfill({ response }).catch(() => undefined);
  });
  await openForm(page, service, name);
  await page.getByRole('button', { name: 'Add pet' }).click();
  await expect(page.getByRole('button', { name: 'Adding…' })).toBeDisabled();
  return async () => {
    release();
    await page.unrouteAll({ behavior: 'wait' });
  };
}

/** The background of the notice around the page's one alert. */
const noticeBackground = (page: Page) =>
  page
    .getByRole('alert')
    .locator('xpath=..')
    .evaluate((element) => getComputedStyle(element).backgroundColor);

/** A colour of the page's theme (a CSS custom property), as the browser computes a background. */
function themeColor(page: Page, property: string) {
  return page.evaluate((property) => {
    const probe = document.body.appendChild(document.createElement('div'));
    probe.style.background = `var(${property})`;
    const color = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return color;
  }, property);
}

/** The POSTs to the pets API, and the CORS preflights before them. */
function recordWrites(page: Page, service: Service) {
  const writes: Request[] = [];
  page.on('request', (request) => {
    if (request.url() === `${service.apiBaseUrl}/pets` && request.method() !== 'GET') writes.push(request);
  });
  return writes;
}

test.describe('a service built to the spec alone', { tag: '@spec' }, () => {
  test('sends only the headers the spec defines, and adds a pet', async ({ page, service }) => {
    const writes = recordWrites(page, service);
    const name = uniqueName('Spec');
    await openForm(page, service, name);
    await page.getByRole('button', { name: 'Add pet' }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();

    const post = writes.find((request) => request.method() === 'POST')!;
    const headers = await post.allHeaders();
    expect(headers['idempotency-key']).toBeUndefined();
    expect(headers['authorization']).toMatch(/^Bearer /);
    expect(headers['content-type']).toBe('application/json');
    const preflight = writes.find((request) => request.method() === 'OPTIONS');
    if (preflight) {
      expect((await preflight.allHeaders())['access-control-request-headers']).toBe('authorization,content-type');
    }
    // Its id is beyond 2^53, exactly, in the address and on the page.
    const id = /\/pets\/(\d+)$/.exec(page.url())![1]!;
    expect(BigInt(id)).toBeGreaterThan(2n ** 53n);
    await expect(page.getByRole('definition').first()).toHaveText(id);
  });

  test('shows the first page the service gives, saying so, with ids beyond 2^53, a pet with no status and fields it does not know', async ({
    page,
    service,
  }) => {
    await openSignedIn(page, { service });
    await expect(page.getByRole('status').filter({ hasText: 'Showing the first 20 pets.' })).toContainText(
      'The service offers no next page: if the store has more pets, show more rows per page, pick a status, or search by name.',
    );
    await expect(page.getByRole('link', { name: /Next/ })).toHaveCount(0);
    // Other tests add pets to the same service, newest first: the seeded ones move down the list.
    await page.getByLabel('Rows per page').selectOption('100');
    const olive = page.getByRole('table').getByRole('row').filter({ hasText: 'Olive' });
    await expect(olive.getByRole('cell').last()).toHaveText('Unknown');
    const id = await olive.getByRole('cell').first().textContent();
    expect(BigInt(id!)).toBeGreaterThan(2n ** 53n);
    await expectNoAxeViolations(page);

    await olive.getByRole('link', { name: 'Olive' }).click();
    await expect(page).toHaveURL(new RegExp(`/pets/${id}$`));
    await expect(page.getByRole('definition')).toHaveText([id!, 'Olive', /^\d+$/, 'Unknown']);
  });

  test("lets the service's own 400 and 413 speak, where the app knows no limit of its own, and adds it shortened", async ({
    page,
    service,
  }) => {
    const long = `Long ${'x'.repeat(300)}`;
    await openForm(page, service, long);
    await page.getByRole('button', { name: 'Add pet' }).click();
    // Sent, since the spec states no longest name: the service refuses it, beside the field.
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription(/name/);
    await expect(page.getByLabel('Name')).toBeFocused();
    await expect(page.getByLabel('Name')).toHaveValue(long);

    const huge = `Huge ${'x'.repeat(70_000)}`;
    await page.getByLabel('Name').fill(huge);
    await page.getByRole('button', { name: 'Add pet' }).click();
    await expect(page.getByRole('alert')).toContainText('Shorten the text and send it again.');
    await expect(page.getByLabel('Name')).toHaveValue(huge);
    await expect(page.getByLabel('Category ID')).toHaveValue('4');

    // As it says: shortened and sent again, the pet is added.
    const name = uniqueName('Shortened');
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Add pet' }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
  });

  test('a create whose answer is lost: it may have been added, the app finds it, and sends again only when asked', async ({
    page,
    service,
  }) => {
    const name = uniqueName('Lost');
    const writes = recordWrites(page, service);
    await addLosingTheAnswer(page, service, name);
    await expect(page.getByRole('alert')).toContainText(
      `No answer came back from ${service.environment}, so the pet may or may not have been added.`,
    );
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: `Look for “${name}”` }).click();
    await expect(page.getByText(`lists a pending pet named “${name}” in category 4:`)).toBeVisible();
    await expect(page.getByText('If it is the pet you sent, it was added')).toBeVisible();
    // Nothing is known to have failed: the notice is not in a failure's red.
    expect(await noticeBackground(page)).not.toBe(await themeColor(page, '--danger-bg'));
    expect(writes.filter((request) => request.method() === 'POST')).toHaveLength(1);
    await expect(page.getByLabel('Name')).toHaveValue(name);

    await page.getByRole('link', { name: new RegExp(`^${name}, ID \\d+$`) }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
  });

  test('a lost create found in the list: the person clears the form, and no draft is left to add it twice', async ({
    page,
    service,
  }) => {
    // One long word, as a name may be: the form and its notice stay within the page.
    const name = `${uniqueName('Found').replaceAll(' ', '')}${'x'.repeat(40)}`;
    const writes = recordWrites(page, service);
    await addLosingTheAnswer(page, service, name);
    await expect(page.getByRole('button', { name: 'Send again', exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Look for “${name}”` }).click();
    await expect(page.getByRole('button', { name: 'It is: clear the form' })).toBeVisible();
    // Found: sending it again would add a second pet, which nothing can delete. The form's button says so.
    await expect(page.getByRole('button', { name: 'Send again anyway' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'It is: clear the form' }).click();
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByLabel('Name')).toBeFocused();
    await expect(page.getByRole('alert')).toHaveCount(0);
    // Back to the form later (its draft is what a reload reads): nothing of the pet found is left in it.
    await page.reload();
    await expect(page.getByLabel('Name')).toHaveValue('');
    expect(writes.filter((request) => request.method() === 'POST')).toHaveLength(1);
  });

  test('leaving the form while a pet is being added: the person stays where they went, and is told', async ({
    page,
    service,
  }) => {
    const name = uniqueName('Left');
    const writes = recordWrites(page, service);
    const release = await addHoldingTheAnswer(page, service, name);
    await page.getByRole('link', { name: 'Messages' }).click();
    const message = page.getByLabel('Message', { exact: true });
    await message.fill('Feed the');

    await release();
    const notice = page.getByRole('status').filter({ hasText: 'was added to' });
    await expect(notice).toContainText(`“${name}” was added to ${service.environment}.`);
    await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible();
    await expect(message).toBeFocused();
    await expect(message).toHaveValue('Feed the');
    await expectNoAxeViolations(page);
    await notice.getByRole('link', { name: 'See it' }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(notice).toHaveCount(0);
    // Added: the form is free for the next pet.
    await page.getByRole('link', { name: 'Add pet' }).first().click();
    await expect(page.getByLabel('Name')).toHaveValue('');
    expect(writes.filter((request) => request.method() === 'POST')).toHaveLength(1);
  });

  test('reloading while a pet is being added: the browser asks, and the form then says it may have been added', async ({
    page,
    service,
  }) => {
    const name = uniqueName('Reloaded');
    const writes = recordWrites(page, service);
    const release = await addHoldingTheAnswer(page, service, name);
    // The browser's own question first; the person reloads all the same.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.accept();
      }),
    );
    await page.reload();
    expect(await asked).toBe('beforeunload');
    await release();

    await expect(page.getByRole('alert')).toContainText(
      `This pet was sent to ${service.environment}, and no answer was read here: it may or may not have been added.`,
    );
    await expect(page.getByLabel('Name')).toHaveValue(name);
    await expect(page.getByRole('button', { name: 'Send again', exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: `Look for “${name}”` }).click();
    await page.getByRole('button', { name: 'It is: clear the form' }).click();
    await expect(page.getByLabel('Name')).toHaveValue('');
    await page.reload();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(writes.filter((request) => request.method() === 'POST')).toHaveLength(1);
  });

  test('a header the service does not allow: the setup refuses it, not an outage that will pass', async ({
    page,
    service,
    request,
  }) => {
    const name = uniqueName('Refused');
    await openSignedIn(page, {
      path: 'pets/new',
      service: { ...service, environment: SPEC_SERVICE_CLAIMING_IDEMPOTENCY },
    });
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Category ID').fill('4');
    // The environment says the service takes Idempotency-Key; its CORS does not allow it.
    await page.getByRole('button', { name: 'Add pet' }).click();
    await expect(page.getByRole('alert')).toContainText('No answer came back');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('alert')).toContainText(
      `The request to add the pet could not be sent: ${SPEC_SERVICE_CLAIMING_IDEMPOTENCY} answers when the list is read, but gave no answer to this request 2 times in a row.`,
    );
    await expect(page.getByRole('alert')).toContainText("the service's setup is probably refusing this request");
    await expect(page.getByRole('alert')).not.toContainText(/in a moment|by itself/);
    // A failure, in a failure's red.
    expect(await noticeBackground(page)).toBe(await themeColor(page, '--danger-bg'));
    await expect(page.getByRole('button', { name: 'Send again' })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue(name);
    await expectNoAxeViolations(page);
    // Nothing was added: the browser never sent it.
    expect((await listPetsViaApi(request, service, 'status=available&limit=100')).map((pet) => pet.name)).not.toContain(
      name,
    );
  });
});
