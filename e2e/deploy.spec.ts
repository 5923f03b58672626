import { APP_URL, expect, expectNoAxeViolations, openSignedIn, signIn, test } from './support.ts';

test.describe('deployed as static files', () => {
  test('runs under the strict CSP with no violation, at a sub-path, from a deep link', async ({ page, request }) => {
    const response = await request.get(`${APP_URL}pets/1`);
    expect(response.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers()['content-security-policy']).toContain("style-src 'self'");
    expect(response.headers()['cache-control']).toBe('no-cache');
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI}`,
        ),
      ),
    );
    // Signed out first: the sign-in screen, its key check, then the signed-in code it brings in.
    await signIn(page, { path: 'pets/new' });
    await expect(page.getByRole('heading', { name: 'Add a pet' })).toBeVisible();
    await page.getByRole('link', { name: 'Pets', exact: true }).click();
    await expect(page.getByRole('table')).toBeVisible();
    // Then a page that starts signed in, which asks for that code before the first paint.
    await page.reload();
    await expect(page.getByRole('table')).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('caches hashed assets for good and revalidates index.html and config.json', async ({ request, page }) => {
    await page.goto('sign-in');
    const script = await page.locator('script[type=module]').last().getAttribute('src');
    const asset = await request.get(new URL(script!, APP_URL).toString());
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await request.get(`${APP_URL}config.json`)).headers()['cache-control']).toBe('no-cache');
    expect((await request.get(APP_URL)).headers()['cache-control']).toBe('no-cache');
  });

  for (const [problem, fulfil] of [
    ['missing', { status: 404, body: 'Not found' }],
    ['not JSON', { status: 200, contentType: 'application/json', body: '{"environments": [' }],
    ['without environments', { status: 200, json: { environments: [] } }],
    [
      'with a bad address',
      { status: 200, json: { environments: [{ name: 'X', apiBaseUrl: 'ftp://x', messagesBaseUrl: 'http://m' }] } },
    ],
  ] as const) {
    test(`explains a config.json ${problem} on a full page, and starts once it is fixed`, async ({ page }) => {
      await page.route('**/config.json', (route) => route.fulfill(fulfil));
      await page.goto('');
      await expect(page.getByRole('heading', { name: 'Petstore Admin cannot start' })).toBeVisible();
      await expect(page.getByRole('alert')).toContainText('config.json');
      await expectNoAxeViolations(page);
      // As it says: once the file is fixed, reloading the page starts the app.
      await page.unroute('**/config.json');
      await page.reload();
      // The sign-in screen's first paint comes with index.html: the app, once it has read the file.
      await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
      await expect(page.getByLabel('API key', { exact: true })).toBeVisible();
    });
  }

  test('hides the environment choice when the config lists only one', async ({ page }) => {
    await page.route('**/config.json', (route) =>
      route.fulfill({
        json: {
          environments: [
            { name: 'Production', apiBaseUrl: 'http://127.0.0.1:4110/v1', messagesBaseUrl: 'http://127.0.0.1:4111' },
          ],
        },
      }),
    );
    await page.goto('sign-in');
    await expect(page.getByLabel('API key', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Environment')).toHaveCount(0);
    await page.getByLabel('API key', { exact: true }).fill('e2e-key');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('banner')).toContainText('Production');
  });

  test('shows a page-not-found for an unknown client route', async ({ page }) => {
    await openSignedIn(page, { path: 'no/such/page' });
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('can be used by keyboard alone, from the skip link to signing out', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('table')).toBeVisible();
    // Signed in, the page's heading has the focus; a page load starts from the top, the skip link first.
    await expect(page.getByRole('heading', { name: 'Pets', exact: true })).toBeFocused();
    await page.reload();
    await expect(page.getByRole('table')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Add pet' }).last()).toBeFocused();
    await page.getByRole('link', { name: 'Add pet', exact: true }).first().focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Add a pet' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Name')).toBeFocused();
    await page.getByRole('button', { name: 'Sign out' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sign-in/);
  });
});
