import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  API_KEY,
  createPetViaApi,
  describedOnFocus,
  ENVIRONMENT,
  expect,
  expectNoAxeViolations,
  goOffline,
  goOnline,
  pageTime,
  signIn,
  test,
  untilVisible,
} from './support.ts';

test.describe('sign-in', () => {
  test('opens on the sign-in screen, which passes an accessibility scan', async ({ page }) => {
    await page.goto('');
    await expect(page).toHaveURL(/\/admin\/sign-in/);
    await expect(page.getByRole('heading', { name: 'Petstore Admin' })).toBeVisible();
    await expect(page.getByLabel('API key', { exact: true })).toHaveAttribute('type', 'password');
    await expectNoAxeViolations(page);
    // It fits the window, at a desk and on a phone: nothing to scroll, not even by a pixel.
    const below = () => page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
    expect(await below()).toBe(0);
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await below()).toBe(0);
  });

  test('asks for a key before sending anything', async ({ page }) => {
    let requests = 0;
    page.on('request', (request) => (request.url().includes('/v1/') ? requests++ : undefined));
    await page.goto('sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter your API key.')).toBeVisible();
    await expect(page.getByLabel('API key', { exact: true })).toBeFocused();
    await expect(page.getByLabel('API key', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toBe(0);
  });

  test('what was said of the key field is not left for the screen signed in to', async ({ page }) => {
    // Said for a few seconds: the page's clock runs only as the test moves it, less than that.
    await page.clock.install();
    await page.goto('sign-in');
    await page.clock.pauseAt((await pageTime(page)) + 1_000);
    const key = page.getByLabel('API key', { exact: true });
    await key.press('Enter');
    const said = await pageTime(page);
    await expect(page.getByRole('status').filter({ hasText: 'Enter your API key.' })).toHaveCount(1);
    await key.fill(API_KEY);
    await key.press('Enter');
    await untilVisible(page, page.getByRole('heading', { name: 'Pets', level: 1 }), { step: 100 });
    expect((await pageTime(page)) - said).toBeLessThan(4_000);
    await expect(page.getByText('Enter your API key.')).toHaveCount(0);
  });

  test('names what a copied key picked up, sends nothing, and keeps the key for mending', async ({ page }) => {
    let requests = 0;
    page.on('request', (request) => (request.url().includes('/v1/') ? requests++ : undefined));
    await page.goto('sign-in');
    await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
    const key = page.getByLabel('API key', { exact: true });
    // Typographic quotes, as a document or a chat puts them around a key.
    await key.fill(`“${API_KEY}”`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('The key holds the character “ (U+201C), which no API key can')).toBeVisible();
    await expect(key).toBeFocused();
    await expect(key).toHaveValue(`“${API_KEY}”`);
    expect(requests).toBe(0);

    // The header's whole value, copied from a request, is the key with its scheme.
    await key.fill(`Bearer ${API_KEY}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Pets', level: 1 })).toBeVisible();
  });

  test('can reveal the key being typed', async ({ page }) => {
    await page.goto('sign-in');
    const key = page.getByLabel('API key', { exact: true });
    await key.fill('secret');
    // The button works once the app runs; the key typed before is kept (see 'a key sent before the
    // app has started').
    await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
    await page.getByRole('button', { name: 'Show key' }).click();
    await expect(key).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide key' }).click();
    await expect(key).toHaveAttribute('type', 'password');
  });

  /** When the first paint was shown, and when the page asked for the app's code and config.json. */
  async function loadTimes(page: Page) {
    await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
    // The app can be ready before its first paint is reported: a loaded machine showed it.
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
    return page.evaluate(() => {
      const asked = (name: RegExp) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => name.test(new URL(entry.name).pathname))
          .map((entry) => entry.startTime);
      return {
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        code: asked(/\/assets\/index-[^/]+\.js$/),
        config: asked(/\/config\.json$/),
      };
    });
  }

  test('signed out, asks for the code and config.json with the page, not after its first paint', async ({ page }) => {
    await page.goto('sign-in');
    const times = await loadTimes(page);
    expect(times.code).toHaveLength(1);
    expect(times.config).toHaveLength(1);
    expect(times.code[0]).toBeLessThan(times.paint);
    expect(times.config[0]).toBeLessThan(times.paint);
  });

  test('signed in, a reload asks for the code and config.json at once, before its first paint', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Pets', exact: true })).toBeVisible();
    await page.reload();
    const times = await loadTimes(page);
    await expect(page.getByRole('heading', { name: 'Pets', exact: true })).toBeVisible();
    expect(times.code).toHaveLength(1);
    expect(times.config).toHaveLength(1);
    expect(times.code[0]).toBeLessThan(times.paint);
    expect(times.config[0]).toBeLessThan(times.paint);
  });

  /**
   * Holds the app's code back until the returned function is called: the prerendered screen is up.
   * The page's load event waits for the code, so the tests go to the page without waiting for it.
   */
  async function holdTheCode(page: Page) {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/index-*.js', async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  test('a key sent before the app has started is sent once it has, and kept', async ({ page }) => {
    // One environment: the prerendered screen shows all there is to choose.
    const config = JSON.parse(readFileSync('e2e/fixtures/config.json', 'utf8')) as { environments: unknown[] };
    await page.route('**/config.json', (route) =>
      route.fulfill({ json: { ...config, environments: config.environments.slice(0, 1) } }),
    );
    const release = await holdTheCode(page);
    await page.goto('sign-in', { waitUntil: 'commit' });
    const key = page.getByLabel('API key', { exact: true });
    await expect(key).toBeFocused();
    await page.keyboard.type('wrong-key');
    await page.keyboard.press('Enter');
    expect(await page.locator('html').getAttribute('data-app')).toBeNull();
    release();
    await expect(key).toHaveAccessibleDescription(/not accepted/);
    await expect(key).toHaveValue('wrong-key');
  });

  test('Enter with no key before the app has started asks for the key once it has', async ({ page }) => {
    const release = await holdTheCode(page);
    await page.goto('sign-in', { waitUntil: 'commit' });
    const key = page.getByLabel('API key', { exact: true });
    await expect(key).toBeFocused();
    await page.keyboard.press('Enter');
    release();
    await expect(page.getByRole('main').getByText('Enter your API key.')).toBeVisible();
    await expect(key).toBeFocused();
    await expect(key).toHaveAttribute('aria-invalid', 'true');
  });

  test('with a choice of environments, a key sent before the app has started waits for the choice', async ({
    page,
  }) => {
    const release = await holdTheCode(page);
    let asked = 0;
    page.on('request', (request) => {
      if (request.url().includes('/pets')) asked++;
    });
    await page.goto('sign-in', { waitUntil: 'commit' });
    await expect(page.getByLabel('API key', { exact: true })).toBeFocused();
    await page.keyboard.type(API_KEY);
    await page.keyboard.press('Enter');
    release();
    const choice = page.getByLabel('Environment');
    await expect(choice).toBeFocused();
    await expect(page.getByLabel('API key', { exact: true })).toHaveValue(API_KEY);
    expect(asked).toBe(0);
    await choice.selectOption(ENVIRONMENT);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/pets/);
  });

  test('says when the key is not accepted, and keeps it for correcting or typing over', async ({ page }) => {
    await signIn(page, { key: 'wrong-key' });
    const field = page.getByLabel('API key', { exact: true });
    // Said at the field, and read out with it.
    await expect(page.getByText('This API key was not accepted')).toBeVisible();
    await expect(field).toHaveAccessibleDescription(/^This API key was not accepted/);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveValue('wrong-key');
    await expect(page).toHaveURL(/sign-in/);
    // Selected in the field: an arrow key keeps it to correct, a key typed replaces it.
    await expect(field).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await expect(field).toHaveValue('wrong-ke');
    // Corrected, not yet sent: the field no longer says it is wrong.
    await expect(field).not.toHaveAttribute('aria-invalid');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(field).toHaveAccessibleDescription(/^This API key was not accepted/);
    await page.keyboard.type(API_KEY);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/pets/);
  });

  for (const [what, key, error] of [
    ['refused', 'wrong-key', 'This API key was not accepted'],
    ['left out', '', 'Enter your API key.'],
  ] as const) {
    test(`a key ${what}, after a click on Sign in, is read out with the field the focus moves to`, async ({ page }) => {
      await page.goto('sign-in');
      const field = page.getByLabel('API key', { exact: true });
      await field.fill(key);
      const described = await describedOnFocus(field);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(field).toBeFocused();
      expect(await described()).toContain(error);
    });
  }

  test('a key one environment refused is not said to be refused by the next one chosen', async ({ page }) => {
    await signIn(page, { key: 'wrong-key' });
    const field = page.getByLabel('API key', { exact: true });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    const choice = page.getByLabel('Environment');
    const chosen = await choice.inputValue();
    const other = (await choice.locator('option').allTextContents()).find((name) => name !== chosen)!;
    await choice.selectOption(other);
    await expect(page.getByText('This API key was not accepted')).toHaveCount(0);
    await expect(field).not.toHaveAttribute('aria-invalid');
    await expect(field).toHaveValue('wrong-key');
  });

  test('says when the service cannot be reached, in other words than a bad key, and what setup may cause it', async ({
    page,
  }) => {
    await page.goto('sign-in');
    await page.getByLabel('Environment').selectOption('Staging (offline)');
    await page.getByLabel('API key', { exact: true }).fill(API_KEY);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText("can't be reached");
    await expect(page.getByRole('alert')).not.toContainText('not accepted');
    // A service whose CORS leaves this page out fails just so: the words name that setup too.
    await expect(page.getByRole('alert')).toContainText(
      `the service may not allow this page's address (${new URL(page.url()).origin}) in its CORS setup`,
    );
    // The key the service never checked is kept as it is, not selected: a key typed by mistake
    // does not replace it.
    const field = page.getByLabel('API key', { exact: true });
    await expect(field).toBeFocused();
    await page.keyboard.type('!');
    await expect(field).toHaveValue(`${API_KEY}!`);
  });

  test(
    'offline, says so, not the service nor its setup, and signs in once back online',
    { tag: '@spec' },
    async ({ page, context, service }) => {
      await page.goto('sign-in');
      await page.getByLabel('Environment').selectOption(service.environment);
      const field = page.getByLabel('API key', { exact: true });
      await field.fill(API_KEY);
      await goOffline(page, context);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        `This device is offline, so ${service.environment} could not check the key. Try again once it is back online.`,
      );
      await expect(field).toBeFocused();
      await expect(field).toHaveValue(API_KEY);
      // What it says helps: once online, the same key, sent again, signs in.
      await goOnline(page, context);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('heading', { name: 'Pets', exact: true })).toBeVisible();
    },
  );

  test('too many tries (a 429): says to wait, and keeps the key', async ({ page }) => {
    await page.route('**/v1/pets?limit=1', (route) =>
      route.fulfill({
        status: 429,
        json: { code: 'too_many_requests', message: 'Too many requests with a wrong API key.', status: 429 },
      }),
    );
    await signIn(page);
    await expect(page.getByRole('alert')).toContainText('is not checking keys for now: too many tries. Wait a minute');
    await expect(page.getByRole('alert')).not.toContainText(/not accepted|does not understand/);
    await expect(page.getByLabel('API key', { exact: true })).toHaveValue(API_KEY);
    // What it says helps: once the service checks keys again, the same key, sent again, signs in.
    await page.unroute('**/v1/pets?limit=1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Pets', exact: true })).toBeVisible();
  });

  test('says a 5xx is the service failing, to wait out, not a bad key nor an unreachable service', async ({ page }) => {
    await page.route('**/v1/pets?limit=1', (route) => route.fulfill({ status: 503, body: '<html>down</html>' }));
    await signIn(page);
    await expect(page.getByRole('alert')).toContainText(
      'failed (HTTP 503), so the key could not be checked. Wait a moment and try again.',
    );
    await expect(page.getByLabel('API key', { exact: true })).toHaveValue(API_KEY);
    await page.unroute('**/v1/pets?limit=1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Pets', exact: true })).toBeVisible();
  });

  test(
    'signs in with a real call, shows the environment, and keeps the key out of URLs and the console',
    { tag: '@core' },
    async ({ page, consoleMessages, service }) => {
      const urls: string[] = [];
      page.on('request', (request) => urls.push(request.url()));
      await signIn(page, { service });
      // The focus the form had goes to the page's heading, not to the document's body.
      await expect(page.getByRole('heading', { name: 'Pets', exact: true })).toBeFocused();
      await expect(page.getByRole('banner')).toContainText(service.environment);
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
        'Pets',
        'Add pet',
        'Messages',
      ]);
      expect(urls.some((url) => url.includes(API_KEY))).toBe(false);
      expect(consoleMessages.some((message) => message.includes(API_KEY))).toBe(false);
      expect(urls).toContain(`${service.apiBaseUrl}/pets?limit=1`);
      const stored = await page.evaluate(() => ({ session: { ...sessionStorage }, local: { ...localStorage } }));
      expect(JSON.stringify(stored.session)).toContain(API_KEY);
      expect(JSON.stringify(stored.local)).not.toContain(API_KEY);
    },
  );

  test('keeps the session across a reload but not into a new tab session', async ({ page, browser }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Pets', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Pets', exact: true })).toBeVisible();
    const other = await browser.newPage();
    await other.goto(page.url());
    await expect(other).toHaveURL(/sign-in/);
    await other.close();
  });

  test('sign out clears the key and the pets, and Back shows no pet data', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('table')).toBeVisible();
    await page.getByRole('table').getByRole('link').nth(1).click();
    await expect(page).toHaveURL(/\/pets\/\d+$/);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/sign-in/);
    await expect(page.getByRole('main').getByText('You have signed out.')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You have signed out.' })).toHaveCount(1);
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
    await page.goBack();
    await expect(page).toHaveURL(/sign-in/);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('cell')).toHaveCount(0);
  });

  test('a deep link opened signed out leads to sign-in, then back to it', async ({ page, request }) => {
    const pet = await createPetViaApi(request, { name: 'Deep Link Dog', categoryId: 4n });
    await signIn(page, { path: `pets/${pet.id}` });
    await expect(page).toHaveURL(new RegExp(`/admin/pets/${pet.id}$`));
    await expect(page.getByRole('heading', { name: 'Deep Link Dog' })).toBeVisible();
  });

  for (const next of [
    '%2F%09%2Fevil.example',
    '%2F%2Fevil.example',
    '%2F%5Cevil.example',
    'https%3A%2F%2Fevil.example',
  ]) {
    test(`refuses next=${next} and leads to the list instead, reload included`, async ({ page }) => {
      await page.goto(`sign-in?next=${next}`);
      await page.reload();
      await page.getByLabel('Environment').selectOption(ENVIRONMENT);
      await page.getByLabel('API key', { exact: true }).fill(API_KEY);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('heading', { name: 'Pets', exact: true })).toBeVisible();
      expect(new URL(page.url()).origin).toBe('http://127.0.0.1:4180');
      await expect(page).toHaveURL(/\/admin\/pets$/);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Pets', exact: true })).toBeVisible();
    });
  }
});
