// Category names from config.json, and the list exported to CSV (issue 32, parts 1 and 2).
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, APIResponse, Download, Locator } from '@playwright/test';
import { jsonCodec } from '../contract/json.ts';
import type { components } from '../contract/schema.gen.ts';
import {
  API_KEY,
  createPetViaApi,
  createPetsViaApi,
  expect,
  expectNoAxeViolations,
  holdExportCode,
  listPetsViaApi,
  recordApiRequests,
  REFERENCE_SERVICE,
  openSignedIn,
  test,
  uniqueName,
  untilVisible,
  type Service,
} from './support.ts';

type Pet = components['schemas']['Pet'];

/** The reference service, in the environment of e2e/fixtures/config.json that names its categories. */
const NAMED: Service = { ...REFERENCE_SERVICE, environment: 'Local test service, categories named' };
const CATEGORY_NAMES = new Map([
  [1n, 'Dogs'],
  [2n, 'Cats'],
  [3n, 'Birds'],
  [4n, 'Rabbits'],
  [5n, 'Fish'],
  [9007199254740993n, 'Exotics beyond 2^53'],
]);
const INT64_MAX = 9223372036854775807n;
const PHONE = { width: 375, height: 812 };
const json = jsonCodec();

/** Every pet the service lists for `query`, following its `next` links as the app does. */
async function walkViaApi(request: APIRequestContext, service: Service, query: string): Promise<Pet[]> {
  const pets: Pet[] = [];
  let url: string | undefined = `${service.apiBaseUrl}/pets?${query}`;
  while (url) {
    const response: APIResponse = await request.get(url, { headers: { authorization: `Bearer ${API_KEY}` } });
    expect(response.status()).toBe(200);
    pets.push(...(json.parse(await response.text()) as Pet[]));
    const next: string | undefined = /<([^>]*)>;\s*rel="?next"?/.exec(response.headers()['link'] ?? '')?.[1];
    url = next && new URL(next, url).toString();
  }
  return pets;
}

/** RFC 4180 read back: fields, quotes doubled inside quoted ones, CRLF between records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      records.push([...record, field]);
      record = [];
      field = '';
      i++;
    } else field += char;
  }
  expect(field, 'the last record ends with CRLF too').toBe('');
  return records;
}

/** What a spreadsheet must not run as a formula gets a `'` first. */
const guarded = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

async function readDownload(download: Download): Promise<string> {
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)], 'UTF-8 with a byte order mark').toEqual([0xef, 0xbb, 0xbf]);
  return bytes.toString('utf8').slice(1);
}

const today = () => {
  const now = new Date();
  return [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
};

/** The text of a cell and the box it draws, which must stay clear of the status beside it. */
async function expectWithinItsCell(row: Locator) {
  const category = row.locator('td.col-category');
  const [text, cell, status] = await Promise.all([
    category.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const { left, right, top, bottom } = range.getBoundingClientRect();
      return { left, right, top, bottom };
    }),
    category.boundingBox(),
    row.getByRole('cell').last().boundingBox(),
  ]);
  // Within its own cell (a pixel for rounding)...
  expect(text.right).toBeLessThanOrEqual(cell!.x + cell!.width + 1);
  expect(text.left).toBeGreaterThanOrEqual(cell!.x - 1);
  // ...and clear of the status cell, beside it on a desk, above it on a card.
  const overlaps =
    text.left < status!.x + status!.width &&
    text.right > status!.x &&
    text.top < status!.y + status!.height &&
    text.bottom > status!.y;
  expect(overlaps).toBe(false);
}

async function seedCategories(request: APIRequestContext) {
  const tag = uniqueName('Kind');
  const pets = {
    dog: await createPetViaApi(request, { name: `${tag} Rex`, categoryId: 1n, status: 'available' }),
    cat: await createPetViaApi(request, { name: `${tag} Tom`, categoryId: 2n, status: 'pending' }),
    exotic: await createPetViaApi(request, { name: `${tag} Axolotl`, categoryId: 9007199254740993n, status: 'sold' }),
    unnamed: await createPetViaApi(request, { name: `${tag} Odd`, categoryId: INT64_MAX, status: 'available' }),
  };
  return { tag, pets };
}

for (const size of ['desk', 'phone'] as const) {
  test.describe(`category names, ${size}`, () => {
    if (size === 'phone') test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

    test('the list shows, sorts and narrows by name; a long id stays in its cell', async ({ page, request }) => {
      test.setTimeout(60_000);
      const { tag, pets } = await seedCategories(request);
      await openSignedIn(page, { service: NAMED, path: `pets?q=${encodeURIComponent(tag)}` });
      const table = page.getByRole('table');
      await expect(page.getByRole('status').filter({ hasText: '4 pets named like' })).toBeVisible();
      await expect(table.getByRole('button', { name: 'Category', exact: true })).toBeVisible();
      // Three choices and a search above them, and on a phone the first pets show without scrolling.
      await expect(table.getByRole('row').nth(1)).toBeInViewport({ ratio: 1 });
      await expect(table.getByRole('row').nth(2).getByRole('link')).toBeInViewport({ ratio: 1 });

      const rowOf = (pet: Pet) => table.getByRole('row').filter({ hasText: pet.name });
      await expect(rowOf(pets.dog).locator('td.col-category')).toHaveText('Dogs');
      await expect(rowOf(pets.exotic).locator('td.col-category')).toHaveText('Exotics beyond 2^53');
      const odd = rowOf(pets.unnamed).locator('td.col-category');
      // As the pet's page says it: not a bare number under "Category", where names are.
      await expect(odd).toHaveText(`Unnamed (ID ${INT64_MAX})`);
      await expect(odd).toHaveAttribute('title', `Unnamed (ID ${INT64_MAX})`);
      await expect(rowOf(pets.cat).locator('td.col-category')).toHaveAttribute('title', 'Cats (ID 2)');
      await expectWithinItsCell(rowOf(pets.unnamed));
      await expectWithinItsCell(rowOf(pets.exotic));

      // By name, named ones first; the unnamed last.
      await table.getByRole('button', { name: 'Category', exact: true }).click();
      await expect(table.locator('td.col-category')).toHaveText([
        'Cats',
        'Dogs',
        'Exotics beyond 2^53',
        `Unnamed (ID ${INT64_MAX})`,
      ]);
      await expect(page.getByRole('status').filter({ hasText: 'Sorted by category (A to Z)' })).toBeVisible();

      await page.getByLabel('Category', { exact: true }).selectOption('Dogs');
      await expect(page).toHaveURL(/[?&]category=1(&|$)/);
      await expect(table.getByRole('row')).toHaveCount(2);
      await expect(rowOf(pets.dog)).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: '1 pet, of Dogs, named like' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByLabel('Category', { exact: true }).selectOption('Birds');
      await expect(page.getByText(`Found no pet of Birds named like “${tag}”.`)).toBeVisible();
      await page.getByRole('link', { name: 'Search every category' }).click();
      await expect(table.getByRole('row')).toHaveCount(5);

      // Without a search: among the pets of the page read, saying so; kept across a reload.
      await page.goto('pets?category=9007199254740993&limit=100');
      await expect(page.getByLabel('Category', { exact: true })).toHaveValue('9007199254740993');
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: /^Showing Exotics beyond 2\^53: [\d,]+ pets? among (the first )?[\d,]+ pets\./ }),
      ).toBeVisible();
      await expect(rowOf(pets.exotic)).toBeVisible();
      for (const cell of await table.locator('td.col-category').all()) {
        await expect(cell).toHaveText('Exotics beyond 2^53');
      }
    });

    test('a page with none of the category keeps the way to the next page', async ({ page }) => {
      // The first page of ten holds one pet, a dog, and points further on.
      await page.route(`${REFERENCE_SERVICE.apiBaseUrl}/pets?limit=10`, async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: [{ id: 7, name: 'Rex', categoryId: 1, status: 'available' }] });
      });
      await openSignedIn(page, { service: NAMED, path: 'pets?limit=10&category=2' });
      await expect(page.getByText('No pets of Cats on this page.')).toBeVisible();
      await page.getByRole('link', { name: 'Next page' }).click();
      await expect(page).toHaveURL(/[?&]link=/);
    });

    test('the pet page shows name and id; the form offers names and any other id', async ({ page, request }) => {
      test.setTimeout(60_000);
      const { pets } = await seedCategories(request);
      await openSignedIn(page, { service: NAMED, path: `pets/${pets.cat.id}` });
      await expect(page.getByRole('heading', { name: pets.cat.name })).toBeVisible();
      await expect(page.getByRole('definition').nth(2)).toHaveText('Cats (ID 2)');
      await page.goto(`pets/${pets.unnamed.id}`);
      await expect(page.getByRole('definition').nth(2)).toHaveText(`Unnamed (ID ${INT64_MAX})`);

      await page.goto('pets/new');
      const name = uniqueName('Named');
      await page.getByLabel('Name').fill(name);
      await expect(page.getByLabel('Category ID')).toHaveCount(0);
      await page.getByRole('button', { name: 'Add pet' }).click();
      const choice = page.getByLabel('Category', { exact: true });
      await expect(choice).toBeFocused();
      await expect(page.getByText('Choose a category.')).toBeVisible();
      await expectNoAxeViolations(page);

      await choice.selectOption('Rabbits');
      await page.getByRole('button', { name: 'Add pet' }).click();
      await expect(page.getByRole('main').getByText('Pet added.')).toBeVisible();
      await expect(page.getByRole('definition').nth(2)).toHaveText('Rabbits (ID 4)');

      // "Add another" keeps the category, as its name.
      await page.getByRole('button', { name: 'Add another' }).click();
      await expect(page.getByLabel('Category', { exact: true })).toHaveValue('4');

      await page.getByLabel('Name').fill(`${name} 2`);
      // The id field appears after the choice, which keeps the focus: arrow keys browse on past it.
      const categoryChoice = page.getByLabel('Category', { exact: true });
      await categoryChoice.focus();
      await categoryChoice.selectOption('Other ID…');
      await expect(categoryChoice).toBeFocused();
      await page.keyboard.press('Tab');
      const idField = page.getByLabel('Category ID');
      await expect(idField).toBeFocused();
      await expect(idField).toHaveAccessibleDescription('For a category not in the list, type its ID.');
      await idField.fill('9223372036854775808');
      await page.getByRole('button', { name: 'Add pet' }).click();
      await expect(
        page.getByText('Enter a number between -9223372036854775808 and 9223372036854775807.'),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await idField.fill(INT64_MAX.toString());
      await page.getByRole('button', { name: 'Add pet' }).click();
      await expect(page.getByRole('main').getByText('Pet added.')).toBeVisible();
      await expect(page.getByRole('definition').nth(2)).toHaveText(`Unnamed (ID ${INT64_MAX})`);
    });
  });
}

test.describe('export to CSV', () => {
  test('follows every page, shows progress, can be cancelled, and writes what the service holds, as sorted', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const tag = uniqueName('Csv');
    // More than a page of 100, so that the export must follow the service's next link.
    const names = [
      `${tag}, with a comma`,
      `${tag} "quoted"`,
      `=${tag}+1`,
      `Zoë ${tag}`,
      `@${tag}`,
      ...Array.from({ length: 100 }, (_, i) => `${tag} ${i}`),
    ];
    for (const [i, name] of names.entries()) {
      await createPetViaApi(request, {
        name,
        categoryId: i === 3 ? INT64_MAX : BigInt((i % 5) + 1),
        status: 'pending',
      });
    }
    const requests = recordApiRequests(page);
    await openSignedIn(page, { service: NAMED, path: `pets?status=pending&q=${encodeURIComponent(tag)}&sort=-name` });
    await expect(page.getByRole('status').filter({ hasText: `105 pets named like` })).toBeVisible();
    const shown = await page
      .getByRole('table')
      .getByRole('row')
      .filter({ has: page.getByRole('cell') })
      .all();
    const namesShown = await Promise.all(shown.map((row) => row.getByRole('cell').nth(1).innerText()));

    const release = await holdExportCode(page);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByText(/^Exporting… 0 pets so far\.$/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Cancel export' }).click();
    release();
    await expect(page.getByText(/^Export cancelled after 0 pets: no file was saved\.$/)).toBeVisible();
    await page.unrouteAll();

    const before = requests.length;
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    const slug = tag.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    expect(download.suggestedFilename()).toBe(
      `pets-local-test-service-categories-named-pending-${slug}-${today()}.csv`,
    );
    await expect(
      page.getByText(/^Exported 105 pets to pets-.*\.csv, from the [\d,]+ pets the service lists\.$/),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // Pages of 100, each reached by the service's own next link.
    const exportReads = requests.slice(before);
    expect(exportReads.length).toBeGreaterThan(1);
    expect(exportReads.every((url) => url.searchParams.get('limit') === '100')).toBe(true);
    expect(exportReads[0]!.searchParams.has('cursor')).toBe(false);
    expect(exportReads.slice(1).every((url) => url.searchParams.has('cursor'))).toBe(true);

    const text = await readDownload(download);
    expect(text).toContain(`\r\n`);
    expect(text.split('\r\n')[0]).toBe('id,name,categoryName,categoryId,status');
    expect(text).toContain(`,"${tag}, with a comma",`);
    expect(text).toContain(`,"${tag} ""quoted""",`);
    expect(text).toContain(`,'=${tag}+1,`);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(['id', 'name', 'categoryName', 'categoryId', 'status']);
    const held2 = (await walkViaApi(request, REFERENCE_SERVICE, 'status=pending&limit=100')).filter((pet) =>
      pet.name.toLowerCase().includes(tag.toLowerCase()),
    );
    expect(held2).toHaveLength(105);
    // The file is in the order the list shows: by name, Z to A, every row of it.
    expect(rows.slice(0, namesShown.length).map((row) => row[1])).toEqual(namesShown.map(guarded));
    const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
    const nameOf = new Map(held2.map((pet) => [pet.id.toString(), pet.name]));
    const namesWritten = rows.map((row) => nameOf.get(row[0]!)!);
    expect(namesWritten).toEqual([...namesWritten].sort((a, b) => byName.compare(b, a)));
    expect(rows).toHaveLength(105);
    expect(rows).toEqual(
      expect.arrayContaining(
        held2.map((pet) => [
          pet.id.toString(),
          guarded(pet.name),
          CATEGORY_NAMES.get(BigInt(pet.categoryId)) ?? '',
          pet.categoryId.toString(),
          pet.status ?? '',
        ]),
      ),
    );
    expect(rows.find((row) => row[1] === `Zoë ${tag}`)?.[3]).toBe(INT64_MAX.toString());
  });

  test('stops after reading 10,000 pets, as the search does, and says so', async ({ page }) => {
    // Three reads of 10,000 pets through the route below: the export, the search, the export again.
    test.setTimeout(180_000);
    const long = { timeout: 60_000 };
    await openSignedIn(page, { service: NAMED });
    await expect(page.getByRole('table')).toBeVisible();
    // A list longer than any store here: each page of the export leads to one more. The service's
    // first page, read once, lends each page its pets' fields and its headers.
    let first: { pets: Pet[]; headers: Record<string, string> } | undefined;
    await page.route(/\/v1\/pets\?/, async (route) => {
      const url = new URL(route.request().url());
      if (url.searchParams.get('limit') !== '100') return route.fallback();
      const page = Number(url.searchParams.get('page') ?? '0');
      if (!first) {
        url.searchParams.delete('page');
        const response = await route.fetch({ url: url.toString() });
        const headers = response.headers();
        delete headers['content-length'];
        delete headers['content-encoding'];
        first = { pets: json.parse(await response.text()) as Pet[], headers };
      }
      const { pets, headers } = first;
      // Each page other pets, as a long list's pages are, named by their ids.
      const full = Array.from({ length: 100 }, (_, i) => ({
        ...pets[i % pets.length]!,
        id: BigInt(page * 100 + i + 1),
        name: `Long list ${page * 100 + i + 1}`,
      }));
      await route.fulfill({
        status: 200,
        body: json.stringify(full),
        headers: { ...headers, link: `<pets?limit=100&page=${page + 1}>; rel="next"` },
      });
    });
    const downloading = page.waitForEvent('download', long);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    const stopped =
      /, from the first 10,000 pets the service lists: the export reads no further\. One status at a time reaches further\.$/;
    await expect(page.getByText(/^Exported 10,000 pets to pets-.*\.csv/)).toHaveText(stopped);
    await expectNoAxeViolations(page);
    const [header, ...rows] = parseCsv(await readDownload(download));
    expect(header).toEqual(['id', 'name', 'categoryName', 'categoryId', 'status']);
    expect(rows).toHaveLength(10_000);

    // A search that few pets match reads no further than the list did: the file holds what it shows,
    // pets 77, 770 to 779 and 7700 to 7799.
    await page.getByLabel('Search by name').fill('list 77');
    await expect(
      page.getByText('111 pets named like “list 77”, among the first 10,000 pets (searching stops there).'),
    ).toBeVisible(long);
    const again = page.waitForEvent('download', long);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const [, ...found] = parseCsv(await readDownload(await again));
    await expect(page.getByText(/^Exported 111 pets to pets-.*\.csv/)).toHaveText(stopped);
    expect(found).toHaveLength(111);
    for (const row of found) expect(row[1]).toContain('list 77');
  });

  test('waits out a 503 and a 429 part of the way through, saying so, and saves every pet', async ({
    page,
    request,
  }) => {
    // More than a page of 100 of them, so that the export must follow the service's next link.
    const tag = uniqueName('Wait');
    await createPetsViaApi(request, 101, { prefix: tag, status: 'sold' });
    await page.clock.install();
    await openSignedIn(page, { path: `pets?status=sold&q=${encodeURIComponent(tag)}` });
    await expect(page.getByRole('status').filter({ hasText: /^101 pets named like/ })).toBeVisible();
    // The search has read the list. The export's first read of a later page fails (a 503), then the
    // next (a 429), then the service answers.
    const faults = [
      { status: 503, contentType: 'text/plain', body: 'Service Unavailable' },
      { status: 429, json: { code: 'rate_limited', message: 'Slow down, please.', status: 429 } },
    ];
    await page.route(/\/v1\/pets\?.*cursor=/, (route) => {
      const fault = faults.shift();
      return fault ? route.fulfill(fault) : route.fallback();
    });
    // Through the waits the page's clock is run through, in real time as long as the test's.
    const downloading = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const exporting = page.getByText(/^Exporting…/);
    await untilVisible(page, exporting.filter({ hasText: 'failed (HTTP 503). Trying again…' }), { step: 100 });
    await untilVisible(page, exporting.filter({ hasText: 'Slow down, please. Trying again…' }), { step: 100 });
    await expect(page.getByRole('button', { name: 'Cancel export' })).toBeVisible();
    await untilVisible(page, page.getByText(/^Exported 101 pets to pets-.*\.csv/), { step: 500 });
    const [, ...rows] = parseCsv(await readDownload(await downloading));
    expect(rows).toHaveLength(101);
    expect(new Set(rows.map((row) => row[0])).size).toBe(101);
  });

  test('with no way past full first pages, holds each list’s first page, as the search reads them', async ({
    page,
  }) => {
    await openSignedIn(page, { service: NAMED });
    await expect(page.getByRole('table')).toBeVisible();
    // A service that lists 100 pets in each list and gives no link past them; its whole list starts
    // with the available pets.
    const firstIds = { available: 1, pending: 101, sold: 201 };
    await page.route(/\/v1\/pets\?/, async (route) => {
      const url = new URL(route.request().url());
      if (url.searchParams.get('limit') !== '100') return route.fallback();
      const response = await route.fetch();
      const status = (url.searchParams.get('status') ?? 'available') as keyof typeof firstIds;
      const pets = Array.from({ length: 100 }, (_, i) => {
        const id = firstIds[status] + i;
        return { id: BigInt(id), name: `Listed ${id}`, categoryId: 1n, status };
      });
      const headers = response.headers();
      delete headers['content-length'];
      delete headers['content-encoding'];
      delete headers['link'];
      await route.fulfill({ status: 200, body: json.stringify(pets), headers });
    });
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    await expect(
      page.getByText(
        /^Exported 300 pets to pets-.*\.csv, from the first pages of the whole list and of each status \(300 pets\): the service offers no way past them\.$/,
      ),
    ).toBeVisible();
    const [, ...rows] = parseCsv(await readDownload(download));
    const ids = rows.map((row) => Number(row[0]));
    expect(new Set(ids).size).toBe(300);
    expect(Math.min(...ids)).toBe(1);
    expect(Math.max(...ids)).toBe(300);
  });
});

test.describe('export against a service built to the spec alone', { tag: '@spec' }, () => {
  test('holds what the service lists, and says how far it could read', async ({ page, request, service }) => {
    await openSignedIn(page, { service });
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByLabel('Category', { exact: true })).toHaveCount(0);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`pets-spec-only-service-all-${today()}.csv`);
    // All it lists, unless other tests have added enough pets to fill its pages.
    await expect(
      page.getByText(
        /^Exported [\d,]+ pets to .*, from (the [\d,]+ pets the service lists|the first pages of the whole list and of each status)/,
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    const [header, ...rows] = parseCsv(await readDownload(download));
    expect(header).toEqual(['id', 'name', 'categoryId', 'status']);
    const firstPage = await listPetsViaApi(request, service, 'limit=100');
    // Pets added meanwhile by other tests come first: the file's rows are the page as it was.
    const ids = rows.map((row) => row[0]);
    const byId = new Map(firstPage.map((pet) => [pet.id.toString(), pet]));
    for (const row of rows) {
      const pet = byId.get(row[0]!);
      if (!pet) continue;
      expect(row).toEqual([pet.id.toString(), guarded(pet.name), pet.categoryId.toString(), pet.status ?? '']);
    }
    expect(ids.filter((id) => byId.has(id!)).length).toBeGreaterThan(0);
    expect(rows.some((row) => BigInt(row[0]!) > 2n ** 53n)).toBe(true);
  });

  test('with no pet to export, says so and saves no file', async ({ page, service }) => {
    const downloads: unknown[] = [];
    page.on('download', (download) => downloads.push(download));
    await openSignedIn(page, { service });
    const nobody = uniqueName('Nobody');
    await page.getByLabel('Search by name').fill(nobody);
    await expect(page.getByText(`Found no pet named like “${nobody}”.`)).toBeVisible();
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(
      page.getByText(
        /^Nothing to export, and no file was saved: no pet matches among (the [\d,]+ pets the service lists|the first pages of the whole list and of each status)/,
      ),
    ).toBeVisible();
    expect(downloads).toHaveLength(0);
  });
});
