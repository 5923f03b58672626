// Screenshots of every screen, at a desk and on a phone, light and dark, to look at (not a test of
// pixels): `SCREENSHOTS=1 npm run test:e2e -- screens` writes them to test-results/screens/.
import type { Page, Route } from '@playwright/test';
import {
  API_BASE_URL,
  createPetViaApi,
  expect,
  holdExportCode,
  REFERENCE_SERVICE,
  revokeKey,
  signIn,
  SPEC_SERVICE,
  test,
  uniqueName,
} from './support.ts';

const SIZES = { desk: { width: 1280, height: 800 }, phone: { width: 375, height: 812 } };

async function shoot(page: Page, name: string) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      // A screen as tall as the page: cards out of sight are drawn only near the screen (they hold
      // their place meanwhile), and a person scrolling sees each of them drawn.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
      await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
      await page.screenshot({ path: `test-results/screens/${name}-${size}-${scheme}.png`, fullPage: true });
    }
  }
}

test('every screen, for a person to look at', async ({ page, request }) => {
  test.setTimeout(120_000);
  for (let i = 0; i < 3; i++) await createPetViaApi(request, { name: uniqueName('Zoë'), status: 'pending' });
  const pet = await createPetViaApi(request, { name: 'Biscuit the very long-named cocker spaniel', status: 'sold' });

  await page.goto('sign-in');
  await shoot(page, 'sign-in');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await shoot(page, 'sign-in-error');
  await page.getByLabel('API key', { exact: true }).fill('wrong-key');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This API key was not accepted')).toBeVisible();
  await shoot(page, 'sign-in-refused');

  await signIn(page);
  await expect(page.getByRole('table')).toBeVisible();
  await shoot(page, 'pets');
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('zoe');
  await expect(page.getByRole('status').filter({ hasText: 'named like' })).toBeVisible();
  await shoot(page, 'pets-search');
  await page.goto('pets?status=sold&q=nobody-at-all');
  await expect(page.getByText(/Found no sold pet named like/)).toBeVisible();
  await shoot(page, 'pets-search-empty');

  // The service out after the list is in: its rows stay, greyed, under the failure.
  await page.goto('pets');
  await expect(page.getByRole('table')).toBeVisible();
  await page.route(`${API_BASE_URL}/pets?limit=50`, (route) => route.abort('connectionrefused'));
  await page.getByLabel('Rows per page').selectOption('50');
  // The quick tries (1 s, 2 s and 4 s apart): after a few seconds, the status line says what they are for.
  await expect(page.getByRole('status').filter({ hasText: "can't be reached. Trying again…" })).toBeVisible();
  await shoot(page, 'pets-retrying');
  // The failure, said once they are spent.
  await expect(page.getByRole('alert')).toContainText("can't be reached", { timeout: 15_000 });
  await shoot(page, 'pets-outage');
  // Try again while the service is still out: the notice stays, its button saying the try is on its way.
  // This route, the later one, takes the list's reads from the one refusing them, with nothing between.
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(`${API_BASE_URL}/pets?limit=50`, async (route) => {
    await held;
    await route.abort('connectionrefused');
  });
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('button', { name: 'Trying again…' })).toBeVisible();
  await shoot(page, 'pets-outage-trying');
  answer();
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // A later page's link the service no longer takes.
  await page.goto(`pets?link=${encodeURIComponent('pets?cursor=expired')}`);
  await expect(page.getByRole('link', { name: 'Start again from the first page' })).toBeVisible();
  await shoot(page, 'pets-page-link-refused');

  await page.goto(`pets/${pet.id}`);
  await expect(page.getByRole('heading', { name: pet.name })).toBeVisible();
  await shoot(page, 'pet-detail');

  await page.goto('pets/new');
  await page.getByRole('button', { name: 'Add pet' }).click();
  await shoot(page, 'add-pet-errors');
  await page.getByLabel('Name').fill('Rex');
  await page.getByLabel('Category ID').fill('4');
  await page.route(`${API_BASE_URL}/pets`, (route) =>
    route.request().method() === 'POST' ? route.abort('connectionrefused') : route.fallback(),
  );
  await page.getByRole('button', { name: 'Add pet' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await shoot(page, 'add-pet-offline');
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('main').getByText('Pet added.')).toBeVisible();
  await shoot(page, 'pet-added');

  await page.goto('messages');
  await page.getByLabel('Message', { exact: true }).fill('Feed the parrots at noon.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText(/Message queued/)).toBeVisible();
  await shoot(page, 'messages');

  // A pet added while the service cannot be reached: kept in this tab, waiting in the list, and
  // the question before signing out would lose it.
  await page.goto('pets/new');
  const unreachable = (route: Route) => route.abort('connectionrefused');
  await page.route(`${API_BASE_URL}/**`, unreachable);
  await page.getByLabel('Name').fill('Biscuit the very long-named cocker spaniel');
  await page.getByLabel('Category ID').fill('4');
  await page.getByRole('button', { name: 'Add pet' }).click();
  await expect(page.getByText(/is kept in this tab/)).toBeVisible();
  await shoot(page, 'add-pet-kept');
  await page.getByRole('link', { name: 'See the pets kept in this tab' }).click();
  await expect(page.getByRole('region', { name: /^Kept in this tab/ })).toBeVisible();
  await shoot(page, 'pets-waiting');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shoot(page, 'sign-out-confirm');
  await page.getByRole('button', { name: 'Stay signed in' }).click();

  // The key stops working before the pet is sent (revoked before the service is back, so that the
  // pet cannot go first), and the person leaves for the sign-in screen: the next key is offered it.
  await revokeKey(page);
  await page.unroute(`${API_BASE_URL}/**`, unreachable);
  await page.reload();
  await page.getByRole('dialog', { name: 'Sign in again' }).getByRole('button', { name: 'Sign in later' }).click();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await expect(page.getByText(/^Kept in this tab:/)).toBeVisible();
  await shoot(page, 'sign-in-pets-left');
  await signIn(page, { key: 'e2e-other-key' });
  await expect(page.getByRole('region', { name: /^Left in this tab/ })).toBeVisible();
  await shoot(page, 'pets-left-behind');
  await page.getByRole('button', { name: 'Discard it…' }).click();
  await shoot(page, 'pets-left-behind-discard');
  await page.getByRole('button', { name: 'Discard it', exact: true }).click();

  // Against a service without idempotency keys, a send whose answer was lost: it may have been added.
  await signIn(page, { path: `${SPEC_SERVICE.appUrl}pets`, service: SPEC_SERVICE });
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByRole('link', { name: 'Add pet' }).first().click();
  await page.route(`${SPEC_SERVICE.apiBaseUrl}/**`, async (route) => {
    if (route.request().method() === 'POST') await route.fetch();
    await route.abort('connectionrefused');
  });
  // Exactly "Name": until the form replaces the list, "Name" alone finds its "Search by name".
  await page.getByLabel('Name', { exact: true }).fill('Pickle');
  await page.getByLabel('Category ID').fill('4');
  await page.getByRole('button', { name: 'Add pet' }).click();
  await expect(page.getByText(/may have been added/)).toBeVisible();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.getByRole('link', { name: 'See the pets kept in this tab' }).click();
  await page.getByRole('button', { name: 'Look for “Pickle”' }).click();
  await expect(page.getByText(/lists an? .*pet named “Pickle”/)).toBeVisible();
  await shoot(page, 'pets-waiting-lost');
  await page.getByRole('button', { name: 'Discard “Pickle”' }).click();
  await expect(page.getByRole('button', { name: 'Undo discarding “Pickle”' })).toBeFocused();
  await shoot(page, 'pets-discarded');
  // Put back, and sent all the same: the line that says so.
  await page.getByRole('button', { name: 'Undo discarding “Pickle”' }).click();
  await page.getByRole('button', { name: /^Send again/ }).click();
  await expect(page.getByText(/^Added to .+ from this tab/)).toBeVisible();
  await shoot(page, 'pets-sent');

  // From the form, a lost create found in the list; its name one long word.
  await page.getByRole('link', { name: 'Add pet' }).first().click();
  await page.route(`${SPEC_SERVICE.apiBaseUrl}/pets`, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await route.fetch();
    await route.abort('connectionreset');
  });
  const oneWord = 'Donaudampfschifffahrtskapitänsmützenträger';
  await page.getByLabel('Name', { exact: true }).fill(oneWord);
  await page.getByLabel('Category ID').fill('4');
  await page.getByRole('button', { name: 'Add pet' }).click();
  await page.getByRole('button', { name: `Look for “${oneWord}”` }).click();
  await expect(page.getByRole('button', { name: 'It is: clear the form' })).toBeVisible();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await shoot(page, 'add-pet-lost-found');
  await page.getByRole('button', { name: 'It is: clear the form' }).click();

  await page.route(`${API_BASE_URL}/**`, (route) =>
    route.fulfill({
      status: 401,
      json: { code: 'unauthorized', message: 'The API key is not accepted.', status: 401 },
    }),
  );
  await page.goto('pets?status=pending');
  await expect(page.getByRole('dialog')).toBeVisible();
  await shoot(page, 'reauth-dialog');
});

test('the screens of named categories and the export, for a person to look at', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = uniqueName('Kind');
  for (const [name, categoryId] of [
    ['Rex', 1n],
    ['Tom', 2n],
    ['Axolotl', 9007199254740993n],
    ['Odd', 9223372036854775807n],
  ] as const) {
    await createPetViaApi(request, { name: `${tag} ${name}`, categoryId, status: 'available' });
  }
  const odd = await createPetViaApi(request, { name: `${tag} Rare`, categoryId: 9223372036854775807n });
  await signIn(page, {
    service: { ...REFERENCE_SERVICE, environment: 'Local test service, categories named' },
    path: `pets?q=${encodeURIComponent(tag)}&sort=category`,
  });
  await expect(page.getByRole('status').filter({ hasText: 'named like' })).toBeVisible();
  await shoot(page, 'categories-pets');

  await page.getByLabel('Category', { exact: true }).selectOption('Dogs');
  await expect(page.getByRole('status').filter({ hasText: 'of Dogs' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await downloading;
  await expect(page.getByText(/^Exported /)).toBeVisible();
  await shoot(page, 'categories-export-done');

  await page.goto('pets?category=1');
  await expect(page.getByRole('status').filter({ hasText: 'Showing Dogs' })).toBeVisible();
  const release = await holdExportCode(page);
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByText(/^Exporting… /)).toBeVisible();
  await shoot(page, 'categories-export-running');
  await page.getByRole('button', { name: 'Cancel export' }).click();
  release();
  await expect(page.getByText(/^Export cancelled/)).toBeVisible();
  await page.unrouteAll();

  await page.goto(`pets/${odd.id}`);
  await expect(page.getByRole('heading', { name: odd.name })).toBeVisible();
  await shoot(page, 'categories-pet-detail');

  await page.goto('pets/new');
  await page.getByRole('button', { name: 'Add pet' }).click();
  await shoot(page, 'categories-add-pet-errors');
  await page.getByLabel('Category', { exact: true }).selectOption('Other ID…');
  await shoot(page, 'categories-add-pet-other-id');
});

test('the screens of a pet sent from a form left before its answer, for a person to look at', async ({ page }) => {
  test.setTimeout(120_000);
  // The service adds each pet at once; the browser reads its answer only once released.
  let release = () => {};
  const hold = () =>
    page.route(`${SPEC_SERVICE.apiBaseUrl}/pets`, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const released = new Promise<void>((resolve) => (release = resolve));
      const response = await route.fetch();
      await released;
      await route.fulfill({ response }).catch(() => undefined);
    });
  const send = async (name: string) => {
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Category ID').fill('4');
    await page.getByRole('button', { name: 'Add pet' }).click();
    await expect(page.getByRole('button', { name: 'Adding…' })).toBeVisible();
  };
  await signIn(page, { path: `${SPEC_SERVICE.appUrl}pets/new`, service: SPEC_SERVICE });
  await hold();

  await send('Biscuit the very long-named cocker spaniel');
  await page.getByRole('link', { name: 'Messages' }).click();
  await page.getByRole('link', { name: 'Add pet' }).first().click();
  await expect(page.getByText(/still on its way/)).toBeVisible();
  await shoot(page, 'add-pet-waiting-for-left');
  await page.getByRole('link', { name: 'Messages' }).click();
  release();
  await expect(page.getByText(/was added to/)).toBeVisible();
  await shoot(page, 'messages-left-added');

  await page.getByRole('link', { name: 'Add pet' }).first().click();
  await page.unrouteAll({ behavior: 'wait' });
  await page.route(`${SPEC_SERVICE.apiBaseUrl}/pets`, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const released = new Promise<void>((resolve) => (release = resolve));
    await released;
    await route.fulfill({
      status: 400,
      json: { code: 'invalid_name', message: 'The field "name" must not hold control characters.', status: 400 },
    });
  });
  await send('Marmalade');
  await page.getByRole('link', { name: 'Pets' }).click();
  release();
  await expect(page.getByText(/was not added/)).toBeVisible();
  await shoot(page, 'pets-left-refused');

  await page.getByRole('link', { name: 'Open the form' }).click();
  await page.unrouteAll({ behavior: 'wait' });
  await hold();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await page.getByRole('button', { name: 'Add pet' }).click();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  release();
  await expect(page.getByText(/no answer was read here/)).toBeVisible();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await shoot(page, 'add-pet-reloaded-mid-send');
});
