// A day at the counter: finding a pet that is not on screen, sorting, going back to the list as it
// was left, adding several pets in a row, copying an id, phones; by keyboard where people would.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  API_BASE_URL,
  APP_ORIGIN,
  createPetViaApi,
  createPetsViaApi,
  drawnLeftToRight,
  expect,
  expectNoAxeViolations,
  REFERENCE_SERVICE,
  openSignedIn,
  test,
  uniqueName,
} from './support.ts';

const summary = (page: Page) => page.getByRole('status').filter({ hasText: /pets?/ }).first();
const names = (page: Page) => page.getByRole('table').locator('tbody td.col-name').allTextContents();
/** The Next link of the pager below the list. */
const nextAtEnd = (page: Page) =>
  page.getByRole('navigation', { name: 'Pages, at the end of the list' }).getByRole('link', { name: /Next/ });

/** `count` pets of `status` named with one tag, every other name long enough for two lines on a phone. */
async function createPetsOnOneAndTwoLines(request: APIRequestContext, count: number, status: 'pending' | 'sold') {
  const tag = uniqueName('').trim();
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      createPetViaApi(request, {
        name: i % 2 ? `${tag} ${i}` : `${tag} ${i}, whose name is long enough for two lines`,
        status,
      }),
    ),
  );
  return tag;
}

test.describe('search', () => {
  test('finds a pet that is not on screen, across statuses, ignoring case and accents; in the URL and kept on reload', async ({
    page,
    request,
  }) => {
    const tag = uniqueName('').trim();
    const zoe = await createPetViaApi(request, { name: `${tag} Zoë`, status: 'sold' });
    const other = await createPetViaApi(request, { name: `${tag} ZOE junior`, status: 'pending' });
    // Push both off the first page of the list.
    for (let i = 0; i < 21; i++) await createPetViaApi(request, { name: uniqueName('Filler') });
    await openSignedIn(page);
    await expect(page.getByRole('table').getByRole('cell', { name: zoe.name })).toHaveCount(0);

    // `/` jumps to the search box, from anywhere but a field.
    await page.getByRole('heading', { name: 'Pets', exact: true }).click();
    await page.keyboard.press('/');
    await expect(page.getByRole('searchbox', { name: 'Search by name' })).toBeFocused();
    await page.keyboard.type(`${tag.toUpperCase()} zoe`);
    await expect(page).toHaveURL(new RegExp(`q=${tag.toUpperCase()}\\+zoe`));
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);
    await expect(summary(page)).toContainText(/2 pets named like “.* zoe”, among [\d,]+ pets looked through\./);
    await expectNoAxeViolations(page);

    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search by name' })).toHaveValue(`${tag.toUpperCase()} zoe`);
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);

    // Combined with the status filter.
    await page.getByLabel('Status').selectOption('Pending');
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('table')).toContainText(other.name);
    await expect(page).toHaveURL(/status=pending/);

    // A link to the list without a search empties the box, and Back brings the search into it again.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pets' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('');
    await page.goBack();
    await expect(page.getByRole('searchbox', { name: 'Search by name' })).toHaveValue(`${tag.toUpperCase()} zoe`);
  });

  test('a search that finds nothing is cleared from the keyboard, the focus back in the search box', async ({
    page,
  }) => {
    await openSignedIn(page, { path: `pets?q=${encodeURIComponent(uniqueName('Nobody'))}` });
    await page.getByRole('button', { name: 'Clear the search' }).focus();
    await page.keyboard.press('Enter');
    const box = page.getByRole('searchbox', { name: 'Search by name' });
    await expect(box).toBeFocused();
    await expect(box).toHaveValue('');
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  });

  test('a link that empties the box keeps the old search out of the address, on a slow machine too', async ({
    page,
  }) => {
    // A second of the page's time at a hundredth of the CPU took up to half a minute on a busy machine.
    test.setTimeout(60_000);
    await page.clock.install();
    await openSignedIn(page, { path: 'pets?q=Zo' });
    await expect(summary(page)).toContainText('named like “Zo”');
    // For a moment after the link, the list that follows the emptied box is still being drawn (long,
    // with the CPU slowed 100x): the old search must not come back into the address meanwhile, nor
    // once the box's pause before writing to the address is over.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pets' }).focus();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 100 });
    await page.keyboard.press('Enter');
    await page.clock.runFor(1_000);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await expect(summary(page)).toContainText('Showing');
    await expect(page.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('');
    await expect(page).not.toHaveURL(/q=/);
    await page.goBack();
    await expect(page.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('Zo');
  });

  test('shows its progress and can be stopped, keeping what it found so far', async ({ page }) => {
    await page.clock.install();
    // A big store: 100 pets a page, always one more page, each answered when the test says.
    let served = 0;
    const waiting: (() => void)[] = [];
    const answerOne = async () => {
      await expect.poll(() => waiting.length).toBe(1);
      waiting.shift()!();
    };
    await page.route(`${API_BASE_URL}/pets?limit=100*`, async (route) => {
      const url = new URL(route.request().url());
      const page = Number(url.searchParams.get('cursor') ?? '0');
      served++;
      await new Promise<void>((resolve) => waiting.push(resolve));
      await route.fulfill({
        json: Array.from({ length: 100 }, (_, i) => ({
          id: 1_000_000 - page * 100 - i,
          name: i === 0 ? `Needle ${page}` : `Hay ${page}-${i}`,
          categoryId: 1,
          status: url.searchParams.get('status'),
        })),
        headers: {
          link: `<?limit=100&status=${url.searchParams.get('status')}&cursor=${page + 1}>; rel="next"`,
          'access-control-expose-headers': 'Link',
          'access-control-allow-origin': APP_ORIGIN,
        },
      });
    });
    await openSignedIn(page, { path: 'pets?q=needle' });
    await answerOne();
    await answerOne();
    await expect(summary(page)).toContainText('Looked through 200 pets so far: 2 pets named like “needle”…');
    await expect.poll(() => waiting.length).toBe(1);
    await page.getByRole('button', { name: 'Stop searching' }).click();
    // At once: the page on its way is dropped, and nothing is asked after it, whatever time passes.
    await expect(summary(page)).toContainText(
      'Stopped after looking through 200 pets: 2 pets named like “needle” so far.',
    );
    await page.clock.runFor(60_000);
    expect(served).toBe(3);
    await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('Needle');
    await expect(page.getByRole('button', { name: 'Search the rest' })).toBeVisible();
  });

  test('quotes a search holding a direction mark without turning its sentences round', async ({ page }) => {
    // U+202E (right-to-left override), pasted or in a link: the match leaves it out, and so do the words.
    await openSignedIn(page, { path: `pets?q=${encodeURIComponent('nobody\u202Eknown')}` });
    await expect(summary(page)).toContainText('0 pets named like “nobodyknown”, among');
    expect(await drawnLeftToRight(summary(page), 'looked')).toBe(true);
    const empty = page.getByText('Found no pet named like “nobodyknown”.');
    await expect(empty).toBeVisible();
    expect(await drawnLeftToRight(empty, 'known')).toBe(true);
  });

  test('says exactly what it searched when the service offers no way past its first page', async ({ page }) => {
    await page.route(`${API_BASE_URL}/pets?limit=100*`, async (route) => {
      const status = new URL(route.request().url()).searchParams.get('status');
      await route.fulfill({
        json: Array.from({ length: 100 }, (_, i) => ({ id: i + 1, name: `Pet ${i}`, categoryId: 1, status })),
      });
    });
    await openSignedIn(page, { path: 'pets?q=pet 7' });
    await expect(summary(page)).toContainText(
      'among 100 pets of the first pages of the whole list and of each status (this service offers no way past them)',
    );
  });

  test('reaches past a service that lists fewer pets than asked, through each status', async ({ page }) => {
    // 45 pets, their statuses in turn; every list cut at its first 20 whatever the limit, with no next link.
    const statuses = ['available', 'pending', 'sold'];
    const store = Array.from({ length: 45 }, (_, i) => ({
      id: 45 - i,
      name: `Pet ${45 - i}`,
      categoryId: 1,
      status: statuses[i % 3],
    }));
    await page.route(`${API_BASE_URL}/pets?limit=*`, async (route) => {
      const status = new URL(route.request().url()).searchParams.get('status');
      await route.fulfill({ json: store.filter((pet) => !status || pet.status === status).slice(0, 20) });
    });
    await openSignedIn(page, { path: 'pets?q=pet 1' });
    // Pets 10 to 19 and 1, of which the whole list's first 20 (45 to 26) hold none.
    await expect(summary(page)).toContainText(
      '11 pets named like “pet 1”, among 45 pets of the first pages of the whole list and of each status (this service offers no way past them)',
    );
  });
});

test.describe('sort', () => {
  test('by each column both ways, with aria-sort, in the URL, saying it sorts this page only', async ({ page }) => {
    const body = `[
      {"id": 9007199254740993, "name": "bob", "categoryId": 2, "status": "sold"},
      {"id": 9007199254740992, "name": "Álvaro", "categoryId": 10, "status": "available"},
      {"id": 12, "name": "Carla", "categoryId": 9223372036854775807, "status": "pending"}
    ]`;
    await page.route(`${API_BASE_URL}/pets?limit=20`, (route) =>
      route.fulfill({ contentType: 'application/json', body }),
    );
    await openSignedIn(page);
    const header = (name: string) => page.getByRole('columnheader', { name, exact: true });
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/sort=name/);
    expect(await names(page)).toEqual(['Álvaro', 'bob', 'Carla']);
    await expect(summary(page)).toContainText('Sorted by name (A to Z), this page only');
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await expect(header('Name')).toHaveAttribute('aria-sort', 'descending');
    expect(await names(page)).toEqual(['Carla', 'bob', 'Álvaro']);

    // IDs compare as int64, not as rounded numbers: 2^53 + 1 sorts above 2^53.
    await page.getByRole('button', { name: 'ID', exact: true }).click();
    await expect(header('ID')).toHaveAttribute('aria-sort', 'ascending');
    await expect(header('Name')).not.toHaveAttribute('aria-sort');
    expect(await page.getByRole('table').locator('tbody td.col-id').allTextContents()).toEqual([
      '12',
      '9007199254740992',
      '9007199254740993',
    ]);
    await page.getByRole('button', { name: 'Category ID', exact: true }).click();
    expect(await names(page)).toEqual(['bob', 'Álvaro', 'Carla']);
    await page.getByRole('button', { name: 'Status', exact: true }).click();
    expect(await names(page)).toEqual(['Álvaro', 'Carla', 'bob']);
    await page.reload();
    await expect(header('Status')).toHaveAttribute('aria-sort', 'ascending');
    await expectNoAxeViolations(page);
  });

  test('on a phone, with the same header buttons above the cards', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openSignedIn(page);
    const name = page.getByRole('button', { name: 'Name', exact: true });
    expect((await name.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await name.click();
    await name.click();
    await expect(page).toHaveURL(/sort=-name/);
    const shown = await names(page);
    expect(shown).toEqual(
      [...shown].sort((a, b) => b.localeCompare(a, undefined, { sensitivity: 'base', numeric: true })),
    );
  });
});

test.describe('the first frame of a new list', () => {
  // However a new list is drawn, the first frame after a sort must already fill the window, with the
  // rows as tall as they really are, at a desk and on a phone.
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 375, height: 812 },
  ]) {
    test(`reaches the bottom of the window, ${viewport.width} px wide`, async ({ page, request }) => {
      await createPetsViaApi(request, 40, { prefix: 'Frame' });
      await page.setViewportSize(viewport);
      await openSignedIn(page, { path: 'pets?limit=100' });
      const rows = page.getByRole('table').locator('tbody tr');
      // The store holds at least these 40 pets, and up to 100 are shown: every one, once drawn.
      await expect(summary(page)).toContainText(/Showing (the first )?\d+ pets/);
      const shown = Number((await summary(page).textContent())!.match(/(\d+) pets/)![1]);
      await expect(rows).toHaveCount(shown);
      const firstFrame = page.evaluate(
        () =>
          new Promise<{ bottom: number; windowBottom: number }>((resolve) => {
            const table = document.querySelector('table')!;
            // Right after the first change to the rows, before the browser can paint: what the first
            // frame shows, however fast the rest follows.
            const observer = new MutationObserver(() => {
              observer.disconnect();
              const drawn = table.tBodies[0]!.rows;
              resolve({
                bottom: drawn[drawn.length - 1]!.getBoundingClientRect().bottom,
                windowBottom: window.innerHeight,
              });
            });
            observer.observe(table, { childList: true, subtree: true });
          }),
      );
      await page.getByRole('button', { name: 'Name', exact: true }).click();
      const frame = await firstFrame;
      expect(frame.bottom).toBeGreaterThanOrEqual(frame.windowBottom);
      await expect(rows).toHaveCount(shown);
    });
  }
});

test.describe('context is kept', () => {
  test('Back from the next page returns to where the list was, at its end', async ({ page, request }) => {
    await createPetsViaApi(request, 60, { prefix: 'Paged' });
    await openSignedIn(page, { path: 'pets?limit=50' });
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(50);
    const next = nextAtEnd(page);
    await next.scrollIntoViewIfNeeded();
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(1000);
    await next.click();
    await expect(page).toHaveURL(/link=/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(50);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(left - 40);
    await expect(next).toBeInViewport();
  });

  test('Back before the next page has come returns to where the list was too', async ({ page, request }) => {
    await createPetsViaApi(request, 60, { prefix: 'Paged' });
    await openSignedIn(page, { path: 'pets?limit=50' });
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(50);
    // The next page's answer is held until the list has been gone back to.
    let answerNext = () => {};
    const held = new Promise<void>((resolve) => (answerNext = resolve));
    await page.route(
      (url) => url.href.startsWith(`${API_BASE_URL}/pets?`) && url.searchParams.has('cursor'),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    const next = nextAtEnd(page);
    await next.scrollIntoViewIfNeeded();
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(1000);
    await next.click();
    await expect(page).toHaveURL(/link=/);
    await page.goBack();
    answerNext();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(left - 40);
    await expect(next).toBeInViewport();
  });

  test('the list opened anew by its address starts at its top, not where an earlier visit left it', async ({
    page,
    request,
  }) => {
    await createPetsViaApi(request, 60, { prefix: 'Visited' });
    // Loaded with no history state, as the list will be again below.
    await openSignedIn(page, { path: 'pets?limit=50' });
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(51);
    await rows.nth(40).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await rows.nth(40).getByRole('link').click();
    await expect(page.getByRole('button', { name: 'Copy ID' })).toBeVisible();
    await page.goto('pets?limit=50');
    await expect(rows).toHaveCount(51);
    // Two frames after the rows: a scroll back would have happened as they were drawn.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the pet page leads back to the list as it was left: filter, sort, page, scroll, focus', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await openSignedIn(page, { path: 'pets?status=available&limit=50&sort=-id' });
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    const last = rows.nth((await rows.count()) - 1);
    await last.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(100);
    const listUrl = page.url();
    await last.getByRole('link').press('Enter');
    await page.getByRole('link', { name: '← Back to the list' }).press('Enter');
    await expect(page).toHaveURL(listUrl);
    await expect(page.getByLabel('Status')).toHaveValue('available');
    await expect(page.getByRole('columnheader', { name: 'ID', exact: true })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 40);
    // The keyboard's place is kept too: the focus is on the pet that was opened, on screen.
    await expect(last.getByRole('link')).toBeFocused();
    await expect(last).toBeInViewport();
    // And so it is after Back.
    await last.getByRole('link').press('Enter');
    await expect(page.getByRole('button', { name: 'Copy ID' })).toBeVisible();
    await page.goBack();
    await expect(last.getByRole('link')).toBeFocused();
    await expect(last).toBeInViewport();
    // Back from another page, no pet opened on the way: the page's heading, as for any page.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Add pet' }).click();
    await expect(page.getByRole('heading', { name: 'Add a pet' })).toBeFocused();
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Pets', exact: true })).toBeFocused();
  });

  test('after a reload on the pet page, the way back reads the list anew and still finds the scroll and focus', async ({
    page,
    request,
  }) => {
    // A list long enough to be scrolled far. The reload empties the query cache, so on the way back
    // the rows arrive after the placeholders, and the scroll position must wait for them. Other tests
    // add pending pets meanwhile: the pet opened is found by its name, on a page with room for them.
    await createPetsViaApi(request, 50, { prefix: 'Scroll', status: 'pending' });
    await page.setViewportSize({ width: 1280, height: 500 });
    await openSignedIn(page, { path: 'pets?status=pending&limit=100' });
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.nth(50)).toBeVisible();
    const name = (await rows.nth(50).getByRole('link').textContent())!;
    const opened = page.getByRole('table').getByRole('link', { name, exact: true });
    await opened.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(1000);
    const listUrl = page.url();
    await opened.click();
    await expect(page.getByRole('button', { name: 'Copy ID' })).toBeVisible();
    await page.reload();
    const listRead = page.waitForRequest((r) => r.url().startsWith(`${API_BASE_URL}/pets?`));
    await page.getByRole('link', { name: '← Back to the list' }).click();
    await listRead;
    await expect(page).toHaveURL(listUrl);
    await expect(opened).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 200);
    // The focus is on the pet that was opened, on screen, not on the heading far above.
    await expect(opened).toBeFocused();
    await expect(opened).toBeInViewport();
    // And so it is after a reload and Back.
    await opened.click();
    await expect(page.getByRole('button', { name: 'Copy ID' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Copy ID' })).toBeVisible();
    await page.goBack();
    await expect(opened).toBeFocused();
    await expect(opened).toBeInViewport();
  });

  test('the way back shows the pet opened where pets added since have moved it out of sight', async ({
    page,
    request,
  }) => {
    await createPetsViaApi(request, 30, { prefix: 'Shift', status: 'pending' });
    await page.setViewportSize({ width: 1280, height: 500 });
    await openSignedIn(page, { path: 'pets?status=pending&limit=100' });
    const rows = page.getByRole('table').getByRole('row');
    const name = (await rows.nth(20).getByRole('link').textContent())!;
    const opened = page.getByRole('table').getByRole('link', { name, exact: true });
    await opened.scrollIntoViewIfNeeded();
    await opened.click();
    await expect(page.getByRole('button', { name: 'Copy ID' })).toBeVisible();
    // Others add pets meanwhile: newest first, the list read anew puts them above the pet opened,
    // 20 rows lower than the scroll put back by pixels shows.
    await createPetsViaApi(request, 20, { prefix: 'Shift', status: 'pending' });
    await page.reload();
    await page.getByRole('link', { name: '← Back to the list' }).click();
    await expect(opened).toBeFocused();
    await expect(opened).toBeInViewport();
  });

  test('Tab moves row by row: one link per pet', async ({ page }) => {
    await openSignedIn(page);
    const first = page.getByRole('table').getByRole('row').nth(1).getByRole('link');
    const second = page.getByRole('table').getByRole('row').nth(2).getByRole('link');
    await first.focus();
    await page.keyboard.press('Tab');
    await expect(second).toBeFocused();
  });

  test('sign-in starts in the key field and drops its error as the key is edited', async ({ page }) => {
    await page.goto('sign-in');
    await expect(page.getByLabel('API key', { exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main').getByText('Enter your API key.')).toBeVisible();
    // Read out, too: the focus stays in the field, whose error would otherwise go unsaid.
    await expect(page.getByRole('status').filter({ hasText: 'Enter your API key.' })).toHaveCount(1);
    await page.keyboard.type('w');
    await expect(page.getByRole('main').getByText('Enter your API key.')).toHaveCount(0);
    await expect(page.getByLabel('API key', { exact: true })).not.toHaveAttribute('aria-invalid');
  });
});

for (const [size, viewport] of [
  ['desk', { width: 1280, height: 800 }],
  ['phone', { width: 375, height: 812 }],
] as const) {
  test(`at a ${size}: add another keeps category and status, empties the name and focuses it`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openSignedIn(page, { path: 'pets/new' });
    const first = uniqueName('First');
    await page.getByLabel('Name').fill(first);
    await page.getByLabel('Category ID').fill('42');
    await page.getByLabel('Status').selectOption('Pending');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: first })).toBeVisible();
    await expect(page.getByRole('main').getByText('Pet added.')).toBeVisible();
    await page.getByRole('button', { name: 'Add another' }).click();
    await expect(page.getByLabel('Name')).toBeFocused();
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByLabel('Category ID')).toHaveValue('42');
    await expect(page.getByLabel('Status')).toHaveValue('pending');
    const second = uniqueName('Second');
    await page.keyboard.type(second);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: second })).toBeVisible();
    await expect(page.getByRole('definition').nth(2)).toHaveText('42');
  });
}

test('copies a pet id exactly, beyond 2^53 too', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_ORIGIN });
  await page.route(`${API_BASE_URL}/pets/9223372036854775807`, (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: '{"id":9223372036854775807,"name":"Biggest","categoryId":1,"status":"sold"}',
    }),
  );
  await openSignedIn(page, { path: 'pets/9223372036854775807' });
  await page.getByRole('button', { name: 'Copy ID' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('9223372036854775807');
});

test.describe('phones', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  for (const scheme of ['light', 'dark'] as const) {
    test(`every name and status in full, no sideways scrolling, the environment named in full (${scheme})`, async ({
      page,
      request,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await createPetViaApi(request, { name: 'Maximilian von Pfotenhausen der Dritte', status: 'pending' });
      await openSignedIn(page);
      await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      const clipped = await page.evaluate(() =>
        [...document.querySelectorAll('tbody td')]
          .filter((cell) => cell.scrollWidth > cell.clientWidth + 1 || cell.getBoundingClientRect().right > 375)
          .map((cell) => cell.textContent),
      );
      expect(clipped).toEqual([]);
      // The environment's name in full, and the header no taller than two lines.
      const environment = page.getByRole('banner').getByText(REFERENCE_SERVICE.environment, { exact: true });
      expect(await environment.evaluate((name) => name.scrollWidth <= name.clientWidth)).toBe(true);
      const badge = (await environment.boundingBox())!;
      expect(badge.x + badge.width).toBeLessThanOrEqual(375);
      const header = await page.getByRole('banner').locator('.app-header-top').boundingBox();
      expect(header!.height).toBeLessThan(100);
      // Thumb-sized filters.
      for (const label of ['Status', 'Rows per page']) {
        expect((await page.getByLabel(label).boundingBox())!.height).toBeGreaterThanOrEqual(44);
      }
      await expectNoAxeViolations(page);
    });
  }

  test('a long list: cards out of sight hold their drawn height, and the way back finds the scroll', async ({
    page,
    request,
  }) => {
    // Cards below the screen are not laid out until scrolled near (content-visibility); the height
    // they hold meanwhile must be the one they get, or the page would jump and the scroll be lost.
    // Every other name takes two lines, taller than that height. Rows are found by name: other tests
    // add pending pets meanwhile, above these.
    const tag = await createPetsOnOneAndTwoLines(request, 50, 'pending');
    await openSignedIn(page, { path: 'pets?status=pending&limit=100' });
    const rows = page.getByRole('table').getByRole('row');
    const ours = rows.filter({ hasText: tag });
    await expect(ours).toHaveCount(50);
    const named = async (row: Locator) =>
      rows.filter({ has: page.getByRole('link', { name: (await row.getByRole('link').textContent())!, exact: true }) });
    const far = await named(ours.filter({ hasNotText: 'two lines' }).last());
    const heightOf = () => far.evaluate((row) => row.getBoundingClientRect().height);
    const undrawn = await heightOf();
    await far.scrollIntoViewIfNeeded();
    await expect.poll(heightOf).toBeGreaterThan(0);
    expect(Math.abs((await heightOf()) - undrawn)).toBeLessThan(1);
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(3000);
    const topOf = (row: Locator) => row.evaluate((element) => element.getBoundingClientRect().top);
    const top = await topOf(far);

    await far.getByRole('link').click();
    await page.getByRole('link', { name: '← Back to the list' }).click();
    await expect(ours).toHaveCount(50);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 40);
    await expect(far).toBeInViewport();
    // Where it was on the screen when it was left, though the cards above it were not all drawn then.
    await expect.poll(async () => Math.abs((await topOf(far)) - top)).toBeLessThan(2);

    // A reload comes back to where the list is now, not to where it was last left.
    const higher = await named(ours.nth(10));
    await higher.scrollIntoViewIfNeeded();
    const higherTop = await topOf(higher);
    await page.reload();
    await expect(ours).toHaveCount(50);
    await expect(higher).toBeInViewport();
    await expect.poll(async () => Math.abs((await topOf(higher)) - higherTop)).toBeLessThan(2);
  });

  test('Back from the next page finds the card it left, though cards above it were never drawn', async ({
    page,
    request,
  }) => {
    // The browser restores a scroll offset, and cards out of sight hold an estimated height until
    // drawn (content-visibility): with names on two lines, the same offset is another card.
    await createPetsOnOneAndTwoLines(request, 60, 'sold');
    // The list opened from the menu, after the router has begun to follow Back and Forward: the
    // router's listener then comes first, and Back draws the entry gone back to before the list's own
    // would run (this failed now and then when the list's code came in after the router's).
    await openSignedIn(page, { path: 'pets/new' });
    await expect(page.getByRole('heading', { name: 'Add a pet' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pets' }).click();
    await page.getByLabel('Status').selectOption('sold');
    await page.getByLabel('Rows per page').selectOption('50');
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(51);
    const next = nextAtEnd(page);
    await next.scrollIntoViewIfNeeded();
    // The last card on this page, by name: other tests add sold pets meanwhile, above these.
    const lastName = (await rows.nth(50).getByRole('link').textContent())!;
    const last = rows.filter({ has: page.getByRole('link', { name: lastName, exact: true }) });
    const topOf = () => last.evaluate((element) => element.getBoundingClientRect().top);
    // Where it is on the screen as Next is pressed: cards drawn after the scroll may still move it.
    const topAtClick = last.evaluate(
      (element) =>
        new Promise<number>((resolve) =>
          document.addEventListener('click', () => resolve(element.getBoundingClientRect().top), {
            capture: true,
            once: true,
          }),
        ),
    );
    await next.click();
    const top = await topAtClick;
    await expect(page).toHaveURL(/link=/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(last).toBeInViewport();
    await expect.poll(async () => Math.abs((await topOf()) - top)).toBeLessThan(2);
    // Forward to the next page, scrolled to its end before Back: the same for it.
    await page.goForward();
    await expect(page).toHaveURL(/link=/);
    await expect(last).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const further = rows.last();
    await further.scrollIntoViewIfNeeded();
    const furtherName = (await further.getByRole('link').textContent())!;
    const furtherRow = rows.filter({ has: page.getByRole('link', { name: furtherName, exact: true }) });
    // Once the cards drawn after the scroll have their height, and the row stays put.
    let furtherTop = NaN;
    await expect
      .poll(async () => {
        const now = await furtherRow.evaluate((element) => element.getBoundingClientRect().top);
        const still = Math.abs(now - furtherTop) < 1;
        furtherTop = now;
        return still;
      })
      .toBe(true);
    await page.goBack();
    await expect(last).toBeInViewport();
    await page.goForward();
    await expect(furtherRow).toBeInViewport();
    await expect
      .poll(async () =>
        Math.abs((await furtherRow.evaluate((element) => element.getBoundingClientRect().top)) - furtherTop),
      )
      .toBeLessThan(2);
  });
});

test('messages say what a message is for and what queued means, in the local language and time zone', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'de-DE', timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  await openSignedIn(page, { path: 'messages' });
  await expect(page.getByText(/queued.*has not delivered it yet/i)).toBeVisible();
  await page.getByLabel('Message', { exact: true }).fill('Fütterung um 12 Uhr');
  await page.getByRole('button', { name: 'Send message' }).click();
  const time = page.getByRole('list', { name: 'Messages sent in this session' }).locator('time').first();
  await expect(time).toContainText('GMT+9');
  await expect(
    page.getByRole('list', { name: 'Messages sent in this session' }).getByRole('listitem').first(),
  ).toContainText('Queued when sent');
  await context.close();
});
