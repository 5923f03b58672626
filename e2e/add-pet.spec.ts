import {
  API_BASE_URL,
  describedOnFocus,
  expect,
  expectNoAxeViolations,
  onPost,
  REFERENCE_SERVICE,
  openSignedIn,
  test,
  uniqueName,
  type Service,
} from './support.ts';
import type { Page } from '@playwright/test';

async function openForm(page: Page, service: Service = REFERENCE_SERVICE) {
  await openSignedIn(page, { path: 'pets/new', service });
  await expect(page.getByRole('heading', { name: 'Add a pet' })).toBeVisible();
}

async function fill(page: Page, values: { name?: string; categoryId?: string; status?: string }) {
  if (values.name !== undefined) await page.getByLabel('Name').fill(values.name);
  if (values.categoryId !== undefined) await page.getByLabel('Category ID').fill(values.categoryId);
  if (values.status !== undefined) await page.getByLabel('Status').selectOption(values.status);
}

function countCreates(page: Page, service: Service = REFERENCE_SERVICE) {
  const creates: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url() === `${service.apiBaseUrl}/pets`) {
      creates.push(request.postData() ?? '');
    }
  });
  return creates;
}

test.describe('add a pet', () => {
  test('adds a pet, shows it, announces it, and the list has it', { tag: '@core' }, async ({ page, service }) => {
    const name = uniqueName('Added');
    await openForm(page, service);
    await expectNoAxeViolations(page);
    await expect(page.getByLabel('Status')).toHaveValue('available');
    await fill(page, { name: `  ${name}  `, categoryId: '12', status: 'Pending' });
    await page.getByRole('button', { name: 'Add pet' }).click();

    await expect(page.getByRole('heading', { name })).toBeVisible();
    // Shown on the page, and read out by the app's live region, which was there before the page.
    await expect(page.getByRole('main').getByText('Pet added.')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Pet added.' })).toHaveCount(1);
    await expect(page).toHaveURL(/\/pets\/\d+$/);
    await expect(page.getByRole('definition')).toHaveText([/^\d+$/, name, '12', 'Pending']);
    await expectNoAxeViolations(page);
    // News once: a reload shows the pet, and no longer says it was just added.
    await page.reload();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText('Pet added.')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add another' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Pets', exact: true }).click();
    await expect(page.getByRole('table').getByRole('row').filter({ hasText: name })).toBeVisible();
  });

  test('checks every field before sending, beside the field, with focus on the first problem', async ({ page }) => {
    await openForm(page);
    const creates = countCreates(page);
    const described = await describedOnFocus(page.getByLabel('Name'));
    await page.getByRole('button', { name: 'Add pet' }).click();
    await expect(page.getByLabel('Name')).toBeFocused();
    // Read out with the field as the focus lands there.
    expect(await described()).toBe('Enter a name.');
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Enter a name.');
    await expect(page.getByLabel('Category ID')).toHaveAccessibleDescription('Enter a category ID.');

    for (const [categoryId, message] of [
      ['12.5', 'Enter a whole number: digits only, with a minus sign first if it is negative.'],
      ['abc', 'Enter a whole number: digits only, with a minus sign first if it is negative.'],
      ['9223372036854775808', 'Enter a number between -9223372036854775808 and 9223372036854775807.'],
    ] as const) {
      await fill(page, { name: '   ', categoryId });
      await page.getByRole('button', { name: 'Add pet' }).click();
      await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Enter a name.');
      await expect(page.getByLabel('Category ID')).toHaveAccessibleDescription(message);
      await expect(page.getByLabel('Category ID')).toHaveValue(categoryId);
    }
    await expectNoAxeViolations(page);
    expect(creates).toEqual([]);
  });

  test('sends int64 category ids beyond 2^53 exactly', async ({ page }) => {
    const name = uniqueName('Bigint');
    await openForm(page);
    const creates = countCreates(page);
    await fill(page, { name, categoryId: '9223372036854775807' });
    await page.getByRole('button', { name: 'Add pet' }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByRole('definition').nth(2)).toHaveText('9223372036854775807');
    expect(creates).toHaveLength(1);
    expect(creates[0]).toContain('"categoryId":9223372036854775807');
  });

  test(
    "shows the service's 400 beside the field it names and keeps every value",
    { tag: '@core' },
    async ({ page, service }) => {
      await page.route(
        `${service.apiBaseUrl}/pets`,
        onPost({ status: 400, json: { code: 'invalid_name', message: 'That name is taken by a ghost.', status: 400 } }),
      );
      await openForm(page, service);
      await fill(page, { name: 'Casper', categoryId: '3', status: 'Sold' });
      await page.getByRole('button', { name: 'Add pet' }).click();
      await expect(page.getByLabel('Name')).toHaveAccessibleDescription('That name is taken by a ghost.');
      await expect(page.getByLabel('Name')).toBeFocused();
      await expect(page.getByLabel('Name')).toHaveValue('Casper');
      await expect(page.getByLabel('Category ID')).toHaveValue('3');
      await expect(page.getByLabel('Status')).toHaveValue('sold');
    },
  );

  test('shows a 400 that names no field above the button, keeping the values', async ({ page }) => {
    await page.route(
      `${API_BASE_URL}/pets`,
      onPost({
        status: 400,
        json: { code: 'something_new', message: 'The store is closed for stocktaking.', status: 400 },
      }),
    );
    await openForm(page);
    await fill(page, { name: 'Rex', categoryId: '3' });
    await page.getByRole('button', { name: 'Add pet' }).click();
    await expect(page.getByRole('alert')).toContainText('The store is closed for stocktaking.');
    await expect(page.getByLabel('Name')).toHaveValue('Rex');
  });

  for (const [label, fault] of [
    ['a 500 with an HTML body', { status: 500, contentType: 'text/html', body: '<h1>Internal Server Error</h1>' }],
    ['a network failure', 'abort'],
  ] as const) {
    test(`keeps every value after ${label}, and can try again`, async ({ page }) => {
      let fail = true;
      await page.route(`${API_BASE_URL}/pets`, (route) => {
        if (route.request().method() !== 'POST' || !fail) return route.fallback();
        return fault === 'abort' ? route.abort('connectionrefused') : route.fulfill(fault);
      });
      const name = uniqueName('Retry');
      await openForm(page);
      await fill(page, { name, categoryId: '5', status: 'Pending' });
      await page.getByRole('button', { name: 'Add pet' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expect(page.getByText('Nothing you typed is lost.')).toBeVisible();
      await expect(page.getByLabel('Name')).toHaveValue(name);
      await expect(page.getByLabel('Category ID')).toHaveValue('5');
      await expect(page.getByLabel('Status')).toHaveValue('pending');
      fail = false;
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { name })).toBeVisible();
    });
  }

  test('sends once on a double click', async ({ page }) => {
    const name = uniqueName('Double');
    await openForm(page);
    const creates = countCreates(page);
    // The first click's request is answered only once the second click is in.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route(`${API_BASE_URL}/pets`, async (route) => {
      await answered;
      await route.fallback();
    });
    await fill(page, { name, categoryId: '1' });
    await page.getByRole('button', { name: 'Add pet' }).dblclick();
    answer();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    expect(creates).toHaveLength(1);
  });

  test('keeps a half-filled form across a reload', async ({ page }) => {
    await openForm(page);
    await fill(page, { name: 'Half', categoryId: '4' });
    await page.reload();
    await expect(page.getByLabel('Name')).toHaveValue('Half');
    await expect(page.getByLabel('Category ID')).toHaveValue('4');
  });
});
