import type { Page } from '@playwright/test';
import {
  API_BASE_URL,
  createPetViaApi,
  expect,
  expectNoAxeViolations,
  recordApiRequests,
  openSignedIn,
  test,
  uniqueName,
} from './support.ts';

/** Next page, from the keyboard, in the pager below the list. */
const pressNextAtEnd = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Pages, at the end of the list' })
    .getByRole('link', { name: 'Next page' })
    .press('Enter');

test.describe('pets table', () => {
  test(
    'lists pets with id, name, category id and status as text, and passes an accessibility scan',
    { tag: '@core' },
    async ({ page, request, service }) => {
      const pet = await createPetViaApi(
        request,
        { name: uniqueName('Table'), categoryId: 7n, status: 'pending' },
        service,
      );
      await openSignedIn(page, { service });
      const table = page.getByRole('table');
      await expect(table.getByRole('columnheader')).toHaveText(['ID', 'Name', 'Category ID', 'Status']);
      const row = table.getByRole('row').filter({ hasText: pet.name });
      await expect(row.getByRole('cell')).toHaveText([String(pet.id), pet.name, '7', 'Pending']);
      await expect(page.getByRole('status').filter({ hasText: /Showing the first 20 pets/ })).toBeVisible();
      await expectNoAxeViolations(page);

      // One link per row, the name: Tab moves row by row.
      await expect(row.getByRole('link')).toHaveCount(1);
      await row.getByRole('link', { name: pet.name }).click();
      await expect(page).toHaveURL(new RegExp(`/pets/${pet.id}$`));
      await expect(page.getByRole('heading', { name: pet.name })).toBeVisible();
    },
  );

  test(
    'filters by status and page size through the URL, without piling up history',
    { tag: '@core' },
    async ({ page, service }) => {
      await openSignedIn(page, { service });
      await expect(page.getByRole('table')).toBeVisible();
      const requests = recordApiRequests(page, service);
      await page.getByLabel('Status').selectOption('Sold');
      await expect(page).toHaveURL(/\/pets\?status=sold$/);
      await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('Sold');
      const statuses = await page.getByRole('table').getByRole('row').locator('td.col-status').allTextContents();
      expect(new Set(statuses)).toEqual(new Set(['Sold']));

      await page.getByLabel('Rows per page').selectOption('50');
      await expect(page).toHaveURL(/\/pets\?status=sold&limit=50$/);
      await expect(page.getByRole('status').filter({ hasText: /^Showing .* sold pets?\./ })).toBeVisible();
      // One request for the new size (the first pages of other statuses may be read while idle).
      expect(requests.filter((url) => url.search === '?limit=50&status=sold')).toHaveLength(1);
      await expect(page.getByLabel('Rows per page').locator('option')).toHaveText(['10', '20', '50', '100']);

      await page.reload();
      await expect(page.getByLabel('Status')).toHaveValue('sold');
      await expect(page.getByLabel('Rows per page')).toHaveValue('50');

      // Both changes replaced the history entry: one Back leaves the list.
      await page.goBack();
      await expect(page).not.toHaveURL(/\/pets/);
    },
  );

  test('falls back to the defaults for nonsense in the URL, without a bad request', async ({ page }) => {
    const requests = recordApiRequests(page);
    await openSignedIn(page, { path: 'pets?status=lost&limit=1000' });
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByLabel('Status')).toHaveValue('');
    await expect(page.getByLabel('Rows per page')).toHaveValue('20');
    // The address names the list shown, for a reload or a link to share.
    await expect(page).toHaveURL(/\/pets$/);
    for (const url of requests.filter((request) => request.pathname.endsWith('/pets'))) {
      const limit = Number(url.searchParams.get('limit'));
      expect(limit).toBeGreaterThanOrEqual(1);
      expect(limit).toBeLessThanOrEqual(100);
      expect([null, 'available', 'pending', 'sold']).toContain(url.searchParams.get('status'));
    }
    expect(requests.some((url) => url.search === '?limit=20')).toBe(true);
    for (const limit of ['0', '-5', 'abc', '1.5']) {
      await page.goto(`pets?status=sold&limit=${limit}`);
      await expect(page.getByLabel('Rows per page')).toHaveValue('20');
      await expect(page).toHaveURL(/\/pets\?status=sold$/);
    }
  });

  test('follows the next link page by page, with the position in the URL and the focus on the table', async ({
    page,
    request,
  }) => {
    for (let i = 0; i < 3; i++) await createPetViaApi(request, { name: uniqueName('Pager'), status: 'pending' });
    await openSignedIn(page, { path: 'pets?status=pending&limit=10' });
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(11);
    const firstPage = await page.getByRole('table').getByRole('row').nth(1).textContent();
    // The pager is above and below the table, and says which page this is.
    await expect(page.getByRole('navigation', { name: 'Pages', exact: true })).toContainText('Page 1');
    await expect(page.getByRole('navigation', { name: 'Pages, at the end of the list' })).toContainText('Page 1');
    // From the keyboard: the focus goes to the table, where the new page starts, never to the body.
    await pressNextAtEnd(page);
    await expect(page).toHaveURL(/link=/);
    await expect(page.getByRole('table')).toBeFocused();
    await expect(page.getByRole('table').getByRole('row').nth(1)).not.toHaveText(firstPage!);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'ID', exact: true })).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: /Page 2: .* more pending pets?\b/ })).toBeVisible();
    const secondPageUrl = page.url();
    await page.reload();
    await expect(page).toHaveURL(secondPageUrl);
    await expect(page.getByRole('navigation', { name: 'Pages', exact: true })).toContainText('Page 2');
    const previous = page
      .getByRole('navigation', { name: 'Pages', exact: true })
      .getByRole('link', { name: 'Previous page' });
    // At a desk both words show, a space apart as drawn (a flex item drops a leading space).
    const drawnGap = await previous.evaluate((link) => {
      const words = document.createRange();
      words.selectNodeContents(link.firstChild!);
      return link.lastElementChild!.getBoundingClientRect().left - words.getBoundingClientRect().right;
    });
    expect(drawnGap).toBeGreaterThan(2);
    await previous.press('Enter');
    await expect(page).not.toHaveURL(/link=/);
    await expect(page.getByRole('table')).toBeFocused();
    await expect(page.getByRole('table').getByRole('row').nth(1)).toHaveText(firstPage!);
    await expect(page.getByRole('link', { name: 'Previous page' })).toHaveCount(0);
  });

  test('on a phone, a tap anywhere on a pet’s card opens it', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openSignedIn(page);
    const card = page.getByRole('table').getByRole('row').nth(1);
    const name = (await card.getByRole('link').textContent())!;
    // Its ID line, away from the name: where the finger lands, whatever is drawn there.
    const idLine = (await card.locator('.col-id').boundingBox())!;
    await page.mouse.click(idLine.x + idLine.width / 2, idLine.y + idLine.height / 2);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  });

  test('on a phone, the first pets show without scrolling, the pager after them', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openSignedIn(page);
    const rows = page.getByRole('table').getByRole('row');
    // The first card whole, and the second one's name.
    await expect(rows.nth(1)).toBeInViewport({ ratio: 1 });
    await expect(rows.nth(2).getByRole('link')).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('navigation', { name: 'Pages', exact: true })).toBeHidden();
    const atEnd = page.getByRole('navigation', { name: 'Pages, at the end of the list' });
    await expect(atEnd.getByRole('link', { name: 'Next page' })).not.toBeInViewport();
    await atEnd.getByRole('link', { name: 'Next page' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Page 2: / })).toBeVisible();
    await expect(page.getByRole('table')).toBeInViewport();
  });

  test('on a phone, a card gives its name and status a line, then its ID and category one', async ({
    page,
    request,
  }) => {
    // A pet of its own, its category short: one of 19 digits takes a line of its own.
    const petName = uniqueName('Card');
    await createPetViaApi(request, { name: petName, categoryId: 2n });
    await page.setViewportSize({ width: 375, height: 812 });
    await openSignedIn(page, { path: `pets?q=${encodeURIComponent(petName)}` });
    const card = page.getByRole('table').getByRole('row').filter({ hasText: petName });
    // Once the search is done (the lines above the table change while it looks), the four cells in
    // one go: the card cannot move between them.
    await expect(page.getByRole('status').filter({ hasText: /^1 pet named like .*, among / })).toBeVisible();
    const [name, status, id, category] = await card.evaluate((row) =>
      ['.col-name', '.col-status', '.col-id', '.col-category'].map((cell) =>
        row.querySelector(cell)!.getBoundingClientRect().toJSON(),
      ),
    );
    expect(status!.y).toBeLessThan(name!.y + name!.height);
    expect(id!.y).toBeGreaterThanOrEqual(name!.y + name!.height);
    expect(category!.y).toBe(id!.y);
    expect(category!.x).toBeGreaterThan(id!.x + id!.width);
  });

  test('on a phone with large text, Next page shows the new rows, not the filters above them', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openSignedIn(page, { path: 'pets?limit=10' });
    // Text at 200%, as a phone's setting makes it (set through the CSSOM, which the CSP allows).
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
    await pressNextAtEnd(page);
    await expect(page).toHaveURL(/link=/);
    await expect(page.getByRole('table')).toBeFocused();
    await expect(page.getByRole('table')).toBeInViewport();
  });

  test('a link to a later page that the service no longer takes says so, and leads to the first page', async ({
    page,
  }) => {
    await openSignedIn(page, { path: `pets?status=pending&link=${encodeURIComponent('pets?cursor=expired')}` });
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(
      'The service no longer takes the link to this page (HTTP 400): such links can expire.',
    );
    // Not the service's words about cursors, nor a call to change what the person never typed.
    await expect(alert).not.toContainText('cursor');
    await expect(alert).not.toContainText('Change what it names');
    await expectNoAxeViolations(page);
    await alert.getByRole('link', { name: 'Start again from the first page' }).click();
    await expect(page).toHaveURL(/\/pets\?status=pending$/);
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  for (const [screen, size] of [
    ['desk', { width: 1280, height: 720 }],
    ['phone', { width: 375, height: 740 }],
  ] as const) {
    test(`a smaller page size shows its rows at once from the list in hand; Next follows the answer (${screen})`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await openSignedIn(page, { path: 'pets?limit=20' });
      const rows = page.getByRole('table').getByRole('row');
      await expect(rows).toHaveCount(21);
      const firstTen = (await rows.allTextContents()).slice(1, 11);
      let answer = () => {};
      const answered = new Promise<void>((resolve) => (answer = resolve));
      await page.route(`${API_BASE_URL}/pets?limit=10`, async (route) => {
        await answered;
        await route.fallback();
      });

      await page.getByLabel('Rows per page').selectOption('10');
      // The service has not answered yet: the first ten rows are this page's, shown as such.
      await expect(rows).toHaveCount(11);
      expect((await rows.allTextContents()).slice(1)).toEqual(firstTen);
      await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false');
      await expect(page.getByRole('status').filter({ hasText: 'Showing the first 10 pets.' })).toBeVisible();
      // Above the list at a desk, at its end on a phone.
      const next = page.getByRole('link', { name: 'Next page' });
      await expect(next).toHaveCount(0);

      answer();
      await expect(next.first()).toBeVisible();
      await next.first().click();
      await expect(page.getByRole('status').filter({ hasText: /^Page 2: 10 more pets/ })).toBeVisible();
      await expect(rows.nth(1)).not.toHaveText(firstTen[0]!);
    });
  }

  test('says it shows the first N pets when the service offers no next link', async ({ page }) => {
    await page.route(`${API_BASE_URL}/pets?limit=10`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), link: '' } });
    });
    await openSignedIn(page, { path: 'pets?limit=10' });
    await expect(page.getByRole('status').filter({ hasText: 'Showing the first 10 pets.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Next page' })).toHaveCount(0);
  });

  test('an empty filter says so and offers all statuses; an empty store offers to add a pet', async ({ page }) => {
    await page.route(`${API_BASE_URL}/pets?limit=20&status=sold`, (route) => route.fulfill({ json: [] }));
    await page.route(`${API_BASE_URL}/pets?limit=20`, (route) => route.fulfill({ json: [] }));
    await openSignedIn(page, { path: 'pets?status=sold' });
    // Seen in the empty list's box, and heard from the status line (a screen reader hears no box appear).
    await expect(page.getByRole('paragraph').filter({ hasText: 'No sold pets.' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'No sold pets.' })).toBeAttached();
    // Not twice to the eye: the line's words take a pixel at most.
    expect((await page.getByRole('status').getByText('No sold pets.').boundingBox())!.width).toBeLessThanOrEqual(1);
    await expect(page.getByText('There are no pets in the store yet.')).toHaveCount(0);
    await page.getByRole('link', { name: 'Show all statuses' }).click();
    await expect(page).toHaveURL(/\/pets$/);
    await expect(page.getByRole('paragraph').filter({ hasText: 'There are no pets in the store yet.' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'There are no pets in the store yet.' })).toBeAttached();
    await page.getByRole('link', { name: 'Add a pet' }).click();
    await expect(page.getByRole('heading', { name: 'Add a pet' })).toBeVisible();
  });

  test("shows the service's message when it refuses the list, with a way back to the whole list", async ({ page }) => {
    await page.route(`${API_BASE_URL}/pets?limit=20&status=pending`, (route) =>
      route.fulfill({ status: 400, json: { code: 'invalid_status', message: 'status is broken today', status: 400 } }),
    );
    await openSignedIn(page, { path: 'pets?status=pending' });
    await expect(page.getByRole('alert')).toContainText('status is broken today');
    await page.getByRole('link', { name: 'Show the whole list, unfiltered' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('table')).toBeVisible();
  });

  test('keeps the previous rows on screen, dimmed, while a larger page loads', async ({ page }) => {
    await openSignedIn(page);
    await expect(page.getByRole('status').filter({ hasText: 'Showing the first 20 pets.' })).toBeVisible();
    const rowsBefore = await page.getByRole('table').getByRole('row').count();
    expect(rowsBefore).toBe(21);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${API_BASE_URL}/pets?limit=50`, async (route) => {
      await released;
      await route.fallback();
    });
    await page.getByLabel('Rows per page').selectOption('50');
    await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(rowsBefore);
    await expect(page.getByRole('status').filter({ hasText: 'Loading all pets…' })).toBeVisible();
    release();
    await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByRole('status').filter({ hasText: /^Showing (\d+|the first 50) pets\./ })).toBeVisible();
    expect(await page.getByRole('table').getByRole('row').count()).toBeGreaterThan(rowsBefore);
  });

  test('a status switch paints at once from what was read while the browser was idle', async ({ page }) => {
    // Once the list is in and the browser idle, the first pages of the other statuses are read.
    const pendingRead = page.waitForResponse(
      (response) =>
        response.request().method() === 'GET' && new URL(response.url()).searchParams.get('status') === 'pending',
    );
    await openSignedIn(page);
    await expect(page.getByRole('status').filter({ hasText: 'Showing the first 20 pets.' })).toBeVisible();
    await pendingRead;
    const requests = recordApiRequests(page);
    await page.getByLabel('Status').selectOption('Pending');
    await expect(page.getByRole('status').filter({ hasText: /pending pets/ })).toBeVisible();
    expect(requests.filter((url) => url.searchParams.get('status') === 'pending')).toEqual([]);
  });

  test('shows int64 ids beyond 2^53 exactly, odd names as text, and an omitted status as unknown', async ({
    page,
    consoleMessages,
  }) => {
    const body = `[
      {"id": 9223372036854775807, "name": "<img src=x onerror=alert(1)>", "categoryId": 9007199254740993, "status": "sold", "extra": {"a": 1}},
      {"id": 9007199254740993, "name": "سلام 🐶", "categoryId": -9223372036854775808}
    ]`;
    await page.route(`${API_BASE_URL}/pets?limit=20`, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body }),
    );
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    await openSignedIn(page);
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.nth(1).getByRole('cell')).toHaveText([
      '9223372036854775807',
      '<img src=x onerror=alert(1)>',
      '9007199254740993',
      'Sold',
    ]);
    await expect(rows.nth(2).getByRole('cell')).toHaveText([
      '9007199254740993',
      'سلام 🐶',
      '-9223372036854775808',
      'Unknown',
    ]);
    await expect(rows.nth(1).getByRole('link').first()).toHaveAttribute('href', '/admin/pets/9223372036854775807');
    expect(dialogs).toBe(0);
    expect(consoleMessages.filter((message) => message.startsWith('error'))).toEqual([]);
  });

  test('works at 360 px wide and in dark mode', async ({ page, request }) => {
    // The widest a card gets: an unbroken name and an int64 category id.
    await createPetViaApi(request, {
      name: `<img src=x onerror=alert(1)>${'w'.repeat(60)}`,
      categoryId: 2n ** 63n - 1n,
    });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await openSignedIn(page);
    await expect(page.getByRole('table')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(246, 247, 245)');
    await expectNoAxeViolations(page);
  });
});
