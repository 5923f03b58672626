// The build as nginx serves it with deploy/nginx.conf: only the standard index.html fallback,
// precompressed files, cache rules and security headers, at a sub-path and at the root.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startNginx } from '../scripts/nginx.ts';
import {
  APP_URL,
  createPetViaApi,
  ENVIRONMENT,
  expect,
  ROOT_APP_URL,
  SHARED_ROOT_ORIGIN,
  test,
  uniqueName,
} from './support.ts';

const BASES = [
  ['/admin/', APP_URL],
  ['/', ROOT_APP_URL],
] as const;

/** Every file the page asked for under assets/ came back as itself: never index.html, never a 404. */
function watchAssets(page: Page) {
  const bad: string[] = [];
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.includes('/assets/')) return;
    const type = response.headers()['content-type'] ?? '';
    if (response.status() !== 200 || type.startsWith('text/html'))
      bad.push(`${response.status()} ${type} ${response.url()}`);
  });
  return bad;
}

async function signInAt(page: Page, appUrl: string) {
  await page.goto(`${appUrl}sign-in`);
  await page.getByLabel('Environment').selectOption(ENVIRONMENT);
  await page.getByLabel('API key', { exact: true }).fill('e2e-key');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Pets', exact: true })).toBeVisible();
}

for (const [base, appUrl] of BASES) {
  test.describe(`deployed at ${base}`, () => {
    test('every client route opens from a pasted link and survives a reload', async ({ page, request }) => {
      const pet = await createPetViaApi(request, { name: uniqueName('Pasted'), status: 'sold' });
      const bigId = 9007199254740993n;
      await page.route(`**/v1/pets/${bigId}`, (route) =>
        route.fulfill({
          contentType: 'application/json',
          headers: { 'access-control-allow-origin': new URL(appUrl).origin },
          body: `{"id":${bigId},"name":"Big Id Dog","categoryId":${bigId},"status":"pending"}`,
        }),
      );
      const badAssets = watchAssets(page);
      await signInAt(page, appUrl);

      const routes: [string, () => Promise<void>][] = [
        [
          'pets?status=sold&limit=50',
          async () => {
            await expect(page.getByLabel('Status')).toHaveValue('sold');
            await expect(page.getByLabel('Rows per page')).toHaveValue('50');
            await expect(page.getByRole('table').getByRole('row').filter({ hasText: pet.name })).toBeVisible();
          },
        ],
        ['pets/new', () => expect(page.getByRole('heading', { name: 'Add a pet' })).toBeVisible()],
        [`pets/${pet.id}`, () => expect(page.getByRole('heading', { name: pet.name })).toBeVisible()],
        [
          `pets/${bigId}`,
          async () => {
            await expect(page.getByRole('heading', { name: 'Big Id Dog' })).toBeVisible();
            await expect(page.getByRole('definition').first()).toHaveText(String(bigId));
          },
        ],
        ['messages', () => expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible()],
        ['no/such/page', () => expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()],
      ];
      for (const [path, check] of routes) {
        await page.goto(`${appUrl}${path}`);
        await check();
        await page.reload();
        await check();
        expect(page.url()).toBe(`${appUrl}${path}`);
      }
      expect(badAssets).toEqual([]);
    });

    test('a pasted link cut inside a %-escape opens the app, which says what it cannot find', async ({ page }) => {
      await signInAt(page, appUrl);
      // nginx cannot decode these, and answers 400: with the app, not its own bare page.
      for (const [path, heading] of [
        ['pets/%E2%8', 'Pet not found'],
        ['no/such%ZZpage', 'Page not found'],
      ]) {
        const response = await page.goto(`${appUrl}${path}`);
        expect(response?.status(), path).toBe(400);
        // Still not to be kept, and under the page's policy.
        const headers = response!.headers();
        expect(headers['cache-control'], path).toBe('no-cache');
        expect(headers['content-security-policy'], path).toContain("script-src 'self'");
        await expect(page.getByRole('heading', { name: heading })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Pets', exact: true })).toBeVisible();
      }
    });

    test('a link to sign-in with next opens there and leads on after signing in, reload included', async ({ page }) => {
      await page.goto(`${appUrl}sign-in?next=${encodeURIComponent('/pets?status=pending')}`);
      await page.reload();
      await expect(page.getByLabel('API key', { exact: true })).toBeVisible();
      await page.getByLabel('Environment').selectOption(ENVIRONMENT);
      await page.getByLabel('API key', { exact: true }).fill('e2e-key');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(`${appUrl}pets?status=pending`);
      await expect(page.getByLabel('Status')).toHaveValue('pending');
    });

    test('a missing asset is a plain 404, never index.html; source maps and the manifest are not served', async ({
      request,
    }) => {
      for (const path of ['assets/gone-1234abcd.js', 'assets/gone.css', 'assets/start.js.map', '.vite/manifest.json']) {
        const response = await request.get(`${appUrl}${path}`);
        expect(response.status(), path).toBe(404);
        expect(response.headers()['content-type'], path).toContain('text/plain');
        expect(await response.text(), path).not.toContain('<');
      }
    });
  });
}

test('at a sub-path, nothing else of the web root is served', async ({ request }) => {
  const site = await startNginx({ base: '/admin/', port: Number(new URL(SHARED_ROOT_ORIGIN).port) });
  try {
    writeFileSync(join(site.siteDir, '..', 'backup.sql'), 'secret');
    for (const path of ['/backup.sql', '/']) {
      const response = await request.get(`${SHARED_ROOT_ORIGIN}${path}`);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toBe('Not found\n');
    }
    const redirect = await request.get(`${SHARED_ROOT_ORIGIN}/admin`, { maxRedirects: 0 });
    expect(redirect.headers()['location']).toBe('/admin/');
    expect((await request.get(`${SHARED_ROOT_ORIGIN}/admin/pets/1`)).headers()['content-type']).toContain('text/html');
  } finally {
    await site.stop();
  }
});

test.describe('what nginx sends', () => {
  test('the base without its slash redirects to the base by a relative address', async ({ request }) => {
    const response = await request.get(APP_URL.slice(0, -1), { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    // Behind a TLS proxy or a CDN, nginx's own scheme and port are not the ones the browser used.
    expect(response.headers()['location']).toBe(new URL(APP_URL).pathname);
  });

  test('each kind of file precompressed, with its cache rule and the security headers', async ({ page, request }) => {
    await page.goto('sign-in');
    // The page's own files, as its HTML names them: the icon's response may come after the page is up.
    const asset = async (selector: string, attribute: 'src' | 'href') => {
      const address = await page.locator(selector).first().getAttribute(attribute);
      expect(address, selector).toBeTruthy();
      return new URL(address!, page.url()).href;
    };
    const cases = [
      [APP_URL, 'text/html', 'no-cache', true],
      [`${APP_URL}pets/42`, 'text/html', 'no-cache', true],
      [`${APP_URL}config.json`, 'application/json', 'no-cache', false],
      [
        await asset('script[type="module"]', 'src'),
        'application/javascript',
        'public, max-age=31536000, immutable',
        true,
      ],
      [await asset('link[rel="stylesheet"]', 'href'), 'text/css', 'public, max-age=31536000, immutable', true],
      [await asset('link[rel="icon"]', 'href'), 'image/svg+xml', 'public, max-age=31536000, immutable', true],
    ] as const;
    for (const [url, type, cacheControl, compressed] of cases) {
      for (const encoding of ['br', 'gzip'] as const) {
        const response = await request.get(url, { headers: { 'accept-encoding': encoding } });
        const headers = response.headers();
        expect(response.status(), url).toBe(200);
        expect(headers['content-type'], url).toContain(type);
        expect(headers['cache-control'], url).toBe(cacheControl);
        // config.json is replaced per deployment, so it has no precompressed copy to go stale.
        expect(headers['content-encoding'], `${url} ${encoding}`).toBe(compressed ? encoding : undefined);
        expect(headers['x-content-type-options'], url).toBe('nosniff');
        expect(headers['referrer-policy'], url).toBe('no-referrer');
        const csp = headers['content-security-policy'] ?? '';
        expect(csp, url).toContain("script-src 'self'");
        expect(csp, url).toContain("frame-ancestors 'none'");
        // connect-src names the service origins of config.json, and nothing else.
        expect(csp, url).toContain(
          "connect-src 'self' http://127.0.0.1:4110 http://127.0.0.1:4111 http://127.0.0.1:4119;",
        );
      }
    }
  });
});
